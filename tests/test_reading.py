"""Forgiving notation (issue 12.1) and one canonical text per move (issue 11.5), for every engine.

Given a position of a random game, when the player types a shorter or differently written form
of a legal move, then the engine reads the legal move it names and stores its canonical text;
a near miss is refused with the closest legal moves, and only the deciding seat's.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import engines
from engines.base import END, Engine, IllegalAction
from engines.brass import build
from engines.catalog import CATALOG, SUGGESTIONS
from engines.randomplay import random_play
from engines.reading import EXACT, legal_texts, localised_name, match, squash
from engines.rng import Rng
from tests import games
from tests.brass.helpers import listed_form

ENGINES = [engines.get(game) for game in games.shipped()]
IDS = [e.meta.id for e in ENGINES]


def positions(
    engine: Engine[Any, Any],
    games: int = 3,
    steps: int = 400,
    options: dict[str, str] | None = None,
) -> Iterator[Any]:
    """(state, seat, legal texts) along a few random games."""
    for seed in range(games):
        opts = engine.meta.validate_options(options or {})
        state = engine.setup(engine.meta.min_players, opts, seed)
        _, steps_ = random_play(engine, state, Rng(seed), steps)
        for st, seat, _ in steps_[::3]:
            yield st, seat, legal_texts(engine, st, seat)


def find(
    engine_id: str, wanted: Callable[[str], bool], options: dict[str, str] | None = None
) -> tuple[Any, int, list[str], str]:
    """The first position where a legal move satisfies ``wanted``, and that move."""
    engine = engines.get(engine_id)
    for state, seat, legal in positions(engine, games=8, options=options):
        for text in legal:
            if wanted(text):
                return state, seat, legal, text
    raise AssertionError(f"no position of {engine_id} offers such a move")


def read(engine_id: str, state: Any, seat: int, text: str) -> str:
    return str(engines.get(engine_id).read(state, seat, text))


def wide(text: str) -> str:
    """The full-width form a Japanese keyboard types."""
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else "\u3000" for c in text)


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_every_legal_move_reads_as_itself_and_in_other_case_and_width(
    engine: Engine[Any, Any],
) -> None:
    for state, seat, legal in itertools.islice(positions(engine, games=1), 6):
        for text in legal[:40]:
            assert str(engine.read(state, seat, text)) == text
            assert str(engine.read(state, seat, text.upper())) == text
            assert str(engine.read(state, seat, wide(text))) == text


def _as_typed(state: Any, seat: int, text: str) -> str:
    return text


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_alternative_spellings_are_read_as_the_canonical_text(engine: Engine[Any, Any]) -> None:
    """Issue 11.5: keywords in another order, a ``+`` list in another order, a redundant
    keyword - whatever is accepted is stored as the one canonical text of a legal move."""
    checked = reordered = 0
    for state, seat, legal in itertools.islice(positions(engine, games=1), 8):
        canon = set(legal)
        for text in legal[:: max(1, len(legal) // 8)]:
            toks = text.split()
            kws = [t for t in toks if "=" in t]
            variants = []
            if len(kws) >= 2:
                variants.append(" ".join([t for t in toks if "=" not in t] + kws[::-1]))
            for i, t in enumerate(toks):
                if "+" in t:
                    variants.append(
                        " ".join([*toks[:i], "+".join(t.split("+")[::-1]), *toks[i + 1 :]])
                    )
            reordered += len(variants)
            verb = engine.meta.verb(toks[0])
            assert verb is not None
            absent = [
                p.name
                for p in verb.params
                if p.keyword and not any(t.startswith(p.name + "=") for t in toks)
            ]
            for name in absent[:2]:
                variants += [f"{text} {name}={v}" for v in ("1", "2")]
            for v in variants:
                try:
                    got = str(engine.read(state, seat, v))
                except IllegalAction:
                    continue
                checked += 1
                # A game may list one of identical moves only (Brass's free spaces, B41): its
                # listed_form gives the listed one.
                listed = games.fact(engine.meta.id, "listed_form", _as_typed)(state, seat, got)
                assert listed in canon, f"{v!r} was read as {got!r}, not a canonical legal move"
                assert END in engine.complete(state, seat, listed)
    if reordered:  # some move had keywords or a + list to write in another order
        assert checked


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_a_unique_prefix_of_every_token_names_the_move(engine: Engine[Any, Any]) -> None:
    """Issue 12.1: any unambiguous prefix is enough (``stoke`` for ``stoke_on_trent``)."""
    for state, seat, legal in itertools.islice(positions(engine, games=1), 6):
        for text in legal[:30]:
            short = []
            for tok in text.split():
                name, eq, value = tok.partition("=")
                word = value if eq else tok
                cut = word if word.isdigit() or "+" in word else word[: max(3, len(word) // 2)]
                short.append(f"{name}={cut}" if eq else cut)
            typed = " ".join(short)
            try:
                got = str(engine.read(state, seat, typed))
            except IllegalAction as exc:
                # Shortened too far: then it is a question listing legal moves, never a guess.
                assert exc.key == "core.ambiguous", (typed, str(exc))
                assert text in exc.params["moves"] or "…" in exc.params["moves"][-1]
                continue
            assert got == text, (typed, got)


def test_brass_a_town_by_its_first_word_and_identical_slots_need_no_slot() -> None:
    """``stoke`` names Stoke-on-Trent; two free spaces with the same icons are one choice (B41)."""
    state, seat, legal, text = find(
        "brass", lambda t: t.startswith("build") and " stoke_on_trent " in t
    )
    assert read("brass", state, seat, text.replace("stoke_on_trent", "stoke")) == text
    assert read("brass", state, seat, text.replace("stoke_on_trent", "Stoke-on-Trent")) == text
    for t in legal:
        assert "slot=" not in t or any(
            o != t and o.replace(" slot=", "#").split("#")[0] == t.split(" slot=")[0] for o in legal
        )


def test_brass_a_redundant_slot_is_stored_without_it() -> None:
    """Issue 11.5: ``slot=1`` where there is no choice is read, and stored, as the move without it;
    an identical free space named instead is the player's choice and is kept (B41, issue 22.3)."""
    state, seat, _, text = find("brass", lambda t: t.startswith("build") and "slot=" not in t)
    head, card = text.rsplit(" card=", 1)
    engine = engines.get("brass")
    industry, location = head.split()[1:3]
    (site,) = build.plan(state, seat, industry, location).sites
    for slot in ("1", "2", "3", "4"):
        try:
            action = engine.read(state, seat, f"{head} slot={slot} card={card}")
        except IllegalAction:
            continue
        if int(slot) - 1 == site.slot:
            assert str(action) == text
        else:
            assert str(action) == f"{head} slot={slot} card={card}"
            assert listed_form(state, seat, str(action)) == text


