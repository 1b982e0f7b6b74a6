"""The assistant's turn: what a user writes becomes claims for the engine, an
acknowledgement and the assistant's reply (with the context block injected), or a step
of the chat's workflow.

A message's turn is cut where it waits on something slow (``chat_order`` says why):
``claims`` and ``workflow_message`` run in the chat's section and note what to say;
``answer`` asks the responder with no section held; ``record`` writes the reply back in
a section. ``AssistantTurn`` owns nothing in memory; the assistant's session is the
responder's (a checkpointed thread per chat). Which part a message goes to is
``ChatSession``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from core.conversation import texts
from core.conversation.acknowledgements import AckKind
from core.conversation.chat_base import ChatDeps, ChatPart, Claims, Incoming
from core.conversation.chat_questions import Questions
from core.conversation.chat_workflows import WorkflowSteps
from core.conversation.context_read import read_context
from core.conversation.errand_answers import still_to_do
from core.conversation.left_undone import left_undone, trip_began
from core.conversation.offline_replies import question_aside
from core.conversation.responder import HISTORY_MESSAGES, Reply, ReplyRequest, StateTools
from core.domain.household import HouseholdUsers
from core.domain.principals import user_principal
from core.domain.provenance import ANOTHER_MEMBER
from core.engine.engine import Outcome
from core.engine.errand_done import says_still_pending
from core.errors import TooManyQuestions

if TYPE_CHECKING:
    from core.conversation.workflows import Running


_TOLD_DAYS = frozenset({"travel.depart_date", "travel.return_date"})
"""The fields whose committed day an acknowledgement tells back (``texts._phrase``)."""


@dataclass(frozen=True)
class Asking:
    """A reply to ask for: made in the message's section, asked outside it."""

    msg: Incoming
    now: datetime
    request: ReplyRequest
    tools: StateTools
    workflow: Running | None


@dataclass(frozen=True)
class Heard:
    """What the message's section made of a message, for the rest of its turn."""

    said: list[str]
    """Noted in the section, sent after it."""
    asking: Asking | None
    asked: list[Outcome]
    """The outcomes that became questions."""
    workflow: bool = False
    """Taken by the chat's workflow as a step."""
    left_edit: bool = False
    """It ended an Edit (it was not the value asked for)."""


