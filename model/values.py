"""Frozen dataclasses made cheaply: :func:`value_class`, for the value types every command loads.

``@dataclass(frozen=True, slots=True)`` writes six methods per class as source text and compiles
each one (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``):
about 0.4 ms per class, and a command's start-up creates some ninety classes (issue 23: a third of
a one-game replay's start-up). :func:`value_class` makes the same class, a real dataclass
(:func:`dataclasses.fields`, :func:`~dataclasses.replace`, :func:`~dataclasses.asdict`, pattern
matching, pickling all work as before), compiling nothing: its ``__init__`` is code written out
once for every class of its shape (:mod:`dipsat.model.value_inits`), its names bound to the class's
fields; the other five are
closures over the class's field names, which behave as the written ones do (same ``repr``,
equality, hash values, ``FrozenInstanceError``). Its ``__init__`` fills a slotted class's slots
through their descriptors, which is also quicker per instance than ``object.__setattr__``.
``value_class(frozen=False)`` makes a mutable one the same way (a working record, no hash).
``tests/test_values.py`` checks each behaviour against a class made by :func:`dataclasses.dataclass`.
"""
from __future__ import annotations

import sys
import typing
from operator import attrgetter, itemgetter
from types import CodeType, FunctionType, MemberDescriptorType
from typing import Any, Callable, Final, TypeVar

from dipsat.model.on_use import imported_on_use

with imported_on_use("inspect"):  # dataclasses uses it only to write a missing docstring: ~5 % of a start-up
    import dataclasses
    from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, field, fields

    try:  # dataclasses' own tests of an annotation, and its marks of a field's kind (CPython 3.11-3.13)
        from dataclasses import (  # type: ignore[attr-defined]
            _FIELD, _FIELD_CLASSVAR, _MODULE_IDENTIFIER_RE, _is_classvar, _is_initvar, _is_kw_only, _is_type,
        )
    except ImportError:  # pragma: no cover - another dataclasses: every class made by dataclass itself
        _is_type = None

_FIELDS = "__dataclass_fields__"
_PARAMS = "__dataclass_params__"

__all__ = ["value_class", "value_tuple"]

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
    undocumented = not cls.__doc__
    inherited = _inherited_fields(cls, frozen)
    if inherited is None:  # a base made otherwise, or frozen where this class is not: dataclass's checks
        return dataclass(cls, frozen=frozen, slots=slots, eq=eq, kw_only=kw_only)  # type: ignore[call-overload,no-any-return]
    # The dataclass machinery without any method written: fields, defaults, __match_args__, slots.
    plain = None if undocumented else _plain_fields(cls, slots, kw_only, inherited)
    if plain is None and inherited:  # a subclass the short way does not make: all of it by dataclass
        return dataclass(cls, frozen=frozen, slots=slots, eq=eq, kw_only=kw_only)  # type: ignore[call-overload,no-any-return]
    cls = plain if plain is not None else dataclass(  # type: ignore[call-overload]
        cls, init=False, repr=False, eq=False, frozen=False, slots=slots, kw_only=kw_only)
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
    _MADE_HERE.add(cls)
    if undocumented:
        import inspect
        try:
            cls.__doc__ = cls.__name__ + str(inspect.signature(cls)).replace(" -> None", "")
        except (TypeError, ValueError):
            cls.__doc__ = cls.__name__
    return cls


_PARAMS_CLASS = type(dataclass(type("_Reference", (), {"__doc__": "A reference."}), init=False, repr=False,
                               eq=False).__dataclass_params__)  # type: ignore[call-overload]


def _inherited_fields(cls: type, frozen: bool) -> dict[str, Field[Any]] | None:
    """The fields ``cls`` inherits from bases made by :func:`value_class` (as dataclass gathers
    them: the farthest base first); ``None`` where a base is another dataclass, or is frozen
    and ``cls`` is not (or the other way round)."""
    found: dict[str, Field[Any]] = {}
    for base in cls.__mro__[-1:0:-1]:
        base_fields = getattr(base, _FIELDS, None)
        if base_fields is not None:
            if base not in _MADE_HERE or getattr(base, _PARAMS).frozen != frozen:
                return None
            found.update(base_fields)
    return found


