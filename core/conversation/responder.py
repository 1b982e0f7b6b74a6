"""What a reply is made from, and the tools a model may call.

``OfflineResponder`` answers small talk and questions about current beliefs
("where am I?", "is Emma sick?") straight from the records
(``core.conversation.offline_replies``), with no session state. The bot's
responder is the turn graph (``core.conversation.turn_graph``), which asks an
OpenAI-compatible model (or runs the offline answer) and lets it call
``StateTools``: reads of state, and proposals that are recorded as ``agent``
evidence and put to the user, never committed on their own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, Protocol

from core.agent.session import CanonQuestion, SessionState
from core.conversation.audience import PRIMARY
from core.conversation.context import ContextBlock, invitation_of
from core.conversation.offline_replies import offline_answer
from core.conversation.views import age_text
from core.domain.chat_records import ChatMessage
from core.domain.household import NO_USERS, HouseholdUsers
from core.domain.ids import keyed_id
from core.domain.principals import Principal
from core.domain.provenance import provenance, source_type_of
from core.domain.said_of_users import judged
from core.domain.state import CommittedFact, Scalar, value_key
from core.domain.timeutil import format_ts
from core.domain.whose_word import may_answer, tokens_needed
from core.engine.engine import Engine
from core.engine.message_ids import message_key
from core.errors import CanonError
from core.store import NewReviewItem, ReviewItem

if TYPE_CHECKING:  # the workflows (and LangGraph) load only where a workflow is driven
    from core.conversation.workflows import Running

Role = Literal["user", "assistant"]
HISTORY_MESSAGES = 20

CHAT_ASSISTANT = Principal("agent", "assistant:chat", "the assistant in your chat")
"""Who the chat's own assistant is when its model proposes a change: an agent, so its
claims are put to the user, never taken as theirs."""


@dataclass(frozen=True)
class ReplyRequest:
    """Everything a responder may use to answer the newest user message."""

    text: str
    now: datetime
    context: ContextBlock
    facts: tuple[CommittedFact, ...]
    open_items: tuple[ReviewItem, ...]
    history: tuple[tuple[Role, str], ...] = ()
    """The chat's last messages, oldest first, ending with ``text``."""
    log: tuple[ChatMessage, ...] = ()
    """The same messages as logged (append-only, with their sequence numbers)."""
    chat_id: int | None = None
    speaker_id: int | None = None
    entities: tuple[str, ...] = ()
    """The speaker's own entity first, then the shared ones: all a tool may see."""
    recorded: bool = False
    """Whether Canon recorded (or asked about) what the user said in this turn."""
    turn_id: str | None = None
    """A stable name of the turn (the message's ref), for ids of what it adds."""
    workflow: Running | None = None
    """The chat's active workflow when a model drives it (``workflow_turn``); else None."""
    open_question: CanonQuestion | None = None
    """Canon's question the chat is waiting on (Yes / No / Edit), if one is open."""
    asked_others: tuple[str, ...] = ()
    """The household users (their names) still to answer what the speaker said of them."""
    names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """The household's members by entity (``user:bob`` -> "Bob"): whose word a question
    the reply quotes is, by name, as the question itself says."""

    @property
    def reader(self) -> str:
        """The speaker's own entity (``user:primary`` when none is named)."""
        return self.entities[0] if self.entities else PRIMARY

    @property
    def shown_item(self) -> str | None:
        """A review item of the question the chat shows now (None: none is shown)."""
        return None if self.open_question is None else self.open_question.review_item_id


def answered_offline(request: ReplyRequest) -> str:
    """The reply Canon gives without a model (``offline_answer``), from what ``request``
    holds: every place that answers offline asks it the same way."""
    return offline_answer(
        request.text,
        request.facts,
        request.open_items,
        request.now,
        request.reader,
        request.shown_item,
        request.asked_others,
        request.names,
    )


@dataclass(frozen=True)
class Reply:
    text: str
    proposals: tuple[ReviewItem, ...] = field(default_factory=tuple)
    via: str = "offline"


class Responder(Protocol):
    has_model: bool
    """Whether a model answers (it then replies after Canon's own acknowledgement too)."""

    async def reply(self, request: ReplyRequest, tools: StateTools | None = None) -> Reply: ...

    async def session(self, thread: str) -> SessionState | None:
        """The conversation's session state (None: none kept, or no turn yet)."""
        ...


class OfflineResponder:
    """Answers from state with no model: deterministic and instant."""

    has_model = False

    async def session(self, thread: str) -> SessionState | None:
        return None  # it keeps no session state

    async def reply(self, request: ReplyRequest, tools: StateTools | None = None) -> Reply:
        return Reply(answered_offline(request))


