"""Workflows in a chat (/setup, /trip): starting one, the one a model drives, and
following Canon's beliefs after a commit (``core.conversation.workflows`` runs them).

``WorkflowSteps`` owns nothing in memory: a chat's workflow is a checkpointed thread of
``ChatWorkflows`` (None when the bot offers no workflows)."""

from __future__ import annotations

from core.conversation import texts
from core.conversation.chat_base import ChatDeps, ChatPart, Incoming
from core.conversation.chat_questions import Questions
from core.conversation.workflows import Running


class WorkflowSteps(ChatPart):
    """The chat's side of its workflows: start one, who drives it, what a change does."""

    def __init__(self, deps: ChatDeps, questions: Questions) -> None:
        super().__init__(deps)
        self.workflows = deps.workflows
        self.questions = questions

    async def start(self, chat_id: int, user_id: int, workflow_id: str) -> None:
        """/setup, /trip: start the workflow (or say where it is)."""
        if self.workflows is None:
            await self.say(chat_id, texts.NO_WORKFLOWS)
            return
        now = self.clock()
        entity = self.config.entity_of(user_id)
        for line in await self.workflows.start(workflow_id, chat_id, entity, now):
            await self.say(chat_id, line)
        await self.questions.show_next(chat_id, now)

    async def driven(self, msg: Incoming) -> Running | None:
        """The chat's active workflow when a model answers (it drives the turn); else None."""
        if self.workflows is None or not self.deps.responder.has_model:
            return None
        return await self.workflows.running(msg.chat_id, self.config.entity_of(msg.user_id))

    async def changed(self, chat_id: int, user_id: int) -> None:
        """After a commit: the chat's workflow follows Canon's beliefs (a trip under way)."""
        if self.workflows is None:
            return
        entity = self.config.entity_of(user_id)
        for line in await self.workflows.changed(chat_id, entity, self.clock()):
            await self.say(chat_id, line)
