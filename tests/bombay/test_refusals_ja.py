"""#28.2: Bombay's refusals that random play rarely reaches, met on purpose. Each position is
built from a new game (``helpers``), the seat to act types the mistake as a player would
(``Engine.read``, the service's path), and the refusal must be the rule's and say no English
outside what was typed, in Japanese and in Spanish. ``placed()`` gives the same positions to
``tests/test_refusal_words.py``, whose coverage check counts what they meet.

One refusal no typing reaches is listed there in ``NEVER_TYPED_KEYS``: ``move_needs_ap`` (the
turn ends by itself at 0 AP, and only a hill costs more than 1); a test here shows it. A bare
``build`` that leaves a choice open is asked about by the reader (``core.ambiguous``), but a
build naming the other choice reaches the engine's own ``pay_which`` and ``take_which``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.base import IllegalAction
from engines.bombay import ENGINE
from engines.bombay.components import board
from engines.bombay.state import State
from tests.bombay.helpers import COLOURS, at, demand_of, new, play, sites_of, with_markets
from tests.test_refusal_words import (
    NEVER_TYPED_KEYS,
    Placed,
    english_said,
    refused_in_the_table_language,
)

GAME = "bombay"
G = sites_of("palace_token_site")
H = sites_of("empty_site")


def _post() -> tuple[State, str, str]:
    """A 4-player game with seat 0 to act, and a trading post holding a token (site, colour)."""
    s = new(4)
    site = next(p for p in sites_of("trading_post_site") if s.post_at(p))
    colour = s.post_at(site)
    assert colour is not None
    return s, site, colour


def _on(site: str, bales: tuple[str, ...], token: str | None = None) -> State:
    """Seat 0 to act on ``site`` carrying ``bales``, with palace token ``token`` there (or none)."""
    s = new(4)
    tokens = tuple(t for t in s.tokens if t[0] != site)
    if token:
        tokens = tuple(sorted((*tokens, (site, token))))
    return at(replace(s, tokens=tokens), 0, site, bales)


def already_bought() -> Placed:
    """Y93: a second purchase in one turn."""
    s, site, colour = _post()
    s = replace(with_markets(at(s, 0, site, (), money=20), **{colour: ("left", 3)}), bought=True)
    return Placed("bombay.already_bought", s, 0, f"buy {colour}")


def elephant_full() -> Placed:
    """Y92: a purchase with two bales on the elephant, at an open post with money and AP."""
    s, site, colour = _post()
    s = with_markets(at(s, 0, site, ("blue", "yellow"), money=20), **{colour: ("left", 3)})
    return Placed("bombay.elephant_full", s, 0, f"buy {colour}")


def cannot_afford() -> Placed:
    """Y104: 1 rupee for a bale of the right market, which costs 2."""
    s, site, colour = _post()
    s = with_markets(at(s, 0, site, (), money=1), **{colour: ("right", 3)})
    return Placed("bombay.cannot_afford", s, 0, f"buy {colour}")


def not_demanded() -> Placed:
    """Y96: selling a colour missing from the city's demand column."""
    s = new(4)
    city = next(c for c in board().cities if set(COLOURS) - set(demand_of(s, c)))
    colour = next(c for c in COLOURS if c not in demand_of(s, city))
    return Placed("bombay.not_demanded", at(s, 0, city, (colour,)), 0, f"sell {colour}")


def build_on_hill() -> Placed:
    """Y67: a palace on a hill when the option forbids it."""
    s = at(new(4, palace_on_hills="false"), 0, sites_of("hill")[0], ("blue",))
    return Placed("bombay.build_on_hill", s, 0, "build")


def build_on_own_palace() -> Placed:
    """Y66: a second palace on a site that holds the builder's own."""
    s = replace(_on(H[0], ("blue",)), palaces=((H[0], 0),))
    return Placed("bombay.build_on_own_palace", s, 0, "build")


def build_on_palace() -> Placed:
    """Y97: a palace on another player's palace."""
    s = replace(_on(H[0], ("blue",)), palaces=((H[0], 2),))
    return Placed("bombay.build_on_palace", s, 0, "build")


def no_palaces_left() -> Placed:
    """Y97: a sixth palace."""
    s = replace(_on(H[0], ("blue",)), palaces=tuple((g, 0) for g in G[:5]))
    return Placed("bombay.no_palaces_left", s, 0, "build")


def pay_not_carried() -> Placed:
    """Y66: paying for a palace with a bale the elephant does not carry."""
    return Placed("bombay.pay_not_carried", _on(H[0], ("blue",)), 0, "build pay=orange")


def take_without_silk() -> Placed:
    """Y72: ``take=`` where no silk token lies."""
    s = with_markets(_on(H[0], ("blue",)), orange=("left", 2))
    return Placed("bombay.take_without_silk", s, 0, "build take=orange")


def pay_which() -> Placed:
    """Y66: two colours carried, and ``take=`` typed where no silk token lies: the bale that
    pays is asked first (the reader asks about a bare ``build`` itself)."""
    return Placed("bombay.pay_which", _on(H[0], ("yellow", "orange")), 0, "build take=yellow")


def take_which() -> Placed:
    """Y72: one colour carried, its ``pay=`` typed (no choice there), and the silk token's
    leftmost market holding two colours: which to take is asked."""
    s = with_markets(_on(G[0], ("blue",), "silk"), orange=("left", 2), purple=("left", 2))
    return Placed("bombay.take_which", s, 0, "build pay=blue")


