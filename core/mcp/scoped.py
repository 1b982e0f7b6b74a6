"""Canon as one entity's assistant sees it: what the MCP tools and resources do.

Everything here acts for one entity and the entities it shares (the household,
``CANON_SHARED_ENTITIES``); a request naming any other entity is refused with
``OutOfScope`` before anything is read. Nothing here knows the MCP SDK: errors
are Canon's own, and ``core.mcp.server`` turns them into tool errors.

An agent's observation is always ``agent`` evidence carrying ``needs_confirmation``,
so the resolver asks the user (or sets it aside); it is never committed on the
agent's word, and its open questions per entity are limited by the policy
(``max_agent_questions``). Answers go through ``core.engine.review.answer_review`` as
the bot's do, as the server's ``principal``: MCP is an assistant's channel, so that is
always an agent, which answers only when it acts for the user (a delegate) and never a
question its own proposal raised (``core.domain.claims.answer_refusal``). A dead
letter's question (the owner's) is asked only of a session acting for the user, about
their own letters, and takes Yes or No, never an Edit (``core.mcp.letter_reach``).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from core.conversation.change_views import answer_acts, related_history
from core.conversation.context_read import load_context
from core.conversation.field_match import known_fields, matching_fields, no_match_text
from core.conversation.held_values import held_by_writer
from core.conversation.provenance import Viewer, user_viewer
from core.conversation.question_now import readers_zone
from core.conversation.question_texts import why_line
from core.conversation.said_since import (
    names_of_speakers,
    overtaken_refusal,
    said_since_asked,
)
from core.conversation.token_budget import DEFAULT_TOKEN_BUDGET
from core.conversation.views import (
    state_view,
    why_view,
)
from core.domain.api_tokens import ApiToken
from core.domain.errands import meanings
from core.domain.ids import new_id
from core.domain.principals import Principal, Role, stdio_session_ref, token_principal
from core.domain.review_items import ReviewItem
from core.domain.said_of_users import SaidOfUser
from core.domain.state import CommittedFact
from core.domain.timeutil import format_ts, parse_ts, utc_now
from core.domain.whose_word import may_answer
from core.engine.engine import AnswerAction, Engine
from core.engine.household import UsersToName, facts_for_reader, users_by_name
from core.engine.review import answer_review
from core.errors import (
    CanonError,
    ClaimRefused,
    InvalidAnswer,
    NotFound,
    Overtaken,
    PayloadInvalid,
    UnknownPlace,
)
from core.mcp.letter_reach import NO_EDIT, is_letter_question, letter_questions, letter_refusal
from core.mcp.models import (
    Answered,
    Pending,
    Proposal,
    State,
    Value,
    Why,
    WhyChain,
)
from core.mcp.scope import Scope as Scope
from core.mcp.shown import fact_model, question_model, question_read, said_of_you_model
from core.signals.rules import Rule

if TYPE_CHECKING:  # the chat (LangGraph, the extraction rules) is no part of an MCP start
    from core.conversation.chat_base import AfterChange

log = logging.getLogger(__name__)

AGENT_SOURCE = {"type": "agent"}
"""An agent observation's source. No ref: each proposal is its own input, never grouped with
the agent's earlier ones into one question (a group is one input's fields, keyed by its
ref), and a value the user said No to is not asked again on an agent's word."""
AGENT_DOUBT = "an assistant proposed it (MCP): only the user can make it a fact"
"""The observation's ``needs_confirmation``: the resolver asks about it whatever its score."""

MCP_ROLES: tuple[Role, ...] = ("delegate", "agent")
"""What ``canon mcp`` over stdio may act as (``--role``): an assistant either way."""


def stdio_principal(entity: str, role: Role = "delegate") -> Principal:
    """The assistant that started ``canon mcp`` over stdio for ``entity``: a delegate acting
    for its user (the owner's own local client), or with ``role`` agent a mere proposer."""
    acting_for = entity if role == "delegate" else None
    return Principal("agent", stdio_session_ref(entity), "canon mcp (stdio)", acting_for=acting_for)


