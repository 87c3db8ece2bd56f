"""The deployment files (issue 16.6) agree with the code. Docker itself is not needed: the
image is checked for what it would contain, the compose file by reading it."""

from __future__ import annotations

import os
import re
import subprocess
import tomllib
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml
from pydantic import ValidationError

from bot.health import CHECK_SECONDS
from bot.settings import Settings, explain
from storage import SqliteStore, open_store
from storage.postgres import PostgresStore

ROOT = Path(__file__).resolve().parents[2]


def _ignored(path: str) -> bool:
    """Whether ``docker build`` leaves ``path`` out, by Docker's rules: a pattern is matched
    from the context's root (``*.clock`` is only the top folder's; ``**/*.clock`` is any
    folder's), ``*`` stays within one folder, and a matched folder takes all it holds."""
    patterns = [
        line.strip().rstrip("/")
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    parts = path.split("/")
    prefixes = ["/".join(parts[:n]) for n in range(1, len(parts) + 1)]
    return any(re.fullmatch(_docker_regex(p), prefix) for p in patterns for prefix in prefixes)


def _docker_regex(pattern: str) -> str:
    pieces = re.split(r"(\*\*/|\*\*|\*|\?)", pattern)
    wild = {"**/": "(.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}
    return "".join(wild.get(piece, re.escape(piece)) for piece in pieces)


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
    url = interpolate(bot["environment"]["DATABASE_URL"], {"POSTGRES_PASSWORD": "pw"})
    assert isinstance(open_store(url), PostgresStore)
    assert url.endswith("@db:5432/" + db["environment"]["POSTGRES_DB"])
    named = set(compose["volumes"])
    mounted = {v.split(":")[0] for s in (db, bot) for v in s["volumes"]}
    assert {"pgdata", "botdata"} <= named & mounted


def interpolate(text: str, env: dict[str, str]) -> str:
    """Compose's ``${NAME}``, ``${NAME:-default}`` and ``${NAME:?message}``: the last stops
    ``docker compose up`` with the message when NAME is unset or empty."""

    def value(found: re.Match[str]) -> str:
        name, how, word = found.group(1), found.group(2), found.group(3) or ""
        given = env.get(name, "")
        if how == ":?" and not given:
            raise LookupError(f"required variable {name} is missing a value: {word}")
        return given or (word if how == ":-" else "")

    return re.sub(r"\$\{(\w+)(?:(:[?-])([^}]*))?\}", value, text)


COMPOSE = yaml.safe_load((ROOT / "compose.yaml").read_text())
PASSWORD = "p@ss/w#rd:50%?&=x"


def test_compose_requires_a_postgres_password_and_never_defaults_it() -> None:
    """A blank POSTGRES_PASSWORD used to become ``boardbot``, a password anyone can guess."""
    text = (ROOT / "compose.yaml").read_text()
    assert ":-" not in text  # no default for anything, the password least of all
    db, bot = COMPOSE["services"]["db"], COMPOSE["services"]["bot"]
    for setting in (
        db["environment"]["POSTGRES_PASSWORD"],
        bot["environment"]["DATABASE_PASSWORD"],
    ):
        assert setting.startswith("${POSTGRES_PASSWORD:?")
        for blank in ({}, {"POSTGRES_PASSWORD": ""}):
            with pytest.raises(LookupError, match="POSTGRES_PASSWORD"):
                interpolate(setting, blank)


def test_compose_passes_the_password_apart_so_any_character_works(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Pasted into the URL, ``@``, ``/`` or ``#`` in the password broke it. The bot gets the
    URL without a password and the password as DATABASE_PASSWORD, exactly as typed."""
    bot = COMPOSE["services"]["bot"]
    env = {"POSTGRES_PASSWORD": PASSWORD}
    url = interpolate(bot["environment"]["DATABASE_URL"], env)
    assert urlsplit(url).password is None and PASSWORD not in url
    monkeypatch.chdir(tmp_path)
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    for name, setting in bot["environment"].items():
        monkeypatch.setenv(name, interpolate(str(setting), env))
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    store = settings.store()
    assert isinstance(store, PostgresStore) and store.dsn == url
    assert store._password == PASSWORD  # what asyncpg is given (tests/storage/test_postgres.py)
    assert PASSWORD not in repr(settings)


def test_the_bot_service_and_image_have_a_health_check() -> None:
    """``python -m bot --check`` (tests/bot/test_health_check.py): the store opens and the
    heartbeat is recent; its own patience is inside the health check's timeout."""
    check = COMPOSE["services"]["bot"]["healthcheck"]
    assert check["test"] == ["CMD", "python", "-m", "bot", "--check"]
    assert _seconds(check["timeout"]) > CHECK_SECONDS
    assert _seconds(check["start_period"]) >= 60 and check["retries"] >= 2
    dockerfile = (ROOT / "Dockerfile").read_text()
    healthcheck = re.search(r"^HEALTHCHECK .*CMD (\[.*\])$", dockerfile, re.MULTILINE)
    assert healthcheck and healthcheck.group(1) == '["python", "-m", "bot", "--check"]'
    assert f"--timeout={check['timeout']}" in dockerfile


def _seconds(duration: str) -> float:
    units = {"s": 1, "m": 60, "h": 3600}
    return sum(float(n) * units[u] for n, u in re.findall(r"(\d+)([smh])", duration))


def test_images_are_pinned_to_a_release() -> None:
    """``postgres:16`` or ``python:3.11-slim`` move under the bot with every patch release and
    base-system change; a pinned tag changes only when this repository says so."""
    assert re.fullmatch(r"postgres:\d+\.\d+-[a-z]+", COMPOSE["services"]["db"]["image"])
    base = re.search(r"^FROM (\S+)$", (ROOT / "Dockerfile").read_text(), re.MULTILINE)
    assert base and re.fullmatch(r"python:\d+\.\d+\.\d+-slim-[a-z]+", base.group(1))


def _image_environment() -> dict[str, str]:
    """The ``ENV`` lines of the Dockerfile, as the image's environment."""
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    env: dict[str, str] = {}
    for line in text.splitlines():
        if line.startswith("ENV "):
            env.update(pair.split("=", 1) for pair in line.removeprefix("ENV ").split())
    return env


def _env_file(path: Path) -> dict[str, str]:
    """A file as ``docker run --env-file`` reads it: ``NAME=value`` lines taken literally (no
    quotes removed, nothing after a # dropped), lines starting with # skipped."""
    env: dict[str, str] = {}
    for line in path.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#") and "=" in line:
            name, value = line.split("=", 1)
            env[name.strip()] = value
    return env


def _container_settings(monkeypatch: pytest.MonkeyPatch, workdir: Path, env_file: Path) -> Settings:
    """The settings the bot reads in the image run with ``--env-file``: the image's ENV, then
    the file's lines over them (Docker's order), in the image's working directory."""
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    monkeypatch.delenv("DATABASE_PATH", raising=False)
    for name, value in {**_image_environment(), **_env_file(env_file)}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(workdir)
    return Settings(_env_file=None)  # type: ignore[call-arg]


def test_docker_run_with_the_example_env_file_keeps_the_database_in_the_volume(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The operators' route without compose: ``.env`` copied from ``.env.example``. Its
    DATABASE_URL used to win over the image's, putting the file in /app/data: outside the
    volume (lost on rebuild) and not writable by the image's user."""
    dockerfile = (ROOT / "Dockerfile").read_text()
    volume = re.search(r'^VOLUME \["(.+)"\]$', dockerfile, re.MULTILINE)
    assert volume is not None
    user = re.search(r"^USER (\w+)$", dockerfile, re.MULTILINE)
    assert user and f"chown {user.group(1)}:{user.group(1)} {volume.group(1)}" in dockerfile
    settings = _container_settings(monkeypatch, tmp_path, ROOT / ".env.example")
    store = settings.store()
    assert isinstance(store, SqliteStore)
    assert (tmp_path / store.path).resolve().is_relative_to(volume.group(1))
    assert settings.data_dir == Path(volume.group(1))


def test_a_copied_env_that_names_a_file_outside_the_volume_stops_the_container(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An operator who uncomments the example's line gets one line at start-up, not a bot
    writing where a rebuild loses it."""
    text = (ROOT / ".env.example").read_text()
    line = next(x for x in text.splitlines() if x.startswith("# DATABASE_URL=sqlite:"))
    env = tmp_path / ".env"
    env.write_text(text.replace(line, line.removeprefix("# ")))
    (tmp_path / "app").mkdir()
    with pytest.raises(ValidationError) as caught:
        _container_settings(monkeypatch, tmp_path / "app", env)
    said = explain(caught.value)
    assert said.startswith("Settings: DATABASE_URL puts the SQLite file at ")
    assert "outside DATA_DIR /data" in said and "\n" not in said


@pytest.mark.parametrize(
    "path", [".venv/bin/python", "demo.sqlite3.clock", "data/console.sqlite3.clock", "boards/a.png"]
)
def test_git_ignores_what_the_readme_and_the_console_leave_behind(path: str) -> None:
    found = subprocess.run(["git", "check-ignore", "--no-index", "-q", path], cwd=ROOT, check=False)
    assert found.returncode == 0, f"{path} is not in .gitignore"


@pytest.mark.parametrize(
    "path",
    [
        "boards/match1-001.png",
        "demo.sqlite3",
        "sub/demo.sqlite3",
        "demo.sqlite3-wal",
        "sub/demo.sqlite3-shm",
        "demo.sqlite3.clock",
        "data/bot.sqlite3",
        ".venv/bin/python",
        "bot/__pycache__/x.pyc",
    ],
)
def test_the_image_leaves_out_local_data(path: str) -> None:
    assert _ignored(path), f"{path} would be copied into the image"


def test_the_dockerignore_matcher_follows_docker() -> None:
    """Patterns start at the root and ``*`` stays in its folder, as in ``docker build``."""
    assert _docker_regex("*.db") == r"[^/]*\.db"
    assert re.fullmatch(_docker_regex("**/*.db"), "a/b/c.db")
    assert not re.fullmatch(_docker_regex("*.db"), "a/c.db")


OPERATOR = (ROOT / "docs" / "operators.md").read_text()
FLAT = " ".join(OPERATOR.split())
"""The section as prose, line breaks aside, for phrases."""


def _block_after(marker: str) -> str:
    """The first ``sh`` block after ``marker`` in the operators' page."""
    rest = OPERATOR[OPERATOR.index(marker) :]
    return rest[rest.index("```sh\n") + 6 : rest.index("\n```", rest.index("```sh\n"))]


def test_the_operators_page_names_the_images_volume_and_check_the_files_use() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    base = re.search(r"^FROM (\S+)$", dockerfile, re.MULTILINE)
    assert base and f"`{base.group(1)}`" in OPERATOR
    assert f"`{COMPOSE['services']['db']['image']}`" in OPERATOR
    volume = re.search(r'^VOLUME \["(.+)"\]$', dockerfile, re.MULTILINE)
    assert volume and f"-v boardbot-data:{volume.group(1)} boardbot" in _block_after(
        "**Without compose**"
    )
    assert f"`DATA_DIR={_image_environment()['DATA_DIR']}`" in OPERATOR
    assert f"`DATABASE_URL={_image_environment()['DATABASE_URL']}`" in OPERATOR
    assert " ".join(COMPOSE["services"]["bot"]["healthcheck"]["test"][1:]) in OPERATOR
    assert COMPOSE["services"]["bot"]["environment"]["DATABASE_URL"] in OPERATOR
    required = COMPOSE["services"]["db"]["environment"]["POSTGRES_PASSWORD"]
    assert f'"{required.split(":?")[1].rstrip("}")}"' in FLAT


def test_the_recipe_for_postgresql_with_the_console_works(tmp_path: Path) -> None:
    """The operators' page's commands, as an operator pastes them (the install aside): a PostgreSQL
    server from pgserver, two matches' worth of console, the health check, and the stop."""
    recipe = _block_after("**Try PostgreSQL locally.**").splitlines()
    assert recipe[0].startswith("pip install")
    script = "set -e\n" + "\n".join(recipe[1:])
    stop = recipe[-1].split("  #")[0]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONWARNINGS": "ignore"}
    for name in Settings.model_fields:
        env.pop(name.upper(), None)
    try:
        done = subprocess.run(
            ["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
            timeout=180,
        )  # fmt: skip
    finally:
        subprocess.run(["bash", "-c", stop], cwd=tmp_path, env=env, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines() + done.stderr.splitlines()
    assert "[notify alice] alice, it's your turn in Ordo (match #1)." in lines
    assert any(
        line.startswith("ok: PostgreSQL postgres at the local socket; last heartbeat")
        for line in lines
    ), lines
