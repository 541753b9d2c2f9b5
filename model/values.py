"""Frozen dataclasses made cheaply: :func:`value_class`, for the value types every command loads.

``@dataclass(frozen=True, slots=True)`` writes six methods per class as source text and compiles
each one (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``):
about 0.4 ms per class, and a command's start-up creates some ninety classes (issue 23: a third of
a one-game replay's start-up). :func:`value_class` makes the same class, a real dataclass
(:func:`dataclasses.fields`, :func:`~dataclasses.replace`, :func:`~dataclasses.asdict`, pattern
matching, pickling all work as before), compiling only its ``__init__``; the other five are
closures over the class's field names, which behave as the written ones do (same ``repr``,
equality, hash values, ``FrozenInstanceError``). Its ``__init__`` fills a slotted class's slots
through their descriptors, which is also quicker per instance than ``object.__setattr__``.
``value_class(frozen=False)`` makes a mutable one the same way (a working record, no hash).
``tests/test_values.py`` checks each behaviour against a class made by :func:`dataclasses.dataclass`.
"""
from __future__ import annotations

from dataclasses import MISSING, FrozenInstanceError, dataclass, fields
from operator import attrgetter
from types import CodeType, FunctionType
from typing import Any, Callable, TypeVar

__all__ = ["value_class"]

T = TypeVar("T", bound=type)


def value_class(cls: T | None = None, /, *, eq: bool = True, slots: bool = True,
                kw_only: bool = False, frozen: bool = True) -> Any:
    """Make ``cls`` what ``@dataclass(frozen=frozen, slots=slots, eq=eq, kw_only=kw_only)`` makes.

    Use it bare (``@value_class``) or with options (``@value_class(eq=False)``); values are
    frozen unless ``frozen=False`` (a working record, filled in place). A class that inherits
    from another dataclass is handed to :func:`dataclasses.dataclass` as it is (the checks
    between frozen bases are its own).
    """
    def wrap(c: T) -> T:
        return _make(c, eq=eq, slots=slots, kw_only=kw_only, frozen=frozen)
    return wrap if cls is None else wrap(cls)


def _make(cls: T, *, eq: bool, slots: bool, kw_only: bool, frozen: bool) -> T:
    if any(hasattr(base, "__dataclass_fields__") for base in cls.__mro__[1:]):
        return dataclass(cls, frozen=frozen, slots=slots, eq=eq, kw_only=kw_only)  # type: ignore[call-overload,no-any-return]
    undocumented = not cls.__doc__
    # The dataclass machinery without any method written: fields, defaults, __match_args__, slots.
    cls = dataclass(cls, init=False, repr=False, eq=False, frozen=False, slots=slots, kw_only=kw_only)  # type: ignore[call-overload]
    flds = fields(cls)
    names = tuple(f.name for f in flds)
    _add_init(cls, flds, slots and (frozen or "__setattr__" not in cls.__dict__), frozen)
    _set(cls, "__repr__", _repr_fn(cls, tuple(f.name for f in flds if f.repr)))
    if eq:
        compared = tuple(f.name for f in flds if f.compare)
        key = _key_fn(compared)
        _set(cls, "__eq__", _eq_fn(cls, key))
        own_hash = cls.__dict__.get("__hash__", MISSING)
        if own_hash is MISSING or (own_hash is None and "__eq__" in cls.__dict__):
            if not frozen:  # a mutable value has no hash, as dataclass decides
                cls.__hash__ = None  # type: ignore[assignment]
            else:
                hashed = tuple(f.name for f in flds if (f.compare if f.hash is None else f.hash))
                cls.__hash__ = _hash_fn(cls, key if hashed == compared else _key_fn(hashed))  # type: ignore[method-assign]
    if frozen:
        for name, fn in (("__setattr__", _setattr_fn(cls, names)), ("__delattr__", _delattr_fn(cls, names))):
            if name in cls.__dict__:
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
            setattr(cls, name, fn)
    if slots and frozen:  # pickling: the default restores slots through setattr, which a frozen class refuses
        for name, fn in (("__getstate__", _getstate), ("__setstate__", _setstate)):
            if name not in cls.__dict__:
                setattr(cls, name, fn)
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    params.init, params.repr, params.eq, params.frozen = True, True, eq, frozen
    if undocumented:
        import inspect
        try:
            cls.__doc__ = cls.__name__ + str(inspect.signature(cls)).replace(" -> None", "")
        except (TypeError, ValueError):
            cls.__doc__ = cls.__name__
    return cls


def _set(cls: type, name: str, fn: Callable[..., Any]) -> None:
    """Give ``cls`` the method ``fn`` unless its body wrote its own (as dataclasses does)."""
    if name not in cls.__dict__:
        fn.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, fn)


