"""Canon's settings: read once at the edge into one frozen object, then passed down.

``load_settings(environ, config_path, db=..., policy_path=..., ...)`` is the only
place that reads the environment. Precedence, highest first: command-line
values, environment variables, the ``[canon]`` table of the config file
(CANON_CONFIG), built-in defaults. Every bad value is one ``ConfigError`` that
names its variable.

Store and files
    CANON_DB                  store URL or SQLite path (default ~/.local/share/canon/canon.db)
    CANON_POLICY              policy overrides (TOML)
    CANON_CONFIG              config file: [canon] settings, [[sources]], [[rules]]
    CANON_WORKSPACE           the assistant's workspace (default ~/.openclaw/workspace)
    CANON_PROJECTION_MODE     zones (default) or legacy_string
    CANON_WORKSPACE_EDITOR    who edits STATE-INPUT zones: agent (default: asked) or user
    CANON_WORKSPACE_ENTITY    the user whose workspace it is (default user:primary): its
                              lines speak for them and the shared entities, no other user
Bot
    TELEGRAM_BOT_TOKEN        the bot's token (none: the local playground runs)
    CANON_TELEGRAM_BASE_URL   Bot API base, e.g. http://127.0.0.1:8081/bot (default Telegram's)
    CANON_WEBHOOK_SECRET      secret token Telegram sends with webhook calls
    CANON_PLAYGROUND_PORT     port of the local playground (default 8765, 0 picks a free one)
    CANON_ALLOWED_USER_IDS    comma-separated Telegram user ids allowed to use the bot
    CANON_ENTITY_MAP          user ids to entities, e.g. "222=user:sam,333=user:alex"
                              (default: the first allowed user is user:primary,
                              every other one user:<id>)
    CANON_USER_NAMES          what users are called, e.g. "111=Alice,222=Bob" (else the
                              name each told Canon): a member's name that is a user's is
                              that user
    CANON_SHARED_ENTITIES     entities every allowed user reads and writes, e.g. "family:home"
    CANON_CHAT_SHOWN_KEEP     messages of each chat kept to replay it (the playground after
                              a restart; default 1000, at least 200): older ones are pruned
    CANON_FAMILY_ENTITY       the household, e.g. "family:smith": family facts said in
                              chat are recorded on it and every user reads it
    CANON_CONTEXT_TOKENS      token budget of the context block (default 1200)
Every HTTP server (serve, webhook, bot --webhook, mcp, playground; core.http_limits)
    CANON_HTTP_HEAD_TIMEOUT_S (10), CANON_HTTP_BODY_MIN_RATE (bytes a second, 16384),
    CANON_HTTP_MAX_CONNECTIONS (256 open connections per server)
Reading messages
    CANON_READER              where the offline extractor reads a chat message: thread
                              (default; one reading thread in the front end's process) or
                              process (a child process with the language pipeline, so the
                              event loop never shares the GIL with spaCy)
Language model (none: offline)
    CANON_LLM_BASE_URL, CANON_LLM_MODEL (required together), CANON_LLM_API_KEY,
    CANON_LLM_TIMEOUT_S (20), CANON_LLM_MIN_CONFIDENCE (0.6), CANON_LLM_MAX_RETRIES (2),
    CANON_LLM_RESPONSE_FORMAT (json_schema | json_object),
    CANON_LLM_CONTEXT_WINDOW (tokens; default: known for the model's name, else 8192),
    CANON_LLM_SUMMARISE (tool_turns | every_turn | off: which turns the agent state is
    reconciled after, by one more model call once the reply is sent)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast
from urllib.parse import urlsplit

from core.conversation.audience import Audience
from core.conversation.token_budget import DEFAULT_TOKEN_BUDGET
from core.domain.household import name_key
from core.domain.policy import Policy, default_policy, load_policy
from core.errors import ConfigError
from core.extraction.llm_config import NO_KEY, LLMConfig, SummariseMode
from core.extraction.reader_mode import DEFAULT_READER, READER_MODES, ReaderMode
from core.http_limits import HttpLimits
from core.signals.rules import Rule, parse_rules
from core.sources.base import SourceConfig
from core.sources.config import parse_sources, read_config_file
from core.store.factory import parse_store_url
from core.workspace.settings import (
    EDITORS,
    MODES,
    Editor,
    ProjectionMode,
    WorkspaceSettings,
)

DEFAULT_DB = Path("~/.local/share/canon/canon.db")
DEFAULT_WORKSPACE = Path("~/.openclaw/workspace")
DEFAULT_PLAYGROUND_PORT = 8765
FILE_KEYS = {
    "db": "CANON_DB",
    "policy": "CANON_POLICY",
    "workspace": "CANON_WORKSPACE",
    "projection_mode": "CANON_PROJECTION_MODE",
    "workspace_editor": "CANON_WORKSPACE_EDITOR",
    "workspace_entity": "CANON_WORKSPACE_ENTITY",
}
"""The config file's ``[canon]`` keys, and the variable each one stands in for."""
_ENTITY = re.compile(r"^(user|family|team):[a-z0-9_.\-]{1,64}$")


