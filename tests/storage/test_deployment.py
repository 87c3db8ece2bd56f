"""The deployment files (issue 16.6) agree with the code. Docker itself is not needed: the
image is checked for what it would contain, the compose file by reading it."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import yaml

from storage import open_store
from storage.postgres import PostgresStore

ROOT = Path(__file__).resolve().parents[2]


def _ignored(path: str) -> bool:
    patterns = [
        line.strip().rstrip("/")
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    return any(
        fnmatch.fnmatch(path, p) or fnmatch.fnmatch(path, p.removeprefix("**/")) for p in patterns
    )


def test_the_image_gets_every_package_and_what_pyproject_needs() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    packages = [
        name.rstrip("*") for name in project["tool"]["setuptools"]["packages"]["find"]["include"]
    ]
    wanted = [*packages, "pyproject.toml", project["project"]["readme"]]
    assert all((ROOT / name).exists() for name in wanted)
    assert [name for name in wanted if _ignored(name)] == []
    assert _ignored(".env") and _ignored(".git") and _ignored("data")
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "COPY . ." in dockerfile and '".[postgres]"' in dockerfile
    assert "postgres" in project["project"]["optional-dependencies"]


def test_compose_runs_the_bot_on_a_healthy_postgres_with_volumes() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    db, bot = compose["services"]["db"], compose["services"]["bot"]
    assert db["image"].startswith("postgres:") and "healthcheck" in db
    assert bot["depends_on"]["db"]["condition"] == "service_healthy"
    assert bot["build"] == "."
    url = bot["environment"]["DATABASE_URL"].replace("${POSTGRES_PASSWORD:-boardbot}", "pw")
    assert isinstance(open_store(url), PostgresStore)
    assert url.endswith("@db:5432/" + db["environment"]["POSTGRES_DB"])
    named = set(compose["volumes"])
    mounted = {v.split(":")[0] for s in (db, bot) for v in s["volumes"]}
    assert {"pgdata", "botdata"} <= named & mounted