_MADE_HERE: set[type] = set()
"""The classes :func:`value_class` made (the short way of :func:`_plain_fields` takes only such
bases); classes live as long as their module."""


def _plain_fields(cls: T, slots: bool, kw_only: bool, inherited: dict[str, Field[Any]]) -> T | None:
    """What ``dataclass(cls, init=False, repr=False, eq=False, slots=slots, kw_only=kw_only)``
    makes of a plain class body, made without the rest of its machinery (issue 23: ninety classes
    at every start-up): fields and class variables told apart as dataclass tells them; ``None``
    for any other body (an init-only variable, the keyword-only marker, a mutable default, a
    field without annotation, a base whose slots are not a tuple), which dataclass then makes."""
    own = cls.__dict__.get("__annotations__", {})
    if _is_type is None or "__slots__" in cls.__dict__ or hasattr(cls, "__abstractmethods__"):
        return None
    inherited_slots: set[str] = set()
    for base in cls.__mro__[1:-1]:
        base_slots = base.__dict__.get("__slots__", ())
        if not isinstance(base_slots, tuple):
            return None
        inherited_slots.update(base_slots)
    module = sys.modules.get(cls.__module__)
    if module is None:
        return None
    made: dict[str, Field[Any]] = dict(inherited)  # a field named again keeps its place, as dataclass keeps it
    names = module.__dict__
    for name, kind in own.items():
        if not isinstance(kind, str):
            return None
        special = _special(kind, names)
        if special is _KW_ONLY_OR_INITVAR:
            return None
        default = getattr(cls, name, MISSING)
        if isinstance(default, Field):
            f = default
        else:
            if isinstance(default, MemberDescriptorType):
                default = MISSING
            f = field(default=default)
        f.name, f.type = name, kind
        if special is _CLASSVAR:
            if f.default_factory is not MISSING or f.kw_only is not MISSING:
                return None  # dataclass says why
            f._field_type = _FIELD_CLASSVAR  # type: ignore[attr-defined]
        else:
            if f.default is not MISSING and f.default.__class__.__hash__ is None:
                return None  # a mutable default: dataclass says so
            f._field_type = _FIELD  # type: ignore[attr-defined]
            if f.kw_only is MISSING:
                f.kw_only = kw_only
        made[name] = f
    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in own:
            return None  # a field without annotation: dataclass says so
    for name, f in made.items():
        if name in own and isinstance(cls.__dict__.get(name), Field):
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
    params = object.__new__(_PARAMS_CLASS)
    chosen = {"match_args": True, "kw_only": kw_only, "slots": slots}  # the others False
    for name in _PARAMS_CLASS.__slots__:
        setattr(params, name, chosen.get(name, False))
    setattr(cls, _PARAMS, params)
    setattr(cls, _FIELDS, made)
    real = [f for f in made.values() if f._field_type is _FIELD]  # type: ignore[attr-defined]
    if "__match_args__" not in cls.__dict__:
        cls.__match_args__ = tuple(f.name for f in real if f.init and not f.kw_only)  # type: ignore[attr-defined]
    if not slots:
        return cls
    body = dict(cls.__dict__)
    body["__slots__"] = tuple(f.name for f in real if f.name not in inherited_slots)
    for name in (*(f.name for f in real), "__dict__", "__weakref__"):
        body.pop(name, None)
    qualname = cls.__qualname__
    cls = type(cls)(cls.__name__, cls.__bases__, body)
    cls.__qualname__ = qualname
    return cls


_CLASSVAR: Final = "ClassVar"
_KW_ONLY_OR_INITVAR: Final = "KW_ONLY or InitVar"


