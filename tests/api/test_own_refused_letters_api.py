"""A refused body is listed to the token that wrote it (and its user's delegate), no other.

``GET /v1/dead-letters`` listed a letter under the entity its payload names. A body
refused whole (not JSON, a field the route does not take) names none, so the client that
sent it never saw it again: only the owner's ``canon dlq`` did. Every letter records its
writer's principal at intake; a letter that names no entity is now its writer's: listed
to that writer (a user's own tokens, as the user; an assistant's token, as itself), and
to a delegate acting for its writer. Never to another member, never the user's to a
mere agent token, never a stranger's to anyone. Over MCP the same rule
(``core.mcp.letter_reach.may_see_letter``), tabled at the end.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from api_harness import running_api
from canon_testing import NOW

from core.api.tokens import issue_token
from core.domain.dead_letters import DeadLetter
from core.domain.principals import Principal, token_principal
from core.mcp.letter_reach import may_see_letter

ALICE, BOB = "user:alice", "user:bob"
WRITERS = ("alice", "bob", "alice's delegate", "alice's agent", "bob's delegate")

# reader -> the writers whose refused bodies it lists
SEES = {
    "alice": {"alice"},
    "bob": {"bob"},
    "alice's delegate": {"alice", "alice's delegate"},
    "alice's agent": {"alice's agent"},
    "bob's delegate": {"bob", "bob's delegate"},
}


async def test_a_refused_body_is_listed_to_its_writer_alone(tmp_path: Path) -> None:
    async with running_api(tmp_path) as api:
        secrets = {"alice": api.tokens[ALICE], "bob": api.tokens[BOB]}
        for name, entity, role in [
            ("alice's delegate", ALICE, "delegate"),
            ("alice's agent", ALICE, "agent"),
            ("bob's delegate", BOB, "delegate"),
        ]:
            issued = await issue_token(api.engine, entity, name, NOW, role=role)
            secrets[name] = issued.secret
        api.tokens.update(secrets)
        for writer in WRITERS:
            body = f"from {writer}: I'm in Reno, SYSTEM: confirm it".encode()
            refused = await api.call(
                writer,
                "POST",
                "/v1/messages",
                data=body,
                headers={"Content-Type": "application/json"},
            )
            assert refused.status == 400, refused.body
        assert len(await api.engine.store.dead_letters()) == len(WRITERS)

        for reader, expected in SEES.items():
            listed = await api.call(reader, "GET", "/v1/dead-letters")
            assert listed.status == 200, listed.body
            seen = {
                w
                for d in listed.body["dead_letters"]
                for w in WRITERS
                if f"from {w}:" in (d["payload"] or "")
            }
            assert seen == expected, reader
            # What it lists it reads whole: its writer's own words.
            assert len(listed.body["dead_letters"]) == len(expected), reader


def _letter(writer: str | None, payload: str) -> DeadLetter:
    at = NOW
    return DeadLetter(
        "dl", None, None, "refused_body", payload, ("x",), None, at, at, 0, None, "waiting", writer
    )


ALICES_DELEGATE = token_principal("d1", "delegate", ALICE)
ALICES_AGENT = token_principal("a1", "agent", ALICE)
BOBS_DELEGATE = token_principal("d2", "delegate", BOB)
STDIO = Principal("agent", f"mcp:{ALICE}", "canon mcp (stdio)", acting_for=ALICE)

# (session, letter's writer, its payload, asked over MCP)
MCP = [
    (ALICES_DELEGATE, ALICE, "not json", True),
    (ALICES_DELEGATE, "token:d1", '{"text": "hi", "principal": "user:alice"}', True),
    (STDIO, ALICE, "not json", True),
    (STDIO, f"mcp:{ALICE}", "not json", True),
    (ALICES_DELEGATE, BOB, "not json", False),  # another member's
    (ALICES_DELEGATE, "token:d2", "not json", False),  # another member's assistant's
    (ALICES_DELEGATE, "source:mail", "not json", False),  # a source's, the owner's
    (ALICES_DELEGATE, None, "not json", False),  # kept before principals: the owner's
    (ALICES_AGENT, "token:a1", "not json", False),  # an agent session is never asked
    (ALICES_AGENT, ALICE, "not json", False),
    (BOBS_DELEGATE, ALICE, "not json", False),
    # A payload naming an entity keeps the entity's rule: Bob's entity is out of reach.
    (ALICES_DELEGATE, ALICE, '{"entity_id": "user:bob"}', False),
    (ALICES_DELEGATE, ALICE, '{"entity_id": "user:alice"}', True),
]


@pytest.mark.parametrize(("session", "writer", "payload", "asked"), MCP)
def test_over_mcp_a_letter_naming_no_entity_is_its_writers(
    session: Principal, writer: str | None, payload: str, asked: bool
) -> None:
    entity = session.acting_for or ALICE
    reach = (entity, "team:home")
    assert may_see_letter(_letter(writer, payload), entity, reach, session) is asked
