"""The people who play, over time: correspondence (reminders, timeouts, digests, vacations,
ratings and the waiting list) and the DMs kept for a player who could not be reached.

It may import ``matchmaking``, ``computer``, ``play``, ``match`` and ``text`` (and below).
"""