@dataclass(frozen=True)
class TelegramSettings:
    """Where Telegram is and how the bot proves itself; none of it is printed."""

    token: str | None = field(default=None, repr=False)
    base_url: str | None = None
    webhook_secret: str | None = field(default=None, repr=False)
    playground_port: int = DEFAULT_PLAYGROUND_PORT


@dataclass(frozen=True)
class Settings:
    """Everything Canon is configured with; each part goes to the code that needs it."""

    store_url: str
    """CANON_DB as given (a plain path has ``~`` expanded); ``open_store`` opens it."""
    policy: Policy = field(default_factory=default_policy)
    policy_path: Path | None = None
    workspace: Path = field(default_factory=DEFAULT_WORKSPACE.expanduser)
    projection: WorkspaceSettings = field(default_factory=WorkspaceSettings)
    audience: Audience = field(default_factory=Audience)
    telegram: TelegramSettings = field(default_factory=TelegramSettings)
    llm: LLMConfig | None = None
    config_file: Path | None = None
    sources: tuple[SourceConfig, ...] = ()
    """Calendar and mail accounts from the config file's ``[[sources]]`` tables."""
    rules: tuple[Rule, ...] = ()
    """User mapping rules from its ``[[rules]]`` tables."""
    chat_shown_keep: int = 1000
    """The last messages of each chat whose record (``chat_shown``) is kept; older go."""
    reader: ReaderMode = DEFAULT_READER
    """Where chat messages are read offline: a process of their own, or a thread."""
    http: HttpLimits = field(default_factory=HttpLimits)
    """The deadlines and connection cap of every HTTP server Canon runs."""


def load_settings(
    environ: Mapping[str, str],
    config_path: str | Path | None = None,
    *,
    db: str | None = None,
    policy_path: str | None = None,
    projection_mode: str | None = None,
    playground_port: int | None = None,
) -> Settings:
    """The settings in ``environ`` and the config file (``config_path``, else CANON_CONFIG),
    with the command line's values (the keyword arguments) over both."""
    raw_config = str(config_path) if config_path is not None else _get(environ, "CANON_CONFIG")
    config_file = Path(raw_config).expanduser() if raw_config else None
    document = read_config_file(config_file) if config_file is not None else {}
    base = config_file.parent if config_file is not None else Path.cwd()
    env = {**_file_settings(document, base), **{k: v for k, v in environ.items() if v.strip()}}
    store_url = _store_url(db or _get(env, "CANON_DB") or str(DEFAULT_DB), db)
    raw_policy = policy_path or _get(env, "CANON_POLICY")
    policy_file = Path(raw_policy).expanduser() if raw_policy else None
    return Settings(
        store_url=store_url,
        policy=load_policy(policy_file),
        policy_path=policy_file,
        workspace=Path(_get(env, "CANON_WORKSPACE") or DEFAULT_WORKSPACE).expanduser(),
        projection=WorkspaceSettings(
            mode=_projection_mode(projection_mode, env),
            editor=_workspace_editor(env),
            entity_id=_workspace_entity(env),
        ),
        audience=_audience(env),
        telegram=_telegram(env, playground_port),
        llm=_llm(env),
        config_file=config_file,
        sources=() if config_file is None else parse_sources(document, environ, base),
        rules=() if config_file is None else parse_rules(document),
        chat_shown_keep=_chat_shown_keep(env),
        reader=_reader(env),
        http=HttpLimits(
            head_seconds=_number(env, "CANON_HTTP_HEAD_TIMEOUT_S", 10.0, 0.05, 3600.0),
            body_bytes_per_second=int(
                _number(env, "CANON_HTTP_BODY_MIN_RATE", 16384, 1, 1e9, True)
            ),
            max_connections=int(_number(env, "CANON_HTTP_MAX_CONNECTIONS", 256, 1, 1e6, True)),
        ),
    )


