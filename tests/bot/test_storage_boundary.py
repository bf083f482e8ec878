"""#23.3: storage is the only place that speaks SQL, in modules of one concern each."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STORAGE = ROOT / "bot" / "storage"
SQL = re.compile(r"^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|PRAGMA|BEGIN)\s+\S")
DRIVERS = {"sqlite3", "aiosqlite", "asyncpg", "psycopg"}


def _outside_storage() -> list[Path]:
    files = [*(ROOT / "bot").rglob("*.py"), *(ROOT / "bench").rglob("*.py")]
    files += (ROOT / "tools").rglob("*.py")
    return [f for f in files if STORAGE not in f.parents]


def test_nothing_outside_storage_writes_sql_or_opens_a_database_driver() -> None:
    found = []
    for path in _outside_storage():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if SQL.match(node.value):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:40]!r}")
            elif isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
                if isinstance(node, ast.ImportFrom) and node.module:
                    names.append(node.module)
                for name in names:
                    if name.split(".")[0] in DRIVERS:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: import {name}")
    assert found == []


def test_every_storage_module_stays_small() -> None:
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in STORAGE.glob("*.py")}
    assert {"games.py", "actions.py", "outbox.py", "schedules.py", "settings.py"} <= set(sizes)
    assert {"migrations.py", "backend.py", "sqlite.py"} <= set(sizes)
    assert max(sizes.values()) <= 400, sizes