def test_brass_a_typo_is_answered_with_the_closest_legal_moves() -> None:
    state, seat, legal, text = find("brass", lambda t: t.startswith("build") and " leek " in t)
    typo = text.replace(" leek ", " lek ")
    with pytest.raises(IllegalAction) as exc:
        engines.get("brass").read(state, seat, typo)
    near = exc.value.params[SUGGESTIONS]
    assert text in near and set(near) <= set(legal)
    assert "Did you mean" in str(exc.value) and text in str(exc.value)


def one_letter_typos(word: str) -> list[str]:
    """Every way to drop, swap or double one letter of ``word`` (its own spelling left out)."""
    out = {word[:i] + word[i + 1 :] for i in range(len(word))}
    out |= {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
    out |= {word[: i + 1] + word[i] + word[i + 1 :] for i in range(len(word))}
    return sorted(out - {word})


@pytest.mark.parametrize(
    ("game", "token", "lang"),
    [("brass", "coalbrookdale", "ja"), ("bombay", "hyderabad", "ja"), ("brass", "pottery", "es")],
)
def test_a_misspelt_printed_name_is_answered_with_the_move_it_names(
    game: str, token: str, lang: str
) -> None:
    """#26.4: a one-letter typo of the name a Japanese or Spanish edition prints (here every
    one of them) is read as the move or refused naming it among the closest legal moves, as a
    typo of the notation is."""
    state, seat, legal, text = find(game, lambda t: token in t.split() or f"={token}" in t)
    printed = localised_name(game, token, lang)
    assert printed and printed != token
    for typo in one_letter_typos(printed):
        typed = text.replace(token, typo)
        try:
            assert read(game, state, seat, typed) == text, typed
        except IllegalAction as exc:
            near = exc.params.get(SUGGESTIONS) or exc.params.get("moves") or []
            assert text in near, (typed, near)
            assert set(near) <= set(legal)


def test_brass_a_choice_left_out_is_asked_listing_only_legal_moves() -> None:
    state, seat, legal, _ = find("brass", lambda t: t.startswith("pass card="))
    passes = [t for t in legal if t.startswith("pass ")]
    if len(passes) == 1:
        assert read("brass", state, seat, "pass") == passes[0]
        return
    with pytest.raises(IllegalAction) as exc:
        engines.get("brass").read(state, seat, "pass")
    assert exc.value.key == "core.ambiguous"
    assert {m for m in exc.value.params["moves"] if not m.startswith("…")} <= set(passes)


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("take paved path", "paved_path"),
        ("take Paved Path", "paved_path"),
        ("take burial", "burial_chamber_decoration"),
        ("take burial deco", "burial_chamber_decoration"),
        ("take obelisk", "obelisk_decoration"),
    ],
)
def test_imhotep_market_cards_by_printed_name_or_first_word(typed: str, card: str) -> None:
    """Issue 12.1: Imhotep wanted internal ids such as ``burial_chamber_decoration``."""
    state, seat, legal, text = find("imhotep", lambda t: t == f"take {card}")
    others = [t for t in legal if t.startswith("take ") and squash(t).startswith(squash(typed))]
    if len(others) > 1:
        pytest.skip("this market offers two cards with that start")
    assert read("imhotep", state, seat, typed) == text


