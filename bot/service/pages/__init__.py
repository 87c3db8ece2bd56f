"""The web board and the Discord Activity as use cases: who may look at a page, what it shows, a
move by clicking, the replay, and who Discord says opened the Activity.

It may import ``matchmaking``, ``computer``, ``play``, ``match`` and ``text`` (and below); the web
front end (:mod:`bot.web`) calls it through :class:`bot.service.Service`.
"""
