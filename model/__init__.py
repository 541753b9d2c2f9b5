"""dipsat.model: the game as values: map, units, orders, positions, case files. Pure Python.

Vocabulary (one word per concept, DATC terms):
- power: a player's country (England, France, ...), never "nation" or "country".
- province: a map area by its id (``stp``); location: a province with an optional coast (``stp/nc``).
- unit: an army (A) or fleet (F) at a location; piece: a unit with its owning power.
- order results: succeeds, fails, illegal, invalid, given, cut, available, disrupted, stands;
  unit fates: dislodged, destroyed.
- illegal: understood but not allowed (the unit holds); invalid (DATC): a support or convoy that does
  not match the supported unit's order, or a move needing a convoy that nobody ordered.
- A text that cannot be read at all raises :class:`dipsat.model.errors.OrderError` (or another
  :class:`dipsat.model.errors.InputError`), never a result.
"""
