"""Conflicts between fields through the engine (real SQLite file): the Tahoe story.

Each field is resolved on its own; when the facts together cannot be true the
user gets one clear question about it, answered like any other question.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from canon_testing import make_observation

from core.conversation.context_read import load_context
from core.domain.review_items import OPEN_STATUSES
from core.engine.engine import Engine
from core.engine.review import answer_review
from core.extraction.offline import extract_offline
from core.signals.intake import message_payloads
from core.store import ReviewItem

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
ME = "user:primary"


class Chat:
    """The user telling Canon things, a minute apart, as the bot does."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sent = 0

    @property
    def now(self) -> datetime:
        return NOW + timedelta(minutes=self.sent)

    async def say(self, text: str) -> list[tuple[str | None, Any, str]]:
        self.sent += 1
        payloads = message_payloads(
            text,
            at=self.now,
            entity_id=ME,
            message_ref=f"tg:7:{self.sent}",
            extractor=extract_offline,
        )
        outcomes = await self.engine.ingest_batch(payloads, now=self.now)
        return [(o.field, o.candidate_value, o.decision) for o in outcomes]

    async def home_in(self, city: str) -> None:
        """Say where home is, and confirm it (the profile changes only with a Yes)."""
        await self.say(f"I live in {city}")
        for question in await self.open_questions():
            await answer_review(self.engine, question.id, "confirm", now=self.now)
        assert (await self.facts())["profile.home_city"] == city

    async def facts(self) -> dict[str, Any]:
        return {f.field: f.value for f in await self.engine.store.facts(ME)}

    async def open_questions(self) -> list[ReviewItem]:
        return await self.engine.store.review_items(list(OPEN_STATUSES))

    async def conflict_questions(self) -> list[ReviewItem]:
        return [q for q in await self.open_questions() if q.source_key.startswith("consistency:")]


async def test_arriving_before_the_planned_day_moves_the_departure_to_the_arrival(
    engine: Engine,
) -> None:
    """The founding story: the plan said Sunday, the user is already there since last
    night. The trip began when they got in, so the departure moves with the arrival, in
    the same commit: never under way with a departure still ahead."""
    chat = Chat(engine)
    await chat.say("We fly to Tahoe on November 29")
    decided = await chat.say("were already in tahoe, got in last nite")
    assert ("travel.status", "in_progress", "auto_commit") in decided
    facts = await chat.facts()
    assert (facts["travel.status"], facts["travel.depart_date"]) == ("in_progress", "2026-11-22")
    assert await chat.conflict_questions() == []


async def test_an_arrival_that_tells_no_day_began_today(engine: Engine) -> None:
    chat = Chat(engine)
    await chat.say("We fly to Tahoe on November 29")
    await chat.say("we're in Tahoe")
    assert (await chat.facts())["travel.depart_date"] == "2026-11-23"
    assert await chat.conflict_questions() == []


async def _in_tahoe_before_leaving(chat: Chat) -> ReviewItem:
    """Under way, then a note that puts the departure ahead again: the timeline check
    asks about the one thing out of date."""
    assert ("travel.status", "in_progress", "auto_commit") in await chat.say("we're in Tahoe")
    ahead = make_observation(
        "travel.depart_date", "2026-11-29", source="manual_markdown", at=chat.now, entity=ME
    )
    assert (await chat.engine.ingest(ahead, now=chat.now)).committed
    [question] = await chat.conflict_questions()
    return question


async def test_under_way_before_the_departure_date_asks_one_question(engine: Engine) -> None:
    chat = Chat(engine)
    question = await _in_tahoe_before_leaving(chat)
    assert question.status == "pending"
    assert (question.field, question.current_value, question.candidate_value) == (
        "travel.depart_date",
        "2026-11-29",
        "2026-11-23",
    )
    assert question.reasons == (
        "The trip is under way, but your departure date is still Sunday, November 29, "
        "in the future",
    )


async def test_the_same_conflict_is_asked_once(engine: Engine) -> None:
    chat = Chat(engine)
    await _in_tahoe_before_leaving(chat)
    await chat.say("we're in Tahoe")
    await chat.say("I'm in Tahoe")
    assert len(await chat.conflict_questions()) == 1


async def test_yes_applies_the_fix_and_the_conflict_is_gone(engine: Engine) -> None:
    chat = Chat(engine)
    question = await _in_tahoe_before_leaving(chat)
    result = await answer_review(engine, question.id, "confirm", now=chat.now)
    assert result.status == "confirmed"
    assert (await chat.facts())["travel.depart_date"] == "2026-11-23"
    assert await chat.conflict_questions() == []


async def test_edit_sets_the_field_the_question_names(engine: Engine) -> None:
    chat = Chat(engine)
    question = await _in_tahoe_before_leaving(chat)
    await answer_review(engine, question.id, "edit", "2026-11-21", now=chat.now)
    assert (await chat.facts())["travel.depart_date"] == "2026-11-21"
    assert await chat.conflict_questions() == []


