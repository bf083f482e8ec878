"""The moves a Marco Polo computer compares, listed whole instead of token by token (#24.8).

The search used to build every legal move through ``complete`` one token at a time (the way
autocomplete walks a person through a command): for a dice placement that is a call per space,
per die and per choice, each sorting and filtering the same answers again. ``legal_moves`` asks
the rules for the same facts once per space (``rules.open_combos`` for the dice, the placement's
``choices`` for what follows them, ``rules.options`` for every other verb), so it lists exactly
what the token walk lists (tested), much faster.

``shortlist`` then drops the placements another listed one dominates (M24): a placement does what
its lowest die says and charges that value on an occupied space, so of placements on the same
space with the same kinds of dice (own, black, white) and the same choices, the one with the
lowest dice keeps the best dice for later turns and never pays more. The same for giving a die
away for 3 coins (M33) or re-rolling one (M34): of the dice of a kind, the lowest.
"""

from __future__ import annotations

import threading

from engines.marco_polo import tables as T
from engines.marco_polo.placement import SPACES, choices
from engines.marco_polo.rules import known, may_place, open_combos, options
from engines.marco_polo.state import State, parse_die

#: Positions whose move lists are kept (per thread): a whole turn being built asks about the
#: same position several times (contracts to fulfil, a die for 3 coins, the placements).
_KEPT = 4
_LOCAL = threading.local()


def legal_moves(state: State, seat: int) -> list[str]:
    """Every legal move of ``seat`` as canonical text (the same set ``complete`` offers); a new
    list each call (the lists of the last few positions asked about are kept, the states held so
    an id is never reused while kept)."""
    kept: list[tuple[State, int, list[str]]] | None = getattr(_LOCAL, "kept", None)
    if kept is None:
        kept = _LOCAL.kept = []
    for held, who, moves in kept:
        if held is state and who == seat:
            return list(moves)
    moves = _listed(state, seat)
    kept.insert(0, (state, seat, moves))
    del kept[_KEPT:]
    return list(moves)


def _listed(state: State, seat: int) -> list[str]:
    """``legal_moves`` without the memory."""
    k = known(state)
    out = [
        " ".join((verb, *args))
        for verb, listed in options(state, seat, k).items()
        for args in listed
    ]
    if may_place(state, seat):
        for space in SPACES:
            for combo in open_combos(state, seat, space, k):
                found = k.choices.get((seat, space, combo))
                if found is None:
                    found = k.choices[seat, space, combo] = choices(state, seat, space, combo)
                out += _texts(space, combo, found)
    return out


#: The move texts of a placement's dice and choices: per (space, dice, id of the choices
#: list), the list held so its id is not reused while kept.
_TEXTS: dict[tuple[str, tuple[str, ...], int], tuple[object, list[str]]] = {}


def _texts(space: str, combo: tuple[str, ...], found: list[tuple[str, ...]]) -> list[str]:
    """``place <space> <dice> <choice>`` for each choice in ``found``; remembered where the
    choices are a list the rules share between positions (``placement.choices_for_value``),
    as they are outside the city cards."""
    key = (space, combo, id(found))
    held = _TEXTS.get(key)
    if held is not None and held[0] is found:
        return held[1]
    head = ("place", space, *combo)
    texts = [" ".join((*head, *suffix)) for suffix in found]
    if space not in T.CITY_SPACES:
        if len(_TEXTS) >= 1 << 15:
            _TEXTS.clear()
        _TEXTS[key] = (found, texts)
    return texts


def space_moves(state: State, seat: int, space: str) -> list[str]:
    """The legal placements of ``seat`` on ``space``, in ``legal_moves``' order (a turn being
    built that wants only Travel rows need not list every placement)."""
    if not may_place(state, seat):
        return []
    k = known(state)
    out: list[str] = []
    for combo in open_combos(state, seat, space, k):
        found = k.choices.get((seat, space, combo))
        if found is None:
            found = k.choices[seat, space, combo] = choices(state, seat, space, combo)
        out += _texts(space, combo, found)
    return out


def verb_moves(state: State, seat: int, verbs: tuple[str, ...]) -> list[str]:
    """The legal moves of ``seat`` with one of ``verbs`` (not ``place``), in ``legal_moves``'
    order: what a turn being built asks for most (contracts to fulfil, a die for 3 coins, the
    end), without listing every placement."""
    return [
        " ".join((verb, *args))
        for verb, listed in options(state, seat).items()
        if verb in verbs
        for args in listed
    ]


def may_place_any(state: State, seat: int) -> bool:
    """Whether ``legal_moves`` holds a placement (a main action ``seat`` may take now)."""
    if not may_place(state, seat):
        return False
    k = known(state)
    for space in SPACES:
        for combo in open_combos(state, seat, space, k):
            found = k.choices.get((seat, space, combo))
            if found is None:
                found = k.choices[seat, space, combo] = choices(state, seat, space, combo)
            if found:
                return True
    return False


#: Extra actions on one die whose value only says which die (M33, M34).
_ONE_DIE = ("coins3", "reroll")


#: ``_dice_key`` of each move text met (the same texts come back position after position).
_KEYS: dict[str, tuple[tuple[str, ...], tuple[int, int]] | None] = {}
_KEYS_MAX = 1 << 16


def _key_of(move: str) -> tuple[tuple[str, ...], tuple[int, int]] | None:
    """``_dice_key`` of ``move``'s tokens, remembered."""
    try:
        return _KEYS[move]
    except KeyError:
        pass
    if len(_KEYS) >= _KEYS_MAX:
        _KEYS.clear()
    found = _KEYS[move] = _dice_key(move.split())
    return found


def _dice_key(tokens: list[str]) -> tuple[tuple[str, ...], tuple[int, int]] | None:
    """A placement's (or a 3 coins' or re-roll's) shape without its dice values, and how dear its
    dice are (lowest value, then their sum); ``None`` for other moves."""
    verb = tokens[0]
    if verb in _ONE_DIE:
        die = parse_die(tokens[1]) if len(tokens) == 2 else None
        return None if die is None else ((verb, die[0]), (die[1], die[1]))
    if len(tokens) < 3 or verb != "place":
        return None
    kinds = []
    values = []
    rest = []
    for t in tokens[2:]:
        die = parse_die(t)
        if die is None:
            rest.append(t)
        else:
            kinds.append(die[0])
            values.append(die[1])
    return (tokens[1], *kinds, "|", *rest), (min(values), sum(values))


def shortlist(moves: list[str]) -> list[str]:
    """``moves`` without the placements another one dominates (module docstring), in their
    order otherwise."""
    best: dict[tuple[str, ...], tuple[tuple[int, int], str]] = {}
    out: list[str | tuple[str, ...]] = []
    for move in moves:
        keyed = _key_of(move)
        if keyed is None:
            out.append(move)
            continue
        shape, dear = keyed
        held = best.get(shape)
        if held is None:
            out.append(shape)
            best[shape] = (dear, move)
        elif dear < held[0]:
            best[shape] = (dear, move)
    return [m if isinstance(m, str) else best[m][1] for m in out]
