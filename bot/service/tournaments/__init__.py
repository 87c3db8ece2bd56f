"""Leagues and tournaments: who plays whom each round, and the table of standings.

Everything here is pure (standard library only) so the use cases that store rounds and start
matches can call it from any front end, and tests can run thousands of tournaments in seconds.
"""
