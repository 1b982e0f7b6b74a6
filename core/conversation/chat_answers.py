"""Answering a question: a tap on its buttons, /confirm or /reject, a typed yes or no.

``Answers.settle`` applies the answer (or starts an Edit), closes the prompt and shows
the chat's next question. ``Answers`` owns nothing of its own: it reads the prompts
(``Questions``), answers through the engine and hands an Edit to ``Edits``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date, datetime

from core.conversation import texts
from core.conversation.buttons import (
    TapAction,
    callback_data,
    parse_callback,
    parse_choice,
    parse_new_place,
    parse_one,
    parse_part,
    parse_wrong,
)
from core.conversation.chat_base import ChatDeps, ChatPart
from core.conversation.chat_edits import Edits
from core.conversation.chat_part_values import PartValues
from core.conversation.chat_questions import Questions
from core.conversation.chat_workflows import WorkflowSteps
from core.conversation.left_undone import left_undone, trip_began
from core.conversation.said_since import said_since
from core.conversation.wrong_parts import WrongParts, asks_which_part
from core.domain.chat_records import ChatMode, PromptMessage
from core.domain.principals import user_principal
from core.domain.review_items import OPEN_STATUSES, ReviewItem
from core.domain.state import CommittedFact
from core.domain.tense import has_ended
from core.domain.user_clock import last_day
from core.domain.whose_word import reader_of
from core.engine.consistency import no_cannot_keep
from core.engine.review import answer_review
from core.errors import AlreadyAnswered, InvalidAnswer, NotYours, Overtaken


class Answers(ChatPart):
    """Taps and typed answers to the chat's questions."""

    def __init__(
        self,
        deps: ChatDeps,
        questions: Questions,
        edits: Edits,
        steps: WorkflowSteps,
        part_values: PartValues,
        wrong_parts: WrongParts,
    ) -> None:
        super().__init__(deps)
        self.questions = questions
        self.edits = edits
        self.part_values = part_values
        self.wrong_parts = wrong_parts
        self.steps = steps

    async def tap_chat(self, user_id: int, data: str | None) -> int:
        """The chat a tap acts on: the chat of the prompt its button names, else the
        tapper's private chat. Read before the chat's turn is taken; the tap reads the
        prompt again inside it."""
        found = (
            parse_part(data)
            or parse_wrong(data)
            or parse_one(data)
            or parse_choice(data)
            or parse_new_place(data)
            or parse_callback(data)
        )
        prompt = None if found is None else await self.log.prompt_by_token(found[0])
        return user_id if prompt is None else prompt.chat_id

    async def on_tap(
        self, callback_id: str, user_id: int, data: str | None, message_id: int | None = None
    ) -> None:
        """A button under a prompt: answered first, then acted on, then the prompt edited."""
        now = self.clock()
        wrong = parse_wrong(data)
        if wrong is not None:  # the part a No is for; None: all of it
            every = await self.wrong_parts.tapped(callback_id, user_id, *wrong, now)
            if every is not None:
                await self.settle(every, "reject", user_id, now, every_part=True)
            return
        part = parse_part(data)
        if part is not None:
            await self.edits.pick_part(callback_id, user_id, message_id, *part, now=now)
            return
        choice = parse_choice(data)
        if choice is not None:
            await self.edits.choose(callback_id, user_id, message_id, *choice, now=now)
            return
        new_place = parse_new_place(data)
        if new_place is not None:
            await self.edits.places.confirm(callback_id, user_id, message_id, *new_place, now=now)
            return
        one = parse_one(data)  # an errand of a choice: a Yes to it
        parsed = parse_callback(data) if one is None else (one[0], "confirm")
        prompt = None if parsed is None else await self.log.prompt_by_token(parsed[0])
        if parsed is None or prompt is None:
            await self.messenger.answer_tap(callback_id, texts.EXPIRED)
            return
        if prompt.owner_user_id != user_id:
            await self.messenger.answer_tap(callback_id, texts.NOT_YOURS)
            return
        item = await self.engine.store.review_item(prompt.item_id)
        if (
            prompt.closed_at is not None
            or item is None
            or item.status
            not in (
                "pending",
                "queued",
            )
        ):
            await self.messenger.answer_tap(callback_id, texts.ALREADY)
            # Still open in this chat: answered elsewhere first (her own app, another
            # process). The message is edited to that answer; she is told it was not hers.
            shown = item if prompt.closed_at is None else None
            if shown is not None and await self.questions.close(
                prompt, shown, shown.status, None, now
            ):
                await self.say(prompt.chat_id, texts.ANSWERED_ELSEWHERE)
            return
        action = parsed[1]
        edit = "Tap what to drop" if item.kind == "bootstrap" else "Send the value"
        label = {"confirm": "Confirmed", "reject": "Rejected", "edit": edit}
        await self.messenger.answer_tap(callback_id, label[action])
        await self.settle(prompt, action, user_id, now, chosen=None if one is None else one[1])

    async def _ended(self, item: ReviewItem, confirmed: bool, now: datetime) -> date | None:
        """The last day of what a Yes just saved when that end has already passed ("kids r
        at their dads till sunday", tapped on Monday before the sweep withdrew it): told
        as over, not as now. None when it holds at ``now``."""
        if not confirmed:
            return None
        fact = await self.engine.store.fact(item.entity_id, item.field)
        if fact is None or fact.valid_until is None or not has_ended(fact, now):
            return None
        return last_day(fact.valid_until, await self.deps.zone_of(item.entity_id))

    async def answer_active(
        self, chat_id: int, user_id: int, action: TapAction, *, replying_to: int | None = None
    ) -> None:
        """/confirm or /reject: answer the chat's current question; sent as a reply to
        another question (``replying_to``), that one, as a typed yes or no replying is."""
        now = self.clock()
        active = await self.questions.active(chat_id)
        if replying_to is not None and (active is None or active.message_id != replying_to):
            replied = await self.log.prompt_for_message(chat_id, replying_to)
            if replied is not None:
                await self.answer_replied(replied, action, user_id, now)
                return
        if active is None:
            await self.say(chat_id, "There is no open question.")
            return
        await self.settle(active, action, user_id, now, typed=True)

    async def answer_replied(
        self, prompt: PromptMessage, action: TapAction, user_id: int, now: datetime
    ) -> None:
        """A typed yes or no sent as a reply to ``prompt``, which is not the question open
        now: it answers that question, as its button would, or, that question answered
        already, it is told so and changes nothing (never the open question's answer)."""
        item = await self.engine.store.review_item(prompt.item_id)
        if prompt.closed_at is None and item is not None and item.status in OPEN_STATUSES:
            await self.settle(prompt, action, user_id, now, typed=True)
            return
        outcome = prompt.outcome or (item.status if item is not None else None)
        open_now = await self.questions.active(prompt.chat_id) is not None
        await self.say(prompt.chat_id, texts.already_answered(outcome, open_now=open_now))

    async def _editing(self, prompt: PromptMessage, item: ReviewItem) -> bool:
        """Whether the chat already waits for ``item``'s value (an Edit, or a No that asked
        for the day instead)."""
        mode = await self.log.mode(prompt.chat_id)
        return mode is not None and mode.mode == "edit" and mode.item_id == item.id

    async def _edit_over(self, chat_id: int, settled: Sequence[ReviewItem]) -> None:
        """An Edit waiting for a value of one of ``settled`` (answered by a tap instead)
        is over: its options lose their buttons, and the next message is a message."""
        mode = await self.log.mode(chat_id)
        if mode is not None and mode.mode == "edit" and mode.item_id in {m.id for m in settled}:
            await self.edits.end(chat_id)

    async def settle(
        self,
        prompt: PromptMessage,
        action: TapAction,
        user_id: int,
        now: datetime,
        *,
        typed: bool = False,
        chosen: int | None = None,
        every_part: bool = False,
    ) -> None:
        """``chosen``: the seq of the part a Yes is for (an errand of a choice);
        ``every_part``: a No for every part of a grouped question, which part it was for
        asked already (``wrong_parts``)."""
        item = await self.engine.store.review_item(prompt.item_id)
        if item is None:
            return
        if prompt.owner_user_id != user_id:
            await self.say(prompt.chat_id, texts.NOT_YOURS)
            return
        members = await self.questions.group_of(item)
        mode = await self.log.mode(prompt.chat_id)
        if mode is not None and mode.mode == "pick":
            await self.log.clear_mode(prompt.chat_id)  # answered by a tap instead
        if action == "reject" and await self.wrong_parts.waiting(prompt):
            every_part = True  # No again, while asked which part: all of it
        await self.wrong_parts.end(prompt.chat_id, "All of it" if every_part else None)
        target = item if chosen is None else next((m for m in members if m.seq == chosen), None)
        if target is None:  # an errand of the choice settled since: nothing to choose
            await self.say(prompt.chat_id, texts.ALREADY)
            return
        if action == "edit" and len(members) > 1:
            # Which part is wrong? Then that part's own edit flow (tapped, or its value typed).
            await self.part_values.offer(prompt, members, now)
            return
        if action == "edit":
            await self.edits.begin(prompt, item, now)
            return
        if (
            action == "reject"
            and not every_part
            and len(members) > 1
            and asks_which_part(
                item, members, (await self.questions.worded_now(prompt, item, now))[0]
            )
        ):
            await self.wrong_parts.offer(prompt, members, now)  # which part is wrong?
            return
        if action == "reject" and no_cannot_keep(item) and not await self._editing(prompt, item):
            # "Did you leave on Sunday?" No: not Sunday, but the trip began some day; ask
            # which before forgetting it (a second No, or the day unknown, forgets it).
            await self.edits.begin(prompt, item, now, request=texts.which_day_instead(item))
            return
        asked_again, seen = await self.questions.asked_again_if_said_since(prompt, item, now)
        if asked_again:
            return  # another member's word since it was shown: asked again, saying so
        try:
            result = await answer_review(
                self.engine,
                target.id,
                action,
                now=now,
                answered_by=f"telegram:{user_id}",
                principal=user_principal(self.config.entity_of(user_id)),
                rules=self.deps.rules,
                whole_group=True,
                seen=seen,
            )
        except Overtaken as e:  # a person's word committed after the message she tapped
            await self._overtaken(prompt, item, e.fact, now)
            return
        except NotYours:  # another member's words raised it: theirs to answer
            await self.say(prompt.chat_id, texts.NOT_YOURS)
            return
        except InvalidAnswer as e:  # a dead letter still invalid: the question stays open
            reason = str(e)
            await self.say(prompt.chat_id, f"{reason[:1].upper()}{reason[1:]}.")
            return
        except AlreadyAnswered:
            # Answered elsewhere first (her own client, her assistant, another process):
            # the message shows that answer, and she is told her tap did not make it.
            fresh = await self.engine.store.review_item(item.id)
            status = fresh.status if fresh else "closed"
            if await self.questions.close(prompt, item, status, None, now):
                await self.say(prompt.chat_id, texts.ANSWERED_ELSEWHERE)
            await self._edit_over(prompt.chat_id, members)
            await self.questions.show_next(prompt.chat_id, now)
            return
        await self.questions.close(
            prompt,
            item,
            result.status,
            result.committed_value,
            now,
            typed=typed,
            group=members,
            ended=await self._ended(item, result.committed and action == "confirm", now),
        )
        for member in result.group[1:]:  # a part picked for an Edit may have a prompt
            await self.log.close_prompt(member.id, member.status, now)
        await self._edit_over(prompt.chat_id, [*result.group, item])
        also = texts.followed_from_answer(result.implied, self.config.entity_of(user_id), item)
        if also is not None:
            await self.say(prompt.chat_id, also)
        mine = self.config.entity_of(user_id)
        settled = [*(result.group or (item,)), *result.implied]
        if result.committed and action == "confirm" and trip_began(settled, mine):
            # A Yes that sets the trip under way: what was to be done before leaving.
            store = self.engine.store
            undone = left_undone(
                await store.facts(mine), mine, await store.open_review_items([mine])
            )
            if undone:
                await self.say(prompt.chat_id, "\n".join(undone))
        if result.committed:
            await self.deps.changed(now)
            await self.steps.changed(prompt.chat_id, prompt.owner_user_id)
        if action == "reject" and await self._which_day_instead(prompt, item, now):
            return  # the same day, waiting to be asked again: which day it was instead
        await self.questions.show_next(prompt.chat_id, now)

    async def _overtaken(
        self, prompt: PromptMessage, item: ReviewItem, word: CommittedFact, now: datetime
    ) -> None:
        """A Yes ``core.domain.overtaken`` refused: a person's word (``word``) was committed
        after what the message tapped showed. Said under it (whose, when, what), and the
        question is asked again below with that word in it, to answer knowing it."""
        mine = self.config.entity_of(prompt.owner_user_id)
        since = await said_since(self.engine.store, item, mine)
        names = (await self.deps.household_users()).names
        shown = since or replace(word, principal=reader_of(word.principal, ()))
        line = await self.questions.overtaken_words(shown, mine, names)
        if since is None or prompt.message_id is None:  # nothing to show it with: said
            await self.say(prompt.chat_id, line)
            return
        await self.questions.resend(prompt, item, now, texts.overtaken_asked_again(line))

    async def _which_day_instead(
        self, prompt: PromptMessage, said_no: ReviewItem, now: datetime
    ) -> bool:
        """After No to ``said_no``, the same day still waiting to be asked of a trip under
        way (the conflict raised before her words were: "Did you leave on Wednesday?" both
        times): never asked again, but which day it was instead, under that question's
        own prompt, whose No forgets the day as the conflict's second No does. Whether it
        was asked."""
        same = (said_no.field, str(said_no.candidate_value)[:10])
        waiting = [
            r
            for r in await self.engine.store.open_review_items([said_no.entity_id])
            if r.id != said_no.id
            and no_cannot_keep(r)
            and (r.field, str(r.candidate_value)[:10]) == same
        ]
        if not waiting:
            return False
        item = waiting[0]
        asked = await self.questions.bind(item, prompt.chat_id, prompt.owner_user_id, now)
        request = texts.which_day_instead(item)
        await self.log.append_message(prompt.chat_id, "assistant", request, now)
        buttons = [
            ("No", callback_data(asked.token, "reject")),
            ("Edit", callback_data(asked.token, "edit")),
        ]
        await self.log.set_prompt_message(
            item.id, await self.messenger.send(prompt.chat_id, request, buttons)
        )
        await self.log.set_mode(ChatMode(prompt.chat_id, "edit", item.id, now))
        return True
