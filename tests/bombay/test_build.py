"""Building palaces and palace tokens (Y65–Y74, Y97, Y98)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.base import IllegalAction
from engines.bombay import ENGINE
from engines.bombay.state import State
from tests.bombay.helpers import (
    COLOURS,
    at,
    event,
    keys,
    new,
    play,
    screen_of,
    sites_of,
    with_markets,
)

G = sites_of("palace_token_site")
H = sites_of("empty_site")


def _on(site: str, bales: tuple[str, ...], token: str | None = None, **kw: object) -> State:
    s = new(4)
    tokens = tuple(p for p in s.tokens if p[0] != site)
    if token:
        tokens = tuple(sorted((*tokens, (site, token))))
    return at(replace(s, tokens=tokens), 0, site, bales, **kw)  # type: ignore[arg-type]


def test_Y65_build_on_an_unbuilt_site_for_one_ap_and_a_bale() -> None:
    s = _on(H[0], ("blue",))
    s2, events = play(s, 0, "build")
    assert s2.palace_at(H[0]) == 0 and s2.ap == 2 and s2.loads[0] == ()
    assert s2.palaces_left(0) == 4
    assert event(events, "bombay.built") == {"seat": 0, "site": H[0], "colour": "blue"}


def test_Y66_builder_chooses_which_bale_goes_to_the_bag() -> None:
    s = _on(H[0], ("blue", "orange"))
    with pytest.raises(IllegalAction, match="`pay=blue` or `pay=orange`"):
        play(s, 0, "build")
    s2, _ = play(s, 0, "build pay=orange")
    assert s2.loads[0] == ("blue",) and s2.bag[3] == s.bag[3] + 1
    # one colour carried twice: no choice to make, and pay= is dropped from the canonical text
    s3 = _on(H[0], ("blue", "blue"))
    assert str(ENGINE.parse(s3, 0, "build pay=b")) == "build"


def test_Y66_a_site_holds_one_permanent_palace() -> None:
    s = replace(_on(H[0], ("blue",)), palaces=((H[0], 2),))
    with pytest.raises(IllegalAction, match="already has player 3's palace"):
        play(s, 0, "build")


def test_Y66_a_second_palace_on_your_own_site_is_refused_as_yours() -> None:
    s = replace(_on(H[0], ("blue",)), palaces=((H[0], 0),))
    with pytest.raises(IllegalAction, match=f"Your own palace already stands on {H[0]}") as exc:
        play(s, 0, "build")
    assert exc.value.key == "bombay.build_on_own_palace"
    assert all(a.verb != "build" for a in ENGINE.legal_actions(s, 0))


def test_Y67_buildable_sites_include_g_h_unused_f_and_hills() -> None:
    two = new(2)
    f_sites = [p for p in sites_of("trading_post_site") if two.post_at(p) is None]
    assert len(f_sites) == 4
    for site in [G[0], H[0], f_sites[0], *sites_of("hill")]:
        s = at(replace(two, tokens=()), 0, site, ("blue",))
        # offered as well as allowed: legal moves and refusals are one code path (rules.RULES)
        assert "build" in [str(a) for a in ENGINE.legal_actions(s, 0)]
        s2, _ = play(s, 0, "build")
        assert s2.palace_at(site) == 0


def test_Y67_option_forbids_palaces_on_hills() -> None:
    s = new(4, palace_on_hills="false")
    s = at(s, 0, sites_of("hill")[0], ("blue",))
    with pytest.raises(IllegalAction) as exc:
        play(s, 0, "build")
    assert exc.value.key == "bombay.build_on_hill"


def test_Y68_builder_takes_the_palace_token_off_the_board() -> None:
    s = _on(G[0], ("blue",), "client")
    s2, _ = play(s, 0, "build")
    assert s2.token_at(G[0]) is None
    assert G[0] not in ENGINE.view(s2, None).palace_tokens


def test_Y69_client_token_kept_behind_screen_counts_as_client() -> None:
    s = _on(G[0], ("blue",), "client")
    s2, events = play(s, 0, "build")
    assert s2.kept[0] == ("client",) and "bombay.token_client" in keys(events)
    assert screen_of(s2, 0).client_palace_tokens == 1


def test_Y70_city_token_kept_counts_as_a_city_token_of_no_city() -> None:
    s = _on(G[0], ("blue",), "city")
    s2, _ = play(s, 0, "build")
    assert s2.kept[0] == ("city",) and s2.cities[0] == ()


def test_Y71_two_rupee_token_pays_at_once() -> None:
    s = _on(G[0], ("blue",), "rupees2", money=3)
    s2, events = play(s, 0, "build")
    assert s2.money[0] == 5 and s2.kept[0] == ()
    assert "bombay.token_rupees2" in keys(events)


def test_Y72_silk_token_takes_a_bale_from_the_leftmost_non_empty_market() -> None:
    s = with_markets(_on(G[0], ("blue",), "silk"), orange=("middle", 2), yellow=("right", 1))
    s2, events = play(s, 0, "build")  # only orange in the leftmost non-empty (middle) market
    assert s2.loads[0] == ("orange",) and s2.stock[3] == 1
    assert event(events, "bombay.token_silk") == {"seat": 0, "colour": "orange"}


def test_Y72_silk_token_choice_when_the_market_holds_two_colours() -> None:
    s = with_markets(_on(G[0], ("blue",), "silk"), orange=("left", 2), purple=("left", 2))
    with pytest.raises(IllegalAction, match="`take=purple` or `take=orange`"):
        play(s, 0, "build")
    with pytest.raises(IllegalAction, match="cannot take yellow"):
        play(s, 0, "build take=yellow")
    s2, _ = play(s, 0, "build take=purple")
    assert s2.loads[0] == ("purple",)
    assert {str(a) for a in ENGINE.legal_actions(s, 0) if a.verb == "build"} == {
        "build take=purple",
        "build take=orange",
    }


def test_Y72_silk_token_taking_the_last_bale_closes_the_colour() -> None:
    s = with_markets(_on(G[0], ("blue",), "silk"), yellow=("left", 1), blue=("middle", 2))
    s2, events = play(s, 0, "build")
    assert not s2.is_open("yellow") and "bombay.post_closed_event" in keys(events)


def test_Y73_palace_gives_income_and_an_empire_point() -> None:
    from engines.bombay.scoring import sheets

    s = _on(H[0], ("blue",))
    s2, _ = play(s, 0, "build")
    assert sheets(s2)[0].empire_score == 1


def test_Y74_seed_example_pink_builds_paying_a_blue_bale() -> None:
    pink = 4
    s = new(5)
    s = at(s, pink, H[1], ("blue",))
    s2, events = play(s, pink, "build")
    assert s2.palace_at(H[1]) == pink and s2.loads[pink] == () and s2.ap == 2
    assert s2.bag[COLOURS.index("blue")] == s.bag[COLOURS.index("blue")] + 1


def test_Y97_illegal_builds() -> None:
    city = sites_of("city")[0]
    post = sites_of("trading_post_site")[0]
    cases = {
        "bombay.build_needs_bale": _on(H[0], ()),
        "bombay.build_on_city": _on(city, ("blue",)),
        "bombay.build_on_post": _on(post, ("blue",)),
        "bombay.build_on_palace": replace(_on(H[0], ("blue",)), palaces=((H[0], 1),)),
        "bombay.no_palaces_left": replace(
            _on(H[0], ("blue",)), palaces=tuple((g, 0) for g in G[:5])
        ),
    }
    for key, s in cases.items():
        with pytest.raises(IllegalAction) as exc:
            play(s, 0, "build")
        assert exc.value.key == key
        assert all(a.verb != "build" for a in ENGINE.legal_actions(s, 0))


def test_Y98_silk_token_with_every_market_empty_gives_nothing_token_removed() -> None:
    s = with_markets(_on(G[0], ("blue",), "silk"))
    s2, events = play(s, 0, "build")
    assert s2.loads[0] == () and s2.token_at(G[0]) is None
    assert "bombay.token_silk_lost" in keys(events)
