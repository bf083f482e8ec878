"""Shared fixtures: the test-only game is registered for every test."""

from __future__ import annotations

import engines
from tests.testgame import ENGINE as TALLY

engines.register(TALLY)