async def test_no_forgets_the_departure_rather_than_keep_it_ahead(engine: Engine) -> None:
    """No to the day proposed: when the trip began is unknown, but not in the future."""
    chat = Chat(engine)
    question = await _in_tahoe_before_leaving(chat)
    await answer_review(engine, question.id, "reject", now=chat.now)
    facts = await chat.facts()
    assert facts["travel.status"] == "in_progress"
    assert "travel.depart_date" not in facts
    await chat.say("we're in Tahoe")
    assert await chat.conflict_questions() == []


async def test_newer_evidence_that_fixes_the_date_closes_the_question(engine: Engine) -> None:
    chat = Chat(engine)
    question = await _in_tahoe_before_leaving(chat)
    said = make_observation(
        "travel.depart_date", "2026-11-21", source="manual_markdown", at=chat.now, entity=ME
    )
    assert (await engine.ingest(said, now=chat.now)).committed
    closed = await engine.store.review_item(question.id)
    assert closed is not None
    assert closed.status == "superseded"
    assert await chat.conflict_questions() == []


async def test_a_return_before_the_departure_is_asked(engine: Engine) -> None:
    chat = Chat(engine)
    await chat.say("We fly to Tahoe on November 29")
    said = await chat.say("We're coming back on November 27")
    assert said == [("travel.return_date", "2026-11-27", "ask_user")]
    [change] = await chat.open_questions()
    await answer_review(engine, change.id, "confirm", now=chat.now)
    # The return was just confirmed: the older word, the planned departure, is asked.
    [question] = await chat.conflict_questions()
    assert (question.field, question.candidate_value) == ("travel.depart_date", None)
    assert question.reasons == (
        "Your return date (Friday, November 27) is before your departure date "
        "(Sunday, November 29)",
    )
    await answer_review(engine, question.id, "edit", "November 25", now=chat.now)
    assert (await chat.facts())["travel.depart_date"] == "2026-11-25"
    assert await chat.conflict_questions() == []


async def test_back_home_ends_the_trip_and_the_stay_together(engine: Engine) -> None:
    """A return moves the user in the same commit: nothing is left to conflict."""
    chat = Chat(engine)
    await chat.say("We fly to Tahoe today")
    await chat.say("we're in Tahoe")
    said = await chat.say("We're back home from Tahoe")
    assert ("travel.status", "completed", "auto_commit") in said
    assert ("travel.location", None, "auto_commit") in said
    assert "travel.location" not in await chat.facts()
    assert await chat.conflict_questions() == []


async def test_back_home_in_the_home_city_when_it_is_known(engine: Engine) -> None:
    chat = Chat(engine)
    await chat.home_in("Portland")
    await chat.say("We fly to Tahoe today")
    await chat.say("we're in Tahoe")
    await chat.say("We're back home from Tahoe")
    facts = await chat.facts()
    assert (facts["travel.status"], facts["travel.location"]) == ("completed", "Portland")
    assert await chat.conflict_questions() == []


async def test_a_trip_ended_by_the_calendar_brings_the_user_home_too(engine: Engine) -> None:
    chat = Chat(engine)
    await chat.home_in("Portland")
    await chat.say("We fly to Tahoe today")
    await chat.say("we're in Tahoe")
    ended = make_observation("travel.status", "completed", source="calendar", at=chat.now)
    outcomes = await engine.ingest_batch([ended], now=chat.now)
    assert [(o.field, o.candidate_value) for o in outcomes] == [
        ("travel.status", "completed"),
        ("travel.location", "Portland"),
    ]
    assert outcomes[0].decision == outcomes[1].decision


async def test_a_trip_over_alone_puts_the_user_back_home_with_it(engine: Engine) -> None:
    """`canon answer ID confirm` on the trip alone (its companion left open): the trip over
    and the user still in Tahoe cannot both hold, so the Yes that ended the trip moves
    the user home too, recorded as following from that answer, and nothing is asked."""
    chat = Chat(engine)
    await chat.home_in("Portland")
    await chat.say("We fly to Tahoe today")
    await chat.say("we're in Tahoe")
    ended = make_observation(
        "travel.status", "completed", at=chat.now, needs_confirmation="the readings disagree"
    )
    outcomes = await engine.ingest_batch([ended], now=chat.now)
    assert [o.decision for o in outcomes] == ["ask_user", "ask_user"]
    trip = outcomes[0].review_item_id
    assert trip is not None
    await answer_review(engine, trip, "confirm", now=chat.now)
    assert (await chat.facts())["travel.location"] == "Portland"
    assert await chat.conflict_questions() == []
    [moved] = [
        i
        for i in await engine.store.review_items_from(ME, "consistency:")
        if i.field == "travel.location"
    ]
    assert moved.status == "confirmed"
    assert moved.reasons[-1] == "it follows from your answer"
    # The companion that asked the same move is settled by it, not left to ask again.
    assert [i for i in await chat.open_questions() if i.field == "travel.location"] == []


