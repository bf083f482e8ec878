"""``turnpost migrate FROM TO`` (#25.4): copy a SQLite database to PostgreSQL or back
(``bot/storage/copying.py``), then check every game of the copy: its snapshot equals the
source's, and a replay of its log arrives at it."""

from __future__ import annotations

from pathlib import Path

from bot.service import Service
from bot.storage import Storage, StorageError
from bot.storage.backend import is_url
from bot.storage.copying import CopyReport, copy_rows, snapshots


async def migrate(source: str, destination: str) -> CopyReport:
    """Copy ``source`` into the empty ``destination`` (a SQLite file or a ``postgresql://``
    URL each) and verify every game; raises :class:`StorageError` (one line) when it cannot."""
    if source == destination:
        raise StorageError("turnpost migrate needs two different databases.")
    if not is_url(source) and not Path(source).is_file():
        raise StorageError(f"There is no database file {source} to copy from.")
    src = await Storage.open(source)
    try:
        dst = await Storage.open(destination)
        try:
            report = CopyReport(rows=await copy_rows(src, dst))
            before = await snapshots(src)
            after = await snapshots(dst)
        finally:
            await dst.close()
    finally:
        await src.close()
    service = await Service.open(destination, announces=False)
    try:
        for game_id, snapshot in before.items():
            same = after.get(game_id) == snapshot
            if not same or not await service.archive.verify(game_id):
                report.mismatched.append(game_id)
            report.games_verified += 1
    finally:
        await service.close()
    return report


def summary(report: CopyReport) -> list[str]:
    """The lines ``turnpost migrate`` prints: rows per table, then the check's outcome."""
    lines = [f"{table}: {count} rows" for table, count in report.rows.items()]
    if report.mismatched:
        shown = ", ".join(str(g) for g in report.mismatched[:20])
        lines.append(
            f"{len(report.mismatched)} of {report.games_verified} games do not replay to the"
            f" source's state in the copy: {shown}"
        )
    else:
        lines.append(f"{report.games_verified} games replay to the source's state in the copy")
    return lines
