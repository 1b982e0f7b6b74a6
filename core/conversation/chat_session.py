"""One chat's turn, composed of the parts of the conversation loop.

``ChatParts`` builds each part once over the shared ``ChatDeps``; a ``ChatSession`` is
one chat's turn over them, opened by ``CanonChat`` while it holds that chat's order
(``chat_order``). What each part owns:

- ``Questions`` (``chat_questions``): the prompt rows: which item a chat shows, in which
  message, under which token; routing a question to its chat.
- ``WorkflowSteps`` (``chat_workflows``): the chat's workflow thread (/setup, trips).
- ``Edits`` (``chat_edits``): the chat's mode row: the item whose value comes next.
- ``Answers`` (``chat_answers``): nothing of its own; taps and typed answers settle
  questions through the engine.
- ``AssistantTurn`` (``chat_messages``): nothing of its own; claims, acknowledgement and
  the responder's reply (the responder owns the assistant's session).
- ``Commands`` (``chat_commands``): nothing of its own; reads and corrections.

The session decides which part a message goes to.
"""

from __future__ import annotations

from core.conversation import texts
from core.conversation.chat_answers import Answers
from core.conversation.chat_base import ChatDeps, Incoming
from core.conversation.chat_commands import Commands
from core.conversation.chat_edits import Edits
from core.conversation.chat_messages import AssistantTurn
from core.conversation.chat_questions import Questions
from core.conversation.chat_workflows import WorkflowSteps


class ChatParts:
    """The parts of the conversation loop, each built once and shared by every chat."""

    def __init__(self, deps: ChatDeps) -> None:
        self.deps = deps
        self.questions = Questions(deps)
        self.steps = WorkflowSteps(deps, self.questions)
        self.edits = Edits(deps, self.questions, self.steps)
        self.answers = Answers(deps, self.questions, self.edits, self.steps)
        self.assistant = AssistantTurn(deps, self.questions, self.steps)
        self.commands = Commands(deps, self.questions, self.edits)


class ChatSession:
    """One turn of one chat: opened only while the chat's order is held."""

    def __init__(self, chat_id: int, parts: ChatParts) -> None:
        self.chat_id = chat_id
        self.parts = parts

    async def on_text(self, msg: Incoming) -> None:
        """A plain message: an Edit's value, a typed yes/no, a workflow step, or conversation."""
        deps, questions, steps = self.parts.deps, self.parts.questions, self.parts.steps
        now = deps.clock()
        await deps.log_user(msg)
        mode = await deps.log.mode(msg.chat_id)
        left_edit = False
        if mode is not None and mode.mode == "edit":
            if await self.parts.edits.value(msg, mode, now):
                return
            left_edit = True  # not an answer: handled as a message, the question stays
        action = texts.typed_answer(msg.text)
        active = await questions.active(msg.chat_id)
        if action is not None and active is not None:
            await self.parts.answers.settle(active, action, msg.user_id, now, typed=True)
            return
        if await self.parts.assistant.workflow_message(msg, now):
            if left_edit:
                await deps.say(msg.chat_id, texts.EDIT_LEFT)
            return
        asked = await self.parts.assistant.converse(msg, now)
        await steps.changed(msg.chat_id, msg.user_id)
        await questions.show_next(msg.chat_id, now)
        if asked:
            await self.parts.assistant.note_queued(msg.chat_id, asked)
        if left_edit:
            await deps.say(msg.chat_id, texts.EDIT_LEFT)

    async def on_command_text(self, msg: Incoming) -> None:
        """Record a command in the conversation log (commands are messages too).

        A command ends an Edit: the command runs as usual and the question stays open.
        """
        deps = self.parts.deps
        await deps.log_user(msg)
        command = msg.text.split(maxsplit=1)[0].split("@")[0].lower() if msg.text else ""
        if command == "/cancel" or await deps.log.mode(msg.chat_id) is None:
            return
        await deps.log.clear_mode(msg.chat_id)
        if command not in ("/confirm", "/reject"):
            await deps.say(msg.chat_id, texts.EDIT_LEFT)

    async def sweep(self, user_id: int) -> None:
        """Show the chat's next question (after a restart, or evidence from pollers)."""
        await self.parts.steps.changed(self.chat_id, user_id)
        await self.parts.questions.show_next(self.chat_id, self.parts.deps.clock())
