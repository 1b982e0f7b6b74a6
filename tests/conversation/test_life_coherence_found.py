"""What the life property (test_life_coherence) found, each kept as the shortest life that
showed it, told to a real CanonChat and judged on every surface, with what it must hold."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from canon_testing import calibrated_policy
from chat_harness import ALICE
from life_story import Beat, Life
from life_surfaces import judge, read_surfaces

pytestmark = pytest.mark.timeout(120)


async def _told(tmp_path: Path, migrated: Path, beats: list[Beat]) -> dict[str, object]:
    """``beats`` told after Alice's home in Portland, every surface judged after each; the
    values Alice holds at the end (field -> value)."""
    life = await Life.begin(migrated, tmp_path, calibrated_policy())
    try:
        for beat in beats:
            await life.happen(beat)
            judge(await read_surfaces(life), "\n".join(map(str, beats)))
        return {f.field: f.value for f in await life.engine.store.facts("user:primary")}
    finally:
        await life.stop()


async def test_back_home_days_before_a_planned_trip_leaves_keeps_the_plan(
    tmp_path: Path, migrated_store_file: Path
) -> None:
    """ "going to tahoe sunday" on a Wednesday, then "we got back home last night": the
    trip planned for Sunday was ended (completed, its day forgotten) without a question;
    it has not left, so it is still planned, and home is where Alice is."""
    held = await _told(
        tmp_path,
        migrated_store_file,
        [Beat("plan", phrasing=0, day="sunday"), Beat("home", phrasing=0)],
    )
    assert held["travel.status"] == "planning"
    assert held["travel.depart_date"] == "2026-11-29"
    assert held["travel.location"] == "Portland"


async def test_back_in_the_home_city_ends_the_trip_and_moves_her_in_one_step(
    tmp_path: Path, migrated_store_file: Path
) -> None:
    """In Tahoe, "back in portland this morning": the trip's end was taken on its own
    while "Are you in Portland?" was asked apart, so the trip was over with Alice still
    "in Tahoe" (a conflict on every surface). Both go together now."""
    held = await _told(
        tmp_path,
        migrated_store_file,
        [Beat("again", phrasing=0), Beat("arrive", phrasing=0), Beat("home", phrasing=2)],
    )
    assert held["travel.status"] == "completed"
    assert held["travel.location"] == "Portland"


async def _agenda_after(tmp_path: Path, migrated: Path, beats: list[Beat]) -> str:
    """``beats`` told after Alice's home in Portland, every surface judged after each;
    then what she hears when she asks "what's on my plate?"."""
    life = await Life.begin(migrated, tmp_path, calibrated_policy())
    try:
        for beat in beats:
            await life.happen(beat)
            judge(await read_surfaces(life), "\n".join(map(str, beats)))
        return "\n".join(await life.say(ALICE, "what's on my plate?"))
    finally:
        await life.stop()


async def test_on_a_trip_left_early_the_errand_before_it_is_not_coming_up(
    tmp_path: Path, migrated_store_file: Path
) -> None:
    """The Amazon return due "before we go" (Sunday), then on Wednesday "made it to
    tahoe!! drove up this morning": the trip is under way and "Did you leave on Wednesday?"
    is asked. The agenda left the doubted departure out, and with it what the errand was
    due before: "You're on your trip to Tahoe now. Coming up: Sunday: the Amazon return
    is due" (the founding incident). The trip has left whichever day it was."""
    agenda = await _agenda_after(
        tmp_path,
        migrated_store_file,
        [
            Beat("plan with errand", phrasing=0, day="sunday"),
            Beat("answer", label="Yes"),
            Beat("arrive", phrasing=0),
        ],
    )
    assert "Coming up" not in agenda, agenda
    assert "the Amazon return, due before you left (Wednesday, November 25)" in agenda, agenda


async def test_home_from_a_day_trip_the_errand_before_it_is_not_coming_up(
    tmp_path: Path, migrated_store_file: Path
) -> None:
    """The Amazon return due "before we go" (Sunday); on Sunday "made it to tahoe!!", a
    few hours later "phew back home" (Yes): the agenda said "Coming up: Today: the Amazon
    return is due", as if the trip it was due before had not left. A trip over has left as
    surely as one under way."""
    agenda = await _agenda_after(
        tmp_path,
        migrated_store_file,
        [
            Beat("plan with errand", phrasing=0, day="sunday"),
            Beat("answer", label="Yes"),
            Beat("later", hours=96),
            Beat("arrive", phrasing=0),
            Beat("later", hours=3),
            Beat("home", phrasing=1),
            Beat("answer", label="Yes"),
        ],
    )
    assert "Coming up" not in agenda, agenda
    assert "the Amazon return, due before you left (Sunday, November 29)" in agenda, agenda


