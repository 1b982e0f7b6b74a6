"""When a request needs the API's tokens to know a household (``core.api.call``) or whose a
question is (``core.domain.whose_word``).

Reading every token is what an API turn paid most for once it checked who speaks: the
tokens are read only when they can change the answer. These tables say when that is,
and that the answer without them is the same as with them.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from core.api.call import household_of, speaks_in_household
from core.conversation.audience import Audience
from core.domain.api_tokens import ApiToken
from core.domain.review_items import ReviewItem
from core.domain.whose_word import may_answer, tokens_needed, whose_question

AT = datetime(2026, 11, 30, 6, 0, tzinfo=UTC)
HOUSEHOLD = Audience(
    allowed_user_ids=(1, 2), entity_map={1: "user:alice", 2: "user:bob"}, family_entity="family:s"
)
NO_HOUSEHOLD = Audience(allowed_user_ids=(1,), entity_map={1: "user:alice"})


def token(entity: str, role: str = "user", reach: tuple[str, ...] | None = None) -> ApiToken:
    return ApiToken(
        f"t-{entity}-{role}",
        "t",
        entity,
        "0" * 64,
        AT,
        role=role,
        reach=reach,  # type: ignore[arg-type]
    )


OTHERS = [token("user:carol"), token("user:dave", reach=()), token("user:erin", "agent")]


@pytest.mark.parametrize(
    ("tok", "audience", "any_role", "speaks"),
    [
        (token("user:bob"), HOUSEHOLD, False, True),  # Bob's own client
        (token("user:bob", "delegate"), HOUSEHOLD, False, True),  # relaying his words
        (token("user:bob", "agent"), HOUSEHOLD, False, False),  # an assistant: its user only
        (token("user:bob", "agent"), HOUSEHOLD, True, True),  # ... unless any role asks
        (token("user:bob", reach=()), HOUSEHOLD, False, False),  # not made for the family
        (token("user:bob", reach=("family:s",)), HOUSEHOLD, False, True),
        (token("user:bob"), NO_HOUSEHOLD, False, False),  # no household configured
        (token("user:bob"), NO_HOUSEHOLD, True, False),
    ],
)
def test_tokens_are_read_only_for_a_token_that_speaks_in_a_household(
    tok: ApiToken, audience: Audience, any_role: bool, speaks: bool
) -> None:
    assert speaks_in_household(tok, audience, any_role=any_role) is speaks
    with_tokens = household_of(tok, audience, OTHERS, any_role=any_role)
    if not speaks:  # the tokens change nothing: not reading them is the same answer
        assert with_tokens == household_of(tok, audience, (), any_role=any_role)
        assert with_tokens == [tok.entity_id]
    else:
        assert "user:carol" in with_tokens  # a household user's own client
        assert "user:dave" not in with_tokens  # a token not made for the family


def item(entity: str, principal: str | None) -> ReviewItem:
    return ReviewItem(
        "q1", 1, "conflict", None, entity, "travel.location", "Tahoe", None, 0.9, (), "k",
        "pending", AT, AT, None, None, principal=principal,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("question", "needs_tokens", "owner"),
    [
        (item("family:s", f"token:{OTHERS[0].id}"), True, "user:carol"),  # Carol's client
        (item("family:s", f"token:{OTHERS[2].id}"), True, "user:erin"),  # her assistant's
        (item("family:s", "user:bob"), False, "user:bob"),  # Bob's words in the chat
        (item("family:s", None), False, None),  # Canon's own, or older than principals
        (item("user:bob", f"token:{OTHERS[0].id}"), False, None),  # a user's own: reach
    ],
)
def test_an_answer_or_a_list_reads_the_tokens_only_for_a_shared_question_a_token_raised(
    question: ReviewItem, needs_tokens: bool, owner: str | None
) -> None:
    assert tokens_needed([question]) is needs_tokens
    assert whose_question(question, OTHERS) == owner
    if not needs_tokens:  # the tokens change nothing: not reading them is the same answer
        assert whose_question(question, ()) == owner
        for reader in ("user:bob", "user:carol", "user:alice"):
            assert may_answer(question, reader, ()) == may_answer(question, reader, OTHERS)
