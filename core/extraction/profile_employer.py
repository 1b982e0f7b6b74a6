"""Who the user works for, when a clause says it: "i work at costco", "i intern at spotify", "I have taken a
position with the Ministry of Health", "been at amazon for 3 yrs", "I'm at Stripe now as of
last week". ``rules_profile`` reads the rest of the profile."""

from __future__ import annotations

import re

from core.extraction import gazetteer
from core.extraction.first_names import is_common_first_name, is_first_name
from core.extraction.organisations import Organisation, is_known_organisation, organisation_at
from core.extraction.regex_branches import branched
from core.extraction.timewords import MONTHS
from core.extraction.word_gates import gated

_NOT_JOBS = (
    r"good|bad|great|terrible|awful|horrible|better|best|worse|worst|decent|ok|okay|fine|"
    r"excellent|hopeless|useless|brilliant|average|lousy|amazing|stuck|here|there|still|back|"
    r"out|up|down|home|so|really|pretty|very|also|just|now|always|safe|early|late|free|busy|"
    r"new|slow|fast|quick|right|wrong|over|all|both|already|finally|currently|sat"
)
"""Words after "i'm" that say how or where the speaker is, not a job ("i'm good at math")."""
_JOB_KIND = (
    r"(?:weekend|saturday|sunday|part[- ]time|full[- ]time|summer|evening|night|temp|proper|"
    r"little|second|day|holiday|christmas|seasonal|permanent)"
)
"""What kind of job one has: "I've got a weekend job at Boots", "my Saturday job at Tesco"."""
_HIRED = (
    r"\b(?:i|i've|i\s+have)\s+(?:just\s+|finally\s+|recently\s+|officially\s+)?"
    r"(?:got|been|was)\s+hired\s+(?:at|by)\s+|"
    # "just got taken on at the Co-op": hired, the British way.
    r"(?:got|been|was|'ve\s+been)\s+taken\s+on\s+(?:at|by)\s+(?:the\s+)?|"
    r"^(?:(?:just|finally|recently|officially)\s+)?got\s+hired\s+(?:at|by)\s+"
)
"""Hired by a firm: "just got hired at riot", "i was hired by walgreens last week"."""
_EMPLOYER = branched(
    r"\b(?:i|we)(?:'ve|\s+have|'m|\s+am|'re|\s+are)?(?:\s+been)?\s+(?:now\s+|currently\s+|still\s+|just\s+)?"
    r"(?:started\s+|begun\s+)?(?:work|worked|working|wrk|werk|teach|teaching|intern|interning)\s+(?:part[- ]time\s+|full[- ]time\s+)?"
    # "working remote for IBM": where the work is done sits between the verb and the employer.
    r"(?:remote(?:ly)?\s+|from\s+home\s+)?"
    # "i work as a barista at starbucks": the job title sits between the verb and the employer.
    # "I work by Siemens": German and Dutch "bei" put "by" where English has "at".
    # Non-native "I work in Siemens" puts "in" there too, read like "by".
    r"(?:as\s+(?:an?\s+)?[a-z]+(?:\s+[a-z]+)?\s+)?(?:at|for|by|in)\s+|"
    # Shift work said by its shifts: "i've been doing nights at the amazon warehouse", "i
    # pull doubles at walmart", "working lates for tesco" (not "doing nights at the pub").
    r"(?:^|\b(?:i|i'm|im|i\s+am|i've|i\s+have|we|we're)\s+)(?:still\s+|now\s+|currently\s+)?"
    r"(?:been\s+)?(?:do|doing|did|pull|pulling|work|working|on)\s+(?:the\s+)?(?:(?:\d+|twelve)[- ]"
    r"(?:hour|hr)\s+)?(?:nights|days|lates|earlies|weekends|doubles|night\s*shifts?|day\s*shifts?|"
    r"shifts|overnights|graveyards?)\s+(?:at|for)\s+|"
    # A contract or placement begun with a firm: "started a 3 month contract with Ocado".
    r"(?:^|\b(?:i|i've|i\s+have)\s+)(?:just\s+|recently\s+)?(?:started|began|signed|landed)\s+"
    r"(?:a|my|the)\s+(?:new\s+)?(?:(?:\d+|six|three|two|twelve)[- ](?:month|week|year)\s+|short\s+|"
    r"freelance\s+|temp\s+|fixed[- ]term\s+)*(?:contract|placement|secondment|internship)\s+"
    r"(?:with|at|for)\s+|"
    # A student's work placement: "doing my placement year at jaguar land rover rn", "on a
    # co-op with shopify this term", "starting my apprenticeship at bmw monday".
    r"(?:^|\b(?:i'm|im|i\s+am|i've\s+been|i)\s+)(?:currently\s+|still\s+|now\s+|just\s+)?(?:doing|on|"
    r"starting|started|beginning|began)\s+(?:a\s+|an\s+|my\s+|the\s+)?(?:summer\s+|paid\s+|"
    r"(?:\d+|six|three|twelve)[- ](?:month|week)\s+)?(?:placement(?:\s+year)?|year\s+in\s+industry|"
    r"co-?op|apprenticeship|work\s+experience|grad(?:uate)?\s+scheme|industrial\s+placement)\s+"
    r"(?:at|with|for)\s+|"
    # "I've got the job at Boots": the news of a job, said in the perfect.
    r"\b(?:i've|i\s+have|ive)\s+(?:just\s+|finally\s+|officially\s+)?got\s+(?:a|the)\s+(?:new\s+)?"
    r"(?:job|gig|position|internship|placement|apprenticeship)\s+(?:at|with)\s+|"
    # "I have taken a position with the Ministry of Health"
    # "just onboarded at Datadog": the first days of a job.
    r"(?:^|\bi(?:'ve|\s+have)?\s+)(?:just\s+|finally\s+)?(?:onboarded|been\s+onboarded)\s+(?:at|with)\s+|"
    r"(?:^|\b(?:i|i've|i\s+have)\s+)(?:just\s+)?(?:taken|took|accepted)\s+(?:up\s+)?(?:a|an|the)\s+(?:new\s+)?"
    r"(?:position|job|role|post)\s+(?:with|at)\s+|"
    r"\bi(?:'ve|\s+have)?\s+(?:just\s+|officially\s+|recently\s+)?(?:joined|started\s+at|started\s+"
    rf"(?:a\s+|my\s+)?(?:new\s+)?(?:job|position|role|post|gig)\s+(?:at|with)|got\s+(?:a\s+)?(?:{_JOB_KIND}\s+)?(?:job|offer)\s+(?:at|from)|(?:accepted|signed)\s+"
    # "I just signed my offer from Stripe": the offer taken, signed.
    r"(?:an\s+|the\s+|my\s+)?(?:job\s+)?offer\s+(?:at|from|with)|signed\s+with)\s+|\bmy\s+(?:employer|company)\s+is\s+|"
    r"^(?:just\s+|recently\s+|finally\s+)?(?:started\s+(?:at|with)|joined)\s+|"
    # "just accepted an offer from Monzo!!": the subject left out.
    r"^(?:just\s+|finally\s+|officially\s+)?(?:accepted|signed)\s+(?:an|the|my|a\s+job)\s+"
    r"(?:job\s+)?offer\s+(?:at|from|with)\s+|"
    # "..., working for HCL": the subject left out after a clause about the speaker.
    r"^(?P<bare>(?:now\s+|currently\s+|still\s+)?(?:working|interning)\s+(?:full[- ]time\s+|"
    r"part[- ]time\s+)?(?:as\s+(?:an?\s+)?[a-z]+(?:\s+[a-z]+)?\s+)?(?:at|for)\s+)|"
    # "started my new job at google today": the subject left out, as in "started at".
    r"^(?:just\s+|recently\s+|finally\s+)?started\s+(?:a\s+|my\s+|the\s+)?(?:new\s+)?"
    r"(?:job|position|role|gig)\s+(?:at|with)\s+|"
    # "two weeks into the new gig at Shopify", "a month into my job with the council": how
    # long the speaker has held the job so far.
    # (not "three weeks into the job at X when they let me go": a story of how it ended)
    r"\b(?:days?|weeks?|months?)\s+into\s+(?:the|my)\s+(?:new\s+)?(?:job|gig|role|position)\s+"
    r"(?:at|with)\s+(?![^.;!?]*\b(?:when|before|and\s+then)\b)|"
    # "i'm a nurse at kaiser", non-native "i'm nurse at kaiser": a job, then where; not how
    # or where the speaker is ("i'm good at math", "stuck at work", "sitting at starbucks").
    r"\bi'm\s+(?!no\s+longer\b|not\b|no\b|never\b)(?:an?\s+[a-z]+(?:\s+[a-z]+)?|"
    rf"(?!(?:{_NOT_JOBS})\b)[a-z]+(?<!ing)(?<!ed)(?<!ly))\s+at\s+|"
    # "officially a barista at Blue Bottle now", "now a nurse at Mercy General": the job
    # and where, "I'm" left out (not "now a week at the Ritz", a stay).
    r"^(?:officially|now|currently)\s+an?\s+(?!(?:day|week|night|month|weekend|year|couple|"
    r"few|bit|while|visit|stay|holiday|trip)\b)[a-z]+(?:\s+[a-z]+)?\s+at\s+|"
    # "new job at Verizon starts monday", "my job at Costco pays the bills": the speaker's
    # job named with where it is (not "my husband's new job at Boeing").
    # (not "quit my job at Deloitte", "lost my job at the mill": a job one no longer has)
    r"(?:^|(?<!quit\s)(?<!left\s)(?<!lost\s)(?<!leaving\s)(?<!quitting\s)(?<!losing\s)\bmy\s+)"
    rf"(?:new\s+)?(?:{_JOB_KIND}\s+)?(?:job|position|role|gig|internship)\s+(?:at|with)\s+|"
    # "got the job at chipotle!!", "just got a job at target", "landed a job at blizzard":
    # the subject left out.
    r"(?:^|\bi\s+)(?:just\s+|finally\s+|officially\s+)?(?:got|landed)\s+(?:a|the)\s+(?:new\s+)?(?:job|gig|"
    r"position|internship|placement|apprenticeship)\s+(?:at|with)\s+|"
    # "just got an internship offer from google", "landed a grad offer at Arup": the offer
    # named by its kind, the subject left out or said.
    r"(?:^|\bi(?:'ve|\s+have)?\s+)(?:just\s+|finally\s+|officially\s+)?(?:got|landed|accepted)\s+"
    r"(?:a|an|the|my)\s+(?:(?:job|internship|grad|graduate|placement|summer)\s+)offer\s+(?:from|at)\s+|"
    # "just got hired at riot lol", "I was hired by Monzo": the news of a job names the firm,
    # known or not ("by" with its capital).
    rf"{_HIRED}|"
    # "currently employed at Wayfair", "I'm employed by Comcast"
    r"(?:^|\b(?:i'm|im|i\s+am|i've\s+been|i\s+have\s+been)\s+)(?:now\s+|currently\s+)?"
    r"(?:employed)\s+(?:at|by|with)\s+|^currently\s+employed\s+(?:at|by|with)\s+"
)
_STARTS_AT = (
    r"(?:^|\b(?:i|i'll|i\s+will|i'm|im|i\s+am)\s+)(?:officially\s+)?(?:start(?:ing)?\s+"
    r"(?:work(?:ing)?\s+|my\s+new\s+job\s+)?at|joining)\s+"
)
"""Starting at a firm on a day ahead: "I start at Costco on Monday", "starting at google mon",
"I am joining Wipro from next Monday"."""
# Phrasings that name an employer only when the name is a well-known organisation:
# "been at amazon for 3 yrs" (not "been at the beach"), "i drive for uber" (not "for hours").
_EMPLOYER_KNOWN = branched(
    # "been with fedex 12 years": with a known organisation (not "been with Sam for years").
    r"(?:^|\bi(?:'ve|\s+have)\s+)(?:just\s+)?been\s+(?:working\s+)?(?:at|with)\s+|"
    # "i was hired by walgreens": a known firm without its capital.
    rf"{_HIRED}|"
    r"\bi\s+(?:drive|deliver|dash)\s+(?:part[- ]time\s+|full[- ]time\s+)?for\s+|"
    # "I'm at Stripe now as of last week": a place of work dated by when it began.
    r"\b(?:i'm|i\s+am)\s+(?:now\s+)?at\s+(?=[^,;.]{1,40}?\bas\s+of\b)|"
    # "I'm not at Google anymore, I'm at Meta now": where one works now, by a known name
    # (not "I'm at target right now", "at costco rn": where one is this hour, shopping).
    r"\b(?:i'm|i\s+am)\s+(?:now\s+)?at\s+(?=[^,;.]{1,30}?(?<!right\s)(?<!just\s)\bnow\b)|"
    # "Now I'm at Ocado, on the graduate scheme": the "now" before.
    r"\bnow,?\s+(?:i'm|i\s+am)\s+(?:with|at)\s+|"
    # "I'm with Deloitte now", "im a driver for fedex", "work for the NHS as a nurse", "today
    # was my first day at Cisco", "just got promoted at Target": with a known organisation
    # (not "I'm with Sarah now", "my first day at the gym").
    r"\b(?:i'm|im|i\s+am)\s+(?:now\s+)?(?:with|(?:an?\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:for|with))\s+|"
    # "working as a nurse for the NHS": the job title between, the subject left out.
    r"^(?:now\s+|currently\s+)?(?:work|working)\s+(?:as\s+(?:an?\s+)?[a-z]+(?:\s+[a-z]+)?\s+)?"
    r"(?:at|for)\s+|"
    r"\bmy\s+first\s+(?:day|week|shift)\s+(?:of\s+work\s+)?at\s+|"
    # "I start at Costco on Monday", "starting at google mon": a known firm's new hire.
    rf"{_STARTS_AT}|"
    # "first week at Accenture done", "been driving for Uber since I got laid off": the
    # subject left out.
    r"^(?:(?:my|the)\s+)?first\s+(?:day|week|shift|month)\s+at\s+|"
    # "part time at lidl now", "night shifts at tesco this month": the hours one works
    # there, "I'm working" left out (a known firm: not "part time at the gym").
    r"^(?:(?:still|now|currently|just|only)\s+)?(?:part[- ]time|full[- ]time|(?:(?:late|early|"
    r"night|day|double|weekend|closing|opening|morning|evening|graveyard)\s+)?shifts?)\s+at\s+|"
    # "day 3 at Microsoft", "week two at Shopify": counting the days of a new job.
    r"^(?:(?:day|week|month)\s+(?:\d{1,2}|one|two|three|four|five|six)|(?:second|third|\d(?:nd|rd|th))"
    r"\s+(?:day|week|month))\s+at\s+|"
    r"^(?:(?:still|now)\s+)?(?:been\s+)?(?:driving|delivering|dashing)\s+for\s+|"
    r"\b(?:got|been|was|i\s+was)\s+promoted\s+(?:at|by)\s+|"
    # "officially a barista at starbucks now", "now a nurse at kaiser": a job title and its
    # firm with the "I'm" left out, after the word that dates it (not "a barista at starbucks
    # was rude", someone else).
    r"^(?:(?:now|officially|currently|finally|just)\s+)+an?\s+[a-z]+(?:\s+[a-z]+)?\s+at\s+|"
    # "i'm on medical leave from costco", "on maternity leave from Kaiser till june": still
    # employed there, away for now.
    r"(?:^|\b(?:i'm|im|i\s+am|i've\s+been|currently|still|now)\s+)(?:(?:still|currently|now)\s+)?"
    r"on\s+(?:(?:medical|maternity|paternity|parental|sick|disability|unpaid|family|"
    r"bereavement|stress|long[- ]term|short[- ]term)\s+){1,2}leave\s+from\s+|"
    # "I shifted to Gurgaon last month for the new job at Deloitte": why the speaker moved.
    r"\b(?:moved|relocated|shifted)\b[^,;.!?]{1,40}?\bfor\s+(?:a|the|my)\s+(?:new\s+)?"
    # "moved to Manchester for a grad job at KPMG": the kind of job said before it.
    r"(?:(?:grad|graduate|teaching|nursing|research|tech|finance|office|first|dream|better)\s+)?"
    r"(?:job|position|role)\s+(?:at|with)\s+"
)


