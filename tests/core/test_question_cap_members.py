"""Whose open questions count against a writer's ``max_agent_questions``
(``core.domain.whose_word.counts_against``): one count per member, across their chat,
their own client and every assistant token of theirs; capped questions only."""

from __future__ import annotations

import pytest
from canon_testing import NOW

from core.domain.api_tokens import ApiToken
from core.domain.principals import Principal, token_principal, user_principal
from core.domain.whose_word import counts_against

ALICE, BOB = "user:alice", "user:bob"
TOKENS = [
    ApiToken("ba", "bob's agent", BOB, "x", NOW, role="agent"),
    ApiToken("bd", "bob's delegate", BOB, "x", NOW, role="delegate"),
    ApiToken("bc", "bob's calendar", BOB, "x", NOW, role="signals"),
    ApiToken("aa", "alice's agent", ALICE, "x", NOW, role="agent"),
]
BOBS_AGENT = token_principal("ba", "agent", BOB)
BOBS_DELEGATE = token_principal("bd", "delegate", BOB)

CASES: list[tuple[str, str | None, str, Principal, bool]] = [
    # what, who raised the open question, about whom, who writes now, counted
    ("Bob's chat, then his agent", BOB, ALICE, BOBS_AGENT, True),
    ("his agent, then his delegate", "token:ba", ALICE, BOBS_DELEGATE, True),
    ("his delegate, then his chat", "token:bd", ALICE, user_principal(BOB), True),
    ("Alice's agent, then Bob's", "token:aa", ALICE, BOBS_AGENT, False),
    ("Bob about himself (never capped), then his agent", BOB, BOB, BOBS_AGENT, False),
    ("his calendar (a feed, never capped), then his agent", "token:bc", ALICE, BOBS_AGENT, False),
    ("Canon's own question", "system", ALICE, BOBS_AGENT, False),
    ("a token no longer known", "token:gone", ALICE, BOBS_AGENT, False),
]


@pytest.mark.parametrize(("what", "raised_by", "entity", "writer", "counted"), CASES)
def test_whose_questions_count(
    what: str, raised_by: str | None, entity: str, writer: Principal, counted: bool
) -> None:
    assert counts_against(raised_by, entity, writer, TOKENS) is counted, what
