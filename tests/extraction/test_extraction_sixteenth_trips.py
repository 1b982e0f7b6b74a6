"""The sixteenth round (issue 24), words16b: classes of phrasing about trips, whereabouts
and homes that probe sentences written for this round (``realistic/probes16b*-dev.jsonl``:
trips by purpose and length, relative anchors, layovers, returns, misspelt places, in
literary, nomads', diary, itinerary, students', couples', world Englishes' and dictated
voices) showed the extractor missing, each fixed as a class and tabled here with
paraphrases in other voices and with look-alikes that must not commit the field. Every row
is a sentence written for this module, none taken from an evaluation set. The message time
is ``AT`` (Wednesday 2026-03-04).
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row

from core.extraction.place_slips import misspelt, slips_apart


def _table(rows: list[FieldRow]) -> pytest.MarkDecorator:
    return pytest.mark.parametrize(("text", "field", "value", "intent"), rows)


# ---------------------------------------------------------------- misspelt places


@_table(
    [
        # A well-known name with one slip (two from ten letters), any case, any verb.
        (
            "we finally made it to san fransisco, so foggy",
            "travel.location",
            "San Francisco",
            "assertive",
        ),
        (
            "flying into albequerque tmrw for a site visit",
            "travel.destination",
            "Albuquerque",
            "planning",
        ),
        ("in cincinatti w the lads for the weekend", "travel.location", "Cincinnati", "assertive"),
        (
            "Heading to Philadelpia on the 12th for my aunt's birthday",
            "travel.destination",
            "Philadelphia",
            "planning",
        ),
        ("landed in chicgo, its freezing", "travel.location", "Chicago", "assertive"),
        (
            "we're moving to Tenessee in the summer",
            "travel.destination|profile.home_city",
            None,
            "",
        ),
        # Look-alikes: English words near a name, a demonym, a name's plural.
        ("we're trying to settle in before the baby comes", "travel.location", None, ""),
        ("so hungry, heading to lunch", "travel.destination", None, ""),
        ("we're flying to german friends on sunday", "travel.destination", None, ""),
    ]
)
def test_misspelt_places(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("san fransisco", "San Francisco"),
        ("albequerque", "Albuquerque"),
        ("phillidelphia", "Philadelphia"),
        ("massachusets", "Massachusetts"),
        ("seatle", "Seattle"),
        ("nashvile", "Nashville"),
        ("settle", None),
        ("hungry", None),
        ("african", None),
        ("germans", None),
        ("warning", None),
        ("surname", None),
        ("between", None),
    ],
)
def test_a_slip_is_read_only_for_a_well_known_name(typed: str, meant: str | None) -> None:
    place = misspelt(typed)
    assert (place.name if place else None) == meant


def test_slips_apart_counts_one_slip_each() -> None:
    assert slips_apart("chicgo", "chicago", 2) == 1  # dropped
    assert slips_apart("seatlte", "seattle", 2) == 1  # swapped
    assert slips_apart("cincinatti", "cincinnati", 2) == 2  # undoubled and doubled
    assert slips_apart("denver", "boston", 2) == 3  # more than most: most + 1


# ---------------------------------------------------------------- days and frames


@_table(
    [
        # "mid-April", "mid May": the month's middle; "may" after "mid-" is no maybe.
        (
            "mid-april we fly out to Nairobi for my sister's graduation",
            "travel.depart_date",
            "2026-04-15",
            "planning",
        ),
        ("off to Edinburgh mid-May for a hen do!!", "travel.destination", "Edinburgh", "planning"),
        (
            "We drive to Banff in mid June, the cabin is booked",
            "travel.destination",
            "Banff",
            "planning",
        ),
        ("we fly to Accra mid May", "travel.depart_date", "2026-05-15", "planning"),
        # Look-alike: "may" as a maybe stays a maybe.
        ("we may fly to Rome in the spring", "travel.destination", None, ""),
    ]
)
def test_the_middle_of_a_month(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # "just wanted to say/let you know": a frame for news, not a wish.
        (
            "um so yeah just wanted to say we landed in denver like an hour ago",
            "travel.location",
            "Denver",
            "assertive|historical",
        ),
        (
            "Wanted to let you know I'm in Lagos till Friday, reachable on WhatsApp",
            "travel.location",
            "Lagos",
            "assertive",
        ),
        (
            "just wanted to give you a heads up that im in Leeds this week",
            "travel.location",
            "Leeds",
            "assertive",
        ),
        # Look-alikes: wanting to go somewhere is still a wish.
        ("I just wanted to go to Lisbon this spring", "travel.destination", None, ""),
        ("we wanted to be in Tahoe by now", "travel.location", None, ""),
    ]
)
def test_a_frame_for_the_news(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- returns and holdups


@_table(
    [
        # "then home on Sunday", "then back Tuesday": the way home after the next leg.
        (
            "Last night in Osaka. Tomorrow Kyoto, then home on Sunday.",
            "travel.return_date",
            "2026-03-08",
            "planning",
        ),
        (
            "im in Dallas for work, then back on Tuesday",
            "travel.return_date",
            "2026-03-10",
            "planning",
        ),
        (
            "Currently I am at Pune for a training, will be back to Chennai on Saturday",
            "travel.return_date",
            "2026-03-07",
            "planning",
        ),
        # Look-alike: back to work is no trip's end.
        ("then back to work on Monday, sadly", "travel.return_date", None, ""),
        # Held short of a town: the speaker, or the speaker's ride.
        (
            "we're stuck just outside Crewe, signal failure apparently",
            "travel.location",
            "Crewe",
            "assertive",
        ),
        ("our bus is sitting near Leeds, been 40 mins", "travel.location", "Leeds", "assertive"),
        ("train stuck outside Newark again", "travel.location", "Newark", "assertive"),
        # Look-alikes: someone else's car, a thing.
        ("his car is stuck outside Newark", "travel.location", None, ""),
        ("the parcel is sitting near Leeds apparently", "travel.location", None, ""),
        # Coworking is working from there.
        ("coworking from a café in Oaxaca this month", "travel.location", "Oaxaca", "assertive"),
        ("currently coworking out of a hostel in Canggu", "travel.location", "Canggu", "assertive"),
    ]
)
def test_returns_and_holdups(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- batch 2: lists, homes, stays


@_table(
    [
        # A place, then a span of its days, in a list's line.
        (
            "Kraków 12–18 Mar, flat booked near the old town",
            "travel.depart_date",
            "2026-03-12",
            "planning",
        ),
        (
            "Kraków 12–18 Mar, flat booked near the old town",
            "travel.return_date",
            "2026-03-18",
            "planning",
        ),
        (
            "Lisbon from 03/12 to 03/18, then back to work",
            "travel.destination",
            "Lisbon",
            "planning",
        ),
        (
            "Tokyo, Apr 2-9 (cherry blossom season)",
            "travel.return_date",
            "2026-04-09",
            "planning",
        ),
        # Days first, then the place after a middle dot or with company after a plus.
        ("Mar 20–27 · Mexico City (conference)", "travel.destination", "Mexico City", "planning"),
        ("Apr 2-9: Osaka + Kyoto w/ Sam", "travel.destination", "Osaka", "planning"),
        # Look-alikes: a letter's dateline, a score, a verse.
        ("Denver, Mar 3", "travel.destination", None, ""),
        ("Chelsea 2-1 Arsenal, what a game", "travel.destination", None, ""),
        ("John 3/16", "travel.destination", None, ""),
    ]
)
def test_a_place_then_its_days(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # "this time next week/month": the same day a week or a month on.
        ("this time next week I'll be in Bali 🌴", "travel.depart_date", "2026-03-11", "planning"),
        (
            "This time next month we'll be in Lisbon, can't believe it",
            "travel.depart_date",
            "2026-04-04",
            "planning",
        ),
        # Countries as people write them.
        ("currently in the UK for a conference", "travel.location", "UK", "assertive"),
        ("flying to the UAE on friday for work", "travel.destination", "UAE", "planning"),
        ("tell us about the trip when you're back", "travel.destination", None, ""),
        # "up-country", "cross-country" between the going and the place.
        (
            "Travelling up-country to Kisumu on Friday for a burial",
            "travel.destination",
            "Kisumu",
            "planning",
        ),
        (
            "we're driving cross-country to Denver next week",
            "travel.destination",
            "Denver",
            "planning",
        ),
        # A bare "home" with its day.
        (
            "home tomorrow 🙌 missed my own bed",
            "travel.return_date",
            "2026-03-05",
            "planning",
        ),
        ("Osaka done. then home Sunday", "travel.return_date", "2026-03-08", "planning"),
        ("home sick tomorrow probably", "travel.return_date", None, ""),
        # Crashing at someone's, in a town.
        (
            "crashing at my brother's in Oakland till Sunday",
            "travel.location",
            "Oakland",
            "assertive",
        ),
        ("crashing at a mate's in Leeds this week", "travel.location", "Leeds", "assertive"),
    ]
)
def test_anchors_countries_and_stays(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # At home in a town, living in the new house there, a flat got: the home's city.
        (
            "I'm at home in Soweto just now, will come through later",
            "profile.home_city",
            "Soweto",
            "assertive",
        ),
        (
            "We've been in the new house in Austin since New Year's",
            "profile.home_city",
            "Austin",
            "assertive",
        ),
        (
            "i've been living in our new flat in Leeds for a month now",
            "profile.home_city",
            "Leeds",
            "assertive",
        ),
        (
            "finally got our own flat in Leeds after years of flat shares",
            "profile.home_city",
            "Leeds",
            "assertive|historical",
        ),
        ("we got a little house in Boise!!", "profile.home_city", "Boise", "assertive|historical"),
        # Look-alikes: a stay got for a while, someone else's flat, at home in bed.
        ("we got a cottage in Cornwall for the weekend", "profile.home_city", None, ""),
        ("my sister finally got her own flat in Leeds", "profile.home_city", None, ""),
        ("got a place in Lisbon for the week", "profile.home_city", None, ""),
    ]
)
def test_homes_said_by_the_house(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


# ---------------------------------------------------------------- batch 3: tags, moves, stays


@_table(
    [
        # A map pin, a "loc:" label, a diary's count before a place: where the writer is.
        ("📍Lisbon, day 2 of 10 ☀️", "travel.location", "Lisbon", "assertive"),
        ("Sunset walk 🌅 📍Porto", "travel.location", None, ""),
        ("📍New York City baby!!", "travel.location", "New York City", "assertive"),
        ("loc: Hanoi | mood: caffeinated", "travel.location", "Hanoi", "assertive"),
        (
            "month 4 of nomading: Buenos Aires. The steak is dangerous.",
            "travel.location",
            "Buenos Aires",
            "assertive",
        ),
        ("week 2 of the trip: Hoi An", "travel.location", "Hoi An", "assertive"),
        # Look-alikes: a venue pinned, a diet's count.
        ("📍 Café Central", "travel.location", None, ""),
        ("day 3 of the diet: pain", "travel.location", None, ""),
    ]
)
def test_location_tags(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # The move to a town said to be done: home there, and no project named after it.
        (
            "the move to Phoenix is done!! boxes everywhere",
            "profile.home_city",
            "Phoenix",
            "assertive",
        ),
        ("our move to Leeds is finally official", "profile.home_city", "Leeds", "assertive"),
        (
            "our big move to Denver is complete, send wine",
            "profile.home_city",
            "Denver",
            "assertive",
        ),
        ("the move to Phoenix is done!! boxes everywhere", "project.phoenix.status", None, ""),
        # Look-alikes: a move ahead, someone else's.
        ("the move to Denver is next month", "profile.home_city", None, ""),
        ("his move to Tulsa is done", "profile.home_city", None, ""),
    ]
)
def test_a_move_said_done(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # A stay counted in nights or weeks, then the day it starts.
        (
            "10 nights in Bali from 2 April, first proper holiday in years",
            "travel.depart_date",
            "2026-04-02",
            "planning",
        ),
        (
            "Two weeks in Lisbon from the 3rd of April, then Porto",
            "travel.destination",
            "Lisbon",
            "planning",
        ),
        (
            "a week in Split starting Saturday, boat trips booked",
            "travel.destination",
            "Split",
            "planning",
        ),
        # Look-alike: a stay had.
        ("two weeks in Lisbon was plenty", "travel.destination", None, ""),
        # A heading of weekdays with their dates.
        ("Fri 20 – Sun 22: Lyon", "travel.depart_date", "2026-03-20", "planning"),
        ("Sat 7 - Mon 9: Cardiff (the match)", "travel.destination", "Cardiff", "planning"),
        # Abroad between the going and the place.
        (
            "going abroad to Seoul in August for my exchange",
            "travel.destination",
            "Seoul",
            "planning",
        ),
        ("flying overseas to Perth on the 20th", "travel.destination", "Perth", "planning"),
        # Working from home away from one's own: where the writer is, not a trip over.
        ("WFH from my parents' in Brighton this week", "travel.location", "Brighton", "assertive"),
        (
            "wfh from my sister's place in denver till friday",
            "travel.location",
            "Denver",
            "assertive",
        ),
        ("WFH from my parents' in Brighton this week", "travel.status", "in_progress", "assertive"),
    ]
)
def test_stays_headings_and_work(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # "since" looks back: back in a town since the day just gone.
        (
            "back in Berlin since Sunday, jet lag is winning",
            "travel.location",
            "Berlin",
            "assertive",
        ),
        (
            "back in portland since monday and it hasn't stopped raining",
            "travel.location",
            "Portland",
            "assertive",
        ),
        ("back in new york monday", "travel.return_date", "2026-03-09", "planning"),
        # A month booked, like nights and weeks; the next base as the next stop.
        (
            "booked a month in Kotor from the 1st of April, slow travel ftw",
            "travel.destination",
            "Kotor",
            "planning",
        ),
        ("we've booked a fortnight in Crete for May", "travel.destination", "Crete", "planning"),
        (
            "next base: Da Lat. bus leaves at 7am tomorrow",
            "travel.destination",
            "Da Lat",
            "planning",
        ),
        # Sent there by work, and there now; someone else sent is theirs.
        (
            "I've been sent to Riyadh for two weeks by work, the hotel is fine",
            "travel.location",
            "Riyadh",
            "assertive",
        ),
        (
            "we've been posted to Kano for our NYSC, camp is rough",
            "travel.location",
            "Kano",
            "assertive",
        ),
        (
            "ive just been seconded to Leeds for the quarter",
            "travel.location",
            "Leeds",
            "assertive",
        ),
        ("he's been sent to Riyadh for two weeks", "travel.location", None, ""),
    ]
)
def test_since_bookings_and_postings(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # A work stint in a town: on a contract, an assignment, a posting there.
        (
            "on a contract in Perth till the end of June, two weeks on and one off",
            "travel.location",
            "Perth",
            "assertive",
        ),
        ("currently on assignment in Lagos for the bank", "travel.location", "Lagos", "assertive"),
        (
            "still on a locum in Inverness, back south in April",
            "travel.location",
            "Inverness",
            "assertive",
        ),
        # Look-alike: a contract signed there is no stay.
        ("we signed a contract in Perth last year", "travel.location", None, ""),
    ]
)
def test_a_work_stint_somewhere(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # An itinerary's "Return:" heads the way home, whatever follows it.
        ("Return: EWR→SFO, Sun 15th 6:40pm", "travel.return_date", "2026-03-15", "planning"),
        ("Return: Sun 22nd, 18:05 from Amsterdam", "travel.return_date", "2026-03-22", "planning"),
        (
            "Flights booked!\nReturn: Tue 10th, BA 2491",
            "travel.return_date",
            "2026-03-10",
            "planning",
        ),
        # Look-alikes: a thing to take back to a shop.
        ("Return: the blue jumper to Zara by the 12th", "travel.return_date", None, ""),
    ]
)
def test_an_itinerarys_return_label(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)