_CALLED = gated(
    r"\b(?:i|we)(?:'ve|\s+have|'m|\s+am|'re|\s+are)?(?:\s+been)?\s+(?:now\s+|currently\s+|still\s+)?"
    r"(?:work(?:ing)?\s+(?:at|for|with)|do\s+[a-z]+(?:\s+[a-z]+)?\s+for|at|with|joined|started\s+at)\s+"
    r"(?:a|an)\s+(?:[a-z-]+\s+){0,3}?(?:firm|company|agency|startup|start-up|studio|consultancy|"
    r"business|charity|practice|nonprofit|non-profit|shop|restaurant|cafe|bakery|clinic|lab|"
    r"school|hospital|bank|outfit)\s+(?:called|named)\s+"
)
"""A workplace named after its kind: "I do accounts for a logistics firm called Parcelink",
"I've been at a small agency called Northwind since last spring"."""
_JOB_WITH = gated(
    # "I'm a pharmacist with Boots", "im a developer for Andela"
    r"\b(?:i'm|im|i\s+am)\s+(?:now\s+)?an?\s+[a-z]+(?:\s+[a-z]+)?\s+(?:with|for)\s+"
)
WORKPLACE_TIE = gated(
    # "my boss at Deloitte", "the lads on my shift at Amazon", "our team at Spotify", "on my
    # lunch break at the Guardian": the writer's place of work named by what ties them to it
    # (not "my old boss at Arup", a job left).
    r"\b(?:my|our)\s+(?:(?:line|new|current|lovely|awful)\s+)?(?:boss|manager|supervisor|"
    r"colleagues?|co-?workers?|workmates?|team|department|shifts?|rota|lunch\s+break|payslip|"
    r"staff\s+discount|desk|branch)\s+(?:here\s+)?(?:at|with)\s+"
)
_WORKING_WITH = gated(
    # Indian English "I am working with Wipro since 2019", "working with TCS as a tester",
    # "working with Infosys at their Pune campus";
    # "(I've) been with Jumia since 2021 as a product manager".
    # "Am now working with Infosys, joined last month": the "I" left out as in a form.
    r"(?:^(?:am\s+|been\s+)?|\b(?:i'm|im|i\s+am|i've\s+been|i\s+have\s+been)\s+)(?:now\s+|currently\s+|presently\s+)?"
    r"(?:working\s+)?(?<!\bam\s)(?<!'m\s)(?<!\bim\s)with\s+(?=[A-Za-z&.'-]+(?:\s+[A-Z][\w&.'-]*)*\s+(?:since|from|as\s+an?|at\s+(?:the|their|its)\s+|for\s+"
    r"(?:the\s+(?:past|last)\s+)?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"many|several)\s)"
    # "I am working with Infosys.": one name that ends the clause (checked for a firm below).
    r"|[a-z&'-]+\s*(?:[,;!?.]|$))"
)
"""The speaker's job with a firm whose name is written with its capital (a known name in any
case), and is no one's first name: not "I'm a mentor with Sarah"."""


