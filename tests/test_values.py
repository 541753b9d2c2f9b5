"""dipsat.model.values: a class made by ``value_class`` behaves as the one ``dataclass`` makes."""
from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import sys
from dataclasses import FrozenInstanceError, dataclass, field
from typing import ClassVar

import pytest

from dipsat.model import reasons, types
from dipsat.model.values import value_class


def _pair(body: dict, **options):
    """The same class body made twice: by ``dataclass(frozen=True, ...)`` and by ``value_class``."""
    made = []
    plain = {"frozen": True, "slots": True, **options}
    for make in (lambda c: dataclass(**plain)(c), lambda c: value_class(**options)(c)):
        ns = dict(body)
        made.append(make(type("Sample", (), ns)))
    return made


PLAIN = {"__annotations__": {"a": "int", "b": "str", "c": "tuple"}, "c": (), "__doc__": "A sample."}
ONE = {"__annotations__": {"a": "int"}, "__doc__": "One field."}
NONE = {"__annotations__": {}, "__doc__": "No field."}
MIXED = {"__annotations__": {"a": "int", "b": "list", "c": "int", "d": "int", "k": "ClassVar[int]"},
         "b": field(default_factory=list, hash=False), "c": field(default=3, compare=False, repr=False),
         "d": field(default=4, hash=False), "k": 7, "__doc__": "Factories, compare, repr and hash flags."}


@pytest.mark.parametrize("body,args", [(PLAIN, (1, "x")), (ONE, (5,)), (NONE, ()), (MIXED, (1,))],
                         ids=["plain", "one-field", "no-field", "mixed"])
@pytest.mark.parametrize("slots", [True, False])
@pytest.mark.parametrize("frozen", [True, False], ids=["frozen", "mutable"])
def test_same_behaviour_as_dataclass(body, args, slots, frozen):
    """repr, equality, hash values, fields, replace, asdict, match_args, signature, pickling and
    frozenness are those of the dataclass."""
    ref_cls, val_cls = _pair(body, slots=slots, frozen=frozen)
    ref, val = ref_cls(*args), val_cls(*args)
    assert repr(val) == repr(ref)
    if not frozen:
        assert val_cls.__hash__ is None is ref_cls.__hash__
        assert dataclasses.is_dataclass(val) and not val_cls.__dataclass_params__.frozen
        assert val == val_cls(*args) and copy.deepcopy(val) == val
        assert dataclasses.asdict(val) == dataclasses.asdict(ref)
        assert str(inspect.signature(val_cls)) == str(inspect.signature(ref_cls))
        assert hasattr(val_cls, "__slots__") == slots
        for f in dataclasses.fields(val):
            setattr(val, f.name, 1)
            assert getattr(val, f.name) == 1
        return
    assert hash(val) == hash(ref)
    assert val == val_cls(*args) and not (val != val_cls(*args))
    assert val != ref  # another class: never equal, as between two dataclasses
    assert [(f.name, f.default, f.compare, f.repr, f.hash, f.init) for f in dataclasses.fields(val)] == \
        [(f.name, f.default, f.compare, f.repr, f.hash, f.init) for f in dataclasses.fields(ref)]
    assert dataclasses.asdict(val) == dataclasses.asdict(ref)
    assert val_cls.__match_args__ == ref_cls.__match_args__
    assert str(inspect.signature(val_cls)) == str(inspect.signature(ref_cls))
    assert hasattr(val_cls, "__slots__") == hasattr(ref_cls, "__slots__") == slots
    assert dataclasses.is_dataclass(val) and val_cls.__dataclass_params__.frozen
    for name in dataclasses.fields(val):
        with pytest.raises(FrozenInstanceError, match="cannot assign to field"):
            setattr(val, name.name, 1)
        with pytest.raises(FrozenInstanceError, match="cannot delete field"):
            delattr(val, name.name)
    with pytest.raises(FrozenInstanceError):
        val.other = 1
    assert copy.deepcopy(val) == val and copy.copy(val) == val  # the same road as pickling
    if dataclasses.fields(val):
        first = dataclasses.fields(val)[0].name
        changed = dataclasses.replace(val, **{first: 99})
        assert getattr(changed, first) == 99 and type(changed) is val_cls
        assert changed != val


