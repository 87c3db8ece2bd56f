"""A match's time: time controls as players type them, the clocks that run on them, and the
quiet hours during which a player's clock does not run.

Kept apart from the rest of the match core because three modules answer one question —
how much time a seat has — and everything else in ``bot.service.match`` only asks it. It
imports ``bot.service.base``, ``bot.service.replies`` and ``bot.service.text``, never the
rest of the match core.
"""
