# The bot image: built from the repository alone (`docker build .`).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATABASE_PATH=/data/bot.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY render ./render
COPY storage ./storage
COPY bot ./bot
COPY benchmarks ./benchmarks
RUN pip install . \
    && useradd --system --create-home --uid 10001 boardbot \
    && mkdir -p /data && chown boardbot:boardbot /data

# The SQLite file lives here when no PostgreSQL DATABASE_URL is given; mount a volume.
VOLUME ["/data"]
USER boardbot
CMD ["python", "-m", "bot"]
