"""Questions in a chat: which review item a chat shows next, and its prompt message.

A review item is bound to a chat (a prompt with a token its buttons carry), shown
one at a time per chat in the private chat of whoever it belongs to, closed with
what happened, and shown again after a restart.

``Questions`` owns the prompt rows of the conversation store (which item a chat shows,
in which message, under which token, closed how); the other parts ask it which question
a chat waits on and tell it to bind, close, show and show again.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any

from core.agent.session import CanonQuestion
from core.conversation import texts
from core.conversation.buttons import question_buttons
from core.conversation.chat_question_wording import RECENT, QuestionWording
from core.conversation.held_values import held_by_writer
from core.conversation.question_now import question_now
from core.conversation.said_since import overtaken_line, said_since, said_since_line
from core.conversation.settled_by import newer_word, settled_line
from core.conversation.transcript import read_chat
from core.domain.api_tokens import ApiToken
from core.domain.chat_records import PromptMessage
from core.domain.errands import asks_which_errand
from core.domain.review_items import OPEN_STATUSES, PASSED
from core.domain.state import CommittedFact
from core.domain.user_clock import on_users_clock
from core.domain.whose_word import whose_question
from core.engine.corrections import correction_kind
from core.engine.trip_state import TRIP_FIELDS, moves_a_trip
from core.engine.went_on_the_trip import FOLDED
from core.store import ReviewItem

_UNASKED_ENDS = frozenset({"superseded", "discarded"})
"""How a question ends that nobody answered: withdrawn, replaced or dropped."""


TRIP_FIRST = frozenset(
    ("travel.status", "travel.location", "travel.return_date", "travel.depart_date")
)
"""What a trip's word changes most: asked before the rest of the message it came in (her
way home under way is the trip's day back moved to today, ``way_home_words``)."""


def _same_message(a: ReviewItem, b: ReviewItem) -> bool:
    """Whether two questions came of one message (its source: ``conversation_assertive:
    tg:<chat>:<message>``); a question with no message of its own is alone."""
    if a.id == b.id:
        return True
    return a.source_key == b.source_key and a.source_key.startswith("conversation_assertive:")


def _same_group(a: ReviewItem, b: ReviewItem) -> bool:
    """Whether two questions are asked as one (one group), or are one question."""
    return a.id == b.id or (a.group_key is not None and a.group_key == b.group_key)