def _reader(env: Mapping[str, str]) -> ReaderMode:
    chosen = (_get(env, "CANON_READER") or DEFAULT_READER).strip().lower()
    if chosen not in READER_MODES:
        raise ConfigError(f"CANON_READER must be one of {', '.join(READER_MODES)}, not {chosen!r}")
    return chosen


def _chat_shown_keep(env: Mapping[str, str]) -> int:
    raw = _get(env, "CANON_CHAT_SHOWN_KEEP")
    try:
        keep = int(raw) if raw else 1000
    except ValueError:
        raise ConfigError(f"CANON_CHAT_SHOWN_KEEP {raw!r} is not a whole number") from None
    if keep < 200:
        raise ConfigError("CANON_CHAT_SHOWN_KEEP must be at least 200 (the playground shows 200)")
    return keep


# -- the config file's [canon] table ----------------------------------------------


def _file_settings(document: Mapping[str, Any], base: Path) -> dict[str, str]:
    """``[canon]`` as the variables it stands in for; relative paths are the file's."""
    table = document.get("canon", {})
    if not isinstance(table, dict):
        raise ConfigError("config file: [canon] must be a table")
    unknown = sorted(set(table) - set(FILE_KEYS))
    if unknown:
        raise ConfigError(f"config file [canon]: unknown key {unknown[0]!r}")
    out = {}
    for key, value in table.items():
        if not isinstance(value, str) or not value.strip():
            raise ConfigError(f"config file [canon] {key}: must be a non-empty string")
        if key in ("db", "policy", "workspace") and _is_relative_path(value):
            value = str(base / value)
        out[FILE_KEYS[key]] = value
    return out


def _is_relative_path(value: str) -> bool:
    return ":" not in value and not Path(value).expanduser().is_absolute()


# -- store, workspace ---------------------------------------------------------------


def _store_url(url: str, given: str | None) -> str:
    try:
        where = parse_store_url(url)
    except ConfigError as e:
        raise ConfigError(f"{'--db' if given else 'CANON_DB'}: {e}") from None
    plain_path = where.backend == "sqlite" and not url.strip().lower().startswith("sqlite:")
    return where.target if plain_path else url.strip()


def _workspace_entity(env: Mapping[str, str]) -> str:
    raw = _get(env, "CANON_WORKSPACE_ENTITY") or "user:primary"
    if not raw.startswith("user:"):
        raise ConfigError(f"CANON_WORKSPACE_ENTITY: {raw!r} is not a user like user:sam")
    return _entity(raw, "CANON_WORKSPACE_ENTITY")


def _workspace_editor(env: Mapping[str, str]) -> Editor:
    chosen = _get(env, "CANON_WORKSPACE_EDITOR") or "agent"
    if chosen not in EDITORS:
        raise ConfigError(
            f"CANON_WORKSPACE_EDITOR must be one of {', '.join(EDITORS)}, not {chosen!r}"
        )
    return cast(Editor, chosen)


def _projection_mode(given: str | None, env: Mapping[str, str]) -> ProjectionMode:
    chosen = given or _get(env, "CANON_PROJECTION_MODE") or "zones"
    if chosen not in MODES:
        raise ConfigError(
            f"CANON_PROJECTION_MODE must be one of {', '.join(MODES)}, not {chosen!r}"
        )
    return cast(ProjectionMode, chosen)


# -- the bot -------------------------------------------------------------------------


def _audience(env: Mapping[str, str]) -> Audience:
    allowed = tuple(_ids(_get(env, "CANON_ALLOWED_USER_IDS"), "CANON_ALLOWED_USER_IDS"))
    mapping: dict[int, str] = {}
    for part in _items(_get(env, "CANON_ENTITY_MAP")):
        user, sep, entity = part.partition("=")
        if not sep:
            raise ConfigError(f"CANON_ENTITY_MAP entry {part!r}: use <user id>=<entity>")
        (user_id,) = _ids(user, "CANON_ENTITY_MAP")
        mapping[user_id] = _entity(entity.strip(), "CANON_ENTITY_MAP")
    shared = tuple(
        _entity(e, "CANON_SHARED_ENTITIES") for e in _items(_get(env, "CANON_SHARED_ENTITIES"))
    )
    raw_budget = _get(env, "CANON_CONTEXT_TOKENS")
    try:
        budget = int(raw_budget) if raw_budget else DEFAULT_TOKEN_BUDGET
    except ValueError:
        raise ConfigError(f"CANON_CONTEXT_TOKENS {raw_budget!r} is not a whole number") from None
    if budget < 50:
        raise ConfigError("CANON_CONTEXT_TOKENS must be at least 50")
    names: dict[int, str] = {}
    for part in _items(_get(env, "CANON_USER_NAMES")):
        user, sep, name = part.partition("=")
        if not sep or name_key(name) is None:
            raise ConfigError(f"CANON_USER_NAMES entry {part!r}: use <user id>=<first name>")
        (user_id,) = _ids(user, "CANON_USER_NAMES")
        names[user_id] = name.strip()
    family = _get(env, "CANON_FAMILY_ENTITY") or None
    if family is not None and not re.fullmatch(r"family:[a-z0-9_.\-]{1,64}", family):
        raise ConfigError(f"CANON_FAMILY_ENTITY: {family!r} is not a family like family:smith")
    return Audience(
        allowed_user_ids=allowed,
        entity_map=MappingProxyType(mapping),
        shared_entities=shared,
        context_tokens=budget,
        family_entity=family,
        user_names=MappingProxyType(names),
    )


