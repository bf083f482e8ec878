"""Lay out a new game: every piece ``docs/architecture.md`` ("Adding a game") lists, as a small
working stub that passes the shared tests, to be replaced piece by piece by the real game.

    python -m tools.new_game ID "Title" [--players 2-4] [--letter L]

The stub is a card game: every seat is dealt a hidden hand of six cards (1-9) at the start; on
their turn a seat plays one (``play 7``) and scores it; the game ends when every hand is empty,
most points first. It has everything the real game will need: an engine with hidden
information, a board, a glance and a private screen, English words, rules with ids, a computer
player, tests, docs. The script writes the game's own folders, adds the ``Game(...)`` line to
``engines/__init__.py`` and the README's row, then records its traces and views' JSON. It
refuses an id that is taken or a file that exists: it never overwrites.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from string import Template

ROOT = Path(__file__).resolve().parent.parent

ENGINE_INIT = '''"""$title: the rules engine (a stub laid out by tools/new_game.py: replace it with the game).

Rules: ``docs/rules/$id.md`` (ids ${L}1-${L}8); the engine: ``engine.py``.
"""

from engines.$id.engine import ENGINE

__all__ = ["ENGINE"]
'''

ENGINE = '''"""$title's rules, as a stub to replace: hidden hands of cards played one a turn.

Rules: ``docs/rules/$id.md``. The state is plain frozen data; ``apply`` returns a new one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engines.base import (
    Engine,
    EngineMeta,
    Event,
    IllegalAction,
    Param,
    Result,
    Verb,
    rank_by,
    tokens,
)
from engines.kit import Mark, View
from engines.rng import Rng, seed_state

#: ${L}1: cards 1 to 9, four of each.
DECK = tuple(value for value in range(1, 10) for _ in range(4))
#: ${L}2: each seat's hand at the start.
HAND = 6

META = EngineMeta(
    id="$id",
    title="$title",
    min_players=$min,
    max_players=$max,
    verbs=(
        Verb(
            "play",
            "Play a card from your hand and score its value",
            (Param("card", "card value"),),
            ("play 7",),
        ),
    ),
    notes="Play your cards one a turn; each scores its value; most points win.",
)


@dataclass(frozen=True)
class State:
    players: int
    hands: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    played: tuple[int, ...]
    current: int
    moves: int
    last: str
    last_seat: int


@dataclass(frozen=True)
class Hand:
    """A seat's cards: its hidden information (${L}3)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class ${Class}View(View[Mark, Hand]):
    """What everyone sees: each hand's size, the scores, the move count."""

    game: str = "$id"
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    moves: int
    over: bool


@dataclass(frozen=True)
class Play:
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


