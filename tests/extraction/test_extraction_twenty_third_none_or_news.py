"""The twenty-third round (issue 24), w23f: the line between a message that tells no state
of the writer's (intent none) and one that tells news (assertive), found by the probe
sentences written for this round (``realistic/probes23f-dev.jsonl``: teen texts, work chat,
voice notes, learners' English, mail). News said tersely, with its "I'm" or "I've got a"
left out or put as a riddle, is news; thanks put as praise, compliments on the listener's
things and what kinds of things always do claim nothing. Every row is a sentence written
for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import commits_anything, intent_said

# ------------------------------------------- news with its subject and verb left out


@pytest.mark.parametrize(
    "text",
    [
        # An illness with "I'm" left out, as a status line leaves it out.
        "sick again ugh",
        "still sick, no school for me",
        "so sick rn lol",
        "down with the flu, wfh",
        # A new thing in the writer's life, "I've got a" left out.
        "new job!!",
        "brand new flat 🏠",
        "officially new car lol",
        # "quick note that …" opens the news as "heads up" does.
        "Hi all, quick note that I'm off sick today. Thanks, Ola",
        "just a quick note that we landed",
        # Come, and here now, though a story follows.
        "the twins are here! they came at 2am, all well",
    ],
)
def test_terse_news_tells_the_writers_state(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        # "sick" alone may be praise; "sick of" is a mood.
        "sick!!",
        "sick of this weather",
        "so sick of mondays",
        # A new thing that is no news of the writer's.
        "new job ideas for the team",
        "new season pass is a scam",
        # News put as a riddle may be the writer's or gossip of someone else's ("guess
        # who's back in town"): it claims nothing until it is told.
        "omg guess who got engaged",
        "guess who's back in Leeds",
        "guess who called me today",
    ],
)
def test_look_alikes_of_terse_news_claim_nothing(text: str) -> None:
    assert not commits_anything(text)


# ------------------------------------------- talk that tells nothing of the writer's


@pytest.mark.parametrize(
    "text",
    [
        # Thanks put as praise of the asking.
        "It is very kind from you to ask about my family",
        "it's so sweet of you to check in",
        "thats really nice of u to offer",
        # A compliment on the listener's things.
        "omg ur hair looks sooo good in that pic",
        "your garden looks amazing!!",
        "your new flat sounds lovely",
        # What kinds of things always or never do: true any day.
        "Dogs always know when you're sad",
        "cats never listen",
        "buses never come on time round here lol",
        "Trains always run late on sundays",
    ],
)
def test_praise_compliments_and_what_things_always_do_claim_nothing(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    "text",
    [
        # The writer's own news beside the look-alike.
        "your parcel looks damaged, I left it with the neighbour",
        "it's good of you to come, we're in room 4",
        "it's kind of cold here today",
        # Things of the writer's now, not kinds.
        "trains are cancelled again",
        "dogs are barking next door",
        "the boiler is broken again",
    ],
)
def test_look_alikes_of_talk_keep_their_news(text: str) -> None:
    assert intent_said(text) == "assertive"