def _special(annotation: str, names: dict[str, Any]) -> str | None:
    """What dataclasses' ``_is_type`` tells of a field's annotation text, in one look instead of
    three (ClassVar, KW_ONLY, InitVar; issue 23: a third of making a class): the name it starts
    with (``X`` or ``module.X``) looked up where dataclasses looks it up, ``names`` being the
    namespace of the class's module; ``None`` for a plain field."""
    match = _MODULE_IDENTIFIER_RE.match(annotation)
    if match is None:
        return None
    module_name, name = match.groups()
    if not module_name:
        found = names.get(name)
        if _is_classvar(found, typing):
            return _CLASSVAR
        if _is_kw_only(found, dataclasses) or _is_initvar(found, dataclasses):
            return _KW_ONLY_OR_INITVAR
        return None
    module = names.get(module_name)
    if module is typing and _is_classvar(typing.__dict__.get(name), typing):
        return _CLASSVAR
    if module is dataclasses and (_is_kw_only(dataclasses.__dict__.get(name), dataclasses)
                                  or _is_initvar(dataclasses.__dict__.get(name), dataclasses)):
        return _KW_ONLY_OR_INITVAR
    return None


def _set(cls: type, name: str, fn: Callable[..., Any]) -> None:
    """Give ``cls`` the method ``fn`` unless its body wrote its own (as dataclasses does)."""
    if name not in cls.__dict__:
        fn.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, fn)


def _add_init(cls: type, flds: tuple[Any, ...], slots: bool, frozen: bool) -> None:
    """Give ``cls`` its ``__init__``, with the fields' names as parameters.

    A frozen class's fields are filled through their slots' descriptors (or ``object.__setattr__``
    without slots); a mutable one's by assignment, as dataclass writes it. The usual class
    (plain fields, none with a factory, none keyword-only) shares the compiled code of every class
    of its kind with as many fields (:func:`_shared_init`); the others are compiled from their own
    text."""
    defaulted = False
    for f in flds:
        if f.init and not f.kw_only:
            if f.default is MISSING and f.default_factory is MISSING and defaulted:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")
            defaulted = defaulted or f.default is not MISSING or f.default_factory is not MISSING
    post_init = hasattr(cls, "__post_init__")
    given = tuple(f for f in flds if f.init)
    kw_given = [f.kw_only for f in given]
    if all(f.name != "self" for f in flds) and kw_given == sorted(kw_given) and all(
            f.default is MISSING and f.default_factory is MISSING for f in flds if not f.init):
        init = _shared_init(cls, given, "mutable" if not frozen else "slots" if slots else "frozen", post_init)
        init.__annotations__ = {**{f.name: f.type for f in given}, "return": None}
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


_SHARED_INIT_CODE: dict[tuple[str, bool, bool, int], CodeType] = {}
"""(style, factories, ``__post_init__``, number of fields) -> the code of the shared ``__init__``
(:func:`init_template`), taken from :mod:`dipsat.model.value_inits` (compiled with the package)
for the shapes :data:`WRITTEN_OUT`."""

STYLES = ("slots", "frozen", "mutable")

WRITTEN_OUT: tuple[tuple[str, bool, bool, int], ...] = (
    *(("slots", False, False, n) for n in range(11)), *(("slots", False, True, n) for n in range(6)),
    ("slots", False, True, 21),
    ("slots", False, True, 23), ("slots", True, False, 4), ("slots", True, False, 11), ("slots", True, False, 23),
    ("slots", True, True, 2), ("slots", True, True, 7), ("slots", True, True, 8),
    *(("frozen", False, False, n) for n in (2, 3, 4, 5, 8)), ("frozen", True, False, 7), ("frozen", True, True, 14),
    ("mutable", False, False, 4), *(("mutable", True, False, n) for n in (4, 6, 8, 9, 10, 14, 23)),
)
"""The shapes (style, factories, ``__post_init__``, number of fields) of dipsat's own value classes,
whose shared ``__init__`` is written out in :mod:`dipsat.model.value_inits` (``tests/test_values.py``
checks that every class of the packages finds its shape there); another shape is compiled once
at run time."""


