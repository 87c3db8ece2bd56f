"""The store's roles are laid out alike everywhere, so adding one is the same steps each time
(docs/checklists/adding-a-store.md): a module in ``storage/roles/``, one in each engine
(``storage/memory/``, ``storage/sql/``), a folder of contract tests here that calls every one
of its methods through the ``store`` fixture (memory, SQLite and PostgreSQL), and its place
in :class:`storage.base.Store`."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

import storage.roles
from storage import MemoryStore, SqliteStore, Store
from storage.roles import ROLES
from storage.sql import SqlStore

HERE = Path(__file__).parent
MODULES = sorted(m.name for m in pkgutil.iter_modules(storage.roles.__path__))


def _public(role: type) -> list[str]:
    return [
        name
        for name, member in vars(role).items()
        if inspect.iscoroutinefunction(member) and not name.startswith("_")
    ]


def _module_of(role: type) -> str:
    return role.__module__.rsplit(".", 1)[1]


def test_every_role_is_listed_and_composed_into_the_store() -> None:
    found = {
        cls
        for name in MODULES
        for cls in vars(importlib.import_module(f"storage.roles.{name}")).values()
        if inspect.isclass(cls) and cls.__module__ == f"storage.roles.{name}"
    }
    assert found == set(ROLES)
    assert Store.__bases__ == ROLES


def test_no_two_roles_share_a_method() -> None:
    names = [name for role in ROLES for name in _public(role)]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("engine", [MemoryStore, SqlStore])
@pytest.mark.parametrize("role", ROLES, ids=lambda r: r.__name__)
def test_each_engine_implements_each_role_in_the_module_of_that_name(
    engine: type, role: type
) -> None:
    package = "storage.sql" if engine is SqlStore else "storage.memory"
    mine = [
        cls
        for cls in engine.__mro__
        if cls.__module__ == f"{package}.{_module_of(role)}" and issubclass(cls, role)
    ]
    leadership_is_the_engines_own = role.__name__ == "Leadership"
    assert mine or leadership_is_the_engines_own, f"{package}.{_module_of(role)}"


@pytest.mark.parametrize("role", ROLES, ids=lambda r: r.__name__)
def test_each_role_has_contract_tests_calling_every_method_on_every_store(role: type) -> None:
    folder = HERE / _module_of(role)
    texts = [p.read_text() for p in sorted(folder.glob("test_*.py"))]
    assert texts, f"no tests in {folder}"
    assert all(re.search(r"\bstore: Store\b", t) for t in texts), "each file uses `store`"
    untested = [m for m in _public(role) if not any(f".{m}(" in t for t in texts)]
    assert not untested, f"{role.__name__} methods no test in {folder.name}/ calls: {untested}"


def test_the_sqlite_store_is_the_shared_sql_store() -> None:
    assert issubclass(SqliteStore, SqlStore)


@pytest.mark.parametrize("role", ROLES, ids=lambda r: r.__name__)
def test_a_hook_is_the_checked_half_of_a_public_call_of_its_role(role: type) -> None:
    """A wrapper hands a checked call on as its hook (``storage.wrapped.HANDED_ON``), which
    works only if ``_name`` is always the hook of ``name``."""
    hooks = [n for n in role.__abstractmethods__ if n.startswith("_")]
    assert all(hook[1:] in _public(role) for hook in hooks), hooks
