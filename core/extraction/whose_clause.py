"""Whose a clause is: another person's rent, name or whereabouts are not the speaker's.

The parse finds the subject ("Lily came home early"), the words find hearsay ("mom says
she's in Tahoe"); then the speaker's own domains are left out of what the clause says.
A few shapes keep them whoever the parse took for the subject: the speaker's own thing
heading the clause ("my name's alex btw"), a place said to be home ("boston is home
now"), a trip to a place called off ("tahoe is off"), and someone else acting on the
speaker's bill or trip ("the landlord raised the rent to $2300", "they moved my flight").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.extraction.billers import OWED_TO_A_BILLER
from core.extraction.clause import Candidate, Clause
from core.extraction.gazetteer import key_of, lookup
from core.extraction.home_described import HOME_BELONGINGS
from core.extraction.home_is import HOME_IS
from core.extraction.linguistics.reading import ClauseReading
from core.extraction.profile_employer import WORKPLACE_TIE
from core.extraction.speaker import about_someone_else, their_bill
from core.extraction.subscriptions import SERVICES
from core.extraction.travel_cancellations import place_called_off
from core.extraction.travel_changes import moved_to, place_moved
from core.extraction.travel_going import booked_place
from core.extraction.trip_shifted import shifted_trip
from core.extraction.word_gates import gated

SPEAKERS_OWN = frozenset({"financial", "profile", "travel"})
"""Domains about the speaker alone: another person's clause never sets them."""
_OWN_THING = gated(
    r"^(?:\W*(?:so|and|oh|ok|okay|well|btw|anyway|also)\b)*\W*(?:(?:my|our)\s+"
    r"(?:name|names|rent|mortgage|flight|trip|home|job|employer|address|time\s*zone|train|bus|"
    r"ferry|coach|plane|connection|layover)\b|"
    # "name's Ciaran btw", "the name's Zdenek": the introduction's own frame, whoever the
    # parse takes for the subject ("his name's Tadhg" opens on another's).
    r"(?:the\s+)?name's\s+(?!(?:on|in|at|not|still|down|up|off|wrong|spelt|spelled)\b)[a-z]|"
    # "Call me Bex, everyone does": the name the speaker goes by, whoever else says it.
    r"(?:please\s+|pls\s+|just\s+)?call\s+me\s+[a-z]|"
    r"(?:everyone|everybody|people|friends|(?:my\s+)?mates|most\s+people)\s+calls?\s+me\s+[a-z])"
)
"""The speaker's own thing heads the clause ("my name's alex btw"): whoever the parse
took for its subject (here "alex"), the fact is the speaker's."""
_ON_OUR_BILL = gated(
    r"\b(?:raised|increased|hiked|upped|bumped(?:\s+up)?|put\s+up|lowered|reduced|cut)\s+"
    r"(?:the|my|our)\s+(?:rent|mortgage|premium|bill)\b|"
    # "my husband paid the water bill", "my wife took care of the gas bill", "dad settled our
    # rent": a partner or a parent paying the household's bill (not "his phone bill"; nor
    # "Marcus paid the rent", a landlord's tenant, or "my roommate paid the rent, $900",
    # a flatmate's own share).
    r"^\W*(?:(?:so|and|oh|ok|okay|btw|fyi|also|update)\W+)*(?:(?:my|our)\s+(?:husband|hubby|wife|"
    r"partner|other\s+half|bf|gf|boyfriend|girlfriend|fianc[eé]e?|"
    r"mom|mum|dad|son|daughter)|mom|mum|dad|hubby)\s+(?:(?:just|already|finally|also)\s+)?"
    r"(?:paid|settled|took\s+care\s+of|handled|sorted(?:\s+out)?)\s+(?:off\s+)?(?:the|our)\s+"
    r"(?:[a-z&'-]+\s+){0,2}?(?:bill|rent|mortgage|invoice|premium|tuition|council\s+tax)s?\b"
    # ... not one paid for someone else ("my mom paid the hospital bill for grandpa")
    r"(?!\s+for\s+(?!(?:me|us|the\s+(?:house|flat|household))\b))|"
    # "the landlord finally refunded my deposit", "they gave us our money back"
    r"\b(?:refunded|returned|paid\s+back|gave\s+back|gave)\s+(?:(?:me|us)\s+)?(?:my|our)\s+"
    r"(?:(?:security\s+|damage\s+)?(?:deposit|bond)|fees?|fare|tickets?|money|payment)\b|"
    # "Ticketmaster refunded me €86": the money is the speaker's, whoever sent it back; so is
    # "the" sum refunded ("the landlord refunded the £200"), unless it went to someone else.
    r"\brefunded\s+(?:me|us)\b|(?<!\bi\s)(?<!\bwe\s)\brefunded\s+the\s+(?>(?:[$€£₹₦]|r|rs\.?\s?)?"
    r"\d[\d,.]*(?:\s?(?:euros?|pounds?|quid|dollars?|bucks|rand))?)"
    r"(?!\s+(?:back\s+)?to\s+(?!(?:me|us|my|our)\b))"
)
"""Someone else acting on the speaker's bill ("the landlord raised the rent to $2300") or
paying the speaker's money back ("the landlord refunded my deposit")."""
_ON_OUR_TRIP = gated(
    r"\b(?:moved|pushed|changed|bumped|rescheduled|postponed|cancell?ed|canceled|delayed)\s+"
    r"(?:back\s+)?(?:my|our)\s+(?:return\s+)?(?:flight|train|trip|departure|return)\b"
)
"""Someone else acting on the speaker's trip ("they moved my flight home to wednesday",
"the airline cancelled our flight"): the trip is still the speaker's."""
_SENDS_US = gated(
    r"\b(?:send(?:s|ing)?|ha(?:ve|s|ving)|got|fly(?:ing)?|put(?:ting)?|booked)\s+"
    r"(?:me|us)\s+(?:(?:flying|going|driving|out|back|over|down|up|off)\s+)*to\s+|"
    # "they rebooked us on the Thursday flight to Denver": put on another flight.
    r"\b(?:re)?(?:booked|put)\s+(?:me|us)\s+(?:on|onto)\s+(?:the|a|an)\s+|"
    # "Dept booked my flight to Lisbon", "mum booked our train to York": booked for them.
    r"\b(?:re)?booked\s+(?:my|our)\s+(?:(?:return|outbound|connecting)\s+)?"
    r"(?:flights?|trains?|tickets?|trip|travel|hotel|room|fares?)\b"
)
"""Someone sending the speaker on a trip ("work is sending me to denver next week", "they
already have me flying to st louis", "the client is flying us out to austin") or booking
the speaker's own flight ("the department booked my flight to Seoul"): the trip is the
speaker's, whoever sends them or books it."""
_NOTIFIER_SAYS = gated(
    r"^(?:\W*(?:so|and|oh|ok|okay|well|btw|fyi|ugh)\b)*\W*(?:the\s+|my\s+)?(?:venmo|paypal|zelle|"
    r"cash\s*app|chase|wells\s+fargo|bank(?:ing)?(?:\s+app)?|app|calendar|google\s+calendar|outlook|"
    r"airline(?:\s+app)?|amtrak|united|delta|portal|autopay|email|confirmation|tracking)\s+"
    r"(?:says|said|shows|showed|confirms|confirmed|just\s+said)\s+(?:that\s+)?"
    r"(?=(?:my|our|your|ur|the|i|we|i'm|we're|im)\b)"
)
_SERVICE_LEADS = gated(
    rf"^\W*(?:(?:my|our|the)\s+)?(?:{SERVICES})\b|"
    # "Rent paid.", "Tuition: paid in full", "Mortgage went out": a headline's first word,
    # capitalised, is a bill the small model takes for a name.
    r"^\W*(?:(?!(?:pays?|paid|owes?|owed|covers?|covered|sends?|sent|splits?|has|had|is|was|"
    r"my|his|her|their|your)\b)[A-Za-z]+\s+){0,2}?(?:rent|mortgage|tuition|bills?|tax|taxes|insurance|fees|"
    r"charges|levy|rates|deposit|invoice|subscriptions?|subs|membership|loan|emi|payment|"
    r"salary|wages|bursary|allowance|stipend|pay\s*check|overdraft|debt|balance|gym)\b"
    r"(?!\s+(?:said|says|told)\b)|"
    # "gotta pay my phone bill before they cut me off": a duty with its subject left out is
    # the speaker's, whoever the clause after it is about.
    r"^\W*(?:(?:brb|ok|okay|ugh|so|also)\W+)*(?:still\s+)?(?:gotta|got\s+to|need\s+to|have\s+to|"
    r"must|hafta)\s+(?:pay|renew|cancel|return|send)\b"
)
"""A subscription named by its service heads the clause ("Game Pass went up to £14.99",
"netflix is cancelled"): the parse takes the name for a person; the bill is the speaker's."""
"""An app or a service reporting on the speaker's own things ("Venmo says my half of the rent
went through", "my calendar says I fly out friday"): the speaker's fact, not another
person's (not "Venmo says Alex requested $60")."""


