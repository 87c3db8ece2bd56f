"""The browser front end: a match's board page, live, with replay and moves by clicking.

It sits beside the Discord adapter and the console and, like them, talks only to the service
(:attr:`bot.service.Service.pages`); see :mod:`bot.web.app` for the routes and
:mod:`bot.web.live` for how pages hear about moves made in other processes.
"""
