"""A live ``dipsat serve`` for tests: uvicorn on 127.0.0.1 (a free port), in a thread of the test."""
from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def live_server(db: Path) -> Iterator[str]:
    """Serve the app on 127.0.0.1 only; yield its base URL; stop it after."""
    import uvicorn

    from dipsat.serve.app import create_app

    config = uvicorn.Config(create_app(db), host="127.0.0.1", port=0, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