JOB_HELD = gated(
    r"(?:^|\bmy\s+)new\s+(?:job|position|role|gig)\s+(?:at|with)\s+|"
    # "I accepted the position at Barclays, starting on the 16th": taken, whenever it starts.
    r"\b(?:accepted|signed|took|taken)\s+(?:an?\s+|the\s+|my\s+)?(?:new\s+)?(?:job\s+)?(?:offer|"
    r"position|job|role|post)\s+(?:at|with|from)\s+|"
    rf"{_STARTS_AT}|(?:^|\bmy\s+)first\s+(?:day|shift|week)\s+at\s+|"
    # "got a job at Target starting monday", "just got hired at Infosys from next week": the
    # job won now, however far off its first day (not "hoping to get a job at Target").
    r"(?:^|\b(?:i|i've|ive|i\s+have|just|finally|officially)\s+)(?:got|landed|bagged)\s+(?:a|the)\s+"
    r"(?:new\s+)?(?:job|gig|position|role|internship|placement|apprenticeship)\s+(?:at|with)\s+|"
    r"(?:^|\b(?:i|i've|ive|just|finally)\s+)(?:got|been|was)\s+hired\s+(?:at|by)\s+"
)
"""The speaker's new job named with where it is: theirs now, even as it starts on a day ahead
("new job at Verizon starts monday", "I start at Costco on Monday", "first day at target
tmrw")."""
COUNTED_DAYS = ("day ", "week ", "month ", "second ", "third ", "2nd ", "3rd ")
"""How a clause counting the days of a new job opens ("day 3 at Microsoft"): words too common
to open every clause's profile rules on, so the clause's start is the gate."""
GATE = frozenset(
    {
        *("nights", "shifts", "doubles", "lates", "earlies", "overnights", "weekends"),
        *("driving", "delivering", "dashing", "contract", "placement", "internship"),
        *("apprenticeship", "co-op", "coop", "scheme", "industry", "experience"),
        "employed",
        "promoted",
        "first",
        *("onboarded", "joining"),
        "with",
        "im",
        "now",
        "officially",
        "currently",
        "finally",
        "leave",
        *("start", "starting"),
    }
    | {"called", "named", "for"}
    | {"boss", "manager", "supervisor", "colleague", "colleagues", "coworker", "coworkers"}
    | {"workmate", "workmates", "team", "department", "shift", "rota", "lunch", "payslip"}
    | {"discount", "desk", "branch"}
)
"""Words of this module's phrasings that ``rules_profile``'s gate does not hold."""