@value_class
class Pickled:
    """A value sent to a worker process."""
    a: int
    b: tuple = ()


def test_pickling_round_trip():
    """A value survives pickling (replay workers receive and send them)."""
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(Pickled(1, (2,)), protocol)) == Pickled(1, (2,))


def test_compare_false_field_is_left_out_of_equality_and_hash():
    """A field with ``compare=False`` (or ``hash=False``) counts as in the dataclass."""
    ref_cls, val_cls = _pair(MIXED)
    assert val_cls(1, [], 3) == val_cls(1, [], 30)
    assert hash(val_cls(1, [], 3, 4)) == hash(val_cls(1, [], 3, 40)) == hash(ref_cls(1, [], 3, 40))
    assert val_cls(1).b is not val_cls(1).b  # a fresh list from the factory each time


def test_eq_false_keeps_identity_and_own_methods():
    """``eq=False`` leaves equality and hash to the class (or to object), as dataclass does."""
    @value_class(eq=False)
    class Own:
        """Compares its first field only."""
        a: int
        b: int = 0

        def __eq__(self, other):
            return isinstance(other, Own) and self.a == other.a

        def __hash__(self):
            return hash(self.a)

    assert Own(1, 2) == Own(1, 3) and hash(Own(1, 2)) == hash(1)

    @value_class(eq=False)
    class Ident:
        """Compares by identity."""
        a: int

    one = Ident(1)
    assert one != Ident(1) and one == one


def test_kw_only_post_init_and_init_false():
    """Keyword-only fields, ``__post_init__`` and fields left out of ``__init__`` work."""
    @value_class(kw_only=True)
    class Kw:
        """Keywords only."""
        a: int
        b: int = 2
        c: int = field(init=False, default=0)
        d: int = field(init=False)

        def __post_init__(self):
            object.__setattr__(self, "d", self.a + self.b)

    k = Kw(a=1)
    assert (k.a, k.b, k.c, k.d) == (1, 2, 0, 3)
    with pytest.raises(TypeError):
        Kw(1)  # type: ignore[misc]
    assert repr(k) == "test_kw_only_post_init_and_init_false.<locals>.Kw(a=1, b=2, c=0, d=3)"


def test_subclass_of_a_dataclass_is_a_dataclass():
    """A class inheriting another dataclass gets the dataclass's own treatment (fields of both)."""
    @value_class
    class Base:
        """A base."""
        a: int

    @value_class
    class Child(Base):
        """A child."""
        b: int = 0

    assert [f.name for f in dataclasses.fields(Child(1, 2))] == ["a", "b"]
    assert Child(1, 2) == Child(1, 2) and Child(1, 2) != Base(1)
    assert repr(Child(1)) == "test_subclass_of_a_dataclass_is_a_dataclass.<locals>.Child(a=1, b=0)"


def test_class_var_is_not_a_field():
    """A ``ClassVar`` stays a class attribute, as in a dataclass."""
    @value_class
    class WithKind:
        """Has a kind."""
        kind: ClassVar[str] = "k"
        a: int

    assert WithKind.kind == "k" and [f.name for f in dataclasses.fields(WithKind)] == ["a"]


@pytest.mark.parametrize("module", [types, reasons], ids=lambda m: m.__name__)
def test_model_values_are_frozen_dataclasses(module):
    """Every dataclass of the model's value modules is frozen and slotted, however it was made."""
    found = [c for c in vars(module).values() if isinstance(c, type) and dataclasses.is_dataclass(c)
             and c.__module__ == module.__name__]
    assert found
    for c in found:
        assert c.__dataclass_params__.frozen and "__slots__" in c.__dict__, c.__name__


