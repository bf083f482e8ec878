"""Component data of The Voyages of Marco Polo, read once from ``data/marco_polo/``.

Everything numeric (costs, rewards, tables, the map) lives in the JSON files; this module only
reshapes it into lookups the rules use. Ids are the reference's ids (M-rules cite them).
"""

from __future__ import annotations

from typing import Any

from engines.data import load_json

GAME = "marco_polo"

_MAP: dict[str, Any] = load_json(GAME, "map.json")
_BOARD: dict[str, Any] = load_json(GAME, "board_actions.json")

#: location id -> its map record (type, name, x, y...)
LOCATIONS: dict[str, dict[str, Any]] = {loc["id"]: loc for loc in _MAP["locations"]}
LARGE_CITIES: tuple[str, ...] = tuple(
    loc["id"] for loc in _MAP["locations"] if loc["type"] == "large_city"
)
SMALL_CITIES: tuple[str, ...] = tuple(
    loc["id"] for loc in _MAP["locations"] if loc["type"] == "small_city"
)
OASES: tuple[str, ...] = tuple(loc["id"] for loc in _MAP["locations"] if loc["type"] == "oasis")
#: Cities where a trading post may stand (M42): large, small and Beijing.
POST_CITIES: frozenset[str] = frozenset(
    loc["id"] for loc in _MAP["locations"] if loc["trading_post_allowed"]
)

#: location -> list of (neighbour, cost resource or "", amount) along each route (M39-M40)
ADJACENT: dict[str, list[tuple[str, str, int]]] = {loc: [] for loc in LOCATIONS}
ROUTES: list[dict[str, Any]] = list(_MAP["routes"])
for _r in ROUTES:
    _kind = _r["extra_cost"]["type"]
    _res = "" if _kind == "none" else _kind
    _amt = int(_r["extra_cost"]["amount"])
    ADJACENT[_r["a"]].append((_r["b"], _res, _amt))
    ADJACENT[_r["b"]].append((_r["a"], _res, _amt))
for _n in ADJACENT.values():
    _n.sort()

START: dict[str, Any] = _BOARD["start"]
ROUNDS: int = int(_BOARD["rounds"])
DISPLAY_SLOTS: int = int(_BOARD["contract_display"]["slots"])
MID_ROUND_REFILL: int = int(_BOARD["contract_display"]["refill_when_empty_mid_round"])
BLACK_DICE: dict[int, int] = {int(k): v for k, v in _BOARD["black_dice_pool"]["by_players"].items()}
BLOCKERS: dict[int, dict[str, Any]] = {
    int(k): v for k, v in _BOARD["neutral_blockers"].items() if k.isdigit()
}
COMPENSATION_THRESHOLD: int = int(_BOARD["compensation"]["threshold"])

BAZAAR_ROWS: tuple[str, ...] = ("camel", "pepper", "silk", "gold")
#: row -> (dice needed, {value: reward bundle})
BAZAAR: dict[str, tuple[int, dict[int, dict[str, int]]]] = {
    row: (
        int(_BOARD["bazaar"][row]["dice"]),
        {int(v): dict(b) for v, b in _BOARD["bazaar"][row]["by_value"].items()},
    )
    for row in BAZAAR_ROWS
}
KHAN_SPACES: int = int(_BOARD["khan"]["spaces"])
KHAN_REWARD: dict[str, int] = dict(_BOARD["khan"]["reward"])
CONTRACTS_MAX_TAKEN: int = int(_BOARD["contracts_action"]["max_taken"])
#: display slot -> amount of coins or camels gained for taking from it (M27.2)
SLOT_BONUS: dict[int, int] = {
    int(slot): int(next(iter(b["choose_one_of"][0].values())))
    for slot, b in _BOARD["contracts_action"]["slot_bonus"].items()
}
#: travel row (1-6) -> (min value, max steps, base coins) (M28)
TRAVEL_ROWS: dict[int, tuple[int, int, int]] = {
    i + 1: (int(r["min_value"]), int(r["max_steps"]), int(r["coins"]))
    for i, r in enumerate(_BOARD["travel"]["rows"])
}
COINS5: int = int(_BOARD["coins5"]["reward"]["coin"])
COINS3: int = int(_BOARD["coins3"]["reward"]["coin"])
EXTRA: dict[str, Any] = _BOARD["extra_actions"]
REROLL_CAMELS: int = int(EXTRA["reroll_die"]["cost"]["camel"])
ADJUST_CAMELS: int = int(EXTRA["adjust_die"]["cost"]["camel"])
BLACK_CAMELS: int = int(EXTRA["buy_black_die"]["cost"]["camel"])
FIRST_POST_TILES: dict[str, dict[str, int]] = {
    t["id"]: dict(t["reward"]) for t in _BOARD["large_city_first_post_bonus"]["tiles"]
}
MILESTONES: dict[int, int] = {
    int(k): int(v["vp"]) for k, v in _BOARD["trading_post_milestones"].items()
}
BEIJING_VP: tuple[int, ...] = tuple(_BOARD["beijing"]["vp_spaces"])
DISTINCT_GOAL_CITY_VP: dict[int, int] = {
    int(k): int(v) for k, v in _BOARD["end_scoring"]["distinct_goal_cities"].items()
}
MOST_CONTRACTS_VP: int = int(_BOARD["end_scoring"]["most_fulfilled_contracts"]["vp"])

