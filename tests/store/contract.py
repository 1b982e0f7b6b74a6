"""The storage contract: every backend runs this same abstract test case.

A backend's test module subclasses ``StoreContract`` and provides the
``backend`` fixture (an opened, empty store); everything else is shared.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from typing import Any, get_args

import pytest
from canon_testing import NOW, calibrated_policy, make_observation

from core.domain.alerts import NewAlert
from core.domain.dead_letters import DeadLetterStatus, Escalation
from core.domain.ids import new_id
from core.domain.policy import load_policy
from core.domain.principals import Principal, user_principal
from core.domain.review_items import ReviewStatus
from core.domain.rollout import ChangeCount, PolicyEvent
from core.domain.settlements import Settlement
from core.domain.snapshot import FieldSnapshot
from core.domain.state import CommittedFact, value_key
from core.domain.timeutil import format_ts
from core.domain.write_batch import Accepted
from core.engine.engine import Engine
from core.engine.write_records import settlement
from core.errors import AlreadyAnswered, NotFound, StoreError
from core.store import DeadLetter, NewReviewItem, ReviewItem, Store, WriteBatch
from core.store.group_reads import question_ends
from core.store.protocol import RolloutReads


def _agreeing(snap: FieldSnapshot) -> dict[str, set[str]]:
    """Every value's agreeing source types as the snapshot read them, before any is weighed
    against the committed value (``FieldSnapshot.agreeing_sources``)."""
    return {key: set(said) for key, said in snap.agreeing.items()}


class Refused(Exception):
    """A decide callback that fails (a bug, a bad input): its transaction must roll back."""


def _accepted(payload: dict[str, Any], decision: str = "tentative_reject") -> Accepted:
    return Accepted(
        payload=payload,
        event_id=payload["event_id"],
        entity_id=payload["entity_id"],
        field=payload["field"],
        domain=payload["domain"],
        intent=payload["intent"],
        value_key=value_key(payload["candidate_value"]),
        source_type=payload["source"]["type"],
        source_ref=payload["source"]["ref"],
        event_ts=NOW,
        decided_at=NOW,
        decision=decision,
        confidence=0.5,
        margin=0.5,
        reasons=("test",),
        patch=(),
    )


def _project_question(i: int, source_key: str) -> NewReviewItem:
    """A question of the primary user's: has project ``p{i}`` shipped (from ``source_key``)?"""
    return NewReviewItem(
        new_id(),
        "change",
        None,
        "user:primary",
        f"project.p{i}.status",
        "shipped",
        None,
        0.8,
        ("r",),
        source_key,
        NOW,
    )


async def _two_travellers(eng: Engine) -> None:
    """The primary user in Boston on a trip under way, Bob in Denver: committed facts of two
    entities for the combined reads to return."""
    for entity, field, value in (
        ("user:primary", "travel.status", "in_progress"),
        ("user:primary", "travel.location", "Boston"),
        ("user:bob", "travel.location", "Denver"),
    ):
        out = await eng.ingest(make_observation(field, value, entity=entity), now=NOW)
        assert out.decision == "auto_commit"


def _letter(retry_count: int, status: DeadLetterStatus = "waiting") -> DeadLetter:
    return DeadLetter(
        id="dl-cas",
        event_id=None,
        prompt_id=None,
        schema="state_observation",
        payload='{"a": 1}',
        errors=("$: bad",),
        domain="travel",
        first_seen=NOW,
        last_attempt=NOW,
        retry_count=retry_count,
        next_retry_at=None if status != "waiting" else NOW,
        status=status,
    )


def _escalation(letter: DeadLetter, alert_domain: str | None) -> Escalation:
    review = NewReviewItem(
        id=new_id(),
        kind="dead_letter",
        event_id=None,
        entity_id="system:dead-letters",
        field="dead_letter",
        candidate_value=letter.id,
        current_value=None,
        confidence=0.0,
        reasons=letter.errors,
        source_key=f"dead_letter:{letter.id}",
        created_at=NOW,
    )
    alert = None if alert_domain is None else NewAlert(NOW, "dead_letter", alert_domain, "x")
    return Escalation(review, 5, alert)


async def _everything(store: Store) -> tuple[Any, ...]:
    """What a store keeps of an ingest, without what each store numbers or mints itself
    (sequence numbers, question ids): the log, its duplicates, the facts, the commits and
    the questions, each in its own order."""
    window = await store.log_since(NOW - timedelta(days=3650))
    questions = await store.review_items(get_args(ReviewStatus))
    return (
        [replace(e, seq=0) for e in window.events],
        sorted(window.duplicates),
        sorted(await store.facts(), key=lambda f: (f.entity_id, f.field)),
        [replace(h, seq=0) for h in await store.history(None, None)],
        [replace(q, id="", seq=0) for q in sorted(questions, key=lambda q: q.seq)],
    )