_PART_OF_ME = gated(
    r"^\W*(?:(?:and|but|so|yet|still)\s+)?(?:(?:a\s+)?(?:part|piece|bit|half)\s+of\s+(?:me|us|my\s+heart|"
    r"our\s+hearts)|(?:my|our)\s+(?:heart|hearts|mind|minds|soul|thoughts|spirit)(?:'s|\s+is|\s+are|"
    r"\s+will|\s+has|\s+remains?|\s+stays?|\s+lives?|\s+belongs?)\b)"
)
"""A part of the writer as the subject ("Part of me will always be in that flat in
Marseille", "my heart is still in Lisbon"): a feeling, not where the writer is or lives."""


def someone_elses(clause: Clause, reading: ClauseReading | None, said: str) -> bool:
    """Whether ``clause`` (its words as ``said``) is about someone other than the speaker."""
    if _PART_OF_ME.match(clause.low):
        return True  # a figure of speech: no whereabouts, home or money of the writer's
    if their_bill(clause.low):
        return True  # "jakes gas bill is due friday": a bill's words after it lead no less
    if (
        _ON_OUR_BILL.search(clause.low)
        or _ON_OUR_TRIP.search(clause.low)
        or _SENDS_US.search(clause.low)
        or _NOTIFIER_SAYS.match(clause.low)
        or _SERVICE_LEADS.match(clause.low)
        or OWED_TO_A_BILLER.match(clause.low)
    ):
        return False
    subject_other = (
        reading is not None
        and reading.subject_person
        and not place_called_off(clause)
        and not _OWN_THING.match(clause.low)
        and not HOME_IS.match(clause.low)  # "boston is home now": the subject, a place
        and booked_place(clause.text, clause.low) is None  # "Crete is booked": the trip's
        and not place_moved(clause)  # "lisbon got moved to the 20th": the trip's place
        and not shifted_trip(clause)  # "Tahoe is happening a day early, we leave thursday"
        and not _trip_by_its_place_moved(clause)  # "jaipur trip got preponed to the 8th"
    )
    # "are u still in lisbon", "you're flying to Rome friday": the listener's whereabouts
    # and plans are theirs, asked or told.
    # ("you can call me Alex", "can you remind me I'm in Denver": the speaker is in it too).
    addressed = (
        reading is not None
        and reading.subject == "addressee"
        and _SPEAKER_TOO.search(clause.low) is None
    )
    return subject_other or addressed or about_someone_else(said) or _a_family_by_name(clause)


