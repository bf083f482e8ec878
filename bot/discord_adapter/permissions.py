"""Permission checks: what the bot itself needs in a channel, and who may manage a game."""

from __future__ import annotations

import discord

#: What the bot needs to post a board in a channel (or thread), by permission attribute.
POST_NEEDS = ("send_messages", "attach_files", "embed_links")
THREAD_NEEDS = ("create_public_threads", "send_messages_in_threads")


def missing_permissions(
    perms: discord.Permissions, *, in_thread: bool = False, thread: bool = False
) -> list[str]:
    """Permission attribute names the bot lacks to post boards here (and open a thread if
    ``thread``). In a thread, sending needs ``send_messages_in_threads`` instead."""
    needs = list(POST_NEEDS)
    if in_thread:
        needs[0] = "send_messages_in_threads"
    if thread:
        needs += [n for n in THREAD_NEEDS if n not in needs]
    return [n for n in needs if not getattr(perms, n)]


def permission_label(name: str) -> str:
    """Discord's own label for a permission attribute ("attach_files" → "Attach Files")."""
    return " ".join(w.capitalize() for w in name.split("_"))


def can_manage(interaction: discord.Interaction) -> bool:
    """Whether the member may run the table without a vote (Manage Channels here)."""
    return bool(interaction.permissions.manage_channels)


def in_thread(interaction: discord.Interaction) -> bool:
    """Whether the interaction comes from a thread."""
    return isinstance(interaction.channel, discord.Thread)
