"""The eleventh round (issue 24): classes of language behind what the dev halves still
missed after the tenth round, each specified with fresh sentences in several voices (none
from a set) and look-alikes (someone else's fact, a condition, a question) that must not
commit.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said

from core.extraction.offline import extract_offline

# ---------------------------------------------------------------- a plan undone, and why


@pytest.mark.parametrize(
    ("text", "intent", "field", "value"),
    [
        # Look-alikes: someone else's plan undone, a question, a condition.
        (
            "my sister was supposed to fly to Denver today but her flight got cancelled",
            "assertive",
            "travel.status",
            None,
        ),
        ("were you supposed to fly to Boise today?", "none", "travel.status", None),
        (
            "if the flight gets cancelled we were going to drive",
            "hypothetical",
            "travel.status",
            None,
        ),
        # What undid the plan is a clause of its own, whatever its subject: the plan is
        # not a wish, and a trip called off today is called off.
        (
            "we were meant to drive up to Tahoe tonight but the pass is closed",
            "assertive",
            "travel.destination",
            None,
        ),
        (
            "I was gonna take the train to Chicago today but the whole line is down",
            "assertive",
            "travel.destination",
            None,
        ),
        (
            "we were supposed to fly out to Boise this morning but the plane broke",
            "historical",
            "travel.destination",
            None,
        ),
        (
            "I was supposed to fly to Reno tonight but the flight got cancelled",
            "assertive",
            "travel.status",
            "cancelled",
        ),
    ],
)
def test_a_plan_undone_and_what_undid_it(text: str, intent: str, field: str, value: object) -> None:
    assert extract_offline(text, at=AT).intent == intent
    assert facts_said(text, AT).get(field) == value


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # Look-alikes: an illness now, a stay now, the pandemic as a subject now.
        ("my wife has covid and is in bed", "assertive"),
        ("the pandemic is making my job hard", "assertive"),
        # The pandemic dates a story: what it cancelled or postponed is long over.
        ("our honeymoon got postponed because of the pandemic", "historical"),
        ("we canceled the cruise during covid", "historical"),
        ("the Lisbon trip was called off due to covid-19", "historical"),
        ("after lockdown ended I went back to the office", "historical"),
    ],
)
def test_the_pandemic_dates_a_story(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


def test_what_the_pandemic_cancelled_commits_nothing() -> None:
    assert facts_said("the Lisbon trip was called off due to covid-19", AT) == {}
    assert facts_said("we canceled the cruise during covid", AT) == {}


# ---------------------------------------------------------------- two members, one status


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Look-alikes: a friend is no member; the speaker with a member is the speaker's
        # trip; a question; a condition.
        ("my friend and her husband are sick", {}),
        ("are mom and dad sick?", {}),
        ("if mom and dad get sick we'll cancel", {}),
        ("the twins are at our place", {}),
        # Members joined by "and" share what is said of them.
        ("mum and dad are both poorly", {"family.mom.status": "sick", "family.dad.status": "sick"}),
        (
            "grandma and grandpa have covid",
            {"family.grandma.status": "sick", "family.grandpa.status": "sick"},
        ),
        (
            "my wife & daughter are away till Sunday",
            {"family.wife.status": "away", "family.daughter.status": "away"},
        ),
        (
            "my husband and the kids are at his parents' this week",
            {"family.husband.status": "away", "family.kids.status": "away"},
        ),
        # Someone else's home is being away, asleep there too.
        ("the kids are at her place tonight", {"family.kids.status": "away"}),
        ("my son's at their house for the weekend", {"family.son.status": "away"}),
        ("my daughter is asleep at her place", {"family.daughter.status": "away"}),
    ],
)
def test_members_said_together_and_away_at_someone_elses(
    text: str, expected: dict[str, object]
) -> None:
    said = {f: v for f, v in facts_said(text, AT).items() if f.startswith("family.")}
    assert said == expected


def test_the_speaker_with_a_member_is_the_speakers_trip() -> None:
    assert facts_said("Mom and I are in Denver", AT) == {
        "travel.location": "Denver",
        "travel.status": "in_progress",
    }


# ---------------------------------------------------------------- a relative's "'s" before where


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # Look-alikes: a possessive before a hyphened noun; a question.
        ("my sister's in-laws are visiting", "assertive"),
        ("is my sister's in town?", "none"),
        # A relative's "'s" before where they are is "is": the clause has its verb.
        ("my brother's in Tulsa for work", "assertive"),
        ("my sister's in town all week so ill be on less", "assertive"),
        ("our daughter's over in Leeds visiting friends", "assertive"),
    ],
)
def test_a_relatives_s_before_where_is_is(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


def test_a_relative_over_somewhere_visiting_is_away() -> None:
    assert facts_said("our daughter's over in Leeds visiting friends", AT) == {
        "family.daughter.status": "away"
    }


# ---------------------------------------------------------------- a span that starts today


@pytest.mark.parametrize(
    ("text", "intent", "expected"),
    [
        # Look-alikes: a span that starts later is a plan; a condition.
        (
            "I'm in Reno tomorrow and friday",
            "planning",
            {
                "travel.destination": "Reno",
                "travel.status": "planning",
                "travel.depart_date": "2026-03-05",
            },
        ),
        ("if I'm off today and tomorrow we'll go", "hypothetical", {}),
        # "today and tomorrow", "today & tomorrow": a state under way, not a plan.
        (
            "I'm in Reno today and tomorrow",
            "assertive",
            {"travel.location": "Reno", "travel.status": "in_progress"},
        ),
        ("wfh today & tomorrow, kids are sick", "assertive", {"family.kids.status": "sick"}),
        ("I'm off work today and tomorrow", "assertive", {}),
    ],
)
def test_a_span_that_starts_today_is_under_way(
    text: str, intent: str, expected: dict[str, object]
) -> None:
    assert extract_offline(text, at=AT).intent == intent
    assert facts_said(text, AT) == expected


# ---------------------------------------------------------------- a firm's site named by its city


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Look-alikes: someone else at the site; a question; "the" before an ordinary noun.
        ("my manager is at the boston office today", {}),
        ("are you at the chicago office today?", {}),
        ("we're in the van", {}),
        # A city in lower case before "office", "campus", "plant": the site, and where the
        # speaker is.
        ("I'm at the chicago office all week", {"travel.location": "Chicago"}),
        ("stuck at the dallas campus till 6", {"travel.location": "Dallas"}),
        ("we're at the reno plant till friday", {"travel.location": "Reno"}),
    ],
)
def test_a_site_named_by_its_city_places_the_speaker(
    text: str, expected: dict[str, object]
) -> None:
    said = facts_said(text, AT)
    assert {f: v for f, v in said.items() if f == "travel.location"} == expected


# ---------------------------------------------------------------- an offer to the group


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # Look-alikes: a condition on a plan or on a fact.
        ("we'll cancel if anyone is sick", "hypothetical"),
        ("if anyone is free we could grab dinner", "hypothetical"),
        # "if anyone wants…", "if anyone's around" after a fact offers, it sets no condition.
        ("in Tahoe all weekend if anyone's around", "assertive"),
        ("at the office till 6 if anybody needs a hand", "assertive"),
        ("dms open if anyone needs a duo", "none"),
    ],
)
def test_an_offer_to_the_group_is_no_condition(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


# ---------------------------------------------------------------- a job and a move, said other ways


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Look-alikes: someone else's job or move, a question, a story, a condition, a
        # move that is no place.
        ("a barista at starbucks was rude to me", {}),
        ("do you intern at spotify?", {}),
        ("my husband moved to Austin for a job at Dell", {}),
        ("my brother shifted to Mumbai last year", {}),
        ("we shifted to Chennai when I was ten", {}),
        ("we shifted to a new approach last month", {}),
        ("if we move to Austin for a job at Dell we'd sell the car", {}),
        # An internship is a job; a job title and its firm after the word that dates it.
        ("i intern at nvidia this summer", {"profile.employer": "Nvidia"}),
        ("I'm interning at Microsoft, mostly QA", {"profile.employer": "Microsoft"}),
        ("now a cashier at target lol", {"profile.employer": "Target"}),
        ("finally a nurse at kaiser!!", {"profile.employer": "Kaiser"}),
        # Indian English "shifted" is moved; the job a move was for is the employer.
        ("we shifted to Hyderabad two months ago", {"profile.home_city": "Hyderabad"}),
        (
            "we relocated to Austin in January for a job at Dell",
            {"profile.home_city": "Austin", "profile.employer": "Dell"},
        ),
    ],
)
def test_a_job_and_a_move_said_other_ways(text: str, expected: dict[str, object]) -> None:
    said = {f: v for f, v in facts_said(text, AT).items() if f.startswith("profile.")}
    assert said == expected


# ---------------------------------------------------------------- not going to the event there


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Look-alikes: an errand, a venue or someone's party, another person, a condition,
        # a question.
        ("I'm not going to the gym in the morning anymore", {}),
        ("I'm not going to the party at Jake's", {}),
        ("I'm not going to the show at Madison Square Garden", {}),
        ("my brother isn't going to the wedding in Denver anymore", {}),
        ("if we're not going to the wedding in Denver we'll stay home", {}),
        ("are you not going to the meetup in austin?", {}),
        # Not going to an event in a place: the trip there is off (it was a plan to Denver).
        ("we're not going to the wedding in Denver anymore", {"travel.status": "cancelled"}),
        (
            "I'm not going to my cousin's graduation in Tulsa after all",
            {"travel.status": "cancelled"},
        ),
        (
            "we won't be going to the conference in Berlin this year",
            {"travel.status": "cancelled"},
        ),
    ],
)
def test_not_going_to_the_event_there_calls_the_trip_off(
    text: str, expected: dict[str, object]
) -> None:
    assert facts_said(text, AT) == expected


# ---------------------------------------------------------------- home again, well again


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Look-alikes: out of hospital alone is well; someone else's relative; a question.
        # Back at school said as the whole news is well since multi36 (a sick child held
        # stale is the failure Canon exists to prevent; the status is asked, not taken).
        ("my dad's out of hospital", {"family.dad.status": "well"}),
        ("the kids are back at school", {"family.kids.status": "well"}),
        ("my friend's back at work after the flu", {}),
        ("is noah back at school after the flu?", {}),
        ("is my dad out of hospital and back home?", {}),
        # Out of hospital and home is home.
        ("grandpa got discharged and is back home", {"family.grandpa.status": "home"}),
        ("mum was released from hospital and is home now", {"family.mom.status": "home"}),
        ("my dad's out of hospital and safely home", {"family.dad.status": "home"}),
        # Back at school or work after an illness is well.
        ("my husband's back at work after a week with covid", {"family.husband.status": "well"}),
        ("emma's back at daycare after the stomach bug", {"family.emma.status": "well"}),
        ("both boys are back at school after being sick", {"family.boys.status": "well"}),
    ],
)
def test_home_again_and_well_again(text: str, expected: dict[str, object]) -> None:
    said = {f: v for f, v in facts_said(text, AT).items() if f.startswith("family.")}
    assert said == expected


# ---------------------------------------------------------------- no one named Finally


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A capitalised adverb opening a status line is no member of the family.
        # (Home in a city is the home city too: words11c's "back home in portland".)
        (
            "Finally home in Portland",
            {
                "travel.status": "completed",
                "travel.location": "Portland",
                "profile.home_city": "Portland",
            },
        ),
        ("Still sick", {}),
        ("Just back home", {}),
        ("Now home", {}),
        # Names stay names; a first name before "is home" is the person, not a town;
        # a city most people mean stays the home.
        ("Justin is sick", {"family.justin.status": "sick"}),
        ("Emma is home", {"family.emma.status": "home"}),
        ("Austin is home", {"profile.home_city": "Austin"}),
        ("Boise is home now", {"profile.home_city": "Boise"}),
    ],
)
def test_no_one_is_named_finally(text: str, expected: dict[str, object]) -> None:
    said = {
        f: v
        for f, v in facts_said(text, AT).items()
        if f.startswith(("family.", "profile.", "travel.location", "travel.status"))
    }
    assert said == expected


# ---------------------------------------------------------------- a getaway left unnamed


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Look-alikes: a habit, a maybe, someone else's getaway, a story, no day.
        ("i really love going to the lake on sundays", {}),
        ("we might go to the lake this weekend if its nice", {}),
        ("my parents are driving to the lake on saturday", {}),
        ("we went to the lake on saturday", {}),
        ("going to the lake", {}),
        # A getaway planned to the lake, the cabin, one's native place: its days.
        (
            "we're driving up to the cabin on saturday",
            {"travel.status": "planning", "travel.depart_date": "2026-03-07"},
        ),
        (
            "we leave for the lake saturday",
            {"travel.status": "planning", "travel.depart_date": "2026-03-07"},
        ),
        (
            "heading to my hometown on the 12th, back the 15th",
            {
                "travel.status": "planning",
                "travel.depart_date": "2026-03-12",
                "travel.return_date": "2026-03-15",
            },
        ),
    ],
)
def test_a_getaway_left_unnamed_has_its_days(text: str, expected: dict[str, object]) -> None:
    assert facts_said(text, AT) == expected


# ---------------------------------------------------------------- "return" before the day back


@pytest.mark.parametrize(
    ("text", "back"),
    [
        # Look-alikes: returning a thing is no way back.
        ("we return the rental car friday", None),
        ("i need to return the shoes by friday", None),
        # An itinerary's "return", "returns", "return on": the day the trip comes back.
        ("Flight to Miami Fri 3/6, return 3/10", "2026-03-10"),
        ("flying to Boston on the 12th, return on the 15th", "2026-03-15"),
        ("train to Chicago friday, returns sunday", "2026-03-08"),
    ],
)
def test_return_before_a_day_is_the_way_back(text: str, back: str | None) -> None:
    assert facts_said(text, AT).get("travel.return_date") == back


# ---------------------------------------------------------------- a hotel's days


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Look-alikes: a stay over, a check-out with no trip, someone else's hotel.
        ("hotel in Austin was awful", {}),
        ("we check out of the hotel on sunday", {}),
        ("my parents' hotel in Austin, check in 3/20", {}),
        # An itinerary's stay: the hotel's place is the trip's, check-in and check-out its days.
        (
            "Hotel in Austin, check in 3/20, check out 3/23",
            {
                "travel.destination": "Austin",
                "travel.status": "planning",
                "travel.depart_date": "2026-03-20",
                "travel.return_date": "2026-03-23",
            },
        ),
        (
            "Airbnb: cute loft in Lisbon, check-in 4/2",
            {
                "travel.destination": "Lisbon",
                "travel.status": "planning",
                "travel.depart_date": "2026-04-02",
            },
        ),
        (
            "staying at an airbnb in Denver, check-in friday, check-out sunday",
            {
                "travel.destination": "Denver",
                "travel.status": "planning",
                "travel.depart_date": "2026-03-06",
                "travel.return_date": "2026-03-08",
            },
        ),
    ],
)
def test_a_hotels_place_and_days_are_the_trips(text: str, expected: dict[str, object]) -> None:
    assert facts_said(text, AT) == expected


# ---------------------------------------------------------------- chat around the news


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # Look-alikes: a plan to meet somewhere; what has to be done; a question to the
        # other person before the invitation.
        ("see you in Denver on friday", "planning"),
        ("we must leave by 5", "assertive"),
        ("are you back in town, drinks this week?", "none"),
        # An invitation asked after the news leaves the news a fact.
        ("landed in Denver, dinner tonight?", "assertive"),
        ("home from Tahoe, coffee tomorrow??", "assertive"),
        # A sign-off with its day claims nothing.
        ("logging off, see you all on monday", "none"),
        ("see you guys next week", "none"),
        ("heading out, see u tmrw", "none"),
        # A must-do is a wish.
        ("we really must visit Lisbon someday", "hypothetical"),
        ("you must see the new exhibit", "hypothetical"),
        ("my brother says we must try the ramen place", "hypothetical"),
    ],
)
def test_chat_around_the_news(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


def test_a_must_do_commits_nothing() -> None:
    assert facts_said("we really must visit Lisbon someday", AT) == {}


# ---------------------------------------------------------------- a share of a bill, and who says it


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Look-alikes: a share of what is no bill; a relative's word on a bill; another
        # person's request relayed by an app.
        ("paid my share of the pizza", {}),
        ("mom says my half of the rent went through", {}),
        ("Venmo says Alex requested $60", {}),
        # A share of a bill is the bill.
        ("paid my share of the electric bill", {"financial.electric_bill.status": "paid"}),
        ("paid our part of the water bill", {"financial.water_bill.status": "paid"}),
        # An app or a service reporting on the speaker's things: the speaker's fact.
        ("Venmo says my half of the rent went through", {"financial.rent.status": "paid"}),
        ("PayPal says the electric bill went through", {"financial.electric_bill.status": "paid"}),
        (
            "the airline app says our flight to Denver is cancelled",
            {"travel.status": "cancelled"},
        ),
    ],
)
def test_a_share_of_a_bill_and_an_app_that_says_so(text: str, expected: dict[str, object]) -> None:
    assert facts_said(text, AT) == expected


# ---------------------------------------------------------------- flew into a place lately


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Look-alikes: long ago, someone else, a window, a condition.
        ("we flew into Lisbon in 2019", {}),
        ("my parents flew into Denver yesterday", {}),
        ("the bird flew into the window yesterday", {}),
        ("if we fly into Lisbon tomorrow we'll call", {}),
        # Flown or driven into a place lately: there now.
        ("we flew into Lisbon yesterday", {"travel.location": "Lisbon"}),
        ("drove into Denver last night, so tired", {"travel.location": "Denver"}),
        (
            "We flew into Porto this morning and we're wandering the old town",
            {"travel.location": "Porto"},
        ),
    ],
)
def test_flown_into_a_place_lately(text: str, expected: dict[str, object]) -> None:
    said = facts_said(text, AT)
    assert {f: v for f, v in said.items() if f == "travel.location"} == expected


# ---------------------------------------------------------------- till I land there


@pytest.mark.parametrize(
    ("text", "destination"),
    [
        # Look-alikes: someone else's landing; a landing gone by.
        ("my wife will be offline till she lands in Denver", None),
        ("I was offline till I landed in Boston", None),
        # What waits till the speaker lands somewhere names where the flight goes.
        ("I'm heading to the airport now, will be offline till I land in Boston", "Boston"),
        ("I'll be offline until we land in Denver tonight", "Denver"),
        ("no wifi till we land in Lisbon", "Lisbon"),
    ],
)
def test_till_i_land_there_names_the_destination(text: str, destination: str | None) -> None:
    assert facts_said(text, AT).get("travel.destination") == destination