class $Class(Engine[State, Play]):
    meta = META

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        """${L}2: the deck shuffled, ``HAND`` cards dealt to each seat; seat 0 starts (${L}4)."""
        self.meta.validate_players(players)
        deck = list(DECK)
        Rng(seed_state(seed)).shuffle(deck)
        hands = tuple(tuple(sorted(deck[HAND * p : HAND * (p + 1)])) for p in range(players))
        return State(players, hands, (0,) * players, (0,) * players, 0, 0, "", -1)

    def parse(self, state: State, seat: int, text: str) -> Play:
        t = tokens(text)
        if not t:
            raise IllegalAction("core.empty_action", verbs="play")
        if t[0] != "play":
            raise IllegalAction("core.unknown_verb", verb=t[0][:30], verbs="play")
        if len(t) != 2 or not t[1].isdigit() or len(t[1]) > 2:
            raise IllegalAction("$id.play_needs_card")
        return Play(int(t[1]))

    def to_act(self, state: State) -> list[int]:
        return [] if self._over(state) else [state.current]

    def _over(self, state: State) -> bool:
        """${L}6: the game ends when every hand is empty."""
        return not any(state.hands)

    def legal_actions(self, state: State, seat: int) -> list[Play]:
        if seat not in self.to_act(state):
            return []
        return [Play(card) for card in sorted(set(state.hands[seat]))]

    def apply(self, state: State, seat: int, action: Play) -> tuple[State, list[Event]]:
        """${L}5: the card leaves the hand and scores its value; the turn passes on (${L}4)."""
        if self._over(state):
            raise IllegalAction("core.game_over")
        if seat != state.current:
            raise IllegalAction("core.not_your_decision")
        if action.card not in state.hands[seat]:
            raise IllegalAction("$id.no_such_card", card=action.card)
        hand = list(state.hands[seat])
        hand.remove(action.card)
        hands = (*state.hands[:seat], tuple(hand), *state.hands[seat + 1 :])
        scores = list(state.scores)
        scores[seat] += action.card
        played = list(state.played)
        played[seat] += 1
        new = replace(
            state,
            hands=hands,
            scores=tuple(scores),
            played=tuple(played),
            current=(seat + 1) % state.players,
            moves=state.moves + 1,
            last=str(action),
            last_seat=seat,
        )
        events = [Event("$id.played", {"seat": seat, "card": action.card})]
        if self._over(new):
            events.append(Event("$id.game_over", {}))
        return new, events

    def timeout_action(self, state: State, seat: int) -> str | None:
        acts = self.legal_actions(state, seat)
        return str(acts[0]) if acts else None

    def view(self, state: State, seat: int | None) -> ${Class}View:
        """${L}3: a seat sees its own hand; everyone sees how many cards each holds."""
        last = Mark(seat=state.last_seat, text=state.last) if state.last else None
        return ${Class}View(
            seat=seat,
            players=state.players,
            to_act=tuple(self.to_act(state)),
            last=last,
            private=Hand(state.hands[seat]) if seat is not None else None,
            hand_sizes=tuple(len(h) for h in state.hands),
            scores=state.scores,
            moves=state.moves,
            over=self._over(state),
        )

    def result(self, state: State) -> Result | None:
        """${L}7: most points first; ${L}8: a tie is shared."""
        if not self._over(state):
            return None
        return Result(
            scores=state.scores,
            breakdown=tuple({"cards": s} for s in state.scores),
            ranking=rank_by([(s,) for s in state.scores]),
            details=tuple({"played": n} for n in state.played),
        )

    def status(self, state: State) -> Event:
        return Event("$id.status", {"move": state.moves + 1})

    def dump(self, state: State) -> dict[str, Any]:
        return {
            "format": self.format_version,
            "players": state.players,
            "hands": [list(h) for h in state.hands],
            "scores": list(state.scores),
            "played": list(state.played),
            "current": state.current,
            "moves": state.moves,
            "last": state.last,
            "last_seat": state.last_seat,
        }

    def load(self, data: Mapping[str, Any]) -> State:
        self.check_format(data)
        return State(
            data["players"],
            tuple(tuple(h) for h in data["hands"]),
            tuple(data["scores"]),
            tuple(data["played"]),
            data["current"],
            data["moves"],
            data["last"],
            data["last_seat"],
        )


ENGINE = $Class()
'''

AI = '''"""What a computer seat knows in $title: its own hand, and how many cards each other seat
holds (${L}3). ``determinize`` deals the cards it has not seen to the other hands again."""

from __future__ import annotations

from dataclasses import replace

from engines.ai.knowledge import reshuffle
from engines.$id.engine import State
from engines.rng import Rng


class ${Class}Knowledge:
    """$title's hooks for the computer players (see ``engines.ai.knowledge.Knowledge``)."""

    rollout_depth = 6
    scale = 5.0

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """The other hands dealt again from the cards this seat has not seen, sizes kept."""
        others = [list(h) for s, h in enumerate(state.hands) if s != seat]
        dealt = iter(reshuffle(rng, others))
        hands = tuple(
            state.hands[s] if s == seat else tuple(sorted(next(dealt)))
            for s in range(state.players)
        )
        return replace(state, hands=hands)

    def scores(self, state: State) -> list[float]:
        """Points so far (${L}5)."""
        return [float(s) for s in state.scores]


KNOWLEDGE = ${Class}Knowledge()
'''

LAYOUT = '''"""$title's board layout: the seat colours, the sizes, the header and legend styles."""

from __future__ import annotations

from renderers import kit

#: Seat colours of this game (#10.6): far from each other and from every colour in
#: ``COMPONENT_COLOURS`` under normal vision and colour-vision deficiencies
#: (tests/renderers/test_kit.py). Names as players would say them.
SEATS = kit.Seats.of(
    (
        ("crimson", (150, 0, 40)),
        ("teal", (0, 128, 128)),
        ("mint", (160, 230, 190)),
        ("dark plum", (80, 20, 60)),
        ("ice", (215, 240, 250)),
    )
)
#: The colours of the game's own pieces, which no seat colour may resemble (none in the stub).
COMPONENT_COLOURS: dict[str, tuple[int, int, int]] = {}

