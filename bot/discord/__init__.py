"""The Discord adapter: discord.py app, cogs, persistent components and delivery.

Files here may import discord; they translate interactions into :mod:`bot.service` calls and
replies into messages, and hold no rules of their own.
"""
