"""The seventeenth round (issue 24), teens', students', gamers' and nomads' chat: classes of
phrasing that sentences written for this round (``realistic/probes17c*-dev.jsonl``) showed
the extractor missing. Where one is said with neither verb nor "in" ("currently chiang mai,
+7", "singapore for 2 months"), a visa run, the trip home with what it is for between the
place and its day, a feeling typed after a plan ("lol cant wait"), a teen's hedge before the
news ("lowkey", "ngl"), a verbless "X now" before a subjectless clause, a job got or quit,
money sent to a person by app, a spoken "like" before a sum, one's share of the rent, the
group asked where the writer is, and a stay abroad for one's studies.

Each class has its look-alikes beside it. Every row is a sentence written for this module,
none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import commits_anything, held_said, intent_said

# ---------------------------------------------------------------- a place said bare


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("currently porto, slow wifi", "Porto"),
        ("rn: tbilisi", "Tbilisi"),
        ("still canggu lol", "Canggu"),
        ("hanoi for 3 weeks", "Hanoi"),
        ("GMT+1 now, lisbon till april", "Lisbon"),
        ("medellín these days", "Medellín"),
    ],
)
def test_a_bare_place_with_a_word_of_now_is_where_one_is(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("currently da nang, +7", "Etc/GMT-7"),
        ("atm lisbon (+0)", "UTC"),
        ("rn bogota, -5, so mornings are rough", "Etc/GMT+5"),
    ],
)
def test_an_offset_after_the_bare_place_is_the_zone_there(text: str, zone: str) -> None:
    assert held_said(text).get("profile.timezone") == zone


@pytest.mark.parametrize(
    "text",
    [
        "bali for 2 weeks in august",  # a plan: the month ahead
        "paris this week was amazing",  # the clause goes on: a story
        "my brother is in japan, tokyo for a week",  # his stay
        "nice for now",  # a word, not the town
        "lisbon next month probably",
    ],
)
def test_a_bare_place_ahead_or_someone_elses_is_not_where_one_is(text: str) -> None:
    assert "travel.location" not in held_said(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("visa run to penang next tues", "Penang"),
        ("border run to Kuala Lumpur on friday", "Kuala Lumpur"),
        ("visa run to bangkok sat, back sun", "Bangkok"),
    ],
)
def test_a_visa_run_is_a_trip(text: str, place: str) -> None:
    assert held_said(text).get("travel.destination") == place


# ---------------------------------------------------------------- the trip home, a feeling after


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("going home to phoenix for spring break on fri", "2026-03-06"),
        ("driving home to ohio over break tmrw", "2026-03-05"),
        ("flying home to denver for graduation on the 9th", "2026-03-09"),
    ],
)
def test_what_the_trip_home_is_for_stands_between_the_place_and_its_day(
    text: str, day: str
) -> None:
    assert held_said(text).get("travel.return_date") == day


@pytest.mark.parametrize(
    "text",
    [
        "flying to denver on fri lol cant wait",
        "going home to phoenix on fri, cant wait",
        "bus to hoi an on saturday, so hyped 🎉",
        "road trip to austin this weekend lets gooo",
    ],
)
def test_a_feeling_typed_after_a_plan_leaves_it_a_plan(text: str) -> None:
    assert intent_said(text) == "planning"


@pytest.mark.parametrize("text", ["cant wait!!", "i cant wait", "so excited omg"])
def test_a_feeling_alone_claims_nothing(text: str) -> None:
    assert not commits_anything(text)


# ---------------------------------------------------------------- openers and elisions


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("lowkey stuck at the airport in dallas rn", "travel.location", "Dallas"),
        ("ngl moved to leeds last month", "profile.home_city", "Leeds"),
        ("tbh im in denver rn", "travel.location", "Denver"),
        ("deadass just landed in seoul", "travel.location", "Seoul"),
    ],
)
def test_a_teens_hedge_before_the_news_leaves_the_news(text: str, field: str, value: str) -> None:
    assert held_said(text).get(field) == value


@pytest.mark.parametrize(
    "text",
    [
        "so like are u coming home for easter or nah",
        "ok but like r u still in lisbon",
    ],
)
def test_a_question_after_so_like_is_asked(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("on EU servers now, moved to berlin last month", "profile.home_city", "Berlin"),
        ("vegan now, gave up meat in january", "profile.diet", "vegan"),
        ("mostly on NA servers now, moved to toronto in the fall", "profile.home_city", "Toronto"),
    ],
)
def test_a_verbless_now_before_a_subjectless_clause(text: str, field: str, value: str) -> None:
    assert held_said(text).get(field) == value


# ---------------------------------------------------------------- work


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("got the job at chipotle", "Chipotle"),
        ("just got a job at target lol", "Target"),
        ("finally got the job at Nandos", "Nandos"),
    ],
)
def test_a_job_got_names_the_employer(text: str, employer: str) -> None:
    assert held_said(text).get("profile.employer") == employer


@pytest.mark.parametrize(
    "text",
    [
        "finally got the job at Nandos",
        "got an extra shift at Tesco",
        "got the internship at Deloitte!!",
    ],
)
def test_a_job_got_is_nothing_bought(text: str) -> None:
    assert not any(f.startswith("financial.") for f in held_said(text))


@pytest.mark.parametrize(
    "text",
    [
        "full time remote now, quit my job at deloitte",
        "so done, quit my job at Costco yesterday",
        "lost my job at Amazon in january",
    ],
)
def test_a_job_quit_or_lost_is_no_employer(text: str) -> None:
    assert "profile.employer" not in held_said(text)


# ---------------------------------------------------------------- money to people


@pytest.mark.parametrize(
    ("text", "who", "amount"),
    [
        ("sent kayla the 20 i owed her", "kayla", 20),
        ("paid thabo back the R300 I owed him", "thabo", 300),
        ("venmoed jake 40 for the tickets", "jake", 40),
        ("zelled my roommate 600 for march", "roommate", 600),
    ],
)
def test_money_sent_to_a_person_is_paid(text: str, who: str, amount: int) -> None:
    said = held_said(text)
    assert said.get(f"financial.{who}.status") == "paid"
    assert said.get(f"financial.{who}.amount") == amount


@pytest.mark.parametrize(
    "text",
    ["sent jake 2 pics", "sent the landlord an email", "venmoed him for the pizza"],
)
def test_things_sent_are_no_payment(text: str) -> None:
    assert not any(f.endswith(".status") and f.startswith("financial.") for f in held_said(text))


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("i owe tyler like 35 for the uber", "financial.tyler.amount", 35),
        ("owe my sister about 60 for the concert", "financial.sister.amount", 60),
        ("my share of rent is 650 now", "financial.rent.amount", 650),
        ("my cut of rent is 700 a month", "financial.rent.amount", 700),
    ],
)
def test_a_spoken_like_or_a_share_leaves_the_sum(text: str, field: str, value: int) -> None:
    assert held_said(text).get(field) == value


# ---------------------------------------------------------------- the group asked, studies abroad


@pytest.mark.parametrize(
    "text",
    [
        "anyone in lisbon rn wanna cowork",
        "anybody around shibuya tonight down for food",
        "anyone at the lan know where the food is",
    ],
)
def test_the_others_where_one_is_asked(text: str) -> None:
    assert intent_said(text) == "none"


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("studying abroad in florence this semester", "Florence"),
        ("on exchange in victoria this term", "Victoria"),
        ("doing a semester abroad in madrid rn", "Madrid"),
    ],
)
def test_a_stay_abroad_for_ones_studies_is_where_one_is(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place


# ---------------------------------------------------------------- batch two: legs, returns, stops


@pytest.mark.parametrize(
    ("text", "place", "day"),
    [
        ("bangkok to chiang mai on the overnight train tonight", "Chiang Mai", "2026-03-04"),
        ("lisbon to porto tomorrow", "Porto", "2026-03-05"),
        ("hanoi to hoi an on saturday, sleeper bus", "Hoi An", "2026-03-07"),
    ],
)
def test_a_leg_between_two_places_is_a_trip_to_the_second(text: str, place: str, day: str) -> None:
    said = held_said(text)
    assert said.get("travel.destination") == place
    assert said.get("travel.depart_date") == day


@pytest.mark.parametrize(
    "text",
    [
        "london to paris is 2 hrs by train",  # a distance
        "lisbon to porto was the best leg",  # a story
        "madrid to seville last week",
    ],
)
def test_a_leg_that_goes_on_or_is_behind_plans_nothing(text: str) -> None:
    assert "travel.destination" not in held_said(text)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("flew to toronto yesterday, back on the 20th", "2026-03-20"),
        ("drove up to my cousins last night, back sunday", "2026-03-08"),
        ("went to austin for the con, back in denver on the 12th", "2026-03-12"),
    ],
)
def test_a_return_day_after_a_past_clause_is_still_ahead(text: str, day: str) -> None:
    assert held_said(text).get("travel.return_date") == day


@pytest.mark.parametrize(
    "text",
    [
        "my brother flew to denver, back on the 20th",
        "she went to lagos last week, back on the 15th",
    ],
)
def test_a_return_day_after_someone_elses_trip_is_not_the_writers(text: str) -> None:
    assert "travel.return_date" not in held_said(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("moved on to lombok", "Lombok"),
        ("not in bali anymore, moved on to lombok", "Lombok"),
        ("we moved on to hoi an yesterday", "Hoi An"),
    ],
)
def test_moved_on_to_a_place_is_being_there(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place
    assert intent_said(text) == "assertive"


def test_moving_on_from_someone_is_no_stop() -> None:
    assert not commits_anything("moved on from him finally")


# ---------------------------------------------------------------- batch two: freelancers' money


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("client paid the invoice finally, 3200 usd", 3200),
        ("Acme paid my invoice", None),
        ("the agency just paid the march invoice", None),
    ],
)
def test_an_invoice_paid_by_the_client_is_paid(text: str, amount: int | None) -> None:
    said = held_said(text)
    status = [v for f, v in said.items() if f.endswith("invoice.status")]
    assert status == ["paid"]
    if amount is not None:
        assert said.get("financial.invoice.amount") == amount


def test_an_invoice_never_paid_is_not_paid() -> None:
    said = held_said("the client never paid the invoice")
    assert said.get("financial.invoice.status") != "paid"


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("my rent in lisbon is 900 a month", 900),
        ("our rent in chiang mai is 12000 baht", 12000),
        ("my rent in mexico city is 800 usd", 800),
    ],
)
def test_ones_own_rent_in_a_town_is_ones_rent(text: str, amount: int) -> None:
    assert held_said(text).get("financial.rent.amount") == amount


def test_the_rent_of_a_town_is_anyones() -> None:
    assert "financial.rent.amount" not in held_said("rent in lisbon is like 2k for a studio")


# ---------------------------------------------------------------- batch three: pins, greetings, zones


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("📍nashville", "Nashville"),
        ("📍 oaxaca, mx", "Oaxaca"),
        ("woke up in a new country again, hello porto", "Porto"),
        ("hola medellín!!", "Medellín"),
        ("landed! KL for 3 nights then penang", "Kuala Lumpur"),
    ],
)
def test_a_pin_a_greeting_or_a_stay_before_the_next_leg_is_where_one_is(
    text: str, place: str
) -> None:
    assert held_said(text).get("travel.location") == place


@pytest.mark.parametrize("text", ["hello jake", "bali for 3 nights in june", "hello? anyone there"])
def test_a_greeting_to_a_person_or_a_stay_ahead_is_no_whereabouts(text: str) -> None:
    assert "travel.location" not in held_said(text)


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("MST here so 7pm is late for me", "America/Denver"),
        ("EST here, whats that for u", "America/New_York"),
        ("CET here btw", "Europe/Paris"),
    ],
)
def test_a_zone_said_as_here_is_the_writers(text: str, zone: str) -> None:
    assert held_said(text).get("profile.timezone") == zone


# ---------------------------------------------------------------- batch three: asked, not known, handles


@pytest.mark.parametrize(
    "text",
    [
        "y'all home for the summer or staying in boston",
        "u coming sat or nah",
        "you guys flying out friday or saturday",
    ],
)
def test_the_listeners_plans_put_as_a_choice_are_asked(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


@pytest.mark.parametrize(
    "text",
    [
        "idk where im living next year",
        "idk if im staying in lisbon or going to porto",
        "idk when im flying home tbh",
    ],
)
def test_a_plan_the_writer_does_not_know_yet_is_not_one(text: str) -> None:
    assert intent_said(text) in ("none", "hypothetical")
    assert not commits_anything(text)


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("ig im flying home tmrw then", "travel.return_date", "2026-03-05"),
        ("owe @jay 10 for the tourney entry", "financial.jay.amount", 10),
        ("venmoed @sam 25 for the pizza", "financial.sam.status", "paid"),
    ],
)
def test_a_resigned_ig_and_a_handle_leave_the_fact(text: str, field: str, value: object) -> None:
    assert held_said(text).get(field) == value


@pytest.mark.parametrize(
    "text",
    [
        "not going home for break this year, staying in the dorms",
        "we're not flying home for easter, too expensive",
        "im never coming home on the 20th lol",
    ],
)
def test_not_going_home_sets_no_day_home(text: str) -> None:
    assert "travel.return_date" not in held_said(text)
