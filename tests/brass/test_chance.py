"""Brass's card draws as chance steps (engines/brass/chance.py): the refill after a turn (B21,
B22) and the rail era's new deck (R19, R20) wait at a chance node, the outcome names the cards,
a test forces one by applying it, a drawn one is the deck's top (the old draws, so old logs
replay), and every card reaches its own seat's eyes only (B23, R50)."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.base import CHANCE, IllegalAction
from engines.brass import components as C
from engines.brass.rules import decisions
from engines.brass.state import DEAL, DRAW, State
from engines.randomplay import random_game
from engines.rng import Rng
from tests.brass.helpers import E, act, draw, last_canal_turn, position

DECK = ("coventry", "walsall", "derby", "belper", "tamworth", "cannock", "stafford", "redditch")


def _turn_ended() -> State:
    """Seat 0 has just played the last action of its turn with 6 cards left: a refill waits."""
    s = position(
        hands={0: ["leek", "stone", "dudley", "derby", "belper", "coventry", "tamworth"]},
        deck=DECK,
        actions_left=1,
    )
    s, _ = act(s, 0, "pass card=leek")
    return s


def _cards(state: State) -> Counter[str]:
    """Every card of the era wherever it is (deck, hands, discards, face down)."""
    return Counter(
        [*state.deck, *state.face_down]
        + [c for h in state.hands for c in h]
        + [c for d in state.discards for c in d]
    )


@pytest.mark.rules("B21")
def test_B21_a_turn_that_leaves_a_short_hand_waits_for_the_draw() -> None:
    s = _turn_ended()
    assert s.phase == DRAW and E.to_act(s) == [CHANCE]
    # nobody at the table may act or is offered anything while the cards are drawn
    assert E.legal_actions(s, 0) == [] and E.legal_actions(s, 1) == []
    with pytest.raises(IllegalAction) as refused:
        E.play(s, 1, "pass card=stone")
    assert refused.value.key == "core.not_your_decision"
    # the draw the deck gives is its top: as many cards as the hand lacks, named in order
    assert str(E.sample_chance(s)) == "draw coventry,walsall"
    assert E.timeout_action(s, 0) is None and E.asked(s, 0) is None


@pytest.mark.rules("B21", "B23")
def test_B21_the_drawn_cards_go_to_the_hand_and_only_their_owner_is_told_which() -> None:
    s = _turn_ended()
    new, events = draw(s, "draw coventry,walsall")
    assert sorted(new.hands[0]) == sorted([*s.hands[0], "coventry", "walsall"])
    assert new.deck == DECK[2:]
    assert E.to_act(new) == [1]  # then the next player's turn (B15)
    public = [(e.key, dict(e.params)) for e in events if e.visible_to is None]
    assert public[0] == ("brass.drew", {"seat": 0, "count": 2})
    assert "walsall" not in str(public) and "coventry" not in str(public)
    (mine,) = [e for e in events if e.visible_to is not None]
    assert mine.key == "brass.you_drew" and mine.visible_to == (0,)
    assert mine.params["card_ids"] == ["coventry", "walsall"]
    # the draw leaves the mark of the move that ended the turn (the board's highlight)
    assert (new.last_seat, new.last_text, new.moves) == (s.last_seat, s.last_text, s.moves)


@pytest.mark.rules("B21")
def test_B21_a_forced_draw_takes_the_named_cards_wherever_they_lie_in_the_deck() -> None:
    s = _turn_ended()
    new, _ = draw(s, "draw stafford,walsall")
    assert "stafford" in new.hands[0] and "walsall" in new.hands[0]
    # the rest keep their order; no card appears or vanishes
    assert new.deck == ("coventry", "derby", "belper", "tamworth", "cannock", "redditch")
    assert _cards(new) == _cards(s)
    # the outcome is read in any order and written canonically
    assert str(E.parse(s, CHANCE, "draw walsall,stafford")) == "draw stafford,walsall"


@pytest.mark.rules("B21")
@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("draw leek,walsall", "brass.chance_not_in_deck"),  # leek is not in the deck
        ("draw walsall", "brass.chance_count"),  # the hand lacks two cards
        ("draw walsall,derby,belper", "brass.chance_count"),
        ("deal walsall,derby walsall,derby", "core.not_your_decision"),  # not a deal's node
    ],
)
def test_B21_a_draw_the_deck_cannot_give_is_refused_and_changes_nothing(
    text: str, key: str
) -> None:
    s = _turn_ended()
    before = E.dumps(s)
    with pytest.raises(IllegalAction) as refused:
        draw(s, text)
    assert refused.value.key == key
    assert E.dumps(s) == before


@pytest.mark.parametrize("text", ["draw", "roll 6", "draw a b", "draw leek,,stone", "deal"])
def test_a_chance_outcome_that_is_not_a_draw_is_refused_by_the_parser(text: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        E.parse(_turn_ended(), CHANCE, text)
    assert refused.value.key == "brass.chance_bad"


def test_chance_has_no_say_where_a_player_decides() -> None:
    s = position(hands={0: ["leek", "stone"]})
    with pytest.raises(IllegalAction) as refused:
        E.apply(s, CHANCE, E.parse(s, CHANCE, "draw walsall,derby"))
    assert refused.value.key == "core.not_your_decision"


@pytest.mark.rules("B22")
def test_B22_with_the_deck_empty_or_the_hand_full_no_draw_waits() -> None:
    s = position(hands={0: ["leek", "stone", "derby"]}, deck=[], actions_left=1)
    s, _ = act(s, 0, "pass card=leek")
    assert E.to_act(s) == [1]
    # a short deck gives what it has
    s = position(hands={0: ["leek", "stone", "derby"]}, deck=["walsall"], actions_left=1)
    s, _ = act(s, 0, "pass card=leek")
    assert E.to_act(s) == [CHANCE] and str(E.sample_chance(s)) == "draw walsall"


# -- the rail era's deal ----------------------------------------------------------------------


def _canal_ended(players: int = 3) -> tuple[State, State]:
    """The state before the canal era's last card is played, and the deal the move waits for."""
    before = last_canal_turn(players)
    s, _ = act(before, 0, "pass card=leek")
    return before, s


