"""The companion stores a backend's main class carries beside the ``Store``
(``core.store.protocol.StoreBackend``), sharing its connection: the conversation, the
sources' cursors and health, mail senders, the workspace projection, the policy log and
the HTTP API's tokens."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime, timedelta
from typing import Protocol

from core.domain.api_tokens import ApiToken
from core.domain.chat_records import (
    ChatMessage,
    ChatMode,
    PromptMessage,
    Role,
    ShownKind,
    ShownRecord,
)
from core.domain.rollout import PolicyEvent
from core.domain.source_state import SourceState
from core.domain.workspace_records import AcceptedInput, WorkspaceEvent
from core.store.chat_turns import Lane

UPDATE_CLAIMS_KEPT = timedelta(days=2)
"""How long a claimed Telegram update id is remembered (``ConversationStore.claim_update``)."""
TICK_CLAIMS_KEPT = timedelta(days=2)
"""How long a claimed run of a periodic job is remembered (``ConversationStore.claim_tick``):
longer than the longest interval (the daily learning), so a late worker still finds it."""


class ConversationStore(Protocol):
    """What the bot needs to remember besides state and review items."""

    async def claim_update(self, bot_id: int, update_id: int, at: datetime) -> bool:
        """Take on Telegram update ``update_id`` of bot ``bot_id``: True the first time,
        False ever after, whichever process on the store asks (Telegram delivers an update
        again when it saw no answer from the webhook, perhaps to another worker). Claims
        older than ``UPDATE_CLAIMS_KEPT`` before ``at`` are forgotten: Telegram keeps an
        update for a day at most."""
        ...

    async def claim_tick(self, job: str, chat_id: int, due: datetime, at: datetime) -> bool:
        """Take on the run of periodic job ``job`` due at ``due`` for ``chat_id`` (0: the
        whole store): True for the first process on the store that asks, False for every
        other, so N bot workers sweep, alert and learn once per tick, not N times. Claims
        older than ``TICK_CLAIMS_KEPT`` before ``at`` are forgotten."""
        ...

    async def append_message(
        self,
        chat_id: int,
        role: Role,
        text: str,
        at: datetime,
        *,
        message_id: int | None = None,
        user_id: int | None = None,
    ) -> ChatMessage: ...

    async def messages(self, chat_id: int, limit: int | None = None) -> list[ChatMessage]: ...

    async def record_shown(
        self,
        chat_id: int,
        message_id: int,
        kind: ShownKind,
        text: str,
        at: datetime,
        *,
        buttons: Sequence[tuple[str, str]] = (),
        photo: bytes | None = None,
    ) -> ShownRecord:
        """Append what the bot showed in ``chat_id``: a message it sent (``sent``, with its
        buttons and a photo's bytes) or an edit of message ``message_id`` (``edited``)."""
        ...

    async def shown(self, chat_id: int, limit: int | None = None) -> list[ShownRecord]:
        """What the bot showed in ``chat_id``, oldest first (the last ``limit`` if given)."""
        ...

    async def prune_shown(self, chat_id: int, keep: int) -> int:
        """Forget what ``chat_id`` showed before its last ``keep`` messages sent (those
        messages and every later edit stay, so the chat still reads as it does); how many
        records went. Other chats are untouched."""
        ...

    async def open_prompt(
        self, item_id: str, token: str, chat_id: int, owner_user_id: int, at: datetime
    ) -> PromptMessage: ...

    async def set_prompt_message(self, item_id: str, message_id: int) -> None: ...

    async def close_prompt(self, item_id: str, outcome: str, at: datetime) -> bool: ...

    async def prompt_by_token(self, token: str) -> PromptMessage | None: ...

    async def prompt_for_item(self, item_id: str) -> PromptMessage | None: ...

    async def prompt_for_message(self, chat_id: int, message_id: int) -> PromptMessage | None:
        """The prompt shown as message ``message_id`` of ``chat_id``, open or closed (a
        reply names the message it answers)."""
        ...

    async def open_prompts(self, chat_id: int | None = None) -> list[PromptMessage]: ...

    async def set_mode(self, mode: ChatMode) -> None: ...

    async def mode(self, chat_id: int) -> ChatMode | None: ...

    async def clear_mode(self, chat_id: int) -> None: ...

    def chat_turn(
        self, chat_id: int, lane: Lane = "order", *, waiting: asyncio.Event | None = None
    ) -> AbstractAsyncContextManager[None]:
        """Hold ``chat_id``'s ``lane`` for the block: another holder of the same chat and
        lane, in this process or another on the same store, waits until it ends; other
        chats and the chat's other lane never wait. A holder that dies lets go (its lease
        ends). ``core.store.chat_turns`` says what each lane is for. ``waiting``: set
        once this turn found the chat held and waits for it (what a caller, or a test,
        waits on to know it waits: an event, not a pause)."""
        ...


class SourceStateStore(Protocol):
    """Where source cursors and health live."""

    async def source_states(self) -> list[SourceState]: ...

    async def source_state(self, name: str) -> SourceState | None: ...

    async def save_source_state(self, state: SourceState) -> None: ...

    async def change_source_state(
        self, name: str, kind: str, change: Callable[[SourceState], SourceState]
    ) -> SourceState:
        """Source ``name``'s state as ``change`` (pure, quick) makes it of the state as it
        is (``SourceState(name, kind)`` if none), read and written in one transaction: two
        writers at once, in this process or another, each change the other's result, and
        neither's change is lost. The state written."""
        ...


class MailSenderStore(Protocol):
    """Who sent the mails that raised questions, and the senders the user trusts."""

    async def note_mail_sender(self, ref: str, address: str) -> None: ...

    async def mail_sender(self, ref: str) -> str | None: ...

    async def trust_sender(self, address: str, at: datetime, via_ref: str) -> None: ...

    async def trusted_senders(self) -> frozenset[str]: ...


class WorkspaceStore(Protocol):
    """Persistence the workspace projection needs."""

    async def accepted_input(self, file: str, zone_id: str) -> AcceptedInput: ...

    async def save_accepted_input(
        self, file: str, zone_id: str, accepted: AcceptedInput, at: datetime
    ) -> None: ...

    async def zone_hashes(self, file: str) -> dict[str, str]: ...

    async def save_zone_hash(
        self, file: str, zone_id: str, content_hash: str, at: datetime
    ) -> None: ...

    async def add_event(
        self, at: datetime, kind: str, file: str, zone_id: str | None, detail: str
    ) -> None: ...

    async def events(self, kinds: tuple[str, ...] | None = None) -> list[WorkspaceEvent]: ...


class PolicyLog(Protocol):
    """The policy-change log (core/domain/rollout.py): append-only, idempotent by event id."""

    async def append_policy_events(self, events: Sequence[PolicyEvent]) -> list[PolicyEvent]:
        """Append ``events`` in order, each numbered by the store; an event whose id is
        already logged is skipped. Returns the events that were appended, with their seq."""
        ...

    async def policy_events(self, after_seq: int = 0) -> list[PolicyEvent]:
        """The log after ``after_seq``, oldest first."""
        ...


class ApiTokenStore(Protocol):
    """The HTTP API's bearer tokens: only a hash of each secret is ever stored."""

    async def add_token(self, token: ApiToken) -> None: ...

    async def token_by_secret(self, secret_sha256: str) -> ApiToken | None:
        """The token (revoked or not) whose secret hashes to ``secret_sha256``."""
        ...

    async def tokens(self) -> list[ApiToken]:
        """Every token, revoked ones too, oldest first."""
        ...

    async def revoke_token(self, token_id: str, at: datetime) -> bool:
        """Revoke token ``token_id``; False if there is none or it already was."""
        ...

    async def take_request(self, token_id: str, at: float, per_second: float, burst: int) -> float:
        """Spend one request from token ``token_id``'s rate-limit bucket: ``burst`` at once,
        refilled at ``per_second``; ``at`` is the time in seconds (every worker's clock
        must agree: the epoch's). Atomic across every process on the store, so workers
        share one bucket per token. 0.0 if the request may go ahead, else the seconds
        until one more would be allowed."""
        ...

    async def spend_for_secret(
        self, secret_sha256: str, at: float, per_second: float, burst: int
    ) -> tuple[ApiToken, float] | None:
        """The live (unrevoked) token whose secret hashes to ``secret_sha256`` and the
        wait ``take_request`` gives it, spent in the same call; None, spending nothing,
        if there is no live token. What every authenticated request does first: one
        round trip on PostgreSQL instead of two."""
        ...
