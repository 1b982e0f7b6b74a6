"""A return of goods never reads as still to do once it went back, on any surface, end to
end through the bot (the Bot API double, the offline extractor, a clock the story moves
on, restarts in the middle, lower case and typos, several tellings).

The stored vocabulary is the labelled one (``due``: still to send back, ``pending``: went
back, its refund awaited, ``refunded``); what every surface says is its meaning: /state,
"what do you know about me", "what's due", /why, the agenda, the context block,
HEARTBEAT.md and MEMORY.md, GET /v1/state's view and MCP's state. "still pending" of a
return still to send back keeps it due; "returned it" with two returns to send back asks
which (a button each, and No); a refund closes the return.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

import pytest
from chatkit import ALICE, StartBot
from context_parser import parse_block
from fakes.telegram_api import FakeTelegram
from story_chat import Story

from core.conversation.views import state_view
from core.mcp.scoped import Scope, ScopedCanon
from core.projections.render import HEARTBEAT, MEMORY, RenderConfig, render

pytestmark = pytest.mark.timeout(300)

AMAZON = "financial.amazon_return.status"
ZARA = "financial.zara_return.status"
SENT_BACK = "sent back, refund awaited"


async def yes_to_all(story: Story, tg: FakeTelegram) -> list[str]:
    """Yes to each question Canon asks; their first lines."""
    return [q.split("\n")[0] for q in await story.yes_to_all()]


async def surfaces(story: Story) -> dict[str, str]:
    """What every surface says now, by name."""
    engine = story.engine
    facts = await engine.store.facts("user:primary")
    pending = await engine.store.open_review_items(["user:primary"])
    files = render(facts, pending, [], RenderConfig(), story.now)
    mcp = await ScopedCanon(engine, Scope("user:primary"), clock=lambda: story.now).state()
    return {
        "told": await story.told(),
        "due": (await story.hears("what's due?", "")).text,
        "plate": (await story.hears("what's on my plate?", "")).text,
        # /why's head: what is held now (its history rightly tells the old "due").
        "why": (await story.hears(f"/why {AMAZON}", "")).text.split("\n")[0],
        "block": await story.block(),
        "heartbeat": files[HEARTBEAT]["active_reminders"],
        "memory": files[MEMORY]["current_state"],
        "api": json.dumps(state_view(facts, story.now)),
        "mcp": mcp.model_dump_json(),
    }


def sent_back_everywhere(said: Mapping[str, str], name: str = "amazon") -> None:
    """No surface says the return is still to do; each says it went back."""
    for surface, text in said.items():
        lines = [line for line in text.splitlines() if name in line.lower()]
        for line in lines:
            assert "still to send back" not in line, (surface, line)
            assert "overdue" not in line.lower(), (surface, line)
            assert "return is due" not in line, (surface, line)
            # A bare "pending" is what a model read as "not done yet".
            if "pending" in line and surface not in ("api", "mcp"):
                assert SENT_BACK in line, (surface, line)
    assert SENT_BACK in said["block"], said["block"]
    assert SENT_BACK in said["told"], said["told"]
    assert f'"meaning": "{SENT_BACK}"' in said["api"], said["api"]
    assert f'"meaning":"{SENT_BACK}"' in said["mcp"], said["mcp"]
    assert "Amazon" not in said["plate"], said["plate"]
    assert "Nothing is due" in said["due"], said["due"]
    assert SENT_BACK in said["due"], said["due"]
    assert f"pending ({SENT_BACK})" in said["why"], said["why"]
    # The block still reads back into its facts, the meaning beside the value.
    facts = {f.field: f for f in parse_block(said["block"]).facts}
    assert facts[AMAZON].meaning == SENT_BACK, said["block"]
    # Its old day is no deadline: no "by Friday", no expiry or overdue in the files.
    assert "no longer a deadline" in said["memory"], said["memory"]
    assert "expires" not in said["heartbeat"], said["heartbeat"]
    assert "stale" not in said["heartbeat"], said["heartbeat"]


PLANS = [
    "need to return the amazon package by friday",
    "need to retrun the amazon pakage by fri",
]
DONE = [
    "returned it",
    "ok so i returned it lol",
    "dropped it off at ups this morning",
    "sent the package back",
]


@pytest.mark.parametrize("plan", PLANS)
@pytest.mark.parametrize("done", DONE)
async def test_a_return_that_went_back_reads_as_sent_back_everywhere(
    tg: FakeTelegram, start_bot: StartBot, plan: str, done: str
) -> None:
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    await tg.reply_after(ALICE, story.says(plan), "")
    await yes_to_all(story, tg)
    assert await story.held(AMAZON) == "due"
    story.later(hours=5)
    await tg.reply_after(ALICE, story.says(done), "")
    await story.restart(start_bot)  # stopped while "Mark the Amazon return done?" is open
    assert await yes_to_all(story, tg) == ["Mark the Amazon return done?"]
    assert await story.held(AMAZON) == "pending"
    story.later(days=3)  # past its old day: still nothing overdue
    await story.restart(start_bot)
    sent_back_everywhere(await surfaces(story))


STILL_PENDING = [
    "the amazon return is still pending",
    "amazon return still pending ugh",
    "return's still pending",
    "the amazon return's still pending :(",
]


@pytest.mark.parametrize("said", STILL_PENDING)
async def test_still_pending_of_a_return_still_to_send_back_keeps_it_due(
    tg: FakeTelegram, start_bot: StartBot, said: str
) -> None:
    """Decided: "still pending" with no word of it going back is what most readers mean,
    not done yet. It is never silently sent back; the reply says it is still to do."""
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    await tg.reply_after(ALICE, story.says(PLANS[0]), "")
    await yes_to_all(story, tg)
    story.later(hours=2)
    reply = await story.hears(said, "still to do")
    assert "the Amazon return is due Friday, November 27" in reply.text, reply.text
    await story.restart(start_bot)
    assert await yes_to_all(story, tg) == []
    assert await story.held(AMAZON) == "due"
    plate = (await story.hears("what's on my plate?", "Amazon")).text
    assert "the Amazon return is due" in plate, plate
    # Once it went back, "still pending" is its refund's: it stays sent back.
    await tg.reply_after(ALICE, story.says("returned it"), "")
    assert await yes_to_all(story, tg) == ["Mark the Amazon return done?"]
    await tg.reply_after(ALICE, story.says(said), "")
    await story.restart(start_bot)
    assert await yes_to_all(story, tg) == []
    assert await story.held(AMAZON) == "pending"


TWO_PLANS = ("need to return the amazon package by friday", "gotta send the zara dress back by sat")


async def two_returns_and_returned_it(story: Story, tg: FakeTelegram, said: str) -> str:
    """Both returns still to send back, then ``said``: the question it raises."""
    for plan in TWO_PLANS:
        await tg.reply_after(ALICE, story.says(plan), "")
        await yes_to_all(story, tg)
    assert (await story.held(AMAZON), await story.held(ZARA)) == ("due", "due")
    story.later(hours=4)
    await tg.reply_after(ALICE, story.says(said), "")
    return (await tg.prompt(ALICE, "Which one went back")).text


@pytest.mark.parametrize("said", ["returned it", "ok so i finally dropped it off", "sent it back"])
@pytest.mark.parametrize(
    ("tapped", "held"),
    [
        ("The Zara return", {AMAZON: "due", ZARA: "pending"}),
        ("The Amazon return", {AMAZON: "pending", ZARA: "due"}),
        ("No", {AMAZON: "due", ZARA: "due"}),
    ],
)
async def test_returned_it_with_two_returns_open_asks_which(
    tg: FakeTelegram, start_bot: StartBot, said: str, tapped: str, held: dict[str, str]
) -> None:
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    asked = await two_returns_and_returned_it(story, tg, said)
    assert asked.startswith("Which one went back: the Amazon return or the Zara return?"), asked
    await story.restart(start_bot)  # the question survives a restart, buttons and all
    prompt = await tg.prompt(ALICE, "Which one went back")
    assert [b["text"] for row in prompt.buttons for b in row] == [
        "The Amazon return",
        "The Zara return",
        "No",
    ]
    await tg.tap(ALICE, prompt, tapped)
    settled = await tg.settled(prompt)
    assert (SENT_BACK if tapped != "No" else "nothing changed") in settled.text, settled.text
    assert tg.open_prompts(ALICE) == []  # one question, answered once
    await story.restart(start_bot)
    for field, value in held.items():
        assert await story.held(field) == value, (tapped, field)
    plate = (await story.hears("what's on my plate?", "")).text
    for field, value in held.items():
        name = "Amazon" if "amazon" in field else "Zara"
        assert (f"the {name} return is due" in plate) == (value == "due"), plate


async def test_the_choice_answered_by_an_assistant_is_the_same_choice(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    """Yes to one errand of the choice through MCP (as the HTTP API answers it): that one
    went back, the other is still to do; the chat's question closes saying which."""
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    await two_returns_and_returned_it(story, tg, "returned it")
    mcp = ScopedCanon(story.engine, Scope("user:primary"), clock=lambda: story.now)
    open_now = await mcp.pending()
    zara = next(q for q in [*open_now.pending, *open_now.queued] if q.field == ZARA)
    await mcp.answer(zara.id, "yes")
    assert (await story.held(AMAZON), await story.held(ZARA)) == ("due", "pending")
    await story.restart(start_bot)
    assert tg.open_prompts(ALICE) == []
    closed = [m.text for m in tg.bot_messages(ALICE) if "Which one went back" in m.text]
    assert any(f"The Zara return: {SENT_BACK}" in t for t in closed), closed