@pytest.mark.rules("R19", "R20", "R50")
def test_R19_R20_the_canal_era_ends_at_the_rail_eras_deal() -> None:
    before, s = _canal_ended(3)
    assert s.phase == DEAL and E.to_act(s) == [CHANCE]
    assert s.era == C.RAIL and s.round == 0 and not any(s.hands) and not s.deck
    # the drawn deal is the setup deck shuffled with the game's generator, 8 a seat in seat order
    rng = Rng(before.rng)
    deck = list(C.deck_cards(3))
    rng.shuffle(deck)
    hands = [",".join(sorted(deck[8 * seat : 8 * seat + 8])) for seat in range(3)]
    assert str(E.sample_chance(s)) == "deal " + " ".join(hands)
    new, events = draw(s, str(E.sample_chance(s)))
    assert new.deck == tuple(deck[24:]) and new.rng == rng.state
    assert new.discards == ((), (), ()) and new.face_down == ()
    assert [e.visible_to for e in events if e.key == "brass.you_drew"] == [(0,), (1,), (2,)]
    assert events[-1].key == "brass.new_round" and new.round == 1


@pytest.mark.rules("R19", "R20")
def test_R20_a_forced_deal_gives_the_named_hands_and_moves_the_generator_as_a_drawn_one() -> None:
    _, s = _canal_ended(2)
    drawn, _ = draw(s, str(E.sample_chance(s)))
    cards = sorted(C.deck_cards(2))
    mine, yours = cards[:8], cards[-8:]
    forced, _ = draw(s, f"deal {','.join(mine)} {','.join(yours)}")
    assert forced.hands == (tuple(mine), tuple(yours))
    assert forced.rng == drawn.rng  # whichever deal comes, the later draws are the same stream
    assert Counter(forced.deck) + Counter(mine) + Counter(yours) == Counter(C.deck_cards(2))
    with pytest.raises(IllegalAction) as refused:
        draw(s, f"deal {','.join(mine)}")
    assert refused.value.key == "brass.chance_hands"


@pytest.mark.rules("R19")
def test_R19_a_deal_the_new_deck_cannot_give_is_refused() -> None:
    _, s = _canal_ended(2)
    eight = ",".join(["belper"] * 8)  # the 2-player deck has no Belper card (B7)
    with pytest.raises(IllegalAction) as refused:
        draw(s, f"deal {eight} {eight}")
    assert refused.value.key == "brass.chance_not_in_deck"


# -- the log: old games, new games ----------------------------------------------------------------


@pytest.mark.parametrize("mode", [C.FULL, C.INTRO])
def test_a_log_without_draw_rows_replays_to_the_state_a_log_with_them_reaches(mode: str) -> None:
    """Games stored before draws were chance steps have no chance rows: ``Engine.replay``
    draws them with the state's own deck and generator, exactly as the moves drew then."""
    end, moves = random_game(E, 3, {"mode": mode}, seed=4)
    start = E.setup(3, E.meta.validate_options({"mode": mode}), 4)
    assert E.replay(start, moves) == end
    rows: list[tuple[int, str]] = []
    s = start
    for seat, text in moves:
        s, _ = E.apply(s, seat, E.parse(s, seat, text))
        rows.append((seat, text))
        s, steps = E.settle(s)
        rows += [(CHANCE, str(action)) for action, _ in steps]
    assert s == end
    assert {text.split()[0] for seat, text in rows if seat == CHANCE} == (
        {"draw", "deal"} if mode == C.FULL else {"draw"}
    )
    assert E.replay(start, rows) == end


def test_the_pending_stack_is_derived_from_stored_fields_so_a_dump_keeps_it() -> None:
    """Brass keeps no stack in its dump (docs/architecture.md, "The pending stack and the
    turn"): ``rules.decisions`` reads it from ``phase``, ``shortfall`` and ``current``. Every
    state of random games, chance nodes included, loads back from its dump with the same stack,
    and a chance node loaded back draws the same cards."""
    seen: set[tuple[str, ...]] = set()
    for mode in (C.FULL, C.INTRO):
        s = E.setup(3, E.meta.validate_options({"mode": mode}), 6)
        rng = Rng(6)
        while E.to_act(s):
            again = E.loads(E.dumps(s))
            assert decisions(again) == decisions(s) and E.to_act(again) == E.to_act(s)
            seen.add(tuple(d.verb for d in decisions(s)))
            if E.to_act(s) == [CHANCE]:
                assert E.sample_chance(again) == E.sample_chance(s)
                s, _ = E.settle(s)
                continue
            seat = E.to_act(s)[0]
            s, _ = E.apply(s, seat, rng.choice(E.legal_actions(s, seat)))
    assert {("draw",), ("deal",), ()} <= seen  # the chance nodes and the plain turn were met,
    assert any(v and v[0] in ("remove", "sell", "network") for v in seen)  # and a seat's one