_LEARNERS_FIRM_ENDS = gated(
    r"\s*(?:$|[^\w\s]|(?:since|now|from|for|as|till|until|and|but|so|only|itself|lol|"
    r"today|this|last|full|part)\b)"
)
"""What may follow a known firm typed in lower case after "in" ("working in accenture since
january"): no noun, which would make the firm's name a word ("in apple orchards")."""
_DEPARTMENT = gated(r"(?:IT|HR|PR|QA|R&D|UX|UI|AI|ML|ER|ICU|OR|ops|sales)\b")
"""Where in a company one works ("I work in IT", "in HR"), not who employs one ("in TCS")."""


def employer_in(text: str, low: str) -> Organisation | None:
    """Who the user works for, if the clause says it."""
    m = _EMPLOYER.search(low)
    by = m is not None and m.group().rstrip().endswith((" by", " in"))
    if m and m.group("bare") and not text[m.end() : m.end() + 1].isupper():
        # "working for hours": without its subject, only a name is an employer (a known
        # firm typed in lower case too: "currently interning at deloitte")
        known = organisation_at(text, m.end())
        if known is None or not is_known_organisation(known.name):
            m = None
    if m and by and not text[m.end() : m.end() + 1].isupper():
        # "work by the window", "in sales": "by"/"in" name an employer by a capital, or by
        # being a firm known in lower case too (a learner's "working in accenture").
        known = organisation_at(text, m.end())
        if (
            known is None
            or not is_known_organisation(known.name)
            or not _LEARNERS_FIRM_ENDS.match(low, m.end() + len(known.name))
        ):
            m = None
    if m and by and _DEPARTMENT.match(text[m.end() :]):
        m = None  # "I work in IT", "in HR": a department, not who employs one
    if m and (org := organisation_at(text, m.end())):
        if by and gazetteer.lookup(gazetteer.key_of(org.name)) is not None:
            return None  # "I work by Lake Tahoe": near a place
        return org
    if (m := _CALLED.search(low)) and (org := organisation_at(text, m.end())):
        return org
    if (m := _JOB_WITH.search(low)) and (org := organisation_at(text, m.end())):
        named = is_known_organisation(org.name) or text[m.end() : m.end() + 1].isupper()
        if named and not _someone_or_somewhere(org.name):
            return org
    # a known firm or a capitalised name ("at the Guardian"), not "at work"
    if (
        (m := WORKPLACE_TIE.search(low))
        and (org := organisation_at(text, m.end()))
        and org.confidence >= 0.9
        and not _someone_or_somewhere(org.name)
    ):
        return org
    if (m := _WORKING_WITH.search(low)) and (org := organisation_at(text, m.end())):
        # Working "with" a tool is said the same way ("working with Python since 2019"): a
        # firm is a known one, an acronym, or a name that is no English word ("Wipro").
        first = org.name.split()[0]
        firm = first.isupper() or (
            is_first_name(first.lower()) and not _someone_or_somewhere(first)
        )
        # "been with Tunde since 2019" may be a partner: without "working", a job says it.
        job = "working" in m.group() or re.search(r"\bas\s+an?\s", low[m.end() :]) is not None
        if is_known_organisation(org.name) or (firm and job):
            return org
    m = _EMPLOYER_KNOWN.search(low)
    org = organisation_at(text, m.end()) if m else None
    if org is not None and is_known_organisation(org.name):
        return org
    if (m := _BEEN_AT.search(low)) and text[m.end() : m.end() + 1].isupper():
        org = organisation_at(text, m.end())
        tenure = _TENURE.match(low, m.end() + len(org.name)) if org is not None else None
        if (
            org is not None
            and tenure is not None
            and not org.name.endswith(("'s", "s'"))  # "been at Gran's since June": her home
            and not _someone_or_somewhere(org.name)
        ):
            return org
    return None


