"""Leagues and tournaments as use cases: sign-up, rounds, games and the final word.

Who plays whom and the table of standings are pure arithmetic in :mod:`competition`; this
package decides when a round is paired, stores it, and starts its games.
"""
