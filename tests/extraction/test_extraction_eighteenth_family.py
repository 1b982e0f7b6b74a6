"""The eighteenth round (issue 24), words18a: classes of phrasing in co-parents' messages,
carers' and nannies' hand-off notes, family group chats, notes to self and grandparents'
texts that the probe sentences written for this round (``realistic/probes18a*-dev.jsonl``)
showed the extractor missing, each fixed as a class and tabled here with paraphrases in
other voices, and with look-alikes that must not commit the field. Every row is a sentence
written for this module, none taken from an evaluation set.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, commits_anything, facts_said, held_said, intent_said


def facts(text: str) -> dict[str, object]:
    return facts_said(text, AT)


# ---------------------------------------------------------------- a hospital by its town name


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("Grandad's back in the Royal with his chest", "grandpa"),
        ("my nan is in the General again, they think it's a UTI", "grandma"),
        ("Auntie's been in the Infirmary since Tuesday", "aunt"),
        ("my dad's in for his knee again", "dad"),
        ("mum is staying in overnight for observation", "mom"),
        ("Grandpa's in hospital for tests till Thursday", "grandpa"),
    ],
)
def test_a_hospital_by_its_name_or_in_for_a_procedure_is_sick(text: str, member: str) -> None:
    assert facts(text).get(f"family.{member}.status") == "sick"


@pytest.mark.parametrize(
    "text",
    [
        "my brother is in the Royal Navy",
        "Mum's in for a treat, we've booked the spa",
        "Dad is in the general area of the car park, look for him there",
    ],
)
def test_a_navy_a_treat_or_an_area_is_no_hospital(text: str) -> None:
    assert not any(f.endswith(".status") and v == "sick" for f, v in facts(text).items())


# ---------------------------------------------------------------- off school for a stretch, ill


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("Ivy's off school all this week with flu", "ivy"),
        ("Holly is off nursery for the rest of the week, conjunctivitis", "holly"),
        ("Jonah's off school till Monday with a chest infection", "jonah"),
        ("Amara is home from nursery for a few days with hand foot and mouth", "amara"),
    ],
)
def test_kept_off_for_a_stretch_by_an_illness_is_sick_and_the_school_open(
    text: str, member: str
) -> None:
    said = facts(text)
    assert said.get(f"family.{member}.status") == "sick"
    assert not any(f.endswith(".event_status") for f in said)


@pytest.mark.parametrize(
    "text",
    [
        "Evie's staying off nursery today",
        "Rafe is staying off school, he's had a rough week",
        "the twins stayed off nursery",
    ],
)
def test_staying_off_school_leaves_the_school_open(text: str) -> None:
    assert not any(f.endswith(".event_status") for f in facts(text))


# ---------------------------------------------------------------- a household's cold and chest


@pytest.mark.parametrize(
    ("text", "member", "status"),
    [
        ("both kids full of cold", "kids", "sick"),
        ("Grandma is absolutely full of cold, staying in bed", "grandma", "sick"),
        ("Milo's chest is rattly again", "milo", "sick"),
        ("Dad's breathing sounds laboured tonight", "dad", "sick"),
        ("Kit's tummy bug has passed, eating normally", "kit", "well"),
        ("my son's temperature has settled", "son", "well"),
        ("Nana's sickness seems to have stopped", "grandma", "well"),
    ],
)
def test_a_cold_a_chest_and_an_illness_passed(text: str, member: str, status: str) -> None:
    assert held_said(text).get(f"family.{member}.status") == status


# ---------------------------------------------------------------- a family's occasions


@pytest.mark.parametrize(
    ("text", "slug", "status"),
    [
        ("Christening's moved to 2pm, the vicar rang", "christening", "moved"),
        ("the baptism has been cancelled", "baptism", "cancelled"),
        ("Ava's naming ceremony is off", "naming_ceremony", "cancelled"),
        ("Great-uncle Joe's funeral is moved to the 20th", "funeral", "moved"),
    ],
)
def test_a_familys_occasions_are_its_events(text: str, slug: str, status: str) -> None:
    assert facts(text).get(f"family.{slug}.event_status") == status


# ---------------------------------------------------------------- what it did, after a comma


@pytest.mark.parametrize(
    "text",
    [
        "Sid's much brighter today, the antibiotics kicked in overnight",
        "swimming's off this week, the pool flooded",
        "Mum's home, the hospital discharged her at 4",
        "Grandad's fine now, the paramedics checked him over",
    ],
)
def test_a_thing_and_what_it_did_after_the_news_leaves_the_news_now(text: str) -> None:
    assert intent_said(text) == "assertive"


# ---------------------------------------------------------------- costs covered, with the amount


@pytest.mark.parametrize(
    ("text", "item", "amount"),
    [
        ("I've covered Lily's school shoes, £45, your half is £22.50", "school_shoes", 45),
        ("I've sorted the trip money (£18)", "trip_money", 18),
        ("we forked out for the new uniform, £120", "uniform", 120),
    ],
)
def test_a_cost_covered_with_its_amount_is_paid(text: str, item: str, amount: int) -> None:
    said = held_said(text)
    assert said.get(f"financial.{item}.status") == "paid"
    assert said.get(f"financial.{item}.amount") == amount


@pytest.mark.parametrize(
    "text",
    [
        "I covered the 9am shift",
        "i sorted the forms for school",
        "we've covered the garden furniture",
    ],
)
def test_covered_or_sorted_with_no_amount_is_no_payment(text: str) -> None:
    assert not any(f.startswith("financial.") for f in held_said(text))


# ---------------------------------------------------------------- notes that open or run verbless


@pytest.mark.parametrize(
    "text",
    [
        "Just to let you know I am out of hospital and home now. Love Dad",
        "just to let u know the boys are fine",
        "Off to work now - baby fed at 6, down since 7, bottle in the fridge",
        "Eli - calpol 4pm, next dose 8pm",
        "off to bed now, nurofen at 9, she's settled",
    ],
)
def test_a_grandparents_opening_and_a_hand_over_of_doses_are_news(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        "can you give her the calpol at 4pm",
        "remind me to do the bottle at 6",
        "if her temp goes up, nurofen at 9",
    ],
)
def test_a_dose_asked_for_or_conditional_commits_nothing(text: str) -> None:
    assert not commits_anything(text)


# ---------------------------------------------------------------- a recent event that leaves someone ill


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("Poppy woke up with a temperature so she's home with me", "poppy"),
        ("my son woke up covered in spots", "son"),
        ("Ezra came home from school with a rash on his neck", "ezra"),
        ("Hugo was sent out of swimming with an earache", "hugo"),
        ("Elsie's come down with something, she's very hot", "elsie"),
        ("Gran had a funny turn this morning and the GP's coming out", "grandma"),
        ("Dad was sick in the night, he's in bed now", "dad"),
    ],
)
def test_a_recent_event_that_leaves_someone_ill_is_news_now(text: str, member: str) -> None:
    assert facts(text).get(f"family.{member}.status") == "sick"
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        "I woke up with a headache",  # the writer's own: no family status
        "Last year Gran had a funny turn at the wedding",
        "the baby slept through for the first time last week",
    ],
)
def test_the_writers_own_or_a_dated_event_commits_no_family_state(text: str) -> None:
    assert not any(f.startswith("family.") for f in facts(text))


# ---------------------------------------------------------------- well again, the family's way


@pytest.mark.parametrize(
    ("text", "member", "status"),
    [
        ("Lucy's right as rain now", "lucy", "well"),
        ("Mum's perked up a lot since yesterday", "mom", "well"),
        ("Grandad is back to his old self", "grandpa", "well"),
        ("the twins are full of beans again", "twins", "well"),
        ("night shift's yours - Gran's settled, call bell is by her bed", "grandma", "well"),
        ("all quiet here, Nana slept through", "grandma", "well"),
        ("Nan's gone into the home for respite till the 20th", "grandma", "away"),
        ("twins both streaming with cold", "twins", "sick"),
    ],
)
def test_well_again_settled_or_in_respite_the_familys_way(
    text: str, member: str, status: str
) -> None:
    assert facts(text).get(f"family.{member}.status") == status


@pytest.mark.parametrize(
    "text",
    [
        "we've settled on Cornwall for the summer",
        "I slept through my alarm again",
        "the bill's settled",
    ],
)
def test_settled_plans_bills_and_alarms_are_no_one_well(text: str) -> None:
    assert not any(f.startswith("family.") for f in facts(text))


# ---------------------------------------------------------------- a note's NB


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("NB swimming cancelled 12th", "swimming"),
        ("nb: parents evening moved to the 19th", "parents_evening"),
        ("N.B. football is off this week", "football"),
    ],
)
def test_a_notes_nb_is_no_part_of_the_event(text: str, slug: str) -> None:
    assert f"family.{slug}.event_status" in facts(text)


# ---------------------------------------------------------------- a note's bare symptom, a ward, a feed


@pytest.mark.parametrize(
    ("text", "member", "status"),
    [
        ("Sam - bad cough, no fever, ate ok", "sam", "sick"),
        ("Leo - nits AGAIN. treat tonight", "leo", "sick"),
        ("Ruby: chickenpox, spots crusting over", "ruby", "sick"),
        ("Just so everyone knows Mum's back in Ward 4 with another infection", "mom", "sick"),
        ("Mum's been moved to a side room, she's got C diff", "mom", "sick"),
        ("the baby's refusing her feeds and is very hot", "baby", "sick"),
    ],
)
def test_a_notes_bare_symptom_a_numbered_ward_or_feeds_refused(
    text: str, member: str, status: str
) -> None:
    assert held_said(text).get(f"family.{member}.status") == status


@pytest.mark.parametrize(
    "text",
    [
        "Tom - cold hands, bring gloves",
        "Jen - can you ring me",
        "Priya - ward 4 is the one by the lifts",
    ],
)
def test_a_label_before_a_request_or_a_thing_says_no_state(text: str) -> None:
    assert not any(f.endswith(".status") and f.startswith("family.") for f in facts(text))


# ---------------------------------------------------------------- away with others for a while


@pytest.mark.parametrize(
    ("text", "member"),
    [
        ("Matilda's still at Brownies camp, back tomorrow lunchtime", "matilda"),
        ("Marcus is at a sleepover so it's just me and the baby tonight", "marcus"),
        ("Dad is stopping at ours while his heating's fixed", "dad"),
        ("my son's on his Year 6 residential", "son"),
        ("Grandpa's in respite care for two weeks", "grandpa"),
    ],
)
def test_at_camp_a_sleepover_stopping_with_us_or_in_respite_is_away(text: str, member: str) -> None:
    assert facts(text).get(f"family.{member}.status") == "away"


# ---------------------------------------------------------------- a club's show by its art


@pytest.mark.parametrize(
    ("text", "slug", "status"),
    [
        ("Bella's ballet show got cancelled, the hall flooded", "ballet_show", "cancelled"),
        ("the karate grading has been moved to the 21st", "karate_grading", "moved"),
        ("Zoe's dance showcase is off", "dance_showcase", "cancelled"),
    ],
)
def test_a_clubs_show_or_grading_is_an_event(text: str, slug: str, status: str) -> None:
    assert facts(text).get(f"family.{slug}.event_status") == status


# ---------------------------------------------------------------- "'s" for "is" before "with me"


@pytest.mark.parametrize(
    "text",
    [
        "Charlie's with me tonight as Jen's away at a conference",
        "Noa's with me till Sunday",
        "the baby's with my mum this afternoon",
    ],
)
def test_someone_with_the_writer_is_news_not_nothing(text: str) -> None:
    assert intent_said(text) == "assertive"


@pytest.mark.parametrize(
    "text",
    [
        "Charlie's with me tonight?",
        "if Charlie's with me on Sunday I'll bring him along",
        "is Charlie with you?",
    ],
)
def test_asked_or_conditional_company_is_not_stated(text: str) -> None:
    assert intent_said(text) != "assertive"