class StoreContract:
    """Behaviour every Store backend must have."""

    @pytest.fixture
    def backend(self) -> Store:  # pragma: no cover - provided by subclasses
        raise NotImplementedError

    @pytest.fixture
    def eng(self, backend: Store) -> Engine:
        """An engine past calibration: these tests are about what the store keeps."""
        return Engine(backend, calibrated_policy())

    async def test_an_unknown_field_has_an_empty_snapshot(self, backend: Store) -> None:
        snaps, seen = await backend.snapshots([("user:primary", "travel.status")], ["x"], NOW)
        snap = snaps[("user:primary", "travel.status")]
        assert snap.committed is None
        assert snap.last_version == 0
        assert snap.open_items == ()
        assert seen == {}

    async def test_an_open_item_carries_when_its_observation_was_made(self, eng: Engine) -> None:
        """The snapshot read from the store has the open item, as ``advance`` folds it in,
        with when its observation was made (what a newer word about it is compared to)."""
        key = ("user:primary", "family.lily.status")
        said = make_observation(
            "family.lily.status", "sick", source="email", at=NOW - timedelta(minutes=5)
        )
        before, _ = await eng.store.snapshots([key], [], NOW)
        assert (await eng.ingest(said, now=NOW)).decision == "ask_user"
        after, _ = await eng.store.snapshots([key], [], NOW)
        [item] = after[key].open_items
        assert item.evidence_ts == NOW - timedelta(minutes=5)
        [question] = await eng.store.review_items(["pending"])
        assert item.id == question.id
        assert before[key].open_items == ()

    async def test_a_reading_that_had_to_be_asked_agrees_with_nothing(self, eng: Engine) -> None:
        """An observation with ``needs_confirmation`` (a stranger's unaccepted invitation) is
        logged and asked, but the snapshot read back does not count its source as agreeing,
        exactly as ``advance`` folds it in a batch."""
        key = ("user:primary", "travel.location")
        doubted = make_observation(
            "travel.location",
            "Moscow",
            source="calendar",
            needs_confirmation='from an invitation by "stranger@evil.example" you have not accepted',
        )
        plain = make_observation("travel.location", "Moscow", source="email")
        batched = await eng.ingest_batch([doubted, plain], now=NOW)
        assert [o.decision for o in batched] == ["ask_user", "ask_user"]
        assert "corroboration 1.00" in batched[1].reasons[0]  # in the batch: advance
        snaps, _ = await eng.store.snapshots([key], [], NOW - timedelta(days=1))
        assert _agreeing(snaps[key]) == {value_key("Moscow"): {"email"}}  # read back

    async def test_a_reading_that_only_mentions_needs_confirmation_still_agrees(
        self, eng: Engine
    ) -> None:
        """The snapshot parses a payload only when its text holds ``"needs_confirmation"``;
        a reading whose words are exactly that string, without the key, still agrees."""
        key = ("user:primary", "travel.location")
        worded = make_observation(
            "travel.location", "Moscow", source="email", evidence_text="needs_confirmation"
        )
        assert (await eng.ingest_batch([worded], now=NOW))[0].decision == "ask_user"
        snaps, _ = await eng.store.snapshots([key], [], NOW - timedelta(days=1))
        assert _agreeing(snaps[key]) == {value_key("Moscow"): {"email"}}

    async def test_evidence_older_than_a_committed_different_value_agrees_with_nothing(
        self, eng: Engine
    ) -> None:
        """Beliefs hold together: evidence the user's own later word overturned corroborates
        nothing. "emma's sick", "all better" (committed), "emma's sick again" was asked
        because "another source agrees", the source being the first "sick". A value's
        event agrees only when it is newer than the committed different value's evidence;
        events for the committed value, and a field with no fact, agree as before; the
        same read alone or with another key, and decided alike in one batch (``advance``)."""
        emma, lily = ("user:primary", "family.emma.status"), ("user:primary", "family.lily.status")
        max_ = ("user:primary", "family.max.status")
        t = NOW - timedelta(minutes=50)

        def story(key: tuple[str, str]) -> list[dict[str, Any]]:
            return [
                make_observation(key[1], value, source=source, at=t + timedelta(minutes=10 * n))
                for n, value, source in [
                    (0, "sick", "email"),  # overturned by "well" committed at 2
                    (1, "well", "calendar"),  # older, but for the committed value: agrees
                    (2, "well", "conversation_assertive"),  # committed
                    (3, "sick", "calendar"),  # newer: agrees
                    (4, "sick", "conversation_assertive"),  # one other source agrees
                ]
            ]

        await eng.ingest(make_observation(max_[1], "sick", source="email", at=t), now=NOW)
        one_at_a_time = [await eng.ingest(p, now=NOW) for p in story(emma)]
        batched = await eng.ingest_batch(story(lily), now=NOW)
        for outcomes in (one_at_a_time, batched):
            assert [o.decision for o in outcomes] == [
                "ask_user",
                "ask_user",
                "auto_commit",
                "ask_user",  # not committed over the user's "well" on the overturned "sick"
                "ask_user",
            ]
            weighed = [o.reasons[0].split("corroboration ", 1)[1] for o in outcomes]
            agreed = "1.08 (calendar)"  # whose word agreed: the newer "sick" is the calendar's
            assert weighed == ["1.00", "1.00", agreed, "1.00", agreed]
        since = NOW - timedelta(days=1)
        together, _ = await eng.store.snapshots([emma, max_], [], since)
        for key in (emma, max_):
            alone, _ = await eng.store.snapshots([key], [], since)
            assert alone == {key: together[key]}
        fact = together[emma].committed
        assert fact is not None
        assert (fact.value, fact.evidence_ts) == ("well", t + timedelta(minutes=20))
        sick, well = value_key("sick"), value_key("well")
        assert _agreeing(together[emma])[sick] == {"email", "calendar", "conversation_assertive"}
        assert together[emma].agreeing_sources(sick) == {"calendar", "conversation_assertive"}
        assert together[emma].agreeing_sources(well) == {"calendar", "conversation_assertive"}
        assert together[max_].agreeing_sources(sick) == {"email"}

    async def test_a_commit_becomes_state_history_and_an_audit_line(self, eng: Engine) -> None:
        said = make_observation("travel.location", "Tahoe", ref="tg:1:42")
        out = await eng.ingest(said, now=NOW)
        assert out.decision == "auto_commit"
        fact = await eng.store.fact("user:primary", "travel.location")
        assert fact is not None
        assert fact.value == "Tahoe"
        assert fact.version == 1
        history = await eng.store.history("user:primary", None)
        # The input behind each change: what tells two acts of one moment apart.
        assert [(h.new_value, h.source_ref) for h in history] == [("Tahoe", "tg:1:42")]
        (line,) = await eng.store.audit()
        assert line.line.startswith("2026-02-19 14:30: travel.location (none) -> Tahoe")
        assert "(resolution: auto_commit)" in line.line

    async def test_the_same_value_said_again_with_a_later_end_is_kept_until_then(
        self, eng: Engine
    ) -> None:
        """A corroboration renews a value's end when its own is later ("leavin for tahoe
        wed" after the last Tahoe trip: the destination is planned again, not "was to go
        to Tahoe (ended)"); an earlier end, or none, leaves the value's as it was."""
        first, again = NOW + timedelta(days=3), NOW + timedelta(days=12)

        def plan(at: datetime, until: datetime) -> dict[str, Any]:
            return make_observation(
                "travel.destination",
                "Tahoe",
                intent="planning",
                at=at,
                valid_until=format_ts(until),
            )

        assert (await eng.ingest(plan(NOW, first), now=NOW)).committed
        later = NOW + timedelta(days=8)
        for until, kept in [(first - timedelta(days=1), first), (again, again)]:
            out = await eng.ingest(plan(later, until), now=later)
            assert out.corroborated
            fact = await eng.store.fact("user:primary", "travel.destination")
            assert fact is not None
            assert (fact.value, fact.version, fact.valid_until) == ("Tahoe", 1, kept)
            snaps, _ = await eng.store.snapshots(
                [("user:primary", "travel.destination")], [], later
            )
            assert snaps[("user:primary", "travel.destination")].committed == fact

    async def test_the_event_log_knows_what_it_has_seen(self, eng: Engine) -> None:
        payload = make_observation()
        await eng.ingest(payload, now=NOW)
        _, seen = await eng.store.snapshots(
            [("user:primary", "travel.status")], [payload["event_id"]], NOW
        )
        assert seen == {payload["event_id"]: ("user:primary", "system")}
        assert await eng.store.count_events() == 1

    async def test_a_key_reads_the_same_snapshot_alone_as_with_other_keys(
        self, eng: Engine
    ) -> None:
        """A field's snapshot and the ids found are the same whether the field is read alone
        (SQLite's one-key statement) or with other fields and entities: its fact and last
        version, agreeing sources, open questions (pending and queued past the cap) and
        rejections."""
        names = ["lily", "emma", "max", "ava", "noah", "mia", "leo"]  # more than the cap
        said = [
            make_observation("travel.location", "Tahoe"),
            make_observation("travel.location", "Tahoe", source="calendar"),
            make_observation("travel.location", "Reno", source="email"),
            *(make_observation(f"family.{n}.status", "sick", source="email") for n in names),
            make_observation("travel.location", "Paris", source="email", entity="user:other"),
        ]
        for i, payload in enumerate(said):
            await eng.ingest(payload, now=NOW + timedelta(minutes=i))
        [lily] = [q for q in await eng.store.review_items(["pending"]) if "lily" in q.field]
        await eng.answer(lily.id, "reject", now=NOW + timedelta(minutes=20))
        keys = [("user:primary", f"family.{n}.status") for n in names] + [
            ("user:primary", "travel.location"),
            ("user:primary", "travel.status"),
            ("user:other", "travel.location"),
        ]
        ids = [p["event_id"] for p in said]
        since = NOW - timedelta(days=1)
        together, seen_together = await eng.store.snapshots(keys, ids, since)
        for key in keys:
            alone, seen_alone = await eng.store.snapshots([key], ids, since)
            assert alone == {key: together[key]}
            assert seen_alone == seen_together
        # The reads compared are not empty ones: a fact, agreement, a rejection, questions.
        assert together[("user:primary", "travel.location")].agreeing
        assert together[("user:primary", "family.lily.status")].rejected
        statuses = {q.status for q in await eng.store.review_items(["pending", "queued"])}
        assert statuses == {"pending", "queued"}
        assert all(together[k].open_items for k in keys[1:-3])

    @pytest.mark.parametrize(
        ("asked", "logged"),
        [
            (1, 1),  # a lone observation's id
            (6, 1),  # a trip word's: its own and its five companions'
            (8, 3),
            (9, 3),  # past the ids probed one by one: one IN list (a group commit's)
            (12, 5),
        ],
    )
    async def test_the_event_log_finds_each_logged_id_however_many_are_asked(
        self, eng: Engine, asked: int, logged: int
    ) -> None:
        """However many ids a decision asks about (the SQLite statement probes a few one by
        one and more as a list), exactly the logged ones are found, an id asked twice once."""
        payloads = [make_observation(at=NOW - timedelta(minutes=i)) for i in range(logged)]
        for payload in payloads:
            await eng.ingest(payload, now=NOW)
        ids = [p["event_id"] for p in payloads]
        unknown = [new_id() for _ in range(asked - logged - 1)]
        _, seen = await eng.store.snapshots(
            [("user:primary", "travel.status")], [*unknown, *ids, ids[0]][-asked:], NOW
        )
        assert seen == {i: ("user:primary", "system") for i in ids}

    async def test_who_wrote_is_kept_with_the_event_the_fact_and_the_question(
        self, eng: Engine
    ) -> None:
        alice = user_principal("user:alice")
        said = make_observation("travel.location", "Tahoe", entity="family:home")
        await eng.ingest(said, now=NOW, principal=alice)
        asked = make_observation("family.lily.status", "sick", source="email", entity="family:home")
        out = await eng.ingest(asked, now=NOW, principal=Principal("agent", "token:t1"))
        fact = await eng.store.fact("family:home", "travel.location")
        assert fact is not None
        assert fact.principal == "user:alice"
        [event] = await eng.store.events_for("family:home", "travel.location", None)
        assert event.principal == "user:alice"
        item = await eng.store.review_item(out.review_item_id or "")
        assert item is not None
        assert item.principal == "token:t1"
        [change] = await eng.store.history("family:home", "travel.location")
        assert change.principal == "user:alice"

    async def test_an_answer_is_recorded_as_whoever_answered(self, eng: Engine) -> None:
        asked = make_observation("family.lily.status", "sick", source="email", entity="family:home")
        out = await eng.ingest(asked, now=NOW, principal=Principal("agent", "token:t1"))
        bob = user_principal("user:bob")
        await eng.answer(out.review_item_id or "", "confirm", now=NOW, principal=bob)
        fact = await eng.store.fact("family:home", "family.lily.status")
        assert fact is not None
        assert (fact.source_type, fact.principal) == ("user_confirmation", "user:bob")
        said, answered = await eng.store.events_for("family:home", "family.lily.status", None)
        assert (said.principal, answered.principal) == ("token:t1", "user:bob")
        [change] = await eng.store.history("family:home", "family.lily.status")
        assert change.principal == "user:bob"

    async def test_an_event_id_is_idempotent_per_entity_and_principal(self, eng: Engine) -> None:
        """Another principal's event never makes this one a duplicate, and a retry still is."""
        alice, bob = user_principal("user:alice"), user_principal("user:bob")
        first = make_observation("travel.location", "Tahoe", entity="family:home")
        same_id = make_observation(
            "travel.location", "Reno", entity="family:home", event_id=first["event_id"]
        )
        assert (await eng.ingest(first, now=NOW, principal=bob)).decision != "duplicate"
        taken = await eng.ingest(same_id, now=NOW, principal=alice)
        assert taken.decision != "duplicate"
        assert taken.event_id == first["event_id"]  # the caller hears of its own id
        assert (await eng.ingest(same_id, now=NOW, principal=alice)).decision == "duplicate"
        assert (await eng.ingest(first, now=NOW, principal=bob)).decision == "duplicate"
        assert await eng.store.count_events() == 2

    async def test_an_id_two_entities_use_in_one_batch_is_logged_for_each(
        self, eng: Engine
    ) -> None:
        """The second entity's observation is logged under its own id (the batch read
        again with it); the same batch once more is all duplicates."""
        home = make_observation("travel.location", "Tahoe", entity="family:home")
        away = make_observation(
            "project.canon.status", "shipped", entity="user:ana", event_id=home["event_id"]
        )
        first = await eng.ingest_batch([home, away], now=NOW)
        assert [o.decision != "duplicate" for o in first[:2]] == [True, True]
        assert [o.event_id for o in first[:2]] == [home["event_id"]] * 2
        events = await eng.store.count_events()
        again = await eng.ingest_batch([home, away], now=NOW)
        assert [o.decision for o in again[:2]] == ["duplicate", "duplicate"]
        assert await eng.store.count_events() == events

    async def test_the_log_since_a_moment_holds_its_events_and_ignored_duplicates(
        self, eng: Engine
    ) -> None:
        early, late = make_observation(), make_observation("travel.location", "Tahoe")
        later = NOW + timedelta(hours=1)
        await eng.ingest(early, now=NOW)
        await eng.ingest(late, now=later)
        await eng.ingest(late, now=later + timedelta(minutes=1))
        await eng.ingest(early, now=NOW - timedelta(minutes=1))
        window = await eng.store.log_since(later)
        assert [e.event_id for e in window.events] == [late["event_id"]]
        assert window.duplicates == ((late["event_id"], later + timedelta(minutes=1)),)
        everything = await eng.store.log_since(NOW - timedelta(days=1))
        assert [e.event_id for e in everything.events] == [early["event_id"], late["event_id"]]
        assert len(everything.duplicates) == 2

    async def test_versions_continue_across_a_retraction(self, eng: Engine) -> None:
        await eng.ingest(make_observation("travel.location", "Tahoe"), now=NOW)
        t1 = NOW + timedelta(hours=80)
        await eng.ingest(
            make_observation(
                "travel.location", None, intent="retract", source="manual_markdown", at=t1
            ),
            now=t1,
        )
        assert await eng.store.fact("user:primary", "travel.location") is None
        t2 = t1 + timedelta(hours=1)
        await eng.ingest(make_observation("travel.location", "Reno", at=t2), now=t2)
        fact = await eng.store.fact("user:primary", "travel.location")
        assert fact is not None
        assert fact.version == 3
        history = await eng.store.history("user:primary", "travel.location")
        assert [(h.version, h.retracted) for h in history] == [(1, False), (2, True), (3, False)]

    async def test_a_snapshot_reads_the_last_version_with_or_without_a_fact(
        self, eng: Engine
    ) -> None:
        """A field's last version is its fact's when it has one and its retraction's when
        it has none (SQLite reads the first beside the fact, the second on its own), the
        same read alone or with other fields: committed, retracted, committed again."""
        here, gone, never = (
            ("user:primary", "travel.location"),
            ("user:primary", "travel.status"),
            ("user:primary", "project.canon.status"),
        )
        await eng.ingest(make_observation("travel.location", "Tahoe"), now=NOW)
        await eng.ingest(make_observation("travel.status", "planning"), now=NOW)
        t1 = NOW + timedelta(hours=80)
        for field, value in [("travel.location", "Reno"), ("travel.status", None)]:
            said = make_observation(field, value, source="manual_markdown", at=t1)
            if value is None:
                said = make_observation(
                    field, None, intent="retract", source="manual_markdown", at=t1
                )
            await eng.ingest(said, now=t1)
        keys = [here, gone, never]
        together, _ = await eng.store.snapshots(keys, [], t1)
        read = {
            k: (s.committed and (s.committed.value, s.committed.version), s.last_version)
            for k, s in together.items()
        }
        assert read == {here: (("Reno", 2), 2), gone: (None, 2), never: (None, 0)}
        for key in keys:
            alone, _ = await eng.store.snapshots([key], [], t1)
            assert alone == {key: together[key]}

    async def test_a_failing_batch_leaves_nothing_behind(self, backend: Store) -> None:
        payload = make_observation()
        twice = WriteBatch(decided_at=NOW, accepted=(_accepted(payload), _accepted(payload)))
        with pytest.raises(StoreError):
            await backend.write(twice, max_pending=5)
        assert await backend.count_events() == 0
        assert await backend.facts() == []

    async def test_review_items_are_promoted_in_order_up_to_the_cap(self, backend: Store) -> None:
        items = [_project_question(i, f"conversation_assertive:{i}") for i in range(4)]
        promoted = []
        for item in items:
            promoted += await backend.add_review_item(item, max_pending=2)
        assert [p.id for p in promoted] == [items[0].id, items[1].id]
        assert [r.id for r in await backend.review_items(["queued"])] == [items[2].id, items[3].id]
        answer = {"action": "reject", "answered_at": "2026-02-19T14:30:00Z"}
        nxt = await backend.settle(items[0].id, "rejected", answer, NOW, None, ("k", "s"), 2)
        assert [n.id for n in nxt] == [items[2].id]
        with pytest.raises(AlreadyAnswered):
            await backend.settle(items[0].id, "rejected", answer, NOW, None, None, 2)
        with pytest.raises(NotFound):
            await backend.settle("missing", "rejected", answer, NOW, None, None, 2)

    async def test_review_items_from_a_source_prefix_include_answered_ones(
        self, backend: Store
    ) -> None:
        def item(entity: str, source_key: str) -> NewReviewItem:
            return NewReviewItem(
                new_id(),
                "change",
                None,
                entity,
                "travel.location",
                "Oakland",
                None,
                0.0,
                ("r",),
                source_key,
                NOW,
            )

        mine = [item("user:primary", "consistency:a"), item("user:primary", "consistency:b")]
        others = [
            item("user:bob", "consistency:a"),
            item("user:primary", "conversation_assertive:consistency:a"),
            item("user:primary", "consistencyX"),
        ]
        for new in [mine[0], *others, mine[1]]:
            await backend.add_review_item(new, max_pending=5)
        answer = {"action": "reject", "answered_at": "2026-02-19T14:30:00Z"}
        await backend.settle(mine[0].id, "rejected", answer, NOW, None, None, 5)
        found = await backend.review_items_from("user:primary", "consistency:")
        assert [(r.id, r.status) for r in found] == [
            (mine[0].id, "rejected"),
            (mine[1].id, "pending"),
        ]
        assert await backend.review_items_from("user:primary", "consistency:%") == []

    async def test_an_entitys_questions_from_a_source_are_found_whatever_their_status(
        self, eng: Engine
    ) -> None:
        """The questions' one index leads with the status (``review_items_by_status``), so
        the reads of an entity's questions of any status name every status: one of each
        comes back, oldest first, read alone and with the entity's facts."""
        backend = eng.store
        await _two_travellers(eng)
        asked = [_project_question(i, f"consistency:{i}") for i in range(7)]
        for new in asked:
            await backend.add_review_item(new, max_pending=1)  # one shown, the rest queued
        answer = {"action": "confirm", "answered_at": "2026-02-19T14:30:00Z"}
        closed: tuple[ReviewStatus, ...] = (
            "confirmed",
            "rejected",
            "edited",
            "discarded",
            "superseded",
        )
        for new, status in zip(asked, closed, strict=False):
            await backend.settle(new.id, status, answer, NOW, None, None, 1)  # shows the next
        expected = [*closed, "pending", "queued"]
        assert sorted(expected) == sorted(get_args(ReviewStatus))
        found = await backend.review_items_from("user:primary", "consistency:")
        assert [(r.id, r.status) for r in found] == [
            (new.id, status) for new, status in zip(asked, expected, strict=True)
        ]
        facts, items = await backend.facts_and_items_from("user:primary", "consistency:")
        assert items == found
        assert facts == await backend.facts("user:primary")
        rows = await backend.context_rows(["user:primary"], "consistency:")
        assert rows.items_from == found
        assert [r.id for r in rows.open_items] == [asked[5].id, asked[6].id]
        # Canon's own conflict questions have an index of their own on PostgreSQL; a
        # narrower prefix and any other source read the same as without it.
        assert [r.id for r in await backend.review_items_from("user:primary", "consistency:3")] == [
            asked[3].id
        ]
        ordinary = _project_question(7, "telegram:chat:7")
        await backend.add_review_item(ordinary, max_pending=1)
        assert [r.id for r in await backend.review_items_from("user:primary", "telegram:")] == [
            ordinary.id
        ]
        assert (await backend.context_rows(["user:primary"], "telegram:")).items_from == [
            await backend.review_item(ordinary.id)
        ]
        assert await backend.review_items_from("user:primary", "consistency:") == found

    async def test_a_context_blocks_reads_together_are_the_reads_apart(self, eng: Engine) -> None:
        backend = eng.store

        def item(entity: str, field: str, source_key: str) -> NewReviewItem:
            return NewReviewItem(
                new_id(),
                "change",
                None,
                entity,
                field,
                "Oakland",
                None,
                0.0,
                ("r",),
                source_key,
                NOW,
            )

        await _two_travellers(eng)
        asked = [
            item("user:primary", "travel.location", "consistency:a"),
            item("user:bob", "travel.location", "consistency:b"),
            item("user:primary", "travel.home", "conversation_assertive:x"),
            item("user:carol", "travel.home", "consistency:c"),
        ]
        for new in asked:
            await backend.add_review_item(new, max_pending=5)
        answer = {"action": "reject", "answered_at": "2026-02-19T14:30:00Z"}
        await backend.settle(asked[0].id, "rejected", answer, NOW, None, None, 5)
        for entities in (
            ["user:primary", "user:bob"],
            ["user:bob", "user:primary"],
            ["user:primary", "user:carol", "user:primary"],
            [],
        ):
            rows = await backend.context_rows(entities, "consistency:")
            assert rows.facts == [f for e in entities for f in await backend.facts(e)]
            assert rows.items_from == [
                r for e in entities for r in await backend.review_items_from(e, "consistency:")
            ]
            assert rows.open_items == await backend.open_review_items(entities)
        rows = await backend.context_rows(["user:bob", "user:primary"], "consistency:")
        assert [f.entity_id for f in rows.facts] == ["user:bob", "user:primary", "user:primary"]
        assert [r.id for r in rows.items_from] == [asked[1].id, asked[0].id]
        assert [r.id for r in rows.open_items] == [asked[1].id, asked[2].id]

    async def test_a_timelines_facts_and_questions_read_together_are_the_reads_apart(
        self, eng: Engine
    ) -> None:
        """``facts_and_items_from``: what settling a trip's timeline reads, in one read."""
        backend = eng.store
        await _two_travellers(eng)
        asked = [
            NewReviewItem(
                new_id(),
                "change",
                None,
                entity,
                "travel.location",
                "Oakland",
                None,
                0.0,
                ("r",),
                source_key,
                NOW,
            )
            for entity, source_key in (
                ("user:primary", "consistency:b"),
                ("user:primary", "consistency:a"),
                ("user:primary", "conversation_assertive:consistency:a"),
                ("user:carol", "consistency:a"),
                ("user:primary", "consistency%"),
            )
        ]
        for new in asked:
            await backend.add_review_item(new, max_pending=5)
        answer = {"action": "reject", "answered_at": "2026-02-19T14:30:00Z"}
        await backend.settle(asked[0].id, "rejected", answer, NOW, None, None, 5)
        for entity in ("user:primary", "user:bob", "user:carol", "user:nobody"):
            for prefix in ("consistency:", "consistency%", ""):
                facts, items = await backend.facts_and_items_from(entity, prefix)
                assert facts == await backend.facts(entity)
                assert items == await backend.review_items_from(entity, prefix)
        facts, items = await backend.facts_and_items_from("user:primary", "consistency:")
        assert [f.field for f in facts] == ["travel.location", "travel.status"]
        assert [(r.id, r.status) for r in items] == [
            (asked[0].id, "rejected"),  # answered ones too, oldest first
            (asked[1].id, "pending"),
        ]

    async def test_a_speakers_facts_and_open_questions_read_together_are_the_reads_apart(
        self, eng: Engine
    ) -> None:
        backend = eng.store
        await _two_travellers(eng)
        for i, entity in enumerate(("user:primary", "user:carol", "user:primary")):
            await backend.add_review_item(
                NewReviewItem(
                    new_id(),
                    "change",
                    None,
                    entity,
                    f"project.p{i}.status",
                    "shipped",
                    None,
                    0.5,
                    ("r",),
                    f"conversation_assertive:{entity}:{i}",
                    NOW,
                ),
                max_pending=1,  # the second of user:primary's waits in the queue
            )
        answered = (await backend.open_review_items(["user:carol"]))[0]
        answer = {"action": "reject", "answered_at": "2026-02-19T14:30:00Z"}
        await backend.settle(answered.id, "rejected", answer, NOW, None, None, 5)
        for entity in ("user:primary", "user:bob", "user:carol", "user:nobody"):
            facts, open_items = await backend.facts_and_open_items(entity)
            assert facts == await backend.facts(entity)
            assert open_items == await backend.open_review_items([entity])
        facts, open_items = await backend.facts_and_open_items("user:primary")
        assert [f.field for f in facts] == ["travel.location", "travel.status"]
        assert [(r.field, r.status) for r in open_items] == [
            ("project.p0.status", "pending"),
            ("project.p2.status", "queued"),
        ]

    async def test_the_pending_cap_is_per_entity(self, backend: Store) -> None:
        def item(entity: str, i: int) -> NewReviewItem:
            return NewReviewItem(
                new_id(),
                "change",
                None,
                entity,
                f"project.p{i}.status",
                "shipped",
                None,
                0.8,
                ("r",),
                f"conversation_assertive:{entity}:{i}",
                NOW,
            )

        shown = []
        for i in range(3):
            shown += await backend.add_review_item(item("user:alice", i), max_pending=2)
        shown += await backend.add_review_item(item("user:bob", 0), max_pending=2)
        assert [(r.entity_id, r.field) for r in shown] == [
            ("user:alice", "project.p0.status"),
            ("user:alice", "project.p1.status"),
            ("user:bob", "project.p0.status"),
        ]
        assert [r.entity_id for r in await backend.review_items(["queued"])] == ["user:alice"]

        # A write settles the queues of the entities it touched, and only those: a
        # larger cap shows Alice's waiting question on her next write, not on Bob's.
        shown = await backend.add_review_item(item("user:bob", 1), max_pending=3)
        assert [(r.entity_id, r.field) for r in shown] == [("user:bob", "project.p1.status")]
        shown = await backend.add_review_item(item("user:alice", 3), max_pending=3)
        assert [(r.entity_id, r.field) for r in shown] == [("user:alice", "project.p2.status")]
        assert [r.field for r in await backend.review_items(["queued"])] == ["project.p3.status"]

    async def test_open_review_items_narrow_by_entity_group_and_shown(self, backend: Store) -> None:
        def item(entity: str, i: int, group: str | None = None) -> NewReviewItem:
            return NewReviewItem(
                f"{entity}-{i}",
                "change",
                None,
                entity,
                f"project.p{i}.status",
                "shipped",
                None,
                0.8,
                ("r",),
                f"calendar:{entity}:{i}",
                NOW,
                group,
            )

        for new in (
            item("user:alice", 0, "g1"),
            item("user:bob", 0),
            item("user:alice", 1, "g1"),
            item("user:alice", 2),  # a group counts once against the cap of two
            item("user:alice", 3),  # queued behind alice's cap
            item("user:carol", 0),
            item("user:bob", 1),
        ):
            await backend.add_review_item(new, max_pending=2)
        answer = {"action": "reject", "answered_at": "2026-02-19T14:30:00Z"}
        await backend.settle("user:bob-1", "rejected", answer, NOW, None, None, 2)

        async def ids(*args: Any, **kwargs: Any) -> list[str]:
            return [r.id for r in await backend.open_review_items(*args, **kwargs)]

        alice = ["user:alice-0", "user:alice-1", "user:alice-2", "user:alice-3"]
        everyone = ["user:alice-0", "user:bob-0", *alice[1:], "user:carol-0"]
        for args, kwargs, expected in (
            ((), {}, everyone),
            ((["user:alice"],), {}, alice),
            ((["user:alice"],), {"pending_only": True}, alice[:3]),
            ((["user:bob", "user:carol"],), {}, ["user:bob-0", "user:carol-0"]),
            (([],), {}, []),
            ((), {"other_than": ["user:alice", "user:bob"]}, ["user:carol-0"]),
            ((), {"group_key": "g1"}, ["user:alice-0", "user:alice-1"]),
            ((["user:bob"],), {"group_key": "g1"}, []),
        ):
            assert await ids(*args, **kwargs) == expected, (args, kwargs)
        assert (await backend.open_review_items(["user:alice"]))[3].status == "queued"

    async def test_a_rejection_is_remembered_for_the_field(self, eng: Engine) -> None:
        out = await eng.ingest(
            make_observation("profile.home_city", "Seattle", ref="msg-1"), now=NOW
        )
        assert out.decision == "ask_user"
        assert out.review_item_id
        await eng.answer(out.review_item_id, "reject", now=NOW)
        snaps, _ = await eng.store.snapshots([("user:primary", "profile.home_city")], [], NOW)
        assert (value_key("Seattle"), "conversation_assertive:msg-1") in snaps[
            ("user:primary", "profile.home_city")
        ].rejected

    async def test_decide_and_write_decides_on_the_state_it_writes_over(
        self, backend: Store
    ) -> None:
        first = make_observation("travel.location", "Tahoe")
        key = ("user:primary", "travel.location")
        await backend.write(WriteBatch(decided_at=NOW, accepted=(_accepted(first),)), 5)
        second = make_observation("travel.location", "Reno")
        seen_by_decide: list[tuple[int, set[str]]] = []

        def decide(
            snaps: dict[tuple[str, str], FieldSnapshot], seen: set[str]
        ) -> tuple[WriteBatch, str]:
            seen_by_decide.append((len(snaps[key].agreeing), set(seen)))
            return WriteBatch(decided_at=NOW, accepted=(_accepted(second),)), "decided"

        result, promoted = await backend.decide_and_write(
            [key], [first["event_id"], second["event_id"]], NOW - timedelta(hours=1), decide, 5
        )
        assert (result, promoted) == ("decided", [])
        assert seen_by_decide == [(1, {first["event_id"]})]
        assert await backend.count_events() == 2

    async def test_decide_and_write_keeps_nothing_when_decide_fails(self, backend: Store) -> None:
        def decide(
            snaps: dict[tuple[str, str], FieldSnapshot], seen: set[str]
        ) -> tuple[WriteBatch, None]:
            raise Refused("the resolver gave up")

        with pytest.raises(Refused):
            await backend.decide_and_write([("user:primary", "x.y")], [], NOW, decide, 5)
        # The transaction was rolled back: the store takes the next write as usual.
        await backend.write(
            WriteBatch(decided_at=NOW, accepted=(_accepted(make_observation()),)), 5
        )
        assert await backend.count_events() == 1

    async def test_decide_and_write_keeps_nothing_of_a_batch_the_store_refuses(
        self, backend: Store
    ) -> None:
        # The refusal (an event id logged twice) comes from the store itself, after
        # the decision: on PostgreSQL, while the writes are still queued in the pipeline.
        payload = make_observation("travel.location", "Tahoe")
        key = ("user:primary", "travel.location")
        twice = WriteBatch(
            decided_at=NOW,
            accepted=(_accepted(payload, "auto_commit"), _accepted(payload, "auto_commit")),
        )

        def decide(
            snaps: dict[tuple[str, str], FieldSnapshot], seen: set[str]
        ) -> tuple[WriteBatch, str]:
            return twice, "decided"

        with pytest.raises(StoreError):
            await backend.decide_and_write([key], [payload["event_id"]], NOW, decide, 5)
        assert await backend.count_events() == 0
        # The connection is usable again: the next write lands as usual.
        await backend.write(WriteBatch(decided_at=NOW, accepted=(_accepted(payload),)), 5)
        assert await backend.count_events() == 1

    async def test_settle_decided_decides_on_the_open_item_and_the_current_fact(
        self, eng: Engine
    ) -> None:
        await eng.ingest(
            make_observation("profile.home_city", "Oakland", source="manual_markdown"), now=NOW
        )
        out = await eng.ingest(make_observation("profile.home_city", "Seattle"), now=NOW)
        assert out.review_item_id
        given: list[tuple[str, Any]] = []

        def decide(item: ReviewItem, fact: CommittedFact | None) -> Settlement:
            given.append((item.id, None if fact is None else fact.value))
            answer = {"action": "reject", "answered_at": "2026-02-19T14:30:00Z"}
            return Settlement("rejected", answer, NOW, rejection=("k", "s"))

        assert await eng.store.settle_decided(out.review_item_id, decide, 5) == []
        assert given == [(out.review_item_id, "Oakland")]
        settled = await eng.store.review_item(out.review_item_id)
        assert settled is not None
        assert settled.status == "rejected"
        with pytest.raises(AlreadyAnswered):
            await eng.store.settle_decided(out.review_item_id, decide, 5)
        with pytest.raises(NotFound):
            await eng.store.settle_decided("missing", decide, 5)
        assert len(given) == 1, "decide is not called for an item that cannot be settled"

    async def test_a_confirmed_answer_closes_the_questions_that_proposed_the_same_value(
        self, eng: Engine
    ) -> None:
        out = await eng.ingest(make_observation("profile.home_city", "Seattle"), now=NOW)
        assert out.review_item_id

        def question(value: str) -> NewReviewItem:
            return NewReviewItem(
                new_id(),
                "change",
                None,
                "user:primary",
                "profile.home_city",
                value,
                None,
                0.5,
                ("r",),
                f"email:{value}",
                NOW,
            )

        same, other = question(" seattle "), question("Denver")
        for item in (same, other):
            await eng.store.add_review_item(item, max_pending=5)
        await eng.answer(out.review_item_id, "confirm", now=NOW)
        fact = await eng.store.fact("user:primary", "profile.home_city")
        assert fact is not None
        assert fact.value == "Seattle"
        statuses = {}
        for item_id in (out.review_item_id, same.id, other.id):
            item = await eng.store.review_item(item_id)
            assert item is not None
            statuses[item_id] = item.status
        assert statuses == {
            out.review_item_id: "confirmed",
            same.id: "superseded",
            other.id: "pending",
        }

    async def test_a_question_a_confirmed_answer_closes_gives_its_place_to_the_next(
        self, backend: Store
    ) -> None:
        # One question shown at a time: the answer commits Seattle, which closes the
        # queued question proposing Seattle too, so the place goes to the one after it.
        eng = Engine(backend, replace(calibrated_policy(), max_pending=1))
        out = await eng.ingest(make_observation("profile.home_city", "Seattle"), now=NOW)
        assert out.review_item_id

        def question(value: str, field: str = "profile.home_city") -> NewReviewItem:
            return NewReviewItem(
                new_id(),
                "change",
                None,
                "user:primary",
                field,
                value,
                None,
                0.5,
                ("r",),
                f"email:{value}",
                NOW,
            )

        same, elsewhere, other = (
            question("SEATTLE"),
            question("Seattle", "profile.work_city"),
            question("Denver"),
        )
        for item in (same, elsewhere, other):
            assert await backend.add_review_item(item, max_pending=1) == []
        result = await eng.answer(out.review_item_id, "confirm", now=NOW)
        assert [i.id for i in result.promoted] == [elsewhere.id]
        statuses = {}
        for item_id in (out.review_item_id, same.id, elsewhere.id, other.id):
            item = await backend.review_item(item_id)
            assert item is not None
            statuses[item_id] = item.status
        assert statuses == {
            out.review_item_id: "confirmed",
            same.id: "superseded",
            elsewhere.id: "pending",
            other.id: "queued",
        }

    async def test_an_edited_part_of_an_open_group_is_asked_again_with_it_not_committed(
        self, eng: Engine
    ) -> None:
        group = "user:primary|travel|user:primary|conversation_assertive:tg:1:2"

        def part(field: str, value: str) -> NewReviewItem:
            return NewReviewItem(
                new_id(),
                "change",
                None,
                "user:primary",
                field,
                value,
                None,
                0.6,
                ("r",),
                "conversation_assertive:tg:1:2",
                NOW,
                group_key=group,
            )

        date, where = part("travel.depart_date", "2026-12-04"), part("travel.destination", "Denver")
        for item in (date, where):
            await eng.store.add_review_item(item, max_pending=5)
        result = await eng.answer(date.id, "edit", "2026-12-05", now=NOW)
        assert (result.status, result.committed) == ("edited", False)
        assert result.held is not None
        # One transaction settled the part and asked its new value in the same group.
        assert [(i.field, i.candidate_value) for i in await eng.store.open_review_items(
            group_key=group
        )] == [("travel.destination", "Denver"), ("travel.depart_date", "2026-12-05")]  # fmt: skip
        assert await eng.store.facts("user:primary") == []

        await eng.answer_group(where.id, "confirm", now=NOW)
        facts = {f.field: f.value for f in await eng.store.facts("user:primary")}
        assert facts == {"travel.destination": "Denver", "travel.depart_date": "2026-12-05"}

    async def test_settle_decided_keeps_the_item_open_when_decide_fails(self, eng: Engine) -> None:
        out = await eng.ingest(make_observation("profile.home_city", "Seattle"), now=NOW)
        assert out.review_item_id

        def decide(item: ReviewItem, fact: CommittedFact | None) -> Settlement:
            raise Refused("no")

        with pytest.raises(Refused):
            await eng.store.settle_decided(out.review_item_id, decide, 5)
        item = await eng.store.review_item(out.review_item_id)
        assert item is not None
        assert item.status == "pending"

    async def test_a_group_is_promoted_whole_and_counts_once_against_the_cap(
        self, backend: Store
    ) -> None:
        def item(i: int, group: str | None) -> NewReviewItem:
            return NewReviewItem(
                new_id(),
                "change",
                None,
                "user:primary",
                f"financial.bill{i}.status",
                "paid",
                None,
                0.8,
                ("r",),
                f"conversation_assertive:msg-{group or i}",
                NOW,
                group_key=group,
            )

        # Two questions of three parts each, then one alone: with a cap of two,
        # both groups are shown whole (six items) and the single one waits.
        items = [item(i, "g1") for i in range(3)]
        items += [item(i, "g2") for i in range(3, 6)]
        items.append(item(6, None))
        shown = []
        for it in items:
            shown += await backend.add_review_item(it, max_pending=2)
        assert [s.id for s in shown] == [it.id for it in items[:6]]
        assert [s.group_key for s in shown] == ["g1"] * 3 + ["g2"] * 3
        assert [r.id for r in await backend.review_items(["queued"])] == [items[6].id]
        # A late member of a group already shown joins it without taking a place.
        late = item(7, "g1")
        assert [s.id for s in await backend.add_review_item(late, max_pending=2)] == [late.id]
        # Settling one whole group frees one place: the single question is shown.
        answer = {"action": "reject", "answered_at": "2026-02-19T14:30:00Z"}

        def reject(open_item: ReviewItem, fact: CommittedFact | None) -> Settlement:
            return Settlement("rejected", answer, NOW, rejection=("k", open_item.source_key))

        g1 = [it.id for it in items[:3]] + [late.id]
        done = await backend.settle_group(g1, reject, 2)
        assert [p.id for p in done.promoted] == [items[6].id]
        statuses = {r.id: r.status for r in await backend.review_items(["rejected", "pending"])}
        assert [statuses[i] for i in g1] == ["rejected"] * 4
        assert done.settled == [await backend.review_item(i) for i in g1]

    async def test_a_question_is_read_with_the_open_rest_of_its_group(self, backend: Store) -> None:
        """``question_and_group`` is ``review_item`` and, while the item is open, the other
        open items of its group by ``open_review_items``, whatever the item's state."""

        def item(i: int, group: str | None) -> NewReviewItem:
            return NewReviewItem(
                new_id(),
                "change",
                None,
                "user:primary",
                f"financial.bill{i}.status",
                "paid",
                None,
                0.8,
                ("r",),
                f"conversation_assertive:msg-{group or i}",
                NOW,
                group_key=group,
            )

        grouped = [item(i, "g1") for i in range(3)]
        other_group, alone = item(3, "g2"), item(4, None)
        for it in [*grouped, other_group, alone]:
            await backend.add_review_item(it, max_pending=1)  # some shown, some queued
        answer = {"action": "reject", "answered_at": "2026-02-19T14:30:00Z"}

        def reject(open_item: ReviewItem, fact: CommittedFact | None) -> Settlement:
            return Settlement("rejected", answer, NOW, rejection=("k", open_item.source_key))

        await backend.settle_group([grouped[1].id], reject, 1)
        for asked in [*grouped, other_group, alone]:
            read = await backend.review_item(asked.id)
            assert read is not None
            expected: list[ReviewItem] = []
            if read.group_key is not None and read.status in ("pending", "queued"):
                members = await backend.open_review_items(group_key=read.group_key)
                expected = [m for m in members if m.id != read.id]
            assert await backend.question_and_group(asked.id) == (read, expected, {})
        first = await backend.question_and_group(grouped[0].id)
        assert first is not None
        assert [m.id for m in first.others] == [grouped[2].id]  # the answered part is not
        assert await backend.question_and_group("no-such-question") is None

    async def test_a_question_is_read_with_the_end_its_words_gave(self, eng: Engine) -> None:
        """``question_and_group`` brings the end each item's event gave ("till sunday"), by
        event id, as ``question_ends`` reads it from the log: a Yes keeps it without a read
        an item; an event without one, and a question without an event, give none."""
        until = NOW + timedelta(days=3)
        ids = {}
        for field, value, end in (
            ("travel.location", "Tahoe", {"valid_until": format_ts(until)}),
            ("travel.status", "in_progress", {}),
        ):
            obs = make_observation(field, value, source="calendar", ref="cal-1", **end)
            ids[field] = obs["event_id"]
            assert (await eng.ingest(obs, now=NOW)).review_item_id is not None
        first, second = await eng.store.open_review_items(["user:primary"])
        for asked in (first, second):
            read = await eng.store.question_and_group(asked.id)
            assert read is not None
            assert read.ends == {ids["travel.location"]: until}
            assert read.ends == await question_ends([first, second], eng.store.events_for)
        result = await eng.answer_group(
            first.id, "confirm", now=NOW, item=first, others=[second], ends=read.ends
        )
        assert result.committed
        fact = await eng.store.fact("user:primary", "travel.location")
        assert fact is not None
        assert fact.valid_until == until

    async def test_a_groups_yes_read_before_a_part_was_answered_answers_the_rest(
        self, eng: Engine
    ) -> None:
        """The rest of a group read with the question (``others``) may be stale by the
        time the Yes is settled: a part answered meanwhile is left as it was answered and
        the rest are confirmed, as when the group is read after."""
        for field, value in (("travel.location", "Tahoe"), ("travel.status", "in_progress")):
            obs = make_observation(field, value, source="calendar", ref="cal-1")
            assert (await eng.ingest(obs, now=NOW)).review_item_id is not None
        read = await eng.store.open_review_items(["user:primary"])
        first, second = read
        with_group = await eng.store.question_and_group(first.id)
        assert with_group == (first, [second], {})
        await eng.answer(second.id, "reject", now=NOW)  # answered after the read
        result = await eng.answer_group(first.id, "confirm", now=NOW, item=first, others=[second])
        assert [(i.id, i.status) for i in result.group] == [(first.id, "confirmed")]
        again = await eng.store.review_item(second.id)
        assert again is not None
        assert again.status == "rejected"

    async def test_a_settled_group_comes_back_as_the_store_reads_it(self, eng: Engine) -> None:
        """A Yes to a group: each item comes back as settled, in the order asked, equal to
        the item read back after the commit (its answer, a stamp off UTC), and what the
        Yes committed is committed."""
        for field, value in (("travel.location", "Tahoe"), ("travel.status", "in_progress")):
            obs = make_observation(field, value, source="calendar", ref="cal-1")
            assert (await eng.ingest(obs, now=NOW)).review_item_id is not None
        asked = await eng.store.open_review_items(["user:primary"])
        assert len({q.group_key for q in asked}) == 1
        ids = [asked[1].id, asked[0].id]
        at = datetime(2026, 2, 19, 16, 30, 0, 123456, tzinfo=timezone(timedelta(hours=2)))
        done = await eng.store.settle_group(ids, settlement("confirm", None, at, "api:t"), 5)
        assert [s.id for s in done.settled] == ids
        assert [s.status for s in done.settled] == ["confirmed", "confirmed"]
        assert done.settled == [await eng.store.review_item(i) for i in ids]
        assert done.settled[0].answered_at == at
        location = await eng.store.fact("user:primary", "travel.location")
        assert location is not None
        assert location.value == "Tahoe"

    async def test_a_batchs_questions_come_back_as_the_store_reads_them(
        self, backend: Store
    ) -> None:
        """The questions a written batch shows: the older queued one its cap now has room
        for, its own that fit (a group whole), none it superseded itself, each item
        equal to the item read back (an integer confidence, a stamp off UTC, a source
        key in its old spelling)."""
        at = datetime(2026, 2, 19, 16, 30, 0, 123456, tzinfo=timezone(timedelta(hours=2)))

        def item(entity: str, i: int, group: str | None = None, **kw: Any) -> NewReviewItem:
            return NewReviewItem(
                new_id(),
                "change",
                None,
                entity,
                f"project.p{i}.status",
                kw.get("value", "shipped"),
                kw.get("current"),
                kw.get("confidence", 0.8),
                ("r", "ü"),
                kw.get("source_key", f"conversation_assertive:m{i}"),
                kw.get("created_at", NOW),
                group_key=group,
                shadow_decision=kw.get("shadow"),
                principal=kw.get("principal"),
            )

        waiting = [item("user:a", i) for i in range(3)]
        for it in waiting:
            await backend.add_review_item(it, max_pending=2)
        new = [
            item("user:a", 10, "g", confidence=1, created_at=at, value=3, current=2.5),
            item("user:a", 11, "g", shadow="auto_commit", principal="agent:x"),
            item("user:b", 12, value=None, current=True),
            item("user:b", 13, created_at=at, source_key="conversation:m13"),
            item("user:b", 14),
            item("user:b", 15),
        ]
        accepted = []
        for it in new:
            payload = make_observation(it.field, "shipped", entity=it.entity_id)
            accepted.append(replace(_accepted(payload, "ask_user"), review=it))
        # The batch supersedes user:a's first shown question and its own question p14.
        batch = WriteBatch(
            decided_at=at,
            accepted=tuple(accepted),
            superseded=((waiting[0].id, at), (new[4].id, at)),
        )
        shown = await backend.write(batch, max_pending=3)
        read = {r.id: r for r in await backend.review_items(["pending"])}
        assert [s.id for s in shown] == [waiting[2].id, *(new[i].id for i in (0, 1, 2, 3, 5))]
        assert shown == [read[s.id] for s in shown]
        assert shown[1].confidence == 1.0
        assert shown[4].source_key == "conversation_assertive:m13"
        statuses = {r.id: r.status for r in await backend.review_items(["queued", "superseded"])}
        assert statuses == {waiting[0].id: "superseded", new[4].id: "superseded"}

    async def test_settle_group_settles_all_or_none(self, eng: Engine) -> None:
        await eng.ingest(make_observation("profile.home_city", "Oakland", ref="a"), now=NOW)
        items = []
        for city in ("Seattle", "Denver"):
            out = await eng.ingest(make_observation("profile.home_city", city), now=NOW)
            assert out.review_item_id
            items.append(out.review_item_id)
        calls: list[str] = []

        def fails_on_the_second(item: ReviewItem, fact: CommittedFact | None) -> Settlement:
            calls.append(item.id)
            if len(calls) == 2:
                raise Refused("no")
            answer = {"action": "reject", "answered_at": "2026-02-19T14:30:00Z"}
            return Settlement("rejected", answer, NOW, rejection=("k", item.source_key))

        with pytest.raises(Refused):
            await eng.store.settle_group(items, fails_on_the_second, 5)
        for item_id in items:
            item = await eng.store.review_item(item_id)
            assert item is not None
            assert item.status == "pending", "the first settlement was rolled back too"
        with pytest.raises(NotFound):
            await eng.store.settle_group([items[0], "missing"], fails_on_the_second, 5)
        item = await eng.store.review_item(items[0])
        assert item is not None
        assert item.status == "pending"

    async def test_dead_letters_round_trip(self, backend: Store) -> None:
        letter = DeadLetter(
            id="dl-1",
            event_id=None,
            prompt_id=None,
            schema="state_observation",
            payload='{"a": 1}',
            errors=("$: bad",),
            domain="travel",
            first_seen=NOW,
            last_attempt=NOW,
            retry_count=0,
            next_retry_at=NOW + timedelta(minutes=1),
            status="waiting",
            principal="user:alice",
        )
        await backend.add_dead_letter(letter)
        assert await backend.dead_letters(["waiting"]) == [letter]
        assert await backend.update_dead_letter(replace(letter, retry_count=1)) is True
        (stored,) = await backend.dead_letters()
        assert (stored.retry_count, stored.principal) == (1, "user:alice")
        with pytest.raises(NotFound):
            await backend.update_dead_letter(replace(letter, id="dl-unknown"))

    async def test_a_dead_letter_step_applies_only_to_the_letter_as_read(
        self, backend: Store
    ) -> None:
        """Two processes retrying one letter: the second, holding a stale read, changes nothing."""
        read = _letter(retry_count=2)
        await backend.add_dead_letter(read)
        failed = replace(read, status="permanently_failed", retry_count=3, next_retry_at=None)
        first = _escalation(read, "travel")
        assert await backend.update_dead_letter(failed, read, first) is True
        again = _escalation(read, "travel")
        assert await backend.update_dead_letter(failed, read, again) is False
        assert await backend.dead_letters() == [failed]
        assert [i.id for i in await backend.review_items(["pending", "queued"])] == [
            first.review.id
        ]
        assert len(await backend.alerts()) == 1
        # A stale waiting step (status and count as read) is refused the same way.
        stale = replace(read, retry_count=3, next_retry_at=NOW + timedelta(minutes=30))
        assert await backend.update_dead_letter(stale, read) is False
        assert await backend.dead_letters() == [failed]
        with pytest.raises(NotFound):
            await backend.update_dead_letter(replace(read, id="dl-unknown"), read)

    async def test_a_dead_letter_answer_closes_the_letter_with_the_item_once(
        self, backend: Store
    ) -> None:
        letter = _letter(retry_count=3, status="permanently_failed")
        await backend.add_dead_letter(letter)
        escalation = _escalation(letter, None)
        await backend.add_review_item(escalation.review, 5)
        item_id = escalation.review.id

        def answer(status: DeadLetterStatus) -> Settlement:
            closed = replace(letter, status=status, last_attempt=NOW + timedelta(hours=1))
            return Settlement("discarded", {"action": "reject"}, NOW, dead_letter=closed)

        await backend.settle_decided(item_id, lambda _i, _f: answer("discarded"), 5)
        with pytest.raises(AlreadyAnswered):
            await backend.settle_decided(item_id, lambda _i, _f: answer("resolved"), 5)
        (stored,) = await backend.dead_letters()
        assert (stored.status, stored.last_attempt) == ("discarded", NOW + timedelta(hours=1))

    async def test_alerts_are_kept_in_order(self, backend: Store) -> None:
        await backend.add_alert(NOW, "a", "travel", "first")
        await backend.add_alert(NOW, "b", None, "second")
        assert [a[3] for a in await backend.alerts()] == ["first", "second"]

    async def test_an_alert_is_open_until_delivered_once(self, backend: Store) -> None:
        await backend.add_alert(NOW, "a", "travel", "first")
        await backend.add_alert(NOW, "b", None, "second")
        first, second = await backend.open_alerts()
        assert (first.message, second.message) == ("first", "second")
        assert await backend.mark_alert_delivered(first.seq, NOW) is True
        assert await backend.mark_alert_delivered(first.seq, NOW) is False
        assert [a.message for a in await backend.open_alerts()] == ["second"]
        assert len(await backend.alerts()) == 2

    async def test_a_secret_key_is_made_once_and_then_always_the_same(self, backend: Store) -> None:
        """The first candidate is kept; a later one (another process's) gets the kept key."""
        first, later = b"\x01" * 32, b"\x02" * 32
        assert await backend.secret_key("message-ids", first) == first
        assert await backend.secret_key("message-ids", later) == first
        assert await backend.secret_key("other", later) == later

    async def test_bulk_import_is_state(self, backend: Store) -> None:
        import_facts = getattr(backend, "import_facts", None)
        if import_facts is None:
            pytest.skip("backend has no bulk import")
        fact = CommittedFact(
            "user:primary",
            "travel.location",
            "Tahoe",
            1,
            "conversation_assertive",
            "seed",
            0.9,
            new_id(),
            NOW,
            NOW,
            "import",
        )
        await import_facts([fact])
        assert await backend.facts() == [fact]

    async def test_count_changes_counts_an_entitys_commits_in_a_domain_without_imports(
        self, eng: Engine
    ) -> None:
        """What calibration and confirmation runs count: one entity's changes per domain,
        capped, every query of a batch answered by one read, in the order asked."""
        backend = eng.store
        fact = CommittedFact(
            "user:primary",
            "travel.status",
            "planning",
            1,
            "calendar",
            "seed",
            0.9,
            new_id(),
            NOW,
            NOW,
            "import",
        )
        await backend.import_facts([fact])
        for minutes, (entity, field, value) in enumerate(
            [
                ("user:primary", "travel.location", "Tahoe"),
                ("user:primary", "travel.location", "Reno"),
                ("user:other", "travel.location", "Lima"),
                ("user:primary", "family.lily.status", "fine"),
                ("user:primary", "travel_notes.x", "y"),  # "travel" is a prefix only
            ]
        ):
            at = NOW + timedelta(minutes=minutes)
            obs = make_observation(field, value, at=at, source="user_confirmation", entity=entity)
            await eng.ingest(obs, now=at)
        later = NOW + timedelta(minutes=1)
        asked = [
            ChangeCount("user:primary", "travel", None, 10),
            ChangeCount("user:primary", "travel", None, 1),
            ChangeCount("user:primary", "travel", later, 10),
            ChangeCount("user:other", "travel", None, 10),
            ChangeCount("user:primary", "family", None, 10),
            ChangeCount("user:other", "family", None, 10),
            ChangeCount("user:nobody", "travel", None, 10),
            ChangeCount("user:primary", "project", None, 10),
        ]
        assert await backend.count_changes(asked) == [2, 1, 1, 1, 1, 0, 0, 0]
        assert await backend.count_changes([]) == []
        many = [ChangeCount(f"user:{n}", "travel", None, 5) for n in range(250)]
        assert await backend.count_changes([*many, asked[0]]) == [0] * 250 + [2]

    async def test_decide_and_write_answers_the_rollouts_reads_before_deciding(
        self, eng: Engine
    ) -> None:
        """The rollout's reads (policy log after a seq, change counts) in the write
        transaction, answered as ``policy_events`` and ``count_changes`` answer them."""
        backend = eng.store
        for minutes, value in enumerate(("Tahoe", "Reno")):
            at = NOW + timedelta(minutes=minutes)
            obs = make_observation("travel.location", value, at=at, source="user_confirmation")
            await eng.ingest(obs, now=at)
        events = [
            PolicyEvent(f"p{n}", NOW, "stage", "travel", "stage", "M", str(n), "test", "owner")
            for n in range(3)
        ]
        logged = await backend.policy_log.append_policy_events(events)
        asked = [
            ChangeCount("user:primary", "travel", None, 10),
            ChangeCount("user:primary", "travel", None, 1),
            ChangeCount("user:other", "travel", None, 10),
        ]
        reads = RolloutReads(logged[0].seq, asked)
        key = ("user:primary", "travel.location")
        seen_by_decide: list[tuple[list[PolicyEvent], list[int]]] = []

        def decide(
            snaps: dict[tuple[str, str], FieldSnapshot], seen: object
        ) -> tuple[WriteBatch, str]:
            seen_by_decide.append((list(reads.events), list(reads.counted)))
            return WriteBatch(decided_at=NOW), "decided"

        result = await backend.decide_and_write([key], [], NOW, decide, 5, reads)
        assert result == ("decided", [])
        assert seen_by_decide == [(logged[1:], [2, 1, 0])]
        assert reads.events == await backend.policy_log.policy_events(logged[0].seq)
        assert reads.counted == await backend.count_changes(asked)
        # None asked: nothing read, and a decision as before.
        empty = RolloutReads(logged[-1].seq, [])
        assert await backend.decide_and_write([key], [], NOW, decide, 5, empty) == ("decided", [])
        assert (empty.events, empty.counted) == ([], [])

    async def test_one_entitys_calibration_never_ends_anothers(self, backend: Store) -> None:
        """Issue 23: 31 changes on user:a's entity (30 confirmed, then one Canon made
        alone) end user:a's calibration only: user:b's first message is still asked."""
        eng = Engine(backend, load_policy())
        for n in range(30):
            at = NOW + timedelta(minutes=n)
            said = make_observation(f"travel.leg{n}.city", "Tahoe", entity="user:a", at=at)
            outcome = await eng.ingest(said, now=at)
            assert outcome.decision == "ask_user", (n, outcome.reasons)
            assert outcome.review_item_id
            await eng.answer(outcome.review_item_id, "confirm", now=at)
        at = NOW + timedelta(hours=1)
        alone = await eng.ingest(
            make_observation("travel.location", "Reno", entity="user:a", at=at), now=at
        )
        assert (alone.decision, alone.committed) == ("auto_commit", True)
        first_of_b = await eng.ingest(
            make_observation("travel.location", "Reno", entity="user:b", at=at), now=at
        )
        assert (first_of_b.decision, first_of_b.committed) == ("ask_user", False)
        assert first_of_b.reasons[0].startswith("calibrating travel: 30 more change(s)")

    async def test_batches_equal_one_by_one(self, backend: Store, tmp_path: Any) -> None:
        """Resolving a batch in memory gives the same outcome as storing each input first."""
        from core.store.sqlite import SQLiteStore

        payloads = _mixed_sequence()
        batch_engine = Engine(backend, load_policy())
        one_store = SQLiteStore(tmp_path / "one-by-one.db")
        await one_store.open()
        try:
            one_engine = Engine(one_store, load_policy())
            batched = await batch_engine.ingest_batch(payloads, now=NOW)
            single = [await one_engine.ingest(p, now=NOW) for p in payloads]
            assert [(o.decision, o.confidence) for o in batched] == [
                (o.decision, o.confidence) for o in single
            ]
            assert _values(await backend.facts()) == _values(await one_store.facts())
            pending_a = [
                (r.field, r.candidate_value, r.status)
                for r in await backend.review_items(["pending", "queued", "superseded"])
            ]
            pending_b = [
                (r.field, r.candidate_value, r.status)
                for r in await one_store.review_items(["pending", "queued", "superseded"])
            ]
            assert pending_a == pending_b
        finally:
            await one_store.close()

    async def test_a_generated_load_leaves_what_the_reference_store_leaves(
        self, backend: Store
    ) -> None:
        """The same inputs leave the same log, state and questions on every backend: the
        bench's generated observations (calibrating entities with committed facts; every
        decision, corroborations, trips and their companions, repeated ids), a bulk load in
        group commits then one observation at a time, against the in-memory reference.
        What the ingest path's speed-ups must keep (see README, Issue 25)."""
        import random

        from core.bench.ingest import _observation, _seed
        from core.store.memory import MemoryStore

        rng = random.Random(23)
        entities = 60
        reference = MemoryStore()
        await reference.open()
        payloads = [_observation(rng, entities, NOW) for _ in range(900)]
        payloads += rng.sample(payloads, 30)  # ids seen before: duplicates
        singles = [_observation(rng, entities, NOW) for _ in range(300)]
        seeded = _seed(entities * 5, NOW)
        outcomes = []
        for store in (backend, reference):
            await store.import_facts(seeded)
            eng = Engine(store, load_policy())
            got = [o async for o in eng.ingest_many(payloads, now=NOW, batch_size=128)]
            for i, p in enumerate(singles):
                got.append(await eng.ingest(p, now=NOW + timedelta(seconds=i)))
            outcomes.append(
                [
                    (o.decision, o.event_id, o.confidence, o.margin, o.reasons, o.committed)
                    for o in got
                ]
            )
        assert outcomes[0] == outcomes[1]
        assert {o[0] for o in outcomes[0]} >= {"auto_commit", "ask_user", "duplicate"}
        stored = [await _everything(store) for store in (backend, reference)]
        assert stored[0] == stored[1]
        await reference.close()

    async def test_a_batch_counts_down_calibration_as_one_by_one_would(
        self, backend: Store, tmp_path: Any
    ) -> None:
        """The batch's own changes end calibration mid-batch, exactly as single writes do."""
        from core.store.sqlite import SQLiteStore

        policy = load_policy(overrides={"rollout": {"calibration_mutations": 2}})
        t = datetime(2026, 2, 19, 14, 0, tzinfo=UTC)
        payloads = [
            make_observation("travel.location", city, source="user_confirmation", at=t)
            for city in ("Reno", "Tahoe")
        ] + [make_observation("travel.status", "in_progress", at=t)]
        one_store = SQLiteStore(tmp_path / "one-by-one.db")
        await one_store.open()
        try:
            batched = await Engine(backend, policy).ingest_batch(payloads, now=NOW)
            one_engine = Engine(one_store, policy)
            single = [await one_engine.ingest(p, now=NOW) for p in payloads]
            assert [o.decision for o in batched] == [o.decision for o in single]
            assert batched[-1].decision == "auto_commit"  # the third change: calibrated
        finally:
            await one_store.close()

    async def test_a_shadow_question_remembers_what_the_resolver_would_have_done(
        self, eng: Engine
    ) -> None:
        await eng.record_policy_events(
            [PolicyEvent("p1", NOW, "stage", "travel", "stage", "M", "0", "test", "owner")]
        )
        strong = make_observation(
            "travel.location",
            "Tahoe",
            corroborators=[{"type": "calendar", "ref": "c"}, {"type": "email", "ref": "m"}],
        )
        weak = make_observation(
            "travel.destination", "Maui", intent="planning", source="static_markdown"
        )
        asked = [await eng.ingest(p, now=NOW) for p in (strong, weak)]
        items = [await eng.store.review_item(o.review_item_id or "") for o in asked]
        assert [(i.field, i.shadow_decision) for i in items if i is not None] == [
            ("travel.location", "auto_commit"),
            ("travel.destination", "tentative_reject"),
        ]
        assert [o.committed for o in asked] == [False, False]


