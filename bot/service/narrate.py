"""Turning rows, events and results into words: the only service module that reads the catalog."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any

import engines
from bot.recap import Step, recap_lines
from bot.service.results import (
    GameInfo,
    ScoreRow,
    ScoreSheet,
    SeatInfo,
    ServiceError,
)
from bot.service.session import events_of
from bot.storage import (
    ActionRow,
    GameRow,
    SeatRow,
)
from engines import wording
from engines.base import CHANCE, Engine, Event, IllegalAction
from engines.catalog import CATALOG


def game_title(game: str, lang: str = "en") -> str:
    """The game's name in ``lang`` (``<game>.name``), else its English title."""
    if CATALOG.has(f"{game}.name", lang):
        return CATALOG.text(f"{game}.name", lang=lang)
    try:
        return engines.get(game).meta.title
    except IllegalAction:
        return game  # a game whose engine is not installed any more


def round_text(stored: str, lang: str = "en") -> str:
    """A stored status in ``lang``: JSON from ``status_json``, or text stored by older
    versions (shown as it is)."""
    if not stored.startswith("{"):
        return stored
    try:
        data = json.loads(stored)
        return CATALOG.text(str(data["key"]), dict(data.get("params") or {}), lang=lang)
    except (ValueError, KeyError, TypeError):
        return stored


