"""Configuration, read once at the edge into a frozen object and passed down."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from core.domain.policy import Policy, load_policy
from core.signals.rules import Rule
from core.sources.base import SourceConfig
from core.sources.config import load_accounts

DEFAULT_DB = Path("~/.local/share/canon/canon.db")
DEFAULT_WORKSPACE = Path("~/.openclaw/workspace")


@dataclass(frozen=True)
class Config:
    """Where Canon keeps its state and which policy it follows."""

    db_path: Path
    workspace: Path
    policy: Policy
    policy_path: Path | None = None
    config_file: Path | None = None
    """The TOML file CANON_CONFIG names (accounts and settings), if any."""
    sources: tuple[SourceConfig, ...] = ()
    """Calendar and mail accounts from its ``[[sources]]`` tables."""
    rules: tuple[Rule, ...] = ()
    """User mapping rules from its ``[[rules]]`` tables."""


def load_config(
    *,
    db: str | None = None,
    policy_path: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> Config:
    """Command-line values first, then CANON_DB / CANON_WORKSPACE / CANON_POLICY /
    CANON_CONFIG, then defaults."""
    env = os.environ if environ is None else environ
    db_path = Path(db or env.get("CANON_DB") or DEFAULT_DB).expanduser()
    workspace = Path(env.get("CANON_WORKSPACE") or DEFAULT_WORKSPACE).expanduser()
    raw_policy = policy_path or env.get("CANON_POLICY")
    path = Path(raw_policy).expanduser() if raw_policy else None
    raw_config = env.get("CANON_CONFIG")
    config_file = Path(raw_config).expanduser() if raw_config else None
    sources, rules = ((), ()) if config_file is None else load_accounts(config_file, env)
    return Config(
        db_path=db_path,
        workspace=workspace,
        policy=load_policy(path),
        policy_path=path,
        config_file=config_file,
        sources=sources,
        rules=rules,
    )
