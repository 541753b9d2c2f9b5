"""Variant options: rulings that reasonable judges could make either way, as named choices.

A variant declares its options (:class:`VariantOption`); a variant value carries one choice per
option (the first choice is the default). A variant is named with its choices as
``NAME[,OPTION=CHOICE...]``, e.g. ``telepath,ban_prevent=kept``, on the command line (``--variant``)
and in case files (``VARIANT``).
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Callable, Mapping

from dipsat.model.errors import InputError
from dipsat.model.values import value_class

__all__ = ["VariantOption", "VariantOptionError", "option", "split_spec", "check_choices", "merge_specs", "know_names"]


class VariantOptionError(InputError):
    """A variant option or choice that the variant does not know; the message lists the known ones."""


@value_class(slots=False)
class VariantOption:
    """One ruling left open: the question, and each choice with what it means."""

    name: str
    question: str
    choices: Mapping[str, str]
    """Choice name -> meaning; the first is the default."""
    sentence: str = ""
    """The words of the variant's text the question rests on, quoted as printed (``""``: the
    question quotes them itself)."""

    @property
    def default(self) -> str:
        """The choice in force unless another is named."""
        return next(iter(self.choices))


def option(name: str, question: str, *, sentence: str = "", **choices: str) -> VariantOption:
    """Declare an option; keyword order gives the choices, the first being the default;
    ``sentence``: the words of the variant's text it rests on."""
    return VariantOption(name, question, MappingProxyType(dict(choices)), sentence)


def merge_specs(given: str, own: str) -> str:
    """The variant named on a command line (``given``) merged with a file's own ``VARIANT`` line
    (``own``): the file's options hold unless ``given`` names the same option. A standard file
    (``own`` the standard game, which has no options to keep) is played as ``given`` (the DATC
    under a variant).

    Raises:
        VariantOptionError: the two name different variants (the message quotes both); ``own`` is
            compared by name only, so an alias of the same variant agrees.
    """
    name, chosen = split_spec(given)
    own_name, own_chosen = split_spec(own)
    if _base(own_name) == "standard":
        return given
    if _base(name) != _base(own_name):
        raise VariantOptionError(f"--variant {given} names another variant than the file's own VARIANT {own}; "
                                 "give the file's variant (its options may be changed) or none")
    merged = {**own_chosen, **chosen}
    return ",".join([name, *(f"{k}={v}" for k, v in merged.items())])


_NAME_OF: list[Callable[[str], str | None]] = []
"""The registry's lookup of a variant's name by any of its names (``VariantRegistry.name_of``),
given by :mod:`dipsat.variants` when it is imported (always before this module: it is the
parent package), so that this module, below it, needs no import of it."""


def know_names(name_of: Callable[[str], str | None]) -> None:
    """Take the registry's lookup of names (called once, by :mod:`dipsat.variants`)."""
    _NAME_OF[:] = [name_of]


def _base(name: str) -> str:
    key = name.strip().lower()  # the registry knows the aliases without importing a variant
    return (_NAME_OF[0](key) if _NAME_OF else None) or key


def split_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``telepath,ban_prevent=kept`` into the name and the chosen options.

    Raises:
        VariantOptionError: a part after the name is not ``OPTION=CHOICE``, or names an option twice.
    """
    name, *parts = [p.strip() for p in spec.split(",")]
    chosen: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise VariantOptionError(f"expected OPTION=CHOICE after the variant name, got {part!r} in {spec!r}")
        if key.strip().lower() in chosen:
            raise VariantOptionError(f"option {key.strip()!r} given twice in {spec!r}")
        chosen[key.strip().lower()] = value.strip().lower()
    return name, chosen


def check_choices(variant: str, declared: Mapping[str, VariantOption], chosen: Mapping[str, str]) -> dict[str, str]:
    """Return every option's choice: the defaults, overridden by ``chosen``.

    Raises:
        VariantOptionError: an unknown option or choice (the message lists the known ones).
    """
    result = {name: opt.default for name, opt in declared.items()}
    for key, value in chosen.items():
        opt = declared.get(key)
        if opt is None:
            known = ", ".join(sorted(declared)) or "none"
            raise VariantOptionError(f"variant {variant} has no option {key!r}; its options: {known}")
        if value not in opt.choices:
            raise VariantOptionError(f"unknown choice {value!r} for option {key!r} of {variant}; "
                                     f"choose one of {', '.join(opt.choices)}")
        result[key] = value
    return result