async def test_the_waiting_question_is_quoted_as_the_chat_asked_it(
    tmp_path: Path, migrated_store_file: Path
) -> None:
    """Planned for Sunday, then on Wednesday "made it to tahoe!! drove up this morning":
    the chat asked "Did you leave on Wednesday, November 25?", and "where am i" answered
    'In Tahoe ... I've asked you: "Do you leave on Wednesday, November 25?"', a trip
    already under way asked in the future. The note words it as the prompt does."""
    life = await Life.begin(migrated_store_file, tmp_path, calibrated_policy())
    try:
        await life.happen(Beat("plan", phrasing=0, day="sunday"))
        await life.happen(Beat("arrive", phrasing=0))
        assert any("Did you leave on Wednesday, November 25?" in p for p in life.prompted)
        where = "\n".join(await life.say(ALICE, "where am i"))
        plate = "\n".join(await life.say(ALICE, "what's on my plate?"))
    finally:
        await life.stop()
    for said in (where, plate):
        assert 'I\'ve asked you: "Did you leave on Wednesday, November 25?"' in said, said


async def test_no_to_the_day_a_trip_left_closes_in_the_words_it_was_asked(
    tmp_path: Path, migrated_store_file: Path
) -> None:
    """Planned for Sunday, on Wednesday "made it to tahoe!! drove up this morning", asked
    "Did you leave on Wednesday, November 25?", tapped No: the question closed as "Do you
    leave on Wednesday, November 25? ❌ Rejected", a past day asked in the future. It
    closes in the words it was asked in."""
    life = await Life.begin(migrated_store_file, tmp_path, calibrated_policy())
    try:
        for beat in [Beat("plan", day="sunday"), Beat("arrive"), Beat("answer", label="No")]:
            await life.happen(beat)
            judge(await read_surfaces(life), str(beat))
        closed = [m.text for m in life.messenger.messages(ALICE) if "❌" in m.text]
    finally:
        await life.stop()
    assert closed == ["Did you leave on Wednesday, November 25?\n❌ Rejected, nothing changed"]


async def test_an_invitation_still_waiting_after_its_day_asks_it_in_the_past(
    tmp_path: Path, migrated_store_file: Path
) -> None:
    """A stranger's invitations to Tahoe (the 28th, and Wednesday 2 December), nothing
    answered, ten days pass: the bot's tick withdrew the first (over) and showed the
    second as "Do you leave on Wednesday, December 2?" on Saturday the 5th. A day gone by
    is asked in the past, on the prompt as in any answer that names it."""
    life = await Life.begin(migrated_store_file, tmp_path, calibrated_policy())
    try:
        for beat in [
            Beat("invited", place="Tahoe", day="sunday"),
            Beat("invited", place="Tahoe", day="saturday"),
            Beat("later", hours=240),
        ]:
            await life.happen(beat)
            judge(await read_surfaces(life), str(beat))
        shown = life.prompted
        plate = "\n".join(await life.say(ALICE, "what's on my plate?"))
    finally:
        await life.stop()
    assert len(shown) == 1, shown
    assert "• Did you leave on Wednesday, December 2?" in shown[0], shown
    assert "Do you leave" not in plate, plate


async def test_a_question_asked_in_the_past_is_confirmed_in_the_past(
    tmp_path: Path, migrated_store_file: Path
) -> None:
    """A stranger's invitation to Denver leaving Saturday the 28th, shown by the tick on
    the 29th as "Did you leave on Saturday, November 28?", tapped Yes: it closed as "Do
    you leave on Saturday, November 28? ✅ Confirmed" (the closed group's departure was no
    longer open, so the tense was read without it)."""
    beats = [Beat("invited", place="Denver", day="sunday"), Beat("later", hours=100)]
    life = await Life.begin(migrated_store_file, tmp_path, calibrated_policy())
    try:
        for beat in [*beats, Beat("answer", label="Yes")]:
            await life.happen(beat)
            judge(await read_surfaces(life), str(beat))
        closed = [m.text for m in life.messenger.messages(ALICE) if "✅" in m.text]
    finally:
        await life.stop()
    assert any("• Did you leave on Saturday, November 28?" in c for c in closed), closed
    assert not any("Do you leave" in c for c in closed), closed