_CONTRACTS: dict[str, Any] = load_json(GAME, "contracts.json")
CONTRACTS: dict[str, dict[str, Any]] = {c["id"]: c for c in _CONTRACTS["contracts"]}
STARTING_CONTRACTS: tuple[str, ...] = tuple(c for c, d in CONTRACTS.items() if d["starting"])
REGULAR_CONTRACTS: tuple[str, ...] = tuple(c for c, d in CONTRACTS.items() if not d["starting"])

_GOALS: dict[str, Any] = load_json(GAME, "goals.json")
GOALS: dict[str, dict[str, Any]] = {g["id"]: g for g in _GOALS["cards"]}

_CARDS: dict[str, Any] = load_json(GAME, "city_cards.json")
CITY_CARDS: dict[str, dict[str, Any]] = {c["id"]: c for c in _CARDS["cards"]}
CARD_SLOTS: dict[str, int] = dict(_CARDS["setup"]["slots_per_city"])
EXAMPLE_LAYOUT: dict[str, list[str]] = {
    k: list(v) for k, v in _CARDS["example_layout_for_tests"].items() if k != "official"
}

_BONUSES: dict[str, Any] = load_json(GAME, "city_bonuses.json")
CITY_BONUSES: dict[str, dict[str, int]] = {t["id"]: dict(t["reward"]) for t in _BONUSES["tiles"]}
FIXED_CITY_BONUS: dict[str, str] = {t["fixed_city_basic"]: t["id"] for t in _BONUSES["tiles"]}
OTHER_BONUS_TILE = "cb_other_bonus"

_CHARS: dict[str, Any] = load_json(GAME, "characters.json")
CHARACTERS: dict[str, dict[str, Any]] = {c["id"]: c for c in _CHARS["characters"]}
BASIC_CHARACTERS: tuple[str, ...] = tuple(
    c["id"] for c in sorted(_CHARS["characters"], key=lambda c: c["basic_seat"] or 99)
)[:4]

GOODS: tuple[str, ...] = ("pepper", "silk", "gold")
PAIRS: tuple[str, ...] = ("gold+pepper", "gold+silk", "pepper+silk")
RESOURCES: tuple[str, ...] = ("coin", "camel", "pepper", "silk", "gold", "vp")


def city_spaces() -> list[tuple[str, str, int]]:
    """Every city-card space as (space name, city, index): ``moscow``, ``sumatra2``..."""
    out = []
    for city in LARGE_CITIES:
        n = CARD_SLOTS[city]
        for i in range(n):
            out.append((city if n == 1 else f"{city}{i + 1}", city, i))
    return out


CITY_SPACES: dict[str, tuple[str, int]] = {name: (c, i) for name, c, i in city_spaces()}


def ability_word(character: str) -> str:
    """The catalog word of a character's ability (``marco_polo.value.ability_<id>``, M51-M58):
    passed as an event value it is shown in the reader's language."""
    return f"ability_{character}"
