"""Standard modules a library imports but does not use at start-up, imported at their first use.

A module imported at the top of a library costs every process that imports the library, used or
not: :mod:`dataclasses` imports :mod:`inspect` (with ``ast``, ``dis``, ``tokenize``) only to write
the docstring of a class that has none, pyarrow imports :mod:`socket` only to find a free port in
its tests, :mod:`pickle` only to pickle, :mod:`decimal` only to convert decimals (issue 23:
start-up, some 5-10 % of a one-game replay). :func:`imported_on_use` imports such a library with
a stand-in (:class:`ImportedOnUse`) in ``sys.modules`` for each of those names: the library keeps
the stand-in, which imports the real module at its first use and hands over each attribute of
it; once the library is imported the stand-ins leave ``sys.modules``, so that every later
``import`` gets the real module. Nothing changes but when the module is imported.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module
from types import ModuleType
from typing import Any


class ImportedOnUse(ModuleType):
    """Stands in for the module of its name: the first attribute asked of it imports the real
    module (if it is not loaded yet); every attribute is the real module's."""

    def __getattr__(self, name: str) -> Any:
        real = sys.modules.get(self.__name__)
        if real is None or real is self:
            if real is self:  # used while the library is still being imported: import the real one now
                del sys.modules[self.__name__]
            real = import_module(self.__name__)
        return getattr(real, name)


@contextmanager
def imported_on_use(*names: str) -> Iterator[None]:
    """Run the ``with`` block (a library's import) with :class:`ImportedOnUse` in ``sys.modules``
    for each module of ``names`` not loaded yet; they leave it at the end of the block."""
    stand_ins = {name: ImportedOnUse(name, "imported at its first use (dipsat.model.on_use)")
                 for name in names if name not in sys.modules}
    sys.modules.update(stand_ins)
    try:
        yield
    finally:
        for name, stand_in in stand_ins.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]


@contextmanager
def lazily_bound() -> Iterator[None]:
    """Run the ``with`` block (an import) with the C libraries of the extension modules it loads
    bound lazily (``RTLD_LAZY``): each function a library calls in another is looked up at its
    first call, not all of them when it is loaded, as Python asks (``RTLD_NOW``) to report a
    missing one as an ``ImportError``. Arrow's and OR-Tools' libraries are large C++ libraries
    that call thousands of functions of their own dependencies: importing OR-Tools' CP-SAT helper
    took 335 million instructions, 241 million bound lazily; pyarrow 204, 192 (issue 23). Nothing
    where the platform has no such choice."""
    flags = sys.getdlopenflags() if hasattr(sys, "getdlopenflags") else None
    lazy = getattr(os, "RTLD_LAZY", None)
    if flags is None or lazy is None:
        yield
        return
    sys.setdlopenflags((flags & ~(os.RTLD_NOW | lazy)) | lazy)
    try:
        yield
    finally:
        sys.setdlopenflags(flags)


def imported(name: str, on_use: tuple[str, ...] = ()) -> ModuleType:
    """The module ``name``, imported now if it is not yet: its libraries :func:`lazily_bound`, the
    modules of ``on_use`` :func:`imported_on_use`."""
    module = sys.modules.get(name)
    if module is None:
        with imported_on_use(*on_use), lazily_bound():
            module = import_module(name)
    return module
