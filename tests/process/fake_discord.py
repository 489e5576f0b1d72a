"""A local fake Discord for testing the real bot process (``python -m bot``).

An aiohttp server on 127.0.0.1 that speaks enough of Discord's REST API v10 and of the
gateway (websocket, zlib-stream framing when asked) for discord.py 2.7 to log in, sync its
application commands, receive slash commands and component clicks, and answer them. Every
message the bot creates or edits is recorded (content, embeds, components, attachment file
names, ephemeral or not) and every interaction knows whether and how it was acknowledged.

Tests stop the bot at chosen moments with *gates*: a predicate over incoming requests that
fires an event when a matching request arrives (``when="arrive"``: before Discord applies it)
or once it is applied (``when="applied"``: Discord acted on it but the answer has not left),
and that can hold the request unanswered so the process can be killed while it waits.

Discord's behaviour modelled here, where it matters to a bot:
- an interaction is answered once (``/callback``: 4 message, 5 deferred message, 6 deferred
  update, 7 update message, 9 modal); a second answer gets 400 / 40060;
- after a deferred message (5), the first followup fills the "thinking" message in place and
  keeps its ephemerality; later followups are new messages;
- ``@original`` of a component interaction answered with 6 or 7 is the message clicked;
- PATCH replaces only the fields it sends; ``attachments`` in a PATCH keeps the listed existing
  files and adds the uploaded ones; ``components: []`` removes the buttons;
- ephemeral messages are not in the channel history.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import secrets
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
API = "/api/v10"

# everything but administrator: the bot and the players have the usual text permissions
EVERYONE_PERMISSIONS = str((1 << 41) - 1 - 8)
MANAGE_CHANNELS = 1 << 4


class Snowflakes:
    """Increasing snowflake ids with a real timestamp (discord.py reads created_at from them)."""

    def __init__(self) -> None:
        self._counter = itertools.count()
        self._last = 0

    def __call__(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (next(self._counter) & 0xFFF)
        self._last = value = max(value, self._last + 1)
        return value


@dataclass
class User:
    id: int
    name: str
    bot: bool = False
    permissions: int = int(EVERYONE_PERMISSIONS)

    def payload(self) -> dict:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def member(self) -> dict:
        return {
            "user": self.payload(),
            "nick": None,
            "roles": [],
            "joined_at": "2025-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "permissions": str(self.permissions),
        }


@dataclass
class Attachment:
    id: int
    filename: str
    size: int

    def payload(self) -> dict:
        url = f"https://cdn.example.invalid/attachments/{self.id}/{self.filename}"
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": url,
            "proxy_url": url,
        }


def flatten_components(rows: list[dict]) -> list[dict]:
    out: list[dict] = []
    for row in rows or []:
        children = row.get("components")
        if children is None:
            out.append(row)
        else:
            out.extend(flatten_components(children))
    return out


@dataclass
class Message:
    id: int
    channel_id: int
    author: User
    content: str = ""
    embeds: list[dict] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    interaction_id: int | None = None  # the interaction this message answers (original or followup)
    webhook_id: int | None = None
    deleted: bool = False
    edits: int = 0
    route: str = ""  # how it was created: "channel", "callback", "followup"

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def items(self) -> list[dict]:
        return flatten_components(self.components)

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.items if c.get("custom_id")]

    def item(self, custom_id: str) -> dict:
        for c in self.items:
            if c.get("custom_id") == custom_id:
                return c
        raise KeyError(f"message {self.id} has no component {custom_id!r}; it has {self.custom_ids}")

    def find(self, pattern: str) -> list[str]:
        """Custom ids of this message that match the regular expression (search)."""
        return [cid for cid in self.custom_ids if re.search(pattern, cid)]

    @property
    def text_displays(self) -> list[str]:
        """The text displays of a Components V2 layout."""
        return [c.get("content") or "" for c in self.items if c.get("type") == 10]

    @property
    def titles(self) -> list[str]:
        """Embed titles, and the headings of a V2 layout's text displays."""
        heads = [t.splitlines()[0].lstrip("#").strip() for t in self.text_displays if t.startswith("#")]
        return [e.get("title") or "" for e in self.embeds] + heads

    @property
    def text(self) -> str:
        """Content, every embed text and the layout's text displays, for searching."""
        parts = [self.content or ""]
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            parts += [f"{f.get('name')}: {f.get('value')}" for f in e.get("fields") or []]
        parts += self.text_displays
        return "\n".join(p for p in parts if p)

    def payload(self, fake: FakeDiscord) -> dict:
        data = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": "2025-01-01T00:00:00+00:00",
            "edited_timestamp": "2025-01-01T00:00:01+00:00" if self.edits else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "pinned": False,
            "type": 0
            if self.route != "callback" or fake.interactions[self.interaction_id].kind != "command"
            else 20,
            "flags": self.flags,
            "components": self.components,
        }
        if self.channel_id in fake.guild_channels:
            data["guild_id"] = str(fake.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.interaction_id is not None:
            data["application_id"] = str(fake.app_id)
        return data


@dataclass
class Interaction:
    id: int
    token: str
    kind: str  # "command" or "component"
    user: User
    data: dict
    source_message_id: int | None = None  # the message clicked (components)
    callback_type: int | None = None
    acked_at: float | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    dispatched_at: float = 0.0

    @property
    def acked(self) -> bool:
        return self.callback_type is not None

    @property
    def custom_id(self) -> str | None:
        return self.data.get("custom_id")

    @property
    def values(self) -> list[str]:
        return list(self.data.get("values") or [])


@dataclass
class Request:
    """One REST request as the fake saw it."""

    method: str
    path: str  # after /api/v10
    route: str  # the name of the matched route, "unknown" otherwise
    args: dict
    query: dict
    payload: dict
    files: list[str]
    at: float
    interaction: Interaction | None = None
    message: Message | None = None  # the message it created or edited, once applied
    status: int | None = None

    @property
    def items(self) -> list[dict]:
        data = self.payload.get("data", self.payload) if self.route == "callback" else self.payload
        return flatten_components(data.get("components") or []) if isinstance(data, dict) else []

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.items if c.get("custom_id")]

    @property
    def embeds(self) -> list[dict]:
        data = self.payload.get("data", self.payload) if self.route == "callback" else self.payload
        return list(data.get("embeds") or []) if isinstance(data, dict) else []

    def has(self, pattern: str) -> bool:
        return any(re.search(pattern, cid) for cid in self.custom_ids)

    @property
    def text(self) -> str:
        """The content, embed titles and V2 text displays the request sends."""
        data = self.payload.get("data", self.payload) if self.route == "callback" else self.payload
        content = (data.get("content") or "") if isinstance(data, dict) else ""
        texts = [c.get("content") or "" for c in self.items if c.get("type") == 10]
        return "\n".join([content, *(e.get("title") or "" for e in self.embeds), *texts])

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} {self.route} ids={self.custom_ids} status={self.status}>"


