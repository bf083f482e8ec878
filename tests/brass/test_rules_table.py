"""Brass on the kit's idiom: one rules table (``engines.brass.rules.RULES``) for "is it legal",
"why not" and "do it", and the pending decisions as a kit ``Decision`` stack (B59, B78, R33)."""

from __future__ import annotations

from engines import kit
from engines.brass import rules as R
from engines.brass.notation import VERBS
from engines.brass.state import LINK2, SELL, SHORTFALL, State
from engines.data import data_path
from engines.kit import Decision
from engines.rng import Rng

from .helpers import E, illegal, play, position
from .test_full_game import _two_mines
from .test_sell import _worcester_mill


def _states(mode: str, seed: int, players: int) -> list[tuple[State, int]]:
    """Every (state, seat to act) of a game played by picking a verb at random, then one of its
    actions (so sales, second links and shortfalls come up more often than in uniform play)."""
    s = E.setup(players, E.meta.validate_options({"mode": mode}), seed)
    rng = Rng(seed)
    out: list[tuple[State, int]] = []
    while E.to_act(s):
        seat = E.to_act(s)[0]
        out.append((s, seat))
        texts = E.legal_texts(s, seat)
        verb = rng.choice(sorted({t.split()[0] for t in texts}))
        s, _ = E.play(s, seat, rng.choice([t for t in texts if t.split()[0] == verb]))
    return out


def test_every_listed_action_passes_its_rule_and_the_kit_lists_the_same() -> None:
    """Given positions of whole games (both modes), when the table's candidates are listed, then
    each one passes its verb's ``why_not`` (the listing and the refusals are one code path), and
    ``kit.legal`` over the table equals the engine's legal actions, in order."""
    seen: set[str] = set()
    for mode, seed, players in (("full", 3, 2), ("intro", 4, 3), ("full", 5, 4)):
        for s, seat in _states(mode, seed, players):
            actions = E.legal_actions(s, seat)
            for action in actions:
                assert kit.why_not(R.RULES, s, seat, action) is None, str(action)
                seen.add(action.verb)
            assert kit.legal(R.RULES, s, seat) == actions
    # The walk above reached every verb's rule.
    assert seen >= {"build", "network", "develop", "loan", "scout", "pass"}


def test_the_table_has_a_rule_for_every_verb_citing_defined_rule_ids() -> None:
    """Given the notation's verbs, then each has a rule, and each rule's ids are defined in the
    rules document's id list (data/brass/rule_ids.txt)."""
    defined = set(data_path("brass", "rule_ids.txt").read_text(encoding="utf-8").split())
    # The table's order is the order legal actions are listed in.
    order = ["build", "network", "develop", "sell", "done", "loan", "scout", "pass", "remove"]
    assert list(R.RULES) == order and set(order) == {v.name for v in VERBS}
    for verb, rule in R.RULES.items():
        assert rule.ids and set(rule.ids) <= defined, verb


def test_B78_players_short_of_money_are_a_stack_of_remove_decisions() -> None:
    """Given two players short of money at a round's end, then each must remove tiles in turn
    order: one ``remove`` decision per player, the first deciding now (B78)."""
    s = position(
        3,
        income={1: 5, 2: 5},
        money={1: 0, 2: 0},
        tiles=[("leek", 1, 1, "cotton_mill", 1), ("stone", 1, 2, "cotton_mill", 1)],
        round_no=1,
        actions_left=1,
    )
    for seat in range(3):
        s, _ = play(s, seat, f"pass card={s.hands[seat][0]}")
    assert s.phase == SHORTFALL
    assert R.decisions(s) == (Decision(1, "remove"), Decision(2, "remove"))
    assert E.to_act(s) == [1] and E.asked(s, 1) is None
    refusal = R.why_not_now(s, 1, "pass")
    assert refusal is not None and refusal.key == "brass.must_remove"
    s, _ = play(s, 1, "remove leek")
    assert R.decisions(s) == (Decision(2, "remove"),) and E.to_act(s) == [2]


def test_B59_the_rest_of_a_sell_action_is_a_decision_answered_by_sell_or_done() -> None:
    """Given a first sale with another tile left to sell, then the seller decides whether to
    sell more (``sell`` or ``done``); any other verb is refused with the reason (B59)."""
    s = _worcester_mill(
        tiles=[("worcester", 1, 0, "cotton_mill", 1), ("redditch", 1, 0, "manufacturer", 3)],
        links=[("gloucester-worcester", 0), ("gloucester-redditch", 0)],
    )
    s, _ = play(s, 0, "sell redditch gloucester card=leek")
    assert s.phase == SELL and R.decisions(s) == (Decision(0, "sell"),)
    assert R.ANSWERS["sell"] == ("sell", "done")
    assert {t.split()[0] for t in E.legal_texts(s, 0)} == {"sell", "done"}
    illegal(s, 0, "loan card=stone", "brass.still_selling")
    illegal(s, 0, "remove worcester", "brass.still_selling")


def test_R33_the_optional_second_rail_link_is_a_decision_the_now_line_asks() -> None:
    """Given a rail action's first link with a second one possible, then the decision asks for
    it with its price (R33), answered by ``network`` or ``done``; ``done`` outside a decision is
    refused."""
    s = _two_mines()
    illegal(s, 0, "done", "brass.not_selling")
    s, _ = play(s, 0, "network cannock-walsall card=leek")
    assert s.phase == LINK2
    (top,) = R.decisions(s)
    assert (top.owner, top.verb, top.key, dict(top.params)) == (
        0,
        "network",
        "brass.asked.second_link",
        {"money": 10},
    )
    assert E.asked(s, 0) == top.asked()
    illegal(s, 0, "pass card=stone", "brass.still_linking")
    s, _ = play(s, 0, "done")
    assert R.decisions(s) == () and E.to_act(s) == [0]
