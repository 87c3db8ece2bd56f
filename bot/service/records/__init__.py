"""What is kept and looked up: a match as a text record the engine loads back, ``/export``, and
the listings (my games, a match's history, the rules, the pickers' matches).

Only reads: it may import ``matchmaking``, ``computer``, ``play``, ``match`` and ``text`` (and
below), and nothing over it imports it but the wiring.
"""
