"""Registers the ``rules`` marker used to tie Brass tests to rule ids."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rules(*ids): the rule ids of RULES.md a test covers")
