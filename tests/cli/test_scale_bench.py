"""``bench/scale.py`` (#25.7) at a tiny size, so it cannot rot: a few games, a few seconds, a
bot process and (on PostgreSQL) a worker killed with SIGKILL in the middle and started again,
then its checks (every acknowledged move in the log, every log replays to its snapshot, no
announcement or reminder lost or doubled) must pass. No timing is asserted: the numbers are the
benchmark's to print, not the test's to judge."""

from __future__ import annotations

import os

import pytest

from bench import scale
from tests.conftest import PG_ENV


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_scale_bench_runs_its_fault_run_and_its_checks_pass(
    backend: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--backend", backend, "--games", "6", "--rate", "4", "--seconds", "6", "--kill"]
    argv += ["--bots", "2", "--workers", "1", "--computers", "0.5", "--reminders", "3"]
    if backend == "postgresql":
        server = os.environ.get(PG_ENV, "")
        if not server:
            pytest.skip(f"PostgreSQL: set {PG_ENV}=postgresql://USER@HOST:PORT/DB to run it too")
        argv += ["--server", server]
    assert scale.main(argv) == 0, capsys.readouterr()
    out = capsys.readouterr().out
    assert f"| {backend} |" in out
    rows = {
        line.split("|")[1].strip(): line.split("|")[2].strip()
        for line in out.splitlines()
        if line.startswith("| ") and line.count("|") == 3
    }
    assert int(rows["pids killed with SIGKILL (bot, worker and their thinking pools)"]) >= 1
    for check in (
        "acknowledged, not in the log",
        "log does not replay to snapshot",
        "announcements lost",
        "reminders due, never sent",
        "doubled",
    ):
        assert rows[check] == "0", out
    assert int(rows["acknowledged moves"]) > 0
