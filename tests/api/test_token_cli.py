"""`canon token create|list|revoke`: a token is printed once and stored only as a hash."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from click.testing import CliRunner, Result

from core.api.tokens import secret_hash
from core.cli import cli


def canon(db: Path, *args: str) -> Result:
    return CliRunner().invoke(cli, ["--db", str(db), *args])


def test_a_token_is_shown_once_and_only_its_hash_is_stored(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    made = canon(db, "token", "create", "--entity", "user:alice", "--name", "laptop")
    assert made.exit_code == 0, made.output
    secret = made.stdout.strip()
    assert secret.startswith("canon_")
    assert len(secret) > 40
    assert "shown only now" in made.stderr

    [listed] = json.loads(canon(db, "token", "list", "--json").stdout)
    assert (listed["entity_id"], listed["name"], listed["revoked_at"]) == (
        "user:alice",
        "laptop",
        None,
    )
    assert secret not in canon(db, "token", "list").stdout
    with sqlite3.connect(db) as conn:
        dump = "\n".join(conn.iterdump())
    assert secret not in dump
    assert secret_hash(secret) in dump


def test_a_revoked_token_is_listed_as_revoked_and_cannot_be_revoked_again(
    tmp_path: Path,
) -> None:
    db = tmp_path / "canon.db"
    canon(db, "token", "create", "--entity", "user:alice")
    [token] = json.loads(canon(db, "token", "list", "--json").stdout)

    assert canon(db, "token", "revoke", token["id"]).exit_code == 0
    [after] = json.loads(canon(db, "token", "list", "--json").stdout)
    assert after["revoked_at"] is not None

    again = canon(db, "token", "revoke", token["id"])
    assert (again.exit_code, again.stderr.strip()) == (
        2,
        f"canon: error: token {token['id']} is already revoked",
    )
    unknown = canon(db, "token", "revoke", "nope")
    assert (unknown.exit_code, unknown.stderr.strip()) == (2, "canon: error: no token nope")


def test_a_token_needs_an_entity_canon_knows_how_to_name(tmp_path: Path) -> None:
    result = canon(tmp_path / "canon.db", "token", "create", "--entity", "alice")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "canon: error: 'alice' is not an entity like user:alice or family:smith"
    )
    assert json.loads(canon(tmp_path / "canon.db", "token", "list", "--json").stdout) == []
