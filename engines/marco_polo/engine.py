"""The Voyages of Marco Polo engine: the platform contract on top of the rules table (``rules``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engines import kit
from engines.base import CHANCE, END, Engine, EngineMeta, Event, Option, Result
from engines.catalog import CATALOG
from engines.marco_polo import chance
from engines.marco_polo import tables as T
from engines.marco_polo.draft import Draft, QuietDraft
from engines.marco_polo.flow import character_setup, new_game, seats_from, settle, start_round
from engines.marco_polo.notation import VERBS, Action, parse
from engines.marco_polo.rewards import paid
from engines.marco_polo.rules import RULES, complete, to_act
from engines.marco_polo.scoring import result as final_result
from engines.marco_polo.state import State
from engines.marco_polo.view import MarcoPoloView, make_view
from engines.reading import localised_name

META = EngineMeta(
    id="marco_polo",
    title="The Voyages of Marco Polo",
    min_players=2,
    max_players=4,
    options=(
        Option(
            "setup",
            "basic: characters by seat, fixed city bonuses, 2 goal cards; advanced: character "
            "draft, random city bonuses, keep 2 of 4 goal cards",
            "basic",
            ("basic", "advanced"),
            {
                "basic": "characters by seat, fixed city bonuses, 2 goal cards each",
                "advanced": "draft players+1 characters, random bonuses, keep 2 of 4 goals",
            },
        ),
    ),
    verbs=VERBS,
    notes=(
        "5 rounds. On your turn: any extra actions, exactly one 'place', more extra actions, "
        "then 'end'. The map is drawn from stylised positions (approximate geography). With 3 "
        "players a neutral die showing 1 blocks the first Khan's favor space; with 2, neutral "
        "dice block the first two Khan's favor spaces and the 5-coins space, which therefore "
        "always charges the occupied fee."
    ),
)


class MarcoPolo(Engine[State, Action]):
    """The Voyages of Marco Polo (base game, basic and advanced set-up, 8 characters)."""

    meta = META
    #: Which verbs are open is public: the goal cards never decide a verb.
    verbs_open_publicly = True
    format_version = 1
    #: the dice are chance nodes (``engines.marco_polo.chance``), and every die is public
    has_chance = True
    public_chance = chance.VERBS
    #: A round's start, its income and its dice (rolled only then, M19), and the game's end.
    round_events = frozenset(
        {
            "marco_polo.round_started",
            "marco_polo.rolled",
            "marco_polo.raschid_dice",
            "marco_polo.game_over",
        }
    )
    #: A time bank refills here (#27.3): a round ends where marco_polo.round_started is told; the
    #: game has no eras.
    round_end_events = frozenset({"marco_polo.round_started"})

    def earned(self, events: Sequence[Event]) -> tuple[tuple[int, str, int], ...]:
        """Rewards, Mercator's share, compensation, milestones, contracts and goods taken
        (``rewards.paid``)."""
        return kit.gains(events, self.round_events, paid)

    # -- life cycle --------------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        self.meta.validate_players(players)
        # A basic game starts in round 1, whose dice the seed rolls as part of the set-up.
        state, _ = self.settle(new_game(players, options, seed).freeze())
        return state

    def setup_events(self, state: State) -> list[Event]:
        """Advanced set-up: the draft order (last seat first, M13), which is not the turn order."""
        if state.phase != "draft":
            return []
        offer = state.draft_offer
        return [
            Event(
                "marco_polo.draft_order",
                {"order_seats": list(state.draft_order), "first_seat": state.start},
            ),
            # What each character on offer does (M51-M58): the draft is never blind.
            *(Event("marco_polo.character_line", _character_params(c)) for c in offer),
        ]

    def token_name(self, token: str, lang: str = "en") -> str | None:
        """A goal card by its two cities (``g06`` → "Karakorum–Adana"; M65), which is how the
        printed card shows it."""
        goal = T.GOALS.get(token)
        if goal is None:
            return None
        a, b = (localised_name(T.GAME, c, lang) or c.title() for c in goal["cities"])
        return CATALOG.text("marco_polo.goal_name", {"a": a, "b": b}, lang=lang)

    def help_lines(self, lang: str = "en") -> list[str]:
        """Every character and what it does (M51-M58), as the draft offers them."""
        return [character_line(c, lang) for c in T.CHARACTERS]

    def turn_order(self, state: State, players: int) -> list[int]:
        """Round 1's turns: the start player, then clockwise (M21)."""
        return seats_from(state, state.start)

    def parse(self, state: State, seat: int, text: str) -> Action:
        """Notation → action (``CHANCE``'s dice: ``engines.marco_polo.chance``)."""
        if seat == CHANCE:
            return chance.parse(text)
        return parse(text)

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]] | None:
        """One die's six faces; ``None`` for a round's roll (too many to list)."""
        return chance.outcomes(state)

    def sample_chance(self, state: State) -> Action:
        """The dice the state's generator rolls (M19-M20, M34, M38)."""
        return chance.sample(state)

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    # -- what may be done --------------------------------------------------------------------
    def legal_actions(self, state: State, seat: int) -> list[Action] | None:
        if seat not in to_act(state):
            return []
        return None  # dice placements are too many to list: see complete()

    def complete(self, state: State, seat: int, prefix: str) -> list[str]:
        return complete(state, seat, prefix)

    # -- doing it ----------------------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """Check the action against ``RULES`` and do it, then what follows by itself: the end
        of the draft (M13), the first round once goals are kept (M7), passing the turn (M23)."""
        if seat == CHANCE:
            return chance.apply(state, action)
        d = Draft(state)
        kit.perform(RULES, d, seat, action)
        return _follow(d, seat, action)

    def timeout_action(self, state: State, seat: int) -> str | None:
        """Out of time: the cheapest way forward (3 coins with a die, end, decline, first choice)."""
        if seat not in to_act(state):
            return None
        if state.phase == "play" and not state.pending:
            p = state.players[seat]
            if p.main_done or not p.dice:
                # M23: a turn kept open for die-free extra actions is ended, never played on.
                return "end"
            die = self.complete(state, seat, "coins3")[0]
            return f"coins3 {die}"
        prefix: list[str] = []
        for _ in range(8):
            nxt = self.complete(state, seat, " ".join(prefix))
            if END in nxt or not nxt:
                break
            # Decline what may be declined (stop moving, keep every post where it is, M41,
            # M47): a time-out must never take an active decision for the player.
            pick = next((t for t in ("stop", "none") if t in nxt), nxt[0])
            prefix.append(pick)
        return " ".join(prefix)

    # -- information -------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> MarcoPoloView:
        return make_view(state, seat, self.round_info(state))

    def result(self, state: State) -> Result | None:
        return final_result(state) if state.phase == "over" else None

    def asked(self, state: State, seat: int) -> Event | None:
        """The pending decision of ``seat`` (goods to choose, a movement, a discard...)."""
        pending = state.pending
        if pending and pending[0].owner == seat:
            return pending[0].asked()
        return None

    def public_scores(self, view: kit.View[Any, Any]) -> tuple[int, ...] | None:
        """Each traveller's victory points, public on the score track."""
        assert isinstance(view, MarcoPoloView)
        return tuple(t.vp for t in view.seats)

    def status(self, state: State) -> Event:
        """The set-up step or the round, e.g. "Round 2 of 5"."""
        if state.phase == "draft":
            return Event("marco_polo.status.draft")
        if state.phase == "goals":
            return Event("marco_polo.status.goals")
        if state.phase == "over":
            return Event("core.status.over")
        return Event("core.status.round", {"round": state.round, "rounds": T.ROUNDS})

    # -- persistence -------------------------------------------------------------------------
    def dump(self, state: State) -> dict[str, Any]:
        """The stored form: the same JSON as when the state was a plain dict (format 1)."""
        return {**state.to_json(), "format": self.format_version}

    def load(self, data: Mapping[str, Any]) -> State:
        self.check_format(data)
        return State.from_json(data)