class Narrator:
    """Words for what happened, in the table's language: event lines, the "Now:" line, score
    sheets, labels. Needs nothing but the language (no storage, no session): every other part
    of the service holds one and asks it for words."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self._tables: dict[str, Narrator] = {lang: self}

    def at(self, lang: str) -> Narrator:
        """The narrator of another language ("" for this one, the deployment's default)."""
        lang = lang or self.lang
        found = self._tables.get(lang)
        if found is None:
            found = self._tables[lang] = Narrator(lang)
            found._tables = self._tables
        return found

    def of(self, row: GameRow) -> Narrator:
        """The narrator of ``row``'s table: its own language (#28.1), else the default."""
        return self.at(row.lang)

    def text(self, key: str, **params: Any) -> str:
        """A catalog message in the service's language."""
        return CATALOG.text(key, params, lang=self.lang)

    def t(self, key: str, params: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
        return CATALOG.text(key, params, lang=self.lang, names=names)

    def info(self, row: GameRow, seats: Sequence[SeatRow]) -> GameInfo:
        """The game as the adapters see it, its words in its table's language."""
        if row.lang and row.lang != self.lang:
            return self.at(row.lang).info(row, seats)
        by_seat = {s.seat: s.user_id for s in seats}
        return GameInfo(
            game_id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            game=row.engine,
            title=game_title(row.engine, self.lang),
            status=row.status,
            creator_id=row.creator_id,
            players=row.players,
            options=dict(row.options),
            seats=tuple(SeatInfo(s.seat, s.user_id, s.name, s.removed) for s in seats),
            version=row.version,
            to_act=tuple(by_seat[s] for s in row.to_act if s in by_seat),
            round_info=round_text(row.round_info, self.lang),
            created_at=row.created_at,
            updated_at=row.updated_at,
            lang=self.lang,
        )

    def action_text(
        self, engine: Engine[Any, Any], action: str, *, public: bool, words: bool = True
    ) -> str:
        """A logged action as a line shows it: a secret verb alone to the public; at a table
        that does not speak English, in words with the notation beside it (#28.2: 「カードを
        取る 参道（`take paved_path`）」). ``words=False``: the notation alone (an export)."""
        verb = engine.meta.verb(action.split()[0]) if action.split() else None
        if public and verb is not None and verb.secret:
            action = verb.name
        return wording.said(engine.meta.id, action, self.lang) if words else action

    def chance_text(self, engine: Engine[Any, Any], action: str, *, words: bool = True) -> str:
        """A chance row's action as everyone may see it: whole for a draw the whole table sees
        (a restock, a roll: ``Engine.public_chance``), else only its verb (a card dealt to one
        seat: its public events say what the table saw). ``words=False``: the notation alone
        (an export)."""
        verb = action.split()[0] if action.split() else ""
        shown = action if verb in engine.public_chance else verb
        # Outside English: in words where the catalog names them, else quoted as notation.
        return wording.said(engine.meta.id, shown, self.lang) if shown and words else shown

    def event_lines(
        self,
        events: Sequence[Event],
        names: Sequence[str],
        viewer: int | None,
        engine: Engine[Any, Any] | None = None,
    ) -> list[str]:
        """Events the viewer (a seat, or None for everyone) may see, as text; one move's events
        as its ``engine`` tells them (``Engine.told``) when it is given."""
        out = []
        for e in engine.told(events) if engine is not None else events:
            if e.visible_to is None or (viewer is not None and viewer in e.visible_to):
                out.append(self.t(e.key, e.params, names))
        return out

    def recap(
        self, engine: Engine[Any, Any], rows: Sequence[ActionRow], names: Sequence[str]
    ) -> tuple[str, ...]:
        """The catch-up lines for ``rows``: public action texts and public events only. A draw
        (a chance row) is told with the move that led to it; one that opens the window followed
        the reader's own move, whose announcement told it. From the first of the engine's
        ``round_events`` on, a move's (or a draw's) events are the end of a round or an era,
        told on their own line."""
        steps: list[Step] = []
        for a in rows:
            public = [e for e in events_of(a) if e.visible_to is None]
            cut = next(
                (i for i, e in enumerate(public) if e.key in engine.round_events), len(public)
            )
            said = tuple(self.event_lines(public[:cut], names, None, engine))
            between = tuple(self.event_lines(public[cut:], names, None, engine))
            if a.seat == CHANCE:
                if steps:
                    last = steps[-1]
                    steps[-1] = dataclasses.replace(
                        last, events=last.events + said, between=last.between + between
                    )
                continue
            action = self.action_text(engine, a.action, public=True)
            steps.append(Step(a.seat, action, said, a.auto, between))
        return recap_lines(steps, names, self.lang)

    def now_line(
        self, engine: Engine[Any, Any], state: Any, to_act: Sequence[int], names: Sequence[str]
    ) -> str:
        """Whose decision it is; when one player may only answer with one verb (a market pick, a
        compensation, a goal choice...), also what they are asked, from that verb's help, if
        everyone may know which verbs are open (``Engine.verbs_open_publicly``)."""
        who = [names[s] for s in to_act if s < len(names)]
        if len(to_act) == 1:
            asked = engine.asked(state, to_act[0])
            if asked is not None:
                what = self.t(asked.key, asked.params, names)
                return self.t("service.now_what", {"names": who, "what": what})
            public = engine.verbs_open_publicly
            verbs = [t for t in engine.complete(state, to_act[0], "") if t] if public else []
            verb = engine.meta.verb(verbs[0]) if len(verbs) == 1 else None
            if verb is not None:
                help_text = engine.meta.verb_help(verb, self.lang)
                return self.t(
                    "service.now_asked", {"names": who, "verb": verb.name, "help": help_text}
                )
        return self.t("service.now", {"names": who})

    def sheet(self, game: str, result: Mapping[str, Any], seats: Sequence[SeatRow]) -> ScoreSheet:
        names = [s.name for s in seats]
        users = [s.user_id for s in seats]
        rows: list[ScoreRow] = []
        ahead = 0
        # A stored result's objects come back with sorted keys: the order is in its lists
        # (results stored before those lists existed keep their object order).
        breakdowns = result["breakdown"]
        cats = list(result.get("categories") or (breakdowns[0] if breakdowns else []))
        details = list(result.get("details") or [])
        facts = list(result.get("detail_keys") or (details[0] if details else []))
        for group in result["ranking"]:
            for seat in group:
                labels = {self.category(game, c): breakdowns[seat].get(c, 0) for c in cats}
                checks = (
                    {self.detail(game, k): details[seat].get(k, 0) for k in facts}
                    if seat < len(details)
                    else {}
                )
                rows.append(
                    ScoreRow(
                        place=ahead + 1,
                        seat=seat,
                        user_id=users[seat],
                        name=names[seat],
                        score=result["scores"][seat],
                        breakdown=labels,
                        details=checks,
                    )
                )
            ahead += len(group)
        # Result notes: one per seat (tie-break facts), then lines for the whole sheet.
        notes = [
            self.t(n["key"], n.get("params") or {}, names) if isinstance(n, dict) else n
            for n in result.get("notes") or []
        ]
        lines = [self.t("service.score_title", {})]
        for r in rows:
            parts = ", ".join(f"{k} {v}" for k, v in r.breakdown.items())
            if r.details:
                checks_text = ", ".join(f"{k} {v}" for k, v in r.details.items())
                parts = f"{parts}; {checks_text}" if parts else checks_text
            if r.seat < len(notes) and notes[r.seat]:
                parts = f"{parts}; {notes[r.seat]}" if parts else str(notes[r.seat])
            lines.append(
                self.t(
                    "service.score_row",
                    {"place": r.place, "name": r.name, "score": r.score, "breakdown": parts},
                )
            )
        winners = [names[s] for s in result["winners"]]
        lines.append(self.t("service.winners", {"names": winners, "count": len(winners)}))
        lines.extend(str(n) for n in notes[len(seats) :] if n)
        return ScoreSheet(
            rows=tuple(rows),
            winners=tuple(users[s] for s in result["winners"]),
            lines=tuple(lines),
        )

    def category(self, game: str, category: str) -> str:
        key = f"{game}.score.{category}"
        if CATALOG.has(key, self.lang):
            return self.t(key, {})
        return category.replace("_", " ")

    def detail(self, game: str, fact: str) -> str:
        """The label of a score-sheet fact (``<game>.detail.<fact>``)."""
        key = f"{game}.detail.{fact}"
        if CATALOG.has(key, self.lang):
            return self.t(key, {})
        return fact.replace("_", " ")

    def value_names(self, game: str, value: Any) -> Any:
        """A private field's value with its words (a card, a town, a goal) by their names in
        this language (``engines.wording.name``); numbers and other values as they are."""
        if isinstance(value, str):
            return wording.name(game, value, self.lang)
        if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
            return wording.names(game, value, self.lang)
        return value

    def private_label(self, game: str, key: str) -> str:
        """The label of a private-view field (``<game>.private.<key>``)."""
        label_key = f"{game}.private.{key}"
        return self.t(label_key, {}) if CATALOG.has(label_key) else key.replace("_", " ")

    def status_line(self, row: GameRow) -> str:
        if row.lang and row.lang != self.lang:
            return self.at(row.lang).status_line(row)
        return self.t(
            f"service.status_{row.status}",
            {
                "title": game_title(row.engine, self.lang),
                "round": round_text(row.round_info, self.lang),
                "game_id": row.id,
            },
        )

    def shown_since_own_move(
        self, actions: Sequence[ActionRow], seat: int, names: Sequence[str], limit: int = 10
    ) -> list[str]:
        """What other players' actions showed only to ``seat`` since it last acted itself (say,
        the face-down pair Imhotep hands to a stone's owner while someone else sails): the
        player may need it for the decision now pending, and only saw a mention in public."""
        out: list[list[str]] = []
        for a in reversed(actions):
            if a.seat == seat and not a.auto:
                break
            events = events_of(a)
            own = [e for e in events if e.visible_to and seat in e.visible_to]
            if own:
                out.append([self.t(e.key, e.params, names) for e in own])
        lines = [line for chunk in reversed(out) for line in chunk]
        return lines[-limit:]

    def named(self, err: ServiceError, seats: Sequence[SeatRow]) -> ServiceError:
        """Re-raise an error whose seat parameters should show as names."""
        names = [s.name for s in seats]
        params = {
            k: (
                names[v] if k in ("player", "seat") and isinstance(v, int) and v < len(names) else v
            )
            for k, v in err.params.items()
        }
        return ServiceError(err.key, **params)
