# The bot image, built from the repository alone: `docker build -t boardbot .`
# (or `docker compose up -d --build`, see compose.yaml). The PostgreSQL driver is included,
# so one image serves both engines; DATABASE_URL chooses.
# The base is pinned to a release (tests/storage/test_deployment.py checks): a new Python
# patch or Debian comes in by changing this line, not under a running bot.
FROM python:3.11.13-slim-bookworm

# DATA_DIR is the volume: a SQLite DATABASE_URL outside it (say, a .env copied from
# .env.example with its line uncommented) is refused at start-up instead of being written
# where a rebuild loses it and this image's user may not write.
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATA_DIR=/data \
    DATABASE_URL=sqlite:////data/bot.sqlite3

WORKDIR /app
# Everything .dockerignore lets through: the packages, pyproject.toml and the README it names.
COPY . .
RUN pip install ".[postgres]" \
    && useradd --system --create-home --uid 10001 boardbot \
    && mkdir -p /data && chown boardbot:boardbot /data

# The SQLite file (the default engine) lives here; mount a volume so it outlives the container.
VOLUME ["/data"]
USER boardbot
# Healthy while the store opens and the bot's heartbeat (written every TICK_SECONDS) is recent:
# `python -m bot --check` says so in one line (`docker inspect` keeps the last ones).
HEALTHCHECK --interval=60s --timeout=30s --start-period=120s --retries=3 CMD ["python", "-m", "bot", "--check"]
CMD ["python", "-m", "bot"]
