"""A player's analysis lines, the parts that need no store: the tree as it is kept
(:mod:`.lines`), the steps chance decides and the outcomes a player picks from (:mod:`.chance`),
and the lines as the owner's own export writes them (:mod:`.picks`).

Why here, under play, and not beside the board's use cases in :mod:`bot.service.pages`: the
owner's export (:mod:`bot.service.records`) writes the lines too, and records may import play
but not pages. May import: :mod:`games`, :mod:`bot.words` and the rest of :mod:`bot.service.play`.
"""
