"""The seventeenth round (issue 24), words17d: the writer's own plans in pasted itineraries,
booking confirmations and polite mail, as probe sentences written for this round
(``realistic/probes17d*-dev.jsonl``) showed the extractor missing them: a stay's columns
("Hotel: …, Porto | in 18.03 | out 21.03"), a trip's title over its flights ("ITINERARY –
PRAGUE CITY BREAK" / "Flights: 20 Mar out, 23 Mar back"), a leg with its date in front and
no colon, a crossing named by its two ends ("Ferry Dover–Calais"), a short weekday after a
label ("Return: Sun"), a heading's "arrive X" (``core/extraction/itinerary_lines.py``,
``list_lines.py``), mail's range of days with one month ("from 16 to 20 March",
``timeranges.py``) and a diary's count before the place ("Where I am now: Day 4 in Hanoi").
Every row is a sentence written for this module, none taken from an evaluation set, with
look-alikes that must not commit the field. The message time is ``AT`` (Wednesday
2026-03-04).
"""

from __future__ import annotations

import pytest
from extraction_fixtures import FieldRow, check_field_row


def _table(rows: list[FieldRow]) -> pytest.MarkDecorator:
    return pytest.mark.parametrize(("text", "field", "value", "intent"), rows)


@_table(
    [
        # A stay's columns: the town among them, the first night and the last morning.
        (
            "Hotel: Casa Amarela, Lisbon | in 12.03 | out 15.03",
            "travel.destination",
            "Lisbon",
            "planning",
        ),
        (
            "Hotel: Casa Amarela, Lisbon | in 12.03 | out 15.03",
            "travel.return_date",
            "2026-03-15",
            "planning",
        ),
        (
            "Airbnb · Kraków · check-in 20 Mar · check-out 24 Mar",
            "travel.depart_date",
            "2026-03-20",
            "planning",
        ),
        (
            "Apartment, Valencia, arr 9 Apr, dep 13 Apr (paid)",
            "travel.destination",
            "Valencia",
            "planning",
        ),
        # No town among the columns: no trip written.
        ("Hotel: The Grand | in 12.03 | out 15.03", "travel.destination", None, ""),
    ]
)
def test_a_stays_columns_are_a_trip(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # A title line names the trip by its place; the flights under it date it.
        (
            "ITINERARY – VIENNA CITY BREAK\nFlights: 13 Mar out, 16 Mar back",
            "travel.destination",
            "Vienna",
            "planning",
        ),
        (
            "ITINERARY – VIENNA CITY BREAK\nFlights: 13 Mar out, 16 Mar back",
            "travel.return_date",
            "2026-03-16",
            "planning",
        ),
        (
            "Edinburgh long weekend\nTrain: 20 Mar out / 23 Mar back",
            "travel.depart_date",
            "2026-03-20",
            "planning",
        ),
        (
            "Copenhagen getaway\nflights 27 Mar out, 30 Mar back",
            "travel.destination",
            "Copenhagen",
            "planning",
        ),
        # A title that is no known place names no trip.
        ("Hen do weekend\nFlights: 13 Mar out, 16 Mar back", "travel.destination", None, ""),
    ]
)
def test_a_trips_title_and_its_flights(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # The date heads a leg without its colon: the trip goes to the second place.
        ("Fri 13 Mar   Lisbon → Porto   CP 123   09:39", "travel.destination", "Porto", "planning"),
        ("Thu 19 Mar Vienna → Budapest RJX 61", "travel.destination", "Budapest", "planning"),
        ("Mon 16 Mar  Madrid → Seville  AVE 2080", "travel.depart_date", "2026-03-16", "planning"),
        # A crossing named by its ends, with its mode first.
        ("Ferry Portsmouth–Bilbao Sat 14 Mar", "travel.destination", "Bilbao", "planning"),
        ("coach Leeds - Manchester fri 6 mar 7am", "travel.destination", "Manchester", "planning"),
        (
            "ferry from Helsinki to Tallinn tomorrow morning",
            "travel.destination",
            "Tallinn",
            "planning",
        ),
        # A heading's bare "arrive X" is arriving there.
        (
            "Sun 8 Mar: arrive Marseille, dinner at the port",
            "travel.destination",
            "Marseille",
            "planning",
        ),
        ("Tue 10th: arrive Nice, check in after 3", "travel.depart_date", "2026-03-10", "planning"),
        # A label's short weekday is the day home.
        ("Return: Fri", "travel.return_date", "2026-03-06", "planning"),
        ("Inbound: Sun (evening flight)", "travel.return_date", "2026-03-08", "planning"),
        # A story's line is no label: "back: the same" names no day.
        ("Back: sore but happy", "travel.return_date", None, ""),
    ]
)
def test_legs_crossings_arrivals_and_labels(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # Mail's range of days with its month said once, after the second.
        (
            "I will be in Madrid from 16 to 19 March for the fair.",
            "travel.depart_date",
            "2026-03-16",
            "planning",
        ),
        (
            "I will be in Madrid from 16 to 19 March for the fair.",
            "travel.return_date",
            "2026-03-19",
            "planning",
        ),
        (
            "OOO 23 to 27 March, visiting family in Cork",
            "travel.depart_date",
            "2026-03-23",
            "planning",
        ),
        ("we're in Crete 10 until 17 April", "travel.depart_date", "2026-04-10", "planning"),
        ("Flying to Oslo from the 10th to 14 May", "travel.depart_date", "2026-05-10", "planning"),
        # A count before the date is not its first day.
        ("we need 2 to 3 rooms in Bath on 20 March", "travel.depart_date", None, ""),
        # A diary's count before the place is not the place.
        ("Where I am now: Day 6 in Luang Prabang", "travel.location", "Luang Prabang", "assertive"),
        ("Currently: week 3 in Oaxaca, loving it", "travel.location", "Oaxaca", "assertive"),
        (
            "Location: Day 2 of the road trip, Flagstaff",
            "travel.location",
            "Flagstaff",
            "assertive",
        ),
    ]
)
def test_mails_ranges_and_a_diarys_count(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # A stay told by its two ends: the leaving day is the way back, after the arrival.
        (
            "I arrive in Porto on Monday and leave on Friday",
            "travel.return_date",
            "2026-03-13",
            "planning",
        ),
        (
            "I arrive in Porto on Monday and leave on Friday",
            "travel.depart_date",
            "2026-03-09",
            "planning",
        ),
        (
            "we're arriving in Riga on the 11th and leaving on the 15th",
            "travel.return_date",
            "2026-03-15",
            "planning",
        ),
        (
            "landing in Austin tues, flying out thurs",
            "travel.return_date",
            "2026-03-12",
            "planning",
        ),
        # Without an arrival first, a leaving day is no way back.
        ("going to Denver on the 10th, leaving the 12th", "travel.return_date", None, ""),
        # Aboard the way home: back today, not a trip over.
        (
            "I'm on the coach back from Glasgow, phone's about to die",
            "travel.return_date",
            "2026-03-04",
            "assertive",
        ),
        ("on the 18:10 train back from Bristol, home by 8", "travel.status", None, ""),
        (
            "we're on the ferry back from Santander now",
            "travel.return_date",
            "2026-03-04",
            "assertive",
        ),
        # An event out of town, attended, is a trip to its town.
        (
            "I will attend the annual congress in Vienna on the 20th",
            "travel.destination",
            "Vienna",
            "planning",
        ),
        (
            "I'm speaking at a summit in Kigali next week",
            "travel.destination",
            "Kigali",
            "planning",
        ),
        (
            "we're attending a friend's wedding in Split in April",
            "travel.destination",
            "Split",
            "planning",
        ),
        ("I attended a workshop in Geneva last year", "travel.destination", None, ""),
        ("she's attending a seminar in Rome", "travel.destination", None, ""),
        (
            "Sadly I'm unable to attend the summit in Accra next week.",
            "travel.destination",
            None,
            "",
        ),
        ("i cant attend the wedding in Cork, work won't let me", "travel.destination", None, ""),
        (
            "I won't be able to attend the meeting in Leeds on Friday",
            "travel.destination",
            None,
            "",
        ),
        # A heading's day dates the leg later in its line.
        (
            "Thu 12th: pack, lunch with Mo, then flight to Athens 17:20",
            "travel.depart_date",
            "2026-03-12",
            "planning",
        ),
        (
            "Tomorrow: check out 11am, bus to the airport, 15:05 flight home",
            "travel.return_date",
            "2026-03-05",
            "planning",
        ),
        ("Sat: market, museum, night train to Kraków", "travel.destination", "Kraków", "planning"),
        ("Mon: gym, groceries, dentist", "travel.destination", None, ""),
        # A stop first, or a leg with its own day, keeps its own reading.
        (
            "today: in Chicago, flying home tmrw",
            "travel.return_date",
            "2026-03-05",
            "planning|assertive",
        ),
        ("Wed 11th: Lisbon, walk, train to Porto 5pm", "travel.destination", "Lisbon", "planning"),
    ]
)
def test_stays_ways_home_events_and_headed_lines(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # Nights of a plan, a span of days then its stop, a timetable's "dep"/"arr", a
        # return label without its colon, a confirmation's stay with its town last.
        (
            "Nights 1-2: Siem Reap\nNights 3-5: Phnom Penh",
            "travel.destination",
            "Siem Reap",
            "planning",
        ),
        ("Night 4: Hue (homestay)", "travel.destination", "Huế", "planning"),
        (
            "From 16 to 19 March: Milan (trade fair), then home",
            "travel.depart_date",
            "2026-03-16",
            "planning",
        ),
        (
            "3rd-6th April – Valencia, paella and the beach",
            "travel.destination",
            "Valencia",
            "planning",
        ),
        (
            "KL1002 AMS–LHR dep 07:10 arr 07:25 Mon 9 Mar",
            "travel.depart_date",
            "2026-03-09",
            "planning",
        ),
        (
            "Outbound 20 Mar EDI → AMS\nReturn 24 Mar AMS → EDI",
            "travel.return_date",
            "2026-03-24",
            "planning",
        ),
        ("Inbound 3/19 9:40pm, JFK to LHR", "travel.return_date", "2026-03-19", "planning"),
        (
            "Booking ref QX77 — Check-in: Fri 13 March; Check-out: Mon 16 March — Hôtel du Parc, Nice",
            "travel.return_date",
            "2026-03-16",
            "planning",
        ),
        # A night's line without a known place names no trip.
        ("Night 2: camping under the stars", "travel.destination", None, ""),
    ]
)
def test_nights_spans_timetables_and_confirmations(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # A status heading its line before a dash: the trip after it, called off.
        ("Cancelled — Vienna, 12–14 Mar (flooding)", "travel.status", "cancelled", "assertive"),
        ("Postponed - Krakow weekend, new dates tbc", "travel.status", "planning", "planning"),
        ("cancelled – Porto, refund requested", "travel.status", "cancelled", "assertive"),
        # A verb's short weekday is a day, never a place.
        ("Trip 3 of 4: Osaka, 5 nights, arriving Fri", "travel.destination", None, ""),
        ("landing Sat, leaving Tue", "travel.destination", None, ""),
        ("back Sun, shattered probably", "travel.location", None, ""),
    ]
)
def test_a_status_heading_and_a_verbs_short_day(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)
