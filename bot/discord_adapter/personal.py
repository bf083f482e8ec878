"""A player's own settings and games: the table's reminder settings, their own quiet hours, time
zone and away time, and their games everywhere."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.discord_adapter.parsing import parse_utc_offset
from bot.discord_adapter.permissions import (
    can_manage,
)
from bot.discord_adapter.replies import Replies
from bot.discord_adapter.text import t
from bot.reminders import zone_label

if TYPE_CHECKING:
    from bot.discord_adapter.replies import Interaction


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


class Personal:
    """``/game settings``, ``/game remind`` and ``/game mine``: a part of the handlers, given
    the replies they share."""

    def __init__(self, replies: Replies) -> None:
        self.replies = replies
        self.service = replies.service

    async def settings(
        self,
        interaction: Interaction,
        delay_hours: int | None,
        interval_hours: int | None,
        reminders: int | None,
        deadline_hours: int | None,
        quiet_from: int | None = None,
        quiet_until: int | None = None,
        time_zone: str | None = None,
    ) -> None:
        """Show or change the game's reminder settings and the table's quiet hours, local to
        its time zone (creator or Manage Channels). A zone the database lacks is refused and
        nothing changes."""
        lang = self.replies.lang_for(interaction)
        channel_id = self.replies.channel_id(interaction)
        given = (delay_hours, interval_hours, reminders, deadline_hours)
        if all(v is None for v in (*given, quiet_from, quiet_until, time_zone)):
            s = await self.service.settings(channel_id)
        else:
            s = await self.service.update_settings(
                channel_id,
                self.replies.user(interaction),
                can_manage=can_manage(interaction),
                reminder_delay_hours=delay_hours,
                reminder_interval_hours=interval_hours,
                reminder_max=reminders,
                deadline_hours=deadline_hours,
                quiet_start=quiet_from,
                quiet_end=quiet_until,
                time_zone=time_zone,
            )
        deadline = (
            t("deadline_hours", lang, hours=_num(s.deadline_hours))
            if s.deadline_hours
            else t("no_deadline", lang)
        )
        zone = zone_label(s.time_zone, s.tz_offset_minutes)
        quiet = (
            t("table_quiet", lang, start=s.quiet_start, end=s.quiet_end, zone=zone)
            if s.quiet_start != s.quiet_end
            else t("table_no_quiet", lang, zone=zone)
        )
        await self.replies.reply(
            interaction,
            t(
                "settings",
                lang,
                delay=_num(s.reminder_delay_hours),
                interval=_num(s.reminder_interval_hours),
                max=s.reminder_max,
                deadline=deadline,
                quiet=quiet,
            ),
            ephemeral=False,
        )

    async def remind(
        self,
        interaction: Interaction,
        quiet_from: int | None,
        quiet_until: int | None,
        utc_offset: str | None,
        away_days: float | None,
        now: float,
        *,
        time_zone: str | None = None,
        dm: str | None = None,
    ) -> None:
        """Show or change the caller's own quiet hours, time zone (an IANA name such as
        Asia/Tokyo, or a fixed UTC offset), away time, and whether their turn also comes to
        them as a direct message (``dm`` "on" or "off", #26.3: written in their language)."""
        lang = self.replies.lang_for(interaction)
        offset = None
        if utc_offset is not None:
            offset = parse_utc_offset(utc_offset)
            if offset is None:
                await self.replies.reply(interaction, t("bad_utc_offset", lang, value=utc_offset))
                return
        away = None if away_days is None else (now + away_days * 86400 if away_days > 0 else 0.0)
        uid = interaction.user.id
        if dm is not None:
            await self.service.set_turn_dm(uid, lang if dm == "on" else None)
        if all(v is None for v in (quiet_from, quiet_until, offset, away, time_zone)):
            prefs = await self.service.user_settings(uid)
        else:
            prefs = await self.service.update_user_settings(
                uid,
                quiet_start=quiet_from,
                quiet_end=quiet_until,
                tz_offset_minutes=offset,
                away_until=away,
                time_zone=time_zone,
            )
        quiet = (
            t("quiet_hours", lang, start=prefs.quiet_start, end=prefs.quiet_end)
            if prefs.quiet_start != prefs.quiet_end
            else t("no_quiet_hours", lang)
        )
        away_text = (
            t("away_until", lang, when=f"<t:{int(prefs.away_until)}:f>")
            if prefs.away_until > now
            else t("not_away", lang)
        )
        said = t(
            "user_settings",
            lang,
            quiet=quiet,
            offset=zone_label(prefs.time_zone, prefs.tz_offset_minutes),
            away=away_text,
        )
        said += " " + t("turn_dm_on" if prefs.dm else "turn_dm_off", lang)
        if prefs.dm and prefs.dm_failed_at:
            when = f"<t:{int(prefs.dm_failed_at)}:f>"
            said += " " + t("turn_dm_failed", lang, when=when)
        await self.replies.reply(interaction, said)

    async def mine(self, interaction: Interaction) -> None:
        """The caller's games everywhere, their turn first, with jump links."""
        lang = self.replies.lang_for(interaction)
        games = await self.service.my_games(interaction.user.id, lang=lang)
        if not games:
            await self.replies.reply(interaction, t("no_games", lang))
            return
        lines = []
        for g in games:
            link = f"https://discord.com/channels/{g.guild_id or '@me'}/{g.channel_id}"
            key = "mine_line_turn" if g.my_turn else "mine_line"
            lines.append(t(key, lang, title=g.title, status=g.round_info or g.status, link=link))
        await self.replies.reply(interaction, "\n".join(lines))