class Questions(QuestionWording):
    """Binding, routing, showing and closing the chat's questions."""

    async def active(self, chat_id: int) -> PromptMessage | None:
        """The question shown in ``chat_id`` and still open, closing ones settled elsewhere."""
        return (await self._active_and_open(chat_id))[0]

    async def _active_and_open(
        self, chat_id: int
    ) -> tuple[PromptMessage | None, list[PromptMessage]]:
        """``active``, and the chat's prompts still open once it is known (oldest first:
        those it closed left out), for a caller that reads both in one section."""
        prompts = await self.log.open_prompts(chat_id)
        still: list[PromptMessage] = []
        for i, prompt in enumerate(prompts):
            if prompt.message_id is None:
                still.append(prompt)
                continue
            item = await self.engine.store.review_item(prompt.item_id)
            if item is not None and item.status in ("pending", "queued"):
                return prompt, [*still, *prompts[i:]]
            if item is not None:
                await self.close(prompt, item, item.status, None, self.clock())
            else:
                still.append(prompt)
        return None, still

    async def open_question(self, chat_id: int) -> CanonQuestion | None:
        """The question the chat waits on, as the assistant's session holds it."""
        prompt = await self.active(chat_id)
        item = None if prompt is None else await self.engine.store.review_item(prompt.item_id)
        if prompt is None or item is None:
            return None
        mine = self.config.entity_of(prompt.owner_user_id)
        names = (await self.deps.household_users()).names
        since = await said_since(self.engine.store, item, mine)
        item = await held_by_writer(self.engine.store, item, mine, self.config.configured_names())
        group = await self.group_of(item)
        body = await question_now(
            self.engine.store, item, mine, group, self.clock(), names=names, since=since
        )
        return CanonQuestion(
            prompt.token, prompt.shown_at, body[:500], item.id, item.entity_id, item.field
        )

    async def show_next(self, chat_id: int, now: datetime) -> bool:
        """Post the chat's next question unless one is already waiting for an answer;
        whether a question is waiting now."""
        active, still_open = await self._active_and_open(chat_id)
        if active is not None or await self.log.mode(chat_id):
            return True
        item = await self._next_item(chat_id, still_open)
        if item is None:
            return False
        prompt = await self.bind(item, chat_id, chat_id, now)
        mine = self.config.entity_of(prompt.owner_user_id)
        group = await self.group_of(item)
        message_id = await self.messenger.send(
            chat_id,
            await question_now(
                self.engine.store,
                await held_by_writer(self.engine.store, item, mine, self.config.configured_names()),
                mine,
                group,
                now,
                names=(await self.deps.household_users()).names,
                since=await said_since(self.engine.store, item, mine),
            ),
            question_buttons(item, group, prompt.token),
        )
        await self.log.set_prompt_message(item.id, message_id)
        return True

    async def _next_item(
        self, chat_id: int, open_prompts: list[PromptMessage]
    ) -> ReviewItem | None:
        """The chat's next question: one bound to it already (even if queued) or a
        correction first, then the oldest pending one routed here. ``open_prompts``: the
        chat's, as ``_active_and_open`` just read them in this section."""
        candidates: list[tuple[int, int, ReviewItem]] = []
        bound: set[str] = set()
        for prompt in open_prompts:
            bound.add(prompt.item_id)
            item = await self.engine.store.review_item(prompt.item_id)
            if item is not None and item.status in OPEN_STATUSES:
                candidates.append((0, item.seq, item))
        routable = await self._pending_routable(chat_id)
        # Whose token raised a household question decides whose chat it is asked in: read
        # the tokens only when one did.
        by_token = any((r.principal or "").startswith("token:") for r in routable)
        tokens = await self.engine.store.api_tokens.tokens() if by_token else []
        for item in routable:
            if item.id not in bound and self._route(item, tokens) == chat_id:
                asked = correction_kind(item) is not None
                candidates.append((0 if asked else 1, item.seq, item))
        if not candidates:
            return None
        first = min(candidates, key=lambda c: c[:2])
        # Of one message's questions the trip's first, whatever order they were said in:
        # "kid got sick … trip's over" asks whether the trip is over before the kid.
        said_with = [c for c in candidates if c[:1] == first[:1] and _same_message(c[2], first[2])]
        chosen = min(said_with, key=lambda c: (c[2].field not in TRIP_FIRST, c[1]))[2]
        # The group goes first, led by its own first question: "Is your trip going to
        # Tahoe?", never "Are you planning a trip?" because its status is a trip's word.
        return min((c for c in said_with if _same_group(c[2], chosen)), key=lambda c: c[1])[2]

    async def _pending_routable(self, chat_id: int) -> list[ReviewItem]:
        """Pending items ``_route`` may send to ``chat_id``, without reading anyone else's:
        those of the entity it owns, and those of entities no allowed user owns.
        (Queued items wait for the flood-control cap.)"""
        if not self.config.allowed(chat_id):
            return []  # every route leads to an allowed user
        mine = self.config.entity_of(chat_id)
        owned = self.config.owned_entities
        # Its own entity's and those no allowed user owns: one read of every pending item
        # but those of the entities other allowed users own (the caller orders them).
        others = [e for e in owned if e != mine] if self.config.owner_of(mine) == chat_id else owned
        return await self.engine.store.open_review_items(other_than=others, pending_only=True)

    def _route(self, item: ReviewItem, tokens: Sequence[ApiToken] = ()) -> int | None:
        """The private chat a question belongs in: its entity's owner, or who said it."""
        owner = self.config.owner_of(item.entity_id)
        if owner is not None:
            return owner
        # A question a member's words raised on the household (in their chat, from their
        # own client, their assistant or their feed: ``whose_question``) is theirs to
        # answer: asked in their chat, not the first user's, where it could not be answered.
        member = whose_question(item, tokens)
        owner = None if member is None else self.config.owner_of(member)
        if owner is not None:
            return owner
        parts = item.source_key.split(":")
        if item.source_key.startswith("conversation_assertive:tg:") and len(parts) >= 4:
            try:
                chat = int(parts[2])
            except ValueError:
                chat = 0
            if self.config.allowed(chat):
                return chat
        return self.config.allowed_user_ids[0] if self.config.allowed_user_ids else None

    async def bind(
        self, item: ReviewItem, chat_id: int, owner: int, now: datetime
    ) -> PromptMessage:
        existing = await self.log.prompt_for_item(item.id)
        if existing is not None:
            return existing
        return await self.log.open_prompt(item.id, secrets.token_urlsafe(12), chat_id, owner, now)

    async def close(
        self,
        prompt: PromptMessage,
        item: ReviewItem,
        status: str,
        value: Any,
        now: datetime,
        *,
        typed: bool = False,
        group: Sequence[ReviewItem] = (),
        ended: date | None = None,
    ) -> bool:
        """Close ``prompt``'s message: the question and its outcome. ``ended``: the last
        day of what a Yes saved, when that has passed already (told as over). Whether it
        was open until now (False: closed already, as by a redelivered tap).

        The outcome is told under the question in the words it was asked in (its whole
        group, though the group is closed by now): "Is your trip to Tahoe under way?"
        was never "Are you in Tahoe?". A question never shown and withdrawn or replaced
        is closed without a word: the user was never asked it."""
        if not await self.log.close_prompt(prompt.item_id, status, now):
            return False
        if prompt.message_id is None and not typed and status in _UNASKED_ENDS:
            return True
        mine = self.config.entity_of(prompt.owner_user_id)
        names = (await self.deps.household_users()).names
        group = group or await self.group_as_shown(item)
        by = await self.superseded_by(item, group, mine) if status == "superseded" else None
        shown = await held_by_writer(self.engine.store, item, mine, self.config.configured_names())
        days = await self.trip_days(item, group)
        text = texts.settled_text(
            shown,
            mine,
            status,
            value,
            group,
            names,
            ended=ended,
            superseded_by=by,
            chosen=await self._chosen(item),
            trip_left=days.left,
            trip_back_by=days.back_by,
            today=on_users_clock(now, zone := await self.deps.zone_of(mine)).date(),
            zone=zone,
        )
        edited = prompt.message_id is not None and await self.messenger.edit(
            prompt.chat_id, prompt.message_id, text
        )
        # A typed answer is also answered below it: the edited question may be far up.
        if typed or not edited:
            await self.say(prompt.chat_id, text)
        return True

    async def _chosen(self, item: ReviewItem) -> ReviewItem | None:
        """Of a choice between errands, the one a Yes chose (from the chat or elsewhere)."""
        if not asks_which_errand(item.group_key):
            return None
        siblings = await self.engine.store.review_items_from(item.entity_id, item.source_key)
        return next(
            (r for r in siblings if r.group_key == item.group_key and r.status == "confirmed"),
            None,
        )

    async def superseded_by(
        self, item: ReviewItem, group: Sequence[ReviewItem], mine: str
    ) -> str | None:
        """The line naming the newer word that closed ``item`` unanswered (whose, when),
        read from the log of its group's fields and, for a trip, of the trip's."""
        if (item.answer or {}).get("reason") in (PASSED, FOLDED):
            return None
        fields = {r.field for r in group} | {item.field}
        if any(moves_a_trip(f) for f in fields):
            fields |= set(TRIP_FIELDS)
        events = [
            e for f in sorted(fields) for e in await self.engine.store.events_for(item.entity_id, f)
        ]
        zone = await self.deps.zone_of(mine)
        names = (await self.deps.household_users()).names
        return settled_line(newer_word(item, events), mine, zone, names)

    async def group_as_shown(self, item: ReviewItem) -> list[ReviewItem]:
        """``item``'s group as its question showed it: the open items asked with it, or,
        once it is closed, those of its group closed with it (settled at the same moment:
        a newer word superseded the whole question)."""
        if item.kind != "change" or item.group_key is None or item.status in OPEN_STATUSES:
            return await self.group_of(item)
        siblings = await self.engine.store.review_items_from(item.entity_id, item.source_key)
        shown = [
            r
            for r in siblings
            if r.group_key == item.group_key
            and (
                r.id == item.id
                or (
                    # A choice between errands closes with one Yes and the rest No.
                    (r.status == item.status or asks_which_errand(item.group_key))
                    and r.answered_at == item.answered_at
                )
            )
        ]
        return shown or [item]

    async def resume(self, chat_id: int, now: datetime, *, in_place: bool = False) -> int:
        """After a restart: show each open question of ``chat_id`` again with its buttons;
        how many. ``in_place``: a question still the chat's last message stays as it is
        (the playground, whose page was just rebuilt as it was: asked again, it would
        stand twice, one copy under the other). In Telegram it is asked again below, so
        the user sees the bot restarted.

        The new message carries the same token, and the old one loses its buttons,
        so however often the bot restarts, one message per question can be tapped.
        """
        resent = 0
        for prompt in await self.log.open_prompts(chat_id):
            item = await self.engine.store.review_item(prompt.item_id)
            if prompt.message_id is None or item is None:
                continue
            if item.status not in ("pending", "queued"):
                await self.close(prompt, item, item.status, None, now)
                continue
            if in_place and await self.last_in_chat(prompt.chat_id, prompt.message_id):
                continue  # as it is on the page, its words put right below
            await self.resend(prompt, item, now)
            resent += 1
        if in_place:
            await self.reword(chat_id, now)  # "you said it just now" of yesterday's
        return resent

    async def last_in_chat(self, chat_id: int, message_id: int) -> bool:
        """Whether the chat's record (``core.conversation.transcript``) has message
        ``message_id``, buttons and all, as the chat's last message; False without one."""
        lines = await read_chat(self.log, chat_id, limit=RECENT)
        last = lines[-1] if lines else None
        return last is not None and last.message_id == message_id and bool(last.buttons)

    async def asked_again_if_said_since(
        self, prompt: PromptMessage, item: ReviewItem, now: datetime
    ) -> tuple[bool, datetime | None]:
        """A Yes or No tapped under a household question another member's word was
        committed on since it was shown: the message tapped does not say so, so the tap
        answers nothing and the question is asked again below, saying what was said
        ("Since then, Bob said Lily is well. Still want to answer?"). Whether it was, and
        when the word the tapped message showed was committed (the answer's ``seen``:
        ``core.domain.overtaken``), None when it showed none."""
        mine = self.config.entity_of(prompt.owner_user_id)
        since = await said_since(self.engine.store, item, mine)
        if since is None or prompt.message_id is None:
            return False, None
        lines = await read_chat(self.log, prompt.chat_id, limit=RECENT)
        tapped = next((line for line in lines if line.message_id == prompt.message_id), None)
        names = (await self.deps.household_users()).names
        if tapped is not None and said_since_line(since, mine, names) in tapped.text:
            return False, since.committed_at  # she read it there: her answer stands
        line = await self.overtaken_words(since, mine, names)
        await self.resend(prompt, item, now, texts.overtaken_asked_again(line))
        return True, None

    async def overtaken_words(
        self, word: CommittedFact, mine: str, names: Mapping[str, str]
    ) -> str:
        """Whose newer word overtook a question, when on ``mine``'s clock, and what."""
        return overtaken_line(word, mine, names, await self.deps.zone_of(mine))

    async def resend(
        self, prompt: PromptMessage, item: ReviewItem, now: datetime, note: str = texts.ASKED_AGAIN
    ) -> None:
        """Show an open question again as a new message with the same buttons; the
        old message loses them."""
        assert prompt.message_id is not None
        # Its words read as they do now: asked Saturday, "today" is not Monday, and "you
        # said it just now" is "on Saturday".
        body, buttons = await self.worded_now(prompt, item, now)
        message_id = await self.messenger.send(prompt.chat_id, body, buttons)
        await self.log.set_prompt_message(item.id, message_id)
        if message_id != prompt.message_id:  # a fresh local server reuses ids
            await self.messenger.edit(prompt.chat_id, prompt.message_id, f"{body}\n{note}")
