"""Moving and palace income (Y45–Y48, Y75–Y78, Y100, Y102)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.base import IllegalAction
from engines.bombay import ENGINE
from engines.bombay.components import board
from tests.bombay.helpers import at, event, keys, neighbour, new, play, screen_of, trail_into


def test_Y45_move_to_adjacent_site_costs_one() -> None:
    s = new(4)
    dest = neighbour(s.sites[0], "trading_post_site")
    s, events = play(s, 0, f"move {dest}")
    assert s.sites[0] == dest and s.ap == 2
    assert event(events, "bombay.moved") == {"seat": 0, "site": dest, "ap": 1}


def test_Y45_move_only_along_a_trail() -> None:
    s = new(4)
    far = next(x for x in board().order if x not in board().sites[s.sites[0]].neighbours)
    with pytest.raises(IllegalAction) as exc:
        play(s, 0, f"move {far}")
    assert exc.value.key == "bombay.not_adjacent"


def test_Y45_moving_to_the_site_you_stand_on_says_you_are_already_there() -> None:
    s = new(4)
    here = s.sites[0]
    with pytest.raises(IllegalAction, match=f"already at {here}; from here you can go to") as exc:
        play(s, 0, f"move {here}")
    assert exc.value.key == "bombay.already_there"


def test_Y45_sites_may_be_typed_by_number() -> None:
    s = new(4)
    dest = neighbour(s.sites[0], "trading_post_site")
    num = board().sites[dest].num
    assert str(ENGINE.parse(s, 0, f"move {num}")) == f"move {dest}"


def test_Y46_leaving_a_hill_costs_nothing_extra_and_hill_to_hill_costs_two() -> None:
    s = new(4)
    start = s.sites[0]
    dest = neighbour(start)
    s2, _ = play(s, 0, f"move {dest}")
    assert s2.ap == 3 - board().sites[dest].entry_cost
    src, hill = trail_into("hill")
    s3 = at(new(4), 0, src)
    s3, _ = play(s3, 0, f"move {hill}")
    assert s3.ap == 1
    # going back the way it came is allowed
    s3, _ = play(s3, 0, f"move {src}")
    assert s3.sites[0] == src


def test_Y47_entering_an_opponents_palace_pays_the_owner() -> None:
    s = new(4)
    dest = neighbour(s.sites[0], "trading_post_site")
    s = replace(s, palaces=((dest, 2),))
    s2, events = play(s, 0, f"move {dest}")
    assert s2.money[2] == s.money[2] + 1 and s2.money[0] == s.money[0]
    assert event(events, "bombay.palace_income") == {"owner_seat": 2, "seat": 0, "site": dest}


def test_Y48_moving_is_never_blocked() -> None:
    s = new(5)
    dest = neighbour(s.sites[0], "trading_post_site")
    s = at(s, 1, dest, turn=False)
    s = replace(s, palaces=((dest, 3),))
    s, _ = play(s, 0, f"move {dest}")
    assert s.sites[0] == s.sites[1] == dest


def test_Y75_owner_takes_one_rupee_from_the_bank_mover_pays_nothing() -> None:
    s = new(3)
    src, dest = trail_into("palace_token_site")
    s = at(s, 1, src, money=4)
    s = replace(s, palaces=((dest, 0),))
    s2, _ = play(s, 1, f"move {dest}")
    assert s2.money == (s.money[0] + 1, 4, s.money[2])


def test_Y76_no_income_for_own_palace_staying_or_leaving() -> None:
    s = new(3)
    src, dest = trail_into("palace_token_site")
    # own palace
    s1 = replace(at(s, 1, src), palaces=((dest, 1),))
    s1b, events = play(s1, 1, f"move {dest}")
    assert s1b.money == s1.money and "bombay.palace_income" not in keys(events)
    # an elephant already on the site when the palace is built, then leaving it
    s2 = at(s, 2, dest, turn=False)
    s2 = replace(at(s2, 1, dest, ("blue",)), palaces=())
    s2, _ = play(s2, 1, "build")
    assert s2.money[1] == s.money[1] + (2 if s.token_at(dest) == "rupees2" else 0)
    s2 = at(s2, 2, dest)
    s2b, _ = play(s2, 2, f"move {src}")
    assert s2b.money[1] == s2.money[1]


def test_Y77_every_entry_pays_even_re_entering_in_one_turn() -> None:
    s = new(3)
    src, dest = trail_into("palace_token_site")
    s = replace(at(s, 1, src), palaces=((dest, 0),))
    s2, events = play(s, 1, f"move {dest}", f"move {src}", f"move {dest}")
    assert s2.money[0] == s.money[0] + 2
    assert keys(events).count("bombay.palace_income") == 2


def test_Y78_income_arrives_during_other_players_turns_behind_the_screen() -> None:
    s = new(3)
    src, dest = trail_into("palace_token_site")
    s = replace(at(s, 1, src), palaces=((dest, 0),))
    s2, _ = play(s, 1, f"move {dest}")
    assert screen_of(s2, 0).rupees == s.money[0] + 1
    public = ENGINE.view(s2, None)
    assert public.private is None and public.screens is None


def test_Y100_moving_into_a_hill_with_one_ap_left_is_illegal() -> None:
    src, hill = trail_into("hill")
    s = at(new(4), 0, src, ap=1)
    with pytest.raises(IllegalAction, match="costs 2 action points; you have 1") as exc:
        play(s, 0, f"move {hill}")
    assert exc.value.key == "bombay.hill_needs_ap"


def _walk_of_two() -> tuple[str, str, str]:
    """Sites x → y → z along trails, y and z not hills (two 1-AP steps)."""
    b = board()
    for x in b.order:
        for y in b.sites[x].neighbours:
            for z in b.sites[y].neighbours:
                if z != x and "hill" not in (b.sites[y].kind, b.sites[z].kind):
                    return x, y, z
    raise LookupError("no walk of two steps")


def test_Y102_passing_two_palaces_of_one_opponent_pays_two() -> None:
    x, y, z = _walk_of_two()
    s = replace(at(new(4), 0, x), palaces=tuple(sorted(((y, 3), (z, 3)))))
    s2, events = play(s, 0, f"move {y}", f"move {z}")
    assert s2.money[3] == s.money[3] + 2
    assert keys(events).count("bombay.palace_income") == 2
