"""The service's own user mistakes, beside the command line's (:func:`dipsat.cli.errors.user_errors`)."""
from __future__ import annotations

from dipsat.model.errors import InputError


class NotFound(InputError):
    """No such game, case or file: HTTP 404."""


class Forbidden(InputError):
    """The token does not allow this: HTTP 403."""


class Conflict(InputError):
    """The game is not in a state that allows this (over, or the phase moved on): HTTP 409."""
