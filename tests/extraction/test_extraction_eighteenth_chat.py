"""The eighteenth round (issue 24), chat between teens, students, gamers, couples, friends and
nomads, dictated voice notes and phones' autocorrect: classes of phrasing that sentences
written for this round (``realistic/probes18c*-dev.jsonl``) showed the extractor missing.

Batch one: autocorrect's real-word slips ("my sun has a fever", "I'm of to Chicago"), a
texter's shorthand ("flight cxld", "pd rent", "bk sun", "lv for ATL", "wyd"), the rhetorical
"guess who", emoji put where a word goes ("my mom is 🤒", "🛬 lisbon", "✈️ to nyc") or where a
full stop goes, a subjectless "in <place>" after a comma, an arrival whose place is the
subject of the next clause, a debt to a person said without its sum, starting at a firm on
a day ahead, and "at my mom's in <town>" as the writer's whereabouts, not the mother's.

Each class has its look-alikes beside it. Every row is a sentence written for this module,
none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import commits_anything, held_said, intent_said

from core.extraction.chat_shorthand import chat_shorthand

# ---------------------------------------------------------------- autocorrect's real words


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("our sun has strep so hes home", "family.son.status", "sick"),
        ("my sun is running a fever", "family.son.status", "sick"),
        ("I'm of to Denver tomorrow", "travel.destination", "Denver"),
        ("we're of to boston on friday", "travel.destination", "Boston"),
        ("the phone bill is dew on monday", "financial.phone_bill.status", "due"),
        ("payed the electric bill today", "financial.electric_bill.status", "paid"),
        ("my husband is in bed with the flue", "family.husband.status", "sick"),
    ],
)
def test_a_real_word_put_in_for_the_one_meant_is_read_as_meant(
    text: str, field: str, value: str
) -> None:
    assert held_said(text).get(field) == value


@pytest.mark.parametrize(
    ("text", "forbidden"),
    [
        ("I quite my job at Target yesterday", "profile.employer"),
        ("just quite my job at costco lol", "profile.employer"),
        ("finally quite my job at Amazon", "profile.employer"),
    ],
)
def test_a_job_quite_is_a_job_quit(text: str, forbidden: str) -> None:
    assert forbidden not in held_said(text)


@pytest.mark.parametrize(
    "text",
    [
        "the sun is out finally",  # the sun is no one's
        "I quite like my job at Target",  # "quite" grades a verb
        "i'm of two minds about it",  # "of" before a number
        "the dew on the grass was pretty",
        "what should i wear to the party",
        "my weak spot is pizza",
    ],
)
def test_the_real_words_where_they_stand_stay(text: str) -> None:
    assert chat_shorthand(text) == text


@pytest.mark.parametrize(
    "text", ["wear are you guys", "wear r u", "Wear is everyone", "wyd this weekend", "wya rn"]
)
def test_a_question_typed_short_is_asked(text: str) -> None:
    assert intent_said(text) == "none"
    assert not commits_anything(text)


# ---------------------------------------------------------------- shorthand


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("pd rent 2day", "financial.rent.status", "paid"),
        ("pd the water bill", "financial.water_bill.status", "paid"),
        ("bk sun nite", "travel.return_date", "2026-03-08"),
        ("bk home tmrw", "travel.return_date", "2026-03-05"),
        ("lv for ATL @ 7am tmrw", "travel.destination", "Atlanta"),
        ("lv for denver on fri", "travel.depart_date", "2026-03-06"),
        ("leave for chicago tomorrow at 6", "travel.destination", "Chicago"),
        ("trip to cabo canx", "travel.status", "cancelled"),
    ],
)
def test_a_texters_shorthand_is_read_as_its_words(text: str, field: str, value: str) -> None:
    assert held_said(text).get(field) == value


@pytest.mark.parametrize("text", ["leave for now", "leave for good lol", "bk to the drawing board"])
def test_shorthand_look_alikes_plan_nothing(text: str) -> None:
    said = held_said(text)
    assert "travel.destination" not in said
    assert "travel.return_date" not in said


@pytest.mark.parametrize(
    "text", ["guess who's back in town", "guess who got engaged 💍", "guess who I saw in vegas"]
)
def test_guess_who_is_a_riddle_that_claims_nothing(text: str) -> None:
    assert "travel.location" not in held_said(text)
    assert "profile.employer" not in held_said(text)


# ---------------------------------------------------------------- emoji for words


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("my mom is 🤒 again", "family.mom.status", "sick"),
        ("my little brother's 🤢 today", "family.brother.status", "sick"),
        ("🛬 lisbon", "travel.location", "Lisbon"),
        ("🛬 denver, freezing", "travel.location", "Denver"),
        ("✈️ to nyc tmrw", "travel.destination", "NYC"),
        ("✈️ to austin on fri", "travel.depart_date", "2026-03-06"),
        ("🏠 finally", "travel.status", "completed"),
    ],
)
def test_an_emoji_where_the_word_goes_is_the_word(text: str, field: str, value: str) -> None:
    assert held_said(text).get(field) == value


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("home safe ❤️ the drive back was insane", "assertive"),
        ("landed 😭 tokyo is huge", "assertive"),
        ("back from vegas 💀 never again", "assertive"),
    ],
)
def test_a_face_between_two_clauses_ends_the_first(text: str, intent: str) -> None:
    assert intent_said(text) == intent


# ---------------------------------------------------------------- where one is, said short


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("ooo til the 12th, in mexico w the fam", "Mexico"),
        ("off work till monday, in denver with my family", "Denver"),
        ("sorry for the late reply, in tokyo rn", "Tokyo"),
        ("left austin yesterday, in dallas now", "Dallas"),
        ("offline till sunday, at my grandmas in ohio", "Ohio"),
    ],
)
def test_a_subjectless_in_a_place_after_a_comma_is_where_one_is(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place


@pytest.mark.parametrize(
    "text",
    [
        "off next week, in denver for a wedding",  # ahead
        "are u free sat, in denver for the day?",  # asked
        "my brother is off work, in denver now",  # his
    ],
)
def test_in_a_place_ahead_asked_or_someone_elses_is_no_whereabouts(text: str) -> None:
    assert "travel.location" not in held_said(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("landed! tokyo is huge", "Tokyo"),
        ("just got here safe, Denver is freezing", "Denver"),
        ("made it, lisbon is gorgeous", "Lisbon"),
        ("arrived safely. Rome is so hot", "Rome"),
    ],
)
def test_an_arrival_without_its_place_takes_the_place_talked_about_next(
    text: str, place: str
) -> None:
    assert held_said(text).get("travel.location") == place


@pytest.mark.parametrize(
    "text",
    ["landed! my mom is picking me up", "landed, the hotel is nice", "made it, work is hell"],
)
def test_an_arrival_then_something_else_names_no_place(text: str) -> None:
    assert "travel.location" not in held_said(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("staying at my moms in phoenix till sunday", "Phoenix"),
        ("at my dad's in reno this week", "Reno"),
        ("crashing at my sister's in oakland rn", "Oakland"),
    ],
)
def test_at_a_relatives_in_a_town_is_the_writer_there_not_the_relative_away(
    text: str, place: str
) -> None:
    said = held_said(text)
    assert said.get("travel.location") == place
    assert not any(f.startswith("family.") and v == "away" for f, v in said.items())


def test_a_relative_in_a_town_for_now_is_still_away() -> None:
    assert held_said("my mom's in phoenix till sunday").get("family.mom.status") == "away"


# ---------------------------------------------------------------- money and work


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("I paid Mike back for the tickets last night", "financial.mike.status", "paid"),
        ("paid back my sister for the concert", "financial.sister.status", "paid"),
        ("finally paid my roommate back", "financial.roommate.status", "paid"),
        ("i still owe jess for the uber", "financial.jess.status", "due"),
        ("owe my bro for dinner lol", "financial.brother.status", "due"),
        ("haven't paid sam back yet", "financial.sam.status", "due"),
        ("we owe ur parents 300 for the flights", "financial.parents.status", "due"),
    ],
)
def test_a_debt_to_a_person_without_its_sum_is_paid_or_due(
    text: str, field: str, value: str
) -> None:
    assert held_said(text).get(field) == value


@pytest.mark.parametrize(
    "text",
    [
        "mike paid me back",  # money to the writer
        "my brother paid mike back",  # someone else's debt
        "never paid mike back lol",  # nothing done
        "u owe me 20",
        "paid the price for it",
    ],
)
def test_a_debt_not_the_writers_or_not_settled_is_not_paid(text: str) -> None:
    said = held_said(text)
    assert "financial.mike.status" not in said
    assert not any(f.startswith("financial.") and v == "paid" for f, v in said.items())


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("I start at Costco on Monday", "Costco"),
        ("starting at google monday!!", "Google"),
        ("i start at target tomorrow, so nervous", "Target"),
        ("first day at Nike tmrw", "Nike"),
    ],
)
def test_starting_at_a_firm_on_a_day_ahead_is_the_new_employer(text: str, employer: str) -> None:
    assert held_said(text).get("profile.employer") == employer


@pytest.mark.parametrize(
    "text",
    [
        "I start at 9 tomorrow",
        "my sister starts at google monday",
        "i might start at target next month",
        "if i get it i start at nike in may",
    ],
)
def test_a_start_at_a_time_someone_elses_or_maybe_names_no_employer(text: str) -> None:
    assert "profile.employer" not in held_said(text)


# ---------------------------------------------------------------- batch two: slips, pairs, stays


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("grandma is in the hospitable since sunday", "family.grandma.status", "sick"),
        ("paid the rant for april", "financial.rent.status", "paid"),
        ("our rant is due friday", "financial.rent.due_date", "2026-03-06"),
        ("driving to Reno on Thirsty", "travel.depart_date", "2026-03-05"),
        ("phone bill pd", "financial.phone_bill.status", "paid"),
        ("flt 2 boston got delayed", "travel.destination", "Boston"),
    ],
)
def test_more_slips_and_shorthand_are_read_as_meant(text: str, field: str, value: str) -> None:
    assert held_said(text).get(field) == value


@pytest.mark.parametrize(
    "text",
    ["such a hospitable host", "what a rant lol", "so thirsty rn", "i'm parched and thirsty"],
)
def test_the_slips_real_words_stay(text: str) -> None:
    assert chat_shorthand(text) == text


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("gf & i r in tulum til tues", "Tulum"),
        ("me n jess r in vegas rn lol", "Vegas"),
        ("me and my sister are in boston this week", "Boston"),
        ("my bf and i are stuck in denver", "Denver"),
    ],
)
def test_the_writer_and_another_are_we(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("3 more days in phoenix then home 🥺", "Phoenix"),
        ("only 2 more nights in lisbon 😭", "Lisbon"),
        ("last day in cabo 😭", "Cabo"),
        ("a few more weeks in bali then back to berlin", "Bali"),
    ],
)
def test_a_stay_counted_down_is_where_one_is(text: str, place: str) -> None:
    assert held_said(text).get("travel.location") == place


@pytest.mark.parametrize(
    "text",
    [
        "my last week in rome was amazing",  # a week told of
        "my sister has 2 more days in rome",  # hers
        "next week: 3 more days in rome",  # ahead
    ],
)
def test_a_stay_told_of_someone_elses_or_ahead_is_no_whereabouts(text: str) -> None:
    assert held_said(text).get("travel.location") != "Rome"


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("cant wait to be in cancun next week!!", "Cancun"),
        ("can't wait to get to tokyo", "Tokyo"),
        ("i cant wait to be back in lisbon", "Lisbon"),
    ],
)
def test_longing_to_be_somewhere_is_going_there(text: str, place: str) -> None:
    said = held_said(text)
    assert said.get("travel.destination") == place
    assert "travel.location" not in said


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("we still owe the water bill like 60 bucks", "financial.water_bill.amount", 60),
        ("the gas bill is about 85 this month", "financial.gas_bill.amount", 85),
        ("paid 6 months rent upfront", "financial.rent.status", "paid"),
        ("prepaid 3 months of rent lol", "financial.rent.status", "paid"),
        ("paid the car note", "financial.car_note.status", "paid"),
        ("truck note is due on the 15th", "financial.truck_note.status", "due"),
    ],
)
def test_bills_said_with_a_filler_a_span_or_as_a_note(text: str, field: str, value: object) -> None:
    assert held_said(text).get(field) == value


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("is ur mom still in the hospital", "intent", "none"),
        ("are your parents home yet", "intent", "none"),
        ("has your sister left for denver", "intent", "none"),
    ],
)
def test_a_question_about_the_listeners_people_is_asked(text: str, field: str, value: str) -> None:
    assert intent_said(text) == value
    assert not commits_anything(text)


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("I'm in Chicago till Thursday and then I fly home Friday", "travel.location", "Chicago"),
        ("we're in Austin and then we drive to Dallas sunday", "travel.location", "Austin"),
        (
            "my mom called and said grandpa is back in the hospital",
            "family.grandpa.status",
            "sick",
        ),
        ("dad texted and told me my sister has the flu", "family.sister.status", "sick"),
        ("nomading from lisbon for the next 3 months", "travel.location", "Lisbon"),
    ],
)
def test_clauses_joined_by_and_then_or_a_call_are_read_each(
    text: str, field: str, value: str
) -> None:
    assert held_said(text).get(field) == value


# ---------------------------------------------------------------- batch three


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("Mom is feeling much batter today", "family.mom.status", "well"),
        ("grandpa is doing way batter", "family.grandpa.status", "well"),
        ("🚗 to vegas sat", "travel.destination", "Vegas"),
        ("🚆 to london tmrw morning", "travel.depart_date", "2026-03-05"),
        ("🚌 to boston on fri", "travel.destination", "Boston"),
        ("🏥 with my dad, he fell again", "family.dad.status", "sick"),
        ("cant make raid, at the ER w my son", "family.son.status", "sick"),
        ("in bed w/ my daughter, she has a fever", "family.daughter.status", "sick"),
    ],
)
def test_more_words_typed_short_or_as_emoji(text: str, field: str, value: str) -> None:
    assert held_said(text).get(field) == value


@pytest.mark.parametrize(
    "text", ["the cake batter is ready", "w the kids at the park lol", "🚗 broke down again"]
)
def test_their_look_alikes_claim_no_trip_or_health(text: str) -> None:
    said = held_said(text)
    assert "travel.destination" not in said
    assert not any(f.startswith("family.") for f in said)


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("streaming from a hotel in vegas tonight", "travel.location", "Vegas"),
        ("landed a job at blizzard!!!", "profile.employer", "Blizzard"),
        ("finally landed a job at Target", "profile.employer", "Target"),
        ("hopping over to portland for the weekend", "travel.destination", "Portland"),
        ("popping down to brighton on saturday", "travel.destination", "Brighton"),
        ("rent in my new place is 700 usd", "financial.rent.amount", 700),
        ("the rent at our apartment is 1450", "financial.rent.amount", 1450),
        ("lol i'm broke, owe my sister like 300", "financial.sister.amount", 300),
        ("base: lisbon. next: madeira on the 20th", "travel.destination", "Madeira"),
        ("home base: lisbon", "profile.home_city", "Lisbon"),
    ],
)
def test_batch_three_classes(text: str, field: str, value: object) -> None:
    assert held_said(text).get(field) == value


@pytest.mark.parametrize(
    "text", ["call me there", "call me later", "call me first", "you can call me again tomorrow"]
)
def test_call_me_then_an_adverb_names_no_one(text: str) -> None:
    assert "profile.name" not in held_said(text)


@pytest.mark.parametrize(
    "text", ["next: what do we eat", "rent in lisbon is like 2k", "hopping mad about the rent"]
)
def test_the_labels_and_rents_of_no_one_in_particular(text: str) -> None:
    said = held_said(text)
    assert "travel.destination" not in said
    assert "financial.rent.amount" not in said
