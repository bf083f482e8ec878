"""The Imhotep engine: the platform contract (engines/base.py) wired to this package's rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engines import kit
from engines.base import (
    CHANCE,
    Engine,
    EngineMeta,
    Event,
    IllegalAction,
    Option,
    Result,
    rank_by,
)
from engines.imhotep import chance, market, scoring, tasks, turn
from engines.imhotep import components as C
from engines.imhotep.notation import VERBS, Action, parse
from engines.imhotep.rules import RULES
from engines.imhotep.state import (
    DECISION_VERBS,
    EMPTY,
    Draft,
    State,
    dump_state,
    load_state,
    task_of,
)
from engines.imhotep.view import Hidden, ImhotepView, make_view
from engines.rng import Rng, seed_state

#: A site's own option: ``auto`` follows ``sides``; ``a``/``b`` choose that site's side whatever
#: ``sides`` says (I4: a per-site choice overrides the general one).
_SIDE_CHOICES = ("auto", "a", "b")
_SIDE_HELP = {
    "auto": "as the sides option says (custom: A)",
    "a": "side A, whatever sides says",
    "b": "side B, whatever sides says",
}

OPTIONS: tuple[Option, ...] = (
    Option(
        "sides",
        "Which side of each site board: all A, all B, random per site, or custom (per-site "
        "options). Pyramid B, Temple B and Obelisk B use approximate stand-in numbers.",
        "a",
        ("a", "b", "random", "custom"),
        {
            "a": "every site on side A (the basic game)",
            "b": "every site on side B (Pyramid, Temple and Obelisk B approximate)",
            "random": "each site's side drawn at random at setup (B pyramid/temple/obelisk approximate)",
            "custom": "use the market/pyramid/temple/burial/obelisk options (A where not set)",
        },
    ),
    Option(
        "market",
        "Market side (B: 3 face up + a face-down pair); a or b here overrides sides for this site",
        "auto",
        _SIDE_CHOICES,
        _SIDE_HELP,
    ),
    Option(
        "pyramid",
        "Pyramid side (B is approximate: stand-in board); a or b here overrides sides for this site",
        "auto",
        _SIDE_CHOICES,
        _SIDE_HELP,
    ),
    Option(
        "temple",
        "Temple side (B is approximate: stand-in bonus cells); a or b here overrides sides for this site",
        "auto",
        _SIDE_CHOICES,
        _SIDE_HELP,
    ),
    Option(
        "burial",
        "Burial Chamber side (B: row majorities); a or b here overrides sides for this site",
        "auto",
        _SIDE_CHOICES,
        _SIDE_HELP,
    ),
    Option(
        "obelisk",
        "Obelisk side (B is approximate: stand-in slot values); a or b here overrides sides for this site",
        "auto",
        _SIDE_CHOICES,
        _SIDE_HELP,
    ),
    Option(
        "wrath",
        "Pharaoh's wrath: -5 at the end for a player missing from any of the four building sites",
        "off",
        ("off", "on"),
    ),
)

_OPTION_SITE = {
    "market": "market",
    "pyramid": "pyramid",
    "temple": "temple",
    "burial": "burial_chamber",
    "obelisk": "obelisk",
}


#: The events that score points at once, with the points in their ``points`` (I36, I37,
#: I50-I53, I56, I61).
POINTS = frozenset(
    {
        "imhotep.placed_pyramid",
        "imhotep.placed_beside",
        "imhotep.placed_pyramid_b",
        "imhotep.bonus_points",
        "imhotep.tower_built",
    }
)


def paid(event: Event) -> list[tuple[int, str, int]]:
    """What one public event paid a seat (``Engine.earned``): points scored at once go to the
    stone's owner, who need not be the player who sailed; the quarry's stones to the taker."""
    p = event.params
    if event.key in POINTS:
        return [(int(p["seat"]), "imhotep.count.point", int(p["points"]))]
    if event.key == "imhotep.took_stones":
        return [(int(p["seat"]), "imhotep.count.stone", int(p["count"]))]
    return []


@dataclass(frozen=True)
class _ImhotepMeta(EngineMeta):
    """Imhotep's options: a site named on its own always gets the side asked for (I4)."""

    def validate_options(self, options: Mapping[str, str] | None) -> dict[str, str]:
        """As the base, except that when a player names all five sites one by one, ``sides`` is
        moot and recorded as ``custom``, so the stored set is never read as an old one (see
        ``site_sides``). A complete option set (one already stored) is kept as it is, so that
        validating it again never changes the game it describes."""
        out = super().validate_options(options)
        complete = {o.name for o in self.options} <= set(options or {})
        if not complete and all(out[word] != "auto" for word in _OPTION_SITE):
            out["sides"] = "custom"
        return out


