"""The pages ``dipsat serve`` serves: plain HTML with a little JavaScript, no build step.

``/sandbox`` (a position and orders as a case file, the board drawn as it is typed, Adjudicate,
results with reasons, paradoxes and the decision graph; its state in the URL) and ``/games``
(create a game, hand out the links, order, adjudicate, read every phase with its map).
"""
from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse, Response

from dipsat.serve.errors import NotFound

router = APIRouter(tags=["pages"], include_in_schema=False)

PAGES = __import__("pathlib").Path(__file__).resolve().parent / "pages"
_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}


def _page(name: str) -> Response:
    path = PAGES / name
    if path.suffix not in _TYPES or not path.is_file() or path.parent != PAGES:
        raise NotFound(f"no page {name!r}")
    return FileResponse(path, media_type=_TYPES[path.suffix], headers={"cache-control": "no-cache"})


@router.get("/sandbox")
def sandbox() -> Response:
    """The sandbox."""
    return _page("sandbox.html")


@router.get("/games")
def games_page() -> Response:
    """Create a game."""
    return _page("games.html")


@router.get("/games/{game_id}")
def game_page(game_id: str) -> Response:
    """One game (the token, if any, travels in the URL's fragment: ``#token=...``)."""
    return _page("games.html")


@router.get("/static/{name}")
def static(name: str) -> Response:
    """The pages' scripts and style sheet."""
    return _page(name)