def test_arguments_are_checked_as_dataclass_checks_them():
    """Missing or extra arguments and a field without default after one with are refused alike."""
    ref_cls, val_cls = _pair(PLAIN)
    for args, kwargs in (((), {}), ((1, "x", (), 4), {}), ((1,), {"z": 2})):
        with pytest.raises(TypeError) as ref_error:
            ref_cls(*args, **kwargs)
        with pytest.raises(TypeError) as val_error:
            val_cls(*args, **kwargs)
        assert str(val_error.value) == str(ref_error.value)
    assert val_cls(b="y", a=2) == val_cls(2, "y")
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        value_class(type("Bad", (), {"__annotations__": {"a": "int", "b": "int"}, "a": 0}))


@pytest.mark.parametrize("slots", [True, False])
def test_post_init_and_a_field_left_out_share_the_compiled_init(slots):
    """A class with ``__post_init__`` and a field left out of ``__init__`` (no default: the hook
    fills it) behaves as the dataclass, and shares its ``__init__``'s code with every class of its
    kind and number of fields (nothing compiled for it)."""
    def post_init(self):
        object.__setattr__(self, "total", self.a + self.b)

    body = {"__annotations__": {"a": "int", "b": "int", "total": "int"}, "b": 2,
            "total": field(init=False, repr=False), "__post_init__": post_init, "__doc__": "Adds."}
    ref_cls, val_cls = _pair(body, slots=slots)
    _, other_cls = _pair(dict(body, __annotations__={"x": "int", "y": "int", "total": "int"}, y=2), slots=slots)
    assert (val_cls(1).total, val_cls(1, 5).total) == (ref_cls(1).total, ref_cls(1, 5).total) == (3, 6)
    assert repr(val_cls(1)) == repr(ref_cls(1)) and val_cls(1) == val_cls(1, 2)
    assert str(inspect.signature(val_cls)) == str(inspect.signature(ref_cls)) == "(a: 'int', b: 'int' = 2) -> None"
    assert val_cls.__init__.__code__.co_code == other_cls.__init__.__code__.co_code
    assert val_cls.__init__.__code__.co_varnames[:3] == ("self", "a", "b")
    with pytest.raises(FrozenInstanceError):
        val_cls(1).total = 0


def test_named_tuple_is_what_typing_named_tuple_makes():
    """``@named_tuple`` on a class body gives the class ``typing.NamedTuple`` makes of it: fields,
    defaults, methods, docstring, repr, pickling, the same refusals; annotations as written."""
    import typing

    from dipsat.model.named_tuples import named_tuple

    def body() -> dict:
        return {"__annotations__": {"x": "int", "y": "str | None"}, "y": None, "__doc__": "A pair.",
                "__module__": __name__, "__qualname__": "Pair", "twice": lambda self: 2 * self.x}

    import types as std_types

    ref = std_types.new_class("Pair", (typing.NamedTuple,), exec_body=lambda ns: ns.update(body()))
    made = named_tuple(type("Pair", (), body()))
    assert made._fields == ref._fields == ("x", "y") and made._field_defaults == ref._field_defaults
    assert repr(made(1)) == repr(ref(1)) == "Pair(x=1, y=None)" and made(3).twice() == 6
    assert made.__doc__ == ref.__doc__ and made.__qualname__ == ref.__qualname__ and made.__module__ == ref.__module__
    assert set(vars(made)) == set(vars(ref)) and made.__orig_bases__ == ref.__orig_bases__
    assert made.__annotations__ == {"x": "int", "y": "str | None"}
    assert made(1, "a") == (1, "a") and made(1)._replace(x=2) == made(2) and made(1)._asdict() == {"x": 1, "y": None}
    with pytest.raises(TypeError, match="Non-default namedtuple field b cannot follow default field a"):
        named_tuple(type("Bad", (), {"__annotations__": {"a": "int", "b": "int"}, "a": 0}))
    with pytest.raises(AttributeError, match="Cannot overwrite NamedTuple attribute _replace"):
        named_tuple(type("Bad", (), {"__annotations__": {"a": "int"}, "_replace": None}))


