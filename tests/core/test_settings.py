"""Settings: read once from the environment and the config file into one frozen object.

Every variable lands in its part; every bad value is one ConfigError that names the
variable; the command line beats the environment, which beats the config file.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from core.errors import ConfigError
from core.extraction.reader_mode import DEFAULT_READER
from core.settings import DEFAULT_PLAYGROUND_PORT, Settings, load_settings

BASE_LLM = {"CANON_LLM_BASE_URL": "http://127.0.0.1:11434/v1", "CANON_LLM_MODEL": "llama3.1"}


def _value(settings: Settings, path: str) -> Any:
    value: Any = settings
    for name in path.split("."):
        value = getattr(value, name)
    return value


@pytest.mark.parametrize(
    ("env", "path", "expected"),
    [
        ({"CANON_DB": "/data/canon.db"}, "store_url", "/data/canon.db"),
        ({"CANON_DB": "sqlite:///data/canon.db"}, "store_url", "sqlite:///data/canon.db"),
        ({"CANON_DB": "postgresql://canon@db/canon"}, "store_url", "postgresql://canon@db/canon"),
        ({"CANON_DB": "~/canon.db"}, "store_url", str(Path("~/canon.db").expanduser())),
        ({}, "store_url", str(Path("~/.local/share/canon/canon.db").expanduser())),
        ({"CANON_WORKSPACE": "/ws"}, "workspace", Path("/ws")),
        ({}, "workspace", Path("~/.openclaw/workspace").expanduser()),
        ({"CANON_PROJECTION_MODE": "legacy_string"}, "projection.mode", "legacy_string"),
        ({}, "projection.mode", "zones"),
        ({"TELEGRAM_BOT_TOKEN": " 123:abc "}, "telegram.token", "123:abc"),
        ({}, "telegram.token", None),
        (
            {"CANON_TELEGRAM_BASE_URL": "http://127.0.0.1:8081/bot"},
            "telegram.base_url",
            "http://127.0.0.1:8081/bot",
        ),
        ({"CANON_WEBHOOK_SECRET": "s3cret_-X"}, "telegram.webhook_secret", "s3cret_-X"),
        ({"CANON_PLAYGROUND_PORT": "0"}, "telegram.playground_port", 0),
        ({}, "telegram.playground_port", DEFAULT_PLAYGROUND_PORT),
        ({"CANON_ALLOWED_USER_IDS": "10, 20"}, "audience.allowed_user_ids", (10, 20)),
        ({"CANON_ENTITY_MAP": "30=user:sam"}, "audience.entity_map", {30: "user:sam"}),
        (
            {"CANON_SHARED_ENTITIES": "family:home,team:core"},
            "audience.shared_entities",
            ("family:home", "team:core"),
        ),
        ({"CANON_FAMILY_ENTITY": "family:smith"}, "audience.family_entity", "family:smith"),
        (
            {"CANON_USER_NAMES": "10=Alice, 20= Bob Smith"},
            "audience.user_names",
            {10: "Alice", 20: "Bob Smith"},
        ),
        ({"CANON_CONTEXT_TOKENS": "800"}, "audience.context_tokens", 800),
        ({}, "chat_shown_keep", 1000),
        ({"CANON_CHAT_SHOWN_KEEP": "500"}, "chat_shown_keep", 500),
        ({}, "reader", DEFAULT_READER),
        ({"CANON_READER": "thread"}, "reader", "thread"),
        ({"CANON_READER": " Process "}, "reader", "process"),
        ({}, "llm", None),
        ({**BASE_LLM, "CANON_LLM_TIMEOUT_S": "7.5"}, "llm.timeout_s", 7.5),
        ({**BASE_LLM, "CANON_LLM_MAX_RETRIES": "0"}, "llm.max_retries", 0),
        ({**BASE_LLM, "CANON_LLM_API_KEY": "sk-x"}, "llm.api_key", "sk-x"),
        ({**BASE_LLM, "CANON_LLM_CONTEXT_WINDOW": "4096"}, "llm.window", 4096),
        (BASE_LLM, "llm.window", 128_000),  # llama3.1, by the table of known models
        ({**BASE_LLM, "CANON_LLM_MODEL": "my-local-model"}, "llm.window", 8_192),
        ({**BASE_LLM, "CANON_LLM_MODEL": "gpt-4o-mini"}, "llm.window", 128_000),
        (
            {"CANON_DB": "", "CANON_WORKSPACE": "  "},
            "workspace",
            Path("~/.openclaw/workspace").expanduser(),
        ),
    ],
)
def test_each_variable_lands_in_its_part(env: dict[str, str], path: str, expected: Any) -> None:
    assert _value(load_settings(env), path) == expected


def test_the_policy_file_is_read_and_remembered(tmp_path: Path) -> None:
    policy = tmp_path / "policy.toml"
    policy.write_text("[domains.travel]\nauto_threshold = 0.91\n")
    settings = load_settings({"CANON_POLICY": str(policy)})
    assert settings.policy_path == policy
    assert settings.policy.domains["travel"].auto_threshold == 0.91


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"CANON_DB": "mysql://x/y"}, "CANON_DB: store URL 'mysql://x/y': unknown scheme"),
        ({"CANON_DB": "sqlite://host/x.db"}, "CANON_DB: store URL"),
        ({"CANON_POLICY": "/nowhere/policy.toml"}, "cannot read policy file /nowhere/policy.toml"),
        ({"CANON_CONFIG": "/nowhere/canon.toml"}, "cannot read config /nowhere/canon.toml"),
        ({"CANON_PROJECTION_MODE": "flat"}, "CANON_PROJECTION_MODE must be one of zones"),
        ({"CANON_TELEGRAM_BASE_URL": "127.0.0.1:8081"}, "CANON_TELEGRAM_BASE_URL .* not an http"),
        ({"CANON_WEBHOOK_SECRET": "no spaces"}, "CANON_WEBHOOK_SECRET may use only"),
        ({"CANON_PLAYGROUND_PORT": "web"}, "CANON_PLAYGROUND_PORT 'web' is not a number"),
        ({"CANON_PLAYGROUND_PORT": "70000"}, "CANON_PLAYGROUND_PORT '70000' is outside 0..65535"),
        ({"CANON_ALLOWED_USER_IDS": "12,abc"}, "CANON_ALLOWED_USER_IDS: 'abc' is not a Telegram"),
        ({"CANON_ENTITY_MAP": "12"}, "CANON_ENTITY_MAP entry '12': use <user id>=<entity>"),
        ({"CANON_ENTITY_MAP": "12=User:Sam"}, "CANON_ENTITY_MAP: 'User:Sam' is not an entity"),
        ({"CANON_SHARED_ENTITIES": "home"}, "CANON_SHARED_ENTITIES: 'home' is not an entity"),
        ({"CANON_USER_NAMES": "12"}, "CANON_USER_NAMES entry '12': use <user id>=<first name>"),
        ({"CANON_USER_NAMES": "12=42"}, "CANON_USER_NAMES entry '12=42': use <user id>="),
        ({"CANON_USER_NAMES": "al=Alice"}, "CANON_USER_NAMES: 'al' is not a Telegram"),
        ({"CANON_FAMILY_ENTITY": "user:alice"}, "CANON_FAMILY_ENTITY: 'user:alice' is not a fam"),
        ({"CANON_CONTEXT_TOKENS": "lots"}, "CANON_CONTEXT_TOKENS 'lots' is not a whole number"),
        ({"CANON_CONTEXT_TOKENS": "10"}, "CANON_CONTEXT_TOKENS must be at least 50"),
        ({"CANON_CHAT_SHOWN_KEEP": "all"}, "CANON_CHAT_SHOWN_KEEP 'all' is not a whole number"),
        ({"CANON_CHAT_SHOWN_KEEP": "50"}, "CANON_CHAT_SHOWN_KEEP must be at least 200"),
        ({"CANON_READER": "fork"}, "CANON_READER must be one of process, thread, not 'fork'"),
        ({"CANON_LLM_MODEL": "llama3.1"}, "CANON_LLM_BASE_URL is required"),
        ({"CANON_LLM_BASE_URL": "http://127.0.0.1:1/v1"}, "CANON_LLM_MODEL is required"),
        ({**BASE_LLM, "CANON_LLM_BASE_URL": "127.0.0.1:11434"}, "CANON_LLM_BASE_URL .* not an"),
        ({**BASE_LLM, "CANON_LLM_TIMEOUT_S": "soon"}, "CANON_LLM_TIMEOUT_S 'soon' is not a num"),
        ({**BASE_LLM, "CANON_LLM_MIN_CONFIDENCE": "1.5"}, "CANON_LLM_MIN_CONFIDENCE .* 0..1"),
        ({**BASE_LLM, "CANON_LLM_MAX_RETRIES": "2.5"}, "CANON_LLM_MAX_RETRIES '2.5' is not a"),
        ({**BASE_LLM, "CANON_LLM_RESPONSE_FORMAT": "xml"}, "CANON_LLM_RESPONSE_FORMAT 'xml'"),
        ({**BASE_LLM, "CANON_LLM_CONTEXT_WINDOW": "100"}, "CANON_LLM_CONTEXT_WINDOW '100' is o"),
        ({**BASE_LLM, "CANON_LLM_CONTEXT_WINDOW": "8k"}, "CANON_LLM_CONTEXT_WINDOW '8k' is not"),
    ],
)
def test_a_bad_value_is_one_error_naming_its_variable(env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_settings(env)


def test_a_bad_db_option_names_the_option() -> None:
    with pytest.raises(ConfigError, match=r"^--db: store URL 'ftp://x'"):
        load_settings({"CANON_DB": "/fine.db"}, db="ftp://x")


# -- the config file, the environment and the command line ---------------------------


def _config_file(tmp_path: Path, canon_table: str) -> Path:
    path = tmp_path / "conf" / "canon.toml"
    path.parent.mkdir()
    path.write_text(f"[canon]\n{canon_table}\n")
    return path


def test_the_config_file_holds_settings_with_paths_relative_to_it(tmp_path: Path) -> None:
    path = _config_file(
        tmp_path, 'db = "state/canon.db"\nworkspace = "/ws"\nprojection_mode = "legacy_string"'
    )
    settings = load_settings({"CANON_CONFIG": str(path)})
    assert settings.config_file == path
    assert settings.store_url == str(path.parent / "state" / "canon.db")
    assert (settings.workspace, settings.projection.mode) == (Path("/ws"), "legacy_string")


@pytest.mark.parametrize(
    ("env", "options", "expected_db"),
    [
        ({}, {}, "/from-file.db"),
        ({"CANON_DB": "/from-env.db"}, {}, "/from-env.db"),
        ({"CANON_DB": "/from-env.db"}, {"db": "/from-option.db"}, "/from-option.db"),
        ({"CANON_DB": ""}, {}, "/from-file.db"),  # an empty variable is an unset one
    ],
)
def test_the_command_line_beats_the_environment_which_beats_the_file(
    tmp_path: Path, env: dict[str, str], options: dict[str, str], expected_db: str
) -> None:
    path = _config_file(tmp_path, 'db = "/from-file.db"')
    settings = load_settings({"CANON_CONFIG": str(path), **env}, **options)
    assert settings.store_url == expected_db


def test_the_config_path_argument_beats_canon_config(tmp_path: Path) -> None:
    path = _config_file(tmp_path, 'db = "/given.db"')
    settings = load_settings({"CANON_CONFIG": "/nowhere.toml"}, config_path=path)
    assert settings.store_url == "/given.db"


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('colour = "blue"', r"\[canon\]: unknown key 'colour'"),
        ("db = 3", r"\[canon\] db: must be a non-empty string"),
        ('db = "mysql://x"', "CANON_DB: store URL 'mysql://x'"),
    ],
)
def test_a_bad_config_file_setting_is_one_error(tmp_path: Path, table: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_settings({"CANON_CONFIG": str(_config_file(tmp_path, table))})


def test_sources_and_rules_come_from_the_same_file(tmp_path: Path) -> None:
    path = tmp_path / "canon.toml"
    path.write_text(
        '[canon]\ndb = "canon.db"\n\n'
        '[[sources]]\nname = "school"\nkind = "ics"\nurl = "school.ics"\n\n'
        '[[rules]]\nname = "swim"\nkind = "calendar"\nmatch = "swim"\n'
        'field = "family.{slug}.schedule"\nvalue = "{start}"\n'
    )
    settings = load_settings({"CANON_CONFIG": str(path)})
    assert [s.name for s in settings.sources] == ["school"]
    assert [r.name for r in settings.rules] == ["swim"]


# -- frozen, and secrets kept out of sight ------------------------------------------------


@pytest.mark.parametrize(
    ("part", "name"),
    [("", "store_url"), ("telegram", "token"), ("audience", "allowed_user_ids"), ("llm", "model")],
)
def test_settings_are_frozen_all_the_way_down(part: str, name: str) -> None:
    settings = load_settings({**BASE_LLM, "TELEGRAM_BOT_TOKEN": "1:a"})
    target = _value(settings, part) if part else settings
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(target, name, "changed")


def test_the_entity_map_cannot_be_changed_in_place() -> None:
    settings = load_settings({"CANON_ENTITY_MAP": "30=user:sam"})
    with pytest.raises(TypeError):
        settings.audience.entity_map[31] = "user:eve"  # type: ignore[index]


def test_secrets_are_not_in_the_repr() -> None:
    settings = load_settings(
        {
            **BASE_LLM,
            "CANON_LLM_API_KEY": "sk-hidden",
            "TELEGRAM_BOT_TOKEN": "123:hidden-token",
            "CANON_WEBHOOK_SECRET": "hidden_secret",
        }
    )
    shown = repr(settings)
    assert [w for w in ("sk-hidden", "123:hidden-token", "hidden_secret") if w in shown] == []