def _trip_by_its_place_moved(clause: Clause) -> bool:
    """The clause moves a trip named by its known place ("jaipur trip got preponed to the
    8th", where a parser may take "jaipur" for a person): the writer's trip, not someone's
    (``moved_to`` reads no one else's, "priya's goa trip")."""
    return any(c.field == "travel.destination" for c in moved_to(clause))


_THE_SURNAMES = gated(
    r"^\W*(?:(?:so|and|oh|btw|also|fyi)\W+)*[Tt]he\s+(?P<name>[A-Z][a-z]+s)\b(?!')\s+(?!family\b)"
    r"(?:are|were|r|'re|have|got|get|left|flew|drove|went|came|just|still|will|won't|aren't)\b"
)


def _a_family_by_name(clause: Clause) -> bool:
    """A household called by its surname heads the clause ("The Hendersons are in Tucson
    till May", "the Millers got back to Buffalo"): their whereabouts, not the writer's;
    a place so named ("the Bahamas are lovely") is no one."""
    m = _THE_SURNAMES.match(clause.text)
    return m is not None and lookup(key_of(m.group("name"))) is None


_SPEAKER_TOO = gated(r"\b(?:i|me|my|i'm|im|we|us|our|we're)\b")


_FILLERS = gated(r"^(?:\W*(?:so|and|oh|ok|okay|well|btw|fyi|also|update|news)\b)*\W*")


