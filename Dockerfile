# Turnpost: the Discord bot. Build: docker build -t turnpost .   Run: see compose.yaml
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    TURNPOST_DB=/data/turnpost.db

RUN useradd --create-home --uid 10001 turnpost \
    && mkdir /data && chown turnpost:turnpost /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engines engines
COPY renderers renderers
COPY bot bot
COPY data data
RUN pip install -e .

# The database lives on a volume so games survive a new image. No secrets in the image:
# DISCORD_TOKEN comes from the environment (compose.yaml reads .env).
VOLUME ["/data"]
USER turnpost

HEALTHCHECK --interval=60s --timeout=10s --start-period=30s --retries=3 \
    CMD ["turnpost", "health"]

CMD ["turnpost", "run"]