def test_named_tuples_of_the_model_pickle():
    from dipsat.model.gamemap import Edge
    from dipsat.model.kinds import Strengths

    for value in (Edge("a", "b", True, False), Strengths(1, 2, 3, 4, 5)):
        assert pickle.loads(pickle.dumps(value)) == value and type(pickle.loads(pickle.dumps(value))) is type(value)


def test_written_out_inits_are_the_templates_text():
    """``dipsat/model/value_inits.py`` is what :func:`templates_text` writes (regenerate it, as its
    docstring says, when :data:`WRITTEN_OUT` changes)."""
    from pathlib import Path

    from dipsat.model import value_inits
    from dipsat.model.values import templates_text

    assert Path(value_inits.__file__).read_text(encoding="utf-8") == templates_text()


def test_every_value_class_of_the_packages_finds_its_init_written_out():
    """Importing every module of dipsat's packages compiles no ``__init__`` at run time: each value
    class's shape is among :data:`WRITTEN_OUT` (a new shape: add it there and regenerate)."""
    import subprocess
    import sys

    code = ("import importlib, pkgutil\n"
            "from dipsat.model import values\n"
            "for package in ('cli', 'model', 'solver', 'variants', 'replay', 'render', 'datacases', 'serve', 'discover'):\n"
            "    module = importlib.import_module('dipsat.' + package)\n"
            "    for info in pkgutil.walk_packages(module.__path__, 'dipsat.' + package + '.'):\n"
            "        try:\n"
            "            importlib.import_module(info.name)\n"
            "        except ImportError:\n"  # an optional dependency (the serve command's) is not installed
            "            pass\n"
            "print(len(values._SHARED_INIT_CODE), sorted(set(values._SHARED_INIT_CODE) - set(values.WRITTEN_OUT)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    count, missing = done.stdout.split(" ", 1)
    assert int(count) > 20
    assert missing.strip() == "[]", (f"value classes of new shapes {missing.strip()}: add them to "
                                     "dipsat.model.values.WRITTEN_OUT and regenerate model/value_inits.py "
                                     "(its docstring says how); until then each is compiled at run time")


@pytest.mark.parametrize("slots", [True, False])
@pytest.mark.parametrize("frozen", [True, False], ids=["frozen", "mutable"])
def test_factories_and_keyword_only_fields_share_the_written_out_init(slots, frozen):
    """A class with fields made by factories and keyword-only fields gets the shared code (no text
    compiled for it) and behaves as the dataclass: each instance its own new value, a value given
    is kept, the keywords are keywords only, the signature is the dataclass's."""
    body = {"__annotations__": {"a": "int", "b": "list", "c": "dict", "d": "int", "e": "list"},
            "b": field(default_factory=list), "c": field(default_factory=dict),
            "d": field(default=4, kw_only=True), "e": field(default_factory=list, kw_only=True),
            "__doc__": "Factories and keywords."}
    ref_cls, val_cls = _pair(body, slots=slots, frozen=frozen)
    assert str(inspect.signature(val_cls)) == str(inspect.signature(ref_cls))
    for args, kwargs in (((1,), {}), ((1, [2]), {"e": [5]}), ((1, [2], {3: 3}), {"d": 9})):
        assert repr(val_cls(*args, **kwargs)) == repr(ref_cls(*args, **kwargs))
    one, two = val_cls(1), val_cls(1)
    assert one.b == [] and one.b is not two.b and one.e is not two.e
    given = [7]
    assert val_cls(1, given).b is given
    with pytest.raises(TypeError):
        val_cls(1, [], {}, 4)
    from dipsat.model import values

    style = "slots" if slots and frozen else "frozen" if frozen else "mutable"
    assert val_cls.__init__.__code__.co_code == values._shared_code(style, True, False, 5).co_code


class _SlotBase:
    """A base with empty slots, as the model's reasons have."""

    __slots__ = ()


@pytest.mark.parametrize("slots", [True, False])
@pytest.mark.parametrize("kw_only", [False, True])
def test_the_fields_are_those_dataclass_finds(slots, kw_only):
    """The fields, class variables, defaults, match_args and slots of a value class are those
    dataclass finds in the same body (made without the rest of its machinery): with a class
    variable, a field object, a factory, a keyword-only field and a base with empty slots."""
    def body() -> dict:
        return {"__annotations__": {"a": "int", "k": "ClassVar[int]", "b": "list", "c": "int", "d": "str"},
                "k": 7, "b": field(default_factory=list, repr=False), "c": 3, "d": field(default="x", kw_only=True),
                "__doc__": "A sample.", "__module__": __name__}

    made = value_class(slots=slots, kw_only=kw_only)(type("Sample", (_SlotBase,), body()))
    ref = dataclass(frozen=True, slots=slots, kw_only=kw_only)(type("Sample", (_SlotBase,), body()))

    def seen(cls):  # type: ignore[no-untyped-def]
        return [(f.name, f.type, f.default, f.default_factory, f.init, f.repr, f.hash, f.compare, f.kw_only,
                 f._field_type) for f in cls.__dataclass_fields__.values()]

    assert seen(made) == seen(ref) and made.__match_args__ == ref.__match_args__
    assert getattr(made, "__slots__", None) == getattr(ref, "__slots__", None)
    def default_c(cls):  # type: ignore[no-untyped-def]
        value = getattr(cls, "c", None)
        return type(value).__name__ if slots else value  # with slots: the slot's descriptor

    assert (made.k, default_c(made), "b" in vars(made)) == (ref.k, default_c(ref), "b" in vars(ref))
    assert set(vars(made)) - {"__getstate__", "__setstate__"} == set(vars(ref)) - {"__getstate__", "__setstate__"}
    assert repr(made(a=1, d="y") if kw_only else made(1, [2], 4, d="y")) == \
        repr(ref(a=1, d="y") if kw_only else ref(1, [2], 4, d="y"))


def test_bodies_dataclass_refuses_are_refused_as_it_refuses_them():
    """A mutable default, a field object without annotation, a class variable with a factory: the
    short way leaves them to dataclass, which says what is wrong, as before."""
    cases = [({"__annotations__": {"a": "list"}, "a": []}, ValueError, "mutable default"),
             ({"__annotations__": {"a": "int"}, "b": field(default=1)}, TypeError, "'b' is a field but has no type"),
             ({"__annotations__": {"k": "ClassVar[list]"}, "k": field(default_factory=list)}, TypeError,
              "cannot have a default factory")]
    for body, error, words in cases:
        for make in (value_class, dataclass(frozen=True, slots=True)):
            with pytest.raises(error, match=words):
                make(type("Bad", (), {**body, "__doc__": "Bad.", "__module__": __name__}))


@pytest.mark.parametrize("eq", [True, False])
def test_a_subclass_is_what_dataclass_makes_of_it(eq):
    """A value class made from another (as VariantPosition from Position) has the fields, slots,
    signature, repr, equality, hash, match_args, frozenness and pickling dataclass gives it, and
    its __init__ is the shared code (nothing compiled for it)."""
    def make(decorate, child_decorate):  # type: ignore[no-untyped-def]
        base = decorate(type("Base", (), {"__annotations__": {"a": "int", "b": "list"}, "__module__": __name__,
                                          "b": field(default_factory=list), "__doc__": "A base.",
                                          "__post_init__": lambda self: object.__setattr__(self, "b", list(self.b))}))
        return child_decorate(type("Child", (base,), {"__annotations__": {"c": "int"}, "c": 0,
                                                      "__doc__": "A child.", "__module__": __name__}))

    made = make(value_class, value_class(eq=eq))
    ref = make(dataclass(frozen=True, slots=True), dataclass(frozen=True, slots=True, eq=eq))
    assert [f.name for f in dataclasses.fields(made)] == [f.name for f in dataclasses.fields(ref)] == ["a", "b", "c"]
    assert made.__slots__ == ref.__slots__ == ("c",) and made.__match_args__ == ref.__match_args__
    assert str(inspect.signature(made)) == str(inspect.signature(ref))
    one, other = made(1, [2], 3), ref(1, [2], 3)
    assert repr(one) == repr(other) and one.b == [2] and made(1).b == []
    assert (one == made(1, [2], 3)) == (other == ref(1, [2], 3))
    assert one.__getstate__() == other.__getstate__() == [1, [2], 3]  # what pickling stores
    again = made.__new__(made)
    again.__setstate__([1, [2], 3])
    assert repr(again) == repr(one)
    with pytest.raises(FrozenInstanceError):
        one.c = 4  # type: ignore[misc]
    from dipsat.model import values

    assert made.__init__.__code__.co_code == values._shared_code("slots", True, True, 3).co_code


TUPLE_BODY = {"__annotations__": {"order": "str", "result": "int", "why": "object", "tag": "str | None"},
              "tag": None, "__doc__": "A record made by the ten thousand.", "__module__": __name__,
              "__qualname__": "Record", "twice": lambda self: 2 * self.result}


def _record() -> type:
    from dipsat.model.values import value_tuple

    return value_tuple(type("Record", (), dict(TUPLE_BODY)))  # type: ignore[no-any-return]


Record = _record()
"""At module level: pickling finds it by name."""


def test_value_tuple_behaves_as_the_value_class():
    """``value_tuple``: the same repr, equality, hash values, fields, replace, asdict, match_args,
    signature, pickling, copies and refusals as the dataclass of the same body; made in one call by
    ``tuple.__new__`` equal to one made by the class; never equal to a plain tuple or another class."""
    ref_cls = dataclass(frozen=True, slots=True)(type("Record", (), dict(TUPLE_BODY)))
    val_cls = Record
    ref, val = ref_cls("A par - bur", 1, "why"), val_cls("A par - bur", 1, "why")
    assert repr(val) == repr(ref) == "Record(order='A par - bur', result=1, why='why', tag=None)"
    assert hash(val) == hash(ref) and val.twice() == 2 and val.__doc__ == ref.__doc__
    assert val == val_cls("A par - bur", 1, "why") and not (val != val_cls("A par - bur", 1, "why"))
    assert val != val_cls("A par - bur", 2, "why") and not (val == val_cls("A par - bur", 2, "why"))
    assert tuple.__new__(val_cls, ("A par - bur", 1, "why", None)) == val
    assert val != ref and val != ("A par - bur", 1, "why", None) and ("A par - bur", 1, "why", None) != val
    assert not (val == ("A par - bur", 1, "why", None)) and not (("A par - bur", 1, "why", None) == val)
    assert [(f.name, f.default) for f in dataclasses.fields(val)] == [(f.name, f.default) for f in dataclasses.fields(ref)]
    assert dataclasses.asdict(val) == dataclasses.asdict(ref) and val_cls.__match_args__ == ref_cls.__match_args__
    assert str(inspect.signature(val_cls)) == str(inspect.signature(ref_cls))
    assert dataclasses.is_dataclass(val) and val_cls.__dataclass_params__.frozen
    changed = dataclasses.replace(val, tag="dislodged")
    assert type(changed) is val_cls and changed.tag == "dislodged" and changed.order == val.order and changed != val
    for name in ("order", "result", "why", "tag"):
        with pytest.raises(FrozenInstanceError, match="cannot assign to field"):
            setattr(val, name, 1)
        with pytest.raises(FrozenInstanceError, match="cannot delete field"):
            delattr(val, name)
    with pytest.raises(FrozenInstanceError):
        val.other = 1
    with pytest.raises(TypeError, match="not supported"):
        val < val  # noqa: B015 (values are not ordered)
    assert copy.deepcopy(val) == val and copy.copy(val) == val
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(val, protocol))
        assert back == val and type(back) is val_cls
    match val:
        case val_cls(order=order, tag=None):  # type: ignore[misc]
            assert order == "A par - bur"
        case _:
            pytest.fail("no match")