def take_not_offered() -> Placed:
    """Y72: taking a colour the leftmost non-empty market does not hold."""
    s = with_markets(_on(G[0], ("blue",), "silk"), orange=("left", 2), purple=("left", 2))
    return Placed("bombay.take_not_offered", s, 0, "build take=yellow")


def take_from_empty_markets() -> Placed:
    """Y98: taking a bale with the silk token when every market is empty."""
    s = with_markets(_on(G[0], ("blue",), "silk"))
    return Placed("bombay.take_not_offered", s, 0, "build take=yellow")


def placed() -> list[Placed]:
    """Every position above (``tests/test_refusal_words.py`` tries them all)."""
    return [
        already_bought(),
        elephant_full(),
        cannot_afford(),
        not_demanded(),
        build_on_hill(),
        build_on_own_palace(),
        build_on_palace(),
        no_palaces_left(),
        pay_not_carried(),
        pay_which(),
        take_which(),
        take_without_silk(),
        take_not_offered(),
        take_from_empty_markets(),
    ]


def test_Y93_a_second_purchase_in_one_turn_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, already_bought())


def test_Y92_a_purchase_with_the_elephant_full_is_refused_in_the_table_language() -> None:
    exc = refused_in_the_table_language(GAME, elephant_full())
    assert sorted(exc.params["bales"]) == ["blue", "yellow"]


def test_Y104_a_purchase_the_player_cannot_pay_is_refused_in_the_table_language() -> None:
    exc = refused_in_the_table_language(GAME, cannot_afford())
    assert (exc.params["money"], exc.params["cost"]) == (1, 2)


def test_Y96_a_colour_the_city_does_not_demand_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, not_demanded())


def test_Y67_a_palace_on_a_forbidden_hill_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, build_on_hill())


def test_Y66_a_second_palace_on_your_own_site_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, build_on_own_palace())


def test_Y97_a_palace_on_another_palace_is_refused_in_the_table_language() -> None:
    exc = refused_in_the_table_language(GAME, build_on_palace())
    assert exc.params["owner_seat"] == 2


def test_Y97_a_sixth_palace_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, no_palaces_left())


def test_Y66_paying_with_a_bale_not_carried_is_refused_in_the_table_language() -> None:
    exc = refused_in_the_table_language(GAME, pay_not_carried())
    assert exc.params["bales"] == ["blue"]


def test_Y66_a_build_naming_no_bale_with_two_carried_is_refused_in_the_table_language() -> None:
    exc = refused_in_the_table_language(GAME, pay_which())
    assert exc.params["moves"] == ["pay=yellow", "pay=orange"]


def test_Y72_a_build_naming_no_colour_of_two_offered_is_refused_in_the_table_language() -> None:
    exc = refused_in_the_table_language(GAME, take_which())
    assert exc.params["moves"] == ["take=purple", "take=orange"]


def test_Y72_take_where_no_silk_token_lies_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, take_without_silk())


def test_Y72_a_colour_the_leftmost_market_lacks_is_refused_in_the_table_language() -> None:
    exc = refused_in_the_table_language(GAME, take_not_offered())
    assert exc.params["options"] == ["purple", "orange"]


def test_Y98_taking_from_empty_markets_is_refused_in_the_table_language() -> None:
    refused_in_the_table_language(GAME, take_from_empty_markets())


def test_Y42_Y45_the_seat_to_act_always_has_the_ap_a_move_or_a_sale_costs() -> None:
    """``move_needs_ap`` is never typed: every site but a hill costs 1 AP to enter, a sale 1,
    and after three steps of 1 AP the turn has passed by itself."""
    assert "bombay.move_needs_ap" in NEVER_TYPED_KEYS
    assert {s.entry_cost for s in board().sites.values() if s.kind != "hill"} == {1}
    s, site, _ = _post()
    walk = [site]
    while len(walk) < 4:
        here = board().sites[walk[-1]]
        walk.append(next(n for n in here.neighbours if board().sites[n].entry_cost == 1))
    s2, _ = play(at(s, 0, site, ap=3), 0, *(f"move {n}" for n in walk[1:]))
    assert s2.current == 1 and s2.ap == 3


def _asked_which(state: State, typed: str) -> IllegalAction:
    """The reader's question for ``typed``, said with no English in ja or es."""
    with pytest.raises(IllegalAction) as info:
        ENGINE.read(state, 0, typed)
    assert info.value.key == "core.ambiguous"
    for lang in ("ja", "es"):
        assert not english_said(GAME, typed, info.value, lang)
    return info.value


def test_Y66_a_bare_build_with_two_colours_carried_is_asked_which_by_the_reader() -> None:
    """A bare build leaves ``pay_which`` to the reader, which lists the builds it fits."""
    exc = _asked_which(_on(H[0], ("blue", "orange")), "build")
    assert exc.params["moves"] == ["build pay=blue", "build pay=orange"]


def test_Y72_a_bare_build_with_two_colours_on_offer_is_asked_which_by_the_reader() -> None:
    """A bare build leaves ``take_which`` to the reader, which lists the builds it fits."""
    s = with_markets(_on(G[0], ("blue",), "silk"), orange=("left", 2), purple=("left", 2))
    exc = _asked_which(s, "build")
    assert sorted(exc.params["moves"]) == ["build take=orange", "build take=purple"]


def test_the_positions_are_the_turn_of_the_seat_that_types() -> None:
    """Each mistake is typed by the seat to act, so it is refused for its rule, not its turn."""
    for position in placed():
        assert list(ENGINE.to_act(position.state)) == [position.seat], position.key