def _add_init(cls: type, flds: tuple[Any, ...], slots: bool, frozen: bool) -> None:
    """Give ``cls`` its ``__init__``, with the fields' names as parameters.

    A frozen class's fields are filled through their slots' descriptors (or ``object.__setattr__``
    without slots); a mutable one's by assignment, as dataclass writes it. The usual class
    (slots, plain fields, no ``__post_init__``) shares the compiled code of every class with as
    many fields (:func:`_slot_init`); the others are compiled from their own text."""
    defaulted = False
    for f in flds:
        if f.init and not f.kw_only:
            if f.default is MISSING and f.default_factory is MISSING and defaulted:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
            defaulted = defaulted or f.default is not MISSING or f.default_factory is not MISSING
    if slots and not hasattr(cls, "__post_init__") and all(
            f.init and not f.kw_only and f.default_factory is MISSING and f.name != "self" for f in flds):
        init = _slot_init(cls, flds, frozen)
        init.__annotations__ = {**{f.name: f.type for f in flds}, "return": None}
        _set(cls, "__init__", init)
        return
    scope: dict[str, Any] = {"__value_missing__": _FACTORY, "__value_object_setattr__": object.__setattr__}
    self_name = "__value_self__" if "self" in (f.name for f in flds) else "self"
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for f in flds:
        if slots and frozen:
            scope[f"__value_set_{f.name}__"] = getattr(cls, f.name).__set__
            store = f"__value_set_{f.name}__({self_name}, {{}})"
        elif not frozen:
            store = f"{self_name}.{f.name} = {{}}"
        else:
            store = f"__value_object_setattr__({self_name}, {f.name!r}, {{}})"
        if f.default_factory is not MISSING:
            scope[f"__value_factory_{f.name}__"] = f.default_factory
        if not f.init:
            if f.default is not MISSING:
                scope[f"__value_default_{f.name}__"] = f.default
                body.append(store.format(f"__value_default_{f.name}__"))
            elif f.default_factory is not MISSING:
                body.append(store.format(f"__value_factory_{f.name}__()"))
            continue
        if f.default is not MISSING:
            scope[f"__value_default_{f.name}__"] = f.default
            param = f"{f.name}=__value_default_{f.name}__"
        elif f.default_factory is not MISSING:
            param = f"{f.name}=__value_missing__"
            body.append(f"if {f.name} is __value_missing__: {f.name} = __value_factory_{f.name}__()")
        else:
            param = f.name
        (keyword if f.kw_only else positional).append(param)
        body.append(store.format(f.name))
    if hasattr(cls, "__post_init__"):
        body.append(f"{self_name}.__post_init__()")
    params = [self_name, *positional, *(["*", *keyword] if keyword else [])]
    text = (f"def __init__({', '.join(params)}):\n" + "".join(f" {line}\n" for line in body or ["pass"]))
    exec(text, scope)  # noqa: S102 (what dataclasses does, once per class instead of six times)
    init = scope["__init__"]
    init.__annotations__ = {**{f.name: f.type for f in flds if f.init}, "return": None}
    _set(cls, "__init__", init)


_SLOT_INIT_CODE: dict[tuple[int, bool], CodeType] = {}
"""(fields, frozen) -> the code of ``def __init__(self, a0, a1...): _s0(self, a0); _s1(self, a1)...``
(frozen) or ``self._f0 = a0; self._f1 = a1...`` (mutable)."""


def _slot_init(cls: type, flds: tuple[Any, ...], frozen: bool = True) -> FunctionType:
    """An ``__init__`` made from the shared code for ``len(flds)`` fields, its parameters renamed
    to the fields' names (no compiling). A frozen class's ``_s0``, ``_s1``... are bound to the
    fields' slot setters; a mutable one's attribute names are renamed to the fields' (a plain
    store into a slot is about three times quicker than a call of its setter: a working record
    such as a legality verdict is made for every order)."""
    n = len(flds)
    code = _SLOT_INIT_CODE.get((n, frozen))
    if code is None:
        params = "".join(f", a{i}" for i in range(n))
        if frozen:
            body = "".join(f" _s{i}(self, a{i})\n" for i in range(n)) or " pass\n"
        else:
            body = "".join(f" self._f{i} = a{i}\n" for i in range(n)) or " pass\n"
        scope: dict[str, Any] = {}
        exec(f"def __init__(self{params}):\n{body}", scope)  # noqa: S102 (once per number of fields)
        code = _SLOT_INIT_CODE[n, frozen] = scope["__init__"].__code__
    names = tuple(f.name for f in flds)
    code = code.replace(co_varnames=("self", *names), co_qualname=f"{cls.__qualname__}.__init__")
    if not frozen:
        code = code.replace(co_names=names)
        return FunctionType(code, {"__builtins__": __builtins__}, "__init__",
                            tuple(f.default for f in flds if f.default is not MISSING) or None)
    setters: dict[str, Any] = {f"_s{i}": getattr(cls, name).__set__ for i, name in enumerate(names)}
    setters["__builtins__"] = __builtins__
    defaults = tuple(f.default for f in flds if f.default is not MISSING)
    return FunctionType(code, setters, "__init__", defaults or None)


class _Factory:
    """The default shown for a field made by its ``default_factory`` (as dataclasses shows it)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _key_fn(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of ``names``' values, as the written ``__eq__`` and ``__hash__`` build it."""
    if len(names) >= 2:
        return attrgetter(*names)
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda self: (one(self),)
    return lambda self: ()


def _repr_fn(cls: type, names: tuple[str, ...]) -> Callable[[Any], str]:
    def __repr__(self: Any) -> str:
        return (f"{self.__class__.__qualname__}("
                + ", ".join([f"{n}={getattr(self, n)!r}" for n in names]) + ")")
    return __repr__


def _eq_fn(cls: type, key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented
    return __eq__


def _hash_fn(cls: type, key: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(key(self))
    __hash__.__qualname__ = f"{cls.__qualname__}.__hash__"
    return __hash__


def _setattr_fn(cls: type, names: tuple[str, ...]) -> Callable[[Any, str, Any], None]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)
    __setattr__.__qualname__ = f"{cls.__qualname__}.__setattr__"
    return __setattr__


def _delattr_fn(cls: type, names: tuple[str, ...]) -> Callable[[Any, str], None]:
    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)
    __delattr__.__qualname__ = f"{cls.__qualname__}.__delattr__"
    return __delattr__


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(fields(self), state):
        object.__setattr__(self, f.name, value)
