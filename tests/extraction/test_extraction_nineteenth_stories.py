"""The nineteenth round (issue 24), words19b: classes of phrasing that probe sentences
written for this round (``realistic/probes19b*-dev.jsonl``: literary narrative present,
facts told as descriptions, jobs and homes said in passing, long catch-ups with several
facts, retold conversations, diaries, letters and transcripts of speech) showed the
extractor missing, each fixed as a class and tabled here with paraphrases in other voices
and with look-alikes that must not commit the field. Every row is a sentence written for
this module, none taken from an evaluation set. The message time is ``AT`` (Wednesday
2026-03-04).
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row

from core.extraction.cut_off_words import words_cut_off
from core.extraction.prose_places import places_plainly


def _table(rows: list[FieldRow]) -> pytest.MarkDecorator:
    return pytest.mark.parametrize(("text", "field", "value", "intent"), rows)


# ---------------------------------------------------------------- a home told as a description


@_table(
    [
        (
            "The light in our flat in Bristol is lovely in the mornings.",
            "profile.home_city",
            "Bristol",
            "assertive",
        ),
        (
            "honestly the damp in my little flat in Salford is getting beyond a joke",
            "profile.home_city",
            "Salford",
            "assertive",
        ),
        (
            "The garden of the cottage we rent in Kinsale is all nettles and brambles.",
            "profile.home_city",
            "Kinsale",
            "assertive",
        ),
        (
            "the boiler in the house I share in Nottingham has died again",
            "profile.home_city",
            "Nottingham",
            "assertive",
        ),
        (
            "We have lived over the chip shop in Margate for nine years now.",
            "profile.home_city",
            "Margate",
            "assertive",
        ),
        (
            "Our lease in Valencia has a year left to run.",
            "profile.home_city",
            "Valencia",
            "assertive",
        ),
        (
            "For background, we're a family of four in Swindon on one income.",
            "profile.home_city",
            "Swindon",
            "assertive",
        ),
        (
            "I'm a retired teacher living in Truro, if that matters.",
            "profile.home_city",
            "Truro",
            "assertive",
        ),
        (
            "my daily commute from Reading is two trains and a bus",
            "profile.home_city",
            "Reading",
            "assertive",
        ),
        # Look-alikes: a home sold, missed, old, someone else's, or a stay for a while.
        ("We sold our flat in Bristol in the autumn.", "profile.home_city", None, ""),
        ("I still miss our little house in Kinsale.", "profile.home_city", None, ""),
        ("Our old flat in Margate had a view of the sea.", "profile.home_city", None, ""),
        ("My sister's flat in Salford is tiny.", "profile.home_city", None, ""),
        ("We've got a little flat in Nice for the month.", "profile.home_city", None, ""),
    ]
)
def test_a_home_told_as_a_description_is_where_one_lives(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- where the writer is, in a story's order


@_table(
    [
        ("Porto is where you'll find us till Sunday.", "travel.location", "Porto", "assertive"),
        (
            "After all that, Tallinn is where we are now, and it's snowing.",
            "travel.location",
            "Tallinn",
            "assertive",
        ),
        (
            "Ghent is where I live now, in two rooms by the canal.",
            "profile.home_city",
            "Ghent",
            "assertive",
        ),
        (
            "And so here I am, at a cafe in Bruges, drinking far too much coffee.",
            "travel.location",
            "Bruges",
            "assertive",
        ),
        (
            "Here we are, on the steps of a church in Cadiz, waiting for the bus.",
            "travel.location",
            "Cadiz",
            "assertive",
        ),
        (
            "I'm on a bench outside the station in Lyon with a croissant.",
            "travel.location",
            "Lyon",
            "assertive",
        ),
        (
            "This is the view from my balcony in Positano, not bad eh",
            "travel.location",
            "Positano",
            "assertive",
        ),
        (
            "Kraków has kept us far longer than we planned.",
            "travel.location",
            "Kraków",
            "assertive",
        ),
        (
            "the bus broke down so Oaxaca it is for a few more days",
            "travel.location",
            "Oaxaca",
            "assertive",
        ),
        (
            "I've been with her in Derby since the op, doing the shopping.",
            "travel.location",
            "Derby",
            "assertive",
        ),
        (
            "I've taken a room above a bakery in Bayonne for now.",
            "travel.location",
            "Bayonne",
            "assertive",
        ),
        # Look-alikes: someone else's place, with someone else.
        ("Rome is where my sister lives.", "travel.location", None, ""),
        ("Rome is where my sister lives.", "profile.home_city", None, ""),
        ("She has been with him in Derby since the op.", "travel.location", None, ""),
        ("Lisbon it is, then! Booking now.", "travel.location", None, ""),
    ]
)
def test_where_the_writer_is_said_in_a_storys_order(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        ("Bergen is where you'll find me", "I am in Bergen"),
        ("So here I am, in Porto", "So here I am in Porto"),
        ("I am on a bench outside a hostel in Porto", "I am in Porto"),
        ("I have been with him in Bath", "I have been in Bath"),
    ],
)
def test_story_orders_put_plainly(said: str, plain: str) -> None:
    assert places_plainly(said) == plain


# ---------------------------------------------------------------- a word cut off and said again


@_table(
    [
        ("so we're in Lis- in Lisbon now, it's lovely", "travel.location", "Lisbon", "assertive"),
        (
            "um I'm at my mum's in Man- Manchester this week",
            "travel.location",
            "Manchester",
            "assertive",
        ),
        (
            "my dad's in the hosp- the hospital again, um, his chest",
            "family.dad.status",
            "sick",
            "assertive",
        ),
        (
            "we moved to Brigh- to Brighton in, er, January",
            "profile.home_city",
            "Brighton",
            "assertive",
        ),
    ]
)
def test_a_word_cut_off_and_said_again_is_read_whole(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        ("in Lis- in Lisbon", "in Lisbon"),
        ("at Sainsb- Sainsbury's", "at Sainsbury's"),
        ("a well-known pub in Stoke-on-Trent", "a well-known pub in Stoke-on-Trent"),
        ("twenty- or thirty-something", "twenty- or thirty-something"),
    ],
)
def test_only_a_start_said_again_is_dropped(said: str, plain: str) -> None:
    assert words_cut_off(said) == plain


# ---------------------------------------------------------------- a relative no better, off somewhere, over it


@_table(
    [
        (
            "Dad no better this morning, the nurses are worried.",
            "family.dad.status",
            "sick",
            "assertive",
        ),
        (
            "Gran's not getting any better, so we're staying on.",
            "family.grandma.status",
            "sick",
            "assertive",
        ),
        (
            "my son is showing no improvement on the antibiotics",
            "family.son.status",
            "sick",
            "assertive",
        ),
        (
            "Priya is off in Mumbai for the wedding till the 20th.",
            "family.priya.status",
            "away",
            "assertive",
        ),
        (
            "my husband works away most weeks, so it's just me and the girls",
            "family.husband.status",
            "away",
            "assertive",
        ),
        (
            "Grandad's finally over the flu, thank God.",
            "family.grandpa.status",
            "well",
            "assertive",
        ),
        # Look-alikes: no better at something, off in a while.
        ("Dad is no better at golf than he was.", "family.dad.status", None, ""),
        ("Tom is off in a minute, he'll call you from the car.", "family.tom.status", None, ""),
    ]
)
def test_a_relatives_state_said_plainly(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- jobs in passing


@_table(
    [
        (
            "I've got a Saturday job at Boots now, which helps.",
            "profile.employer",
            "Boots",
            "assertive",
        ),
        ("my part-time job at Tesco pays the rent, just", "profile.employer", "Tesco", "assertive"),
        (
            "Since I started at Greggs I've lost half a stone.",
            "profile.employer",
            "Greggs",
            "assertive",
        ),
        ("ever since I joined Ocado I've been on nights", "profile.employer", "Ocado", "assertive"),
        # Look-alikes: someone else's work said with a participle after them.
        ("My brother's in Dubai now, working for Emirates.", "profile.employer", None, ""),
        ("My cousin lives in Leeds, working for Arup.", "profile.employer", None, ""),
    ]
)
def test_a_job_said_in_passing_names_the_employer(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- a part of the writer, a show put on


@_table(
    [
        ("Part of me will always be in that flat in Marseille.", "travel.destination", None, ""),
        ("Part of me will always be in that flat in Marseille.", "travel.location", None, ""),
        ("my heart is still in Lisbon tbh", "travel.location", None, ""),
        ("A piece of my heart lives in Kyoto now.", "profile.home_city", None, ""),
        ("I'm at my desk in Leeds pretending to work.", "travel.location", "Leeds", "assertive"),
        ("pretend I'm in Paris", "travel.location", None, ""),
        ("we like pretending to be in Rome", "travel.location", None, ""),
    ]
)
def test_a_part_of_the_writer_is_not_the_writer_and_a_show_is_real(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- second batch: a workplace by what ties one to it


@_table(
    [
        (
            "My line manager at Aldi has put me on lates again.",
            "profile.employer",
            "Aldi",
            "assertive",
        ),
        (
            "the girls on my team at Accenture are taking me out for my birthday",
            "profile.employer",
            "Accenture",
            "assertive",
        ),
        (
            "Our department at Unilever is moving floors, chaos.",
            "profile.employer",
            "Unilever",
            "assertive",
        ),
        (
            "My staff discount at Boots is the only perk, honestly.",
            "profile.employer",
            "Boots",
            "assertive",
        ),
        (
            "Now I'm at Google, on the search team, and it's a different world.",
            "profile.employer",
            "Google",
            "assertive",
        ),
        # Look-alikes: a job left, a party, work unnamed.
        ("My old boss at Arup rang me out of the blue.", "profile.employer", None, ""),
        ("my team at Sam's quiz night won again", "profile.employer", None, ""),
        ("my colleagues at work are lovely", "profile.employer", None, ""),
    ]
)
def test_a_workplace_named_by_what_ties_the_writer_to_it(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- a home by what belongs to it


@_table(
    [
        (
            "Our road in Headingley is a car park on match days.",
            "profile.home_city",
            "Headingley",
            "assertive",
        ),
        (
            "my GP in Norwich is useless, three weeks for an appointment",
            "profile.home_city",
            "Norwich",
            "assertive",
        ),
        (
            "The council here in Leeds still hasn't fixed the lights.",
            "profile.home_city",
            "Leeds",
            "assertive",
        ),
        (
            "We're finally in the new house in Exeter, boxes everywhere.",
            "profile.home_city",
            "Exeter",
            "assertive",
        ),
        (
            "so yeah we're in the new place now, in Bristol, since the tenth",
            "profile.home_city",
            "Bristol",
            "assertive",
        ),
        # Look-alikes: someone else's, an old one, rents in general.
        ("My sister's GP in Norwich is brilliant.", "profile.home_city", None, ""),
        ("My old street in Headingley had a chippy on the corner.", "profile.home_city", None, ""),
        (
            "the neighbours in Leeds are awful, according to my cousin",
            "profile.home_city",
            None,
            "",
        ),
    ]
)
def test_a_home_named_by_what_belongs_to_it(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- the writer's place asked and answered, and old turns of phrase


@_table(
    [
        (
            "And where am I tonight? Bruges, in a hotel with a swan outside.",
            "travel.location",
            "Bruges",
            "assertive",
        ),
        (
            "Where do we find ourselves this week? Seville, melting.",
            "travel.location",
            "Seville",
            "assertive",
        ),
        (
            "Guess where we're writing this from? A rooftop in Marrakech!",
            "travel.location",
            "Marrakech",
            "assertive",
        ),
        ("Who's back in Cardiff and already bored? Me.", "travel.location", "Cardiff", "assertive"),
        (
            "We write to you from the guesthouse at Kandy, where the rain is biblical.",
            "travel.location",
            "Kandy",
            "assertive",
        ),
        ("I am returned from Lagos, tired but whole.", "travel.status", "completed", "assertive"),
        (
            "Our van is parked up by a beach near Tarifa and the wind is mad.",
            "travel.location",
            "Tarifa",
            "assertive",
        ),
        (
            "The cough has finally left my son, after three weeks.",
            "family.son.status",
            "well",
            "assertive",
        ),
        (
            "Must go. PS Mum's out of hospital, thanks for asking.",
            "family.mom.status",
            "well",
            "assertive",
        ),
        # Look-alikes: no answer, the listener's place asked.
        ("Where am I? No idea, somewhere outside Lyon.", "travel.location", None, ""),
        ("Where are you these days? Still in Leeds?", "travel.location", None, ""),
    ]
)
def test_the_writers_place_asked_and_answered_and_old_turns(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- an invitation's condition, the writer's own words told


@_table(
    [
        ("we're in Rome till Sunday if you fancy a drink", "travel.location", "Rome", "assertive"),
        (
            "I'm in Manchester all week, if you want to grab lunch.",
            "travel.location",
            "Manchester",
            "assertive",
        ),
        (
            "Staying at Mum's in Hull till Friday if you're around.",
            "travel.location",
            "Hull",
            "assertive|hypothetical",
        ),
        (
            "I told the taxi driver I'm only in Glasgow for the night.",
            "travel.location",
            "Glasgow",
            "assertive",
        ),
        (
            "I keep telling my dad I live in Melbourne now, not Sydney.",
            "profile.home_city",
            "Melbourne",
            "assertive",
        ),
        (
            "I explained to the bank that we're in Lisbon until the 20th.",
            "travel.location",
            "Lisbon",
            "assertive",
        ),
        # Look-alikes: a plan made on the listener's wish stays an if.
        ("If you want, we'll fly to Paris in May.", "travel.destination", None, ""),
        ("if you fancy it we could go to Bath on Saturday", "travel.destination", None, ""),
    ]
)
def test_an_invitations_condition_and_the_writers_own_words(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- days counted from today, a scene told in the present


@_table(
    [
        ("A week today I'll be in Crete!!", "travel.depart_date", "2026-03-11", "planning"),
        ("a fortnight tomorrow we fly to Boston", "travel.depart_date", "2026-03-19", "planning"),
        ("I'll be on a beach in Goa a fortnight today", "travel.destination", "Goa", "planning"),
        # A story told in the present, set on a past day: no whereabouts now.
        (
            "So I'm standing at the bar in Leeds last night and my ex walks in.",
            "travel.location",
            None,
            "",
        ),
        (
            "So we're sitting in a cafe in Porto yesterday and a pigeon steals my toast.",
            "travel.location",
            None,
            "",
        ),
        (
            "I'm sitting in a cafe in Porto right now, stealing wifi.",
            "travel.location",
            "Porto",
            "assertive",
        ),
        ("I've been staying in Porto since yesterday.", "travel.location", "Porto", "assertive"),
    ]
)
def test_days_counted_from_today_and_a_scene_told_in_the_present(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- third batch: a scene set with "with", a fact in brackets, a label


@_table(
    [
        (
            "With Dad in hospital again, I'm on dog duty and school runs.",
            "family.dad.status",
            "sick",
            "assertive",
        ),
        (
            "what with Nan laid up with her hip, Christmas is at ours",
            "family.grandma.status",
            "sick",
            "assertive",
        ),
        (
            "With Sam away in Bristol till the 12th, the house is very quiet.",
            "family.sam.status",
            "away",
            "assertive",
        ),
        (
            "With the twins down with a bug, we're staying in this weekend.",
            "family.twins.status",
            "sick",
            "assertive",
        ),
        # A scene on a past day stays in its story.
        (
            "With Dad in hospital last spring, we never got our holiday.",
            "family.dad.status",
            None,
            "",
        ),
        ("With that in mind, I'm off to bed.", "family.that.status", None, ""),
    ]
)
def test_a_scene_set_with_with_says_the_members_state(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        (
            "Bought a rug at the market (we're living in Porto now, did I mention?) and it's huge.",
            "profile.home_city",
            "Porto",
            "assertive",
        ),
        (
            "Saw your mum at the school gates (I'm renting in Didsbury now, btw) and she says hi.",
            "profile.home_city",
            "Didsbury",
            "assertive",
        ),
        (
            "Current status: in Brighton, at Gran's, till Sunday.",
            "travel.location",
            "Brighton",
            "assertive",
        ),
        (
            "Location update: still in Hoi An, still eating.",
            "travel.location",
            "Hoi An",
            "assertive",
        ),
        (
            "Status: kids at school, me in Leeds for the day, dog asleep.",
            "travel.location",
            "Leeds",
            "assertive",
        ),
        (
            "Today's desk: a cafe in Canggu with questionable wifi.",
            "travel.location",
            "Canggu",
            "assertive",
        ),
        (
            "Home for the next week: a cabin outside Tromsø.",
            "travel.location",
            "Tromsø",
            "assertive",
        ),
        (
            "um I'm in Madrid at the minute, back like Friday",
            "travel.location",
            "Madrid",
            "assertive",
        ),
        ("Waving from Valletta, it's gorgeous here.", "travel.location", "Valletta", "assertive"),
        (
            "Mum slightly better today, thank goodness.",
            "family.mom.status",
            "well",
            "assertive",
        ),
        (
            "We're staying on in Nice until the Saturday after next.",
            "travel.return_date",
            "2026-03-14",
            "assertive",
        ),
        # Look-alikes: someone else's in brackets, a label of someone else.
        (
            "Saw Sam at the gym (he's living in Leeds now) and he looks great.",
            "profile.home_city",
            None,
            "",
        ),
        ("hugs from all of us, Mum", "travel.location", None, ""),
    ]
)
def test_a_fact_in_brackets_or_after_a_label_is_said(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        (
            "As someone living in Sheffield, I can tell you the trams are a joke.",
            "profile.home_city",
            "Sheffield",
            "assertive",
        ),
        (
            "It falls to me, as the only one still living in Derry, to sort the house.",
            "profile.home_city",
            "Derry",
            "assertive",
        ),
        (
            "As a teacher living in Swansea, I've seen this a hundred times.",
            "profile.home_city",
            "Swansea",
            "assertive",
        ),
        (
            "I've gone freelance and I'm working from home in Hastings now.",
            "profile.home_city",
            "Hastings",
            "assertive",
        ),
        # Look-alikes: someone else as someone living there, a past home.
        (
            "My sister, as someone living in Sheffield, swears by the trams.",
            "profile.home_city",
            None,
            "",
        ),
        (
            "As someone who lived in Leeds for years, I'd avoid Holbeck.",
            "profile.home_city",
            None,
            "",
        ),
    ]
)
def test_who_the_writer_is_said_as_ground_names_the_home(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)
