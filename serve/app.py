"""The ASGI application of ``dipsat serve``: routes, CORS, body limit and error pages.

A user's mistake is an HTTP 400 (unreadable input), 404 (unknown variant, game or case) or 422
(a request FastAPI cannot validate) with the one-line message the command line gives
(:func:`dipsat.cli.errors.problem_of`), as ``{"error": {"file", "line", "message"}}``; anything
else is logged and answered 500 with no traceback in the response.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY_BYTES = 1 << 20
"""Largest request body accepted by default (1 MiB; ``dipsat serve --max-body``)."""
log = logging.getLogger("dipsat.serve")


class BodyLimit:
    """Refuse a request whose body is larger than ``limit`` bytes (413): at once when its declared
    length says so, else once that many bytes have arrived; the body is read (at most ``limit``
    bytes kept) before the application sees it."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = JSONResponse({"error": {"file": None, "line": None, "message":
                                           f"request body larger than {self.limit} bytes"}}, status_code=413)
        await response(scope, receive, send)


class Cors:
    """godip's CORS headers (``Access-Control-Allow-Origin/Methods/Headers``) on every response,
    and an empty 200 to every preflight ``OPTIONS`` request; ``origins`` ``*`` as godip, or a list."""

    def __init__(self, app: ASGIApp, origins: str) -> None:
        self.app = app
        self.origins = [o.strip() for o in origins.split(",") if o.strip()]

    def _allowed(self, scope: Scope) -> str | None:
        if "*" in self.origins:
            return "*"
        origin = dict(scope.get("headers") or []).get(b"origin", b"").decode("latin-1")
        return origin if origin in self.origins else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        allowed = self._allowed(scope)
        headers = [(b"access-control-allow-origin", allowed.encode()), (b"access-control-allow-methods", b"*"),
                   (b"access-control-allow-headers", b"*")] if allowed else []
        if scope["method"] == "OPTIONS":
            await Response(status_code=200, headers={k.decode(): v.decode() for k, v in headers})(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start" and headers:
                message["headers"] = [*message.get("headers", []), *headers]
            await send(message)

        await self.app(scope, receive, with_headers)


def error_json(exc: BaseException) -> dict[str, Any]:
    """``{"error": {"file", "line", "message"}}``: the command line's one-line message."""
    from dipsat.cli.errors import problem_of
    return {"error": problem_of(exc).json()}


def create_app(db: str | Path = "dipsat.sqlite", origins: str = "*", max_body: int = MAX_BODY_BYTES) -> Any:
    """The application: judge, API, games in the SQLite file ``db`` (created on first use), pages."""
    from dipsat.serve import api, games, judge, pages
    from dipsat.serve.store import Store

    app = FastAPI(title="dipsat serve", version="0.1.0",
                  description="A Diplomacy adjudicator on the network: a godip-compatible judge, dipsat's own "
                              "API, games kept in SQLite, a sandbox and game pages. See docs/serve.md.")
    app.state.store = Store(db)
    from dipsat.cli.errors import user_errors
    from dipsat.variants import UnknownVariantError

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(x) for x in first.get("loc", ()) if x != "body")
        return JSONResponse({"error": {"file": None, "line": None,
                                       "message": f"{where}: {first.get('msg', 'invalid request')}"}}, 422)

    for kind in user_errors():
        @app.exception_handler(kind)
        async def _user(request: Request, exc: Exception) -> JSONResponse:
            from dipsat.serve.errors import Conflict, Forbidden, NotFound
            status = (404 if isinstance(exc, (UnknownVariantError, NotFound)) else 403 if isinstance(exc, Forbidden)
                      else 409 if isinstance(exc, Conflict) else 400)
            return JSONResponse(error_json(exc), status_code=status)

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> JSONResponse:
        log.exception("dipsat serve: internal error on %s %s", request.method, request.url.path)
        return JSONResponse({"error": {"file": None, "line": None,
                                       "message": f"internal error ({type(exc).__name__}); it is logged"}}, 500)

    app.include_router(api.router)
    app.include_router(games.router)
    app.include_router(pages.router)
    app.include_router(judge.router)
    app.add_middleware(BodyLimit, limit=max_body)
    app.add_middleware(Cors, origins=origins)
    return app