def _values(facts: list[CommittedFact]) -> list[tuple[str, str, Any, int, float]]:
    return [(f.entity_id, f.field, f.value, f.version, f.confidence) for f in facts]


def _mixed_sequence() -> list[dict[str, Any]]:
    t = datetime(2026, 2, 19, 14, 0, tzinfo=UTC)
    dup = make_observation("travel.location", "Tahoe", at=t)
    return [
        make_observation(
            "travel.destination", "Tahoe", intent="planning", source="static_markdown", at=t
        ),
        make_observation("travel.destination", "Tahoe", intent="planning", at=t),
        dup,
        dup,
        make_observation("travel.location", "Reno", source="calendar", at=t),
        make_observation("travel.location", "Tahoe", source="calendar", at=t),
        make_observation("travel.status", "in_progress", at=t),
        make_observation("travel.status", "planning", intent="planning", source="calendar", at=t),
        make_observation("profile.diet", "vegan", at=t),
        make_observation("profile.diet", "vegetarian", at=t),
        make_observation("project.canon.status", "shipped", source="execution", at=t),
        make_observation("project.canon.status", "shipped", source="conversation_assertive", at=t),
        {"not": "an observation"},
        make_observation("travel.location", "Tahoe", intent="hypothetical", at=t),
    ]
