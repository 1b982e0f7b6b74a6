"""What reaches her chat that is not her words now, read for what it is, and only asked.

Two things Telegram brings are evidence without being her own typed word:

- A shared location (a pin, a live location and its updates, a venue): her device's
  position now. ``core.signals.map_points`` names the town it is in or near, offline,
  and it is read as if she had said "I'm in Truckee" (with everything that follows from
  where she lives and the trip Canon holds), but every claim is asked, never committed
  on a point: a phone left at home, a pin dropped on the wrong city. A live location's
  updates ask once per town it reaches, not once per update.
- A message she forwards from a member of her household (her partner's "I'm in Leeds
  till Friday"): that member's words, read as said by them (their first person is
  them, their principal on every claim) and asked of them in their own chat. It never
  answers a question, runs a command or instructs the model: it is data.

Unknown authors, hidden senders, channels, a forwarded location and anything in a group
are set aside before this (``bot.update_kinds``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from core.conversation.chat_base import ChatDeps, ChatPart, Claims, Incoming
from core.conversation.chat_questions import Questions
from core.domain.principals import user_principal
from core.domain.provenance import ANOTHER_MEMBER
from core.domain.quoting import MAX_VALUE_CHARS, quote
from core.engine.engine import Outcome
from core.errors import TooManyQuestions
from core.signals.map_points import NearPlace

MAP_POINT_ASKED: Final = "a shared location: her device's position, not her words"
"""The ``needs_confirmation`` of what a map point says: asked, never committed on it."""
FORWARDED_ASKED: Final = "forwarded by another member of the household: asked of its author"
"""The ``needs_confirmation`` of a member's forwarded words: only their own Yes commits."""
NO_TOWN: Final = (
    "I got {what}, but I know no town near that point, so I changed nothing. If you are "
    "somewhere I should know, tell me the place in words (for example: I'm in Reno)."
)
PLACE_ASKED: Final = "📍 {what} is {how} {where}."
PLACE_HELD: Final = "📍 {what} is {how} {where}: that's what I have already, nothing new."
MEMBER_ASKED: Final = (
    "That message was forwarded from {who}: I read it as their words, not yours, and I'll "
    "ask {asked} to confirm it."
)
"""{who}: the author's name, quoted; {asked}: whom its claims are asked of ("you" for what
they said of her by name)."""
MEMBER_NOTHING: Final = (
    "That message was forwarded from {who}: their words, not yours, and I found nothing in "
    "it to note, so I changed nothing."
)
LIVE_EVERY_S: Final = 6 * 3600
"""A live location asks about a town it reaches at most once in this long."""


@dataclass(frozen=True)
class MapPoint:
    """A location she shared in her chat: where her device is."""

    user_id: int
    chat_id: int
    message_id: int
    latitude: float
    longitude: float
    at: datetime
    what: str = "your location"
    """What it was, as she is told ("your live location", a venue's name quoted)."""
    live: bool = False
    """A live location: its updates follow as edits of its message."""
    update: bool = False
    """A live location's update (an edit of its message): said nothing of when nothing new."""

    def as_said(self, place: NearPlace) -> Incoming:
        """The words the point amounts to, as she would say them (read by the extractor)."""
        return Incoming(
            self.user_id, self.chat_id, self.message_id, f"I'm in {place.name}", self.at
        )


def asked(claims: Claims, why: str, evidence: str) -> Claims:
    """``claims`` each to be asked (``why``), its evidence what the input was, not words
    Canon put in her mouth."""
    return [{**p, "needs_confirmation": why, "evidence_text": evidence[:1000]} for p in claims]


class Relayed(ChatPart):
    """Map points and a household member's forwarded words: claims made, all asked."""

    def __init__(self, deps: ChatDeps, questions: Questions) -> None:
        super().__init__(deps)
        self.questions = questions

    async def first_update_at(self, point: MapPoint, place: NearPlace) -> bool:
        """Whether a live location's update is the first to reach ``place`` lately (the
        store's claim: whatever restarts or workers there are)."""
        now = self.deps.clock()
        due = datetime.fromtimestamp(now.timestamp() // LIVE_EVERY_S * LIVE_EVERY_S, UTC)
        job = f"map_point:{place.name}"[:120]
        return await self.log.claim_tick(job, point.chat_id, due, now)

    async def map_point(self, point: MapPoint, place: NearPlace | None, claims: Claims) -> None:
        """In her chat's section: what the point says, asked (``claims``: read for it)."""
        now = self.deps.clock()
        if place is None:
            if not point.update:
                await self.say(point.chat_id, NO_TOWN.format(what=point.what))
            return
        entity = self.config.entity_of(point.user_id)
        outcomes = await self._ingest(claims, entity, point.chat_id, now)
        if outcomes is None:
            return
        how = "in" if place.within else "near"
        what = point.what[:1].upper() + point.what[1:]
        if any(o.review_item_id is not None for o in outcomes):
            await self.say(point.chat_id, PLACE_ASKED.format(what=what, how=how, where=place.shown))
            await self.questions.show_next(point.chat_id, now)
        elif not point.update:
            await self.say(point.chat_id, PLACE_HELD.format(what=what, how=how, where=place.shown))

    async def member_words(self, msg: Incoming, member: str, claims: Claims) -> list[str]:
        """In her chat's section: the member's forwarded words, asked of them (``claims``:
        read as theirs). The entities asked, whose chats show the question next."""
        now = self.deps.clock()
        who = quote((msg.forwarded_from or "another member")[:MAX_VALUE_CHARS])
        outcomes = await self._ingest(claims, member, msg.chat_id, now)
        if outcomes is None:
            return []
        owners = list(
            dict.fromkeys(
                o.entity_id for o in outcomes if o.review_item_id is not None and o.entity_id
            )
        )
        hers = self.config.entity_of(msg.user_id)
        if not owners:
            await self.say(msg.chat_id, MEMBER_NOTHING.format(who=who))
            return []
        users = await self.deps.household_users()
        names = [
            "you" if e == hers else quote(name[:MAX_VALUE_CHARS]) if name else ANOTHER_MEMBER
            for e in owners
            for name in [users.name_of(e)]
        ]
        await self.say(msg.chat_id, MEMBER_ASKED.format(who=who, asked=" and ".join(names)))
        if hers in owners:  # his "alice is in tahoe", forwarded by Alice: hers to answer
            await self.questions.show_next(msg.chat_id, now)
        return owners

    async def _ingest(
        self, claims: Sequence[dict[str, Any]], principal: str, chat_id: int, now: datetime
    ) -> list[Outcome] | None:
        """The claims ingested as said by ``principal``; None when too much already waits
        for an answer (she is told)."""
        if not claims:
            return []
        try:
            return await self.engine.ingest_batch(
                list(claims), now=now, principal=user_principal(principal)
            )
        except TooManyQuestions as e:
            await self.say(chat_id, f"Sorry: {e}")
            return None
