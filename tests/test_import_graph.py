"""The bot's modules import one way: no circle anywhere in ``bot/`` (issue #23).

The graph is read from the source with ``ast`` (nothing is imported), and it counts every import,
including those under ``if TYPE_CHECKING:`` and those inside functions: a circle drawn only for
the type checker is still a circle a reader has to hold in their head. Importing
``bot.a.b`` is an edge to ``bot.a.b`` only; the parent package's ``__init__`` (which Python runs
first) is not counted, since that is how packages re-export their parts.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path, root: Path = ROOT) -> str:
    """``bot/service/play.py`` → ``bot.service.play``; a package's ``__init__`` is the package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(package: str, root: Path = ROOT) -> dict[str, set[str]]:
    """Every module of ``package`` → the modules of ``package`` it imports."""
    paths = {module_name(p, root): p for p in (root / package).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        is_package = path.name == "__init__.py"
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            wanted: list[str] = []
            if isinstance(node, ast.Import):
                wanted = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    here = name.split(".") if is_package else name.split(".")[:-1]
                    up = here[: len(here) - (node.level - 1)]
                    base = ".".join([*up, *([base] if base else [])])
                # ``from pkg import mod`` imports the module ``pkg.mod``; ``from mod import name``
                # imports ``mod``.
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    wanted.append(sub if sub in paths else base)
            for target in wanted:
                while target and target not in paths:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    targets.add(target)
        graph[name] = targets
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as the modules along it (first == last), or None."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        path.append(node)
        on_path.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt in on_path:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in done:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for start in sorted(graph):
        if start not in done:
            found = visit(start)
            if found:
                return found
    return None


def test_no_import_circle_in_bot() -> None:
    cycle = find_cycle(import_graph("bot"))
    assert cycle is None, "import circle in bot/: " + " → ".join(cycle or [])


def test_find_cycle_names_the_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_graph_reads_type_checking_and_relative_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from .low import x\n")
    (pkg / "sub" / "low.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.top import Y\nx = 1\n"
    )
    (pkg / "top.py").write_text("from pkg.sub import low\nY = 2\n")
    graph = import_graph("pkg", tmp_path)
    assert graph["pkg.sub"] == {"pkg.sub.low"}
    assert graph["pkg.top"] == {"pkg.sub.low"}
    assert graph["pkg.sub.low"] == {"pkg.top"}
    assert find_cycle(graph) == ["pkg.sub.low", "pkg.top", "pkg.sub.low"]
