"""The Brass: Birmingham engine: the platform contract on top of the rules modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import Engine, EngineMeta, Event, IllegalAction, Option, Result
from engines.brass import build, moves, rounds, sell
from engines.brass import components as C
from engines.brass.draft import Draft
from engines.brass.notation import VERBS, Action
from engines.brass.notation import make as make_action
from engines.brass.notation import parse as parse_text
from engines.brass.scoring import final_result
from engines.brass.state import (
    ACT,
    LINK2,
    OVER,
    SELL,
    SHORTFALL,
    State,
    dump_state,
    evolve,
    load_state,
    tile_token,
)
from engines.brass.view import make_view, rounds_in_era
from engines.kit import complete_from_texts

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


#: Actions by canonical text: the same few hundred texts come back in every state's legal list,
#: and actions are immutable, so each is built once per process.
_ACTIONS: dict[str, Action] = {}
_MAX_ACTIONS = 200_000


def _fast_action(text: str) -> Action:
    """An action from canonical text (no checks: only for texts the engine produced)."""
    got = _ACTIONS.get(text)
    if got is None:
        if len(_ACTIONS) >= _MAX_ACTIONS:
            _ACTIONS.clear()  # a bound on memory for a long-running bot; refilled as needed
        got = _ACTIONS[text] = _make_action(text)
    return got


def _make_action(text: str) -> Action:
    parts = text.split()
    args = tuple(p for p in parts[1:] if "=" not in p)
    kw = tuple(tuple(p.split("=", 1)) for p in parts[1:] if "=" in p)
    return Action(parts[0], args, kw)  # type: ignore[arg-type]


class Brass(Engine[State, Action]):
    """Brass: Birmingham: the full two-era game, or the introductory canal-era game."""

    meta = META
    #: 1, extended without a new number: a full game's dump adds ``mode``, ``canal_scores``,
    #: ``pending`` and the survivor flag of each tile; an intro game's dump is unchanged, so
    #: intro snapshots stored before the full game equal today's dumps. (2 was written for a
    #: short while by the first full-game code and is read the same way.)
    format_version = 1

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

    def to_act(self, state: State) -> list[int]:
        if state.phase == OVER:
            return []
        if state.phase == SHORTFALL:
            return [state.shortfall[0]]
        return [state.current]

    # -- legal moves ------------------------------------------------------------------------
    def legal_texts(self, state: State, seat: int) -> list[str]:
        """Every legal action of ``seat`` as canonical text (cached on the state)."""
        key = f"legal:{seat}"
        got = state.memo.get(key)
        if got is not None:
            return got  # type: ignore[no-any-return]
        out: list[str] = []
        if seat in self.to_act(state):
            if state.phase == SHORTFALL:
                out = rounds.legal_removes(state, seat)
            elif state.phase == LINK2:
                out = moves.legal_second_links(state, seat) + ["done"]
            elif state.phase == SELL:
                out = sell.legal_sells(state, seat, with_card=False) + ["done"]
            else:
                cards = sorted(set(state.hands[seat]))
                out = build.legal_builds(state, seat)
                out += moves.legal_networks(state, seat)
                out += moves.legal_develops(state, seat)
                out += sell.legal_sells(state, seat, with_card=True)
                if moves.can_loan(state, seat):
                    out += [f"loan card={c}" for c in cards]
                out += moves.legal_scouts(state, seat)
                out += [f"pass card={c}" for c in cards]
        state.memo[key] = out
        return out

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return list(map(_fast_action, self.legal_texts(state, seat)))

    def complete(self, state: State, seat: int, prefix: str) -> list[str]:
        return complete_from_texts(self.legal_texts(state, seat), prefix)

    # -- apply ------------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        if state.phase == OVER:
            raise IllegalAction("core.game_over")
        if seat not in self.to_act(state):
            raise IllegalAction("core.not_your_decision")
        d = Draft(state)
        verb = action.verb
        card = action.get("card")
        if state.phase == SHORTFALL:
            if verb != "remove":
                raise IllegalAction(
                    "brass.must_remove", owed=-_level(state, seat), money=state.money[seat]
                )
            rounds.apply_remove(d, seat, action.args[0])
        elif state.phase == SELL and verb not in ("sell", "done"):
            raise IllegalAction("brass.still_selling")
        elif state.phase == LINK2 and verb not in ("network", "done"):
            raise IllegalAction("brass.still_linking")
        elif verb == "done":
            if state.phase not in (SELL, LINK2):
                raise IllegalAction("brass.not_selling")
            d.pending = ()
            rounds.finish_action(d, seat)
        elif verb == "network":
            return self._network(state, d, seat, action)
        elif verb == "remove":
            raise IllegalAction("brass.no_shortfall")
        elif verb == "sell":
            if state.phase == SELL and card is not None:
                raise IllegalAction("brass.card_only_first")
            if state.phase == ACT:
                if card is None:
                    raise IllegalAction("brass.sell_needs_card")
                moves.check_card(state, seat, card)
            sell.apply_sell(
                d, seat, action.args[0], action.args[1], action.get("beer"), action.get("develop")
            )
            if card is not None:
                d.discard(seat, card)
            mid = d.freeze(phase=SELL)
            if sell.legal_sells(mid, seat, with_card=False):
                return self._finish(mid, seat, action, d.events, d.places)
            d2 = Draft(mid)
            rounds.finish_action(d2, seat)
            return self._finish(d2.freeze(), seat, action, d.events + d2.events, d.places)
        else:
            assert card is not None  # every other verb declares a required card
            if verb == "build":
                a = action.args
                build.apply_build(
                    d,
                    seat,
                    a[0],
                    a[1],
                    action.get("slot"),
                    action.get("coal"),
                    action.get("iron"),
                    card,
                )
            elif verb == "develop":
                moves.apply_develop(d, seat, list(action.args), action.get("iron"), card)
            elif verb == "loan":
                moves.apply_loan(d, seat, card)
            elif verb == "scout":
                moves.apply_scout(d, seat, card, action.get("discard") or "")
            elif verb == "pass":
                moves.apply_pass(d, seat, card)
            rounds.finish_action(d, seat)
        return self._finish(d.freeze(), seat, action, d.events, d.places)

    def _network(
        self, state: State, d: Draft, seat: int, action: Action
    ) -> tuple[State, list[Event]]:
        """A canal link (B52), a rail action's first link (R33), or a double's second (R33–R38)."""
        card, coal, beer = action.get("card"), action.get("coal"), action.get("beer")
        line = action.args[0]
        if state.phase == LINK2:
            if card is not None:
                raise IllegalAction("brass.card_only_first_link")
            moves.apply_second_link(d, seat, line, coal, beer)
            rounds.finish_action(d, seat)
            return self._finish(d.freeze(), seat, action, d.events, d.places)
        if card is None:
            raise IllegalAction(
                "brass.missing_param",
                verb="network",
                params="card",
                example="network birmingham-coventry card=dudley",
            )
        for name, value in (("coal", coal), ("beer", beer)):
            if value is not None and (state.era == C.CANAL or name == "beer"):
                raise IllegalAction(
                    "brass.no_choice_here", param=name, value=value[:40], only="none"
                )
        if state.era == C.CANAL:
            moves.apply_network(d, seat, line, card)
            rounds.finish_action(d, seat)
            return self._finish(d.freeze(), seat, action, d.events, d.places)
        moves.apply_rail_link(d, seat, line, coal, card)
        mid = d.freeze(phase=LINK2)
        if moves.second_link_options(mid, seat):
            return self._finish(mid, seat, action, d.events, d.places)
        d2 = Draft(mid)
        d2.pending = ()
        rounds.finish_action(d2, seat)
        return self._finish(d2.freeze(), seat, action, d.events + d2.events, d.places)

    def _finish(
        self, new: State, seat: int, action: Action, events: list[Event], places: list[str]
    ) -> tuple[State, list[Event]]:
        new = evolve(
            new,
            last_seat=seat,
            last_text=str(action),
            last_places=tuple(dict.fromkeys(places)),
            moves=new.moves + 1,
        )
        return new, events

    def timeout_action(self, state: State, seat: int) -> str | None:
        """A pass with the first card of the hand; ``done`` mid-sale; in a shortfall, the tile
        worth most (fewest removals)."""
        if seat not in self.to_act(state):
            return None
        if state.phase in (SELL, LINK2):
            return "done"
        if state.phase == SHORTFALL:
            tiles = [
                t
                for t in state.tiles
                if t.owner == seat and rounds.tile_value(t.industry, t.level) >= 1
            ]
            best = max(tiles, key=lambda t: (rounds.tile_value(t.industry, t.level), t.location))
            return f"remove {tile_token(state, best)}"
        return f"pass card={sorted(state.hands[seat])[0]}"

    # -- information ------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        v = make_view(state, self.to_act(state))
        if state.phase == OVER:
            v["final"] = final_result(state).to_json()
        if seat is not None:
            v["private"] = {"seat": seat, "hand": sorted(state.hands[seat])}
        return v

    def result(self, state: State) -> Result | None:
        return final_result(state) if state.phase == OVER else None

    def asked(self, state: State, seat: int) -> Event | None:
        """After a first rail link, the optional second one of a double (R33); else the verbs
        offered say it."""
        if state.phase == LINK2 and seat == state.current:
            return Event("brass.asked.second_link", {"money": moves.SECOND})
        return None

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


def _level(state: State, seat: int) -> int:
    from engines.brass.state import income_level

    return income_level(state.income[seat])
