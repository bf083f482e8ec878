"""Turnpost installs like a Python package. pyproject.toml keeps lower bounds; the lock files pin
one tested set, and must pin everything pyproject.toml asks for."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
RUNTIME: list[str] = PYPROJECT["project"]["dependencies"]
TEST: list[str] = PYPROJECT["project"]["optional-dependencies"]["test"]
BUILD: list[str] = PYPROJECT["build-system"]["requires"]


def test_pyproject_states_lower_bounds_not_pins() -> None:
    """For people installing Turnpost as a library: what it works with, not one exact set."""
    for requirement in RUNTIME + TEST:
        assert ">=" in requirement and "==" not in requirement, requirement


@pytest.mark.parametrize(
    ("lock", "requirements"),
    [("requirements.lock", RUNTIME + BUILD), ("requirements-test.lock", RUNTIME + TEST)],
)
def test_the_lock_pins_everything_pyproject_asks_for(lock: str, requirements: list[str]) -> None:
    """requirements.lock (the Docker image: runtime and build backend) and requirements-test.lock
    (CI) pin a version of every requirement, within its bound; a dependency added to
    pyproject.toml without regenerating the locks (see their headers) fails here."""
    pins = _pins(ROOT / lock)
    for requirement in requirements:
        name, _, bound = requirement.partition(">=")
        key = _normal(name)
        assert key in pins, f"{name} is not in {lock} (regenerate it: the command is in its header)"
        if bound:
            assert _version(pins[key]) >= _version(bound), f"{name}: {lock} has {pins[key]}"


def _normal(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(".", "-")


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(".")[:3] if part.isdigit())


def _pins(path: Path) -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if "==" in line and not line.startswith((" ", "#")):
            name, _, rest = line.partition("==")
            pins[_normal(name)] = rest.split()[0]
    return pins
