"""The companion stores' contract: conversation, source states, mail senders, workspace.

A backend's test module subclasses ``CompanionContract`` (beside ``StoreContract``)
and provides the ``backend`` fixture: an opened, empty store whose companions
are its ``.conversation``, ``.source_states``, ``.mail_senders`` and ``.workspace``;
and ``same_data``: a second store open on the same data, as another process would
have it (the in-memory store, one process by definition, gives itself).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta, timezone

import pytest
from canon_testing import NOW

from core.domain.api_tokens import ApiToken
from core.domain.chat_records import ChatMode
from core.domain.principals import Role
from core.domain.rollout import PolicyEvent
from core.domain.source_state import SourceState
from core.domain.workspace_records import AcceptedInput
from core.errors import StoreError
from core.store.companion_protocols import TICK_CLAIMS_KEPT, UPDATE_CLAIMS_KEPT
from core.store.protocol import StoreBackend

LATER = NOW + timedelta(minutes=5)


class CompanionContract:
    """Behaviour every backend's companion stores must have."""

    @pytest.fixture
    def backend(self) -> StoreBackend:  # pragma: no cover - provided by subclasses
        raise NotImplementedError

    @pytest.fixture
    def same_data(self, backend: StoreBackend) -> StoreBackend:
        return backend

    # -- the conversation log --------------------------------------------------------
    async def test_the_log_keeps_each_chat_in_order(self, backend: StoreBackend) -> None:
        log = backend.conversation
        first = await log.append_message(7, "user", "one", NOW, message_id=1, user_id=42)
        await log.append_message(8, "user", "elsewhere", NOW)
        second = await log.append_message(7, "assistant", "two", LATER)
        assert first.id != second.id
        assert first.seq < second.seq
        messages = await log.messages(7)
        assert [(m.role, m.text, m.message_id, m.user_id) for m in messages] == [
            ("user", "one", 1, 42),
            ("assistant", "two", None, None),
        ]
        assert messages[0] == first
        assert [m.text for m in await log.messages(7, limit=1)] == ["two"]
        assert await log.messages(9) == []

    async def test_a_stored_time_reads_back_as_the_same_instant_in_utc(
        self, backend: StoreBackend
    ) -> None:
        at = NOW.astimezone(timezone(timedelta(hours=2)))
        await backend.conversation.append_message(7, "user", "one", at)
        [message] = await backend.conversation.messages(7)
        assert message.at == NOW
        assert message.at.utcoffset() == timedelta(0)

    async def test_what_a_chat_showed_is_kept_in_order_with_buttons_photos_and_edits(
        self, backend: StoreBackend
    ) -> None:
        log = backend.conversation
        chart = b"\x89PNG\r\n\x1a\n" + bytes(range(256))
        buttons = (("✅ Yes", "c:tok-1"), ("❌ No", "r:tok-1"))
        asked = await log.record_shown(
            7, 3, "sent", "Do you live in Seattle?", NOW, buttons=buttons
        )
        await log.record_shown(8, 3, "sent", "elsewhere", NOW)
        await log.record_shown(7, 5, "sent", "Your week", LATER, photo=chart)
        settled = await log.record_shown(7, 3, "edited", "✅ Confirmed: Seattle", LATER)
        assert asked.seq < settled.seq
        shown = await log.shown(7)
        assert [(s.message_id, s.kind, s.text) for s in shown] == [
            (3, "sent", "Do you live in Seattle?"),
            (5, "sent", "Your week"),
            (3, "edited", "✅ Confirmed: Seattle"),
        ]
        assert shown[0] == asked
        assert shown[0].buttons == buttons
        assert (shown[1].buttons, shown[1].photo) == ((), chart)
        assert (shown[2].buttons, shown[2].photo) == ((), None)
        assert [s.at for s in shown] == [NOW, LATER, LATER]
        assert [s.message_id for s in await log.shown(7, limit=2)] == [5, 3]
        assert await log.shown(9) == []

    async def test_what_a_chat_showed_is_pruned_to_its_last_messages_per_chat(
        self, backend: StoreBackend
    ) -> None:
        """Bounded: the records before a chat's last ``keep`` messages sent go; those
        messages and every later edit (of an older message too) stay, and other chats
        keep all of theirs. Nothing else is ever changed."""
        log = backend.conversation
        for n in range(1, 6):
            await log.record_shown(7, n, "sent", f"message {n}", NOW)
            await log.record_shown(8, n, "sent", f"other {n}", NOW)
        await log.record_shown(7, 2, "edited", "✅ Confirmed", LATER)
        await log.record_shown(7, 6, "sent", "message 6", LATER)
        assert await log.prune_shown(7, keep=3) == 3
        assert [(s.message_id, s.kind) for s in await log.shown(7)] == [
            (4, "sent"),
            (5, "sent"),
            (2, "edited"),
            (6, "sent"),
        ]
        assert len(await log.shown(8)) == 5, "another chat is untouched"
        assert await log.prune_shown(7, keep=3) == 0, "already bounded"
        assert await log.prune_shown(9, keep=3) == 0, "a chat with no record"
        assert await log.prune_shown(8, keep=10) == 0, "fewer messages than kept"

    async def test_a_prompt_binds_an_item_to_a_chat_owner_and_token_once(
        self, backend: StoreBackend
    ) -> None:
        log = backend.conversation
        prompt = await log.open_prompt("item-1", "tok-1", 7, 42, NOW)
        again = await log.open_prompt("item-1", "tok-other", 8, 43, LATER)
        assert again == prompt
        assert (prompt.token, prompt.chat_id, prompt.owner_user_id) == ("tok-1", 7, 42)
        assert (prompt.message_id, prompt.closed_at, prompt.outcome) == (None, None, None)
        await log.set_prompt_message("item-1", 99)
        by_token = await log.prompt_by_token("tok-1")
        assert by_token is not None
        assert by_token.message_id == 99
        assert await log.prompt_by_token("nope") is None
        assert await log.prompt_for_item("nope") is None

    async def test_open_prompts_are_oldest_first_until_closed_once(
        self, backend: StoreBackend
    ) -> None:
        log = backend.conversation
        await log.open_prompt("late", "t-late", 7, 42, LATER)
        await log.open_prompt("early", "t-early", 7, 42, NOW)
        await log.open_prompt("other", "t-other", 8, 42, NOW)
        assert [p.item_id for p in await log.open_prompts(7)] == ["early", "late"]
        assert [p.item_id for p in await log.open_prompts()] == ["early", "other", "late"]
        assert await log.close_prompt("early", "confirmed", LATER) is True
        assert await log.close_prompt("early", "rejected", LATER) is False
        assert await log.close_prompt("missing", "rejected", LATER) is False
        closed = await log.prompt_for_item("early")
        assert closed is not None
        assert (closed.closed_at, closed.outcome) == (LATER, "confirmed")
        assert [p.item_id for p in await log.open_prompts(7)] == ["late"]

    async def test_a_chat_mode_is_replaced_and_cleared(self, backend: StoreBackend) -> None:
        log = backend.conversation
        assert await log.mode(7) is None
        await log.set_mode(ChatMode(7, "edit", "item-1", NOW))
        await log.set_mode(ChatMode(7, "edit", "item-2", LATER))
        assert await log.mode(7) == ChatMode(7, "edit", "item-2", LATER)
        assert await log.mode(8) is None
        # A typed value waiting for the user's yes is kept with the mode, and replaced.
        await log.set_mode(ChatMode(7, "edit", "item-2", LATER, "purple"))
        assert await log.mode(7) == ChatMode(7, "edit", "item-2", LATER, "purple")
        # ... with the message that asks about it ("use it anyway?"), for its buttons.
        await log.set_mode(ChatMode(7, "edit", "item-2", LATER, "purple", asked=41))
        assert await log.mode(7) == ChatMode(7, "edit", "item-2", LATER, "purple", 41)
        await log.set_mode(ChatMode(7, "edit", "item-2", LATER))
        assert await log.mode(7) == ChatMode(7, "edit", "item-2", LATER, None, None)
        # ... and the message offering the Edit's options, whose buttons go when it ends.
        await log.set_mode(ChatMode(7, "edit", "item-2", LATER, options=42))
        assert await log.mode(7) == ChatMode(7, "edit", "item-2", LATER, None, None, 42)
        await log.clear_mode(7)
        await log.clear_mode(7)
        assert await log.mode(7) is None

    # -- a chat's turn ---------------------------------------------------------------
    async def test_a_chats_turn_has_one_holder_and_other_chats_never_wait(
        self, backend: StoreBackend
    ) -> None:
        log = backend.conversation
        happened: list[str] = []
        first_in = asyncio.Event()
        let_go = asyncio.Event()

        async def first() -> None:
            async with log.chat_turn(7):
                happened.append("first in")
                first_in.set()
                await let_go.wait()
                happened.append("first out")

        second_waits = asyncio.Event()

        async def second() -> None:
            async with log.chat_turn(7, waiting=second_waits):
                happened.append("second in")

        holding = asyncio.create_task(first())
        await first_in.wait()
        waiting = asyncio.create_task(second())
        async with log.chat_turn(8):  # another chat: taken while chat 7 is held
            happened.append("other chat")
        await second_waits.wait()  # the second found chat 7 held: it waits, not in
        assert happened == ["first in", "other chat"]
        let_go.set()
        await asyncio.gather(holding, waiting)
        assert happened == ["first in", "other chat", "first out", "second in"]
        async with log.chat_turn(7):  # free again once both have left
            pass

    async def test_a_chats_turn_is_kept_across_stores_on_the_same_data(
        self, backend: StoreBackend, same_data: StoreBackend
    ) -> None:
        happened: list[str] = []
        held = asyncio.Event()
        let_go = asyncio.Event()

        async def here() -> None:
            async with backend.conversation.chat_turn(7):
                happened.append("here in")
                held.set()
                await let_go.wait()
                happened.append("here out")

        there_waits = asyncio.Event()

        async def there() -> None:
            async with same_data.conversation.chat_turn(7, waiting=there_waits):
                happened.append("there in")

        holding = asyncio.create_task(here())
        await held.wait()
        waiting = asyncio.create_task(there())
        async with same_data.conversation.chat_turn(8):
            happened.append("there, another chat")
        await there_waits.wait()  # the other store found chat 7 held here
        assert happened == ["here in", "there, another chat"]
        let_go.set()
        await asyncio.gather(holding, waiting)
        assert happened == ["here in", "there, another chat", "here out", "there in"]

    async def test_a_chats_message_lane_and_its_order_never_wait_for_each_other(
        self, backend: StoreBackend, same_data: StoreBackend
    ) -> None:
        """A message holds the chat's message lane through its reply; the chat's short
        sections (a tap, a command) take its order meanwhile, here or on another store."""
        happened: list[str] = []
        held = asyncio.Event()
        let_go = asyncio.Event()

        async def message() -> None:
            async with backend.conversation.chat_turn(7, "messages"):
                happened.append("message in")
                held.set()
                await let_go.wait()
                happened.append("message out")

        next_waits = asyncio.Event()

        async def next_message() -> None:
            async with same_data.conversation.chat_turn(7, "messages", waiting=next_waits):
                happened.append("next message in")

        holding = asyncio.create_task(message())
        await held.wait()
        waiting = asyncio.create_task(next_message())
        async with same_data.conversation.chat_turn(7, "order"):
            happened.append("a tap's section")
        async with backend.conversation.chat_turn(7):  # the order is the default lane
            happened.append("a command's section")
        await next_waits.wait()  # the next message found the lane held: it waits
        assert happened == ["message in", "a tap's section", "a command's section"]
        let_go.set()
        await asyncio.gather(holding, waiting)
        assert happened == [
            "message in",
            "a tap's section",
            "a command's section",
            "message out",
            "next message in",
        ]

    async def test_a_turn_that_fails_lets_go_of_the_chat(self, backend: StoreBackend) -> None:
        with pytest.raises(RuntimeError):
            async with backend.conversation.chat_turn(7):
                raise RuntimeError("the model went away")
        async with asyncio.timeout(5):
            async with backend.conversation.chat_turn(7):
                pass

    # -- sources and mail senders --------------------------------------------------
    async def test_source_states_are_saved_whole_and_listed_by_name(
        self, backend: StoreBackend
    ) -> None:
        states = backend.source_states
        assert await states.source_states() == []
        mail = SourceState(
            "mail", "imap", {"uid": 7, "validity": "x"}, NOW, None, "boom", 2, 0.5, 3
        )
        cal = SourceState("cal", "google_calendar", last_success=NOW)
        await states.save_source_state(mail)
        await states.save_source_state(cal)
        assert await states.source_states() == [cal, mail]
        moved = SourceState("mail", "imap", {"uid": 9}, LATER, LATER, None, 0, 0.6, 5)
        await states.save_source_state(moved)
        assert await states.source_state("mail") == moved
        assert await states.source_state("missing") is None

    async def test_changes_of_a_source_state_at_once_from_two_stores_lose_none(
        self, backend: StoreBackend, same_data: StoreBackend
    ) -> None:
        """Each change reads the state as the other left it: 20 at once, over two stores
        on the same data, each adding its own key, keep all 20 (the webhook's memory of
        pushed invitations, ``core.sources.webhook``)."""

        def adding(key: str) -> Callable[[SourceState], SourceState]:
            return lambda s: replace(s, cursor={**s.cursor, key: "seen"}, last_success=NOW)

        stores = (backend.source_states, same_data.source_states)
        made = await asyncio.gather(
            *(
                stores[i % 2].change_source_state("(w)", "webhook", adding(f"k{i}"))
                for i in range(20)
            )
        )
        kept = await backend.source_states.source_state("(w)")
        assert kept is not None
        assert kept.kind == "webhook"
        assert sorted(kept.cursor) == sorted(f"k{i}" for i in range(20))
        assert kept in made  # the last change returned what it wrote
        same = await backend.source_states.change_source_state("(w)", "x", lambda s: s)
        assert same == kept  # no change: nothing written, the kind as stored

    async def test_a_mail_sender_is_noted_once_and_trust_is_kept(
        self, backend: StoreBackend
    ) -> None:
        senders = backend.mail_senders
        await senders.note_mail_sender("ref-1", "a@example.com")
        await senders.note_mail_sender("ref-1", "b@example.com")
        assert await senders.mail_sender("ref-1") == "a@example.com"
        assert await senders.mail_sender("ref-2") is None
        assert await senders.trusted_senders() == frozenset()
        await senders.trust_sender("a@example.com", NOW, "ref-1")
        await senders.trust_sender("a@example.com", LATER, "ref-3")
        assert await senders.trusted_senders() == frozenset({"a@example.com"})

    # -- the workspace ----------------------------------------------------------------
    async def test_an_accepted_input_round_trips_per_file_and_zone(
        self, backend: StoreBackend
    ) -> None:
        ws = backend.workspace
        assert await ws.accepted_input("MEMORY.md", "z1") == AcceptedInput()
        accepted = AcceptedInput(
            {"h1": ("user:primary", "travel.location", "assertive")},
            frozenset({"bad1"}),
            {"h1": 2},
        )
        await ws.save_accepted_input("MEMORY.md", "z1", accepted, NOW)
        assert await ws.accepted_input("MEMORY.md", "z1") == accepted
        assert await ws.accepted_input("MEMORY.md", "z2") == AcceptedInput()
        await ws.save_accepted_input("MEMORY.md", "z1", AcceptedInput(), LATER)
        assert await ws.accepted_input("MEMORY.md", "z1") == AcceptedInput()

    async def test_a_saved_input_is_apart_from_the_callers_maps(
        self, backend: StoreBackend
    ) -> None:
        entries = {"h1": ("user:primary", "travel.location", "assertive")}
        await backend.workspace.save_accepted_input("F", "z", AcceptedInput(entries), NOW)
        entries["h2"] = ("user:primary", "travel.status", "assertive")
        assert set((await backend.workspace.accepted_input("F", "z")).entries) == {"h1"}

    async def test_zone_hashes_are_per_file(self, backend: StoreBackend) -> None:
        ws = backend.workspace
        await ws.save_zone_hash("A.md", "z1", "h-old", NOW)
        await ws.save_zone_hash("A.md", "z1", "h-new", LATER)
        await ws.save_zone_hash("A.md", "z2", "h2", NOW)
        await ws.save_zone_hash("B.md", "z1", "hb", NOW)
        assert await ws.zone_hashes("A.md") == {"z1": "h-new", "z2": "h2"}
        assert await ws.zone_hashes("C.md") == {}

    async def test_workspace_events_are_kept_in_order_and_filtered_by_kind(
        self, backend: StoreBackend
    ) -> None:
        ws = backend.workspace
        await ws.add_event(NOW, "drift_reverted", "A.md", "z1", "x")
        await ws.add_event(LATER, "backup", "A.md", None, "y")
        events = await ws.events()
        assert [(e.kind, e.zone_id, e.detail, e.at) for e in events] == [
            ("drift_reverted", "z1", "x", NOW),
            ("backup", None, "y", LATER),
        ]
        assert events[0].seq < events[1].seq
        assert [e.kind for e in await ws.events(("backup",))] == ["backup"]

    # -- the policy-change log -------------------------------------------------------
    async def test_the_policy_log_is_append_only_in_order_and_idempotent_by_id(
        self, backend: StoreBackend
    ) -> None:
        log = backend.policy_log
        stage = PolicyEvent(
            "p-1",
            NOW.astimezone(timezone(timedelta(hours=2))),
            "stage",
            "travel",
            "stage",
            "M",
            "0",
            "gates passed",
            "owner",
        )
        incident = PolicyEvent(
            "p-2",
            LATER,
            "incident",
            "travel",
            "p0",
            None,
            {"entity_id": "user:primary", "field": "travel.location", "value": 3.5},
            "you said Tahoe was wrong",
            "rollback",
        )
        first = await log.append_policy_events([stage, incident])
        assert [e.seq for e in first] == sorted(e.seq for e in first)
        assert await log.append_policy_events([stage]) == []
        events = await log.policy_events()
        assert events == first
        assert events[0].at == NOW
        assert events[0].at.utcoffset() == timedelta(0)
        assert (events[0].old, events[0].new) == ("M", "0")
        assert events[1].new == incident.new
        assert events[1].old is None
        assert await log.policy_events(after_seq=events[0].seq) == [events[1]]

    # -- API tokens -----------------------------------------------------------------
    async def test_an_api_token_is_found_by_its_secret_hash_and_revoked_once(
        self, backend: StoreBackend
    ) -> None:
        tokens = backend.api_tokens
        alice = ApiToken("t-1", "laptop", "user:alice", "a" * 64, NOW)
        bob = ApiToken("t-2", "", "user:bob", "b" * 64, LATER)
        await tokens.add_token(bob)
        await tokens.add_token(alice)
        assert await tokens.token_by_secret("a" * 64) == alice
        assert await tokens.token_by_secret("c" * 64) is None
        assert await tokens.tokens() == [alice, bob]
        assert await tokens.revoke_token("t-1", LATER) is True
        assert await tokens.revoke_token("t-1", LATER) is False
        assert await tokens.revoke_token("nope", LATER) is False
        revoked = await tokens.token_by_secret("a" * 64)
        assert revoked == ApiToken("t-1", "laptop", "user:alice", "a" * 64, NOW, LATER)
        assert revoked.revoked_at is not None
        assert revoked.revoked_at.utcoffset() == timedelta(0)

    @pytest.mark.parametrize(
        ("role", "source_types", "reach"),
        [
            ("agent", (), None),
            ("user", (), ("family:home",)),
            ("delegate", (), ()),
            ("signals", ("calendar", "email"), ("family:home", "team:acme")),
        ],
    )
    async def test_an_api_token_keeps_its_role_source_types_and_reach(
        self,
        backend: StoreBackend,
        role: Role,
        source_types: tuple[str, ...],
        reach: tuple[str, ...] | None,
    ) -> None:
        made = ApiToken("t-1", "cal", "user:alice", "a" * 64, NOW, None, role, source_types, reach)
        await backend.api_tokens.add_token(made)
        assert await backend.api_tokens.token_by_secret("a" * 64) == made
        assert await backend.api_tokens.tokens() == [made]

    async def test_a_token_made_without_a_role_is_an_agent_token_of_the_household(
        self, backend: StoreBackend
    ) -> None:
        await backend.api_tokens.add_token(ApiToken("t-1", "", "user:alice", "a" * 64, NOW))
        [found] = await backend.api_tokens.tokens()
        assert (found.role, found.source_types, found.reach) == ("agent", (), None)

    async def test_a_tokens_requests_come_from_one_bucket_that_refills(
        self, backend: StoreBackend
    ) -> None:
        take = backend.api_tokens.take_request
        at = 1_000_000.0
        assert [await take("t-1", at, 0.5, 3) for _ in range(3)] == [0.0, 0.0, 0.0]
        assert await take("t-1", at, 0.5, 3) == pytest.approx(2.0)  # one more in 2 s
        assert await take("t-2", at, 0.5, 3) == 0.0, "every token has its own bucket"
        assert await take("t-1", at + 1.0, 0.5, 3) == pytest.approx(1.0)  # half refilled
        assert await take("t-1", at + 2.0, 0.5, 3) == 0.0
        assert await take("t-1", at + 2.0, 0.5, 3) == pytest.approx(2.0)
        # A long pause fills the bucket to the burst, no further.
        assert [await take("t-1", at + 3600, 0.5, 3) for _ in range(4)][-2:] == [
            0.0,
            pytest.approx(2.0),
        ]

    async def test_a_live_tokens_request_is_found_and_spent_in_one_call(
        self, backend: StoreBackend
    ) -> None:
        tokens = backend.api_tokens
        made = ApiToken("t-1", "app", "user:alice", "a" * 64, NOW, None, "user", (), None)
        await tokens.add_token(made)
        spend = tokens.spend_for_secret
        at = 1_000_000.0
        assert [await spend("a" * 64, at, 0.5, 2) for _ in range(2)] == [(made, 0.0)] * 2
        assert await spend("a" * 64, at, 0.5, 2) == (made, pytest.approx(2.0))
        assert await tokens.take_request("t-1", at, 0.5, 2) == pytest.approx(2.0), "one bucket"
        assert await spend("b" * 64, at, 0.5, 2) is None, "an unknown secret"
        await tokens.revoke_token("t-1", NOW)
        assert await spend("a" * 64, at + 3600, 0.5, 2) is None, "a revoked token"
        assert await tokens.take_request("t-1", at + 3600, 0.5, 2) == 0.0, "nothing was spent"

    async def test_a_clock_behind_the_last_count_adds_nothing(self, backend: StoreBackend) -> None:
        take = backend.api_tokens.take_request
        assert await take("t-1", 500.0, 1.0, 1) == 0.0
        assert await take("t-1", 400.0, 1.0, 1) == pytest.approx(1.0)
        assert await take("t-1", 500.5, 1.0, 1) == pytest.approx(0.5)
        assert await take("t-1", 501.0, 1.0, 1) == 0.0

    # -- Telegram updates -----------------------------------------------------------
    async def test_an_update_is_claimed_once_per_bot(self, backend: StoreBackend) -> None:
        log = backend.conversation
        assert await log.claim_update(111, 5001, NOW) is True
        assert await log.claim_update(111, 5001, LATER) is False
        assert await log.claim_update(111, 5002, LATER) is True
        assert await log.claim_update(222, 5001, LATER) is True, "another bot's update ids"

    async def test_a_claim_is_forgotten_once_telegram_cannot_send_it_again(
        self, backend: StoreBackend
    ) -> None:
        log = backend.conversation
        assert await log.claim_update(111, 5001, NOW) is True
        within = NOW + UPDATE_CLAIMS_KEPT
        assert await log.claim_update(111, 5001, within) is False
        after = within + timedelta(seconds=1)
        assert await log.claim_update(111, 9999, after) is True
        assert await log.claim_update(111, 5001, after) is True

    # -- periodic jobs' ticks --------------------------------------------------------
    async def test_a_jobs_tick_is_claimed_once_per_chat(self, backend: StoreBackend) -> None:
        log = backend.conversation
        assert await log.claim_tick("sweep", 0, NOW, NOW) is True
        assert await log.claim_tick("sweep", 0, NOW, LATER) is False, "the other worker skips"
        assert await log.claim_tick("sweep", 0, LATER, LATER) is True, "the next tick"
        assert await log.claim_tick("sweep", 7, NOW, LATER) is True, "another chat's tick"
        assert await log.claim_tick("alerts", 0, NOW, LATER) is True, "another job's tick"

    async def test_a_tick_claim_is_kept_longer_than_the_longest_interval(
        self, backend: StoreBackend
    ) -> None:
        log = backend.conversation
        assert await log.claim_tick("learn", 0, NOW, NOW) is True
        within = NOW + TICK_CLAIMS_KEPT
        assert await log.claim_tick("learn", 0, NOW, within) is False
        after = within + timedelta(seconds=1)
        assert await log.claim_tick("sweep", 0, after, after) is True
        assert await log.claim_tick("learn", 0, NOW, after) is True, "forgotten by now"

    async def test_a_closed_store_says_so(self, backend: StoreBackend) -> None:
        await backend.close()
        with pytest.raises(StoreError, match="not open"):
            await backend.conversation.messages(7)
        with pytest.raises(StoreError, match="not open"):
            await backend.source_states.source_states()
        with pytest.raises(StoreError, match="not open"):
            await backend.mail_senders.trusted_senders()
        with pytest.raises(StoreError, match="not open"):
            await backend.workspace.zone_hashes("A.md")
        with pytest.raises(StoreError, match="not open"):
            await backend.api_tokens.tokens()
