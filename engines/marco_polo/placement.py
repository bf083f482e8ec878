"""The main action: placing dice on an action space (M24-M31).

Notation: ``place <space> <die> [<die>...] [choices]``. Spaces are the bazaar rows ``camel pepper
silk gold``, ``khan``, ``contracts``, ``travel``, ``coins5`` and the city-card spaces (``moscow``,
``sumatra1``...). Dice are ``4`` (own colour), ``b4`` (black), ``w4`` (white), written own first,
then by value. Choices are keyword tokens: ``col=3`` (bazaar), ``good=silk`` (Khan),
``take=2+5 bonus=camel`` (contracts), ``row=4`` (travel), ``times=2``/``option=1``/``ab=1 ba=2``
(city cards; ``times=1``, ``ab=0`` and ``ba=0`` are the defaults and are not written).

``space_problem`` and ``dice_problem`` return the reason a placement is illegal (an
``IllegalAction``, not raised) so that ``complete`` can filter and ``apply`` can explain with the
same code; ``choices`` lists every legal choice suffix for a legal placement.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from engines.base import IllegalAction
from engines.marco_polo import tables as T
from engines.marco_polo.draft import Board, Draft
from engines.marco_polo.rewards import (
    can_pay,
    gain,
    hand_limit,
    movement,
    own_small_cities,
    pay,
    place_name,
    words,
)
from engines.marco_polo.state import Die, Placed, die_key, die_token, parse_die

SPACES: tuple[str, ...] = (
    *T.BAZAAR_ROWS,
    "khan",
    "contracts",
    "travel",
    "coins5",
    *T.CITY_SPACES,
)
_NO_FEE = frozenset({"khan"} | set(T.CITY_SPACES))


def dice_needed(space: str) -> int:
    """How many dice the space takes at once (M24.2)."""
    if space in T.BAZAAR:
        return T.BAZAAR[space][0]
    return 2 if space == "travel" else 1


def candidates(dice: Sequence[Die]) -> list[str]:
    """Die tokens a player could put down (unrolled dice may show any value, M51)."""
    toks: set[str] = set()
    for kind, value in dice:
        if value:
            toks.add(die_token(kind, value))
        else:
            toks.update(die_token(kind, v) for v in range(1, 7))
    return sorted(toks, key=die_key)


def dice_available(dice: Sequence[Die], toks: list[str]) -> bool:
    """Whether the unused ``dice`` can show the multiset ``toks``."""
    have = Counter((k, v) for k, v in dice)
    spare = Counter(k for k, v in dice if v == 0)
    for tok, n in Counter(toks).items():
        parsed = parse_die(tok)
        if parsed is None:
            return False
        extra = n - have[parsed]
        if extra > 0:
            spare[parsed[0]] -= extra
            if spare[parsed[0]] < 0:
                return False
    return True


def dice_combos(dice: Sequence[Die], n: int) -> Iterator[tuple[str, ...]]:
    """Every multiset of ``n`` die tokens the player can put down, in canonical order.

    Tokens are chosen in canonical order, so a rolled die showing the value is always used
    before an unrolled one (Raschid's) of the same kind: greedy counting is exact.
    """
    if all(v for _, v in dice):  # every die rolled: the combinations of what they show
        shown = sorted((die_token(k, v) for k, v in dice), key=die_key)
        yield from dict.fromkeys(combinations(shown, n))
        return
    cands = [(t, parse_die(t)) for t in candidates(dice)]
    have = Counter((k, v) for k, v in dice)
    spare = Counter(k for k, v in dice if v == 0)
    used: Counter[tuple[str, int]] = Counter()
    extra: Counter[str] = Counter()
    chosen: list[str] = []

    def rec(start: int) -> Iterator[tuple[str, ...]]:
        if len(chosen) == n:
            yield tuple(chosen)
            return
        for i in range(start, len(cands)):
            tok, parsed = cands[i]
            assert parsed is not None
            if used[parsed] < have[parsed]:
                used[parsed] += 1
                chosen.append(tok)
                yield from rec(i)
                chosen.pop()
                used[parsed] -= 1
            elif extra[parsed[0]] < spare[parsed[0]]:
                extra[parsed[0]] += 1
                chosen.append(tok)
                yield from rec(i)
                chosen.pop()
                extra[parsed[0]] -= 1

    yield from rec(0)


def classed_combos(
    dice: Sequence[Die], n: int
) -> dict[tuple[int, bool], tuple[tuple[str, ...], ...]]:
    """``dice_combos`` grouped by placement value and whether an own-colour die is among them
    (what ``value_problem`` judges); the same dice come back turn after turn, so this is kept
    (whatever order the player's dice are in)."""
    return _classed_combos(tuple(sorted(dice)), n)


#: A die token's value (``4``, ``b4`` and ``w4`` are all 4).
_TOKEN_VALUE = {die_token(kind, v): v for kind in "obw" for v in range(1, 7)}


@lru_cache(maxsize=8192)
def _classed_combos(
    dice: tuple[Die, ...], n: int
) -> dict[tuple[int, bool], tuple[tuple[str, ...], ...]]:
    out: dict[tuple[int, bool], list[tuple[str, ...]]] = {}
    value = _TOKEN_VALUE.__getitem__
    for combo in dice_combos(dice, n):
        # A combination is in canonical order, own-colour dice first: it holds one exactly
        # when its first token is one (a plain digit).
        cls = (min(map(value, combo)), combo[0][0].isdigit())
        out.setdefault(cls, []).append(combo)
    return {cls: tuple(combos) for cls, combos in out.items()}


def wrong_dice_count(space: str) -> IllegalAction:
    """The refusal for a placement with the wrong number of dice (M24.2)."""
    n = dice_needed(space)
    return IllegalAction("marco_polo.wrong_dice_count", space=space, n=n, dice={"die": n})


def space_dice(state: Board, space: str) -> Sequence[Placed]:
    """Dice already on a space (Khan: the whole row; city card: its one die)."""
    if space == "khan":
        return state.khan
    if space in T.CITY_SPACES:
        used = state.used_cards.get(state.cards[space])
        return [used] if used else []
    return state.spaces[space]


def space_problem(state: Board, seat: int, space: str) -> IllegalAction | None:
    """Why ``space`` cannot take dice now whatever the dice, or ``None``."""
    closed = space_closed(state, seat, space)
    return None if closed is None else IllegalAction(closed[0], **closed[1])


def space_closed(state: Board, seat: int, space: str) -> tuple[str, dict[str, str]] | None:
    """``space_problem`` as the refusal's key and parameters: listing the open spaces asks it
    of every space, most city cards are closed to a seat (no post there), and building each
    refusal to throw it away was a fifth of that listing."""
    if space == "khan" and len(state.khan) >= T.KHAN_SPACES:
        return "marco_polo.khan_full", {}
    if space == "contracts" and not state.display:
        return "marco_polo.display_empty", {}
    if space in T.CITY_SPACES:
        city = T.CITY_SPACES[space][0]
        card = state.cards[space]
        if city not in state.players[seat].posts:
            return "marco_polo.no_post_for_card", {"city": city, "card": card}
        if card in state.used_cards:
            return "marco_polo.card_used", {"card": card, "city": city}
    return None


def fee_for(state: Board, seat: int, space: str, value: int) -> int:
    """The occupied fee (M24.5): the placement's value if the space holds a die, else 0."""
    if space in _NO_FEE or state.players[seat].char == "berke" or not space_dice(state, space):
        return 0
    return value


def _value(toks: tuple[str, ...]) -> int:
    """A placement's value: its lowest die (M24), per dice tokens (a few thousand at most; the
    search asks it of every placement it lists)."""
    found = _VALUES.get(toks)
    if found is None:
        found = _VALUES[toks] = min(int(t[-1]) for t in toks)
    return found


#: ``_value`` per dice tokens.
_VALUES: dict[tuple[str, ...], int] = {}


def dice_problem(
    state: Board, seat: int, space: str, toks: tuple[str, ...]
) -> IllegalAction | None:
    """Why these dice cannot go on ``space`` (colour, fee, Khan order, no use), or ``None``."""
    p = state.players[seat]
    if len(toks) != dice_needed(space):
        return wrong_dice_count(space)
    if len(p.dice) < len(toks):
        have = len(p.dice)
        return IllegalAction(
            "marco_polo.too_few_dice",
            space=space,
            left={"unused_die": have},
            dice={"die": len(toks)},
        )
    if not dice_available(p.dice, list(toks)):
        return IllegalAction("marco_polo.no_such_dice", dice=list(toks))
    return value_problem(state, seat, space, _value(toks), any(t[0].isdigit() for t in toks))


def value_problem(
    state: Board, seat: int, space: str, value: int, own: bool
) -> IllegalAction | None:
    """Why dice the player has, of placement value ``value`` (the lowest die), one of them of
    the player's colour if ``own``, cannot go on ``space``, or ``None``.

    Past the dice themselves, a placement's legality depends only on these two facts (M24:
    colour, fee and action strength all follow from them), so ``rules`` asks this once per
    value and colour rather than once per combination of dice.
    """
    closed = value_closed(state, seat, space, value, own)
    return None if closed is None else IllegalAction(closed[0], **closed[1])


def value_closed(
    state: Board, seat: int, space: str, value: int, own: bool
) -> tuple[str, dict[str, Any]] | None:
    """``value_problem`` as the refusal's key and parameters (as ``space_closed``: the open
    spaces are listed by asking it, and a refusal built only to be thrown away costs)."""
    p = state.players[seat]
    if own and any(d[0] == seat and d[1] == "o" for d in space_dice(state, space)):
        return "marco_polo.colour_taken", {"space": space}
    if space == "khan" and state.khan:
        before = int(state.khan[-1][2])
        if value < before:
            return "marco_polo.khan_too_low", {"value": value, "before": before}
    fee = fee_for(state, seat, space, value)
    if fee > p.coin:
        return "marco_polo.cannot_afford_fee", {"coins": p.coin, "fee": fee, "space": space}
    if not _some_choice(state, seat, space, value):
        if space == "travel":
            return _travel_refusal(state, seat, value, fee)
        return "marco_polo.nothing_to_gain", {"space": space, "value": value}
    return None


def _some_choice(state: Board, seat: int, space: str, value: int) -> bool:
    """Whether ``choices_for_value`` is not empty, without listing every choice where that is
    plain: a bazaar column, a good from the Khan and the 5 coins always exist, and a contract
    slot does while the display has a contract (values run 1-6)."""
    if space in T.BAZAAR or space in ("khan", "coins5"):
        return True
    if space == "contracts":
        return bool(state.display)
    return bool(choices_for_value(state, seat, space, value))


def _coins_text(base: int, fee: int) -> dict[str, Any]:
    """A row's price in coins, with the fee for a space taken when there is one (a nested
    message, said in the reader's language)."""
    if not fee:
        return {"coin": base}
    return {"key": "marco_polo.coins_and_fee", "params": {"coins": base, "fee": fee}}


def _travel_refusal(state: Board, seat: int, value: int, fee: int) -> tuple[str, dict[str, Any]]:
    """Why no Travel row is possible: the cheapest row's coins, or no affordable first step."""
    coins = state.players[seat].coin
    _, _, base = T.TRAVEL_ROWS[1]
    if fee + base > coins:
        return "marco_polo.travel_too_dear", {"costs": _coins_text(base, fee), "coins": coins}
    return "marco_polo.no_first_step", {"coins": fee + base}


def choice_problem(
    state: Board, seat: int, space: str, toks: tuple[str, ...], suffix: tuple[str, ...]
) -> IllegalAction | None:
    """The specific reason a choice suffix is refused for a legal placement, if one is known."""
    value = _value(toks)
    legal = choices(state, seat, space, toks)
    if not suffix:
        command = f"place {space} {' '.join(toks)}"
        shown = [" ".join(c) for c in legal[:10]] + ["…"] * (len(legal) > 10)
        return IllegalAction("marco_polo.choice_missing", command=command, moves=shown)
    kw = dict(t.split("=", 1) for t in suffix if "=" in t)
    if space in T.BAZAAR and kw.get("col", "").isdigit() and 1 <= int(kw["col"]) <= 6:
        col = int(kw["col"])
        if col > value:
            return _above("bazaar_column", col, value)
    if space == "travel" and kw.get("row", "").isdigit() and int(kw["row"]) in T.TRAVEL_ROWS:
        row = int(kw["row"])
        need, _, base = T.TRAVEL_ROWS[row]
        if need > value:
            return _above("travel_row", need, value, row)
        fee = fee_for(state, seat, space, value)
        coins = state.players[seat].coin
        if fee + base > coins:
            return IllegalAction(
                "marco_polo.travel_row_dear", row=row, costs=_coins_text(base, fee), coins=coins
            )
        return IllegalAction("marco_polo.no_first_step", coins=fee + base)
    if space == "contracts" and kw.get("take"):
        for slot in kw["take"].split("+"):
            if slot.isdigit() and int(slot) > value and int(slot) <= T.DISPLAY_SLOTS:
                return _above("contract_slot", int(slot), value)
            if slot.isdigit() and int(slot) > len(state.display):
                return IllegalAction("marco_polo.slot_empty", slot=slot)
    if space in T.CITY_SPACES and kw.get("times", "").isdigit() and int(kw["times"]) > value:
        times = int(kw["times"])
        return _above("card_times", times, value)
    return None


def _above(what: str, need: int, value: int, n: int | None = None) -> IllegalAction:
    """A choice above the dice's value: ``what`` names it (``marco_polo.what.<what>`` with its
    number ``n``, else ``need``: "Bazaar column 3", "Travel row 2")."""
    named = {"key": f"marco_polo.what.{what}", "params": {"n": need if n is None else n}}
    return IllegalAction("marco_polo.above_value", what=named, need=need, value=value)


def first_step_possible(state: Board, seat: int, coins: int, camels: int) -> bool:
    """Whether some figure can take one step with these coins and camels (M40)."""
    p = state.players[seat]
    jumper = p.char == "johannes"
    for loc in p.figures:
        if jumper and loc in T.OASES:
            return True
        for _, res, amt in T.ADJACENT[loc]:
            if not res or (res == "coin" and amt <= coins) or (res == "camel" and amt <= camels):
                return True
    return False


def two_way_order(
    state: Board, seat: int, card: dict[str, Any], ab: int, ba: int
) -> tuple[str, ...] | None:
    """An order of the two-way repetitions that stays affordable throughout, or ``None`` (D12)."""
    p = state.players[seat]
    a, b = card["side_a"], card["side_b"]
    for order in (("ab", "ba"), ("ba", "ab")):
        res = {"coin": p.coin, "camel": p.camel, "vp": p.vp}
        res["good"] = p.pepper + p.silk + p.gold
        ok = True
        for direction in order:
            give, get = (a, b) if direction == "ab" else (b, a)
            for _ in range(ab if direction == "ab" else ba):
                for k, n in give.items():
                    key = "good" if k == "any_good" else k
                    res[key] -= n
                    if res[key] < 0:
                        ok = False
                for k, n in get.items():
                    res["good" if k == "any_good" else k] += n
        if ok:
            return order
    return None


def choices(state: Board, seat: int, space: str, toks: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every legal choice suffix for these dice on ``space`` (empty: the placement is useless)."""
    return choices_for_value(state, seat, space, _value(toks))


def choices_for_value(state: Board, seat: int, space: str, value: int) -> list[tuple[str, ...]]:
    """Every legal choice suffix for dice of placement value ``value`` on ``space`` (a list
    shared between calls: never change it). Outside the city cards the answer depends on a few
    facts only (``_choice_key``), and the search asks it of thousands of positions: it is worked
    out once per key."""
    key = _choice_key(state, seat, space, value)
    if key is None:
        return _choices_for_value(state, seat, space, value)
    found = _CHOICES.get(key)
    if found is None:
        if len(_CHOICES) >= 1 << 14:
            _CHOICES.clear()
        found = _CHOICES[key] = _choices_for_value(state, seat, space, value)
    return found


#: ``choices_for_value`` per ``_choice_key``.
_CHOICES: dict[tuple[Any, ...], list[tuple[str, ...]]] = {}


def _choice_key(state: Board, seat: int, space: str, value: int) -> tuple[Any, ...] | None:
    """Everything ``_choices_for_value`` reads for ``space`` (``None`` for a city card, whose
    choices read much of the seat's position)."""
    if space in T.BAZAAR or space == "khan" or space == "coins5":
        return (space, value)
    if space == "contracts":
        return (space, value, len(state.display))
    if space == "travel":
        p = state.players[seat]
        coins = p.coin - fee_for(state, seat, space, value)
        return (space, value, coins, p.camel, tuple(p.figures), p.char)
    return None


def _choices_for_value(state: Board, seat: int, space: str, value: int) -> list[tuple[str, ...]]:
    """``choices_for_value`` worked out."""
    p = state.players[seat]
    if space in T.BAZAAR:
        return [(f"col={c}",) for c in range(1, value + 1)]
    if space == "khan":
        return [(f"good={g}",) for g in T.GOODS]
    if space == "coins5":
        return [()]
    if space == "contracts":
        slots = range(1, min(value, len(state.display)) + 1)
        out: list[tuple[str, ...]] = []
        picks = [(i,) for i in slots] + [(i, j) for i in slots for j in slots if i < j]
        for pick in sorted(picks):
            take = "take=" + "+".join(str(i) for i in pick)
            # M27.2: each contract from slot 5 or 6 gives its own bonus, coins or camels
            # (one slot's bonus is never split, but slots 5 and 6 may differ).
            paid = sum(1 for i in pick if i in T.SLOT_BONUS)
            if paid:
                out += [(take, "bonus=" + "+".join(mix)) for mix in _bonus_mixes(paid)]
            else:
                out.append((take,))
        return out
    if space == "travel":
        coins = p.coin - fee_for(state, seat, space, value)
        rows: list[tuple[str, ...]] = []
        for row, (need, _, base) in T.TRAVEL_ROWS.items():
            if (
                need <= value
                and base <= coins
                and first_step_possible(state, seat, coins - base, p.camel)
            ):
                rows.append((f"row={row}",))
        return rows
    return _card_choices(state, seat, space, value)


def _bonus_mixes(n: int) -> list[tuple[str, ...]]:
    """Coin-or-camel picks for ``n`` slot bonuses, one per slot in slot order (M27.2)."""
    mixes: list[tuple[str, ...]] = [()]
    for _ in range(n):
        mixes = [(*m, res) for m in mixes for res in ("camel", "coin")]
    return mixes


def _card_choices(state: Board, seat: int, space: str, value: int) -> list[tuple[str, ...]]:
    card = T.CITY_CARDS[state.cards[space]]
    kind = card["kind"]
    if kind == "per_pip":
        return [_times(k) for k in range(1, value + 1)]
    if kind == "threshold":
        needs_small = any("own_city_bonus" in b for b in card["table"].values())
        if needs_small and not own_small_cities(state, seat):
            return []
        return [()]
    if kind == "per_count":
        most = min(value, _count(state, seat, card["count_of"]))
        return [_times(k) for k in range(1, most + 1)]
    if kind == "exchange":
        most = value
        if card.get("distinct_cities"):
            most = min(most, len(own_small_cities(state, seat)))
        return [_times(k) for k in range(1, most + 1) if can_pay(state, seat, card["cost"], k)]
    if kind == "exchange_choice":
        return [
            (f"option={i + 1}", *_times(k))
            for i, opt in enumerate(card["options"])
            for k in range(1, value + 1)
            if can_pay(state, seat, opt["cost"], k)
        ]
    # exchange_two_way
    return [
        (*((f"ab={i}",) if i else ()), *((f"ba={j}",) if j else ()))
        for i in range(value + 1)
        for j in range(value + 1 - i)
        if i + j >= 1 and two_way_order(state, seat, card, i, j)
    ]


def _times(k: int) -> tuple[str, ...]:
    """The ``times=`` choice of a card used ``k`` times (once is the default, not written)."""
    return (f"times={k}",) if k > 1 else ()


def _count(state: Board, seat: int, what: str) -> int:
    p = state.players[seat]
    return len(p.posts) if what == "trading_posts_on_map" else len(p.fulfilled)


def _kw(suffix: tuple[str, ...]) -> Mapping[str, str]:
    """A placement's choices by name (``col=2`` -> ``{"col": "2"}``), per suffix: shared, read
    only (the same few hundred suffixes come back move after move)."""
    found = _KWS.get(suffix)
    if found is None:
        if len(_KWS) >= 1 << 14:
            _KWS.clear()
        found = _KWS[suffix] = dict(t.split("=", 1) for t in suffix)
    return found


#: ``_kw`` per suffix.
_KWS: dict[tuple[str, ...], dict[str, str]] = {}


def place(d: Draft, seat: int, space: str, toks: tuple[str, ...], suffix: tuple[str, ...]) -> None:
    """Carry out a legal placement (checked by the caller) and its action."""
    p = d.players[seat]
    values: list[tuple[str, int]] = [parse_die(t) for t in toks]  # type: ignore[misc]
    for kind, v in values:
        die = (kind, v) if (kind, v) in p.dice else (kind, 0)
        p.dice.remove(die)
    value = min(v for _, v in values)
    fee = fee_for(d, seat, space, value)
    if fee:
        p.coin -= fee
    placed: list[Placed] = [(seat, kind, v) for kind, v in values]
    if space == "khan":
        d.khan.append(placed[0])
    elif space in T.CITY_SPACES:
        d.used_cards = {**d.used_cards, d.cards[space]: placed[0]}
    else:
        d.spaces[space] = (*d.spaces[space], *placed)
    d.emit("marco_polo.placed", seat=seat, space=f"space_{space}", dice=" ".join(toks))
    if fee:
        d.emit(
            "marco_polo.paid_fee",
            seat=seat,
            space=f"space_{space}",
            fee=fee,
            coins=words({"coin": fee}),
        )
    kw = _kw(suffix)
    if space in T.BAZAAR:
        reward = T.BAZAAR[space][1][int(kw["col"])]
        gain(d, seat, reward)
        d.emit("marco_polo.gained", seat=seat, what=words(reward))
        _mercator(d, seat, {space: 1}, "space_bazaar")
    elif space == "khan":
        reward = {k: n for k, n in T.KHAN_REWARD.items() if k != "any_good"}
        reward[kw["good"]] = T.KHAN_REWARD.get("any_good", 1)
        gain(d, seat, reward)
        d.emit("marco_polo.gained", seat=seat, what=words(reward))
        if d.n in (2, 3):
            _mercator(d, seat, {"camel": 1}, "space_khan")
    elif space == "coins5":
        gain(d, seat, {"coin": T.COINS5})
        d.emit("marco_polo.gained", seat=seat, what=words({"coin": T.COINS5}))
        if d.n == 2:
            _mercator(d, seat, {"coin": 2}, "space_coins5")
    elif space == "contracts":
        _take_contracts(d, seat, kw)
    elif space == "travel":
        row = int(kw["row"])
        _, steps, base = T.TRAVEL_ROWS[row]
        p.coin -= base
        d.last_travel = seat
        d.emit(
            "marco_polo.travel_paid",
            seat=seat,
            row=row,
            coins=base,
            steps=steps,
            up_to=words({"step": steps}),
        )
        d.push(movement(seat, steps, travel_action=True))
    else:
        _use_card(d, seat, space, value, kw)
    p.main_done = True


def _mercator(d: Draft, seat: int, reward: dict[str, int], trigger: str) -> None:
    """Mercator ex Tabriz profits from another player's placement (M54)."""
    for other in range(d.n):
        # read without copying: only Mercator's player changes
        if other != seat and d.players.peek(other).char == "mercator":
            gain(d, other, reward)
            d.emit("marco_polo.mercator", seat=other, what=words(reward), trigger=trigger)


def _take_contracts(d: Draft, seat: int, kw: Mapping[str, str]) -> None:
    """Take 1-2 contracts from the display, then slide the rest left (M27)."""
    p = d.players[seat]
    slots = [int(s) for s in kw["take"].split("+")]
    taken = [d.display[s - 1] for s in slots]
    before = list(p.contracts)
    for cid in taken:
        d.display.remove(cid)
    p.contracts.extend(taken)
    d.emit("marco_polo.took_contracts", seat=seat, contracts=taken)
    paid = sorted(s for s in slots if s in T.SLOT_BONUS)
    if paid:
        got = {"coin": 0, "camel": 0}
        for slot, res in zip(paid, kw["bonus"].split("+"), strict=True):
            got[res] += T.SLOT_BONUS[slot]
        gain(d, seat, got)
        d.emit("marco_polo.gained", seat=seat, what=words(got))
    hand_limit(d, seat, before)


def _use_card(d: Draft, seat: int, space: str, value: int, kw: Mapping[str, str]) -> None:
    """Resolve a city card with die value ``value`` (M31)."""
    cid = d.cards[space]
    card = T.CITY_CARDS[cid]
    kind = card["kind"]
    city = place_name(T.CITY_SPACES[space][0])
    d.emit("marco_polo.used_card", seat=seat, card=cid, value=value, city_name=city)
    if kind == "per_pip":
        _gain_shown(d, seat, card["reward_per_pip"], int(kw.get("times", 1)))
    elif kind == "threshold":
        reward = dict(card["table"][str(value)])
        if "own_city_bonus" in reward:
            reward["own_city_bonus"] = min(reward["own_city_bonus"], len(own_small_cities(d, seat)))
        _gain_shown(d, seat, reward, 1)
    elif kind == "per_count":
        _gain_shown(d, seat, card["reward_per_unit"], int(kw.get("times", 1)))
    elif kind == "exchange":
        k = int(kw.get("times", 1))
        _pay_shown(d, seat, card["cost"], k)
        _gain_shown(d, seat, card["reward"], k)
    elif kind == "exchange_choice":
        opt = card["options"][int(kw["option"]) - 1]
        k = int(kw.get("times", 1))
        _pay_shown(d, seat, opt["cost"], k)
        _gain_shown(d, seat, opt["reward"], k)
    else:
        ab, ba = int(kw.get("ab", 0)), int(kw.get("ba", 0))
        order = two_way_order(d, seat, card, ab, ba) or ("ab", "ba")
        for direction in order:
            give, get = (
                (card["side_a"], card["side_b"])
                if direction == "ab"
                else (card["side_b"], card["side_a"])
            )
            n = ab if direction == "ab" else ba
            if n:
                _pay_shown(d, seat, give, n)
                _gain_shown(d, seat, get, n)


def _pay_shown(d: Draft, seat: int, cost: dict[str, int], times: int) -> None:
    """Pay ``cost`` x ``times`` and say so (goods of choice are named when chosen)."""
    pay(d, seat, cost, times)
    d.emit("marco_polo.paid", seat=seat, what=words({k: n * times for k, n in cost.items()}))


def _gain_shown(d: Draft, seat: int, bundle: dict[str, int], times: int) -> None:
    """Gain ``bundle`` x ``times``; travel steps from one card form a single movement (M41)."""
    gain(d, seat, bundle, times)
    d.emit("marco_polo.gained", seat=seat, what=words({k: n * times for k, n in bundle.items()}))
