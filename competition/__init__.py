"""Competition arithmetic: who plays whom, the table of standings, and ratings.

Pure functions of plain data, beside ``games/`` and below everything that stores or shows:
the use cases call them from any front end, the benchmarks time them alone, and the tests
run thousands of tournaments in seconds. They import the standard library and two well-kept
libraries only (``networkx`` for the Swiss matching, ``openskill`` for multi-seat ratings),
never ``bot``, ``storage``, ``render`` or an event loop: an import-linter contract in
``pyproject.toml`` holds that line.
"""