async def test_the_context_block_lists_open_conflicts(engine: Engine) -> None:
    chat = Chat(engine)
    await _in_tahoe_before_leaving(chat)
    block = await load_context(engine.store, engine.policy, [ME], chat.now)
    assert (
        "Conflicts:\n- user:primary: The trip is under way, but your departure date is still "
        "Sunday, November 29, in the future" in block.text
    )


async def test_a_conflict_answered_no_leaves_the_context_block(engine: Engine) -> None:
    chat = Chat(engine)
    question = await _in_tahoe_before_leaving(chat)
    await answer_review(engine, question.id, "reject", now=chat.now)
    block = await load_context(engine.store, engine.policy, [ME], chat.now)
    assert "Conflicts:" not in block.text
    assert "travel.depart_date" not in block.text, "no departure ahead of a trip under way"


async def test_a_newer_word_about_lily_leaves_one_open_question(engine: Engine) -> None:
    chat = Chat(engine)
    assert await chat.say("Lily is sick") == [("family.lily.status", "sick", "ask_user")]
    [sick] = await chat.open_questions()
    assert await chat.say("Lily is fine now") == [("family.lily.status", "well", "ask_user")]
    [open_now] = await chat.open_questions()
    assert (open_now.field, open_now.candidate_value) == ("family.lily.status", "well")
    older = await engine.store.review_item(sick.id)
    assert older is not None
    assert older.status == "superseded"
    block = await load_context(engine.store, engine.policy, [ME], chat.now)
    assert "disagree" not in block.text


async def test_a_newer_commit_about_lily_closes_the_older_question(engine: Engine) -> None:
    chat = Chat(engine)
    await chat.say("Lily is sick")
    fine = make_observation("family.lily.status", "well", source="manual_markdown", at=chat.now)
    assert (await engine.ingest(fine, now=chat.now)).committed
    assert await chat.open_questions() == []


async def test_an_older_word_arriving_late_does_not_close_a_newer_question(engine: Engine) -> None:
    """A mail written before the chat message is not newer news about Lily."""
    chat = Chat(engine)
    await chat.say("Lily is fine now")
    earlier = NOW - timedelta(days=2)
    late = make_observation("family.lily.status", "sick", source="email", at=earlier)
    await engine.ingest(late, now=chat.now)
    values = sorted(str(q.candidate_value) for q in await chat.open_questions())
    assert "well" in values


async def test_dates_are_not_conditions_two_sources_may_disagree(engine: Engine) -> None:
    """Two open questions about a date stay open: the user picks; the block lists them."""
    chat = Chat(engine)
    for value, minute in (("2026-12-01", 1), ("2026-12-02", 2)):
        at = NOW + timedelta(minutes=minute)
        payload = make_observation("travel.depart_date", value, source="email", at=at)
        assert (await engine.ingest(payload, now=at)).decision == "ask_user"
    assert len(await chat.open_questions()) == 2
    block = await load_context(engine.store, engine.policy, [ME], NOW + timedelta(minutes=3))
    assert "Open questions disagree about your departure date" in block.text


async def test_the_story_told_before_any_answer_ends_with_one_trip_that_holds_together(
    engine: Engine,
) -> None:
    """The founding story as people type it, every message asked and none answered yet:
    the plan (Tahoe, Sunday), being there, being back. Answered Yes in the order asked,
    each answer meets what the ones before it committed: being in Tahoe starts the
    planned trip, and being back ends it, forgets the departure still "ahead" and where
    the trip was. Nothing is left to ask, and nothing says the user is in Tahoe."""
    unsure = {"needs_confirmation": "the wording left me unsure"}
    messages = [
        [
            ("travel.destination", "Tahoe", "planning"),
            ("travel.depart_date", "2026-11-29", "planning"),
            ("travel.status", "planning", "planning"),
        ],
        [("travel.location", "Tahoe", "assertive")],
        [("travel.status", "completed", "assertive")],
    ]
    for n, said in enumerate(messages):
        at = NOW + timedelta(minutes=n)
        await engine.ingest_batch(
            [
                make_observation(f, v, intent=i, at=at, ref=f"tg:7:{n}", **unsure)
                for f, v, i in said
            ],
            now=at,
        )
    at = NOW + timedelta(minutes=5)
    answered = 0
    while open_ := await engine.store.review_items(list(OPEN_STATUSES)):
        assert not any(q.source_key.startswith("consistency:") for q in open_), open_
        first = min(open_, key=lambda q: q.seq)
        await answer_review(engine, first.id, "confirm", now=at, whole_group=True)
        answered += 1
        assert answered <= len(messages)
    facts = {f.field: f.value for f in await engine.store.facts(ME)}
    assert facts.get("travel.status") == "completed"
    assert "travel.location" not in facts
    assert "travel.depart_date" not in facts
    block = await load_context(engine.store, engine.policy, [ME], at)
    assert block.text.splitlines()[2:] == [
        "user:primary:",
        "- travel.destination = Tahoe (user_confirmation, just now)",
        "- travel.status = completed (user_confirmation, just now)",
    ]