def named_away(clause: Clause, found: Sequence[Candidate]) -> bool:
    """Whether the clause's first words name a family member it puts away ("Ade just
    arrived in Lagos", "ade landed in lagos"): their trip, not the speaker's, when the
    parse missed the name for a person (a name it does not know, in any case)."""
    lead = _FILLERS.sub("", clause.low)
    return any(
        re.match(rf"(?:(?:my|our)\s+)?{re.escape(c.field.split('.')[1].replace('_', ' '))}\b", lead)
        for c in found
        if c.field.startswith("family.") and c.field.endswith(".status") and c.value == "away"
    )


_AWAY = gated(
    r"\b(?:is|are|was|'s|s|r|been|be|got|gets|getting|stays?|staying)\s+(?:still\s+|now\s+)?"
    r"(?:away|visiting|staying|in\s+(?!the\s+(?:hospital|er|icu)\b)[a-z]|at\s+(?:his|her|their)\b|"
    r"out\s+of\s+town|on\s+(?:a|his|her|their)\s+(?:trip|vacation|holiday|work\s+trip)|"
    r"travell?ing|over\s+at|down\s+in|up\s+in|off\s+in)"
)
"""Someone put somewhere else ("my wife is away in boston", "my son's at his dad's",
"my sister is visiting"): a way back right after it is theirs."""


def someone_away(clause: Clause, found: Sequence[Candidate], others: bool) -> bool:
    """Whether ``clause`` puts someone else away from home: about someone else
    (``others``) with words of being away, or saying a family member is away (so a way back
    with no subject after it is theirs; "my sister got married saturday, flying home
    tomorrow" puts nobody away: the flight home is the speaker's)."""
    return (others and _AWAY.search(clause.low) is not None) or any(
        c.field.startswith("family.") and c.field.endswith(".status") and c.value == "away"
        for c in found
    )


def coming_back(found: Sequence[Candidate]) -> bool:
    """Whether a clause's travel is only a way back ("back sunday", "flying home friday"):
    with no subject of its own, right after a clause about someone else, it is that
    person's way back, since the speaker was not said to be away."""
    travel = [c for c in found if c.field.startswith("travel.")]
    return bool(travel) and all(
        c.field == "travel.return_date" or (c.field == "travel.status" and c.value == "completed")
        for c in travel
    )


