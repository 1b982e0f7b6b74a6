"""/report through CanonChat: the main chart as a photo with a three-line caption.

Alice plans a trip to Tahoe (status planning, destination Tahoe: two auto-commits)
and says she is there (location Tahoe, status in_progress: two more); then she
/forgets her location and says Yes 30 s later: a fifth change, the only one that
needed her, and it corrects the location's auto-commit.
"""

from __future__ import annotations

import io

from chat_harness import ALICE, BOB, Conversation
from PIL import Image

from core.conversation.report import NOTHING_YET


async def _tahoe(talk: Conversation) -> None:
    await talk.say(ALICE, "We're planning a trip to Tahoe")
    await talk.say(ALICE, "We're in Tahoe")
    await talk.chat.correction(ALICE, ALICE, "forget", "travel.location")
    talk.clock.advance(seconds=30)
    await talk.tap(ALICE, "Yes")


def assert_a_chart(photo: bytes) -> None:
    image = Image.open(io.BytesIO(photo)).convert("RGB")
    assert image.format is None or image.format == "PNG"
    colours = image.getcolors(maxcolors=image.width * image.height)
    assert colours is not None
    assert len(colours) > 2


async def test_report_sends_the_chart_with_three_lines(talk: Conversation) -> None:
    await _tahoe(talk)
    mark = talk.messenger.mark()
    await talk.chat.send_report(ALICE, ALICE)
    (sent,) = talk.messenger.sent_after(mark, ALICE)
    assert sent.photo is not None
    assert_a_chart(sent.photo)
    assert sent.text.splitlines() == [
        "Last 7 days: 5 changes, 1 needed you (review burden 20%).",
        "Corrected: 1 (20%); auto-commit precision 75%.",
        "Median time to answer: 30 s; 0 questions waiting.",
    ]
    logged = await talk.store.conversation.messages(ALICE)
    assert logged[-1].role == "assistant"
    assert logged[-1].text == sent.text


async def test_only_the_speakers_entities_are_charted(talk: Conversation) -> None:
    """Bob's entities are user:bob and the shared family:home: Alice's trip is not his."""
    await _tahoe(talk)
    mark = talk.messenger.mark()
    await talk.chat.send_report(BOB, BOB)
    (sent,) = talk.messenger.sent_after(mark, BOB)
    assert sent.photo is None
    assert sent.text == NOTHING_YET


async def test_an_empty_store_says_there_is_nothing_yet(talk: Conversation) -> None:
    await talk.chat.send_report(ALICE, ALICE)
    assert talk.messenger.last(ALICE).text == NOTHING_YET
    assert talk.messenger.last(ALICE).photo is None