def test_value_tuple_refuses_what_it_cannot_be():
    """A factory, a field left out of ``__init__`` or of equality cannot be a tuple of its fields."""
    from dipsat.model.values import value_tuple

    for extra in ({"b": field(default_factory=list)}, {"b": field(default=0, compare=False)},
                  {"b": field(default=0, init=False)}):
        with pytest.raises(TypeError, match="value_tuple"):
            value_tuple(type("Bad", (), {"__annotations__": {"a": "int", "b": "list"}, **extra}))


def test_order_result_is_a_value_tuple():
    """The model's OrderResult: the value as before (equality, replace, words), made in one call."""
    from dipsat.model.kinds import ARMY
    from dipsat.model.reasons import Stands

    order = types.Hold("France", types.Unit(ARMY, types.Location("par")))
    made = tuple.__new__(types.OrderResult, (order, types.Result.STANDS, Stands(1), None))
    assert made == types.OrderResult(order, types.Result.STANDS, Stands(1))
    assert made.reason == "stands: hold strength 1" and made.words == "stands" and str(made) == "A par H [stands] stands: hold strength 1"
    assert dataclasses.replace(made, tag=types.Tag.DISLODGED).words == "dislodged"


def test_reason_words_are_kept_on_the_reason_but_are_no_part_of_its_value():
    """A reason's words, written once and kept on it, change nothing of the value: equality, hash,
    repr, pickling; a reason unpickled writes its words again."""
    a, b = reasons.Stands(1), reasons.Stands(1)
    assert reasons.words_of(a) == "stands: hold strength 1" and reasons.words_of(a) is reasons.words_of(a)
    assert a == b and hash(a) == hash(b) and repr(a) == repr(b)
    back = pickle.loads(pickle.dumps(a))
    assert back == a and reasons.words_of(back) == "stands: hold strength 1"
    assert types.OrderResult(None, types.Result.STANDS, back).reason == "stands: hold strength 1"  # type: ignore[arg-type]
    assert reasons.words_of("plain words") == "plain words"


