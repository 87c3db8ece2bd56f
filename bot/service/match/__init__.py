"""The match core: reading a match once (record, seats, names), the one guarded transition every
change goes through, clocks, time controls and quiet hours (:mod:`bot.service.match.clock`),
where a match is played (venues), its signed web links, the per-person limits checked where work
is queued, how players are told it is their turn, and the worker pool for CPU-heavy work.

Why together: these are what every use case stands on, and none of them knows what a move, a
challenge or a review is. It may import :mod:`bot.service.text` and below — never ``play``,
``computer``, ``matchmaking``, ``records``, ``pages`` or ``people``.
"""