class AssistantTurn(ChatPart):
    """A message read for claims and answered: by Canon, the model, or the workflow."""

    def __init__(self, deps: ChatDeps, questions: Questions, steps: WorkflowSteps) -> None:
        super().__init__(deps)
        self.questions = questions
        self.steps = steps
        self.responder = deps.responder
        self.workflows = deps.workflows

    async def claims(
        self, msg: Incoming, claims: Claims, now: datetime, *, shown: bool = True
    ) -> Heard:
        """Resolve the message's claims and note the acknowledgement (in the section).
        ``shown``: False when the section found no question active (``asking``)."""
        entity = self.config.entity_of(msg.user_id)
        # The speaker's words, whichever entity (theirs, the family's) they are about.
        said_by = user_principal(entity)
        try:
            outcomes = (
                await self.engine.ingest_batch(list(claims), now=now, principal=said_by)
                if claims
                else []
            )
        except TooManyQuestions as e:  # what Bob keeps saying of Alice waits for her answers
            name = (await self.deps.household_users()).name_of(e.entity_id)
            line = texts.too_many_asked(name or "the person it is about", e.limit)
            await self.deps.note(msg.chat_id, line)
            return Heard([line], None, [])
        intents = [str(p.get("intent", "")) for p in claims]
        if any(o.committed for o in outcomes):
            await self.deps.changed(now)
        # The user's day, read only when a trip's day is told back ("you left yesterday").
        dated = any(o.committed and o.field in _TOLD_DAYS for o in outcomes)
        today = (await self.deps.users_clock(msg, now)).date() if dated else None
        acked = texts.acknowledgement(outcomes, intents, msg.text, today)
        ack = None if acked is None else acked.text
        past = acked is not None and acked.kind == AckKind.PAST
        if (past or says_still_pending(msg.text)) and any(
            (o.field or "").startswith("financial.") for o in outcomes
        ):
            # "forgot the amazon return", "the amazon return is still pending": not done,
            # so still to do, if it is.
            facts = await self.engine.store.facts(entity)
            if today is None:  # not read above: no trip's day was told back
                today = (await self.deps.users_clock(msg, now)).date()
            ack = still_to_do([o.field or "" for o in outcomes], facts, entity, today) or ack
        if ack is not None and trip_began([o for o in outcomes if o.committed], entity):
            # Arrived: what was to be done before leaving and is still due is told now.
            store = self.engine.store
            undone = left_undone(
                await store.facts(entity), entity, await store.open_review_items([entity])
            )
            ack = "\n".join([ack, *undone])
        said = [] if ack is None else [ack]
        theirs = self.asked_of_others(outcomes, entity)
        if theirs:
            # "alice is in tahoe" from Bob: Alice is asked, in her chat; Bob is told so.
            users = await self.deps.household_users()
            # A member with no name known is no "person it is about" (read by the speaker
            # as themself): the household's other member, once however many.
            named = list(dict.fromkeys(users.name_of(e) or ANOTHER_MEMBER for e in theirs))
            said.append(f"I'll ask {' and '.join(named)} to confirm it.")
        for line in said:
            await self.deps.note(msg.chat_id, line)
        asked = [o for o in outcomes if o.review_item_id is not None]
        asking = None
        # A question is its own answer to a claim; chat without claims gets a reply.
        recorded = any(o.committed or o.review_item_id is not None for o in outcomes)
        if (ack is None and not asked) or self.responder.has_model:
            asking = await self.asking(msg, now, recorded, shown=shown)
        elif (aside := question_aside(msg.text)) is not None:
            # "maya is sick today, where is tom?": the news noted, the question answered.
            asking = await self.asking(replace(msg, text=aside), now, recorded, shown=shown)
        return Heard(said, asking, asked)

    def asked_of_others(self, outcomes: Sequence[Outcome], speaker: str) -> list[str]:
        """The other users (their entities) whose own chats the speaker's message raised a
        question in: what the speaker said of them by name."""
        return list(
            dict.fromkeys(
                o.entity_id
                for o in outcomes
                if o.review_item_id is not None
                and o.entity_id is not None
                and o.entity_id != speaker
                and self.config.owner_of(o.entity_id) is not None
            )
        )

    async def asked_of_them(self, speaker: str | None, users: HouseholdUsers) -> tuple[str, ...]:
        """The names of the household's other users still to answer what ``speaker`` said
        of them ("where is alice?" from Bob, right after he said where she is). Only the
        speaker's own claims are read on their entities, nothing else of theirs."""
        others = [e for e in self.config.household if e != speaker and users.name_of(e)]
        if speaker is None or not others:
            return ()
        waiting = await self.engine.store.open_review_items(others)
        said = {r.entity_id for r in waiting if r.principal == speaker and r.kind == "change"}
        return tuple(n for e in others if e in said and (n := users.name_of(e)))

    async def note_queued(self, chat_id: int, asked: list[Outcome]) -> None:
        active = await self.questions.active(chat_id)
        ids = {o.review_item_id for o in asked}
        if active is not None and active.item_id not in ids:
            await self.say(chat_id, "I'll ask you about that after the current question.")

    async def asking(
        self, msg: Incoming, now: datetime, recorded: bool, *, shown: bool = True
    ) -> Asking:
        """The reply to ask for, read from the chat as its section leaves it.

        ``shown``: False when this section found no question active in the chat (it closed
        any settled elsewhere): none is active now either, as only ``Questions.show_next``
        and ``resend`` show one, and this section runs neither before asking."""
        entities = self.config.entities_of(msg.user_id)
        users = await self.deps.household_users()
        workflow = await self.steps.driven(msg)
        # The block's own reads are the reply's facts and open items (read once).
        read = await read_context(
            self.engine.store,
            self.engine.policy,
            entities,
            now,
            token_budget=self.config.context_tokens,
            viewer=entities[0] if entities else None,  # the speaker's own entity comes first
            users=users,
        )
        log = tuple(await self.log.messages(msg.chat_id, limit=HISTORY_MESSAGES))
        ref = f"tg:{msg.chat_id}:{msg.message_id}"
        request = ReplyRequest(
            msg.text,
            now,
            read.block,
            tuple(read.facts),
            tuple(read.open_items),
            tuple((m.role, m.text) for m in log),
            log=log,
            chat_id=msg.chat_id,
            speaker_id=msg.user_id,
            entities=entities,
            recorded=recorded,
            turn_id=ref,
            workflow=workflow,
            open_question=await self.questions.open_question(msg.chat_id) if shown else None,
            asked_others=await self.asked_of_them(entities[0] if entities else None, users),
            names=users.names,
        )
        tools = StateTools(self.engine, entities, now, ref, users)
        return Asking(msg, now, request, tools, workflow)

    async def answer(self, asking: Asking) -> Reply:
        """The responder's reply: the model's call, run with no section of the chat held.
        Its tools write through the engine, which orders writes per entity itself."""
        return await self.responder.reply(asking.request, asking.tools)

    async def record(self, asking: Asking, reply: Reply) -> list[str]:
        """Note the reply and bind what the model proposed (in a section); what to send."""
        chat_id, workflow = asking.msg.chat_id, asking.workflow
        if workflow is None or self.workflows is None:
            said = [reply.text]
        else:
            said = await self.workflows.told(workflow, reply.text)
        for line in said:
            await self.deps.note(chat_id, line)
        for item in reply.proposals:
            await self.questions.bind(item, chat_id, asking.msg.user_id, asking.now)
        return said

    async def workflow_message(
        self, msg: Incoming, now: datetime, *, shown: bool = True
    ) -> Heard | None:
        """A message the chat's workflow takes (a setup step's answer); None if none does.
        With a model, the model takes it in the workflow's turn instead of the message tool."""
        if self.workflows is None:
            return None
        if self.responder.has_model:  # the model drives it, in the assistant's turn
            running = await self.steps.driven(msg)
            if running is None or not running.takes_messages:
                return None
            asking = await self.asking(msg, now, recorded=False, shown=shown)
            return Heard([], asking, [], workflow=True)
        entity = self.config.entity_of(msg.user_id)
        ref = f"tg:{msg.chat_id}:{msg.message_id}"
        said = await self.workflows.on_message(msg.chat_id, entity, msg.text, ref, now)
        if said is None:
            return None
        for line in said:
            await self.deps.note(msg.chat_id, line)
        return Heard(list(said), None, [], workflow=True)
