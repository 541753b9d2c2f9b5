"""``dipsat serve``: the judge, the API, the games and the pages over HTTP (``docs/serve.md``)."""
from __future__ import annotations

import argparse

from dipsat.model.errors import UsageError


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register the command."""
    p = sub.add_parser("serve", help="serve a godip-compatible judge, dipsat's API, games (SQLite) and the "
                                     "sandbox and game pages over HTTP")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", default="dipsat.sqlite", metavar="FILE",
                   help="the SQLite file of the games, created on first use (default dipsat.sqlite)")
    p.add_argument("--cors", default="*", metavar="ORIGINS",
                   help="origins allowed by CORS: * (default, as godip's server) or a comma-separated list")
    p.add_argument("--max-body", type=int, default=1 << 20, metavar="BYTES",
                   help="largest request body accepted (default 1 MiB)")
    return p


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    try:
        import uvicorn

        from dipsat.serve.app import create_app
    except ImportError as exc:
        raise UsageError(f"dipsat serve needs FastAPI and uvicorn ({exc.name} is missing): "
                         "pip install 'dipsat[serve]'") from None
    if not 0 < args.port < 65536:
        raise UsageError(f"--port {args.port}: give a port from 1 to 65535")
    app = create_app(args.db, args.cors, args.max_body)
    app.state.store.check()  # a file this dipsat cannot use is refused now (exit 2), not at the first request
    uvicorn.run(app, host=args.host, port=args.port, log_level="info")
    return 0
