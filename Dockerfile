# The bot image, built from the repository alone: `docker build -t boardbot .`
# (or `docker compose up -d --build`, see compose.yaml). The PostgreSQL driver is included,
# so one image serves both engines; DATABASE_URL chooses.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
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
CMD ["python", "-m", "bot"]
