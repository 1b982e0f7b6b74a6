"""Judge each story end to end, not field by field: the conversations of told_stories,
told to a real CanonChat (a SQLite store, the offline extractor and responder, a fake
clock, restarts over the same file), every surface judged after every step
(``life_surfaces.judge``), and what the user settled never contradicted afterwards."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import pytest
from canon_testing import calibrated_policy
from chat_harness import ALICE, AUDIENCE, BOB
from life_story import Life
from life_surfaces import judge, read_surfaces
from told_stories import STORIES, Story

from core.conversation import commands
from core.conversation.message_intake import message_observations
from core.domain.claims import Claimant, claim_observation, message_claimant
from core.domain.policy import default_policy
from core.domain.principals import token_principal
from core.extraction.offline import extract_offline

pytestmark = pytest.mark.timeout(120)


@dataclass
class Told:
    """What the story has shown so far: the last step's replies and questions, and the
    words Canon may no longer say."""

    replies: list[str] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)
    never: list[str] = field(default_factory=list)


async def _step(life: Life, step: str) -> list[str]:
    """Run one step; what Canon sent meanwhile (to anyone)."""
    verb, _, rest = step.partition(" ")
    if verb in ("alice:", "bob:"):
        return await life.say(ALICE if verb == "alice:" else BOB, rest)
    if verb == "agent:":
        return await _agents_word(life, rest)
    if verb == "tap":
        return await life.tap(rest)
    if verb == "later":
        life.clock.now += timedelta(hours=float(rest))
        return await life.swept()
    if verb == "why":
        return [await commands.why_answer(life.engine.store, AUDIENCE, ALICE, rest, life.now())]
    assert step == "restart", f"no such step: {step!r}"
    await life.stop()
    await life.start()
    return []


async def _agents_word(life: Life, text: str) -> list[str]:
    """Alice's assistant writes ``text`` of her through the API with its own token: a
    claim, never her word; the bot's tick then shows what it asks."""
    payloads = await message_observations(
        life.engine,
        text,
        at=life.now(),
        entity_id="user:primary",
        message_ref=f"agent:{text}",
        extractor=extract_offline,
        by_user=False,
    )
    claimant = message_claimant(Claimant("agent"))
    agent = token_principal("t-agent", "agent", "user:primary", "openclaw")
    claimed = [claim_observation(p, claimant).payload for p in payloads]
    await life.engine.ingest_batch(claimed, now=life.now(), principal=agent)
    return await life.swept()


async def _check(life: Life, check: str, told: Told, where: str) -> None:
    kind, _, what = check.partition(":")
    what = what.strip()
    if kind == "never":
        told.never += [w.strip() for w in what.split("|")]
    elif kind == "holds":
        name, _, value = what.partition("=")
        held = {f.field: str(f.value) for f in await life.engine.store.facts("user:primary")}
        assert held.get(name, "-") == value, (
            f"{name} is {held.get(name, '-')!r}\nsaid {told.replies}\nasked {told.asked}\n{where}"
        )
    elif kind == "said":
        assert any(what in r for r in told.replies), f"not said: {what!r}\n{told.replies}\n{where}"
    elif kind == "asked":
        assert any(what in q for q in told.asked), f"not asked: {what!r}\n{told.asked}\n{where}"
    else:
        assert check == "asked nothing", f"no such check: {check!r}"
        assert not told.asked, f"asked {told.asked}\n{where}"


def _is_check(step: str) -> bool:
    return step.split(":", 1)[0] in ("never", "holds", "said", "asked") or step == "asked nothing"


async def _tell(story: Story, folder: Path, migrated: Path) -> None:
    policy = default_policy() if story.calibrating else calibrated_policy()
    life = await Life.begin(migrated, folder, policy)
    told = Told()
    try:
        for n, step in enumerate(story.steps):
            where = "\n".join(f"{'>' if i == n else ' '} {s}" for i, s in enumerate(story.steps))
            if _is_check(step):
                await _check(life, step, told, where)
                continue
            mark = life.messenger.mark()
            told.replies = await _step(life, step)
            told.asked = [m.text for m in life.messenger.sent_after(mark, ALICE) if m.buttons]
            life.prompted = told.asked
            assert life.store is not None
            if await life.store.conversation.mode(ALICE) is not None:
                continue  # an Edit waits for her value: asking now would end it (/state)
            seen = await read_surfaces(life)
            judge(seen, where)
            said = "\n".join([*told.replies, seen.everywhere()]).lower()
            for words in told.never:
                assert words.lower() not in said, (
                    f"says {words!r} after the user settled it:\n"
                    + "\n".join([*told.replies, seen.everywhere()])
                    + f"\n{where}"
                )
    finally:
        await life.stop()


@pytest.mark.parametrize("story", STORIES, ids=[s.name for s in STORIES])
async def test_a_story_told_holds_together(
    story: Story, tmp_path: Path, migrated_store_file: Path
) -> None:
    await _tell(story, tmp_path, migrated_store_file)


def test_every_story_starts_by_talking_and_each_step_is_known() -> None:
    """The table reads as it is meant to: no story opens with a check, no line is a typo."""
    known = ("alice:", "bob:", "agent:", "tap", "later", "why", "restart")
    for story in STORIES:
        assert not _is_check(story.steps[0]), story.name
        for step in story.steps:
            assert _is_check(step) or step.split(" ", 1)[0] in known, (story.name, step)
    assert len({s.name for s in STORIES}) == len(STORIES) >= 12