_BEEN_AT = gated(r"(?:^|\bi(?:'ve|\s+have)\s+)(?:just\s+)?been\s+(?:working\s+)?at\s+")
_NUMBER = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+|a\s+few|several|many)"
_TENURE = gated(
    r"\s*(?:(?:now|nearly|almost|about|over|like)\s+)*(?:for\s+)?(?:(?:about|almost|nearly|over|like|"
    rf"just\s+over|just\s+under)\s+)?{_NUMBER}\s+(?:years?|yrs?|months?|mos)\b|"
    r"\s*(?:now\s+)?since\s+(?:(?:19|20)\d\d|(?:last\s+)?(?:"
    + "|".join(sorted(MONTHS, key=len, reverse=True))
    + r"|spring|summer|autumn|fall|winter|year)\b|uni|college|school|graduat)"
)
"""How long one has been somewhere, in months or years ("been at Monzo for 3 years", "been
at Ocado since 2021"): an unknown name held that long is a workplace, never a trip."""


def _someone_or_somewhere(name: str) -> bool:
    """A first name ("Sarah") or a place ("Leeds") where a firm's name was looked for."""
    first = name.split()[0].lower().removesuffix("'s")  # "Sam's party"
    return is_common_first_name(first) or gazetteer.lookup(gazetteer.key_of(name)) is not None
