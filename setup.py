"""The one thing pyproject.toml cannot say (everything else is there).

The static data lives in the top-level ``data/`` folder of the checkout, and installs as the
``engines.data`` package, so ``import engines.data`` and ``importlib.resources`` find it inside
the installed package, outside any checkout. pyproject.toml's package finder only lists the
folders it walks, and ``engines/`` holds no ``data/``: the mapped package is named here, beside
the packages found under ``bot/``, ``engines/`` and ``renderers/``. A checkout that is not
installed finds ``data/`` through ``engines/__init__.py`` (``_CheckoutData``).
"""

from setuptools import find_namespace_packages, setup

DATA = ["engines.data", *(f"engines.data.{p}" for p in find_namespace_packages(where="data"))]

setup(
    packages=[*find_namespace_packages(include=["bot*", "engines*", "renderers*"]), *DATA],
    package_dir={"engines.data": "data"},
)
