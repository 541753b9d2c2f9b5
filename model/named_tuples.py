"""Named tuples made without :mod:`typing`'s checks: :func:`named_tuple`, the class
``class Name(typing.NamedTuple)`` makes, for the records every command loads."""
from __future__ import annotations

from collections import namedtuple
from typing import Any, NamedTuple

__all__ = ["named_tuple"]

_NOT_COPIED = frozenset({"__module__", "__name__", "__annotations__", "__dict__", "__weakref__"})
_REFUSED = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults",
                      "_make", "_replace", "_asdict", "_source"})


def named_tuple(cls: type) -> Any:
    """Make of the class body ``cls`` (annotated fields, defaults, methods, docstring) the class
    ``class Name(typing.NamedTuple)`` makes of it: a :func:`collections.namedtuple` with the same
    fields, defaults, methods, ``__annotations__`` and ``__qualname__``.

    typing checks each annotation, and with ``from __future__ import annotations`` each is a text
    that it compiles; a process's first :func:`compile` builds Python's syntax-tree types (about
    10 million instructions: 1 % of a one-game replay, 3 % of a one-case adjudication, issue 23).
    The annotations are kept as written.

    Raises:
        TypeError: a field without default after one with (as typing says it).
        AttributeError: the body defines an attribute a named tuple cannot take (as typing says it).
    """
    annotations = dict(cls.__dict__.get("__annotations__", {}))
    defaulted: list[str] = []
    for name in annotations:
        if name in cls.__dict__:
            defaulted.append(name)
        elif defaulted:
            raise TypeError(f"Non-default namedtuple field {name} cannot follow default field"
                            f"{'s' if len(defaulted) > 1 else ''} {', '.join(defaulted)}")
    made = namedtuple(cls.__name__, annotations, defaults=[cls.__dict__[n] for n in defaulted],  # type: ignore[misc]
                      module=cls.__module__)
    made.__annotations__ = made.__new__.__annotations__ = annotations
    for key, value in cls.__dict__.items():
        if key in _REFUSED:
            raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
        if key not in _NOT_COPIED and key not in annotations and not (key == "__doc__" and value is None):
            setattr(made, key, value)
    made.__qualname__ = cls.__qualname__
    made.__orig_bases__ = (NamedTuple,)
    return made