def site_sides(opts: Mapping[str, str], rng: Rng) -> dict[str, str]:
    """Each site's side ("A"/"B") from validated options (I4, I9).

    A site's own ``a``/``b`` wins over ``sides``; ``auto`` follows ``sides`` (``custom``: A).
    Games created before ``auto`` existed stored ``a`` for every site not asked for; in such an
    option set (no ``auto`` anywhere, ``sides`` not ``custom``) only ``b`` overrode ``sides``, and
    it keeps that meaning so that those games replay exactly as they were dealt.
    """
    mode = opts["sides"]
    legacy = mode != "custom" and all(opts[w] != "auto" for w in _OPTION_SITE)
    sides: dict[str, str] = {}
    for word, site in _OPTION_SITE.items():
        # drawn for every site whatever it gets, so the rest of the deal never shifts
        drawn = "AB"[rng.below(2)] if mode == "random" else ""
        own = opts[word]
        if own in ("a", "b") and not (legacy and own == "a"):
            sides[site] = own.upper()
        elif mode == "random":
            sides[site] = drawn
        elif mode == "custom":
            sides[site] = "A"
        else:
            sides[site] = mode.upper()
    return sides


META = _ImhotepMeta(
    id="imhotep",
    title="Imhotep",
    min_players=2,
    max_players=4,
    options=OPTIONS,
    verbs=VERBS,
    notes=(
        "6 rounds; one action per turn: quarry, load, sail, or play a blue card. Stones unload "
        "bow first; each stone's owner decides at the market and on B-side choices. "
        "Pyramid B, Temple B and Obelisk B are approximate (the printed numbers are unknown)."
    ),
)


#: Verbs whose highlight names the ship (or positions) they touched, not the site unloading.
_SHIP_VERBS = frozenset({"load", "hammer", "sail", "lever", "sailcard", "chisel"})


@lru_cache(maxsize=2048)
def _mark(action: Action) -> dict[str, Any]:
    """The part of the last-move highlight an action fixes: its text and verb, and the ship,
    site and positions it names. Made once per action (Imhotep has a few hundred) and shared:
    the highlight copies it and never changes it."""
    mark: dict[str, Any] = {"text": str(action), "verb": action.verb}
    a = action.args
    if action.verb in ("load", "hammer") and a:
        mark["ship"], mark["positions"] = int(a[0]), [[int(a[0]), int(a[1])]]
    elif action.verb in ("sail", "lever"):
        mark["ship"], mark["site"] = int(a[0]), C.SITE_WORDS[a[1]]
    elif action.verb == "sailcard":
        mark["ship"], mark["site"] = int(a[0]), C.SITE_WORDS[a[2]]
    elif action.verb == "chisel":
        mark["positions"] = [[int(a[0]), int(a[1])], [int(a[2]), int(a[3])]]
    return mark