def _telegram(env: Mapping[str, str], port: int | None) -> TelegramSettings:
    base_url = _get(env, "CANON_TELEGRAM_BASE_URL") or None
    if base_url is not None:
        _http_url(base_url, "CANON_TELEGRAM_BASE_URL")
    secret = _get(env, "CANON_WEBHOOK_SECRET") or None
    if secret is not None and not re.fullmatch(r"[A-Za-z0-9_\-]{1,256}", secret):
        raise ConfigError("CANON_WEBHOOK_SECRET may use only A-Z, a-z, 0-9, _ and - (1-256)")
    if port is None:
        port = int(_number(env, "CANON_PLAYGROUND_PORT", DEFAULT_PLAYGROUND_PORT, 0, 65535, True))
    return TelegramSettings(
        token=_get(env, "TELEGRAM_BOT_TOKEN") or None,
        base_url=base_url,
        webhook_secret=secret,
        playground_port=port,
    )


# -- the language model ----------------------------------------------------------------


def _llm(env: Mapping[str, str]) -> LLMConfig | None:
    base_url = _get(env, "CANON_LLM_BASE_URL")
    model = _get(env, "CANON_LLM_MODEL")
    if not base_url and not model:
        return None
    if not base_url or not model:
        missing = "CANON_LLM_MODEL" if base_url else "CANON_LLM_BASE_URL"
        raise ConfigError(f"{missing} is required when the other CANON_LLM_* settings are set")
    _http_url(base_url, "CANON_LLM_BASE_URL")
    fmt = _get(env, "CANON_LLM_RESPONSE_FORMAT") or "json_schema"
    if fmt not in ("json_schema", "json_object"):
        raise ConfigError(f"CANON_LLM_RESPONSE_FORMAT {fmt!r}: use json_schema or json_object")
    summarise = _get(env, "CANON_LLM_SUMMARISE") or "tool_turns"
    if summarise not in ("off", "tool_turns", "every_turn"):
        raise ConfigError(f"CANON_LLM_SUMMARISE {summarise!r}: use off, tool_turns or every_turn")
    return LLMConfig(
        base_url=base_url.rstrip("/"),
        model=model,
        api_key=_get(env, "CANON_LLM_API_KEY") or NO_KEY,
        timeout_s=_number(env, "CANON_LLM_TIMEOUT_S", 20.0, 0.05, 600.0),
        min_confidence=_number(env, "CANON_LLM_MIN_CONFIDENCE", 0.6, 0.0, 1.0),
        max_retries=int(_number(env, "CANON_LLM_MAX_RETRIES", 2, 0, 10, True)),
        response_format="json_object" if fmt == "json_object" else "json_schema",
        context_window=(
            int(_number(env, "CANON_LLM_CONTEXT_WINDOW", 0, 256, 10_000_000, True))
            if _get(env, "CANON_LLM_CONTEXT_WINDOW")
            else None
        ),
        summarise=cast("SummariseMode", summarise),
    )


# -- values ----------------------------------------------------------------------------


def _get(env: Mapping[str, str], name: str) -> str:
    return env.get(name, "").strip()


def _http_url(url: str, name: str) -> None:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ConfigError(f"{name} {url!r} is not an http(s) URL")


def _number(
    env: Mapping[str, str], name: str, default: float, low: float, high: float, whole: bool = False
) -> float:
    raw = _get(env, name)
    if not raw:
        return default
    try:
        value = int(raw) if whole else float(raw)
    except ValueError:
        raise ConfigError(f"{name} {raw!r} is not a number") from None
    if not low <= value <= high:
        raise ConfigError(f"{name} {raw!r} is outside {low:g}..{high:g}")
    return value


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
