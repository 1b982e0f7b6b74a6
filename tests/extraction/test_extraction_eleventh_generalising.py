"""The eleventh round (issue 24): classes of phrasing found by sentences written for this
round in many voices (texting, email, dictation, non-native, British, Indian and
Australian English), none taken from an evaluation set.

Each class has its look-alikes first (sentences that must not commit the field), then the
class itself. Every row is a sentence written for this module.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT

from core.extraction.offline import extract_offline


def _said(text: str) -> dict[str, object]:
    found = extract_offline(text, at=AT).observations
    return {o.field: o.candidate_value for o in found if o.intent in ("assertive", "planning")}


# ---------------------------------------------------------------- a going one cannot do


@pytest.mark.parametrize(
    "text",
    [
        "I can't go to Austin next week",
        "we cannot fly to Denver on friday",
        "i cant make it to chicago this weekend",
        "we won't be able to go to Boston",
        "we can't afford to go to Hawaii",
        "Unfortunately I am unable to travel to Delhi next month",
        "cant even get away to tahoe this yr",
        "I won't go to Denver friday, not with this storm",
    ],
)
def test_an_inability_to_go_plans_no_trip(text: str) -> None:
    said = _said(text)
    assert "travel.destination" not in said
    assert said.get("travel.status") in (None, "cancelled")
    assert extract_offline(text, at=AT).intent != "planning" or "won't go" in text


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I can't wait to fly to Lisbon on friday", "Lisbon"),
        ("we're flying to Denver friday, can't wait", "Denver"),
        ("can't believe we're going to Hawaii next week!!", "Hawaii"),
        ("good news, we'll be able to fly to Boston on friday after all", "Boston"),
    ],
)
def test_eagerness_and_a_granted_trip_stay_plans(text: str, place: str) -> None:
    assert _said(text).get("travel.destination") == place


# ---------------------------------------------------------------- a trip called off by its predicate


@pytest.mark.parametrize(
    "text",
    [
        "the boston trip isn't happening until may",
        "the trip is on!",
        "the trip's still on",
        "the trip is not on my mind at all",
        "we cancelled netflix",
        "i had to cancel jordan, she was sick",
        "we're not doing the dishes tonight",
        "my sister's trip to Rome isn't happening",
        "if the trip isn't happening we should get a refund",
        "is the vegas trip a no go?",
    ],
)
def test_a_call_off_look_alike_cancels_no_trip(text: str) -> None:
    assert _said(text).get("travel.status") != "cancelled"


@pytest.mark.parametrize(
    "text",
    [
        # The predicate says it: not happening, a no go, not going ahead, won't happen.
        "the boston trip isnt happening",
        "portland trip is a no go",
        "The Lisbon trip is not going ahead.",
        "our trip to Rome won't happen now",
        "ski trip's not happening this year sadly",
        "Regrettably our holiday to Greece will not be going ahead.",
        # A colon or a dash for the verb, as in a list or a status line.
        "trip to vegas: cancelled.",
        "the trip to Denver - cancelled",
        "Update on the Cabo trip: cancelled 😞",
        # A trip not taken.
        "we're not doing the ski trip this year, too expensive",
        "we won't be taking the trip to Maui after all",
        # The place cancelled stands for the trip there.
        "had to cancel Portland, my boss needs me here",
        "we cancelled vegas, flights were crazy",
        "Ended up cancelling Lisbon because of the strike",
    ],
)
def test_a_trip_called_off_by_its_predicate_is_cancelled(text: str) -> None:
    said = _said(text)
    assert said.get("travel.status") == "cancelled"
    assert not any(f.startswith("project.") for f in said)


# ---------------------------------------------------------------- arrivals and stays in other words


@pytest.mark.parametrize(
    "text",
    [
        "the temperature reached 40 in Phoenix",
        "sales reached a record in Denver",
        "i reached out to my landlord in Austin",
        "my sister reached Goa last night",
        "we drove through Utah last summer",
        "my parents are driving through Ohio right now",
        "if we reach Denver by 6 we'll get dinner",
    ],
)
def test_an_arrival_look_alike_places_no_one(text: str) -> None:
    assert "travel.location" not in _said(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # "reached" for arrived, in Indian and plain English.
        ("reached hyderabad safely", "Hyderabad"),
        ("Me and wife are reached Pune this morning", "Pune"),
        ("we reached Goa last night, the beach is right outside", "Goa"),
        ("Just reached Chennai, will call after dinner", "Chennai"),
        # "presently" for currently, as a formal mail says it.
        ("Dear team, I am presently in Singapore and will respond on my return.", "Singapore"),
        ("We are presently at a conference in Vienna.", "Vienna"),
        # On the road across a place, now.
        ("we're driving through Utah right now, next stop Moab", "Utah"),
        ("cycling across Vietnam atm, next stop hue", "Vietnam"),
        ("currently hiking through Patagonia", "Patagonia"),
    ],
)
def test_an_arrival_or_stay_in_other_words_is_where_one_is(text: str, place: str) -> None:
    said = _said(text)
    assert said.get("travel.location") == place
    assert said.get("travel.status") == "in_progress"


def test_driving_through_a_place_next_week_is_a_plan() -> None:
    assert _said("we'll be driving through Utah next week").get("travel.status") == "planning"


# ---------------------------------------------------------------- where one is, then the way home


@pytest.mark.parametrize(
    ("text", "place", "back"),
    [
        # The way home after a comma, its subject left out.
        ("still in Paris, flying home Friday", "Paris", "2026-03-06"),
        ("currently in Lisbon, flying home on saturday", "Lisbon", "2026-03-07"),
        ("in London this week, back on the 12th", "London", "2026-03-12"),
        # A bare "back" or "home" and its day after where one is.
        ("on holiday in Crete with the kids, back on the 14th", "Crete", "2026-03-14"),
        ("in Denver for work - home friday", "Denver", "2026-03-06"),
        ("we're in Tulum, back tuesday", "Tulum", "2026-03-10"),
    ],
)
def test_where_one_is_then_the_way_home_dates_the_return(text: str, place: str, back: str) -> None:
    said = _said(text)
    assert said.get("travel.location") == place
    assert said.get("travel.return_date") == back
    assert "travel.destination" not in said


@pytest.mark.parametrize(
    "text",
    [
        "in Paris for a week, home by 6 every night",
        "if we're still in Paris, flying home friday makes no sense",
    ],
)
def test_a_way_home_look_alike_dates_no_return(text: str) -> None:
    assert "travel.return_date" not in _said(text)


# ---------------------------------------------------------------- family status in other words


@pytest.mark.parametrize(
    ("text", "member", "status"),
    [
        # In-laws, hyphenated or typed without hyphens.
        ("my mother-in-law is sick", "mother_in_law", "sick"),
        ("My mother-in-law is admitted in hospital since Sunday", "mother_in_law", "sick"),
        ("my mother in law is in hospital", "mother_in_law", "sick"),
        ("my brother-in-law has covid", "brother_in_law", "sick"),
        ("my son in law is away on business", "son_in_law", "away"),
        # "keeping well" (Indian and British English), "on the mend".
        ("my father is not keeping well", "father", "sick"),
        ("Mother is keeping well now, thank you", "mother", "well"),
        ("my mother is on the mend", "mother", "well"),
        ("dad's on the mend after his surgery", "dad", "well"),
        # Taken or rushed into care.
        ("my mom was taken to the ER this morning", "mom", "sick"),
        ("grandpa got rushed to hospital last night", "grandpa", "sick"),
        ("Dad has been taken to A&E, will update", "dad", "sick"),
    ],
)
def test_family_status_in_other_words(text: str, member: str, status: str) -> None:
    assert _said(text).get(f"family.{member}.status") == status


@pytest.mark.parametrize(
    "text",
    [
        "my son was taken to the park",
        "when i was ten my dad was rushed to hospital",
        "my mom was taken to the ER in 2019",
        "the kids are keeping busy",
        "my mother-in-law lives in Ohio",
        "hope your mother in law is on the mend",
    ],
)
def test_a_family_status_look_alike_sets_none(text: str) -> None:
    assert not any(f.startswith("family.") and f.endswith(".status") for f in _said(text))


# ---------------------------------------------------------------- home again, and the day home


@pytest.mark.parametrize(
    "text",
    [
        "back in the office today after my holiday in Spain",
        "trips over, back to reality",
        "we landed back home at midnight",
        "arrived home safe and sound",
        "Back at work after our honeymoon, send coffee",
    ],
)
def test_home_again_said_other_ways_completes_the_trip(text: str) -> None:
    said = _said(text)
    assert said.get("travel.status") == "completed"
    assert "travel.location" not in said


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("back in town monday", "2026-03-09"),
        ("back in boston tmrw", "2026-03-05"),
        ("and back in Leeds the 12th", "2026-03-12"),
    ],
)
def test_back_somewhere_then_a_day_is_the_return(text: str, day: str) -> None:
    assert _said(text).get("travel.return_date") == day


@pytest.mark.parametrize(
    "text",
    [
        "he trips over everything",
        "my sister is back in town monday",
        "back in town for the weekend",
        "back at work after lunch",
        "my husband landed back home at midnight",
    ],
)
def test_a_home_again_look_alike_ends_no_trip(text: str) -> None:
    said = _said(text)
    assert said.get("travel.status") != "completed"
    assert "travel.return_date" not in said


# ---------------------------------------------------------------- a state up to now


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("we've lived here in Sacramento our whole lives", "profile.home_city", "Sacramento"),
        ("the kids have had a stomach bug all week", "family.kids.status", "sick"),
        ("my wife has had the flu the whole week", "family.wife.status", "sick"),
        ("We are living in Munich from 2021", "profile.home_city", "Munich"),
        ("I am working in Infosys from 2019", "profile.employer", "Infosys"),
        # "shifted" is Indian English for moved house.
        ("I have shifted to Gurgaon last week", "profile.home_city", "Gurgaon"),
        ("we shifted to Pune in January", "profile.home_city", "Pune"),
        ("shifted to bangalore 3 months ago, still settling in", "profile.home_city", "Bengaluru"),
    ],
)
def test_a_state_up_to_now_is_the_present(text: str, field: str, value: str) -> None:
    assert extract_offline(text, at=AT).intent == "assertive"
    assert _said(text).get(field) == value


@pytest.mark.parametrize(
    "text",
    [
        "I was living in Munich from 2015 to 2019",
        "I shifted to night shifts",
        "we shifted to Zoom calls",
        "my brother shifted to Delhi",
        "We are shifting to Noida next month",
        "I've been to Paris all week",
    ],
)
def test_a_state_look_alike_sets_no_home(text: str) -> None:
    said = _said(text)
    assert "profile.home_city" not in said
    assert "profile.employer" not in said


# ---------------------------------------------------------------- bills dealt with


@pytest.mark.parametrize(
    ("text", "item", "status"),
    [
        ("the electric bill's been taken care of", "electric_bill", "paid"),
        ("gas bill's been taken care of", "gas_bill", "paid"),
        ("the rent's been taken care of", "rent", "paid"),
        ("rent's been paid", "rent", "paid"),
        ("rent's sorted for this month", "rent", "paid"),
        ("the phone bill has been settled", "phone_bill", "paid"),
        ("your rent payment was received", "rent", "paid"),
        ("Forwarding this: your rent payment of $1,950 was received. Thanks!", "rent", "paid"),
        # The bill and its amount after "of": the bill is the item.
        ("I have paid the electricity bill of Rs 2,300", "electricity_bill", "paid"),
        ("paid the water bill of $80", "water_bill", "paid"),
    ],
)
def test_a_bill_dealt_with_is_paid(text: str, item: str, status: str) -> None:
    assert _said(text).get(f"financial.{item}.status") == status


@pytest.mark.parametrize(
    "text",
    [
        "the kids are settled in",
        "my dad is taken care of by a nurse",
        "is the rent sorted?",
        "if the rent is sorted we can go",
        "sorted, thanks!",
    ],
)
def test_a_dealt_with_look_alike_pays_nothing(text: str) -> None:
    assert not any(f.startswith("financial.") for f in _said(text))


# ---------------------------------------------------------------- a future not yet known


@pytest.mark.parametrize(
    "text",
    [
        "i don't know if we'll fly to Boston on friday",
        "honestly dont know where ill be next week",
        "I do not know whether we will go to Lisbon in April",
        "no clue if im gonna be in denver friday",
        "i'll probably move to Denver at some point",
        "we will eventually move to Austin",
        "eventually we'll move to Portland",
        "gonna go to Japan sooner or later",
    ],
)
def test_a_future_not_yet_known_is_no_plan(text: str) -> None:
    assert extract_offline(text, at=AT).intent == "hypothetical"
    assert not _said(text)


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("we're flying to Denver friday, idk about the hotel yet", "travel.destination", "Denver"),
        (
            "I don't know about you but I'm flying to Boston on friday",
            "travel.destination",
            "Boston",
        ),
    ],
)
def test_a_known_fact_beside_a_doubt_stays(text: str, field: str, value: str) -> None:
    assert _said(text).get(field) == value


# ---------------------------------------------------------------- projects done or begun, in the passive


@pytest.mark.parametrize(
    ("text", "slug", "status"),
    [
        (
            "The API migration has been completed and deployed to production.",
            "api_migration",
            "shipped",
        ),
        ("the redesign was completed last week", "redesign", "shipped"),
        ("the billing rewrite has finally been deployed", "billing_rewrite", "shipped"),
        ("the new dashboard was deployed on Monday", "new_dashboard", "shipped"),
        ("we're kicking off the Phoenix project next week", "phoenix", "planned"),
        ("the onboarding revamp kicks off monday", "onboarding_revamp", "planned"),
    ],
)
def test_a_project_done_or_begun_in_other_words(text: str, slug: str, status: str) -> None:
    assert _said(text).get(f"project.{slug}.status") == status


@pytest.mark.parametrize(
    "text",
    [
        "the survey was completed by 300 people",
        "the party kicks off at 8",
        "the carpet was rolled out for the party",
        "the season kicked off last week",
        "my order was completed",
        "has the migration been completed?",
    ],
)
def test_a_project_look_alike_sets_no_project(text: str) -> None:
    assert not any(f.startswith("project.") for f in _said(text))


# ---------------------------------------------------------------- the speaker's verb, its subject left out


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("originally from ohio but live in tampa now", "profile.home_city", "Tampa"),
        ("grew up in ohio but live in tampa now", "profile.home_city", "Tampa"),
        ("from ohio originally, live in tampa now", "profile.home_city", "Tampa"),
        ("my son recovered from the flu", "family.son.status", "well"),
        ("Grandma has recovered from her pneumonia", "family.grandma.status", "well"),
    ],
)
def test_the_speakers_present_and_a_recovery(text: str, field: str, value: str) -> None:
    assert _said(text).get(field) == value


@pytest.mark.parametrize(
    "text",
    [
        "my parents are from Ohio but live in Tampa now",
        "my sister grew up here but live in tampa now",
        "live in the moment",
        "she recovered from cancer when I was ten",
    ],
)
def test_someone_elses_present_or_an_old_recovery_sets_nothing(text: str) -> None:
    said = _said(text)
    assert "profile.home_city" not in said
    assert not any(f.startswith("family.") for f in said)


# ---------------------------------------------------------------- "and back" after where one is


@pytest.mark.parametrize(
    ("text", "place", "back"),
    [
        (
            "Good morning! I'm in Houston for a client visit and back in the office Monday.",
            "Houston",
            "2026-03-09",
        ),
        ("in Denver for work and back home friday", "Denver", "2026-03-06"),
        ("we're in Denver and back on friday", "Denver", "2026-03-06"),
    ],
)
def test_and_back_after_where_one_is_dates_the_return(text: str, place: str, back: str) -> None:
    said = _said(text)
    assert said.get("travel.location") == place
    assert said.get("travel.return_date") == back
    assert "travel.destination" not in said


@pytest.mark.parametrize(
    "text",
    [
        "my wife is in Denver and back on friday",
        "we went to the store and back",
        "I'm sitting here in Austin and back pain is killing me",
    ],
)
def test_and_back_look_alikes_date_no_return(text: str) -> None:
    assert "travel.return_date" not in _said(text)


def test_been_living_without_its_subject_is_the_home() -> None:
    assert _said("been living in london for about 3 years now").get("profile.home_city") == "London"
    assert _said("been based in Dublin since 2020").get("profile.home_city") == "Dublin"
    assert "profile.home_city" not in _said("been living in Denver this week for work")


# ---------------------------------------------------------------- kept off school, away at college, out of hospital


@pytest.mark.parametrize(
    ("text", "member", "status"),
    [
        ("sophie's been off school with a cough", "sophie", "sick"),
        ("jack is off school sick", "jack", "sick"),
        ("my son is off work with the flu", "son", "sick"),
        ("my daughter is at college in Ohio", "daughter", "away"),
        ("my daughter is at uni up in Leeds", "daughter", "away"),
        ("dad got out of hospital today", "dad", "well"),
        ("mom came home from the hospital yesterday", "mom", "well"),
    ],
)
def test_a_member_kept_off_away_or_out_of_hospital(text: str, member: str, status: str) -> None:
    said = _said(text)
    assert said.get(f"family.{member}.status") == status
    assert "family.school.event_status" not in said


@pytest.mark.parametrize(
    ("text", "event_status"),
    [
        ("the kids are off school tomorrow, teacher training", "cancelled"),
        ("no school friday", "cancelled"),
    ],
)
def test_school_off_for_everyone_is_still_off(text: str, event_status: str) -> None:
    assert _said(text).get("family.school.event_status") == event_status


@pytest.mark.parametrize(
    "text",
    [
        "my son is at college",
        "when I was 5 dad got out of hospital",
        "my son got out of school early",
    ],
)
def test_a_member_look_alike_says_no_status(text: str) -> None:
    assert not any(f.startswith("family.") and f.endswith(".status") for f in _said(text))


# ---------------------------------------------------------------- out of town there, a stay booked, rent late


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I'm out of town in Denver until Wednesday", "Denver"),
        ("we're out of town in Ohio this week", "Ohio"),
        ("Im still out of town in Vegas, back monday", "Vegas"),
    ],
)
def test_out_of_town_somewhere_is_where_one_is(text: str, place: str) -> None:
    assert _said(text).get("travel.location") == place


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("we've booked a week in Portugal for June", "Portugal"),
        ("booked two nights in Lisbon for the 20th", "Lisbon"),
        ("We have reserved a few days at Yosemite in April", "Yosemite"),
    ],
)
def test_a_stay_booked_somewhere_is_a_trip_there(text: str, place: str) -> None:
    assert _said(text).get("travel.destination") == place


@pytest.mark.parametrize(
    "text",
    [
        "I booked a day in the spa",
        "my sister booked a week in Cancun",
        "we booked a week in Maui last year and loved it",
        "my parents are out of town in Ohio",
    ],
)
def test_a_stay_look_alike_sets_no_trip(text: str) -> None:
    said = _said(text)
    assert "travel.destination" not in said
    assert "travel.location" not in said


@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("the rent is late this month", "rent"),
        ("rent's a few days late", "rent"),
        ("the phone bill is already late", "phone_bill"),
    ],
)
def test_a_bill_that_is_late_is_due(text: str, item: str) -> None:
    assert _said(text).get(f"financial.{item}.status") == "due"


@pytest.mark.parametrize(
    "text", ["the train is late", "I'm late for work", "if the rent is late they charge $50"]
)
def test_a_late_look_alike_owes_nothing(text: str) -> None:
    assert not any(f.endswith(".status") and f.startswith("financial.") for f in _said(text))


# ---------------------------------------------------------------- having to be somewhere


@pytest.mark.parametrize(
    "text",
    [
        "got to be in houston by friday so im flying out thursday",
        "I have to be in Boston at 9",
        "we need to be in Chicago by noon tomorrow",
        "we got to go to Denver tomorrow",
        "I'm supposed to be in Dallas on monday",
    ],
)
def test_having_to_be_somewhere_is_not_being_there(text: str) -> None:
    said = _said(text)
    assert "travel.location" not in said
    assert said.get("travel.status") != "in_progress"


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("so happy to be in Rome", "Rome"),
        ("nice to be in Lisbon again", "Lisbon"),
        ("got to Houston last night", "Houston"),
    ],
)
def test_glad_to_be_there_or_got_there_is_there(text: str, place: str) -> None:
    assert _said(text).get("travel.location") == place