def test_imhotep_keep_names_the_pair_card_by_its_first_word() -> None:
    state, seat, legal, text = find(
        "imhotep", lambda t: t.startswith("keep ") and "_" in t, {"sides": "b"}
    )
    first = text.split()[1].split("_")[0]
    keeps = [t for t in legal if t.startswith(f"keep {first}")]
    if len(keeps) == 1:
        assert read("imhotep", state, seat, f"keep {first}") == text


def test_a_list_of_goods_matches_in_either_order() -> None:
    """``take silk+gold`` names ``take gold+silk`` (issue 12.1); parts may be abbreviated."""
    assert match("marco_polo", "silk+gold", "gold+silk") == EXACT
    assert match("marco_polo", "sil+go", "gold+silk")
    assert not match("marco_polo", "silk+silk", "gold+silk")
    assert not match("marco_polo", "silk", "gold+silk")


def test_marco_polo_a_choice_with_one_answer_need_not_be_typed() -> None:
    """``col=``/``times=``/``row=`` with a single legal value are filled in (issue 12.1)."""
    engine = engines.get("marco_polo")
    seen = 0

    def without(text: str, name: str) -> str:
        return " ".join(t for t in text.split() if not t.startswith(name + "="))

    for state, seat, legal in itertools.islice(positions(engine, games=1), 60):
        for text in legal:
            for name in ("col", "times", "row"):
                rest = without(text, name)
                if rest == text or rest in legal:
                    continue
                if [t for t in legal if without(t, name) == rest] == [text]:
                    assert read("marco_polo", state, seat, rest) == text
                    seen += 1
    assert seen, "no position offered a forced choice"


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_localised_names_are_aliases_of_the_canonical_tokens(engine: Engine[Any, Any]) -> None:
    """Issue 13.4: a Japanese or Spanish name from the catalog (``<game>.value.<word>``) reads as
    the canonical token it names."""
    values = {
        lang: {
            squash(k.split(".value.", 1)[1]): v
            for k, v in CATALOG.messages(lang).items()
            if k.startswith(f"{engine.meta.id}.value.")
        }
        for lang in ("ja", "es")
    }
    checked = 0
    for state, seat, legal in itertools.islice(positions(engine, games=1), 30):
        for text in legal[:: max(1, len(legal) // 40)]:
            toks = text.split()
            for i, tok in enumerate(toks):
                if "=" in tok or squash(tok) not in values["ja"]:
                    continue
                for lang in ("ja", "es"):
                    name = values[lang].get(squash(tok))
                    if not name:
                        continue
                    typed = " ".join([*toks[:i], name.replace(" ", ""), *toks[i + 1 :]])
                    try:
                        got = str(engine.read(state, seat, typed))
                    except IllegalAction as exc:
                        assert exc.key == "core.ambiguous" and text in exc.params["moves"]
                        continue
                    assert got == text, (typed, got)
                    checked += 1
    if any(values.values()):  # the game names its tokens in Japanese or Spanish
        assert checked, "no localised name was tried"


def test_pickers_can_show_the_localised_name_of_a_canonical_token() -> None:
    """Issue 13.4: the name shown may be Japanese or Spanish; the canonical token is submitted."""
    assert localised_name("brass", "stoke_on_trent", "ja") == "ストーク・オン・トレント"
    assert localised_name("marco_polo", "pepper", "es") == "pimienta"
    assert localised_name("brass", "no_such_town", "ja") is None