def _character_params(character: str) -> dict[str, str]:
    """Parameters of ``marco_polo.character_line`` for one character."""
    return {
        "name": T.CHARACTERS[character]["name"],
        "id": character,
        "ability": T.ability_word(character),
    }


def character_line(character: str, lang: str = "en") -> str:
    """ "Name (`choose id`): what it does" in ``lang`` (M51-M58)."""
    return CATALOG.text("marco_polo.character_line", _character_params(character), lang=lang)


def _follow(d: Draft, seat: int, action: Action) -> tuple[State, list[Event]]:
    """What follows an action by itself (``MarcoPoloEngine.apply``): the end of the draft
    (M13), the first round once goals are kept (M7), passing the turn (M23); then the frozen
    state and the events."""
    if d.phase == "draft" and not d.draft_order:
        character_setup(d)
        d.phase = "goals"
    if d.phase == "goals" and not any(p.goal_offer for p in d.players):
        start_round(d)
    settle(d)
    d.last_seat = seat
    d.last_text = action.verb if action.verb == "keep" else str(action)
    d.moves += 1
    return d.freeze(), d.events


def apply_listed(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """``apply`` of an action the caller took from ``seat``'s legal moves in this very
    ``state`` (the computer's own listings, ``ai_moves``), without asking the rules again
    whether it is legal: the search applies tens of thousands of moves it has just listed, and
    the check was a tenth of its time. Its events are not recorded (``QuietDraft``: the search
    reads none), so the list is empty. Anything else goes through ``apply``."""
    d = QuietDraft(state)
    RULES[action.verb].do(d, seat, action)
    return _follow(d, seat, action)
