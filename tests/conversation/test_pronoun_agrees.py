""" "she" and "he" agree with the person: "she's better now" just after a question about
the user's son is about the daughter told of before, never the son (asked, as any state
read through a pronoun the message does not resolve)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from chat_harness import ALICE, Conversation

from core.conversation.pronoun_subject import pronoun_agreeing

AT = datetime(2026, 2, 19, tzinfo=UTC)
SAID = [("family.emma.status", AT), ("family.son.status", AT), ("travel.status", AT)]


@pytest.mark.parametrize(
    ("text", "relations", "kept"),
    [
        ("she's better now", {"emma": "daughter"}, ["family.emma.status", "travel.status"]),
        ("he's better now", {"emma": "daughter"}, ["family.son.status", "travel.status"]),
        # A name alone says no gender: she may be Emma.
        ("she's better now", {}, ["family.emma.status", "travel.status"]),
        ("so he is fine", {}, ["family.emma.status", "family.son.status", "travel.status"]),
        # No pronoun, or "they": nobody is passed over.
        ("they're better", {"emma": "daughter"}, [f for f, _ in SAID]),
        ("emma's better", {"emma": "daughter"}, [f for f, _ in SAID]),
    ],
)
def test_the_members_a_pronoun_can_mean(
    text: str, relations: dict[str, str], kept: list[str]
) -> None:
    assert [f for f, _ in pronoun_agreeing(SAID, text, relations)] == kept


async def test_she_after_a_question_about_the_son_is_the_daughter(talk: Conversation) -> None:
    await talk.say(ALICE, "my daughter emma has a cold")
    await talk.say(ALICE, "yes")
    talk.clock.advance(minutes=20)
    [asked] = await talk.say(ALICE, "i think my son is sick")
    assert "son" in asked
    talk.clock.advance(minutes=5)
    await talk.say(ALICE, "she's better now")
    _, items = await talk.engine.store.facts_and_open_items("user:primary")
    assert "family.emma.status" in {i.field for i in items}, "asked about Emma"
    son = [i.candidate_value for i in items if i.field == "family.son.status"]
    assert son == ["sick"], "the son's question is untouched"