def init_template(style: str, factories: bool, post_init: bool, n: int, name: str = "__init__") -> str:
    """The text of the ``__init__`` shared by every class of its kind with ``n`` fields.

    ``def __init__(self, a0, a1...)`` fills each field: ``_s0(self, a0)...`` (``slots``: each
    field's slot setter, bound per class), ``_s(self, _n0, a0)...`` (``frozen`` without slots:
    ``object.__setattr__`` and the fields' names) or ``self._f0 = a0...`` (``mutable``: the
    attribute names renamed to the fields'); with ``factories``, each value is
    ``_m0() if a0 is _M else a0`` (``_M``: the default of a field made by its factory ``_m0``);
    then ``self.__post_init__()`` if the class has one. Parameters are renamed to the fields'
    names, keyword-only ones by the code's count, defaults are the function's."""
    lines = []
    for i in range(n):
        value = f"_m{i}() if a{i} is _M else a{i}" if factories else f"a{i}"
        lines.append(f"    _s{i}(self, {value})\n" if style == "slots" else f"    self._f{i} = {value}\n"
                     if style == "mutable" else f"    _s(self, _n{i}, {value})\n")
    if post_init:
        lines.append("    self.__post_init__()\n")
    params = "".join(f", a{i}" for i in range(n))
    return f"def {name}(self{params}):\n" + ("".join(lines) or "    pass\n")


def _template_name(style: str, factories: bool, post_init: bool, n: int) -> str:
    return f"{style}{'_factories' if factories else ''}{'_post_init' if post_init else ''}_{n}"


def templates_text() -> str:
    """The text of :mod:`dipsat.model.value_inits` (``tests/test_values.py`` checks it is the file's)."""
    head = ('"""The shared ``__init__`` code of value classes, written out by '
            ':func:`dipsat.model.values.templates_text`\n(do not edit; regenerate: ``python -c "from '
            'dipsat.model.values import templates_text; print(templates_text(), end=\'\')" > '
            'model/value_inits.py``).\n\nCompiled with the package like every module, so that making '
            'a class compiles nothing at run time\n(issue 23: a text compiled at run time costs about '
            '0.7 M instructions; a start-up made ~35 of them)."""\n'
            "# flake8: noqa\n# mypy: ignore-errors\n")
    return head + "".join("\n\n" + init_template(*key, name=_template_name(*key)) for key in WRITTEN_OUT)


def _shared_code(style: str, factories: bool, post_init: bool, n: int) -> CodeType:
    key = (style, factories, post_init, n)
    code = _SHARED_INIT_CODE.get(key)
    if code is None:
        from dipsat.model import value_inits

        template = getattr(value_inits, _template_name(*key), None)
        if template is None:  # a shape none of dipsat's classes has: compiled once
            scope: dict[str, Any] = {}
            exec(init_template(*key), scope)  # noqa: S102
            template = scope["__init__"]
        code = _SHARED_INIT_CODE[key] = template.__code__.replace(co_name="__init__")
    return code