class Gate:
    """Fires when a request matching ``predicate`` arrives (or is applied); may hold it unanswered."""

    def __init__(self, predicate: Callable[[Request], bool], when: str, hold: bool) -> None:
        assert when in ("arrive", "applied")
        self.predicate, self.when, self.hold = predicate, when, hold
        self.fired = asyncio.Event()
        self.request: Request | None = None

    async def wait(self, timeout: float) -> Request:
        await asyncio.wait_for(self.fired.wait(), timeout)
        assert self.request is not None
        return self.request


class HTTPError(Exception):
    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


class Connection:
    """One gateway websocket."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self.compressor = zlib.compressobj() if compress else None
        self.session_id: str | None = None
        self.seq = 0
        self.ready = False
        self.closed = False
        self.lock = asyncio.Lock()

    async def send(self, payload: dict) -> None:
        async with self.lock:
            data = json.dumps(payload)
            if self.compressor is not None:
                chunk = self.compressor.compress(data.encode()) + self.compressor.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(chunk)
            else:
                await self.ws.send_str(data)

    async def dispatch(self, event: str, data: dict) -> None:
        self.seq += 1
        await self.send({"op": 0, "t": event, "s": self.seq, "d": data})


ROUTES: list[tuple[str, str, str]] = [
    ("GET", r"/users/@me", "me"),
    ("GET", r"/users/(?P<user>\d+)", "user"),
    ("POST", r"/users/@me/channels", "dm"),
    ("GET", r"/oauth2/applications/@me", "app"),
    ("GET", r"/applications/@me", "app"),
    ("GET", r"/gateway", "gateway"),
    ("GET", r"/gateway/bot", "gateway_bot"),
    ("GET", r"/applications/(?P<app>\d+)/commands", "commands_get"),
    ("PUT", r"/applications/(?P<app>\d+)/commands", "commands_put"),
    ("GET", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands", "commands_get"),
    ("PUT", r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands", "commands_put"),
    ("POST", r"/interactions/(?P<iid>\d+)/(?P<token>[^/]+)/callback", "callback"),
    ("POST", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)", "followup"),
    ("GET", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)", "webhook_get"),
    ("PATCH", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)", "webhook_edit"),
    ("DELETE", r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<mid>@original|\d+)", "webhook_delete"),
    ("GET", r"/channels/(?P<channel>\d+)", "channel"),
    ("GET", r"/channels/(?P<channel>\d+)/messages", "history"),
    ("POST", r"/channels/(?P<channel>\d+)/messages", "post"),
    ("GET", r"/channels/(?P<channel>\d+)/messages/(?P<mid>\d+)", "get"),
    ("PATCH", r"/channels/(?P<channel>\d+)/messages/(?P<mid>\d+)", "edit"),
    ("DELETE", r"/channels/(?P<channel>\d+)/messages/(?P<mid>\d+)", "delete"),
    ("POST", r"/channels/(?P<channel>\d+)/typing", "typing"),
    ("GET", r"/guilds/(?P<guild>\d+)", "guild"),
    ("GET", r"/guilds/(?P<guild>\d+)/channels", "guild_channels"),
    ("GET", r"/guilds/(?P<guild>\d+)/members/(?P<user>\d+)", "member"),
]
TOKEN_ROUTES = ("callback", "followup", "webhook_get", "webhook_edit", "webhook_delete")
_COMPILED = [(m, re.compile(p + r"/?"), name) for m, p, name in ROUTES]


class FakeDiscord:
    """The fake: one application, one guild with one text channel, a bot user and some people."""

    def __init__(self, people: tuple[str, ...] = ("alice", "bob")) -> None:
        self.ids = Snowflakes()
        self.app_id = self.ids()
        self.bot_user = User(self.app_id, "Koi Table", bot=True)
        self.token = self.make_token(self.app_id)
        self.guild_id = self.ids()
        self.channel_id = self.ids()
        self.guild_channels = {self.channel_id}
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.owner = User(self.ids(), "owner")
        self.users = [User(self.ids(), name) for name in people]
        self.messages: dict[int, Message] = {}
        self.interactions: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        self.commands: dict[int | None, list[dict]] = {}  # guild id (None: global) -> commands
        self.command_puts = 0
        self.requests: list[Request] = []
        self.unknown: list[Request] = []
        self.errors: list[str] = []  # requests the fake refused (4xx)
        self.gates: list[Gate] = []
        self.connections: list[Connection] = []
        self.identifies = 0
        self.sessions: dict[str, int] = {}
        self.changed = asyncio.Condition()
        self._release = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0

    @staticmethod
    def make_token(app_id: int) -> str:
        """A token of the real shape: base64 of the id, a timestamp part, an HMAC part."""
        import base64

        head = base64.b64encode(str(app_id).encode()).decode().rstrip("=")
        return f"{head}.{secrets.token_urlsafe(4)[:6]}.{secrets.token_urlsafe(30)[:38]}"

    # -- server

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", API + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        self._release.set()
        for conn in self.connections:
            with contextlib.suppress(Exception):
                await conn.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _changed(self) -> None:
        async with self.changed:
            self.changed.notify_all()

    async def wait_until(
        self, predicate: Callable[[], Any], timeout: float, what: str = "condition", poll: float = 0.25
    ):
        """Wait (bounded) until predicate() is truthy; returns its value (re-checked on every change)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
            async with self.changed:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), min(left, poll))

    # -- gates

    def gate(self, predicate: Callable[[Request], bool], *, when: str = "arrive", hold: bool = True) -> Gate:
        gate = Gate(predicate, when, hold)
        self.gates.append(gate)
        return gate

    def clear_gates(self) -> None:
        self.gates.clear()

    async def _pass(self, req: Request, when: str) -> None:
        for gate in list(self.gates):
            if gate.when != when or gate.fired.is_set():
                continue
            try:
                hit = gate.predicate(req)
            except Exception:
                hit = False
            if hit:
                gate.request = req
                gate.fired.set()
                self.gates.remove(gate)
                if gate.hold:
                    # Hold the request unanswered until the fake stops (the test kills the bot meanwhile).
                    await self._release.wait()
                    raise HTTPError(503, 0, "the fake Discord is shutting down")

    # -- gateway

    def live_connection(self) -> Connection | None:
        for conn in reversed(self.connections):
            if conn.ready and not conn.closed:
                return conn
        return None

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        conn = Connection(ws, compress=request.query.get("compress") == "zlib-stream")
        self.connections.append(conn)
        try:
            await conn.send({"op": 10, "s": None, "t": None, "d": {"heartbeat_interval": 41250}})
            async for msg in ws:
                if msg.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    break
                data = json.loads(msg.data)
                await self._gateway_op(conn, data.get("op"), data.get("d"))
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            conn.closed = True
            await self._changed()
        return ws

    async def _gateway_op(self, conn: Connection, op: int, d: Any) -> None:
        if op == 1:  # heartbeat
            await conn.send({"op": 11, "s": None, "t": None, "d": None})
        elif op == 2:  # identify
            if d.get("token") != self.token:
                await conn.ws.close(code=4004, message=b"Authentication failed.")
                return
            conn.session_id = secrets.token_hex(16)
            self.sessions[conn.session_id] = 0
            await conn.dispatch(
                "READY",
                {
                    "v": 10,
                    "user": self.bot_user.payload(),
                    "guilds": [{"id": str(self.guild_id), "unavailable": True}],
                    "session_id": conn.session_id,
                    "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
                    "shard": [0, 1],
                    "application": {"id": str(self.app_id), "flags": 0},
                    "private_channels": [],
                    "relationships": [],
                    "user_settings": {},
                },
            )
            await conn.dispatch("GUILD_CREATE", self.guild_payload())
            conn.ready = True
            self.identifies += 1
            await self._changed()
        elif op == 6:  # resume: sessions do not survive here, so ask for a new identify
            await conn.send({"op": 9, "s": None, "t": None, "d": False})
        # presence updates (3) and member requests (8) need no answer here

    def channel_payload(self, channel_id: int | None = None) -> dict:
        channel_id = channel_id or self.channel_id
        return {
            "id": str(channel_id),
            "type": 0,
            "guild_id": str(self.guild_id),
            "name": "games",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }

    def guild_payload(self) -> dict:
        people = [self.bot_user, self.owner, *self.users]
        return {
            "id": str(self.guild_id),
            "name": "Koi Test Server",
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner.id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [
                {
                    "id": str(self.guild_id),
                    "name": "@everyone",
                    "permissions": EVERYONE_PERMISSIONS,
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": "2025-01-01T00:00:00+00:00",
            "large": False,
            "unavailable": False,
            "member_count": len(people),
            "voice_states": [],
            "members": [u.member() for u in people],
            "channels": [self.channel_payload()],
            "threads": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    # -- what people do

    def command_id(self, name: str) -> int:
        for scope in (self.guild_id, None):
            for cmd in self.commands.get(scope, []):
                if cmd["name"] == name:
                    return int(cmd["id"])
        raise KeyError(f"command {name!r} was never synced; synced: {self.command_names()}")

    def command_names(self, scope: int | None = -1) -> list[str]:
        scopes = self.commands if scope == -1 else {scope: self.commands.get(scope, [])}
        return sorted(c["name"] for cmds in scopes.values() for c in cmds)

    def _base_interaction(self, kind: str, user: User, data: dict, itype: int) -> tuple[Interaction, dict]:
        interaction = Interaction(self.ids(), "tok_" + secrets.token_urlsafe(48), kind, user, data)
        self.interactions[interaction.id] = interaction
        self.by_token[interaction.token] = interaction
        payload = {
            "id": str(interaction.id),
            "application_id": str(self.app_id),
            "type": itype,
            "token": interaction.token,
            "version": 1,
            "guild_id": str(self.guild_id),
            "guild": {"id": str(self.guild_id), "locale": "en-US", "features": []},
            "channel_id": str(self.channel_id),
            "channel": self.channel_payload(),
            "member": user.member(),
            "data": data,
            "locale": "en-US",
            "guild_locale": "en-US",
            "app_permissions": EVERYONE_PERMISSIONS,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(self.guild_id)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        return interaction, payload

    async def _send_interaction(self, interaction: Interaction, payload: dict) -> Interaction:
        conn = self.live_connection()
        if conn is None:
            raise RuntimeError("no bot is connected to the gateway")
        interaction.dispatched_at = time.monotonic()
        await conn.dispatch("INTERACTION_CREATE", payload)
        return interaction

    async def slash(self, user: User, command: str, **options: Any) -> Interaction:
        """``/name sub opt=value``: e.g. slash(alice, "ikenokoi new", thread=False)."""
        name, *sub = command.split()
        opts = [{"name": k, "type": _option_type(v), "value": v} for k, v in options.items()]
        if sub:
            opts = [{"name": sub[0], "type": 1, "options": opts}]
        data = {
            "id": str(self.command_id(name)),
            "name": name,
            "type": 1,
            "guild_id": str(self.guild_id),
            "options": opts,
        }
        interaction, payload = self._base_interaction("command", user, data, 2)
        return await self._send_interaction(interaction, payload)

    async def click(self, user: User, message: Message, custom_id: str, values: list[str] | None = None):
        """Press a button, or choose ``values`` in a select menu, of a recorded message."""
        item = message.item(custom_id)
        ctype = item["type"]
        data: dict = {"custom_id": custom_id, "component_type": ctype}
        if ctype != 2:
            data["values"] = list(values or [])
        interaction, payload = self._base_interaction("component", user, data, 3)
        interaction.source_message_id = message.id
        payload["message"] = message.payload(self)
        return await self._send_interaction(interaction, payload)

    # -- what the test reads

    def channel_messages(self, channel_id: int | None = None, *, ephemeral: bool | None = False):
        channel_id = channel_id or self.channel_id
        out = [
            m
            for m in self.messages.values()
            if m.channel_id == channel_id
            and not m.deleted
            and (ephemeral is None or m.ephemeral == ephemeral)
        ]
        return sorted(out, key=lambda m: m.id)

    def ephemeral_for(self, interaction: Interaction) -> list[Message]:
        ids = ([interaction.original_message_id] if interaction.original_message_id else []) + list(
            interaction.followup_ids
        )
        return [self.messages[i] for i in ids if i in self.messages and not self.messages[i].deleted]

    def answers(self, interaction: Interaction) -> list[Message]:
        """Messages that answer an interaction: the original response (if its own) and the followups."""
        out = []
        if (
            interaction.original_message_id
            and interaction.original_message_id != interaction.source_message_id
        ):
            out.append(self.messages[interaction.original_message_id])
        out += [self.messages[i] for i in interaction.followup_ids]
        return [m for m in out if not m.deleted]

    # -- REST

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        route, args = "unknown", {}
        for method, pattern, name in _COMPILED:
            m = pattern.fullmatch(path)
            if m and method == request.method:
                route, args = name, m.groupdict()
                break
        payload, files = await _read_body(request)
        req = Request(
            request.method, path, route, args, dict(request.query), payload, files, time.monotonic()
        )
        self.requests.append(req)
        try:
            if route == "unknown":
                self.unknown.append(req)
                raise HTTPError(404, 0, f"404: Not Found ({request.method} {path})")
            if route in TOKEN_ROUTES:  # authorised by the interaction token in the path
                req.interaction = self._interaction_of(route, args)
            elif request.headers.get("Authorization") != f"Bot {self.token}":
                raise HTTPError(401, 0, "401: Unauthorized")
            await self._pass(req, "arrive")
            status, body = await getattr(self, "_r_" + route)(req)
            req.status = status
            await self._changed()
            await self._pass(req, "applied")
        except HTTPError as exc:
            req.status = exc.status
            if exc.status != 503:
                self.errors.append(f"{req.method} {req.path}: {exc.status} {exc.code} {exc.message}")
            return _json({"message": exc.message, "code": exc.code}, exc.status)
        if status == 204:
            return web.Response(status=204)
        return _json(body, status)

    def _interaction_of(self, route: str, args: dict) -> Interaction:
        interaction = self.by_token.get(args["token"])
        if route == "callback":
            if interaction is None or str(interaction.id) != args["iid"]:
                raise HTTPError(404, 10062, "Unknown interaction")
        elif interaction is None or args.get("app") != str(self.app_id):
            raise HTTPError(404, 10015, "Unknown Webhook")
        return interaction

    def _new_message(self, channel_id: int, data: dict, files: list[str], **kw: Any) -> Message:
        message = Message(self.ids(), channel_id, self.bot_user, **kw)
        self._apply(message, data, files, creating=True)
        self.messages[message.id] = message
        return message

    def _apply(self, message: Message, data: dict, files: list[str], creating: bool = False) -> None:
        if "content" in data:
            message.content = data["content"] or ""
        if "embeds" in data:
            message.embeds = list(data["embeds"] or [])
        if "embed" in data and data["embed"] is not None:
            message.embeds = [data["embed"]]
        if "components" in data:
            message.components = list(data["components"] or [])
        if "flags" in data and data["flags"] is not None:
            keep = message.flags & (EPHEMERAL if not creating else 0)
            message.flags = (int(data["flags"]) & ~LOADING) | keep
        uploads = [Attachment(self.ids(), name, 1) for name in files]
        if "attachments" in data:
            listed = {str(a.get("id")) for a in data["attachments"] or []}
            kept = [a for a in message.attachments if str(a.id) in listed]
            message.attachments = kept + uploads
        elif uploads:
            message.attachments = (message.attachments if not creating else []) + uploads
        if not creating:
            message.edits += 1

    def _message(self, mid: int, channel_id: int | None = None) -> Message:
        message = self.messages.get(mid)
        if (
            message is None
            or message.deleted
            or (channel_id is not None and message.channel_id != channel_id)
        ):
            raise HTTPError(404, 10008, "Unknown Message")
        return message

    def _channel(self, channel_id: str) -> int:
        cid = int(channel_id)
        if cid not in self.guild_channels and cid not in self.dm_channels.values():
            raise HTTPError(404, 10003, "Unknown Channel")
        return cid

    async def _r_me(self, req: Request):
        return 200, self.bot_user.payload()

    async def _r_user(self, req: Request):
        for user in [self.bot_user, self.owner, *self.users]:
            if str(user.id) == req.args["user"]:
                return 200, user.payload()
        raise HTTPError(404, 10013, "Unknown User")

    async def _r_dm(self, req: Request):
        user_id = int(req.payload.get("recipient_id", 0))
        user = next((u for u in self.users if u.id == user_id), None)
        if user is None:
            raise HTTPError(400, 50007, "Cannot send messages to this user")
        cid = self.dm_channels.setdefault(user_id, self.ids())
        return 200, {"id": str(cid), "type": 1, "recipients": [user.payload()], "last_message_id": None}

    async def _r_app(self, req: Request):
        return 200, {
            "id": str(self.app_id),
            "name": self.bot_user.name,
            "icon": None,
            "description": "",
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner.payload(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
            "bot": self.bot_user.payload(),
        }

    async def _r_gateway(self, req: Request):
        return 200, {"url": f"ws://127.0.0.1:{self.port}/gateway"}

    async def _r_gateway_bot(self, req: Request):
        return 200, {
            "url": f"ws://127.0.0.1:{self.port}/gateway",
            "shards": 1,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        }

    def _scope(self, req: Request) -> int | None:
        if req.args["app"] != str(self.app_id):
            raise HTTPError(403, 50001, "Missing Access")
        guild = req.args.get("guild")
        if guild is not None and int(guild) != self.guild_id:
            raise HTTPError(403, 50001, "Missing Access")
        return int(guild) if guild else None

    async def _r_commands_get(self, req: Request):
        return 200, self.commands.get(self._scope(req), [])

    async def _r_commands_put(self, req: Request):
        scope = self._scope(req)
        body = req.payload if isinstance(req.payload, list) else req.payload.get("__list__", [])
        old = {c["name"]: c["id"] for c in self.commands.get(scope, [])}
        out = []
        for cmd in body:
            saved = dict(cmd)
            saved["id"] = old.get(cmd["name"]) or str(self.ids())
            saved["application_id"] = str(self.app_id)
            saved["version"] = str(self.ids())
            saved.setdefault("type", 1)
            saved.setdefault("description", "")
            saved.setdefault("options", [])
            saved.setdefault("default_member_permissions", None)
            saved.setdefault("nsfw", False)
            if scope is not None:
                saved["guild_id"] = str(scope)
            out.append(saved)
        self.commands[scope] = out
        self.command_puts += 1
        return 200, out

    async def _r_callback(self, req: Request):
        interaction = req.interaction
        assert interaction is not None
        if interaction.acked:
            raise HTTPError(400, 40060, "Interaction has already been acknowledged.")
        ctype = int(req.payload.get("type", 0))
        data = req.payload.get("data") or {}
        if ctype == 1 or ctype not in (4, 5, 6, 7, 8, 9, 10, 12):
            raise HTTPError(400, 50035, f"Invalid Form Body (callback type {ctype})")
        if ctype in (6, 7) and interaction.kind != "component":
            raise HTTPError(400, 40004, "Interaction callback type 6/7 is only for component interactions")
        message = None
        if ctype == 4:
            message = self._new_message(
                self.channel_id, data, req.files, interaction_id=interaction.id, route="callback"
            )
            message.flags = int(data.get("flags") or 0) & EPHEMERAL
            interaction.original_message_id = message.id
        elif ctype == 5:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = self._new_message(
                self.channel_id, {}, [], interaction_id=interaction.id, route="callback", flags=flags
            )
            interaction.original_message_id = message.id
        elif ctype in (6, 7):
            message = self._message(interaction.source_message_id or 0)
            if ctype == 7:
                self._apply(message, data, req.files)
            interaction.original_message_id = message.id
        interaction.callback_type = ctype
        interaction.acked_at = time.monotonic()
        req.message = message
        if req.query.get("with_response") not in ("1", "true", "True"):
            return 204, None
        body: dict = {
            "interaction": {
                "id": str(interaction.id),
                "type": 2 if interaction.kind == "command" else 3,
                "response_message_id": str(message.id) if message else None,
                "response_message_loading": ctype == 5,
                "response_message_ephemeral": bool(message and message.ephemeral),
            }
        }
        if ctype in (4, 7) and message is not None:
            body["resource"] = {"type": ctype, "message": message.payload(self)}
        else:
            body["resource"] = {"type": ctype}
        return 200, body

    async def _r_followup(self, req: Request):
        interaction = req.interaction
        assert interaction is not None
        if not interaction.acked:
            raise HTTPError(404, 10015, "Unknown Webhook")  # Discord refuses followups before the answer
        original = self.messages.get(interaction.original_message_id or 0)
        if interaction.callback_type == 5 and original is not None and original.loading:
            # The first followup after a deferred message fills the "thinking" message in place.
            ephemeral = original.flags & EPHEMERAL
            self._apply(original, req.payload, req.files)
            original.flags = (original.flags & ~LOADING & ~EPHEMERAL) | ephemeral
            message = original
        else:
            message = self._new_message(
                self.channel_id, req.payload, req.files, interaction_id=interaction.id, route="followup"
            )
            message.flags = int(req.payload.get("flags") or 0) & EPHEMERAL
            message.webhook_id = self.app_id
            interaction.followup_ids.append(message.id)
        req.message = message
        if req.query.get("wait") in ("1", "true", "True"):
            return 200, message.payload(self)
        return 204, None

    def _webhook_message(self, req: Request) -> Message:
        interaction = req.interaction
        assert interaction is not None
        mid = req.args["mid"]
        if mid == "@original":
            if interaction.original_message_id is None:
                raise HTTPError(404, 10008, "Unknown Message")
            return self._message(interaction.original_message_id)
        message = self._message(int(mid))
        if message.id not in interaction.followup_ids and message.id != interaction.original_message_id:
            raise HTTPError(404, 10008, "Unknown Message")
        return message

    async def _r_webhook_get(self, req: Request):
        return 200, self._webhook_message(req).payload(self)

    async def _r_webhook_edit(self, req: Request):
        message = self._webhook_message(req)
        self._apply(message, req.payload, req.files)
        message.flags &= ~LOADING
        req.message = message
        return 200, message.payload(self)

    async def _r_webhook_delete(self, req: Request):
        message = self._webhook_message(req)
        message.deleted = True
        req.message = message
        return 204, None

    async def _r_channel(self, req: Request):
        cid = self._channel(req.args["channel"])
        if cid in self.guild_channels:
            return 200, self.channel_payload(cid)
        user = next(u for u, c in self.dm_channels.items() if c == cid)
        return 200, {"id": str(cid), "type": 1, "recipients": [{"id": str(user)}], "last_message_id": None}

    async def _r_history(self, req: Request):
        cid = self._channel(req.args["channel"])
        limit = max(1, min(100, int(req.query.get("limit", 50))))
        msgs = self.channel_messages(cid)
        if "before" in req.query:
            msgs = [m for m in msgs if m.id < int(req.query["before"])]
        if "after" in req.query:
            msgs = [m for m in msgs if m.id > int(req.query["after"])]
            return 200, [m.payload(self) for m in reversed(msgs[:limit])]
        if "around" in req.query:
            around = int(req.query["around"])
            msgs = sorted(msgs, key=lambda m: abs(m.id - around))[:limit]
            msgs.sort(key=lambda m: m.id)
        return 200, [m.payload(self) for m in reversed(msgs[-limit:])]

    async def _r_post(self, req: Request):
        cid = self._channel(req.args["channel"])
        if not (
            req.payload.get("content")
            or req.payload.get("embeds")
            or req.files
            or req.payload.get("components")
        ):
            raise HTTPError(400, 50006, "Cannot send an empty message")
        message = self._new_message(cid, req.payload, req.files, route="channel")
        message.flags &= ~EPHEMERAL  # channel messages are never ephemeral
        req.message = message
        return 200, message.payload(self)

    async def _r_get(self, req: Request):
        message = self._message(int(req.args["mid"]), self._channel(req.args["channel"]))
        if message.ephemeral:
            raise HTTPError(404, 10008, "Unknown Message")
        return 200, message.payload(self)

    async def _r_edit(self, req: Request):
        message = self._message(int(req.args["mid"]), self._channel(req.args["channel"]))
        if message.ephemeral:
            raise HTTPError(404, 10008, "Unknown Message")
        self._apply(message, req.payload, req.files)
        req.message = message
        return 200, message.payload(self)

    async def _r_delete(self, req: Request):
        message = self._message(int(req.args["mid"]), self._channel(req.args["channel"]))
        if message.ephemeral:
            raise HTTPError(404, 10008, "Unknown Message")
        message.deleted = True
        req.message = message
        return 204, None

    async def _r_typing(self, req: Request):
        self._channel(req.args["channel"])
        return 204, None

    async def _r_guild(self, req: Request):
        if int(req.args["guild"]) != self.guild_id:
            raise HTTPError(404, 10004, "Unknown Guild")
        data = self.guild_payload()
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key)
        return 200, data

    async def _r_guild_channels(self, req: Request):
        if int(req.args["guild"]) != self.guild_id:
            raise HTTPError(404, 10004, "Unknown Guild")
        return 200, [self.channel_payload()]

    async def _r_member(self, req: Request):
        for user in [self.bot_user, self.owner, *self.users]:
            if str(user.id) == req.args["user"]:
                return 200, user.member()
        raise HTTPError(404, 10007, "Unknown Member")


def _json(body: Any, status: int) -> web.Response:
    # discord.py parses JSON only when the content type is exactly "application/json"
    return web.Response(
        body=json.dumps(body).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def _option_type(value: Any) -> int:
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    if isinstance(value, float):
        return 10
    return 3


async def _read_body(request: web.Request) -> tuple[Any, list[str]]:
    """The JSON payload and the names of uploaded files (multipart: payload_json + files[n])."""
    if request.content_type.startswith("multipart/"):
        payload: Any = {}
        files: list[str] = []
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            if part.name == "payload_json":
                payload = json.loads(await part.text())
            else:
                await part.read()
                files.append(part.filename or part.name or "file")
        return payload, files
    raw = await request.read()
    if not raw:
        return {}, []
    data = json.loads(raw)
    if isinstance(data, list):
        return {"__list__": data}, []
    return data, []
