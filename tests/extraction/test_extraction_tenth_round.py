"""The tenth round (issue 24): classes of phrasing the new voices (gamers' chat, Indian,
Nigerian, Singaporean and Filipino English, couples texting, messages handed on from others)
showed on their dev halves.

Each table holds fresh sentences of the class and its look-alikes, none from a set; the
look-alikes, which must not change or commit, come first.
"""

from __future__ import annotations

import pytest
from extraction_fixtures import AT, facts_said

from core.extraction.bill_names import bill_name
from core.extraction.handed_on import handed_on
from core.extraction.offline import extract_offline
from core.extraction.quoted_replies import answered

# ---------------------------------------------------------------- the name a bill goes by


@pytest.mark.parametrize(
    ("item", "name"),
    [
        # Look-alikes: a company alone names the bill; a car payment is no bill's way of
        # being paid; a subscription keeps its service.
        ("Verizon bill", "Verizon bill"),
        ("car payment", "car payment"),
        ("Netflix subscription", "Netflix subscription"),
        ("Electric bill", "Electric bill"),
        ("school fees", "school fees"),
        # The company before the bill, the home before the rent, the way it is paid after.
        ("AT&T phone bill", "phone bill"),
        ("Xfinity internet bill", "internet bill"),
        ("BESCOM electricity bill", "electricity bill"),
        ("house rent", "rent"),
        ("hostel rent", "rent"),
        ("credit card payment", "credit card"),
        ("gas bill autopay", "gas bill"),
        ("tuition payment", "tuition"),
    ],
)
def test_the_name_a_bill_goes_by(item: str, name: str) -> None:
    assert bill_name(item) == name


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: someone else's bill, a question, a transfer to someone, a hard time
        # gone through, a price asked about once.
        ("my brother's AT&T phone bill is $90", "financial.phone_bill.amount", None),
        ("is the Comcast bill $80??", "financial.comcast_bill.amount", None),
        ("did the rent go through?", "financial.rent.status", None),
        ("we went through hell last year", "financial.hell.status", None),
        ("the hotel is $200? that seems high", "financial.hotel.amount", None),
        ("the Verizon bill is $85, due the 12th", "financial.verizon_bill.amount", 85),
        # A notification's bill, named by what it is for.
        (
            "your Xfinity internet bill of $79.99 is due 03/15",
            "financial.internet_bill.amount",
            79.99,
        ),
        (
            "your Xfinity internet bill of $79.99 is due 03/15",
            "financial.internet_bill.due_date",
            "2026-03-15",
        ),
        (
            "Your Geico car insurance payment of $132 is due 3/20",
            "financial.car_insurance.amount",
            132,
        ),
        # Rupees, naira, thousands written "k", a day without "the".
        (
            "[BESCOM] Your electricity bill of Rs 1,240 is due on 18th",
            "financial.electricity_bill.amount",
            1240,
        ),
        (
            "[BESCOM] Your electricity bill of Rs 1,240 is due on 18th",
            "financial.electricity_bill.currency",
            "INR",
        ),
        (
            "[BESCOM] Your electricity bill of Rs 1,240 is due on 18th",
            "financial.electricity_bill.due_date",
            "2026-03-18",
        ),
        ("house rent is 25k, due on 1st", "financial.rent.amount", 25000),
        ("house rent is 25k, due on 1st", "financial.rent.due_date", "2026-04-01"),
        ("the school fees of ₦85,000 are due next week", "financial.school_fees.currency", "NGN"),
        ("the hostel rent of Rs. 9,500 has been paid", "financial.rent.amount", 9500),
        # A payment that went through is paid.
        ("gas bill autopay went through this morning, $48", "financial.gas_bill.status", "paid"),
        ("gas bill autopay went through this morning, $48", "financial.gas_bill.amount", 48),
        ("my tuition payment went thru finally", "financial.tuition.status", "paid"),
        # Disbelief at an amount is no question.
        ("the water bill is $64?! due monday", "financial.water_bill.amount", 64),
        ("the water bill is $64?! due monday", "financial.water_bill.due_date", "2026-03-09"),
        ("the phone bill is $60?? no way", "financial.phone_bill.amount", 60),
    ],
)
def test_bills_from_notifications_and_other_englishes(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- days written the world's way


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: an ordinal that names a street, a slash read month first where it can.
        ("I'll be home on 5th avenue", "travel.return_date", None),
        ("we meet at the cafe on 5th", "travel.depart_date", None),
        ("the rent is due 03/21", "financial.rent.due_date", "2026-03-21"),
        ("back 4/5", "travel.return_date", "2026-04-05"),
        # A day without "the", a date written day first.
        ("flight back on 14th", "travel.return_date", "2026-03-14"),
        ("insurance premium is due on 27th", "financial.insurance_premium.due_date", "2026-03-27"),
        ("I stay till 25/03", "travel.return_date", "2026-03-25"),
        ("in Chennai for work till 10/03", "travel.return_date", "2026-03-10"),
    ],
)
def test_days_written_the_worlds_way(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- words handed on


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # Look-alikes: no one's words handed on, a company's, the user's own.
        ("my wife says the kids are fine", "my wife says the kids are fine"),
        ("From the school: no classes tomorrow", "From the school: no classes tomorrow"),
        ("Fwd: your flight to Miami is confirmed", "Fwd: your flight to Miami is confirmed"),
        ('Note: "I\'m in Denver till friday"', 'Note: "I\'m in Denver till friday"'),
        ('We texted "on our way"', 'We texted "on our way"'),
        # A relative's, a friend's or a named person's words, said of them.
        ('from mom: "landed in phoenix"', "my mom landed in phoenix"),
        (
            'fwd from my husband: "im stuck at JFK overnight"',
            "my husband is stuck at JFK overnight",
        ),
        ('my sister: "home from the hospital!"', "my sister is home from the hospital!"),
        ('from my friend: "I\'m in Boise till friday"', "my friend is in Boise till friday"),
        ('Priya texted "reached Pune, will call"', "Priya reached Pune, will call"),
        (
            "Dad's voicemail: \"I'm in the hospital but I'm ok\"",
            "my dad is in the hospital but my dad is ok",
        ),
        ('from my wife: "fever\'s gone"', "my wife's fever's gone"),
    ],
)
def test_words_handed_on_read_as_said_of_their_writer(typed: str, read: str) -> None:
    assert handed_on(typed) == read


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: the writer's whereabouts are not the user's; a question, a condition
        # or a story handed on commits nothing.
        ('from my friend: "I\'m in Boise till friday"', "travel.location", None),
        ('from Sam: "landed in Austin!"', "travel.location", None),
        ('from my brother: "got the job at Deloitte"', "profile.employer", None),
        ('from mom: "call me when you land"', "family.mom.status", None),
        ('from mom: "if the roads are bad I\'ll stay in Reno"', "family.mom.status", None),
        ('from dad: "I was in Boise last year"', "family.dad.status", None),
        # The relative's status.
        ('from mom: "landed in phoenix, aunt carol picked me up"', "family.mom.status", "away"),
        ('fwd from my husband: "im stuck at JFK overnight"', "family.husband.status", "away"),
        ('my sister: "landed in Austin!"', "family.sister.status", "away"),
        ('from grandma: "I\'m feeling much better now"', "family.grandma.status", "well"),
        ("Dad's voicemail: \"I'm in the hospital\"", "family.dad.status", "sick"),
    ],
)
def test_a_relatives_words_give_the_relatives_status(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- a relative gone somewhere


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: an errand, a room, bed, a shop, where someone lives.
        ("my husband has gone to the shop", "family.husband.status", None),
        ("my son has gone to bed", "family.son.status", None),
        ("my wife is at Costco", "family.wife.status", None),
        ("my son is in his room till dinner", "family.son.status", None),
        ("my mom lives in Tulsa", "family.mom.status", None),
        ("my dad is in Boise", "family.dad.status", None),
        # Gone to a place, stuck there, staying there, or somewhere for a while.
        ("my husband has gone to Lagos for work", "family.husband.status", "away"),
        ("my daughter is staying in Madrid until the 28th", "family.daughter.status", "away"),
        ("my wife is stuck at O'Hare", "family.wife.status", "away"),
        ("my mom is in Tulsa for two weeks", "family.mom.status", "away"),
        ("my brother's in Chicago for the week", "family.brother.status", "away"),
        ("mom just landed in phoenix", "family.mom.status", "away"),
        # News told in the past about now.
        ("my wife texted that she's stuck at O'Hare overnight", "family.wife.status", "away"),
        ("my husband messaged that he's in Denver till friday", "family.husband.status", "away"),
    ],
)
def test_a_relative_gone_somewhere(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- reaching, going back


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: reaching out, a question, someone else home, another trip back later.
        ("I hope he reaches out", "travel.destination", None),
        ("did you reach home?", "travel.status", None),
        ("my dad reached home safely", "travel.status", None),
        ("going back to Manila on Sunday", "travel.return_date", None),
        ("we're in Lisbon now, going back to Porto in May", "travel.return_date", None),
        # Reaching a place, reaching home, going back while away.
        ("I will be reaching Delhi by 6 in the evening", "travel.destination", "Delhi"),
        ("arriving in Lagos tomorrow morning", "travel.destination", "Lagos"),
        ("Reached home safely", "travel.status", "completed"),
        ("reached home, thanks aunty", "travel.status", "completed"),
        (
            "Currently in Cebu with my Lola, going back to Manila on Sunday",
            "travel.return_date",
            "2026-03-08",
        ),
        ("I'm in Pune for work, flying back to Delhi on 12th", "travel.return_date", "2026-03-12"),
    ],
)
def test_reaching_and_going_back(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- a reply under its question


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # Look-alikes: no quote; a no; a question not about the user's whereabouts or bills.
        ("are you still in Denver? yep", "are you still in Denver? yep"),
        ("> are you home yet?\nno, still at work", "no, still at work"),
        ("> what time is dinner?\n7", "7"),
        ("> is your sister in Denver?\nyes till friday", "yes till friday"),
        # A yes said back as a statement; a day given as the answer to "when".
        ("> are u in la rn\nya at the venue", "I'm in la rn, at the venue"),
        ("> did the gas bill go through?\nyep", "the gas bill went through"),
        ("> did you pay the water bill?\nyes, this morning", "I paid the water bill, this morning"),
        ("> when are you coming home?\nthursday night", "I'll be back thursday night"),
        ("> when do you fly out for Lagos?\nsaturday", "I leave for Lagos saturday"),
    ],
)
def test_a_reply_read_with_its_question(typed: str, read: str) -> None:
    assert answered(typed) == read


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: a no, someone else, a real condition on the trip.
        ("> are you still in Austin?\nnope, home since tuesday", "travel.location", None),
        ("> is your brother still in Austin?\nyep", "travel.location", None),
        ("if the trains behave we could go to Lyon", "travel.destination", None),
        # A yes, a day given for the return, the trip's luck no condition on it.
        ("> are you still in Austin?\nyep, till Sunday", "travel.location", "Austin"),
        ("> are you still in Austin?\nyep, till Sunday", "travel.return_date", "2026-03-08"),
        ("> when do you get back?\nfriday night", "travel.return_date", "2026-03-06"),
        ("> did the car payment go through?\nyes", "financial.car_payment.status", "paid"),
        ("flying home friday if the weather holds", "travel.return_date", "2026-03-06"),
        ("back on the 12th if all goes well", "travel.return_date", "2026-03-12"),
    ],
)
def test_a_reply_gives_what_it_tells(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- chat's own words


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: someone else's zone, a question, a street or a line; a group of
        # mothers; working hours; a department.
        ("my brother is on eastern", "profile.timezone", None),
        ("are you on eastern?", "profile.timezone", None),
        ("I'm on Central Avenue", "profile.timezone", None),
        ("I'm on the central line", "profile.timezone", None),
        ("the moms still need to sign up", "family.mom.status", None),
        ("working for hours on this", "profile.employer", None),
        ("I work in IT", "profile.employer", None),
        ("my brother is working for HCL", "profile.employer", None),
        # The zone one keeps, "time" left out; a relative's "'s" without its apostrophe;
        # a chat opener before the news; an employer after "working in/for".
        ("im on eastern btw", "profile.timezone", "America/New_York"),
        ("I'm on pacific now, fyi", "profile.timezone", "America/Los_Angeles"),
        ("brb, moms home from the hospital", "family.mom.status", "home"),
        ("afk, dads out of town till monday", "family.dad.status", "away"),
        ("I am working in TCS since 2019", "profile.employer", "TCS"),
        ("I'm based out of Noida, working for HCL", "profile.employer", "HCL"),
        ("paid the school fees, finally", "financial.school_fees.status", "paid"),
    ],
)
def test_chats_own_words(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- where a traveller is now


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        # Look-alikes: a wish, a stay that is over, a real condition, a relative at an airport.
        ("2 more nights in london would be nice", "travel.location", None),
        ("we had 2 more nights in Rome", "travel.location", None),
        ("if you're around we could go to Austin", "travel.destination", None),
        ("my wife is stuck at O'Hare", "travel.location", None),
        # Airports by name, what is left of a stay, an invitation after the news, the days
        # of a booking in the sentence after it.
        ("Landed in Heathrow, queue at passport control is huge", "travel.location", "London"),
        ("stuck at O'Hare overnight", "travel.location", "Chicago"),
        ("just landed at Changi", "travel.location", "Singapore"),
        ("just two more days in Goa, then back to work", "travel.location", "Goa"),
        ("in Miami for a wedding, hmu if ur around", "travel.location", "Miami"),
        (
            "cabin trip to Tahoe is booked!! the 13th to the 15th",
            "travel.depart_date",
            "2026-03-13",
        ),
        (
            "cabin trip to Tahoe is booked!! the 13th to the 15th",
            "travel.return_date",
            "2026-03-15",
        ),
    ],
)
def test_where_a_traveller_is_now(text: str, field: str, value: object) -> None:
    assert facts_said(text, AT).get(field) == value


