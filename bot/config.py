"""The bot's configuration, read once from the environment into a frozen object.

TELEGRAM_BOT_TOKEN        the bot's token (none: the local playground runs)
CANON_TELEGRAM_BASE_URL   Bot API base, e.g. http://127.0.0.1:8081/bot (default Telegram's)
CANON_ALLOWED_USER_IDS    comma-separated Telegram user ids allowed to use the bot
CANON_ENTITY_MAP          user ids to entities, e.g. "222=user:sam,333=user:alex"
                          (default: the first allowed user is user:primary,
                          every other one user:<id>)
CANON_SHARED_ENTITIES     entities every allowed user reads and writes,
                          e.g. "family:home,team:core"
CANON_FAMILY_ENTITY       the family every allowed user belongs to, e.g. "family:smith":
                          family facts said in chat ("Emma is sick today") are
                          recorded on it, and every user reads it (default: none,
                          family facts stay on the speaker's own entity)
CANON_CONTEXT_TOKENS      token budget of the context block (default 1200)
CANON_WEBHOOK_SECRET      secret token Telegram sends with webhook calls
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from urllib.parse import urlsplit

from core.conversation.audience import Audience
from core.conversation.context import DEFAULT_TOKEN_BUDGET
from core.errors import ConfigError

_ENTITY = re.compile(r"^(user|family|team):[a-z0-9_.\-]{1,64}$")


@dataclass(frozen=True)
class BotConfig(Audience):
    """Who may talk to the bot and which entities they are (``Audience``), and where Telegram is."""

    token: str | None = field(default=None, repr=False)
    base_url: str | None = None
    webhook_secret: str | None = field(default=None, repr=False)


def load_bot_config(environ: Mapping[str, str] | None = None) -> BotConfig:
    """Read the TELEGRAM_* and CANON_* settings; ConfigError names the bad one."""
    env = os.environ if environ is None else environ
    token = env.get("TELEGRAM_BOT_TOKEN", "").strip() or None
    base_url = env.get("CANON_TELEGRAM_BASE_URL", "").strip() or None
    if base_url:
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ConfigError(f"CANON_TELEGRAM_BASE_URL {base_url!r} is not an http(s) URL")
    allowed = tuple(_ids(env.get("CANON_ALLOWED_USER_IDS", ""), "CANON_ALLOWED_USER_IDS"))
    mapping: dict[int, str] = {}
    for part in _items(env.get("CANON_ENTITY_MAP", "")):
        user, sep, entity = part.partition("=")
        if not sep:
            raise ConfigError(f"CANON_ENTITY_MAP entry {part!r}: use <user id>=<entity>")
        (user_id,) = _ids(user, "CANON_ENTITY_MAP")
        mapping[user_id] = _entity(entity.strip(), "CANON_ENTITY_MAP")
    shared = tuple(
        _entity(e, "CANON_SHARED_ENTITIES") for e in _items(env.get("CANON_SHARED_ENTITIES", ""))
    )
    raw_budget = env.get("CANON_CONTEXT_TOKENS", "").strip()
    try:
        budget = int(raw_budget) if raw_budget else DEFAULT_TOKEN_BUDGET
    except ValueError:
        raise ConfigError(f"CANON_CONTEXT_TOKENS {raw_budget!r} is not a whole number") from None
    if budget < 50:
        raise ConfigError("CANON_CONTEXT_TOKENS must be at least 50")
    family = env.get("CANON_FAMILY_ENTITY", "").strip() or None
    if family is not None and not re.fullmatch(r"family:[a-z0-9_.\-]{1,64}", family):
        raise ConfigError(f"CANON_FAMILY_ENTITY: {family!r} is not a family like family:smith")
    secret = env.get("CANON_WEBHOOK_SECRET", "").strip() or None
    if secret is not None and not re.fullmatch(r"[A-Za-z0-9_\-]{1,256}", secret):
        raise ConfigError("CANON_WEBHOOK_SECRET may use only A-Z, a-z, 0-9, _ and - (1-256)")
    return BotConfig(
        allowed_user_ids=allowed,
        entity_map=MappingProxyType(mapping),
        shared_entities=shared,
        context_tokens=budget,
        family_entity=family,
        token=token,
        base_url=base_url,
        webhook_secret=secret,
    )


def _items(raw: str) -> list[str]:
    return [p.strip() for p in raw.split(",") if p.strip()]


def _ids(raw: str, name: str) -> list[int]:
    out = []
    for part in _items(raw):
        if not re.fullmatch(r"-?\d{1,20}", part):
            raise ConfigError(f"{name}: {part!r} is not a Telegram user id")
        out.append(int(part))
    return out


def _entity(raw: str, name: str) -> str:
    if not _ENTITY.match(raw):
        raise ConfigError(f"{name}: {raw!r} is not an entity like user:sam or family:home")
    return raw
