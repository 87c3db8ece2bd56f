"""The people who play, over time: correspondence (reminders, timeouts, digests, vacations,
ratings and the waiting list), the DMs kept for a player who could not be reached, and the
client language every command notes, which their DMs speak.

It may import ``matchmaking``, ``computer``, ``play``, ``match`` and ``text`` (and below).
"""
