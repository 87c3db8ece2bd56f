"""The computer at the table: its seats and levels, the queue its turns wait in, ``/match hint``,
and match reviews judged move by move.

It sits over :mod:`bot.service.play` (a computer's turn is played like anyone's) and may import
``play``, ``match`` and ``text`` (and below); matchmaking, records, pages and people sit over it.
"""
