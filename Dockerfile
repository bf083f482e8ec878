# Turnpost: the Discord bot. Build: docker build -t turnpost .   Run: see compose.yaml
#
# Two stages. The first makes a virtual environment from the lock file (exact versions, hashes
# checked) and installs Turnpost into it as an ordinary package, not editable: the code and its
# data (boards, cards, catalogs, fonts: the data/ folder, installed as engines/data) are copied
# into site-packages. The second stage copies only that environment: no source tree, no pip cache,
# no build step at run time.
FROM python:3.11-slim AS build

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PATH=/opt/turnpost/bin:$PATH

RUN python -m venv /opt/turnpost
WORKDIR /src
# Dependencies first, so editing the code does not invalidate this layer.
COPY requirements.lock ./
RUN pip install --require-hashes -r requirements.lock
COPY pyproject.toml setup.py README.md ./
COPY data data
COPY engines engines
COPY renderers renderers
COPY bot bot
# The build backend (setuptools, wheel) comes from the lock too, hence no build isolation.
RUN pip install --no-deps --no-build-isolation . \
    && cd / && python -c "from engines.data import data_path; assert data_path('fonts').is_dir()"

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/turnpost/bin:$PATH \
    TURNPOST_DB=/data/turnpost.db

# libfribidi: Pillow's wheel bundles libraqm but loads libfribidi at run time; with it, boards lay
# out right-to-left names (Hebrew, Arabic) with raqm (bidi + HarfBuzz shaping), without it they
# fall back to python-bidi + arabic-reshaper (renderers/kit/fonts.py glyph_runs).
RUN apt-get update \
    && apt-get install -y --no-install-recommends libfribidi0 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --create-home --uid 10001 turnpost \
    && mkdir /data && chown turnpost:turnpost /data

COPY --from=build /opt/turnpost /opt/turnpost
RUN python -c "from PIL import features; assert features.check('raqm'), 'no raqm'"
WORKDIR /home/turnpost

# The database lives on a volume so games survive a new image. No secrets in the image:
# DISCORD_TOKEN comes from the environment (compose.yaml reads .env).
VOLUME ["/data"]
USER turnpost

HEALTHCHECK --interval=60s --timeout=10s --start-period=30s --retries=3 \
    CMD ["turnpost", "health"]

CMD ["turnpost", "run"]
