"""The Brass: Birmingham engine: the platform contract over the rules table (``rules.RULES``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines.base import CHANCE, Engine, EngineMeta, Event, IllegalAction, Option, Result
from engines.brass import build, chance
from engines.brass import components as C
from engines.brass import rules as R
from engines.brass.draft import Draft
from engines.brass.notation import VERBS, Action
from engines.brass.notation import make as make_action
from engines.brass.notation import parse as parse_text
from engines.brass.scoring import final_result
from engines.brass.state import (
    OVER,
    State,
    dump_state,
    load_state,
)
from engines.brass.told import paid, told
from engines.brass.view import BrassView, make_view, rounds_in_era
from engines.kit import View, complete_from_texts, gains, perform

META = EngineMeta(
    id="brass",
    title="Brass: Birmingham",
    min_players=2,
    max_players=4,
    options=(
        Option(
            "iron_price_when_empty",
            "Price of an iron cube when the iron market is empty: 6 as printed on the board "
            "(default) or 8 as the taught rules say",
            "6",
            ("6", "8"),
            {"6": "£6, as printed on the board", "8": "£8, like coal (the seed's reading)"},
        ),
        Option(
            "mode",
            "The full game (canal era, then rail era; the default) or the introductory game (canal "
            "era only)",
            C.FULL,
            (C.FULL, C.INTRO),
            {
                C.FULL: "both eras: canal, then rail, scored after each",
                C.INTRO: "canal era only, with the introductory final scoring",
            },
        ),
    ),
    verbs=VERBS,
    notes=(
        "The full game (mode=full, the default) plays the canal era, then the rail era; the "
        "introductory game (mode=intro) plays the canal era only, then a final scoring. Board "
        "positions are drawn approximately from the real map."
    ),
)


class Brass(Engine[State, Action]):
    """Brass: Birmingham: the full two-era game, or the introductory canal-era game."""

    meta = META
    #: Which verbs are open is public: a hand decides which builds are legal, never that one verb is left: pass is always open.
    verbs_open_publicly = True
    #: 1, extended without a new number: a full game's dump adds ``mode``, ``canal_scores``,
    #: ``pending`` and the survivor flag of each tile; an intro game's dump is unchanged, so
    #: intro snapshots stored before the full game equal today's dumps. (2 was written for a
    #: short while by the first full-game code and is read the same way.)
    format_version = 1
    #: The round's end: income first (B25, R10), a shortfall's losses, the new turn order; the
    #: canal era's scoring and the rail era's start (R13); the game's end.
    round_events = frozenset(
        {
            "brass.income",
            "brass.paid_income",
            "brass.shortfall",
            "brass.lost_vp",
            "brass.short_no_vp",
            "brass.new_round",
            "brass.canal_scored",
            "brass.rail_era",
            "brass.game_over",
        }
    )
    #: A time bank refills here (#27.3): a round ends where brass.new_round is told, brass.rail_era
    #: an era.
    round_end_events = frozenset({"brass.new_round"})
    era_end_events = frozenset({"brass.rail_era"})
    #: the cards drawn after a turn (B21) and the rail era's deal (R19, R20) are chance nodes
    #: (``engines.brass.chance``); every card goes to one seat, so no draw is public as a whole
    has_chance = True

    # -- life cycle -------------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        from engines.brass.setup import new_game

        self.meta.validate_players(players)
        # Options stored before the mode option existed name no mode: those games are intro.
        mode = options.get("mode", C.INTRO)
        return new_game(players, int(options.get("iron_price_when_empty", "6")), seed, mode)

    def turn_order(self, state: State, players: int) -> list[int]:
        """Round 1's turn order, drawn at random (B13), not the seat order."""
        return list(state.order)

    def parse(self, state: State, seat: int, text: str) -> Action:
        """Notation → action (``notation.parse``, names put in canonical order; ``CHANCE``'s
        draws: ``engines.brass.chance``)."""
        if seat == CHANCE:
            return chance.parse(text)
        action = parse_text(text)
        if action.verb == "network" and action.args and "-" in action.args[0]:
            # Line ids list their towns alphabetically; accept them in either order.
            line = "-".join(sorted(action.args[0].split("-")))
            action = Action(action.verb, (line,), action.kw)
        if action.verb == "develop" and len(action.args) == 2:
            a, b = action.args
            if (
                a in C.INDUSTRIES
                and b in C.INDUSTRIES
                and C.INDUSTRIES.index(b) < C.INDUSTRIES.index(a)
            ):
                action = Action(action.verb, (b, a), action.kw)
        if action.verb == "build" and len(action.args) == 2 and 0 <= seat < state.players:
            kw = dict(action.kw)
            industry, location = action.args
            if industry in C.INDUSTRIES and location in C.locations():
                build.canonical_choices(state, seat, industry, location, kw)
                action = make_action("build", industry, location, **kw)
        return action

    def sample_chance(self, state: State) -> Action:
        """The cards the deck gives: its top after a turn (B21), the shuffled new deck's first
        8 per seat at the rail era's start (R19, R20)."""
        return chance.sample(state)

    def to_act(self, state: State) -> list[int]:
        """The owner of the first pending decision (a shortfall, the rest of a Sell action, a
        rail action's second link), else the player whose turn it is (``rules.to_act``)."""
        return R.to_act(state)

    # -- legal moves ------------------------------------------------------------------------
    def legal_texts(self, state: State, seat: int) -> list[str]:
        """Every legal action of ``seat`` as canonical text (cached on the state)."""
        return R.legal_texts(state, seat)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return R.actions_of(R.legal_texts(state, seat))

    def complete(self, state: State, seat: int, prefix: str) -> list[str]:
        return complete_from_texts(R.legal_texts(state, seat), prefix)

    # -- apply ------------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """Play one action through the rules table (``rules.RULES``): refused with the reason
        its ``why_not`` gives, else done on a draft of the state. ``CHANCE``'s draws leave the
        last move's mark as it was (``engines.brass.chance``)."""
        if seat == CHANCE:
            return chance.apply(state, action)
        if state.phase == OVER:
            raise IllegalAction("core.game_over")
        if seat not in R.to_act(state):
            raise IllegalAction("core.not_your_decision")
        d = Draft(state)
        perform(R.RULES, d, seat, action)
        # The move's mark goes in with the draft's changes: one copy of the state, not two.
        new = d.freeze(
            last_seat=seat,
            last_text=str(action),
            last_places=tuple(dict.fromkeys(d.places)),
            moves=state.moves + 1,
        )
        return new, d.events

    def timeout_action(self, state: State, seat: int) -> str | None:
        """A pass with the first card of the hand; ``done`` mid-sale or after a first rail
        link; in a shortfall, the tile worth most (fewest removals)."""
        return R.timeout_action(state, seat)

    # -- information ------------------------------------------------------------------------
    def earned(self, events: Sequence[Event]) -> tuple[tuple[int, str, int], ...]:
        """Loans, flipped tiles' income, merchants' beer bonuses, market sales (``told.paid``)."""
        return gains(events, self.round_events, paid)

    def told(self, events: Sequence[Event]) -> list[Event]:
        """Market cubes bought for a build or a rail link told within its price, once
        (``engines.brass.told``)."""
        return told(events)

    def view(self, state: State, seat: int | None) -> BrassView:
        final = final_result(state) if state.phase == OVER else None
        return make_view(state, self.to_act(state), seat, final)

    def result(self, state: State) -> Result | None:
        return final_result(state) if state.phase == OVER else None

    def asked(self, state: State, seat: int) -> Event | None:
        """What the pending decision of ``seat`` asks, when it says (the optional second rail
        link of a double, R33); else the verbs offered say it."""
        pending = R.decisions(state)
        if pending and pending[0].owner == seat:
            return pending[0].asked()
        return None

    def public_scores(self, view: View[Any, Any]) -> tuple[int, ...] | None:
        """The VP track everyone sees (scored at the end of each era, R47)."""
        assert isinstance(view, BrassView)
        return view.vp

    def status(self, state: State) -> Event:
        """The round of the era, e.g. "Round 2 of 10 (canal era)"."""
        if state.phase == OVER:
            return Event("core.status.over")
        return Event(
            "brass.status.round",
            {"round": state.round, "rounds": rounds_in_era(state), "era": state.era},
        )

    # -- persistence ------------------------------------------------------------------------
    def dump(self, state: State) -> dict[str, Any]:
        return dump_state(state, self.format_version)

    def load(self, data: Mapping[str, Any]) -> State:
        if data.get("format") == 2:
            return load_state(data)
        self.check_format(data)
        return load_state(data)