class StateTools:
    """What a model may do: read state, and propose changes that the user confirms."""

    def __init__(
        self,
        engine: Engine,
        entities: Sequence[str],
        now: datetime,
        ref: str,
        users: HouseholdUsers = NO_USERS,
    ) -> None:
        self.engine = engine
        self.entities = tuple(entities)
        self.now = now
        self.ref = ref
        self.users = users
        """The household's users by name: what it says of the speaker is judged with their
        own word (``core.domain.said_of_users``)."""
        self.proposals: list[ReviewItem] = []

    def refused(self, entity_id: str | None) -> dict[str, Any] | None:
        """The answer to a call about an entity the speaker may not see (None: allowed)."""
        if entity_id is None or entity_id in self.entities:
            return None
        return {"ok": False, "error": f"{entity_id} is not one of {list(self.entities)}"}

    async def get_state(
        self, domain: str | None = None, entity_id: str | None = None
    ) -> dict[str, Any]:
        """Committed facts of the speaker's entities and the shared ones, never anyone else's."""
        refusal = self.refused(entity_id)
        if refusal is not None:
            return refusal
        out: dict[str, Any] = {}
        facts = [f for e in self.entities for f in await self.engine.store.facts(e)]
        reader = self.entities[0] if self.entities else None
        # What the household says of the speaker that their own word contradicts is no
        # fact beside it (read with all their entities, whichever one is asked for): it is
        # listed apart, as what someone else said.
        facts, overruled = judged(facts, self.users, reader)
        overruled = [o for o in overruled if entity_id in (None, o.said.entity_id)]
        if overruled:
            out["said_of_you_by_others"] = [
                {"entity": o.said.entity_id, "field": o.said.field, "value": o.said.value}
                | self._quoted(o.said.source_type, o.said.principal)
                | {"your_own_word": o.user_says, "wins": "your own word"}
                for o in overruled
            ]
        for f in facts:
            if (entity_id and f.entity_id != entity_id) or (domain and f.domain != domain):
                continue
            shown: dict[str, Any] = {
                "value": f.value,
                "source": f.source_type,
                "age": age_text(f.evidence_ts, self.now),
            }
            out.setdefault(f.entity_id, {})[f.field] = shown | self._quoted(
                f.source_type, f.principal
            )
        return out

    async def get_pending(self) -> list[dict[str, Any]]:
        """The open questions the speaker may answer: one another member's words raised on
        the household is theirs (``may_answer``), not shown to this speaker's model."""
        store = self.engine.store
        items = await store.open_review_items(self.entities)
        reader = self.entities[0] if self.entities else ""
        tokens = await store.api_tokens.tokens() if tokens_needed(items) else ()
        return [
            {"field": r.field, "current": r.current_value, "proposed": r.candidate_value}
            | self._quoted(source_type_of(r.source_key), r.principal)
            | _invited(r)
            for r in items
            if may_answer(r, reader, tokens)
        ]

    def _quoted(self, source_type: str, principal: str | None) -> dict[str, str]:
        """``{"quoted_from": "a calendar event"}`` for a value the speaker should not take
        at its word (``core.domain.provenance``); JSON keeps its structure, this its origin."""
        said = provenance(source_type, principal, self.entities[0] if self.entities else None)
        return {} if said is None else {"quoted_from": said}

    async def propose_observation(
        self, field: str, value: Scalar, entity_id: str | None = None, reason: str = ""
    ) -> dict[str, Any]:
        """Record the model's claim as ``agent`` evidence and ask the user about it."""
        entity = entity_id or self.entities[0]
        refusal = self.refused(entity)
        if refusal is not None:
            return refusal
        key = await message_key(self.engine.store)
        payload: dict[str, Any] = {
            "event_id": keyed_id(key, "agent", self.ref, entity, field, value_key(value)),
            "event_ts": format_ts(self.now),
            "entity_id": entity,
            "domain": field.split(".", 1)[0],
            "field": field,
            "candidate_value": value,
            "intent": "assertive",
            "source": {"type": "agent", "ref": self.ref[:256]},
            "extraction_confidence": 1.0,
        }
        if reason:
            payload["evidence_text"] = str(reason)[:1000]
        outcome = await self.engine.ingest(payload, now=self.now, principal=CHAT_ASSISTANT)
        if outcome.decision == "invalid":
            return {"ok": False, "error": "; ".join(outcome.errors)}
        if outcome.committed:  # a policy that trusts agents this much is a misconfiguration
            raise CanonError("an agent proposal was committed; agent evidence must be confirmed")
        current = await self.engine.store.fact(entity, field)
        if current is not None and value_key(current.value) == value_key(value):
            return {"ok": True, "status": "already believed"}
        item = await self._ask(entity, field, value, outcome.review_item_id, reason)
        return {"ok": True, "status": "asked the user to confirm", "prompt_id": item.id}

    async def _ask(
        self, entity: str, field: str, value: Scalar, item_id: str | None, reason: str
    ) -> ReviewItem:
        if item_id is None:  # below the ask threshold: put to the user all the same
            current = await self.engine.store.fact(entity, field)
            new = NewReviewItem(
                id=keyed_id(
                    await message_key(self.engine.store),
                    "agent-proposal",
                    self.ref,
                    entity,
                    field,
                    value_key(value),
                ),
                kind="change",
                event_id=None,
                entity_id=entity,
                field=field,
                candidate_value=value,
                current_value=None if current is None else current.value,
                confidence=0.5,
                reasons=("the assistant suggested it", *((reason[:160],) if reason else ())),
                source_key=f"agent:{self.ref}",
                created_at=self.now,
            )
            existing = await self.engine.store.review_item(new.id)
            item = existing if existing is not None else await self.engine.ask(new)
        else:
            found = await self.engine.store.review_item(item_id)
            assert found is not None
            item = found
        self.proposals.append(item)
        return item


def _invited(r: ReviewItem) -> dict[str, Any]:
    """``{"invitation": ...}`` for a question a stranger's unanswered calendar invitation
    raised: whose, the user's answer so far, and that it is no plan of the user's."""
    invitation = invitation_of(r)
    if invitation is None:
        return {}
    return {
        "invitation": {
            "from": invitation.organizer,
            "user_answer": invitation.answer,
            "note": "someone else's invitation, not the user's plan",
        }
    }
