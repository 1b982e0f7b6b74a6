"""How sure the speaker sounds decides what Canon does with what they said.

Leaning one way ("i think emma has a fever", "pretty sure the rent went up to 2400") is
asked: the user is the authority, and one Yes settles it. A guess ("emma probably has a
cold") is only heard, and the reply says why nothing changed, not that nothing was said.
"""

from __future__ import annotations

import pytest
from chat_harness import ALICE, Conversation

from core.conversation.acknowledgements import UNSURE_HEARD


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        ("i think emma has a fever", "Is Emma sick today?"),
        ("I believe Noah has a cold", "Is Noah sick today?"),
        ("im pretty sure mom has the flu", "Is your mom sick today?"),
        ("i think my dad has covid again", "Is your dad sick today?"),
        ("pretty sure the rent went up to 2400", "Is rent 2,400 now?"),
        ("I reckon we'll be back friday", "Are you away, or going away, until Friday"),
    ],
)
async def test_leaning_one_way_is_asked(talk: Conversation, said: str, asked: str) -> None:
    await talk.say(ALICE, said)
    prompt = talk.prompt(ALICE)
    assert prompt.text.startswith(asked)
    assert prompt.labels == ("Yes", "No", "Edit")


@pytest.mark.parametrize(
    "said",
    [
        "emma probably has a cold",
        "mom's probably sick",
        "My son probably has strep.",
    ],
)
async def test_a_guess_is_heard_and_said_to_be_one(talk: Conversation, said: str) -> None:
    assert await talk.say(ALICE, said) == [UNSURE_HEARD]
    assert talk.messenger.prompts(ALICE) == []