async def sent_back(tg: FakeTelegram, start_bot: StartBot) -> Story:
    """The Amazon return planned, then said gone back (each question answered Yes)."""
    story = Story(tg)
    await story.at_home_in_portland(start_bot)
    for said in (PLANS[0], "returned it"):
        await tg.reply_after(ALICE, story.says(said), "")
        await yes_to_all(story, tg)
    assert await story.held(AMAZON) == "pending"
    return story


REFUNDS = [
    # A refund naming the shop is its return's (asked as a money change is).
    "got my refund from amazon!!",
    "amazon refund finally came thru",
    # Naming none, the one return open (asked: Canon chose it).
    "money's back!!",
    "the refund came through",
]


@pytest.mark.parametrize("said", REFUNDS)
async def test_a_refund_closes_the_return(tg: FakeTelegram, start_bot: StartBot, said: str) -> None:
    story = await sent_back(tg, start_bot)
    story.later(days=4)
    await tg.reply_after(ALICE, story.says(said), "")
    await story.restart(start_bot)
    assert await yes_to_all(story, tg) == ["Was the Amazon return refunded?"]
    assert await story.held(AMAZON) == "refunded"
    assert await story.held("financial.amazon_refund.status") is None  # the return's own
    said_now = await surfaces(story)
    assert "sent back and refunded" in said_now["block"], said_now["block"]
    assert "Waiting on" not in said_now["due"], said_now["due"]
    assert "amazon" not in said_now["heartbeat"].lower(), said_now["heartbeat"]


async def test_a_refund_denied_or_asked_closes_nothing(
    tg: FakeTelegram, start_bot: StartBot
) -> None:
    story = await sent_back(tg, start_bot)
    for said in ("still no refund from amazon ugh", "did the refund come through?"):
        await tg.reply_after(ALICE, story.says(said), "")
    await story.restart(start_bot)
    assert not any("Amazon" in q for q in await yes_to_all(story, tg))
    assert await story.held(AMAZON) == "pending"
