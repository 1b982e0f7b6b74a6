"""A No to a grouped question: which part is wrong.

"Is all of this right? • Are you in Tahoe? • Is your trip under way? • Did you leave on
Friday?" answered No may mean any one part: rejecting every part left Canon believing the
trip still planned when only its day was wrong. So a No to a question of several parts
(tapped, typed, /reject) asks "Which part is wrong?", a button per part and "All of it".
Each part's button says it as the question's line does ("you left on Friday, November
20", ``core.domain.part_words``). The part tapped is rejected alone (remembered, as any No
is) and the rest is asked again as one question below, one prompt at a time: its Yes
commits the rest, its No asks again. The day a trip left, tapped, is not rejected alone
(the trip was left under way with no day it left, never asked again): "What day did you
leave, then?" is asked, a button a day of the week or the day typed, as an Edit of that
part (``Edits``); held with the rest, it commits, as hers, on their Yes.
"All of it", or "no" (or "all of it", "none of it") typed or tapped again, rejects every
part, as a No did before. A question whose parts read as one sentence ("Did you pay
$2,100 rent?"), a choice between errands, a correction and a question of one part are
answered by their No as they were.

``WrongParts`` owns the chat's "pick_no" mode row: set when the parts are offered; ended
by a part or "All of it" tapped, Yes or Edit on the question, Cancel, or any other
message (handled as a message; the question stays open and loses nothing).
"""

from __future__ import annotations

import re
from datetime import datetime

from core.conversation import texts
from core.conversation.buttons import trip_left, wrong_part_buttons, wrong_part_label
from core.conversation.chat_base import ChatDeps, ChatPart, Incoming
from core.conversation.chat_edits import EDIT_TIMEOUT, Edits
from core.conversation.chat_questions import Questions
from core.conversation.chat_workflows import WorkflowSteps
from core.conversation.typed_replies import typed_answer
from core.domain import phrasing
from core.domain.chat_records import ChatMode, PromptMessage
from core.domain.errands import asks_which_errand
from core.domain.principals import user_principal
from core.domain.review_items import OPEN_STATUSES
from core.engine.corrections import correction_kind
from core.engine.review import answer_review
from core.errors import AlreadyAnswered, NotFound, NotYours
from core.store import ReviewItem

WHICH_PART_WRONG = "Which part is wrong?"
ALL_OF_IT = "All of it"
_ALL_WORDS = re.compile(
    r"^\s*(?:all|all of it|all of them|everything|every part|none|none of it|none of them|"
    r"all wrong|it'?s all wrong|the whole thing|both|both of them)\s*[.!]*\s*$",
    re.IGNORECASE,
)
"""A typed answer to "Which part is wrong?" that means every part."""


def asks_which_part(item: ReviewItem, members: list[ReviewItem], shown: str) -> bool:
    """Whether a No to ``item``'s question (``members``: its open group; ``shown``: its
    words now) first asks which part is wrong: a change of several parts asked one by one
    ("Is all of this right?" and a line each), not one sentence of them ("Did you pay
    $2,100 rent?", "Bob says you're in Tahoe": a No to it is a No to all of it), a choice
    between errands (its No is "none of them") nor a correction (its No keeps what is
    held)."""
    return (
        item.kind == "change"
        and len(members) > 1
        and correction_kind(item) is None
        and not asks_which_errand(item.group_key)
        and f"{phrasing.LISTED}\n• " in shown
    )


def asks_day_left(part: ReviewItem, members: list[ReviewItem]) -> bool:
    """Whether a No to ``part`` alone asks which day it was instead: the day a trip left
    ("Did you leave on Friday?" under "Is your trip under way?"). Rejected alone, the trip
    was held under way with no day it left, and nothing asked it again."""
    return (
        part.field == "travel.depart_date"
        and part.candidate_value is not None
        and trip_left(members)
    )


def no_to_part(label: str, rest: bool) -> str:
    """What the question's message says once one part was said No to."""
    return f"❌ No to {label}" + (f"\n{texts.REST_ASKED_AGAIN}" if rest else "")


