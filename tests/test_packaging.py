"""Turnpost installs like a Python package: the wheel carries every data file (boards, cards,
catalogs, fonts) of the top-level ``data/`` folder inside ``engines/data``, and the unpacked wheel plays and draws a game outside the
checkout, finding its data through ``importlib.resources``. pyproject.toml keeps lower bounds; the
lock files pin one tested set. The full ``pip install`` of the wheel into a fresh virtual
environment is the slow test at the end (``pytest -m slow``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from importlib import resources
from pathlib import Path

import pytest

import engines.data

ROOT = Path(__file__).resolve().parent.parent
#: What a build needs from the checkout (no tests, no docs, no virtual environment).
SOURCES = ("pyproject.toml", "setup.py", "README.md", "bot", "engines", "renderers", "data")
#: Plays a few moves and draws the board, from wherever ``engines`` is imported from; prints where.
PLAY = """
import engines, renderers
from engines.data import DATA_DIR
game = engines.get("bombay")
state = game.setup(3, {}, 5)
for text in ("move e3", "end"):
    state, events = game.play(state, 0, text)
png = renderers.get("bombay").render(game.view(state, None), names=["アナ", "Ben", "Cid"])  # the Japanese font too
assert png.startswith(b"\\x89PNG"), "not a PNG"
from engines.catalog import CATALOG  # a game's words come from its own data folder, installed
said = CATALOG.text(events[0].key, events[0].params, lang="ja")
assert events[0].key in CATALOG.messages("ja") and not said.startswith("bombay."), said
print(engines.__file__)
print(DATA_DIR)
"""


def _clean_env() -> dict[str, str]:
    """The environment without anything that would point Python back at the checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TURNPOST_DATA")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a copy of the checkout, offline, with the project's build backend."""
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(path, src / name)
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index"]
        + ["--quiet", "--wheel-dir", str(out), str(src)],
        check=True,
        env=_clean_env(),
        cwd=out,
    )
    (built,) = out.glob("turnpost-*.whl")
    return built


def test_the_wheel_carries_every_data_file(wheel: Path) -> None:
    data = ROOT / "data"
    in_checkout = {
        f"engines/data/{p.relative_to(data).as_posix()}"
        for p in data.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = sorted(in_checkout - names)
    assert not missing, (
        f"not in the wheel (add a pattern to package-data in pyproject.toml): {missing}"
    )
    assert "engines/data/locales/en/core.json" in names
    assert "engines/data/bombay/locales/ja.json" in names  # a game's words, in its own folder
    assert "engines/data/fonts/DejaVuSans.ttf" in names
    assert not [n for n in names if n.startswith("tests/")], "the tests are not part of the package"
    assert not [n for n in names if n.startswith("data/")], "the data installs as engines/data only"


def test_a_checkout_keeps_its_static_files_in_the_top_level_data_folder() -> None:
    """The code folders hold code only (#29); the checkout's ``engines.data`` is ``data/`` itself,
    read through ``importlib.resources`` as in an installed package."""
    stray = [
        p.relative_to(ROOT).as_posix()
        for folder in ("bot", "engines", "renderers")
        for p in (ROOT / folder).rglob("*")
        if p.is_file() and p.suffix != ".py" and "__pycache__" not in p.parts
    ]
    assert not stray, f"static files belong under data/: {stray}"
    assert Path(engines.data.__file__ or "") == ROOT / "data" / "__init__.py"
    assert Path(str(resources.files("engines.data"))) == ROOT / "data"


def test_the_unpacked_wheel_plays_and_draws_outside_the_checkout(
    wheel: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    # -P: the working directory is not put on sys.path; PYTHONPATH points at the unpacked wheel
    # only, so nothing can be read from the checkout (the editable install's finder comes last).
    env = _clean_env() | {"PYTHONPATH": str(site)}
    done = subprocess.run(
        [sys.executable, "-P", "-c", PLAY],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    engines_file, data_dir = done.stdout.split()
    assert Path(engines_file).is_relative_to(site), engines_file
    assert Path(data_dir) == site / "engines" / "data"


def test_the_unpacked_wheel_reports_behaviour_without_the_bench_folder(
    wheel: Path, tmp_path: Path
) -> None:
    """``turnpost arena ... --report behaviour`` (#24.3) reads each game's metrics from the
    installed package: ``bench/`` is not part of the wheel."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    assert not (site / "bench").exists()
    env = _clean_env() | {"PYTHONPATH": str(site)}
    done = subprocess.run(
        [sys.executable, "-P", "-m", "bot.cli", "arena", "bombay", "--games", "1"]
        + ["--seats", "random", "--report", "behaviour"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "fortune_share" in done.stdout


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


@pytest.mark.slow
def test_pip_install_of_the_wheel_runs_turnpost_outside_the_checkout(
    wheel: Path, tmp_path: Path
) -> None:
    """The real thing: a fresh virtual environment, ``pip install`` of the wheel (dependencies from
    the package index, pinned by the lock), then the ``turnpost`` command from an empty folder."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    env = _clean_env()
    subprocess.run(
        pip + ["--require-hashes", "-r", str(ROOT / "requirements.lock")], check=True, env=env
    )
    subprocess.run(pip + ["--no-deps", str(wheel)], check=True, env=env)
    work = tmp_path / "elsewhere"
    work.mkdir()
    turnpost = str(venv / "bin" / "turnpost")
    board = work / "board.png"
    subprocess.run(
        [turnpost, "render", "bombay", "--moves", "5", "--out", str(board)],
        check=True,
        cwd=work,
        env=env,
    )
    assert board.read_bytes().startswith(b"\x89PNG")
    played = subprocess.run(
        [turnpost, "selfplay", "imhotep", "--games", "1"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
    )
    assert played.returncode == 0, played.stderr
