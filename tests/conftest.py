"""Shared test configuration.

Hypothesis runs a modest number of examples by default so the whole suite stays within a few
minutes on a shared two-core machine; set ``HYPOTHESIS_PROFILE=thorough`` for a deeper run.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "thorough",
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


FIRST = "tests/test_lowest_versions.py::test_the_tests_pass_on_the_lowest_versions_allowed"
"""The longest single test (the tests again, on the lowest versions allowed): run first, so
the other workers share out the rest of the suite beside it (``--dist worksteal``) instead of
waiting for it at the end."""


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """One worker more than there are cores (``-n auto``): a third of the suite's time is
    spent waiting — on the browser, on the bot's and the web board's own processes, on
    PostgreSQL — and a full run on 2 cores kept them only 133 % busy with two workers. An
    explicit ``-n`` still wins."""
    return (os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.nodeid != FIRST)  # stable: the rest keep their order