class WrongParts(ChatPart):
    """Offering a grouped question's parts for a No, and rejecting the one picked."""

    def __init__(
        self, deps: ChatDeps, questions: Questions, steps: WorkflowSteps, edits: Edits
    ) -> None:
        super().__init__(deps)
        self.questions = questions
        self.steps = steps
        self.edits = edits

    async def waiting(self, prompt: PromptMessage) -> bool:
        """Whether the chat waits for which part of ``prompt``'s question a No is for."""
        mode = await self.log.mode(prompt.chat_id)
        return mode is not None and mode.mode == "pick_no" and mode.item_id == prompt.item_id

    async def offer(self, prompt: PromptMessage, members: list[ReviewItem], now: datetime) -> None:
        """ "Which part is wrong?" with a button per part, "All of it" and Cancel."""
        await self.end(prompt.chat_id)  # an earlier pick's buttons go
        mine = self.config.entity_of(prompt.owner_user_id)
        names = (await self.deps.household_users()).names
        await self.log.append_message(prompt.chat_id, "assistant", WHICH_PART_WRONG, now)
        buttons = wrong_part_buttons(members, prompt.token, mine, names)
        asked = await self.messenger.send(prompt.chat_id, WHICH_PART_WRONG, buttons)
        mode = ChatMode(prompt.chat_id, "pick_no", prompt.item_id, now, asked=asked)
        await self.log.set_mode(mode)

    async def end(self, chat_id: int, shown: str | None = None) -> None:
        """The pick ends: its message loses its buttons (``shown``: what was picked)."""
        mode = await self.log.mode(chat_id)
        if mode is None or mode.mode != "pick_no":
            return
        await self.log.clear_mode(chat_id)
        if mode.asked is None:
            return
        if shown is None:
            await self.messenger.drop_buttons(chat_id, mode.asked)
        else:
            await self.messenger.edit(chat_id, mode.asked, f"{WHICH_PART_WRONG}\n→ {shown}")

    async def typed(self, msg: Incoming, mode: ChatMode) -> PromptMessage | None:
        """A message while "Which part is wrong?" waits: the question whose every part it
        says No to ("all of it", "none", a second "no"); None when it is a message of its
        own (the pick ends; the question stays open)."""
        prompt = await self.log.prompt_for_item(mode.item_id)
        every = bool(_ALL_WORDS.match(msg.text)) or typed_answer(msg.text) == "reject"
        if prompt is None or prompt.closed_at is not None or not every:
            await self.end(msg.chat_id)
            return None
        if msg.at - mode.since > EDIT_TIMEOUT:
            await self.end(msg.chat_id)
            return None
        await self.end(msg.chat_id, ALL_OF_IT)
        return prompt

    async def tapped(
        self,
        callback_id: str,
        user_id: int,
        token: str,
        seq: int | None,
        now: datetime,
    ) -> PromptMessage | None:
        """A button under "Which part is wrong?": a part is rejected alone here; for "All
        of it" the question whose every part is to be rejected is returned."""
        prompt = await self.log.prompt_by_token(token)
        item = None if prompt is None else await self.engine.store.review_item(prompt.item_id)
        if prompt is None or item is None or prompt.closed_at is not None:
            await self.messenger.answer_tap(callback_id, texts.EXPIRED)
            return None
        if prompt.owner_user_id != user_id:
            await self.messenger.answer_tap(callback_id, texts.NOT_YOURS)
            return None
        members = [m for m in await self.questions.group_of(item) if m.status in OPEN_STATUSES]
        part = next((m for m in members if m.seq == seq), None)
        if not await self.waiting(prompt) or (seq is not None and part is None):
            await self.messenger.answer_tap(callback_id, texts.EXPIRED)
            return None
        if part is None:
            await self.messenger.answer_tap(callback_id, "Rejected")
            await self.end(prompt.chat_id, ALL_OF_IT)
            return prompt
        mine = self.config.entity_of(prompt.owner_user_id)
        label = wrong_part_label(part, members, mine, (await self.deps.household_users()).names)
        await self.messenger.answer_tap(callback_id, f"No: {label}")
        await self.end(prompt.chat_id, label)
        if asks_day_left(part, members):
            # Not that day, but the trip did leave: which day it was is asked (as an Edit
            # of the part, tapped or typed); it is held with the rest, whose Yes commits it.
            part_prompt = await self.questions.bind(part, prompt.chat_id, user_id, now)
            await self.edits.begin(part_prompt, part, now, request=texts.which_day_left(part))
            return None
        await self._reject(prompt, item, part, members, user_id, now)
        return None

    async def _reject(
        self,
        prompt: PromptMessage,
        item: ReviewItem,
        part: ReviewItem,
        members: list[ReviewItem],
        user_id: int,
        now: datetime,
    ) -> None:
        """No to ``part`` alone; the rest of ``item``'s question asked again below it."""
        asked, _buttons = await self.questions.worded_now(prompt, item, now)
        try:
            result = await answer_review(
                self.engine,
                part.id,
                "reject",
                now=now,
                answered_by=f"telegram:{user_id}",
                principal=user_principal(self.config.entity_of(user_id)),
                rules=self.deps.rules,
            )
        except NotYours:
            await self.say(prompt.chat_id, texts.NOT_YOURS)
            return
        except (AlreadyAnswered, NotFound):
            await self.say(prompt.chat_id, "That question was already settled; nothing changed.")
            await self.questions.show_next(prompt.chat_id, now)
            return
        rest = [m for m in members if m.id != part.id]
        mine = self.config.entity_of(prompt.owner_user_id)
        label = wrong_part_label(part, members, mine, (await self.deps.household_users()).names)
        if prompt.message_id is not None:
            await self.messenger.edit(
                prompt.chat_id, prompt.message_id, f"{asked}\n{no_to_part(label, bool(rest))}"
            )
        if part.id == item.id:  # the question's own prompt: closed; the rest asked anew
            await self.log.close_prompt(part.id, result.status, now)
        elif rest:  # the same prompt asks the rest, below
            body, buttons = await self.questions.worded_now(prompt, item, now)
            sent = await self.messenger.send(prompt.chat_id, body, buttons)
            await self.log.set_prompt_message(item.id, sent)
        if result.committed or result.implied:
            await self.deps.changed(now)
            await self.steps.changed(prompt.chat_id, prompt.owner_user_id)
        await self.questions.show_next(prompt.chat_id, now)
