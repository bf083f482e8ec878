"""Reading what players type into options: game options and UTC offsets."""

from __future__ import annotations


def parse_options(text: str) -> dict[str, str]:
    """``"scoring=low side=b"`` → ``{"scoring": "low", "side": "b"}``; bad pieces are kept as
    ``name=""`` so the engine's option check names them."""
    out: dict[str, str] = {}
    for piece in text.replace(",", " ").split():
        name, _, value = piece.partition("=")
        out[name.strip().lower()] = value.strip().lower()
    return out


def parse_utc_offset(text: str) -> int | None:
    """``"+2"``, ``"-05:30"``, ``"UTC+1"`` → minutes east of UTC; None if unreadable."""
    s = text.strip().upper().removeprefix("UTC").removeprefix("GMT").strip()
    if not s or s in ("Z", "0"):
        return 0
    sign = -1 if s[0] == "-" else 1
    s = s.lstrip("+-")
    hours, _, minutes = s.partition(":")
    if not hours.isdigit() or (minutes and not minutes.isdigit()):
        return None
    total = int(hours) * 60 + int(minutes or 0)
    return sign * total if total <= 14 * 60 else None