def _shared_init(cls: type, given: tuple[Any, ...], style: str, post_init: bool) -> FunctionType:
    """An ``__init__`` made from the shared code for its kind and number of fields (``given``:
    the fields ``__init__`` takes, positional ones first), its parameters renamed to the fields'
    names and its names bound to the fields' setters or renamed (no compiling: the code comes
    written out, :func:`init_template`): the same steps as the text dataclass writes (a frozen
    class fills its fields through their slots' setters or ``object.__setattr__``, a mutable one
    by assignment: a plain store into a slot is about three times quicker than a call of its
    setter, and a working record such as a legality verdict is made for every order); a field
    made by its factory gets the factory's value when its parameter is left out. ``style``:
    ``slots``, ``frozen``, ``mutable``."""
    n = len(given)
    factories = any(f.default_factory is not MISSING for f in given)
    code = _shared_code(style, factories, post_init, n)
    names = tuple(f.name for f in given)
    keywords = sum(1 for f in given if f.kw_only)
    code = code.replace(co_varnames=("self", *names), co_argcount=1 + n - keywords, co_kwonlyargcount=keywords,
                        co_qualname=f"{cls.__qualname__}.__init__")
    bound: dict[str, Any] = {"__builtins__": __builtins__}
    if style == "slots":
        bound.update((f"_s{i}", getattr(cls, name).__set__) for i, name in enumerate(names))
    elif style == "mutable":
        renamed = {f"_f{i}": name for i, name in enumerate(names)}
        code = code.replace(co_names=tuple(renamed.get(name, name) for name in code.co_names))
    else:
        bound["_s"] = object.__setattr__
        bound.update((f"_n{i}", name) for i, name in enumerate(names))
    if factories:
        bound["_M"] = _FACTORY
        bound.update((f"_m{i}", _own_default if f.default_factory is MISSING else f.default_factory)
                     for i, f in enumerate(given))
    defaults = tuple(_FACTORY if f.default_factory is not MISSING else f.default for f in given
                     if not f.kw_only and (f.default is not MISSING or f.default_factory is not MISSING))
    made = FunctionType(code, bound, "__init__", defaults or None)
    if keywords:
        made.__kwdefaults__ = {f.name: _FACTORY if f.default_factory is not MISSING else f.default for f in given
                               if f.kw_only and (f.default is not MISSING or f.default_factory is not MISSING)} or None
    return made


