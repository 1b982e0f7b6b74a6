"""The seventh round (issue 24): classes of phrasing the new voices (British English, a
friends' group chat, status updates, long posts) showed on their dev halves.

Each table holds fresh sentences of the class and its look-alikes, none from a set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said

from core.extraction.offline import extract_offline

# ---------------------------------------------------------------- questions put to others


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # A question put to the others present asks; it wonders about no possibility.
        ("could anybody lend me a ladder on sunday?", "none"),
        ("anyone got a spare ticket for friday?", "none"),
        ("fancy a curry tonight?", "none"),
        ("got any tips for a long drive with toddlers??", "none"),
        ("sam is still in denver right?", "none"),
        ("any recs for brunch in austin?", "none"),
        ("you guys free on saturday?", "none"),
        # Look-alikes: a possibility weighed stays hypothetical.
        ("should we move to denver?", "hypothetical"),
        ("any chance we could stay another night?", "hypothetical"),
        ("maybe Lisbon in the summer?", "hypothetical"),
        ("is it worth moving to boston?", "hypothetical"),
        ("could we go to tahoe instead?", "hypothetical"),
        # A question of what might have been, or a tag after a possibility, still wonders.
        ("Could anyone have stopped the war?", "hypothetical"),
        ("Would anybody really leave Paris for that?", "hypothetical"),
        ("He could have stayed in Rome, no?", "hypothetical"),
        ("She might have married him, right?", "hypothetical"),
    ],
)
def test_a_question_to_the_others_asks(text: str, intent: str) -> None:
    found = extract_offline(text, at=AT)
    assert found.intent == intent
    assert not any(o.intent in ("assertive", "planning") for o in found.observations)


# ---------------------------------------------------------------- homes said other ways


@pytest.mark.parametrize(
    ("text", "home"),
    [
        # Where the home is, by what lies near it.
        ("we live just outside Bristol", "Bristol"),
        ("i live right outside of denver", "Denver"),
        ("we live just north of Austin", "Austin"),
        # The new home, then its place; where from before where to.
        ("we've moved into a flat in Leeds", "Leeds"),
        ("we moved into a house in tacoma last month", "Tacoma"),
        ("we moved from ohio to denver last year", "Denver"),
        # A status line without its subject; a lasting state ("these days").
        ("living in Austin now", "Austin"),
        ("based in Glasgow these days", "Glasgow"),
        ("These days I'm in Raleigh", "Raleigh"),
        ("I'm in Boston these days", "Boston"),
        # Look-alikes: someone else, a thing moved, a possibility, a stay.
        ("my sister lives just outside Boston", None),
        ("my parents moved from ohio to florida", None),
        ("we moved the couch from the kitchen to the den", None),
        ("we might move from boston to denver", None),
        ("if we moved into a flat in leeds we'd save money", None),
        ("living in the moment", None),
        ("Living in London in my twenties taught me a lot.", None),
        ("we moved into our house in Portland in 2009", None),
        ("The year we moved into our house in Portland, the basement flooded.", None),
        ("we just moved into a condo in Boise", "Boise"),
        ("we're in tahoe for the weekend", None),
    ],
)
def test_a_home_said_other_ways(text: str, home: str | None) -> None:
    assert facts_said(text, AT).get("profile.home_city") == home


def test_a_stay_now_is_no_home() -> None:
    assert facts_said("we're in Denver now", AT).get("travel.location") == "Denver"
    assert "profile.home_city" not in facts_said("we're in Denver now", AT)


# ---------------------------------------------------------------- family words and status lines


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # British words: poorly is sick, shut is closed, back at uni is away.
        ("my son's been poorly all week", "family.son.status", "sick"),
        ("my nan is poorly", "family.grandma.status", "sick"),
        ("the school's shut tomorrow", "family.school.event_status", "cancelled"),
        ("my daughter's back at uni in Leeds", "family.daughter.status", "away"),
        ("my son is away at college", "family.son.status", "away"),
        # A status line that leaves out the verb: the member opens the clause.
        ("husband away till Sunday, solo parenting", "family.husband.status", "away"),
        ("kids at grandma's this week", "family.kids.status", "away"),
        ("kids at my mum's till friday", "family.kids.status", "away"),
        ("son home sick today", "family.son.status", "sick"),
        ("wife in hospital again", "family.wife.status", "sick"),
        # Look-alikes: the member is an object, a pet, or at a place that is no stay.
        ("drop the kids at grandma's", "family.kids.status", None),
        ("I dropped the kids at my mom's", "family.kids.status", None),
        ("the kids at the park are loud", "family.kids.status", None),
        ("the dog is sick", "family.dog.status", None),
        ("our cat is at the vet", "family.cat.status", None),
        # Back at school said as the whole news: well again, asked (multi36; it read
        # nothing before).
        ("my son is back at school", "family.son.status", "well"),
    ],
)
def test_family_words_and_status_lines(text: str, field: str, value: str | None) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- days ahead after a change


@pytest.mark.parametrize(
    ("text", "field", "day"),
    [
        # A stay made longer in the past tense: the day it now ends is ahead.
        ("we extended the trip to monday", "travel.return_date", "2026-03-09"),
        ("we extended our stay until friday", "travel.return_date", "2026-03-06"),
        ("extended the trip till sunday", "travel.return_date", "2026-03-08"),
        ("we bumped our flight to thursday", "travel.depart_date", "2026-03-05"),
        # A dash between weekdays, and their short spellings.
        ("will be in Chicago Tue-Thu", "travel.return_date", "2026-03-12"),
        ("in London thursday–sunday", "travel.return_date", "2026-03-08"),
        ("back thu", "travel.return_date", "2026-03-05"),
        # Look-alikes: a story, and things that are no trip.
        ("we extended the trip to monday last year", "travel.return_date", None),
        ("my boss extended the deadline to friday", "travel.return_date", None),
        ("c'mon guys", "travel.return_date", None),
    ],
)
def test_days_ahead_after_a_change(text: str, field: str, day: str | None) -> None:
    assert facts_said(text, AT).get(field) == day


def test_a_story_keeps_its_past() -> None:
    assert facts_said("they extended my contract", AT) == {}
    assert extract_offline("we extended the trip to monday last year", at=AT).intent == "historical"


# ---------------------------------------------------------------- long posts and status lines


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # An illness fought for a while is an illness now.
        ("my wife has been fighting pneumonia for two weeks", "family.wife.status", "sick"),
        ("dad's been battling a chest infection", "family.dad.status", "sick"),
        # A diary's heading is no part of the news.
        ("Diary: Grandpa's in the ICU again.", "family.grandpa.status", "sick"),
        ("Journal: my wife has the flu", "family.wife.status", "sick"),
        ("dear diary, we moved to Leeds today", "profile.home_city", "Leeds"),
        # The job now after a job one had.
        ("I used to work at Boeing. Now I'm at SpaceX.", "profile.employer", "SpaceX"),
        ("I worked at Acme for years, now I'm at Globex", "profile.employer", "Globex"),
        # A bill's status line without its verb.
        ("rent paid", "financial.rent.status", "paid"),
        ("phone bill paid today", "financial.phone_bill.status", "paid"),
        # Look-alikes.
        ("I used to live in Boston, now I'm at my mom's", "profile.employer", None),
        ("we went to Boston, now I'm at the hotel", "profile.employer", None),
        ("the rent paid for the repairs", "financial.rent.status", None),
        ("diary of a wimpy kid is my favourite book", "profile.home_city", None),
    ],
)
def test_long_posts_and_status_lines(text: str, field: str, value: str | None) -> None:
    assert facts_said(text, AT).get(field) == value


def test_a_former_job_then_now_is_no_trip() -> None:
    got = facts_said("I used to work at Boeing. Now I'm at SpaceX.", AT)
    assert "travel.location" not in got


# ---------------------------------------------------------------- the traveller's state


@pytest.mark.parametrize(
    ("text", "intent", "location"),
    [
        # How the traveller is, then where, without the verb.
        ("jetlagged in Seoul", "assertive", "Seoul"),
        ("sunburnt in Cancun lol", "assertive", "Cancun"),
        ("exhausted in Paris after the flight", "assertive", "Paris"),
        # "headed home": on the way now, the speaker's.
        ("headed home", "assertive", None),
        ("headed back to the hotel, see u at dinner", "assertive", None),
        # Look-alikes: a time of day, someone else, the past.
        ("exhausted in the morning", "assertive", None),
        ("she's jetlagged in Seoul", "assertive", None),
        ("I was jetlagged in Seoul for days", "historical", None),
        ("headed home early yesterday", "historical", None),
        ("we headed home early yesterday", "historical", None),
    ],
)
def test_the_travellers_state(text: str, intent: str, location: str | None) -> None:
    assert extract_offline(text, at=AT).intent == intent
    assert facts_said(text, AT).get("travel.location") == location


# ---------------------------------------------------------------- back-channel and perfects


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # British and Australian back-channel claims nothing.
        ("cheers, that's brilliant", "none"),
        ("ta mate", "none"),
        ("lovely, cheers", "none"),
        ("nice one!", "none"),
        # Look-alikes: the same words about a thing.
        ("the flat is lovely", "assertive"),
        # A named place rated at the head of a message is a view of the world (twenty-second
        # round, generic_claims.named_and_rated; probes20b's "Lisbon is gorgeous" is none).
        ("Leeds is brilliant", "none"),
        # A perfect that runs up to now is about now; an experience is not.
        ("I haven't had a vacation in two years", "assertive"),
        ("I've had a cold for a week", "assertive"),
        ("I've had the flu twice", "historical"),
        ("I had a cold for a week last year", "historical"),
    ],
)
def test_back_channel_and_perfects(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


# ---------------------------------------------------------------- reported futures, "back when"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # The future of what someone said is told, not wished.
        # (Its "but" clause, the car's whereabouts now, tells the present: twenty-first round.)
        ("tom said he'd drive but his car's in the shop", "assertive"),
        ("my brother said he'd pick us up", "historical"),
        ("she told me she'd call", "historical"),
        ("my husband promised he'd be home by six", "historical"),
        # Look-alikes: what might have been, a preference, a wish.
        ("he'd have come if he could", "hypothetical"),
        ("she said she'd rather stay home", "hypothetical"),
        ("I wish he'd call", "hypothetical"),
        # "back when I can" is a return to come; "back when I was ten" a memory.
        ("wife's in hospital, back when I can", "assertive"),
        ("back when I was ten we lived in Ohio", "historical"),
    ],
)
def test_reported_futures_and_back_when(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


def test_back_when_i_can_keeps_the_news() -> None:
    got = facts_said("wife's in hospital, back when I can", AT)
    assert got.get("family.wife.status") == "sick"


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # The news a call brought, said with "to say".
        ("Mum rang to say Dad is back in hospital", "family.dad.status", "sick"),
        ("my sister called to say mom is in the hospital", "family.mom.status", "sick"),
        ("school phoned to say lily has a fever", "family.lily.status", "sick"),
        ("the airline emailed to say our flight is cancelled", "travel.status", "cancelled"),
        # Look-alikes: a call that brought no news.
        ("he called to say sorry", "family.he.status", None),
        ("she texted to say happy birthday", "travel.status", None),
    ],
)
def test_the_news_a_call_brought(text: str, field: str, value: str | None) -> None:
    assert facts_said(text, AT).get(field) == value


@pytest.mark.parametrize(
    ("text", "diet"),
    [
        # A diet's status line without its subject.
        ("vegetarian as of this year 🌱", "vegetarian"),
        ("vegan since january", "vegan"),
        ("vegan for two years now", "vegan"),
        # Look-alikes: the word names food, not the speaker.
        ("vegan food is great now", None),
        ("vegetarian options since the new chef", None),
    ],
)
def test_a_diet_said_without_its_subject(text: str, diet: str | None) -> None:
    assert facts_said(text, AT).get("profile.diet") == diet
