"""A life told to Canon one beat at a time, from a grammar, for the coherence properties.

A beat is what happens next in one household's life as Alice (or Bob, of her household)
tells it to CanonChat: a trip planned, an errand before it, the departure moved, the
trip left, on its way, arrived at, come home from, called off (before it left or while
there), planned again; the errand done; Emma
sick and well; an answer (Yes, No, Edit) to whatever is asked; /undo and /forget; the
bot restarted over the same store; time passing. Each told beat is said in one of
several phrasings (as people type: lower case, typos), all of them words the offline
extractor is meant to read. ``beats()`` draws a story from the grammar; ``Life`` tells it
to a real CanonChat (a SQLite store, the offline extractor and responder, a fake clock)
and reads back every surface that says what Canon believes.
"""

from __future__ import annotations

import shutil
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from canon_testing import make_signal
from chat_harness import ALICE, AUDIENCE, BOB, Clock
from hypothesis import strategies as st

from core.conversation.chat import CanonChat
from core.conversation.responder import OfflineResponder
from core.conversation.testing import RecordingMessenger
from core.domain.policy import Policy
from core.engine.engine import Engine
from core.engine.signal_ingest import ingest_signals
from core.extraction.offline import extract_offline
from core.store.sqlite import SQLiteStore

START = datetime(2026, 11, 25, 18, 0, tzinfo=UTC)
"""Wednesday 25 November 2026, 10:00 in Portland: where every life starts."""
HOME = "Portland"
PLACES = ("Tahoe", "Denver")
DAYS = ("sunday", "sat", "fri", "next fri", "saturday")

TOLD: dict[str, tuple[str, ...]] = {
    "plan": (
        "going to {place} {day}",
        "heading to {place} {day} w the kids!!",
        "we leave for {place} {day}",
        "were going to {place} {day}",
    ),
    "plan with errand": (
        "going to {place} {day}, need to return the amazon package before we go",
        "heading to {place} {day} w the kids!! gotta drop off the amazon return before we leave",
        "return the amazon package b4 {place}, leavin {day}",
    ),
    "errand": (
        "need to return the amazon package by {day}",
        "gotta return the amazon package before the trip",
    ),
    "move": (
        "ugh trip got pushed to next fri",
        "actualy we leave sat now",
        "ok so we're leaving a day early",
        "change of plans, were going to {place} fri instead",
    ),
    "leave": (
        "on our way to {place}!",
        "just left for {place}",
        "we're leaving for {place} now",
        "just left",
    ),
    "on the way": (
        "omw to {place}",
        "driving up now",
        "in the car headed to {place}",
        "on our way!!",
        "omw",
        "on our way",
    ),
    "arrive": (
        "made it to {place}!! drove up this morning",
        "finally in {place}, drove up today",
        "we got to {place} yesterday",
        "already in {place} since last nite",
        "made it up here",
    ),
    "home": (
        "we got back home last night",
        "phew back home, kids asleep",
        "back in portland this morning",
    ),
    "cancel": ("the {place} trip is cancelled", "we're not going anymore"),
    "cancel there": ("trip's off", "calling off {place}", "we called off the trip"),
    "again": (
        "were going back to {place} fri the 11th w the kids",
        "going back to {place} next weekend",
    ),
    "errand before we go": (
        "also gotta return the amazon package before we go",
        "need to drop off the amazon return before we go",
        "oh and the amazon return, before we leave",
    ),
    "errand done": (
        "returned the amazon package",
        "dropped off the amazon return today",
    ),
    "sick": (
        "emma's got a fever, keeping her home",
        "emmas got a fever, keepin her home today",
        "emma's sick again",
    ),
    "well": ("emma's back at school today, all better", "emma is back at school, all better now"),
    "household": (
        "emma has a temp so shes staying home",
        "emma's back at school, all better",
        "we're going to {place} {day}",
    ),
    "about alice": (
        "alice is in {place} already",
        "alice got back home last night",
        "alice isnt going to {place} anymore",
    ),
    "undo": ("/undo",),
    "forget": ("/forget location", "/forget travel", "forget the amazon return"),
}
"""What each told beat may be said as; ``household`` and ``about alice`` are Bob's, the
rest Alice's."""
BOBS = ("household", "about alice")
STRANGER_ORGANISER = "events@tahoe-deals.example"
"""Who invites Alice to a trip on her calendar ("invited" beats): no one she knows."""

CASES = ("as typed", "lower", "first capital")