CV = ClassVar  # an alias dataclasses follows through the module's names


@pytest.mark.parametrize("annotation", [
    "int", "list[int]", "ClassVar", "ClassVar[int]", "  ClassVar[int]", "CV[int]", "CV",
    "typing.ClassVar[int]", "typing.List[int]", "dataclasses.InitVar[int]", "dataclasses.KW_ONLY",
    "dataclasses.field", "InitVar[int]", "KW_ONLY", "pytest.ClassVar", "NotAName[int]", "'int'", "[int]", "",
    "dataclasses . InitVar", "typing.CV",
])
def test_an_annotation_is_told_apart_as_dataclass_tells_it(annotation):
    """:func:`values._special` (one look) says what dataclasses' ``_is_type`` says in three."""
    import dataclasses as dc
    import typing as tp

    from dipsat.model import values

    here = type("Here", (), {"__module__": __name__})
    names = {**globals(), "InitVar": dc.InitVar, "KW_ONLY": dc.KW_ONLY, "typing": tp, "dataclasses": dc}
    module = sys.modules[__name__]
    saved = {k: module.__dict__.get(k, values.MISSING) for k in ("InitVar", "KW_ONLY", "typing", "dataclasses")}
    module.__dict__.update({k: names[k] for k in saved})
    try:
        classvar = dc._is_type(annotation, here, tp, tp.ClassVar, dc._is_classvar)
        other = dc._is_type(annotation, here, dc, dc.KW_ONLY, dc._is_kw_only) or \
            dc._is_type(annotation, here, dc, dc.InitVar, dc._is_initvar)
        expected = values._CLASSVAR if classvar else values._KW_ONLY_OR_INITVAR if other else None
        assert values._special(annotation, module.__dict__) == expected
    finally:
        for k, v in saved.items():
            if v is values.MISSING:
                module.__dict__.pop(k, None)
            else:
                module.__dict__[k] = v