_SETS_OUT = frozenset(
    {"leave", "fly", "go", "head", "drive", "travel", "set off", "take off"}
    | {"land", "arrive", "come", "visit"}
)
"""Verbs of someone setting out, or coming to stay ("my in-laws land thursday and stay
till the 12th"): what a subjectless sentence after them goes on with."""
_MOVES = gated(
    r"\b(?:land(?:s|ing)?|arriv(?:e|es|ing)|fl(?:y|ies|ying)\s+in|com(?:e|es|ing)\s+(?:in|over|"
    r"to\s+stay|to\s+visit)|get(?:s|ting)?\s+in|head(?:s|ing)?\s+(?:off|out)|set(?:s|ting)?\s+off)\b"
)
"""The same in words, when the small model reads "my in-laws land thursday" as a noun phrase."""


def sets_out(clause: Clause, reading: ClauseReading | None) -> bool:
    """Whether someone else's clause has them setting out or coming to stay: a clause with
    no subject after it goes on with their trip, not the speaker's."""
    return (reading is not None and reading.verb in _SETS_OUT) or _MOVES.search(
        clause.low
    ) is not None


_PARTICIPLE_LEAD = gated(
    r"^\W*(?:(?:and|but)\s+)?(?:(?:now|currently|still|also)\s+)*(?:working|living|based|"
    r"teaching|studying|renting|employed)\b"
)


def goes_on_with_participle(clause: Clause) -> bool:
    """Whether ``clause`` opens on a participle with no subject ("my brother's in Dubai,
    working for Emirates"): it says more of whoever the clause before was about."""
    return _PARTICIPLE_LEAD.match(clause.low) is not None


def still_the_writers(clause: Clause, found: Candidate) -> bool:
    """Whether a field of someone else's clause is the writer's all the same: "my boss at
    Deloitte has decided …" is the boss's news, but Deloitte is where the writer works; "the
    neighbours here in Leyton leave us courgettes", but Leyton is where the writer lives."""
    if found.field == "profile.home_city":
        return HOME_BELONGINGS.search(clause.low) is not None  # "the neighbours here in Leyton …"
    return found.field == "profile.employer" and WORKPLACE_TIE.search(clause.low) is not None


_NEWS_FROM = gated(
    r"^\W*(?:(?:so|and|oh|ok|okay|btw|also|just)\W+)*"
    # "my sister called", "jake texted me back", "mum rang this morning": someone else got
    # in touch. (The speaker's "I called mum" is not: the subject must be another person.)
    r"(?!(?:i|we|you|u|i've|we've|ive)\b)(?:(?:my|our|the)\s+)?[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?\s+"
    r"(?:just\s+|finally\s+)?(?:called|rang|phoned|texted|messaged|emailed|e-mailed|wrote|"
    r"facetimed|face-timed|dm'?d|whatsapped|voice-?noted|replied|got\s+back\s+to\s+(?:me|us))"
    r"(?:\s+(?:me|us))?(?:\s+(?:back|earlier|just\s+now|this\s+(?:morning|afternoon|evening)|"
    r"last\s+night|today|finally|again))?\W*$"
)
"""Someone else getting in touch, said as the whole clause ("my sister called", "jake
texted me back"): a subjectless clause right after it is their news ("my sister called,
in denver now" puts the sister in Denver, not the speaker)."""


def news_from_someone(low: str) -> bool:
    """Whether ``low`` (one clause) tells only that another person called or wrote."""
    return _NEWS_FROM.match(low) is not None


_PREDICATE_ALONE = gated(
    r"^\W*(?:(?:and|so|but|now|still|finally|safely|safe|already|just|currently|apparently|all)\W+)*"
    r"(?:in|at|back|home|stuck|stranded|staying|landed|arrived|here|there|off|away|out|up|down|over|"
    r"on|sick|ill|better|fine|ok|okay|poorly|laid\s+up)\b"
)


def their_news(low: str) -> bool:
    """Whether ``low`` (the clause after someone called) is a predicate with no subject of its
    own ("in denver now", "back home, all good"), which the caller's news is; a clause with a
    subject ("rent is now 2300") says whose it is itself."""
    return _PREDICATE_ALONE.match(low) is not None