@dataclass(frozen=True)
class Beat:
    """One thing that happens: ``kind``, and what makes it concrete (which phrasing, place, day, case; the answer's label; the
    hours that pass)."""

    kind: str
    """A key of TOLD, or "answer", "late answer" (a tap under an older prompt), "invited"
    (a stranger's calendar invitation), "restart" or "later"."""
    phrasing: int = 0
    place: str = PLACES[0]
    day: str = DAYS[0]
    case: str = CASES[0]
    label: str = "Yes"
    hours: float = 0

    @property
    def who(self) -> int:
        return BOB if self.kind in BOBS else ALICE

    @property
    def text(self) -> str:
        said = TOLD[self.kind][self.phrasing % len(TOLD[self.kind])]
        said = said.format(place=self.place.lower(), day=self.day)
        if self.case == "lower":
            return said.lower()
        return said[:1].upper() + said[1:] if self.case == "first capital" else said

    def __str__(self) -> str:
        if self.kind in ("answer", "late answer"):
            return f"tap {self.label}" + (" under an older prompt" if self.kind != "answer" else "")
        if self.kind == "invited":
            return f"{STRANGER_ORGANISER} invites Alice to {self.place} on {self.day}"
        if self.kind == "later":
            return f"{self.hours:g} h later"
        return self.kind if self.kind == "restart" else f"{self.who}: {self.text!r}"


_told = st.builds(
    Beat,
    kind=st.sampled_from(sorted(TOLD)),
    phrasing=st.integers(0, 5),
    place=st.sampled_from(PLACES),
    day=st.sampled_from(DAYS),
    case=st.sampled_from(CASES),
)
_answer = st.builds(
    Beat, kind=st.just("answer"), label=st.sampled_from(("Yes", "Yes", "No", "Edit"))
)
_late_answer = st.builds(
    Beat, kind=st.just("late answer"), label=st.sampled_from(("Yes", "No", "Edit"))
)
_invited = st.builds(
    Beat, kind=st.just("invited"), place=st.sampled_from(PLACES), day=st.sampled_from(DAYS)
)
_later = st.builds(
    Beat, kind=st.just("later"), hours=st.sampled_from((3.0, 20.0, 48.0, 100.0, 240.0))
)
_restart = st.just(Beat("restart"))


def beats(most: int = 14) -> st.SearchStrategy[list[Beat]]:
    """A life: told beats, answers (as often: most beats ask something), time and restarts,
    now and then a late tap or a stranger's invitation."""
    beat = st.one_of(_told, _answer, _answer, _later, _restart, _late_answer, _invited)
    return st.lists(beat, min_size=1, max_size=most)


