"""The nineteenth round (issue 24), words19d: life admin — hosts and guests, bills and
debts, booking confirmations and itineraries pasted from mail, world Englishes, elders'
letters, health and commuters — as probe sentences written for this round
(``realistic/probes19d*-dev.jsonl``) showed the extractor missing them.

Every row is a sentence written for this module, none taken from an evaluation set; each
class has look-alikes that must keep their reading. The message time is ``AT`` (Wednesday
2026-03-04).
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, FieldRow, check_field_row

from core.extraction.amounts import amount_in
from core.extraction.offline import extract_offline


def _table(rows: list[FieldRow]) -> pytest.MarkDecorator:
    return pytest.mark.parametrize(("text", "field", "value", "intent"), rows)


@_table(
    [
        # A flight's origin named as an airport with its city, or with its number in front
        # (``travel_going.HEADING``).
        (
            "Flight EZY2045 London Gatwick to Nice departs 06:50 on Saturday 14 March.",
            "travel.destination",
            "Nice",
            "planning",
        ),
        (
            "my flight from London Heathrow to Lisbon leaves on Friday",
            "travel.depart_date",
            "2026-03-06",
            "planning",
        ),
        (
            "flying from Gatwick Airport to Faro on the 20th",
            "travel.destination",
            "Faro",
            "planning",
        ),
        (
            "Flight BA 117 from London Heathrow to New York on Monday 9 March",
            "travel.destination",
            "New York",
            "planning",
        ),
        # Someone else's flight stays theirs.
        (
            "my sister is flying from London Heathrow to Nice on Saturday",
            "travel.destination",
            None,
            "",
        ),
    ]
)
def test_a_flight_from_an_airport_with_its_city(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # A confirmation's check-in and check-out on lines or sentences of their own, the
        # town in a title above them (``confirmation_stays``).
        (
            "Your stay at The Linden, Vienna\nCheck-in: Thu 19 Mar from 14:00\n"
            "Check-out: Sun 22 Mar by 10:00",
            "travel.destination",
            "Vienna",
            "planning",
        ),
        (
            "Your stay at The Linden, Vienna\nCheck-in: Thu 19 Mar from 14:00\n"
            "Check-out: Sun 22 Mar by 10:00",
            "travel.return_date",
            "2026-03-22",
            "planning",
        ),
        (
            "Hotel Adler, Munich. Arrival: 11 March. Departure: 13 March.",
            "travel.depart_date",
            "2026-03-11",
            "planning",
        ),
        (
            "Reservation confirmed\nGuesthouse Kalina, Sofia\nArrival date: 24 March\n"
            "Departure date: 27 March",
            "travel.destination",
            "Sofia",
            "planning",
        ),
        # The nights as one span beside the hotel's town.
        (
            "Your booking has been amended: new dates 17–19 March, Hotel Bristol Warsaw.",
            "travel.depart_date",
            "2026-03-17",
            "planning",
        ),
        (
            "Booked the Airbnb in Porto, 24-27 March, so that's sorted",
            "travel.return_date",
            "2026-03-27",
            "planning",
        ),
        # Someone else's booking, and a span that is no stay, give no trip of the writer's.
        ("Mum booked her hotel in Bath, 17-19 March.", "travel.destination", None, ""),
        ("The conference in Berlin is 17-19 March.", "travel.depart_date", None, ""),
        ("Check-in: 11 March\nCheck-out: 13 March", "travel.destination", None, ""),
    ]
)
def test_a_confirmations_stay_said_apart(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # A mail's pointer to the list under it is closed before the list
        # (``mail_pointers``), and "Back:" heads the way home like "Return:".
        (
            "Please see my travel plans below for the conference:\n"
            "Out: Tue 10 Mar, MAN-CPH SK540\nBack: Fri 13 Mar",
            "travel.destination",
            "Copenhagen",
            "planning",
        ),
        (
            "Details as follows: train to Glasgow on Thursday 12 March",
            "travel.destination",
            "Glasgow",
            "planning",
        ),
        (
            "Please find my itinerary below -\nFlight to Oslo on Monday 16 March",
            "travel.depart_date",
            "2026-03-16",
            "planning",
        ),
        ("Out: Tue 10 Mar\nBack: Fri 13 Mar", "travel.return_date", "2026-03-13", "planning"),
        # A list said to be someone else's keeps its colon and stays theirs; a back that
        # is a body part is no return.
        (
            "My sister's flight details below:\nFlight to Copenhagen on Tue 10 Mar",
            "travel.destination",
            None,
            "",
        ),
        ("Back: still sore after the gym", "travel.return_date", None, ""),
    ]
)
def test_a_pointer_to_the_list_below(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # Slang for sleeping somewhere, South African "by", Indian "my native", Nigerian
        # "travelled … since" (``stays_said_otherwise``).
        (
            "I'm bunking with my cousin in Leeds till the 14th",
            "travel.location",
            "Leeds",
            "assertive",
        ),
        ("kipping at a mate's in Crewe tonight", "travel.location", "Crewe", "assertive"),
        ("we're dossing at Sam's in Bristol this week", "travel.location", "Bristol", "assertive"),
        ("I'm by my gran in Soweto for the weekend", "travel.location", "Soweto", "assertive"),
        (
            "we are sleeping by my aunt in Pietermaritzburg till Sunday",
            "travel.location",
            "Pietermaritzburg",
            "assertive",
        ),
        (
            "I have come to my native Madurai for a wedding",
            "travel.location",
            "Madurai",
            "assertive",
        ),
        (
            "presently I am in my native place Thrissur for Onam",
            "travel.location",
            "Thrissur",
            "assertive",
        ),
        ("I travelled to Enugu since last week", "travel.location", "Enugu", "assertive"),
        ("we have travelled to Kano since Monday", "travel.location", "Kano", "assertive"),
        # A trip told as a story, "by" that is no one's home and a native place not named
        # stay as they were.
        (
            "Going to my native place for the wedding on 20th, returning 27th",
            "travel.return_date",
            "2026-03-27",
            "planning",
        ),
        ("I travelled to Enugu last week.", "travel.location", None, ""),
        ("I stood by my friend in Durban through all of it", "travel.location", None, ""),
        # A stay at someone's place with the town said reads as a stay now, not a plan.
        (
            "I am staying at Joan's in Whitby till Friday",
            "travel.location",
            "Whitby",
            "assertive",
        ),
        (
            "we're staying with Pete in Leeds till Sunday",
            "travel.return_date",
            "2026-03-08",
            "assertive",
        ),
    ]
)
def test_a_stay_said_otherwise(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # Money back denied is money still owed back (``money_back``).
        ("still not got my deposit back", "financial.deposit.status", "pending", "assertive"),
        (
            "we never got the bond back from the agency",
            "financial.bond.status",
            "pending",
            "assertive",
        ),
        (
            "didn't get the booking fee back in the end",
            "financial.booking_fee.status",
            "pending",
            "assertive",
        ),
        ("got the deposit back today", "financial.deposit.status", "refunded", "assertive"),
        # A service's price said with "'s gone up", "rose", "jumped" (``subscriptions``).
        ("Spotify's gone up to £11.99, cheeky", "financial.spotify.amount", 11.99, "assertive"),
        ("netflix rose to 12.99 this month", "financial.netflix.amount", 12.99, "assertive"),
        ("Disney Plus has jumped to £8.99", "financial.disney_plus.amount", 8.99, "assertive"),
        # Money said by the million after a sign, and a bill raised in those signs
        # (``amounts``, ``bill_amounts``).
        (
            "Landlord has increased the rent to ₦1.2m per annum",
            "financial.rent.amount",
            1200000,
            "assertive",
        ),
        ("my rent is now ₦850k a year", "financial.rent.amount", 850000, "assertive"),
        ("my rent has gone up to Rs 22,000", "financial.rent.amount", 22000, "assertive"),
        # How big it felt is no part of the amount (``money_words``).
        (
            "Our electricity bill this quarter was a whopping £412",
            "financial.electricity_bill.amount",
            412,
            "assertive|historical",
        ),
        ("the gas bill came to a hefty £210", "financial.gas_bill.amount", 210, "assertive"),
        ("water bill is an eye-watering 96 quid", "financial.water_bill.amount", 96, "assertive"),
        # Money sent to a person, with "his/her" before the sum (``money_sent``).
        ("Sent Jamie his £40 for the taxi", "financial.jamie.status", "paid", "assertive"),
        ("sent Priya her 30 for the tickets", "financial.priya.amount", 30, "assertive"),
        # "through" ends the thing's name: "got my tax refund through".
        ("Got my tax refund through, £318", "financial.tax_refund.amount", 318, "assertive"),
        ("got my payout through, €380", "financial.payout.amount", 380, "assertive"),
    ]
)
def test_money_said_in_lifes_admin(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    ("said", "value"),
    [("₦1.2m", 1_200_000), ("£2.5 million", 2_500_000), ("₦900k", 900_000), ("£5 more", 5)],
)
def test_an_amount_by_the_million(said: str, value: int) -> None:
    found = amount_in(said.lower())
    assert found is not None
    assert found[0] == value


@_table(
    [
        # An illness and its turn for the better in one sentence: the later state wins
        # (``turned_better``, ``better_now``).
        (
            "Gran has been poorly but is on the mend now",
            "family.grandma.status",
            "well",
            "assertive",
        ),
        (
            "My husband was laid up with flu all week but is much better now",
            "family.husband.status",
            "well",
            "assertive",
        ),
        ("Mum was in hospital but is back home now", "family.mom.status", "home", "assertive"),
        # A turn for the worse keeps the illness.
        ("Dad was poorly but is now back in hospital", "family.dad.status", "sick", "assertive"),
        # A grandparent's letter: "Your grandmother", "Your Uncle Bill" are the writer's
        # family (``elder_letters``).
        (
            "Your grandmother has been rather poorly with her chest but is on the mend now.",
            "family.grandmother.status",
            "well",
            "assertive",
        ),
        ("Your grandad is in hospital again.", "family.grandpa.status", "sick", "assertive"),
        (
            "Your Uncle Bill is poorly again with his chest",
            "family.bill.status",
            "sick",
            "assertive",
        ),
        # Asked, or heard from someone, it is the reader's relative.
        ("how is your nan?", "family.grandma.status", None, ""),
        ("I heard your nan is in hospital", "family.grandma.status", None, ""),
    ]
)
def test_a_relatives_health_in_a_letter(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@pytest.mark.parametrize(
    "text",
    [
        "Reading–Paddington is rammed again, standing all the way to Slough.",
        "sat all the way to Leeds on the floor of the vestibule",
        "stood all the way to Reading again, the 7:14 was two coaches short",
    ],
)
def test_a_ride_endured_is_no_trip(text: str) -> None:
    found = extract_offline(text, at=AT).observations
    assert not [o for o in found if o.field == "travel.destination"]


@_table(
    [
        ("driving all the way to Cornwall tomorrow", "travel.destination", "Cornwall", "planning"),
        ("on my way to Leeds", "travel.destination", "Leeds", "assertive"),
    ]
)
def test_the_way_to_a_place_is_still_a_going(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # A bill's "'s" before its sum is "is" (``money_words``): "Rent's £1,150 pcm".
        ("Rent's £1,150 pcm, due on the 1st.", "financial.rent.amount", 1150, "assertive"),
        ("mortgage's £1,320 a month now", "financial.mortgage.amount", 1320, "assertive"),
        ("council tax's 142 a month", "financial.council_tax.amount", 142, "assertive"),
        # Money remitted or paid "towards" a bill is paid for it.
        (
            "Kindly note that I have remitted Rs 45,000 towards the fees today.",
            "financial.fees.status",
            "paid",
            "assertive",
        ),
        ("paid £300 towards the deposit last night", "financial.deposit.amount", 300, "assertive"),
        (
            "I have deposited Rs 12,000 towards my rent",
            "financial.rent.status",
            "paid",
            "assertive",
        ),
        # A service cancelled, said with "'s been" (``subscriptions``).
        ("Netflix's been cancelled", "financial.netflix.status", "cancelled", "assertive"),
        ("audible's now cancelled too", "financial.audible.status", "cancelled", "assertive"),
        ("spotify's been cancelled at last", "financial.spotify.status", "cancelled", "assertive"),
    ]
)
def test_bills_said_with_s_and_towards(
    text: str, field: str, value: str | float | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # A spouse named with "the" is the writer's (``the_missus``): their trip is theirs.
        (
            "The missus has gone to Galway, back tomorrow.",
            "family.wife.status",
            "away",
            "assertive",
        ),
        ("The missus has gone to Galway, back tomorrow.", "travel.return_date", None, ""),
        ("the OH is away in Cardiff till Friday", "family.partner.status", "away", "assertive"),
        ("the wife's off sick today", "family.wife.status", "sick", "assertive"),
        ("The mister is laid up with his back again", "family.husband.status", "sick", "assertive"),
        # Another man's wife stays his.
        ("I met the wife of a colleague in Leeds", "family.wife.status", None, ""),
    ]
)
def test_a_spouse_said_with_the(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # Where the speaker will be, offered for the listener's use, is still a plan
        # (``intent_nonfactual.IF_IDIOM``, ``LISTENERS_WISH``).
        (
            "I'll be in the Leeds office Thursday if you want to grab lunch.",
            "travel.destination",
            "Leeds",
            "planning",
        ),
        (
            "we'll be in Cornwall over Easter if you want to visit",
            "travel.destination",
            "Cornwall",
            "planning",
        ),
        (
            "I'm in Glasgow till Friday if you fancy a drink",
            "travel.location",
            "Glasgow",
            "assertive",
        ),
        # An offer on the listener's wish, or a condition of the speaker's, stays open.
        ("I'll come to Leeds if you want", "travel.destination", None, ""),
        ("I'll be in Leeds if I can get a train", "travel.destination", None, ""),
        # A home from a day ahead is no home yet (``rules_profile``).
        ("we're renting in Didsbury from April", "profile.home_city", None, ""),
        ("we're based in Lisbon from next month", "profile.home_city", None, ""),
        ("I'll be living in Cork from the 1st", "profile.home_city", None, ""),
        ("we're living in Leeds now", "profile.home_city", "Leeds", "assertive"),
    ]
)
def test_plans_around_the_listener_and_homes_ahead(
    text: str, field: str, value: str | None, intent: str
) -> None:
    check_field_row(text, field, value, intent)


@_table(
    [
        # A night stopped over, or spent on someone's floor or sofa, is a stay at theirs
        # (``stays_said_otherwise``).
        (
            "Stopping over at my brother's in Crewe tonight, then on to Glasgow tomorrow.",
            "travel.location",
            "Crewe",
            "assertive",
        ),
        (
            "Kipping on Dan's floor in Peckham till my new place is ready.",
            "travel.location",
            "Peckham",
            "assertive",
        ),
        (
            "sofa-surfing on my sister's couch in Leeds this week",
            "travel.location",
            "Leeds",
            "assertive",
        ),
        # A stop for lunch is no stay.
        ("we're stopping in Lyon for lunch tomorrow", "travel.location", None, ""),
    ]
)
def test_a_night_on_someones_floor(text: str, field: str, value: str | None, intent: str) -> None:
    check_field_row(text, field, value, intent)
