"""Tables made once per map and kept while it is in use: :func:`per_map`."""
from __future__ import annotations

from typing import Any, Callable, TypeVar

M = TypeVar("M")


def per_map(memo: dict[int, Any], gmap: Any, make: Callable[[Any], M], bound: int = 16) -> M:
    """What ``make(gmap)`` made for this very map lately (kept in ``memo`` by the map's identity; a
    made table holds its map as ``.gmap``, so a new map at a freed map's address is told apart); at
    most ``bound`` maps kept, then ``memo`` starts again."""
    hit = memo.get(id(gmap))
    if hit is None or hit.gmap is not gmap:
        if len(memo) >= bound:
            memo.clear()
        hit = memo[id(gmap)] = make(gmap)
    return hit  # type: ignore[no-any-return]
