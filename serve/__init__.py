"""dipsat.serve: ``dipsat serve``, a judge on the network and pages in the browser.

:func:`dipsat.serve.app.create_app` builds the ASGI application (FastAPI): the godip-compatible
judge (:mod:`.judge`), dipsat's own API (:mod:`.api`), games kept in SQLite (:mod:`.store`,
:mod:`.games`) and the sandbox and game pages (``pages/``). See ``docs/serve.md``.
"""