class _Factory:
    """The default shown for a field made by its ``default_factory`` (as dataclasses shows it)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _own_default() -> _Factory:
    """What a field without factory keeps when it is handed the factory marker itself."""
    return _FACTORY



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


def value_tuple(cls: T) -> T:
    """Make of ``cls`` the frozen value class ``@value_class`` makes, stored as a tuple of its fields.

    For a record made by the ten thousand (an order's result): a program makes it in one C call,
    ``tuple.__new__(cls, (field, ...))``, fields in order, none left out (about a fifth of the
    instructions of filling four frozen slots); ``cls(...)`` works as for any value class. It
    behaves as the :func:`value_class` (as the dataclass) does: the same ``repr``, equality (only
    with its own class), hash values (the hash of its fields' tuple), fields,
    :func:`~dataclasses.replace`, :func:`~dataclasses.asdict`, ``__match_args__``, signature,
    pickling and ``FrozenInstanceError``; being a tuple it also has a length, items and
    iteration, and it is ``isinstance(x, tuple)``. Plain fields only (no factory, all in
    ``__init__``, none keyword-only), and no base class of its own.
    """
    body = dataclass(cls, init=False, repr=False, eq=False, frozen=False, slots=False)  # type: ignore[call-overload]
    flds = fields(body)
    names = tuple(f.name for f in flds)
    if any(f.default_factory is not MISSING or not f.init or f.kw_only for f in flds) or cls.__bases__ != (object,):
        raise TypeError(f"value_tuple: {cls.__name__} needs plain fields and no base class")
    ns = {k: v for k, v in body.__dict__.items() if k not in ("__dict__", "__weakref__") and k not in names}
    ns["__slots__"] = ()
    for i, f in enumerate(flds):
        ns[f.name] = _item_getter(i, f.name)
    if len(names) >= len(_TUPLE_NEWS):
        raise TypeError(f"value_tuple: {cls.__name__} has more than {len(_TUPLE_NEWS) - 1} fields")
    template = _TUPLE_NEWS[len(names)]  # compiled with the package: nothing compiled at run time
    code = template.__code__.replace(co_varnames=("cls", *names), co_name="__new__",
                                     co_qualname=f"{cls.__qualname__}.__new__")
    new = FunctionType(code, template.__globals__, "__new__",
                       tuple(f.default for f in flds if f.default is not MISSING) or None)
    new.__annotations__ = {**{f.name: f.type for f in flds}, "return": None}
    ns["__new__"] = new
    made: Any = type(cls.__name__, (tuple,), ns)
    made.__qualname__ = cls.__qualname__
    new.__qualname__ = f"{cls.__qualname__}.__new__"
    compared = tuple(f.name for f in flds if f.compare)
    hashed = tuple(f.name for f in flds if (f.compare if f.hash is None else f.hash))
    if compared != names or hashed != names:
        raise TypeError(f"value_tuple: every field of {cls.__name__} is compared and hashed")
    _set(made, "__repr__", _repr_fn(made, tuple(f.name for f in flds if f.repr)))
    made.__eq__ = _tuple_eq
    made.__ne__ = _tuple_ne
    made.__hash__ = tuple.__hash__  # the hash of the fields' tuple, as the dataclass's
    made.__lt__, made.__le__, made.__gt__, made.__ge__ = (_not_ordered(c) for c in ("<", "<=", ">", ">="))
    made.__setattr__ = _setattr_fn(made, names)
    made.__delattr__ = _delattr_fn(made, names)
    made.__getnewargs__ = _newargs
    params_ = made.__dataclass_params__
    params_.init, params_.repr, params_.eq, params_.frozen = True, True, True, True
    return made  # type: ignore[no-any-return]


def _tuple_new_0(cls):  # type: ignore[no-untyped-def]
    return _tuple_new(cls, ())


def _tuple_new_1(cls, a0):  # type: ignore[no-untyped-def]
    return _tuple_new(cls, (a0,))


def _tuple_new_2(cls, a0, a1):  # type: ignore[no-untyped-def]
    return _tuple_new(cls, (a0, a1))


def _tuple_new_3(cls, a0, a1, a2):  # type: ignore[no-untyped-def]
    return _tuple_new(cls, (a0, a1, a2))


def _tuple_new_4(cls, a0, a1, a2, a3):  # type: ignore[no-untyped-def]
    return _tuple_new(cls, (a0, a1, a2, a3))


def _tuple_new_5(cls, a0, a1, a2, a3, a4):  # type: ignore[no-untyped-def]
    return _tuple_new(cls, (a0, a1, a2, a3, a4))


def _tuple_new_6(cls, a0, a1, a2, a3, a4, a5):  # type: ignore[no-untyped-def]
    return _tuple_new(cls, (a0, a1, a2, a3, a4, a5))


_TUPLE_NEWS: Final = (_tuple_new_0, _tuple_new_1, _tuple_new_2, _tuple_new_3, _tuple_new_4, _tuple_new_5, _tuple_new_6)
"""The ``__new__`` of a :func:`value_tuple` of n fields, its parameters renamed to the fields'."""
_tuple_new = tuple.__new__


def _item_getter(index: int, name: str) -> Any:
    """The field ``name``, item ``index`` of the tuple (as a named tuple reads it)."""
    try:
        from _collections import _tuplegetter
        return _tuplegetter(index, f"Field {name}")
    except ImportError:  # another Python than CPython
        return property(itemgetter(index), doc=f"Field {name}")


def _tuple_eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        return tuple.__eq__(self, other)
    return False if isinstance(other, tuple) else NotImplemented  # a tuple's own == would compare items


def _tuple_ne(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        return tuple.__ne__(self, other)
    return True if isinstance(other, tuple) else NotImplemented


def _not_ordered(symbol: str) -> Callable[[Any, Any], Any]:
    """Values are not ordered (as a dataclass without ``order``): ``<`` and the others refuse."""
    def refuse(self: Any, other: Any) -> Any:
        raise TypeError(f"'{symbol}' not supported between instances of "
                        f"{type(self).__name__!r} and {type(other).__name__!r}")
    return refuse


def _newargs(self: Any) -> tuple[Any, ...]:
    return tuple(self)  # pickling and copying: ``cls.__new__(cls, *fields)``
