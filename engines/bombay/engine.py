"""The Bombay engine: the contract of ``engines.base.Engine`` over the modules of this package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines import kit
from engines.base import CHANCE, Engine, EngineMeta, Event, IllegalAction, Result
from engines.bombay import chance, tally
from engines.bombay import rules as R
from engines.bombay.components import TURN_AP
from engines.bombay.notation import OPTIONS, VERBS, Action, normalise_build, parse_action
from engines.bombay.scoring import result as final_result
from engines.bombay.setup import new_game
from engines.bombay.state import State, dump_state, load_state
from engines.bombay.view import BombayView, make_view, status
from engines.kit import Draft, perform

META = EngineMeta(
    id="bombay",
    title="Bombay",
    min_players=2,
    max_players=5,
    options=OPTIONS,
    verbs=VERBS,
    notes=(
        "Ride your elephant, buy silk at trading posts, sell it in cities, build palaces. "
        "A turn is up to 3 action points spent in several commands (e.g. move e3, buy purple, "
        "end). Your rupees are behind your screen: see them in your private view. The board is "
        "an approximate stand-in with the printed board's site counts (the real map is not public)."
    ),
)


class Bombay(Engine[State, Action]):
    """Bombay (Ystari, 2009) for 2–5 players."""

    meta = META
    #: Which verbs are open is public: nothing hidden decides a verb.
    verbs_open_publicly = True
    format_version = 1
    #: a set's restock is a chance node (``engines.bombay.chance``), and everyone sees it (Y32)
    has_chance = True
    public_chance = frozenset({chance.VERB})
    round_events = frozenset(
        {
            "bombay.set_ended",
            "bombay.posts_reopened",
            "bombay.restock",
            "bombay.posts_closed_at_restock",
            "bombay.game_over",
        }
    )
    #: A time bank refills here (#27.3): a round ends where bombay.set_ended is told; the game has
    #: no eras.
    round_end_events = frozenset({"bombay.set_ended"})

    def earned(self, events: Sequence[Event]) -> tuple[tuple[int, str, int], ...]:
        """A sale's rupees, clients and city token, palace income, a fortune (``tally.paid``)."""
        return kit.gains(events, self.round_events, tally.paid)

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        """A new game (Y16–Y25), markets already restocked for the first set (Y31)."""
        self.meta.validate_players(players)
        return new_game(players, options, seed)

    def setup_events(self, state: State) -> list[Event]:
        """The first set's restock (Y31), announced when the game starts."""
        return R.restock_events(state)

    def parse(self, state: State, seat: int, text: str) -> Action:
        """Notation → action; see ``engines.bombay.notation`` (``CHANCE``'s restock:
        ``engines.bombay.chance``)."""
        if seat == CHANCE:
            return chance.parse(text)
        return parse_action(state, seat, text)

    def to_act(self, state: State) -> list[int]:
        """The owner of the first pending decision (``CHANCE`` while a new set's restock waits
        to be drawn), else the seat whose turn it is: a turn of several commands keeps it until
        it passes (Y42), as every game's turn does (docs/architecture.md, "The pending stack
        and the turn")."""
        if state.pending:
            return kit.to_act(state.pending)
        return [] if state.over else [state.current]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal command of ``seat`` now (a handful: the list is always small)."""
        if state.over or seat != state.current or state.pending:
            return []
        return R.legal(state, seat)

    def chance_outcomes(self, state: State) -> None:
        """Too many to list: nine bales from a bag of about twenty, in four colours."""
        return None

    def sample_chance(self, state: State) -> Action:
        """The restock the state's generator draws (Y31)."""
        return chance.sample(state)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """Play one command through the rules table (``rules.RULES``); the turn passes by itself
        at 0 AP or when only ``end`` is left (Y42)."""
        if seat == CHANCE:
            return chance.apply(state, action)
        if state.over:
            raise IllegalAction("core.game_over")
        if seat != state.current or state.pending:
            raise IllegalAction("core.not_your_decision")
        if action.verb == "build":
            action = normalise_build(state, seat, action)
        d = Draft(state)
        perform(R.RULES, d, seat, action)
        # A fresh turn (all AP left) starts a new turn log for the highlight and caption.
        fresh = state.ap == TURN_AP
        path = (state.sites[seat],) if fresh else state.turn_path
        d.set(
            moves=state.moves + 1,
            turn_seat=seat,
            turn_log=(str(action),) if fresh else (*state.turn_log, str(action)),
            turn_path=(*path, action.arg) if action.verb == "move" else path,
        )
        # The turn passes at "end", at 0 AP, or when only "end" is left (Y42); the last needs the
        # new state (whose legal moves the next ask then finds ready).
        if action.verb == "end" or d.get("ap") == 0 or not R.legal(d.state, seat, with_end=False):
            if action.verb != "end":
                d.emit("bombay.turn_over", seat=seat)
            R.end_turn(d)
        return d.freeze(), d.events

    def timeout_action(self, state: State, seat: int) -> str | None:
        """A player out of time ends their turn (Y42)."""
        return "end" if not state.over and seat == state.current else None

    def view(self, state: State, seat: int | None) -> BombayView:
        """Public table, plus ``private`` (the seat's screen) when a seat is given."""
        return make_view(state, self.to_act(state), seat)

    def result(self, state: State) -> Result | None:
        """``None`` until the last set is over, then the opened screens and bonuses (Y85–Y91)."""
        return final_result(state) if state.over else None

    def asked(self, state: State, seat: int) -> Event | None:
        """The action points the player to move has left this turn (public: the board shows
        them too)."""
        if state.over or seat != state.current or state.pending:
            return None
        return Event("bombay.asked.turn", {"ap": state.ap})

    def status(self, state: State) -> Event:
        """Set and game turn, e.g. "Set 2 of 4 · game turn 3 of 4"."""
        return status(state)

    def dump(self, state: State) -> dict[str, Any]:
        """JSON-compatible state with its format version."""
        return {"format": self.format_version, **dump_state(state)}

    def load(self, data: Mapping[str, Any]) -> State:
        """Inverse of ``dump``."""
        self.check_format(data)
        return load_state(data)
