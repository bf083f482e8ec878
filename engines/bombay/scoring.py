"""End-of-game scoring: the empire bonus with shared places, the city bonus, the winner (Y85–Y91)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from engines.base import Event, Result, rank_by
from engines.bombay.components import rules
from engines.bombay.state import State


def empire_prizes(scores: Sequence[int], prizes: Sequence[int], *, exact: bool) -> list[Fraction]:
    """Each seat's empire prize: tied seats add the prizes of the places they fill and split them.

    A share that does not divide evenly is rounded down unless ``exact`` (Y88). Every seat is
    ranked, a score of 0 included (Y89).
    """
    out = [Fraction(0)] * len(scores)
    place = 0
    for score in sorted(set(scores), reverse=True):
        tied = [s for s, v in enumerate(scores) if v == score]
        pot = sum(prizes[place : place + len(tied)])
        share = Fraction(pot, len(tied)) if exact else Fraction(pot // len(tied))
        for s in tied:
            out[s] = share
        place += len(tied)
    return out


def city_bonus(count: int) -> int:
    """Rupees for a city count: 3 → 4, 4 or more → 8, fewer → 0 (Y90)."""
    for low, high, rupees in rules().city_bonus:
        if count >= low and (high is None or count <= high):
            return rupees
    return 0


@dataclass(frozen=True)
class Sheet:
    """One seat's opened screen and bonuses."""

    rupees: int
    palaces: int
    clients: int
    client_tokens: int
    city_tokens: int
    city_palace_tokens: int
    empire_score: int
    empire_bonus: Fraction
    city_bonus: int

    @property
    def total(self) -> Fraction:
        """Rupees after both bonuses (Y86)."""
        return self.rupees + self.empire_bonus + self.city_bonus

    @property
    def tie_clients(self) -> int:
        """Client tokens for the tie-break, palace client tokens included (Y91)."""
        return self.clients + self.client_tokens


def sheets(state: State) -> list[Sheet]:
    """Every seat's score sheet (the game need not be over: used for tests and the final view)."""
    n = state.players
    palaces = [5 - state.palaces_left(s) for s in range(n)]
    client_tokens = [state.kept[s].count("client") for s in range(n)]
    empire = [palaces[s] + state.clients[s] + client_tokens[s] for s in range(n)]
    prizes = empire_prizes(empire, rules().counts[n].empire_bonus, exact=state.rounding == "exact")
    out = []
    for s in range(n):
        city_count = len(state.cities[s]) + state.kept[s].count("city")
        out.append(
            Sheet(
                rupees=state.money[s],
                palaces=palaces[s],
                clients=state.clients[s],
                client_tokens=client_tokens[s],
                city_tokens=len(state.cities[s]),
                city_palace_tokens=state.kept[s].count("city"),
                empire_score=empire[s],
                empire_bonus=prizes[s],
                city_bonus=city_bonus(city_count),
            )
        )
    return out


def fraction_text(value: Fraction) -> str:
    """``7``, ``7 1/3``: a share written for players."""
    whole, rest = divmod(value.numerator, value.denominator)
    return str(whole) if rest == 0 else f"{whole} {rest}/{value.denominator}"


def result(state: State) -> Result:
    """Final scores: rupees + empire bonus + city bonus; ties broken by client tokens (Y91).

    ``Result`` holds whole rupees; with ``empire_split_rounding=exact`` the fractional part of a
    shared prize is kept for the ranking and written in the notes.
    """
    rows = sheets(state)
    notes: list[str | Event] = []
    for r in rows:
        note: str | Event = ""
        if r.empire_bonus.denominator != 1:
            note = Event(
                "bombay.note.exact",
                {"bonus": fraction_text(r.empire_bonus), "total": fraction_text(r.total)},
            )
        notes.append(note)
    return Result(
        scores=tuple(int(r.total) for r in rows),
        breakdown=tuple(
            {"rupees": r.rupees, "empire": int(r.empire_bonus), "city": r.city_bonus} for r in rows
        ),
        ranking=rank_by([(r.total, r.tie_clients) for r in rows]),
        notes=tuple(notes) if any(notes) else (),
        details=tuple(details(r) for r in rows),
    )


def details(r: Sheet) -> dict[str, int]:
    """The numbers behind a seat's bonuses, in sheet order (Y87, Y90, Y91): the empire score and
    its parts (the 6/2/0 prizes are paid on it), the city count and its parts, the tie-break."""
    return {
        "empire_score": r.empire_score,
        "palaces": r.palaces,
        "clients": r.clients,
        "client_palace_tokens": r.client_tokens,
        "city_count": r.city_tokens + r.city_palace_tokens,
        "city_tokens": r.city_tokens,
        "city_palace_tokens": r.city_palace_tokens,
        "tie_clients": r.tie_clients,
    }
