"""One chat's turn, composed of the parts of the conversation loop.

``ChatParts`` builds each part once over the shared ``ChatDeps``; a ``ChatSession`` is
one chat's turn over them. What each part owns:

- ``Questions`` (``chat_questions``): the prompt rows: which item a chat shows, in which
  message, under which token; routing a question to its chat.
- ``WorkflowSteps`` (``chat_workflows``): the chat's workflow thread (/setup, trips).
- ``Edits`` (``chat_edits``): the chat's mode row: the item whose value comes next.
- ``Answers`` (``chat_answers``): nothing of its own; taps and typed answers settle
  questions through the engine.
- ``AssistantTurn`` (``chat_messages``): nothing of its own; claims, acknowledgement and
  the responder's reply (the responder owns the assistant's session).
- ``Commands`` (``chat_commands``): nothing of its own; reads and corrections.

The session decides which part a message goes to. A message's turn is cut into short
sections of the chat's order (``chat_order``) around what is slow: the extractor reads
the message before the first, acknowledgements and replies are sent between them, and
the model answers between them with no section held.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import datetime

from core.conversation import texts
from core.conversation.chat_answers import Answers
from core.conversation.chat_base import ChatDeps, Claims, Incoming
from core.conversation.chat_commands import Commands
from core.conversation.chat_edits import Edits
from core.conversation.chat_messages import AssistantTurn, Heard
from core.conversation.chat_order import ChatOrder
from core.conversation.chat_part_values import PartValues
from core.conversation.chat_questions import Questions
from core.conversation.chat_workflows import WorkflowSteps
from core.conversation.relayed import Relayed
from core.conversation.typed_correction import corrected, no_then
from core.conversation.typed_day import day_typed
from core.conversation.typed_replies import TypedReply, typed_reply, typed_unsure
from core.conversation.wrong_parts import WrongParts
from core.domain.chat_records import PromptMessage
from core.domain.fields import domain_of

log = logging.getLogger(__name__)


class ChatParts:
    """The parts of the conversation loop, each built once and shared by every chat."""

    def __init__(self, deps: ChatDeps) -> None:
        self.deps = deps
        self.questions = Questions(deps)
        self.steps = WorkflowSteps(deps, self.questions)
        self.edits = Edits(deps, self.questions, self.steps)
        self.part_values = PartValues(deps, self.questions, self.edits)
        self.wrong_parts = WrongParts(deps, self.questions, self.steps, self.edits)
        self.answers = Answers(
            deps, self.questions, self.edits, self.steps, self.part_values, self.wrong_parts
        )
        self.assistant = AssistantTurn(deps, self.questions, self.steps)
        self.commands = Commands(deps, self.questions, self.edits)
        self.relayed = Relayed(deps, self.questions)


class ChatSession:
    """One turn of one chat. ``on_text`` takes the chat's sections itself (the caller
    holds the chat's message lane); every other call runs inside a section."""

    def __init__(self, chat_id: int, parts: ChatParts, order: ChatOrder) -> None:
        self.chat_id = chat_id
        self.parts = parts
        self.order = order

    async def on_text(self, msg: Incoming) -> None:
        """A plain message: an Edit's value, a typed yes/no, a workflow step, or conversation."""
        deps, assistant = self.parts.deps, self.parts.assistant
        # Read before the section: the extractor needs only the text and the names the
        # household's state knows (as the chat's previous message left them). A typed yes
        # or no says nothing of its own, so no extractor (a model, perhaps) is asked.
        claims: Claims = []
        typed = typed_reply(msg.text)
        if typed is None or typed.remark:
            # "yea before we leave": only the remark after the yes can carry news.
            read = msg if typed is None else replace(msg, text=typed.remark)
            try:
                claims = await deps.extract(read, deps.config.entity_of(msg.user_id))
            except Exception:
                # The user's words are kept whatever failed reading them (the error
                # handler's "Sorry" follows them in the chat, and a restart shows both).
                async with self.order.section(self.chat_id):
                    await deps.log_user(msg)
                raise
        async with self.order.section(self.chat_id):
            now = deps.clock()
            heard = await self._heard(msg, typed, claims, now)
            if heard is not None and heard.asking is not None and not deps.responder.has_model:
                # No model: the reply is read from the records at once, in this section
                # (one section fewer: each costs the store's lease, two durable writes).
                reply = await assistant.answer(heard.asking)
                said = await assistant.record(heard.asking, reply)
                heard = replace(heard, said=[*heard.said, *said], asking=None)
        if heard is None:
            return
        await self._send(heard.said)
        if heard.asking is not None:
            reply = await assistant.answer(heard.asking)  # no section held: the model
            async with self.order.section(self.chat_id):
                said = await assistant.record(heard.asking, reply)
            await self._send(said)
        async with self.order.section(self.chat_id):
            if heard.workflow:
                await deps.changed(now)
            else:
                await self.parts.steps.changed(msg.chat_id, msg.user_id)
            # She is back in the chat: a question left open there reads as it would now.
            await self.parts.questions.reword(msg.chat_id, now)
            await self.parts.questions.show_next(msg.chat_id, now)
            if heard.asked:
                await assistant.note_queued(msg.chat_id, heard.asked)
            if heard.left_edit:
                await deps.say(msg.chat_id, texts.EDIT_LEFT)
        await self._ask_the_others(msg, heard, now)

    async def _ask_the_others(self, msg: Incoming, heard: Heard, now: datetime) -> None:
        """What the speaker said of another user is asked in that user's chat now, not at
        the next sweep (each chat's section in turn: never two held at once). That chat
        may not take it (its user never opened the bot: Telegram refuses to start a
        chat): the speaker's turn is done, and the sweep asks again later."""
        deps = self.parts.deps
        speaker = deps.config.entity_of(msg.user_id)
        for entity in self.parts.assistant.asked_of_others(heard.asked, speaker):
            owner = deps.config.owner_of(entity)
            if owner is None or owner == msg.chat_id:
                continue
            try:
                async with self.order.section(owner):
                    await self.parts.questions.show_next(owner, now)
            except Exception as e:  # the other chat's failure is not the speaker's
                log.warning("could not ask chat %s now (the sweep will): %s", owner, e)

    async def _heard(
        self, msg: Incoming, reply: TypedReply | None, claims: Claims, now: datetime
    ) -> Heard | None:
        """The message's section: what the message is, given what the chat waits for.
        None: settled here (an Edit's value, a typed answer); else what is left to say
        and ask."""
        deps, questions = self.parts.deps, self.parts.questions
        await deps.log_user(msg)
        mode = await deps.log.mode(msg.chat_id)
        left_edit = False
        if mode is not None and mode.mode == "edit":
            if await self.parts.edits.value(msg, mode, now, claims):
                return None
            left_edit = True  # not an answer: handled as a message, the question stays
        elif (
            mode is not None
            and mode.mode == "pick"
            and await self.parts.part_values.value(msg, mode, now, claims)
        ):
            return None
        elif mode is not None and mode.mode == "pick_no":
            every = await self.parts.wrong_parts.typed(msg, mode)
            if every is not None:  # "all of it", "no" again: No to every part
                answers = self.parts.answers
                await answers.settle(every, "reject", msg.user_id, now, typed=True, every_part=True)
                return None
        active = await questions.active(msg.chat_id)
        if reply is not None and reply.remark and await self._disputed(active, claims):
            reply = None  # "yeah we got back last night" under "Are you in Tahoe?": news
        action = reply.action if reply is not None else None
        replied = await self._replied_question(msg, active) if action is not None else None
        answered = False
        if action is not None and replied is not None:
            await self.parts.answers.answer_replied(replied, action, msg.user_id, now)
            answered = True
        elif action is not None and active is not None:
            await self.parts.answers.settle(active, action, msg.user_id, now, typed=True)
            answered = True
        if reply is not None and reply.remark and (answered or claims):
            if not claims:
                return None  # "yup, thx": the yes was all the news
            # The remark is heard as a message of its own, after the yes: its news may
            # raise questions, never answer the one shown next.
            msg = replace(msg, text=reply.remark)
            active = await questions.active(msg.chat_id)
            news = await self.parts.assistant.claims(msg, claims, now, shown=active is not None)
            return replace(news, left_edit=left_edit)
        if answered:
            return None
        if active is not None and not claims and typed_unsure(msg.text):
            # "dunno" under "Do you leave on Friday?": no value to read, no "what do you
            # mean" either; the belief stays tentative and the question open, and she is
            # told so.
            await deps.say(msg.chat_id, texts.UNSURE_LEFT_OPEN)
            return None
        if active is not None and not left_edit and await self._corrected(msg, active, now, claims):
            return None  # "no, its due the 12th actually": the question's Edit
        # "the 3rd" under "Are you back on Thursday, December 3?" (an Edit that timed out
        # takes no late value: that message is handled as any other).
        if (
            active is not None
            and not claims
            and not left_edit
            and await self._day_typed(msg, active, now)
        ):
            return None
        if not claims and await self.parts.commands.said_wrong(msg.chat_id, msg.user_id, msg.text):
            return None  # "actually the return is wrong": the right value is asked for
        # "why do you think maya is sick": its reasons, as /why shows them. What the
        # question quotes ("...i paid the pge bill") is no news of hers, read or not.
        if await self.parts.commands.asked_why(msg.chat_id, msg.user_id, msg.text):
            return None
        shown = active is not None
        heard = await self.parts.assistant.workflow_message(msg, now, shown=shown)
        if heard is None:
            heard = await self.parts.assistant.claims(msg, claims, now, shown=shown)
        return replace(heard, left_edit=left_edit)

    async def _disputed(self, active: PromptMessage | None, claims: Claims) -> bool:
        """Whether the remark after a yes tells of the question's own domain: then the
        yes is a way of talking ("yeah we got back home last night" under "Are you in
        Tahoe?"), and the whole message is news to weigh, not an answer."""
        if active is None or not claims:
            return False
        item = await self.parts.deps.engine.store.review_item(active.item_id)
        if item is None:
            return False
        return any(domain_of(str(c.get("field", ""))) == domain_of(item.field) for c in claims)

    async def _replied_question(
        self, msg: Incoming, active: PromptMessage | None
    ) -> PromptMessage | None:
        """The question ``msg`` replies to when it is not the one open now (None: no
        reply, a reply to the open question, or to a message that asked nothing)."""
        if msg.replying_to is None or (active is not None and active.message_id == msg.replying_to):
            return None
        return await self.parts.deps.log.prompt_for_message(msg.chat_id, msg.replying_to)

    async def _corrected(
        self, msg: Incoming, active: PromptMessage, now: datetime, claims: Claims
    ) -> bool:
        """A no with the right value after it answers the open question as its Edit."""
        rest = no_then(msg.text)
        found = (
            None if rest is None else await corrected(self.parts.deps, msg, active, rest, claims)
        )
        if found is None:
            return False
        item, value = found
        if item.id != active.item_id:  # a part of a grouped question: bound as if tapped
            await self.parts.questions.bind(item, active.chat_id, active.owner_user_id, now)
        await self.parts.edits.apply(msg.chat_id, item.id, value, msg.user_id, now)
        return True

    async def _day_typed(self, msg: Incoming, active: PromptMessage, now: datetime) -> bool:
        """A day typed alone under an open question that proposes one answers it: the
        day proposed is a Yes, another day that question's edit."""
        typed = await day_typed(self.parts.deps, msg, active)
        if typed is None:
            return False
        item, day = typed
        if day == item.candidate_value:
            await self.parts.answers.settle(active, "confirm", msg.user_id, now, typed=True)
        else:
            await self.parts.edits.apply(msg.chat_id, item.id, day, msg.user_id, now)
        return True

    async def _send(self, said: list[str]) -> None:
        for line in said:
            await self.parts.deps.send_text(self.chat_id, line)

    async def on_command_text(self, msg: Incoming) -> None:
        """Record a command in the conversation log (commands are messages too).

        A command ends an Edit: the command runs as usual and the question stays open.
        """
        deps = self.parts.deps
        await deps.log_user(msg)
        command = msg.text.split(maxsplit=1)[0].split("@")[0].lower() if msg.text else ""
        if command == "/cancel" or await deps.log.mode(msg.chat_id) is None:
            return
        await self.parts.edits.end(msg.chat_id)
        if command not in ("/confirm", "/reject"):
            await deps.say(msg.chat_id, texts.EDIT_LEFT)

    async def sweep(self, user_id: int) -> None:
        """Show the chat's next question (after a restart, or evidence from pollers), and
        ask what the day has brought (a planned move whose day has come); an Edit whose
        time ran out loses its buttons."""
        deps = self.parts.deps
        now = deps.clock()
        await self.parts.edits.expire(self.chat_id, now)
        await deps.engine.review_timeline(deps.config.entity_of(user_id), now)
        await self.parts.steps.changed(self.chat_id, user_id)
        await self.parts.questions.show_next(self.chat_id, now)
