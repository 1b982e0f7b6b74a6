"""`canon token create|list|revoke`: a token is printed once and stored only as a hash."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
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


@pytest.mark.parametrize(
    ("options", "role", "source_types", "reach", "listed"),
    [
        ((), "agent", [], [], "agent  user:alice  reach own only"),
        (("--role", "user"), "user", [], [], "user  user:alice  reach own only"),
        (
            ("--role", "user", "--reach", "household"),
            "user",
            [],
            ["household"],
            "user  user:alice  reach household",
        ),
        (
            ("--role", "delegate", "--reach", "family:home"),
            "delegate",
            [],
            ["family:home"],
            "delegate  user:alice  reach family:home",
        ),
        (
            ("--role", "signals", "--source-type", "calendar", "--source-type", "email"),
            "signals",
            ["calendar", "email"],
            [],
            "signals(calendar,email)  user:alice  reach own only",
        ),
    ],
)
def test_a_token_is_made_with_a_role_and_listed_with_it(
    tmp_path: Path,
    options: tuple[str, ...],
    role: str,
    source_types: list[str],
    reach: list[str] | None,
    listed: str,
) -> None:
    db = tmp_path / "canon.db"
    made = canon(db, "token", "create", "--entity", "user:alice", *options)
    assert made.exit_code == 0, made.output
    assert f"canon: {role} token " in made.stderr
    [token] = json.loads(canon(db, "token", "list", "--json").stdout)
    assert (token["role"], token["source_types"], token["reach"]) == (role, source_types, reach)
    assert f"{token['id']}  {listed}  -  created " in canon(db, "token", "list").stdout


@pytest.mark.parametrize(
    ("options", "error"),
    [
        (("--role", "signals"), "a signals token needs the source types it may post"),
        (
            ("--role", "user", "--source-type", "calendar"),
            "only a signals token names source types, not a user token",
        ),
        (("--reach", "user:bob"), "'user:bob' is not a shared entity like family:smith"),
        (("--reach", "home"), "'home' is not a shared entity like family:smith"),
        (("--reach", "family:Smith"), "'family:Smith' is not a shared entity"),
        (("--reach", "family:smith/../x"), "'family:smith/../x' is not a shared entity"),
        (("--reach", "Household"), "'Household' is not a shared entity"),
    ],
)
def test_a_token_that_would_claim_too_much_is_not_made(
    tmp_path: Path, options: tuple[str, ...], error: str
) -> None:
    db = tmp_path / "canon.db"
    refused = canon(db, "token", "create", "--entity", "user:alice", *options)
    assert refused.exit_code == 2
    assert error in refused.stderr
    assert json.loads(canon(db, "token", "list", "--json").stdout) == []


@pytest.mark.parametrize(
    "entity",
    ["User:alice", "user:\u0430lice", "\uff55ser:alice", "user:alice/../bob", "user:alice "],
)
def test_a_token_is_never_made_for_a_look_alike_entity(tmp_path: Path, entity: str) -> None:
    db = tmp_path / "canon.db"
    refused = canon(db, "token", "create", "--entity", entity)
    assert refused.exit_code == 2
    assert "is not an entity like user:alice" in refused.stderr
    assert json.loads(canon(db, "token", "list", "--json").stdout) == []


def test_a_token_made_before_scopes_is_listed_as_reaching_the_household(tmp_path: Path) -> None:
    db = tmp_path / "canon.db"
    canon(db, "token", "create", "--entity", "user:alice", "--name", "old")
    with sqlite3.connect(db) as conn:  # a row as stores kept it before scopes
        conn.execute("UPDATE api_tokens SET reach = NULL")
    [token] = json.loads(canon(db, "token", "list", "--json").stdout)
    assert token["reach"] is None
    listed = canon(db, "token", "list").stdout
    assert "reach household (made before scopes)  old" in listed


def test_a_signals_token_cannot_be_made_for_transaction_mail_or_confirmations(
    tmp_path: Path,
) -> None:
    """transactions_email is the trusted-senders rule's to decide; user_confirmation is the
    answer flow's: neither is a choice of --source-type."""
    db = tmp_path / "canon.db"
    for claimed in ("transactions_email", "user_confirmation", "system"):
        refused = canon(
            db, "token", "create", "--entity", "user:alice", "--role", "signals",
            "--source-type", claimed,
        )  # fmt: skip
        assert refused.exit_code == 2
        assert f"'{claimed}' is not one of 'calendar', 'email', 'execution'" in refused.stderr


def test_a_member_leaving_revokes_every_token_of_theirs_at_once(tmp_path: Path) -> None:
    """Bob leaves the household: his client's token revoked alone left his delegate and his
    assistant's tokens live, reaching the family as before (a token's reach is the owner's
    grant, not a membership Canon could see end). ``--entity`` revokes them all, no one else's."""
    db = tmp_path / "canon.db"
    for entity, role in [("user:bob", "user"), ("user:bob", "delegate"), ("user:bob", "agent")]:
        assert canon(db, "token", "create", "--entity", entity, "--role", role).exit_code == 0
    assert canon(db, "token", "create", "--entity", "user:alice", "--role", "user").exit_code == 0

    left = canon(db, "token", "revoke", "--entity", "user:bob")

    assert left.exit_code == 0, left.output
    assert left.stdout.count("revoked ") == 3
    listed = json.loads(canon(db, "token", "list", "--json").stdout)
    assert sorted((t["entity_id"], t["revoked_at"] is None) for t in listed) == [
        ("user:alice", True),
        ("user:bob", False),
        ("user:bob", False),
        ("user:bob", False),
    ]
    again = canon(db, "token", "revoke", "--entity", "user:bob")
    assert again.exit_code != 0
    assert "no live token of user:bob" in again.output
    assert canon(db, "token", "revoke").exit_code != 0  # a token or an entity