WIDTH = kit.WIDTH
MARGIN = 40
ROW = 64
TITLE = kit.TitleLine(size=40, status_size=28, status_dy=8)
LEGEND = kit.Legend(size=22, indent=40, row=32, gap=24, across=True)
'''

RENDERER = '''"""$title's board (a stub laid out by tools/new_game.py): the title and who acts, one row per
seat (cards in hand, points), the last move and the legend; the glance; a seat's hand.

Every word comes from the catalog in the table's language (``kit.say``); every text is at least
``kit.min_size`` for the image's width. Sizes and colours: ``layout.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engines.$id.engine import ${Class}View
from renderers import kit
from renderers.$id.layout import COMPONENT_COLOURS, LEGEND, MARGIN, ROW, SEATS, TITLE, WIDTH

__all__ = ["COMPONENT_COLOURS", "SEATS", "glance_text", "render", "render_glance", "render_private"]


def _legend_entries(lang: str) -> list[tuple[kit.Sign, str]]:
    """What the marks of the last move and of the earlier ones mean (``kit.MARK_KEYS``)."""

    def frame(colour: tuple[int, int, int], width: int) -> kit.Sign:
        return lambda d, x, y: d.rectangle((x, y, x + 28, y + 24), outline=colour, width=width)

    return [
        (frame(kit.HIGHLIGHT, 6), kit.say(kit.MARK_KEYS["last"], lang)),
        (frame(kit.EARLIER, kit.EARLIER_WIDTH), kit.say(kit.MARK_KEYS["earlier"], lang)),
    ]


def render(
    view: ${Class}View, *, names: Sequence[str] | None = None, lang: str | None = None
) -> bytes:
    """PNG of the public board, drawn from the public view only."""
    view, lang = kit.prepare(view, names, lang)
    img = kit.new_canvas(260 + ROW * view.players + 120)
    d = kit.Pen(img)
    status = kit.say("$id.status", lang, move=view.moves + 1)
    TITLE.draw(d, (MARGIN, 28), kit.say("$id.name", lang), status, WIDTH - MARGIN)
    if view.to_act:
        who = ", ".join(kit.player_name(view, s) for s in view.to_act)
        SEATS.who(d, list(view.to_act), MARGIN, 120, "▶ " + who, 30, r=22, pad=6)
    y = 170.0
    for s in range(view.players):
        top = y + ROW * s
        SEATS.mark(d, s, MARGIN + 22, top + ROW / 2, 22)
        kit.text(d, (MARGIN + 56, top + ROW / 2), kit.player_name(view, s), 28, anchor="lm")
        said = kit.say("$id.board.row", lang, cards=view.hand_sizes[s], points=view.scores[s])
        kit.text(d, (WIDTH - MARGIN, top + ROW / 2), said, 28, anchor="rm")
    for mark, colour, width in kit.move_marks(view):  # the row of the seat that moved
        if mark.seat is not None:
            top = y + ROW * mark.seat
            box = (MARGIN - 12, top + 2, WIDTH - MARGIN + 12, top + ROW - 2)
            d.rectangle(box, outline=colour, width=width)
    y += ROW * view.players + 16
    last = kit.last_line(view, lang)
    kit.text(d, (MARGIN, y), last, 24, fill=kit.MUTED, max_width=WIDTH - 2 * MARGIN)
    LEGEND.draw(d, _legend_entries(lang), MARGIN, y + 48, WIDTH - MARGIN)
    return kit.encode_png(img)


def render_glance(
    view: ${Class}View, *, names: Sequence[str] | None = None, lang: str | None = None
) -> bytes:
    """The phone-sized summary: whose turn, what they may do, each seat's points; at the end,
    the winners."""
    view, lang = kit.prepare(view, names, lang)
    return kit.glance(view, SEATS, glance_of(view, lang))


def glance_text(
    view: ${Class}View, *, names: Sequence[str] | None = None, lang: str | None = None
) -> list[str]:
    """The glance's words as text lines, for the table message that shows them beside the
    board."""
    view, lang = kit.prepare(view, names, lang)
    return kit.glance_lines(view, glance_of(view, lang))


def glance_of(view: ${Class}View, lang: str) -> kit.Glance:
    """The glance's words, every one from the catalog in ``lang``."""
    asked = kit.say("$id.glance.over" if view.over else "$id.glance.play", lang)
    scores = [kit.say("$id.glance.points", lang, points=p) for p in view.scores]
    status = kit.say("$id.status", lang, move=view.moves + 1)
    title = kit.say("$id.name", lang)
    # At the end the glance names the winners (${L}7, ${L}8: the most points, a tie shared).
    best = max(view.scores)
    winners = [s for s, p in enumerate(view.scores) if p == best] if view.over else []
    last = kit.last_line(view, lang)
    return kit.Glance(title, status, asked, scores, last, view.over, winners=winners)