@pytest.mark.parametrize(("then", "left"), [(None, None), ("monday", "2026-11-23")])
async def test_no_to_the_day_a_trip_left_is_never_asked_again(
    tmp_path: Path, migrated_store_file: Path, then: str | None, left: str | None
) -> None:
    """Planned for Saturday, on Wednesday "made it to tahoe!! drove up this morning",
    asked "Did you leave on Wednesday, November 25?" (her words), tapped No: the same
    question came straight back (the trip under way with its departure ahead had queued
    it before her words did). A No to a day asks which day it was instead: No again
    forgets the day, a day typed is the day she left."""
    life = await Life.begin(migrated_store_file, tmp_path, calibrated_policy())
    try:
        for beat in [Beat("plan", phrasing=0, day="saturday"), Beat("arrive", phrasing=0)]:
            await life.happen(beat)
        await life.happen(Beat("answer", label="No"))
        asked_after_no = life.prompted
        if then is None:
            await life.happen(Beat("answer", label="No"))
        else:
            await life.say(ALICE, then)
        judge(await read_surfaces(life), str(then))
        held = {f.field: f.value for f in await life.engine.store.facts("user:primary")}
        asked = life.ever_asked
    finally:
        await life.stop()
    assert len(asked_after_no) == 1, asked_after_no
    assert asked_after_no[0].startswith("Which day was it, then?"), asked_after_no
    assert sum("Did you leave on Wednesday" in a for a in asked) == 1, asked
    assert held.get("travel.depart_date") == left, held
    assert held["travel.status"] == "in_progress", held


async def test_a_return_day_gone_by_is_asked_and_closed_in_the_past(
    tmp_path: Path, migrated_store_file: Path
) -> None:
    """On a trip under way, "we'll be back friday dec 4" asked "Are you back on Friday,
    December 4?"; on the 5th "where am i" still quoted it in the present, and the tick
    closed it as "Are you back on Friday, December 4? ⌛ Withdrawn". A return gone by is
    asked in the past, as a departure is, on every surface that words it."""
    life = await Life.begin(migrated_store_file, tmp_path, calibrated_policy())
    try:
        for text in ["going to tahoe sunday", "made it to tahoe!! drove up this morning"]:
            await life.say(ALICE, text)
        await life.tap("Yes")
        asked = await life.say(ALICE, "we'll be back friday dec 4")
        life.clock.now += timedelta(days=10)  # Saturday 5 December, before the tick
        where = "\n".join(await life.say(ALICE, "where am i"))
        plate = "\n".join(await life.say(ALICE, "what's on my plate?"))
        await life.happen(Beat("later", hours=1))
        closed = [m.text for m in life.messenger.messages(ALICE) if "December 4" in m.text]
    finally:
        await life.stop()
    assert any(a.startswith("Are you back on Friday, December 4?") for a in asked), asked
    for said in (where, plate):
        assert '"Did you get back on Friday, December 4?"' in said, said
    assert any(c.startswith("Did you get back on Friday, December 4?\n⌛") for c in closed), closed
    assert not any("Are you back" in c for c in closed[1:]), closed


async def test_state_of_a_trip_under_way_says_it_left_while_its_day_is_asked(
    tmp_path: Path, migrated_store_file: Path
) -> None:
    """Planned for Sunday, on Wednesday "finally in tahoe, drove up today", "Did you leave
    on Wednesday?" asked: /state said "Your departure date is Sunday, November 29", a day
    to leave on a trip under way. It says she left, the day being the question."""
    life = await Life.begin(migrated_store_file, tmp_path, calibrated_policy())
    try:
        await life.happen(Beat("plan", phrasing=0, day="sunday"))
        await life.happen(Beat("arrive", phrasing=1))
        state = "\n".join(await life.say(ALICE, "/state"))
    finally:
        await life.stop()
    assert "Your departure date is" not in state, state
    assert "You've left; which day is still a question (I had Sunday, November 29)" in state


async def test_a_departure_asked_in_the_past_stays_so_when_news_takes_its_status(
    tmp_path: Path, migrated_store_file: Path
) -> None:
    """ "just left for tahoe" asked "Is your trip under way? Did you leave on Wednesday?";
    "the tahoe trip is cancelled" took the status part, and the note beside an answer
    quoted what was left as "Do you leave on Wednesday?": a day once asked in the past,
    quoted in the future (judged by ``life_surfaces``)."""
    held = await _told(
        tmp_path,
        migrated_store_file,
        [
            Beat("about alice", phrasing=0, place="Tahoe"),
            Beat("leave", phrasing=1, place="Tahoe"),
            Beat("cancel", phrasing=0, place="Tahoe"),
        ],
    )
    assert "travel.status" not in held, "nothing of the trip is taken without her answer"