class Imhotep(Engine[State, Action]):
    """Imhotep (Kosmos 2016) for 2–4 players, A and B sides, Pharaoh's wrath."""

    meta = META
    #: Which verbs are open is public: the face-down pair never decides a verb.
    verbs_open_publicly = True
    format_version = 1
    #: a round's deal and a bonus card's draw are chance nodes (``engines.imhotep.chance``); a
    #: deal's face-down pair is seen by nobody, so no deal is public as a whole; a drawn bonus
    #: card is kept face up, so a draw is
    has_chance = True
    public_chance = chance.PUBLIC
    round_events = frozenset(
        {
            "imhotep.round_deadlock",
            "imhotep.temple_scored",  # only when the round ends (I19)
            "imhotep.round_over",
            "imhotep.game_over",
            "imhotep.round_started",
            "imhotep.market_dealt",
        }
    )
    #: A time bank refills here (#27.3): a round ends where imhotep.round_over is told; the game
    #: has no eras.
    round_end_events = frozenset({"imhotep.round_over"})

    def earned(self, events: Sequence[Event]) -> tuple[tuple[int, str, int], ...]:
        """Points scored at once (pyramid, Pyramid-B and Temple-B spaces, an obelisk tower) by
        the stones' owners, and stones taken from the quarry (``paid``)."""
        return kit.gains(events, self.round_events, paid)

    # -- life cycle -------------------------------------------------------------------------
    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        """I9–I14: sides, shuffled market deck and round deck, starting sleds, round 1."""
        self.meta.validate_players(players)
        opts = self.meta.validate_options(options)
        rng = Rng(seed_state(seed))
        sides = site_sides(opts, rng)
        deck = list(C.market_deck())
        rng.shuffle(deck)
        rounds = sorted(C.round_cards(players))
        rng.shuffle(rounds)
        sled = [C.START_SLED[s] for s in range(players)]
        state = State(
            players=players,
            sides=sides,
            wrath=opts["wrath"] == "on",
            rng=rng.state,
            round=0,
            round_deck=tuple(rounds[1:]),
            removed_card=rounds[0],  # I10: set aside unseen
            round_card="",
            ships=(),
            docked=(),
            market_deck=tuple(deck),
            discard=(),
            offer=(),
            pair=(),
            pair_hand=(),
            quarry=tuple(C.STONES_PER_PLAYER - n for n in sled),
            sled=tuple(sled),
            points=tuple({} for _ in range(players)),
            cards=((),) * players,
            pyramid=(),
            pyramids_b=((),) * len(C.pyramid_b_spaces()) if sides["pyramid"] == "B" else (),
            pyramid_overflow=(),
            temple=(),
            burial=(),
            obelisk=(0,) * players,
            towers=(),
            current=0,
            pending=(),
            unloading="",
            moves=0,
            last={},
            over=False,
        )
        draft = Draft(state)
        turn.reveal_round(draft)  # the first round's deal is part of the set-up (I16)
        return draft.freeze()

    def parse(self, state: State, seat: int, text: str) -> Action:
        """Notation → action (see notation.py; ``CHANCE``'s deal: ``engines.imhotep.chance``)."""
        if seat == CHANCE:
            return chance.parse(text)
        return parse(text)

    def sample_chance(self, state: State) -> Action:
        """The round's deal (I16, I47, E7) or the bonus card (I51, I56, E7) the decks give."""
        return chance.sample(state)

    def to_act(self, state: State) -> list[int]:
        """The seat deciding now: a pending step's owner (E12), else the active player."""
        if state.over:
            return []
        return kit.to_act(state.pending) or [state.current]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now."""
        if seat not in self.to_act(state):
            return []
        if state.pending:
            task = task_of(state.pending[0])
            verb = DECISION_VERBS[task[0]]
            return [Action(verb, tuple(answer.split())) for answer in tasks.options(state, task)]
        return turn.legal_actions(state, seat)

    def complete(self, state: State, seat: int, prefix: str) -> list[str]:
        """Legal next tokens after ``prefix``."""
        return kit.complete_from_texts(map(str, self.legal_actions(state, seat)), prefix)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """Play an action for ``seat`` through the RULES table; the input state is never changed."""
        if seat == CHANCE:
            return chance.apply(state, action)
        if state.over:
            raise IllegalAction("core.game_over")
        # ``to_act`` written out: the owner of the first pending step, else the active player
        # (every move of self-play passes here, issue #15).
        pending = state.pending
        deciding = pending[0].owner if pending else state.current
        if deciding == CHANCE:
            raise IllegalAction("core.not_your_decision")
        if seat != deciding:
            raise IllegalAction("imhotep.waiting_for", waiting_seat=deciding)
        draft = Draft(state)
        kit.perform(RULES, draft, seat, action)
        if not draft.tasks:
            turn.end_turn(draft)
        draft.moves = state.moves + 1
        # A move never starts a round: the next round's deal is a chance step (chance.py), which
        # takes the ended round's ship off the highlight.
        draft.last = self._last(state, seat, action)
        return draft.freeze(), draft.events

    def _last(self, before: State, seat: int, action: Action) -> dict[str, Any]:
        """What the highlight shows: who, the text, and the ship/site/positions touched."""
        last: dict[str, Any] = {"seat": seat}
        last.update(_mark(action))
        if before.unloading and action.verb not in _SHIP_VERBS:
            last["site"] = before.unloading
        return last

    def timeout_action(self, state: State, seat: int) -> str | None:
        """The rules have no pass (I28): a player out of time is left to the table."""
        return None

    # -- information ------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> ImhotepView:
        """Public view, plus ``private`` for a seat (the Market-B pair it is looking at)."""
        hidden = None
        if seat is not None:
            pair = None
            if state.pair_hand and kit.to_act(state.pending) == [seat]:
                pair = tuple(C.card_type(c).id for c in state.pair_hand)
            hidden = Hidden(face_down_pair=pair)
        return make_view(state, self.to_act(state), seat, hidden=hidden, result=self.result(state))

    def result(self, state: State) -> Result | None:
        """Final scores (I76–I81) with the sled tie-break (I77)."""
        if not state.over:
            return None
        sheets = scoring.final_breakdown(state)
        scores = tuple(sum(s.values()) for s in sheets)
        notes: tuple[str | Event, ...] = ()
        approx = [s for s in C.SITES if C.approximate(s, state.side(s))]
        if approx:
            # Per-seat notes come first: none (the sled count is a detail), then the game's.
            notes = ("",) * state.players
            notes += (
                Event("imhotep.note.approximate", {"sites": [C.SITE_WORD[s] for s in approx]}),
            )
        return Result(
            scores=scores,
            breakdown=tuple({k: s[k] for k in scoring.CATEGORIES} for s in sheets),
            ranking=rank_by([(scores[s], state.sled[s]) for s in range(state.players)]),
            notes=notes,
            details=tuple({"sled": state.sled[s]} for s in range(state.players)),
        )

    def public_scores(self, view: kit.View[Any, Any]) -> tuple[int, ...] | None:
        """The score track everyone sees (I8)."""
        assert isinstance(view, ImhotepView)
        return view.scores

    def status(self, state: State) -> Event:
        """E.g. "Round 3 of 6"."""
        if state.over:
            return Event("core.status.over")
        return Event("core.status.round", {"round": state.round, "rounds": C.ROUNDS})

    # -- persistence ------------------------------------------------------------------------
    def dump(self, state: State) -> dict[str, Any]:
        """JSON-compatible state."""
        return dump_state(state, self.format_version)

    def load(self, data: Mapping[str, Any]) -> State:
        """Inverse of ``dump``."""
        self.check_format(data)
        return load_state(dict(data))


__all__ = ["EMPTY", "Imhotep", "META", "market"]