@dataclass
class Life:
    """One household's chat with a real CanonChat over one SQLite file, restartable."""

    path: Path
    policy: Policy
    clock: Clock = field(default_factory=lambda: Clock(START))
    messenger: RecordingMessenger = field(default_factory=RecordingMessenger)
    chat: CanonChat | None = None
    store: SQLiteStore | None = None
    tapped: str | None = None
    """The label of the button the last answer tapped (None: nothing was asked)."""
    prompted: list[str] = field(default_factory=list)
    """The questions (texts with buttons) shown to Alice in the last beat."""
    ever_asked: list[str] = field(default_factory=list)
    """Every question shown to Alice in the story, as first shown."""
    first_shown: dict[int, str] = field(default_factory=dict)
    """Each of Alice's questions by message id: its text as first shown."""
    closed: dict[int, str] = field(default_factory=dict)
    """Each of Alice's questions answered or closed since: its text now, by message id."""
    errand_tied: bool = False
    """Whether Alice last said the errand is due before the trip (not by a day of its own,
    nor done or forgotten since)."""

    @classmethod
    async def begin(cls, migrated: Path, folder: Path, policy: Policy) -> Life:
        """A new life over a copy of the migrated store, at home in Portland (said, and
        confirmed)."""
        shutil.copyfile(migrated, folder / "canon.db")
        life = cls(folder / "canon.db", policy)
        await life.start()
        await life.say(ALICE, "i live in portland")
        await life.tap("Yes")
        return life

    async def start(self) -> None:
        self.store = SQLiteStore(self.path)
        await self.store.open()
        self.chat = CanonChat(
            Engine(self.store, self.policy),
            self.store.conversation,
            self.messenger,
            AUDIENCE,
            clock=self.clock,
            extractor=extract_offline,
            responder=OfflineResponder(),
        )

    async def stop(self) -> None:
        if self.store is not None:
            await self.store.close()
        self.store = self.chat = None

    @property
    def engine(self) -> Engine:
        assert self.chat is not None, "the chat is running"
        return self.chat.engine

    def now(self) -> datetime:
        return self.clock()

    async def say(self, who: int, text: str) -> list[str]:
        """``who`` types ``text`` in their own chat; the texts sent back (anywhere). A
        command goes where the bot's handlers send it (bot/handlers.py)."""
        chat = self.chat
        assert chat is not None
        mark = self.messenger.mark()
        incoming = self.messenger.incoming(who, text, self.now())
        if not text.startswith("/"):
            await chat.on_text(incoming)
        elif await chat.on_command_text(incoming):
            command, _, rest = text[1:].partition(" ")
            if command == "state":
                await chat.show_state(who, who)
            elif command == "undo":
                await chat.correction(who, who, "undo")
            elif command == "forget":
                await chat.correction(who, who, "forget", rest)
            else:
                assert command == "cancel", text
                await chat.cancel(who)
        return [m.text for m in self.messenger.sent_after(mark)]

    async def tap(self, label: str, late: bool = False) -> list[str]:
        """Alice taps ``label`` under her newest prompt (``late``: the one before it, long
        answered or replaced) (its first button when it has no ``label``: a "which one?"
        choice, an Edit's options); after an Edit that asks for a value to be typed, she
        cancels it. Nothing when nothing is asked."""
        assert self.chat is not None
        prompts = self.messenger.prompts(ALICE)
        self.tapped = None
        if not prompts:
            return []
        prompt = prompts[-2] if late and len(prompts) > 1 else prompts[-1]
        self.tapped, data = next(
            ((shown, data) for shown, data in prompt.buttons if shown == label), prompt.buttons[0]
        )
        mark = self.messenger.mark()
        await self.messenger.tap_data(self.chat, ALICE, data, prompt.message_id)
        sent = self.messenger.sent_after(mark, ALICE)
        if label == "Edit" and sent and not sent[-1].buttons:
            await self.say(ALICE, "/cancel")
        return [m.text for m in self.messenger.sent_after(mark)]

    async def happen(self, beat: Beat) -> list[str]:
        """``beat`` happens; what Canon said meanwhile (its questions to Alice kept in
        ``prompted``)."""
        mark = self.messenger.mark()
        said = await self._happen(beat)
        self.prompted = [m.text for m in self.messenger.sent_after(mark, ALICE) if m.buttons]
        self.ever_asked += self.prompted
        for m in self.messenger.sent_after(mark, ALICE):
            if m.buttons:
                self.first_shown.setdefault(m.message_id, m.text)
        for m in self.messenger.messages(ALICE):
            if m.message_id in self.first_shown and m.edits:
                self.closed[m.message_id] = m.text
        if beat.who == ALICE and beat.kind in TOLD:
            text = beat.text.lower()
            if "before" in text or "b4" in text:
                self.errand_tied = "amazon" in text
            elif "amazon" in text:
                self.errand_tied = False
        return said

    async def _happen(self, beat: Beat) -> list[str]:
        if beat.kind in ("answer", "late answer"):
            return await self.tap(beat.label, late=beat.kind == "late answer")
        if beat.kind == "invited":
            return await self.invited(beat)
        if beat.kind == "restart":
            await self.stop()
            await self.start()
            return []
        if beat.kind == "later":
            # The bot's tick: what the day has brought is asked, nothing is taken.
            self.clock.now += timedelta(hours=beat.hours)
            return await self.swept()
        return await self.say(beat.who, beat.text)

    async def swept(self) -> list[str]:
        """The bot's tick (bot/app.py's sweep job): what it showed meanwhile."""
        assert self.chat is not None
        mark = self.messenger.mark()
        await self.chat.sweep()
        return [m.text for m in self.messenger.sent_after(mark)]

    async def invited(self, beat: Beat) -> list[str]:
        """A stranger's invitation to a trip to ``beat.place`` on ``beat.day`` arrives on
        Alice's calendar, not answered; the poller's tick then shows what it asks."""
        day = self.now().date() + timedelta(days=3 + DAYS.index(beat.day))
        signal = make_signal(
            at=self.now(),
            event_id=str(uuid.uuid5(uuid.NAMESPACE_URL, f"invite-{beat.place}-{day}")),
            source={"type": "calendar", "ref": f"invite-{beat.place}-{day}"},
            payload_id=f"evt-{beat.place}-{day}",
            payload_summary=f"Trip to {beat.place}",
            payload_start=day.isoformat(),
            payload_end=(day + timedelta(days=3)).isoformat(),
            payload_invitation={"organizer": STRANGER_ORGANISER, "response": "needs_action"},
        )
        await ingest_signals(self.engine, [signal], self.now())
        return await self.swept()
