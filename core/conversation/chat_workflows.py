"""Workflows in a chat (/setup, /trip): starting one, the one a model drives, and
following Canon's beliefs after a commit (``core.conversation.workflows`` runs them)."""

from __future__ import annotations

from core.conversation import texts
from core.conversation.chat_base import Incoming
from core.conversation.chat_questions import ChatQuestions
from core.conversation.workflows import Running


class ChatWorkflowSteps(ChatQuestions):
    """The chat's side of its workflows: start one, who drives it, what a change does."""

    async def start_workflow(self, chat_id: int, user_id: int, workflow_id: str) -> None:
        """/setup, /trip: start the workflow (or say where it is)."""
        async with self._lock:
            if self.workflows is None:
                await self.say(chat_id, texts.NO_WORKFLOWS)
                return
            now = self.clock()
            entity = self.config.entity_of(user_id)
            for line in await self.workflows.start(workflow_id, chat_id, entity, now):
                await self.say(chat_id, line)
            await self._show_next(chat_id, now)

    async def _driven(self, msg: Incoming) -> Running | None:
        """The chat's active workflow when a model answers (it drives the turn); else None."""
        if self.workflows is None or not self.responder.has_model:
            return None
        return await self.workflows.running(msg.chat_id, self.config.entity_of(msg.user_id))

    async def _workflows_changed(self, chat_id: int, user_id: int) -> None:
        """After a commit: the chat's workflow follows Canon's beliefs (a trip under way)."""
        if self.workflows is None:
            return
        entity = self.config.entity_of(user_id)
        for line in await self.workflows.changed(chat_id, entity, self.clock()):
            await self.say(chat_id, line)
