"""The assistant's turn: what a user writes becomes claims for the engine, an
acknowledgement and the assistant's reply (with the context block injected), or a step
of the chat's workflow.

``AssistantTurn`` owns nothing in memory; the assistant's session is the responder's
(a checkpointed thread per chat). Which part a message goes to is ``ChatSession``'s.
"""

from __future__ import annotations

from datetime import datetime

from core.conversation import texts
from core.conversation.chat_base import ChatDeps, ChatPart, Incoming
from core.conversation.chat_questions import Questions
from core.conversation.chat_workflows import WorkflowSteps
from core.conversation.context import load_context
from core.conversation.responder import HISTORY_MESSAGES, ReplyRequest, StateTools
from core.domain.principals import user_principal
from core.domain.state import CommittedFact
from core.engine.engine import Outcome


class AssistantTurn(ChatPart):
    """A message read for claims and answered: by Canon, the model, or the workflow."""

    def __init__(self, deps: ChatDeps, questions: Questions, steps: WorkflowSteps) -> None:
        super().__init__(deps)
        self.questions = questions
        self.steps = steps
        self.responder = deps.responder
        self.workflows = deps.workflows

    async def converse(self, msg: Incoming, now: datetime) -> list[Outcome]:
        """Extract, resolve, acknowledge, reply; the outcomes that became questions."""
        entity = self.config.entity_of(msg.user_id)
        payloads = await self.deps.extract(msg, entity)
        # The speaker's words, whichever entity (theirs, the family's) they are about.
        said_by = user_principal(entity)
        outcomes = (
            await self.engine.ingest_batch(payloads, now=now, principal=said_by) if payloads else []
        )
        intents = [str(p.get("intent", "")) for p in payloads]
        if any(o.committed for o in outcomes):
            await self.deps.changed(now)
        ack = texts.acknowledgement(outcomes, intents, msg.text)
        if ack:
            await self.say(msg.chat_id, ack)
        asked = [o for o in outcomes if o.review_item_id is not None]
        # A question is its own answer to a claim; chat without claims gets a reply.
        if (ack is None and not asked) or self.responder.has_model:
            recorded = any(o.committed or o.review_item_id is not None for o in outcomes)
            await self.reply(msg, now, recorded)
        return asked

    async def note_queued(self, chat_id: int, asked: list[Outcome]) -> None:
        active = await self.questions.active(chat_id)
        ids = {o.review_item_id for o in asked}
        if active is not None and active.item_id not in ids:
            await self.say(chat_id, "I'll ask you about that after the current question.")

    async def reply(self, msg: Incoming, now: datetime, recorded: bool) -> None:
        entities = self.config.entities_of(msg.user_id)
        workflow = await self.steps.driven(msg)
        block = await load_context(
            self.engine.store,
            self.engine.policy,
            entities,
            now,
            token_budget=self.config.context_tokens,
            viewer=entities[0] if entities else None,  # the speaker's own entity comes first
        )
        facts: list[CommittedFact] = []
        for e in entities:
            facts.extend(await self.engine.store.facts(e))
        open_items = tuple(await self.engine.store.open_review_items(entities))
        log = tuple(await self.log.messages(msg.chat_id, limit=HISTORY_MESSAGES))
        ref = f"tg:{msg.chat_id}:{msg.message_id}"
        request = ReplyRequest(
            msg.text,
            now,
            block,
            tuple(facts),
            open_items,
            tuple((m.role, m.text) for m in log),
            log=log,
            chat_id=msg.chat_id,
            speaker_id=msg.user_id,
            entities=entities,
            recorded=recorded,
            turn_id=ref,
            workflow=workflow,
            open_question=await self.questions.open_question(msg.chat_id),
        )
        tools = StateTools(self.engine, entities, now, ref)
        reply = await self.responder.reply(request, tools)
        if workflow is None or self.workflows is None:
            await self.say(msg.chat_id, reply.text)
        else:
            for line in await self.workflows.told(workflow, reply.text):
                await self.say(msg.chat_id, line)
        for item in reply.proposals:
            await self.questions.bind(item, msg.chat_id, msg.user_id, now)

    async def workflow_message(self, msg: Incoming, now: datetime) -> bool:
        """A message the chat's workflow takes (a setup step's answer); False if none does.
        With a model, the model takes it in the workflow's turn instead of the message tool."""
        if self.workflows is None:
            return False
        if self.responder.has_model:  # the model drives it, in the assistant's turn
            running = await self.steps.driven(msg)
            if running is None or not running.takes_messages:
                return False
            await self.reply(msg, now, recorded=False)
        else:
            entity = self.config.entity_of(msg.user_id)
            ref = f"tg:{msg.chat_id}:{msg.message_id}"
            said = await self.workflows.on_message(msg.chat_id, entity, msg.text, ref, now)
            if said is None:
                return False
            for line in said:
                await self.say(msg.chat_id, line)
        await self.deps.changed(now)
        await self.questions.show_next(msg.chat_id, now)
        return True
