"""Run ``turnpost run`` (the real CLI entry point) against the loopback stand-in, for tests that
need a process of its own (exit codes, stderr, SIGTERM). Never reaches the network.

``python -m tests.cli.loopback_run MODE`` with MODE:

- ``serve``: the stand-in answers REST as Discord would; the gateway URL points at it too and is
  never answered, so the bot logs in, syncs, then waits on the gateway until stopped;
- ``refuse``: the stand-in answers ``GET /users/@me`` with 401, as Discord does for a bad token;
- ``offline``: Discord's address is a local port nobody listens on (no network);
- ``nogateway``: REST answers (the login succeeds) but the gateway's address is a local port
  nobody listens on, so the first gateway connection fails.
"""

from __future__ import annotations

import asyncio
import socket
import sys
import threading

import discord
import yarl
from aiohttp import web

from bot.cli import main
from tests.discord.loopback import FakeDiscord


class RefusingDiscord(FakeDiscord):
    """Answers the login request as Discord does for a token it does not know."""

    async def _handle(self, request: web.Request) -> web.Response:
        if request.path.endswith("/users/@me"):
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        return await super()._handle(request)


class HangingGateway(FakeDiscord):
    """REST as Discord; the gateway connection is accepted and then never answered, so the bot
    waits there after start-up (as it would while connected) until it is stopped."""

    async def _handle(self, request: web.Request) -> web.Response:
        if request.path == "/":
            await asyncio.sleep(3600)
        return await super()._handle(request)


def _serve(server: FakeDiscord) -> None:
    """Run ``server`` on a loop of its own in a daemon thread; return once it listens."""
    ready = threading.Event()

    def loop_thread() -> None:
        loop = asyncio.new_event_loop()
        loop.run_until_complete(server.start())
        ready.set()
        loop.run_forever()

    threading.Thread(target=loop_thread, daemon=True).start()
    ready.wait(10)


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run(mode: str) -> int:
    if mode == "offline":
        base = f"http://127.0.0.1:{_closed_port()}"
    else:
        server = RefusingDiscord() if mode == "refuse" else HangingGateway()
        _serve(server)
        base = f"http://127.0.0.1:{server.port}"
    discord.http.Route.BASE = f"{base}/api/v10"
    gateway = (
        f"ws://127.0.0.1:{_closed_port()}/"
        if mode == "nogateway"
        else base.replace("http", "ws") + "/"
    )
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    return main(["run"])


if __name__ == "__main__":
    sys.exit(run(sys.argv[1]))
