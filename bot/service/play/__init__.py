"""Playing a match: a typed move, guided turns step by step, conditional moves (premoves), how a
match ends or steps back (resignation, timeouts, draws, undos), the secret hands and the board
post that follows each turn.

It may import :mod:`bot.service.match` and :mod:`bot.service.text` (and below). The computer's
opinion a draw offer asks for comes in as a collaborator typed by a protocol here, so play never
imports :mod:`bot.service.computer`.
"""
