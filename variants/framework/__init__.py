"""The variant framework: what a variant adds to the standard game, in pieces.

* :mod:`.orders`: the base of a variant's own order types and helpers to read them;
* :mod:`.options`: rulings left open, as named choices (``telepath,ban_prevent=kept``);
* :mod:`.state`: the per-game state that travels with the board (:class:`VariantPosition`);
* :mod:`.engine`: pieces of a phase engine (split orders, merge results, insert rule modules,
  named constant terms for the strength expressions);
* :mod:`.record`, :mod:`.replay`, :mod:`.report`: game records, played and reported
  (``dipsat play``), with the public and the game master's view.
"""