def render_private(
    view: ${Class}View, *, names: Sequence[str] | None = None, lang: str | None = None
) -> bytes | None:
    """A seat's hand, or ``None`` when it holds nothing."""
    view, lang = kit.prepare(view, names, lang)
    if view.private is None or not view.private.cards:
        return None
    img = kit.new_canvas(200)
    d = kit.Pen(img)
    kit.text(d, (MARGIN, 30), kit.say("$id.board.hand", lang), 32, bold=True)
    cards = " ".join(str(c) for c in view.private.cards)
    kit.text(d, (MARGIN, 100), cards, 40, max_width=WIDTH - 2 * MARGIN)
    return kit.encode_png(img)


if TYPE_CHECKING:  # mypy checks this module against the one renderer signature
    import renderers
    from renderers import $id as _this

    _renderer: renderers.Renderer = _this
'''

CATALOG = """{
  "$id.name": "$title",
  "$id.notes": "Play your cards one a turn; each scores its value; most points win.",
  "$id.verb.play": "Play a card from your hand and score its value",
  "$id.play_needs_card": "Say which card to play, e.g. `play 7`.",
  "$id.no_such_card": "You have no {card} in your hand.",
  "$id.played": "{seat} played a {card}.",
  "$id.game_over": "Every hand is empty: the game is over.",
  "$id.status": "Move {move}",
  "$id.score.cards": "Cards played",
  "$id.detail.played": "cards played",
  "$id.board.row": "{cards} in hand · {points} points",
  "$id.board.hand": "Your hand",
  "$id.private.cards": "Your cards",
  "$id.glance.play": "Play a card",
  "$id.glance.over": "The game is over",
  "$id.glance.points": "{points} pts"
}
"""

RULES = """# $title: rules

The rules of the stub tools/new_game.py laid out; replace them with the game's, every rule id in
bold where it is defined.

## Components

- **${L}1** The deck: cards 1 to 9, four of each.

## Setup

- **${L}2** The deck is shuffled and each seat is dealt six cards.
- **${L}3** A seat's hand is hidden from the others; everyone knows how many cards each holds.
- **${L}4** Seat 0 plays first, then each seat in turn.

## A turn

- **${L}5** On your turn, play one card from your hand: it scores its value.

## The end

- **${L}6** The game ends when every hand is empty.
- **${L}7** The most points win.
- **${L}8** Seats tied on points share their place.
"""

RULE_IDS = "".join(f"${{L}}{i}\n" for i in range(1, 9))

HOW_TO = """# $title on Turnpost

Game id: `$id` · $players players.

| command | what it does | example |
|---|---|---|
| `play <card>` | Play a card from your hand; it scores its value. | `play 7` |

Your hand is yours alone: "My hand" shows it. The board shows how many cards each seat holds,
everyone's points, the last move and who plays next.
"""

TESTS_INIT = '''"""What the shared tests need to know of this game (see tests/games.py)."""

from tests.traces import Table

#: Latin words the Japanese and Spanish editions print as they are: the title.
PRINTED_WORDS: set[str] = set()

#: The random games tests/traces.py records (python -m tests.traces --write $id).
TRACES = (
    Table($min, {}, 1),
    Table($max, {}, 2),
)
'''

TESTS = '''"""$title's rules, one example each (named after the rule ids, docs/rules/$id.md)."""

from __future__ import annotations

import pytest

from engines.base import IllegalAction
from engines.$id import ENGINE
from engines.$id.engine import DECK, HAND


def test_${L}1_the_deck_holds_four_of_each_card() -> None:
    assert sorted(DECK) == sorted(list(range(1, 10)) * 4)


def test_${L}2_${L}3_each_seat_is_dealt_a_hidden_hand() -> None:
    state = ENGINE.setup($min, {}, 1)
    assert [len(h) for h in state.hands] == [HAND] * $min
    assert ENGINE.view(state, None).private is None
    assert ENGINE.view(state, 0).private is not None


def test_${L}4_${L}5_a_played_card_scores_and_the_turn_passes() -> None:
    state = ENGINE.setup($min, {}, 1)
    card = state.hands[0][0]
    state, _ = ENGINE.play(state, 0, f"play {card}")
    assert state.scores[0] == card and ENGINE.to_act(state) == [1]
    with pytest.raises(IllegalAction):
        ENGINE.play(state, 0, "play 1")


def test_${L}6_${L}7_${L}8_the_game_ends_with_every_hand_empty() -> None:
    state = ENGINE.setup($min, {}, 1)
    while ENGINE.to_act(state):
        seat = ENGINE.to_act(state)[0]
        state, _ = ENGINE.play(state, seat, str(ENGINE.legal_actions(state, seat)[0]))
    result = ENGINE.result(state)
    assert result is not None
    best = max(result.scores)
    assert set(result.winners) == {s for s, p in enumerate(result.scores) if p == best}
