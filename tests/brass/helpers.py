"""Building positions for Brass rules tests: start from a real setup, then set what matters."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from engines.base import CHANCE, Event, IllegalAction
from engines.brass import ENGINE, build
from engines.brass import components as C
from engines.brass.state import ACT, Merchant, State, Tile, evolve

E = ENGINE

#: Merchants used by most positions: every in-play slot buys everything and has its barrel.
ALL_GOODS = "all_goods"


def new(players: int = 2, seed: int = 1, iron_price: str = "6") -> State:
    """A fresh game."""
    return E.setup(players, {"iron_price_when_empty": iron_price}, seed)


def position(
    players: int = 2,
    *,
    hands: Mapping[int, Iterable[str]] | None = None,
    tiles: Iterable[tuple[Any, ...]] = (),
    links: Iterable[tuple[str, int]] = (),
    money: Mapping[int, int] | None = None,
    income: Mapping[int, int] | None = None,
    vp: Mapping[int, int] | None = None,
    spent: Mapping[int, int] | None = None,
    coal: int | None = None,
    iron: int | None = None,
    merchants: Iterable[tuple[str, int, str, bool]] | None = None,
    round_no: int = 2,
    order: tuple[int, ...] | None = None,
    actions_left: int = 2,
    deck: Iterable[str] | None = None,
    iron_price: str = "6",
    mats: Mapping[int, Mapping[str, tuple[int, ...]]] | None = None,
    era: str = "canal",
    mode: str = "intro",
    links_left: Mapping[int, int] | None = None,
) -> State:
    """A mid-game position: seat ``order[0]`` (default 0) to act in round ``round_no``.

    ``tiles`` are (location, slot number 1-based, owner, industry, level[, flipped[, cubes[,
    survivor]]]). ``mode="full"`` with ``era="rail"`` gives a rail-era position of the full game.
    """
    s = new(players, iron_price=iron_price)
    order = order or tuple(range(players))

    def per_seat(base: tuple[Any, ...], given: Mapping[int, Any] | None) -> tuple[Any, ...]:
        out = list(base)
        for k, v in (given or {}).items():
            out[k] = v
        return tuple(out)

    built = []
    for row in tiles:
        loc, slot, owner, ind, lvl, *rest = row
        flipped = rest[0] if rest else False
        cubes = rest[1] if len(rest) > 1 else 0
        survivor = rest[2] if len(rest) > 2 else False
        built.append(Tile(loc, slot - 1, owner, ind, lvl, flipped, cubes, survivor))
    built.sort(key=lambda t: (C.location_order()[t.location], t.slot))
    merch = s.merchants
    if merchants is not None:
        merch = tuple(Merchant(*m) for m in merchants)
    mat_rows: list[Any] = list(s.mats)
    for seat, inds in (mats or {}).items():
        mat_row: list[Any] = list(mat_rows[seat])
        for ind, counts in inds.items():
            mat_row[C.INDUSTRIES.index(ind)] = tuple(counts)
        mat_rows[seat] = tuple(mat_row)
    return evolve(
        s,
        hands=per_seat(s.hands, {k: tuple(sorted(v)) for k, v in (hands or {}).items()}),
        tiles=tuple(built),
        links=tuple(sorted(links)),
        money=per_seat(s.money, money),
        income=per_seat(s.income, income),
        vp=per_seat(s.vp, vp),
        spent=per_seat(s.spent, spent),
        coal=s.coal if coal is None else coal,
        iron=s.iron if iron is None else iron,
        merchants=merch,
        round=round_no,
        order=order,
        pos=0,
        actions_left=actions_left,
        phase=ACT,
        deck=s.deck if deck is None else tuple(deck),
        mats=tuple(mat_rows),
        era=era,
        mode=mode,
        links_left=per_seat(s.links_left, links_left),
        face_down=() if era == "rail" else s.face_down,
    )


def play(state: State, seat: int, text: str) -> tuple[State, list[Event]]:
    """Apply notation and return the new state and events."""
    return E.play(state, seat, text)


def act(state: State, seat: int, text: str) -> tuple[State, list[Event]]:
    """Apply notation and stop where ``play`` would draw: at a chance node the state waits for
    the cards (``to_act == [CHANCE]``) and the test says which come, with ``draw``."""
    return E.apply(state, seat, E.parse(state, seat, text))


def draw(state: State, outcome: str) -> tuple[State, list[Event]]:
    """Apply a chance outcome (``draw leek,stone`` or ``deal <hands>``, engines.brass.chance)
    as the service applies the one it samples: a draw forced by naming it, not by editing the
    deck."""
    assert E.to_act(state) == [CHANCE]
    return E.apply(state, CHANCE, E.parse(state, CHANCE, outcome))


def last_canal_turn(players: int = 2, card: str = "leek", **kw: Any) -> State:
    """The canal era's last turn: the deck is empty and only ``order[0]`` holds a card."""
    order = kw.get("order") or tuple(range(players))
    hands: dict[int, list[str]] = {s: [] for s in range(players)}
    hands[order[0]] = [card]
    kw.setdefault("round_no", 10)
    return position(players, mode="full", era="canal", hands=hands, deck=[], actions_left=1, **kw)


def end_canal(state: State, card: str = "leek") -> tuple[State, list[Any]]:
    """Play the last card of the canal era (a pass), the rail era's deal drawn."""
    return play(state, state.order[state.pos], f"pass card={card}")


def illegal(state: State, seat: int, text: str, key: str | None = None) -> IllegalAction:
    """Assert ``text`` is refused (with ``key`` if given) and nothing changed."""
    before = E.dumps(state)
    with pytest.raises(IllegalAction) as info:
        E.play(state, seat, text)
    assert E.dumps(state) == before
    if key is not None:
        assert info.value.key == key, str(info.value)
    return info.value


def tile_at(state: State, location: str, owner: int | None = None) -> Tile:
    """The (only, or ``owner``'s) tile at ``location``."""
    found = [t for t in state.tiles if t.location == location and owner in (None, t.owner)]
    assert len(found) == 1, found
    return found[0]


def listed_form(state: State, seat: int, text: str) -> str:
    """The listed text of a build naming a free space that the lists leave out because an
    identical one is shown (B41, issue 22.3): the same move on the space listed in its place;
    any other text unchanged."""
    action = E.parse(state, seat, text)
    given = action.get("slot")
    if action.verb != "build" or given is None:
        return text
    icons = C.locations()[action.args[1]].slots[int(given) - 1].industries
    for other in E.legal_texts(state, seat):
        listed = E.parse(state, seat, other)
        if listed.args != action.args or listed.get("card") != action.get("card"):
            continue
        site = build.plan(state, seat, *action.args).sites
        named = listed.get("slot")
        index = int(named) - 1 if named else site[0].slot
        slots = C.locations()[action.args[1]].slots
        if slots[index].industries == icons and next(
            (s for s in site if s.slot == index and s.replaces is None), None
        ):
            return other
    return text


def keys(events: list[Event]) -> list[str]:
    return [e.key for e in events]


def legal(state: State, seat: int) -> list[str]:
    return E.legal_texts(state, seat)
