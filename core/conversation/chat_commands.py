"""Read commands and corrections: /state, /pending, /why, /history, /report, /debug and
/status answered from the store, and /forget, /undo and /wrong put as questions.

``Commands`` owns nothing of its own: a correction is a question (``Questions``), and
/wrong waits for the right value as an Edit (``Edits``)."""

from __future__ import annotations

from collections.abc import Mapping

from core.conversation import commands, plain_commands, report, texts
from core.conversation.chat_base import ChatDeps, ChatPart
from core.conversation.chat_edits import Edits
from core.conversation.chat_questions import Questions
from core.conversation.debug_view import debug_answer
from core.conversation.field_match import known_fields, matching_fields
from core.conversation.said_why import why_words
from core.conversation.said_wrong import wrong_part
from core.domain.principals import user_principal
from core.engine.corrections import propose_forget, propose_undo
from core.engine.incidents import propose_wrong
from core.errors import NotFound, NotYours


class Commands(ChatPart):
    """The commands that read Canon's state or correct it."""

    def __init__(self, deps: ChatDeps, questions: Questions, edits: Edits) -> None:
        super().__init__(deps)
        self.questions = questions
        self.edits = edits

    async def show_state(self, chat_id: int, user_id: int, domain: str | None = None) -> None:
        """/state [domain]."""
        now = self.clock()
        await self.say(
            chat_id,
            await commands.state_answer(
                self.engine.store, self.config, user_id, domain, now, await self._names()
            ),
        )

    async def _names(self) -> Mapping[str, str]:
        """The household's members by entity ("user:bob" -> "Bob"): whose word a view shows."""
        return (await self.deps.household_users()).names

    async def show_pending(self, chat_id: int, user_id: int) -> None:
        """/pending."""
        await self.say(
            chat_id,
            await commands.pending_answer(
                self.engine.store, self.config, user_id, self.clock(), await self._names()
            ),
        )

    async def explain(self, chat_id: int, user_id: int, query: str | None) -> None:
        """/why <field|domain|name>; words naming several values get a button each, and
        a bare /why offers what is held (one value: its reasons at once)."""
        now = self.clock()
        if query is None:
            held = await known_fields(self.engine.store, self.config.entities_of(user_id))
            if len({f for _e, f in held}) > 1:
                await self._which(chat_id, user_id, "why", "", held)
                return
            query = held[0][1] if held else None
        several = await commands.several_named(self.engine.store, self.config, user_id, query)
        if several and query is not None:
            await self._which(chat_id, user_id, "why", query, several)
            return
        names = await self._names()
        await self.say(
            chat_id,
            await commands.why_answer(self.engine.store, self.config, user_id, query, now, names),
        )

    async def show_history(self, chat_id: int, user_id: int, query: str | None = None) -> None:
        """/history [field|domain|name]; words naming several values get a button each."""
        several = await commands.several_named(self.engine.store, self.config, user_id, query)
        if several and query is not None:
            await self._which(chat_id, user_id, "history", query, several)
            return
        await self.say(
            chat_id,
            await commands.history_answer(
                self.engine.store, self.config, user_id, query, await self._names()
            ),
        )

    async def send_report(self, chat_id: int, user_id: int) -> None:
        """/report: the main chart as a photo with a three-line summary."""
        now = self.clock()
        answer = await report.report_answer(self.engine.store, self.config, user_id, now)
        if answer.chart is None:
            await self.say(chat_id, answer.caption)
            return
        await self.log.append_message(chat_id, "assistant", answer.caption, now)
        await self.messenger.send_photo(chat_id, answer.chart, answer.caption)

    async def debug(self, chat_id: int, user_id: int) -> None:
        """/debug: the assistant's session in this chat, for the owner."""
        await self.say(
            chat_id, await debug_answer(self.deps.responder, self.config, user_id, chat_id)
        )

    async def show_status(self, chat_id: int, user_id: int) -> None:
        """/status: how much Canon does on its own, per domain, for the speaker's entity."""
        entity = self.config.entity_of(user_id)
        await self.say(chat_id, await commands.status_answer(self.engine.rollout, entity))

    async def correction(self, chat_id: int, user_id: int, kind: str, field: str = "") -> None:
        """/forget <field> or /undo: propose the correction as a question."""
        now = self.clock()
        entities = self.config.entities_of(user_id)
        asker = user_principal(self.config.entity_of(user_id)).ref
        names = self.config.configured_names()
        try:
            if kind == "forget":
                hits = await plain_commands.named_fields(self.engine.store, entities, field)
                if len(hits) > 1:
                    await self._which(chat_id, user_id, "forget", field, hits)
                    return
                field = hits[0][1] if hits else field
                item = await propose_forget(
                    self.engine, entities, field, now, principal=asker, names=names
                )
            else:
                item = await propose_undo(self.engine, entities, now, principal=asker, names=names)
        except NotYours as e:  # another member's word on the household: theirs to correct
            await self.say(chat_id, str(e))
            return
        except NotFound as e:
            mine = self.config.entity_of(user_id)
            held = [
                (f.entity_id, f.field) for e in entities for f in await self.engine.store.facts(e)
            ]
            said = plain_commands.nothing_named(field, held, mine) if field else ""
            # Its first letter up, no other (str.capitalize lowered "the Amazon return").
            await self.say(chat_id, said or f"{str(e)[:1].upper()}{str(e)[1:]}.")
            return
        await self.questions.bind(item, chat_id, user_id, now)
        if await self.questions.active(chat_id) is not None:
            await self.say(chat_id, "I'll ask you that right after the current question.")
            return
        await self.questions.show_next(chat_id, now)

    async def _which(
        self, chat_id: int, user_id: int, command: str, words: str, hits: list[tuple[str, str]]
    ) -> None:
        """Several values match a command's words: one button each."""
        mine = self.config.entity_of(user_id)
        text = plain_commands.which_text(command, words)
        await self.log.append_message(chat_id, "assistant", text, self.clock())
        await self.messenger.send(chat_id, text, plain_commands.choice_buttons(command, hits, mine))

    async def said_wrong(self, chat_id: int, user_id: int, text: str) -> bool:
        """ "actually the return is wrong" typed as a message: ``/wrong return`` when the
        words name a part Canon holds (False otherwise: "the wifi is off" is news)."""
        part = wrong_part(text)
        if part is None:
            return False
        held = await plain_commands.named_fields(
            self.engine.store, self.config.entities_of(user_id), part
        )
        if not held:
            return False
        await self.wrong(chat_id, user_id, part)
        return True

    async def asked_why(self, chat_id: int, user_id: int, text: str) -> bool:
        """ "why do you think maya is sick" typed as a message: ``/why`` with the value it
        names, held or still asked (False when ``text`` asks no such thing)."""
        words = why_words(text)
        if words is None:
            return False
        entities = self.config.entities_of(user_id)
        asked = [r.field for r in await self.engine.store.open_review_items(entities)]
        for said in words:
            held = {
                f for _e, f in await plain_commands.named_fields(self.engine.store, entities, said)
            }
            if held:
                # "...the rent is paid": the rent's status, of its amount, day and status.
                status = [f for f in held if f.endswith(".status")]
                await self.explain(chat_id, user_id, status[0] if len(status) == 1 else said)
                return True
            # Not held yet, only asked ("Is Maya sick today?"): what was heard of each.
            pending = matching_fields(plain_commands.plain_query(said), asked)
            if pending:
                store, now, names = self.engine.store, self.clock(), await self._names()
                heard = [
                    await commands.why_answer(store, self.config, user_id, field, now, names)
                    for field in pending
                ]
                await self.say(chat_id, "\n\n".join(heard))
                return True
        await self.explain(chat_id, user_id, words[0] if words else None)
        return True

    async def wrong(self, chat_id: int, user_id: int, query: str) -> None:
        """/wrong <field or words>: a held value is wrong. Logs a P0 when Canon
        committed it alone, then asks for the right value (an Edit, waiting now)."""
        now = self.clock()
        entities = self.config.entities_of(user_id)
        hits = await plain_commands.named_fields(self.engine.store, entities, query)
        if len(hits) > 1 and len({f for _e, f in hits}) > 1:
            await self._which(chat_id, user_id, "wrong", query, hits)
            return
        if len(hits) != 1:
            known = [
                (f.entity_id, f.field) for e in entities for f in await self.engine.store.facts(e)
            ]
            await self.say(chat_id, texts.wrong_which(query, known, self.config.entity_of(user_id)))
            return
        asker = user_principal(self.config.entity_of(user_id)).ref
        try:
            item, _p0 = await propose_wrong(
                self.engine,
                entities,
                hits,
                now,
                principal=asker,
                names=self.config.configured_names(),
            )
        except NotYours as e:  # another member's word on the household: theirs to correct
            await self.say(chat_id, str(e))
            return
        await self.questions.bind(item, chat_id, user_id, now)
        if await self.questions.active(chat_id) is not None:
            await self.say(chat_id, "I'll ask you that right after the current question.")
            return
        await self.questions.show_next(chat_id, now)
        prompt = await self.questions.active(chat_id)
        if prompt is not None and prompt.item_id == item.id:
            await self.edits.begin(prompt, item, now)