def token_mcp_principal(token: ApiToken) -> Principal:
    """Who a bearer token speaks as over MCP: an assistant, whatever its role. A ``user`` or
    ``delegate`` token acts for the user (a delegate); an ``agent`` token only proposes."""
    role: Role = "delegate" if token.role in ("user", "delegate") else "agent"
    return token_principal(token.id, role, token.entity_id, token.name)


AnswerWord = Literal["yes", "no", "edit"]
Intent = Literal["assertive", "planning", "retract", "hypothetical", "historical"]
_ACTIONS: dict[AnswerWord, AnswerAction] = {"yes": "confirm", "no": "reject", "edit": "edit"}


@dataclass
class ScopedCanon:
    """The operations an assistant may perform through MCP, for one ``Scope``."""

    engine: Engine
    scope: Scope
    rules: Sequence[Rule] = ()
    token_budget: int = DEFAULT_TOKEN_BUDGET
    clock: Callable[[], datetime] = field(default=utc_now)
    after_change: AfterChange | None = None
    """Run after an answer committed, as the bot does (``canon mcp``: refresh the workspace)."""
    principal: Principal | None = None
    """Who the server's writes are recorded as; None: ``stdio_principal(scope.entity)``."""
    names: Mapping[str, str] = field(default_factory=dict)
    """The users' configured names (``CANON_USER_NAMES``): what the household says of the
    scope's user by name is judged against their own word, as in the chat."""

    @property
    def acting_as(self) -> Principal:
        return self.principal or stdio_principal(self.scope.entity)

    @property
    def viewer(self) -> Viewer:
        """Who reads: the scope's user; another member's writes are shown redacted."""
        return user_viewer(self.scope.entity)

    async def named_viewer(self) -> Viewer:
        """``viewer`` with the household's members by name (``user:bob`` → "Bob"), as the
        chat's /state and /why name them (configured, or the ``profile.name`` each told
        Canon); none when the scope does not reach the family."""
        members = (self.scope.entity, *self.scope.household)
        users = await users_by_name(self.engine.store, members, self.names)
        return user_viewer(self.scope.entity, names=users.names)

    async def state(self, entity_id: str | None = None) -> State:
        """The facts the scope's user may take as true, and apart what the household says
        of them that their own word overrules (as the chat's /state and ``/v1/state``)."""
        entities = self.scope.chosen(entity_id)
        now = self.clock()
        facts, overruled = await self._judged(entities)
        viewer = await self.named_viewer()
        means = meanings(facts)
        return State(
            entities=list(entities),
            facts=[fact_model(f, now, viewer, means) for f in _sorted(facts)],
            said_of_you=[said_of_you_model(o, now, viewer) for o in overruled],
        )

    async def state_json(self, entity_id: str) -> str:
        """One entity's committed state as ``canon state --json`` prints it, without what
        the user's own word overrules."""
        facts, _ = await self._judged((self.scope.check(entity_id),))
        viewer = await self.named_viewer()
        return json.dumps(state_view(facts, self.clock(), viewer), ensure_ascii=False)

    async def _judged(
        self, entities: Sequence[str]
    ) -> tuple[list[CommittedFact], list[SaidOfUser]]:
        return await facts_for_reader(self.engine.store, entities, self.scope.entity, self.names)

    async def why(self, query: str, entity_id: str | None = None) -> Why:
        """The evidence chain of every field ``query`` names (as ``/why`` and ``canon why``)."""
        entities = self.scope.chosen(entity_id)
        store = self.engine.store
        known = await known_fields(store, entities)
        wanted = set(matching_fields(query, [f for _e, f in known]))
        hits = [(e, f) for e, f in known if f in wanted]
        for entity in entities:  # evidence that never committed
            if not hits and await store.events_for(entity, query):
                hits = [(entity, query)]
        if not hits:
            return Why(query=query, chains=[], message=no_match_text(query, [f for _e, f in known]))
        now = self.clock()
        viewer = await self.named_viewer()
        chains = []
        for entity, name in hits:
            fact = await store.fact(entity, name)
            history = await store.history(entity, name)
            related = await related_history(store, entity, name)
            view = why_view(
                fact,
                await store.events_for(entity, name),
                history,
                now,
                viewer,
                related,
                await answer_acts(store, [*history, *related]),
            )
            current = None if fact is None else fact_model(fact, now, viewer)
            chains.append(
                WhyChain.model_validate(
                    {**view, "entity_id": entity, "field": name, "current": current}
                )
            )
        return Why(query=query, chains=chains, message=None)

    async def pending(self) -> Pending:
        """The open questions the session's user may answer: one another member's words
        raised on the household is theirs, not listed here (``may_answer``)."""
        store = self.engine.store
        items = await store.open_review_items(list(self.scope.entities))
        # The user's own dead letters, asked of a session acting for them (``letter_reach``).
        items += await letter_questions(store, *self._letter_reach)
        tokens = await store.api_tokens.tokens()
        reader = self.scope.entity
        ordered = [
            await held_by_writer(self.engine.store, r, reader, self.names)
            for r in sorted(items, key=lambda r: r.seq)
            if may_answer(r, reader, tokens)
        ]
        # A member's own question says what another member committed since, as in the chat.
        said = [said_since_asked(r, await self._fact_of(r), reader, tokens) for r in ordered]
        names = await names_of_speakers(self.engine.store, self.scope.household, said, self.names)
        now, zone = self.clock(), await readers_zone(store, reader)  # the reader's clock
        shown = [
            question_model(r, reader, s, names, why_line(r, reader, now, zone), now, zone)
            for r, s in zip(ordered, said, strict=True)
        ]
        return Pending(
            pending=[q for q, r in zip(shown, ordered, strict=True) if r.status == "pending"],
            queued=[q for q, r in zip(shown, ordered, strict=True) if r.status == "queued"],
        )

    @property
    def _letter_reach(self) -> tuple[str, tuple[str, ...], Principal]:
        """The user, the entities and the principal a dead letter's question is judged by."""
        return self.scope.entity, self.scope.entities, self.acting_as

    async def _fact_of(self, item: ReviewItem) -> CommittedFact | None:
        """The field's fact now, for a household question only (what ``said_since`` reads)."""
        if item.kind != "change" or item.entity_id.startswith("user:"):
            return None
        return await self.engine.store.fact(item.entity_id, item.field)

    async def answer(
        self,
        question_id: str,
        word: AnswerWord,
        value: Value = None,
        new_place: bool = False,
        seen_since: str | None = None,
    ) -> Answered:
        """Yes, No or Edit(value), exactly as the user's tap in the chat: a Yes or No
        answers the question's whole group, an Edit the one question. An edited place
        nobody knows is refused (``UnknownPlace``, saying how to insist) unless
        ``new_place``: the user's Yes to "use it anyway?". ``seen_since``: the
        ``said_since.committed_at`` listed with the question; a Yes over a person's newer
        word not named so is ``Overtaken``, saying whose word (nothing changed)."""
        if word == "edit" and value is None:
            raise InvalidAnswer("an edit needs the corrected value")
        if word != "edit" and value is not None:
            raise InvalidAnswer(f"a value goes with edit only, not with {word}")
        if word != "edit" and new_place:
            raise InvalidAnswer(f"new_place goes with edit only, not with {word}")
        store = self.engine.store
        item = await store.review_item(question_id)
        if item is None:
            raise NotFound(f"no question {question_id!r} (list_pending shows the open ones)")
        if is_letter_question(item):
            refusal = await letter_refusal(store, item, *self._letter_reach, word == "edit")
            if refusal == NO_EDIT:
                raise InvalidAnswer(refusal)
            if refusal is not None:
                raise ClaimRefused(refusal)
        else:
            self.scope.check(item.entity_id)
        now = self.clock()
        try:
            result = await answer_review(
                self.engine,
                item.id,
                _ACTIONS[word],
                value,
                now=now,
                answered_by=stdio_session_ref(self.scope.entity),
                rules=self.rules,
                whole_group=word != "edit",
                principal=self.acting_as,
                new_place=new_place,
                entities=self.scope.entities,
                seen=None if seen_since is None else parse_ts(seen_since),
            )
        except Overtaken as e:
            raise await self._overtaken(item, e.fact) from None
        except UnknownPlace as e:
            raise UnknownPlace(
                e.place, "if the user says to use it anyway, answer again with new_place: true"
            ) from None
        if result.committed and self.after_change is not None:
            try:
                await self.after_change(self.engine, now)
            except CanonError as e:  # a courtesy, as in the chat: the answer itself is stored
                log.warning("after-change hook failed: %s", e)
        return Answered(
            question=await question_read(store, result.item, self.scope.entity, now, self.names),
            status=result.status,
            committed=result.committed,
            committed_value=result.committed_value,
            next_questions=[
                await question_read(store, r, self.scope.entity, now, self.names)
                for r in result.promoted
            ],
        )

    async def _overtaken(self, item: ReviewItem, word: CommittedFact) -> Overtaken:
        store, reader = self.engine.store, self.scope.entity
        said, _ = await overtaken_refusal(
            store, item, word, reader, self.scope.household, self.names
        )
        return Overtaken(word, said)

    async def propose(
        self,
        field_name: str,
        value: Value,
        *,
        intent: Intent = "assertive",
        entity_id: str | None = None,
        evidence_text: str | None = None,
        valid_until: str | None = None,
        event_id: str | None = None,
    ) -> Proposal:
        """Record an observation as the assistant's (``agent``) evidence, through the normal
        pipeline: schema, resolver, engine. Invalid ones go to the dead-letter queue."""
        entity = self.scope.check(entity_id or self.scope.entity)
        now = self.clock()
        payload: dict[str, Any] = {
            "event_id": event_id or new_id(),
            "event_ts": format_ts(now),
            "entity_id": entity,
            "domain": field_name.split(".", 1)[0],
            "field": field_name,
            "candidate_value": value,
            "intent": intent,
            "source": dict(AGENT_SOURCE),
            "needs_confirmation": AGENT_DOUBT,
        }
        if evidence_text is not None:
            payload["evidence_text"] = evidence_text
        if valid_until is not None:
            payload["valid_until"] = valid_until
        outcome = await self.engine.ingest(payload, now=now, principal=self.acting_as)
        if outcome.decision == "invalid":
            more = f" (+{len(outcome.errors) - 1} more)" if len(outcome.errors) > 1 else ""
            raise PayloadInvalid(
                "state_observation",
                [f"invalid observation, kept in the dead-letter queue: {outcome.errors[0]}{more}"],
            )
        if outcome.decision == "auto_commit":  # the resolver never lets agent evidence commit
            raise CanonError(f"agent evidence {outcome.event_id} was committed: a resolver bug")
        item = (
            None
            if outcome.review_item_id is None
            else await self.engine.store.review_item(outcome.review_item_id)
        )
        return Proposal(
            event_id=outcome.event_id or payload["event_id"],
            decision=outcome.decision,
            confidence=outcome.confidence,
            reasons=list(outcome.reasons),
            question=None
            if item is None
            else await question_read(self.engine.store, item, self.scope.entity, now, self.names),
        )

    async def context(self) -> str:
        """The context block of the scope's entities (``canon context``)."""
        block = await load_context(
            self.engine.store,
            self.engine.policy,
            list(self.scope.entities),
            self.clock(),
            token_budget=self.token_budget,
            viewer=self.scope.entity,
            users=UsersToName((self.scope.entity,), self.names),
        )
        return block.text


def _sorted(facts: list[CommittedFact]) -> list[CommittedFact]:
    return sorted(facts, key=lambda f: (f.entity_id, f.field))