# ---------------------------------------------------------------- a request, a trip called off


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # Look-alikes: a fact after "kindly note"; a question.
        ("kindly note I'm in Delhi till Monday", "assertive"),
        ("the trip cancelled already?", "none"),
        # "Kindly" asks, as "please" does; a trip "cancelled already" is called off.
        ("Kindly send the signed copy by Thursday", "none"),
        ("kindly do the needful and share the tickets", "none"),
        ("the Langkawi trip cancelled already lah", "assertive"),
    ],
)
def test_kindly_asks_and_cancelled_already(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent


def test_a_trip_cancelled_already_is_called_off() -> None:
    assert facts_said("the Langkawi trip cancelled already lah", AT) == {
        "travel.status": "cancelled"
    }


# ---------------------------------------------------------------- sign-offs and asking the others


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # Look-alikes: news after a sign-off; someone's story; a plan to meet somewhere.
        ("gg, we're in Austin for the finals", "assertive"),
        ("someone's dad got laid off", "historical"),
        ("see you in Denver on friday", "planning"),
        # A gamer's sign-off claims nothing; "did anyone…" asks without its mark.
        ("gg wp everyone, see u tmrw", "none"),
        ("glhf, see you later", "none"),
        ("ttyl gtg", "none"),
        ("did anyone elses mom make them do chores during finals", "none"),
        ("does anyone know a good dentist in Austin", "none"),
    ],
)
def test_sign_offs_and_asking_the_others(text: str, intent: str) -> None:
    assert extract_offline(text, at=AT).intent == intent