'''


def files(values: dict[str, str]) -> dict[str, str]:
    """Every file of the stub, by path, filled in."""
    game = values["id"]
    out = {
        f"engines/{game}/__init__.py": ENGINE_INIT,
        f"engines/{game}/engine.py": ENGINE,
        f"engines/{game}/ai.py": AI,
        f"renderers/{game}/__init__.py": RENDERER,
        f"renderers/{game}/layout.py": LAYOUT,
        f"data/{game}/rule_ids.txt": RULE_IDS,
        f"data/{game}/locales/en.json": CATALOG,
        f"docs/rules/{game}.md": RULES,
        f"docs/games/{game}.md": HOW_TO,
        f"tests/{game}/__init__.py": TESTS_INIT,
        f"tests/{game}/test_rules.py": TESTS,
    }
    return {path: Template(text).substitute(values) for path, text in out.items()}


def register(root: Path, values: dict[str, str]) -> None:
    """The ``Game(...)`` line in ``engines/__init__.py`` and the README's row."""
    game, letter = values["id"], values["L"]
    init = root / "engines" / "__init__.py"
    text = init.read_text(encoding="utf-8")
    pattern = 'r"\\*\\*(' + letter + '\\d+)\\*\\*"'
    line = "".join(
        f"{indent}{part},\n"
        for indent, part in (
            ("    ", "Game("),
            *(("        ", f'"{x}"') for x in (game, f"engines.{game}", f"renderers.{game}", game)),
            ("        ", f"({pattern},)"),
            ("    ", ")"),
        )
    ).replace("Game(,", "Game(")
    end = text.index("\n)\n", text.index("GAMES: tuple[Game, ...] = ("))
    init.write_text(text[: end + 1] + line + text[end + 1 :], encoding="utf-8")
    readme = root / "README.md"
    text = readme.read_text(encoding="utf-8")
    rows = list(re.finditer(r"^\| [^|\n]+ \| `[a-z_]+` \| [^|\n]+ \|\n", text, re.M))
    row = f"| {values['title']} | `{game}` | {values['players']} |\n"
    readme.write_text(text[: rows[-1].end()] + row + text[rows[-1].end() :], encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("id", help="the game's id: lower case letters and _ (lost_cities)")
    parser.add_argument("title", help='its title ("Lost Cities")')
    parser.add_argument("--players", default="2-4", help="MIN-MAX (default 2-4)")
    parser.add_argument("--letter", help="the letter its rule ids start with (default: the id's)")
    args = parser.parse_args(argv)
    game: str = args.id
    if not re.fullmatch(r"[a-z][a-z_]*[a-z]", game):
        parser.error(f"{game!r}: an id is lower case letters and _")
    low, _, high = args.players.partition("-")
    if not (low.isdigit() and high.isdigit() and 1 <= int(low) <= int(high) <= 5):
        parser.error(f"--players {args.players}: MIN-MAX, from 1 to 5 (the stub's five colours)")
    values = {
        "id": game,
        "title": args.title,
        "Class": "".join(part.title() for part in game.split("_")),
        "L": (args.letter or game[0]).upper(),
        "min": low,
        # One count is said once ("2 players"), never "2–2" (#28.4).
        "players": low if low == high else f"{low}–{high}",
        "max": high,
    }
    stub = files(values)
    taken = [p for p in stub if (ROOT / p).exists()]
    if f'Game("{game}"' in (ROOT / "engines" / "__init__.py").read_text(encoding="utf-8"):
        taken.append("engines/__init__.py (the id is registered)")
    if taken:
        print(f"{game}: already there, nothing written: {', '.join(taken)}", file=sys.stderr)
        return 1
    for path, text in stub.items():
        (ROOT / path).parent.mkdir(parents=True, exist_ok=True)
        (ROOT / path).write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    register(ROOT, values)
    if importlib.util.find_spec("ruff") is not None:  # the test tools: lay the code out as CI will
        code = [str(ROOT / path) for path in stub if path.endswith(".py")]
        subprocess.run([sys.executable, "-m", "ruff", "format", "--quiet", *code], check=False)
    print("added its line to engines/__init__.py::GAMES and its row to README.md")
    for module in ("tests.traces", "tests.views"):
        command = [sys.executable, "-m", module, *(["--write"] if module == "tests.traces" else [])]
        subprocess.run([*command, game], check=True, cwd=ROOT)
    print(f"next: python -m pytest -k {game} tests; then replace the stub with the game")
    return 0


if __name__ == "__main__":
    sys.exit(main())
