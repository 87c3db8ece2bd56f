"""How matches come to be: challenges and rematches, open seeks, lobbies for bigger games, how a
waiting match opens, who may challenge whom (consent and blocks), a server's own settings,
and tournaments.

It may import :mod:`bot.service.computer` (a computer can be challenged or fill a lobby seat),
``play``, ``match`` and ``text`` (and below).
"""
