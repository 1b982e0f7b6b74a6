"""Tense and aspect of a clause already known to be factual: the past that still holds ("I
just moved to Austin", "have been here since Friday"), the past that does not ("we were in
Tahoe last winter"), plans, and the present.

The grammar checks (``grammar_intent``) weigh these same cue patterns against the parse.
"""

from __future__ import annotations

from functools import lru_cache

from core.extraction.family_carer_states import CARE_RESULT
from core.extraction.financial_statuses import A_BILL_DEALT_WITH, DEALT_WITH
from core.extraction.regex_branches import branched
from core.extraction.types import MessageIntent
from core.extraction.word_gates import gated

JOURNEY_DONE = (
    r"(?:set\s+(?:off|out)|flown|driven|travell?ed|gone|sailed|headed|left|stayed|visited|"
    r"been\s+to|went|flew|drove)"
)
"""The verb of a journey made, in a perfect or told as an experience."""
FAR_PAST = branched(
    r"\bused\s+to\b|\bgrew\s+up\b|\bback\s+then\b|"
    # "back when I was ten" dates a memory; "back when I can" is a return still to come.
    r"\bback\s+when\b(?!\s+(?:i|we|you|u)\s+(?:can|can't|get|am|'m|are|have|need|find|land|arrive|finish|wake|hear)\b)|\bwhen\s+(?:i|we)\s+(?:was|were)\b|"
    # "back in 2019" dates a memory; "back in Portland" places someone now.
    r"(?<!\bbe\s)\bback\s+in\s+(?:the\s+(?:day|days|old|good|early|late|\d|'\d)|(?:19|20)\d\d|'?\d0s|"
    r"college|high\s+school|school|grad|(?:my|our)\s+(?:day|days|youth|twenties|thirties|teens|20s|30s)|those|january|february|march|april|june|"
    r"july|august|september|october|november|december|spring|summer|fall|autumn|winter)\b|"
    # "the summer I turned sixteen", "when we were born", "the year she started school".
    r"\b(?:when|the\s+(?:year|summer|winter|spring|autumn|fall|day|week|month|term|night))\s+"
    r"(?:i|we|she|he)\s+(?:turned|was\s+born|were\s+born|started\s+school|left\s+school)\b|"
    r"\bas\s+a\s+(?:kid|child|teen|teenager|student)\b|\b(?:years|decades|ages|months)\s+ago\b|"
    r"\bin\s+(?:19|20)\d\d\b|\bfrom\s+(?:19|20)\d\d\b|\blast\s+(?:year|summer|winter|spring|fall|"
    r"autumn|christmas|thanksgiving|decade|time)\b|\bbefore\s+this\b|\bformerly\b|\bpreviously\b|"
    r"\bin\s+(?:college|high\s+school|grad\s+school|my\s+(?:twenties|thirties|teens|20s|30s))\b|"
    # "in my uni days", "back in our army days": a stretch of life over.
    r"\bin\s+(?:my|our|his|her|their)\s+(?:[a-z]+\s+)?days\b(?!\s+off\b)|"
    # "on our honeymoon we…" is a memory; "our honeymoon in Bali starts Saturday" is ahead.
    # ("back at work after our honeymoon": being back now, the honeymoon what it follows)
    r"(?<!after\sour\s)(?<!after\smy\s)(?<!after\sthe\s)"
    r"\bhoneymoon\b(?![^.;!?]*\b(?:starts|begins|kicks\s+off|booked|next|tomorrow|tmrw)\b)"
    r"(?!\s+short\b)|"  # "we cut the honeymoon short": this one, ended early
    r"\b(?:our|my)\s+first\b|\bthe\s+(?:19|20)\d\d\b|\bfor\s+(?:a\s+few|several|"
    r"many|two|three|four|five|six|ten|\d+)\s+years\b|\bin\s+the\s+past\b|"
    # "before we had kids" dates a memory; "before i leave", "before we go" is still ahead.
    r"\bbefore\s+(?:i|we)\b(?!\s+(?:leave|go|head|fly|drive|get|come|start|forget|run|"
    r"finish|move|travel|land|arrive|book|do|make|see|call|pay|return|check|lose|miss|"
    r"'ll|will|can|need|have|gotta|hit|board)\b)|"
    # "I landed in atlanta once and it was chaos", "missed my connection there twice": an
    # experience counted, not news ("once we land…", "once again", "at once" are not).
    r"(?<!\bat\s)\bonce\b(?!\s+(?:again|more|i|we|you|u|he|she|they|it|the|my|our|his|her|"
    r"their|that|this|everyone|everything|[a-z]+(?:'s|'re|\s+(?:is|are|has|have|gets?|lands?|"
    r"arrives?|comes?|clears?))\b))|"
    r"\btwice\b|\b(?:a\s+few|a\s+couple(?:\s+of)?|several|many|three|four|five|\d+|countless|umpteen|"
    r"dozens\s+of|loads\s+of|lots\s+of)\s+times\b|\bover\s+the\s+years\b|"
    # "we've set off for lisbon before": a journey in the perfect done before, the adverb
    # ending the clause (not "have to leave before", "before we go", "had this bug before").
    r"\b(?:'ve|have|has)\s+(?:(?:already|ever|just|both|all)\s+)?"
    + JOURNEY_DONE
    + r"\b[^.;!?]{0,40}?\bbefore\s*(?=$|[.!?,;:)])|"
    # The pandemic dates a story: "the trip got cancelled because of covid", "during
    # lockdown we…" (not "has covid", "in quarantine": an illness or a stay now).
    r"\b(?:because\s+of|due\s+to|thanks\s+to|during|before|after)\s+(?:the\s+)?(?:covid(?:-19)?|"
    r"pandemic|lockdowns?)\b"
)
CARE_STATE = gated(
    r"(?:^|[,;]\s*)(?:(?:his|her|their|my)\s+)?(?:appetite|mood|temp|temperature|bp|blood\s+pressure|"
    r"sats|o2|obs|pulse|heart\s+rate|pain|sleep|skin|bowels|urine|output|(?:fluid\s+)?intake|"
    r"breathing|chest|cough|mobility|wound|dressing|swelling|(?:blood\s+)?sugars?|glucose|"
    r"energy|spirits|colou?r|speech|memory|confusion|balance)\s+(?:(?:very|a\s+bit|quite|fairly|"
    r"much|a\s+little|slightly|well|still|now|ok|okay)\s+)?(?:poor|good|low|high|stable|"
    r"normal|settled|fine|ok|okay|intact|reduced|improved|improving|better|worse|raised|elevated|"
    r"clear|quiet|bright|brighter|comfortable|sore|tender|swollen|dry|loose|regular|unchanged|"
    r"controlled|managed|up|down)\b(?!\s+(?:to|from|by)\b)"
)
_CARE_DONE = (
    r"(?:^|[,;]\s*)(?:(?:his|her|their|my)\s+)?(?:bloods|blood\s+test|meds|medication|tablets|"
    r"antibiotics|insulin|fluids|catheter|bag|pad|cream|physio|referral|prescription|x-?ray|scan|"
    r"swab|sample|dressing|obs|observations|bp|temp|weight)\s+(?:all\s+)?(?:taken|given|done|"
    r"changed|checked|sent|started|stopped|increased|reduced|booked|ordered|requested|chased|"
    r"completed|applied|emptied|collected|dispensed|renewed)\b"
)
_SYMPTOM = (
    r"(?:pain|chest\s+pain|fever|temp|temperature|vomiting|sickness|bleeding|headaches?|dizziness|"
    r"swelling|falls|seizures|fits|diarrh(?:o)?ea|cough|coughing|rash|nausea|breathlessness)"
)
_SYMPTOM_GONE = (
    # "no more chest pain since Tuesday", "no fever since yesterday": gone, and since when
    # (not a bare "no fever" said beside a question, a detail of what is asked).
    rf"(?:^|[,;]\s*)no\s+(?:(?:more|further)\s+{_SYMPTOM}\b(?!\s+(?:if|when|unless)\b)|"
    rf"{_SYMPTOM}\s+(?:since|for\s+(?:\d+|a|two|three|24|48)|overnight|today|this\s+morning|now)\b)"
)
_DOSE_GIVEN = (
    # A parent's or a sitter's hand-over of doses and feeds by the clock: "calpol 4pm, next
    # dose 8pm", "bottle at 6", "baby fed at 6, down since 7", "inhaler @ 7.30".
    r"(?:^|[,;]\s*)(?:(?:his|her|their|the)\s+)?(?:calpol|nurofen|ibuprofen|paracetamol|piriton|"
    r"medicine|meds|inhaler|antibiotics|amoxicillin|amox|bottle|feed|milk|nap|dose|pain\s+relief)\s+"
    r"(?:(?:given|had|done)\s+)?(?:at\s+|@\s*)?\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)?(?=\s*(?:[,;.]|$))|"
    r"(?:^|[,;]\s*)next\s+(?:dose|feed|bottle|meds)\s+(?:(?:is\s+)?due\s+)?(?:at\s+|@\s*)?\d|"
    r"(?:^|[,;]\s*)(?:(?:the\s+)?baby\s+|(?:he|she)\s+)?(?:fed|changed|bathed|down|asleep|napped|"
    r"settled)\s+(?:at|since|by|@)\s*\d"
)
CARE_NOTE = gated(rf"{CARE_STATE.pattern}|{_CARE_DONE}|{_SYMPTOM_GONE}|{_DOSE_GIVEN}")
"""A carer's note of a state, the verb left out ("Appetite poor today", "mood low this
morning, refused breakfast", "BP stable, pain controlled"), of care done ("bloods taken,
results to follow") or of a symptom gone ("no more chest pain since Tuesday"): how the
patient is now, whatever the note then says was done."""
_BETTER_THAN_EVER = (
    r"\b(?:couldn't|couldnt|could\s+not|can't|cant|cannot)\s+be\s+(?:any\s+)?(?:happier|nicer|"
    r"better|worse|prouder|easier|kinder|friendlier|lovelier|sweeter|closer|cheaper|quieter|"
    r"comfier|cosier|cozier|calmer|busier|luckier|prettier|more\s+[a-z]+|less\s+[a-z]+)\b"
)
"""Praise or complaint at its limit ("the staff couldn't be nicer", "I couldn't be
happier"): a present judgement, not an ability in the past."""
_NOTE_ITEM_NOW = (
    # A hand-off note's item on how someone is, its verb left off, after what was done:
    # "refused his lunch, seems low in mood", "napped 1-3, bit snotty, no temp".
    r"[,;]\s*(?:(?:he|she|they)\s+)?(?:seems|looks)\s+(?:a\s+(?:bit|little)\s+|quite\s+|very\s+|"
    r"rather\s+|more\s+|less\s+|much\s+)?(?:low|tired|brighter|better|happier|settled|unsettled|"
    r"flat|quiet|teary|confused|comfortable|uncomfortable|sleepy|drowsy|off|fine|ok|okay|well|"
    r"poorly|unwell|chesty|hot|warm|pale|content|cheerful)\b|"
    r"[,;]\s*(?:a\s+)?bit\s+(?:snotty|sniffly|grizzly|tired|low|warm|hot|quiet|off|teary|clingy|"
    r"wheezy|chesty|grumpy|whingy|unsettled|flat|pale|sore|croaky)(?=\s*(?:[,;.]|$))|"
    r"[,;]\s*no\s+(?:temp|temperature|fever|rash|vomiting|sickness|d&v)\s*$"
)
_AND_NOW_STATE = (
    # "the plumber came yesterday and the leak's fixed", "it snowed all night and the
    # school's shut": what happened, then the state it left, in the present.
    r"\band\s+(?:the|my|our|his|her|their)\s+[a-z]+(?:'s|\s+is|\s+are|'re)\s+(?:now\s+|still\s+|all\s+)?"
    r"(?:fixed|shut|closed|sorted|open|back|home|fine|ok|okay|better|off|done|cancell?ed|gone|"
    r"over|working|flooded|broken|down|up|out|fixed\s+now)\b"
)
HAD_NEWS = gated(
    # "she's had the baby", "dad's had his op", "we've just had the results": an event of
    # the present perfect that leaves its result (not "I've had the flu twice").
    r"(?:\bhas|\bhave|'s|'ve)\s+(?:just\s+|finally\s+)?had\s+(?:the|her|his|their|our|my)\s+"
    r"(?:baby|babies|twins|op|operation|surgery|procedure|results?|jab|vaccine|booster|"
    r"scan|interview|offer|keys)\b(?![^.;!?]*\b(?:twice|times|once|before|ago)\b)"
)
DATED_BEHIND = (
    r"\bin\s+(?:(?:early|late|mid)[\s-]+)?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|"
    r"dec)[a-z]*\s+)?(?:19|20)\d\d\b|\bback\s+in\s+(?:19|20)\d\d\b|\blast\s+(?:year|summer|winter|"
    r"spring|fall|autumn|christmas|easter|thanksgiving|decade)\b|"
    r"\b(?:years|months|decades|ages)\s+ago\b"
)
"""A day behind that a present perfect is dated at ("we've flown to Lisbon in 2019", "I've
been in Berlin last summer"): the perfect then tells the past, not a stay that runs up to
now ("since 2019", "for a week" run on to now and are not this)."""
DATED_BEHIND_AT = gated(DATED_BEHIND)
_YEAR_OR_AGO = gated(r"\b(?:ago|19\d\d|20\d\d)\b")


def dated_behind(low: str, *, perfect: bool) -> bool:
    """Whether a clause told in the perfect (``perfect``) or not is dated at a day behind:
    a perfect by ``DATED_BEHIND``, anything else by a year or "ago"."""
    return (DATED_BEHIND_AT if perfect else _YEAR_OR_AGO).search(low) is not None


_NOT_DATED_BEHIND = rf"(?![^.;!?]*?(?:{DATED_BEHIND}))"
PRESENT_OVERRIDE = branched(
    rf"{_BETTER_THAN_EVER}|{CARE_STATE.pattern}|{_SYMPTOM_GONE}|{_NOTE_ITEM_NOW}|{_AND_NOW_STATE}|"
    rf"{HAD_NEWS.pattern}|"
    # "went vegetarian last year and haven't looked back": still so.
    r"\b(?:haven't|have\s+not|never)\s+looked\s+back\b|"
    r"\bsince\b|\bnow\b|\bstill\b|\bcurrently\b|\bthese\s+days\b|\banymore\b|\bno\s+longer\b|"
    r"\b(?:'ve|have|has)\s+been\b(?!\s+to\b)" + _NOT_DATED_BEHIND + r"|"
    r"(?<=\w)'s\s+been\b(?!\s+to\b)" + _NOT_DATED_BEHIND + r"|"
    # A perfect that runs up to now: "I haven't had a vacation in two years", "I've had a
    # cold for a week" (not "I've had the flu twice": an experience).
    r"\b(?:'ve|have|has|haven't|hasn't|have\s+not|has\s+not)\s+(?:not\s+)?(?:had|seen|taken|"
    r"done|heard\s+from)\b(?=[^.;!?]*\b(?:for|in|since)\s+(?:(?:a|an|the\s+(?:last|past)|\d+|two|"
    r"three|four|five|six|several|many|a\s+few|few)\s+)?(?:days|weeks?|months?|years?|ages|"
    r"forever|decades?)\b)"
)
STATIVE_PAST = gated(
    r"\b(?:was|were|wasn't|weren't|lived|worked|went|visited|spent|stayed|traveled|travelled|"
    r"studied|had|toured|vacationed|loved|enjoyed|saw|did|took|attended|played|owned)\b|"
    r"\b(?:'ve|have|has)\s+(?:been\s+to|visited|lived|worked|traveled|travelled)\b"
)

CALL_TRIP_OFF = (
    r"call\s+(?:the|our|my|this)\s+(?:[\w']+\s+){0,3}?(?:trip|vacation|holiday|getaway|cruise|"
    r"honeymoon|flights?|wedding|party|plans?|thing)\s+off"
)
"""A trip called off with the object between the verb and "off" ("had to call the whole Peru
trip off"): the cancelling was done (not "had to call the dog off")."""
CUT_TRIP_SHORT = (
    r"cut(?:ting)?\s+(?:the|teh|our|my)\s+(?:[\w-]+\s+){0,2}?(?:trip|holiday|vacation|vacay|"
    r"hols|getaway|visit|honeymoon|stay|break)\s+short"
)
"""A trip cut short ("i cut the vacation short", "had to cut our holiday short"): it ended
early, and that holds now, the writer's news whatever the tense (not "cut my hair short")."""

JOB_TAKEN = (
    r"\b(?:got|took|landed|accepted|scored|bagged)\s+(?:a|an|the|that|this)\s+(?:new\s+|full[- ]time\s+|"
    r"part[- ]time\s+|permanent\s+|temp\s+)?(?:job|gig|position|role|post|internship|placement)\s+"
    r"(?:at|with|in|for)\b"
)
"""A job got or taken at a firm: held now, whoever's news it is ("got a job at starbucks!!",
"took a job at the Hilton front desk"), as "got hired at" is."""
JOB_TAKEN_AT = gated(JOB_TAKEN)
TIME_OFF_TAKEN = (
    r"\b(?:took|booked|got)\s+(?:the|this)\s+(?:whole\s+)?(?:week|day|afternoon|morning|"
    r"fortnight)\s+off\b(?![^.;!?]*\b(?:yesterday|last|ago)\b)"
)
"""Time off taken: off now ("took the week off to show them around"), not "took a day off
last spring"."""
TIME_OFF_TAKEN_NOW = gated(TIME_OFF_TAKEN)

_BILL_DEALT_WITH = rf"\b{DEALT_WITH}\s+{A_BILL_DEALT_WITH}"
BILL_DEALT_WITH = gated(_BILL_DEALT_WITH)
"""A bill dealt with ("took care of the water bill", "bob handled the gas bill"): paid now."""

RESULT_PAST = branched(
    # "Gran's had a fall and is in A&E", "dad has had a stroke": an injury or an attack
    # that holds now (a present perfect: "had a fall in 2019" is a story).
    r"(?:\bhas|\bhave|'s|'ve)\s+(?:just\s+)?had\s+(?:a\s+|another\s+)?(?:bad\s+|nasty\s+|minor\s+)?"
    r"(?:fall|stroke|heart\s+attack|seizure|fit|accident|fracture|relapse|flare-?up)\b|"
    r"\b(?:was|were|got|has\s+been|have\s+been|is|are)\s+(?:just\s+|finally\s+)?(?:cancell?ed|"
    r"canceled|moved|rescheduled|postponed|refunded|paid|approved|shipped|launched|released|"
    r"delivered|hired|promoted|fired|laid\s+off|accepted|booked|called\s+off|pushed|finished|"
    r"done|completed|diagnosed|admitted|discharged|hospitali[sz]ed|sent|returned|closed|scrapped|"
    r"allowed\s+home|let\s+home|(?:allowed|let)\s+out\s+of\s+(?:the\s+)?hospital|"
    r"killed|dropped|shelved|deployed|deducted|debited|credited|"
    # An event moved or called off: "got brought forward to the 9th", "was rained off".
    r"brought\s+forward|put\s+back|preponed|bumped|rained\s+(?:off|out)|snowed\s+(?:off|out))\b|"
    # "mom was taken to the ER this morning", "got rushed to hospital": in hospital now.
    r"\b(?:was|were|got|has\s+been|have\s+been)\s+(?:just\s+)?(?:rushed|taken|brought)\s+"
    r"(?:back\s+)?(?:in)?to\s+(?:the\s+)?(?:hospital|er|a&e|icu|emergency(?!\s+(?:vets?|veterinary|animal)\b)|urgent\s+care|casualty)\b|"
    # "dad got out of hospital today": home from it now.
    r"\b(?:got|came)\s+(?:out\s+of|home\s+from)\s+(?:the\s+)?(?:hospital|icu|rehab)\b|"
    r"\bwent\s+(?:vegan|vegetarian|keto|gluten|pescatarian|dairy|home|back|live)\b|"
    r"\bwent\s+(?:back\s+)?into\s+(?:the\s+)?hospital\b|"  # in hospital now
    # "phone bill autopay went thru": a payment that went through is paid now.
    r"\b(?:rent|bill|payment|autopay|transfer|deposit|insurance|premium|fees|tuition|emi|tax|loan|"
    r"mortgage|debit)(?:\s*\([^)]{1,20}\)|\s+of\s+\S{1,12})?\s+(?:finally\s+|just\s+)?(?:went|has\s+gone|came)\s+"
    r"(?:thr(?:ough|u)|out)\b|"
    # "took care of the water bill", "bob handled the gas bill": paid, as "paid" is.
    rf"{_BILL_DEALT_WITH}|"
    # A new level reached: "the rent went up to 2300", "they raised it to $2,400".
    r"\b(?:went|gone)\s+(?:again\s+)?(?:up|down)\s+(?:(?:yet\s+)?again\s+)?to\b|"
    # "cleared my overdraft": a debt paid off holds.
    r"\bcleared\s+(?:off\s+)?(?:my|our|the)\s+(?:\w+\s+)?(?:overdraft|credit|card|debt|balance|loan|"
    r"arrears)\b|\b(?:increased|raised|rose|jumped|lowered|reduced|"
    r"hiked)\s+(?:\w+\s+)?to\b|"
    r"\b(?:surgery|operation|procedure|(?:hip|knee|shoulder|joint|valve|cataract)\s+replacement)\s+"
    r"went\s+(?:really\s+|very\s+|so\s+)?(?:well|fine|"
    r"great|ok|okay|smoothly|perfectly)\b|"
    r"\b(?:joined|moved|relocated|shifted|started|began|arrived|landed|shipped|launched|released|"
    r"finished|completed|paid|bought|purchased|ordered|returned|pivoted|switched|quit|became|"
    r"signed|hired|cancell?ed|canceled|decided|reached|settled|transferred|got|came|"
    r"checked|made\s+it|touched\s+down|(?:pulled|rolled)\s+into|diverted|rerouted|stranded|snowed\s+in|held\s+up\s+(?:in|at)|grounded\s+(?:in|at)|"
    r"missed\s+(?:my|our|the)\s+(?:connection|connecting\s+flight)|(?:stepped|hopped|climbed)\s+off\s+(?:the|my|our|a)\s+(?:[a-z-]+\s+)?(?:train|plane|flight|bus|coach|ferry|boat|ship)|threw\s+up|crossed\s+(?:over\s+)?into|(?:flew|drove)\s+(?:in|back|home)|scrapped|killed|dropped|shelved|refunded|"
    r"rescheduled|postponed|pushed|sold|broke|lost|won|received|fell\s+(?:through|apart))\b|"
    # "I had to cancel my trip": the cancelling was done.
    r"\bhad\s+to\s+(?:cancel|call\s+off|scrap|postpone|rebook|push\s+(?:[\w']+\s+){1,3}?(?:back|forward)|"
    rf"{CALL_TRIP_OFF})\b|"
    rf"\b(?:had\s+to\s+)?{CUT_TRIP_SHORT}\b|"
    r"\brebooked\b|"
    # "took a job at the Hilton", "accepted a role with Arup": the job taken is held now.
    rf"{JOB_TAKEN}|"
    rf"{TIME_OFF_TAKEN}"
)
TEST_RESULT = gated(
    r"\b(?:test|tests|scan|scans|results?|biopsy|swab|screening|labs|bloodwork|x-?rays?|mri|"
    r"ct|culture|mammogram|pap|panel)\s+(?:was|were|came\s+back)\s+(?:all\s+|totally\s+)?"
    r"(?:negative|positive|clear|normal|benign|clean|fine|good|ok|okay)\b"
)
"""A medical test's result told in the past ("emma's strep test was negative", "the scan was
clear"): the result holds now, news, not a story."""
_LONG_AGO = gated(r"\b(?:last|ago|(?:19|20)\d\d|when|back\s+then)\b")
_RUNNING_LATE = (
    r"(?!\s+be\s+(?:(?:at\s+least|about|around|like|a\s+(?:bit|little|few)|an?\s+(?:hour|half\s+hour)|"
    r"\d+(?:\s*-\s*\d+)?\s*(?:mins?|minutes|hours?|hrs?)|so|very|really|super|slightly|bit|"
    r"(?:a\s+)?tad|running)\s+)*(?:late|delayed)\b)"
)
"""Being late is the journey under way, no plan: "stuck outside Reading, going to be 40
mins late", "I'll be a bit late", "we won't be late"."""
SCHOOLS = (
    r"(?:school|college|uni|university|grad\s+school|nursing\s+school|law\s+school|"
    r"med\s+school|community\s+college|night\s+school)"
)
"""Where one studies, the words after "going to" when one attends it."""
_ATTENDING = rf"(?!\s+{SCHOOLS}\s+(?:in|at|for|to\s+be(?:come)?|part[\s-]time|full[\s-]time)\b)"
"""Going to school somewhere is attending it, now: "I'm going to school in Boston", "going to
college in Ohio for engineering", as "i go to college in boston" is (the labelling guide)."""
FUTURE = gated(
    rf"\b(?:will|won't|shall)\b{_RUNNING_LATE}|'ll\b{_RUNNING_LATE}|\b(?:(?:going\s+to{_ATTENDING}|gonna){_RUNNING_LATE}|about\s+to|"
    # "planning" as a noun is no plan: "after weeks of planning", "the planning took ages".
    r"(?<!\bof\s)(?<!\bthe\s)(?<!\bmuch\s)(?<!\bmy\s)(?<!\bour\s)(?<!\bhelp\s)(?<!\bwith\s)planning|plan\s+to|"
    r"plan\s+is|plans\s+to|planned|scheduled|"
    # "the cabin is booked solid through may", "fully booked till june": full now, a state.
    r"(?<!\bfully\s)(?<!\balready\s)booked(?!\s+(?:solid|up|out|full|through|thru|till|til|until)\b)|"
    # "due" is a day ahead, not the cause in "postponed due to the rail strike".
    r"reserved|set\s+for|due(?!\s+to\s+(?:the|a|an|my|our|his|her|their|some|staff|bad|heavy|"
    r"unforeseen|illness|covid|weather|lack|low|high|poor)\b)|(?<!\bwas\s)(?<!\bwere\s)payable(?=\s+(?:by|on|before)\b)|upcoming|(?<!\bafter\s)(?<!\bsince\s)(?<!\bbefore\s)(?<!\bfrom\s)leaving(?!\s+(?:now|rn|right\s+now)\b)|"
    r"leave\s+for|leaves|departing|departs|intend|intending|expect\s+to|aim\s+to|to\s+be\s+"
    r"held|next\s+(?:stop|up))\b"
)
_PROGRESSIVE_MOVE = gated(
    r"\b(?:'re|'m|are|am|is)\s+(?:flying|driving|going|heading|headed|leaving|moving|taking|"
    r"visiting|traveling|travelling|staying|starting|meeting|off\s+to|road\s+tripping)\b"
)


_HABIT_NOW = gated(
    r"\b(?:always|usually|normally|generally|typically|tend\s+to|every\s+(?:single\s+)?(?:year|"
    r"christmas|easter|summer|winter|spring|autumn|week|weekend|month|sunday|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|morning|evening|night|day)|each\s+(?:year|week|summer))\b"
)

_HELD_THIS_SPAN = gated(
    r"^(?:[a-z']+\s+){0,3}?(?:i'm|im|i\s+am|we're|we\s+are|(?:are|is|'re|'s))\s+(?:still\s+|both\s+|all\s+)?"
    r"(?:with\s+(?:me|us|their|his|her|my|our|dad|mum|mom|nan|gran|grandma|grandpa)\b|"
    r"on\s+(?:call|nights|lates|earlies|the\s+(?:rota|late\s+shift|early\s+shift))\b|"
    r"(?:off\s+(?:work|school|sick)|at\s+home|grounded|snowed\s+in|stuck\s+(?:at\s+home|in))\b)"
    r"(?=[^.;!?]*\bthis\s+(?:week|weekend|wknd|month|fortnight)\b)"
    r"(?![^.;!?]*\b(?:tomorrow|tmrw|next|from|starting|(?:mon|tues?|wed|thur?s?|fri|sat|sun)(?:day)?)\b)"
)
"""A state held over the span that holds now, said in the present ("the kids are with their
dad this weekend", "I'm on call this week"): it holds now or over the days just ahead,
the arrangement made, no plan (a journey or an action "this weekend" is one: "driving up
to my aunt's this weekend")."""


@lru_cache(maxsize=1024)
def marks_present(low: str) -> bool:
    """``PRESENT_OVERRIDE`` says the clause tells a state now. Cached: the tense reader and
    the grammar's refinement both ask it of the same clause, often twice, and the pattern
    is one of the costliest a clause is searched with."""
    return PRESENT_OVERRIDE.search(low) is not None


def tense_intent(low: str, has_future_time: bool) -> MessageIntent:
    """Assertive, planning or historical, for a clause already known to be factual."""
    present = marks_present(low)
    if FAR_PAST.search(low) and not present:
        return "historical"
    if FUTURE.search(low):
        return "planning"
    result = RESULT_PAST.search(low) is not None or (
        (TEST_RESULT.search(low) is not None or CARE_RESULT.search(low) is not None)
        and _LONG_AGO.search(low) is None
    )
    if STATIVE_PAST.search(low) and not result and not present:
        return "historical"
    if result:
        return "assertive"
    if has_future_time and _HABIT_NOW.search(low):
        return "assertive"  # "we always spend Christmas at my sister's": a habit, no plan
    if has_future_time and _HELD_THIS_SPAN.search(low):
        return "assertive"  # "the kids are with their dad this weekend": the arrangement now
    if has_future_time or (_PROGRESSIVE_MOVE.search(low) and has_future_time):
        return "planning"
    return "assertive"


WENT_HOME = gated(
    r"\b(?:flew|drove|sailed|rode|headed|travell?ed)\s+(?:straight\s+)?(?:back|home)\b"
)
"""A way home taken ("flew back", "drove home", "headed straight home")."""


DROVE_THERE_LATELY = gated(
    r"\b(?:(?:drove|flew|came|headed)\s+(?:up|down|over)(?=\s+to\b)|(?:drove|flew)\s+in\s?to(?=\s)|"
    # "flew to Madeira this morning", "flew Lisbon → Madeira": a flight there lately ended
    # there (a drive "to" the shops ends anywhere; "drove up to" says the journey).
    # Not when the same sentence comes back ("flew to Denver yesterday, flew back today").
    r"(?![^.;!?]*\b(?:flew|came|got|drove|headed)\s+(?:back|home)\b)"
    # The speaker's own flight, the subject said or left out ("hubby flew to Lagos" is his).
    r"(?:^|(?<=\bi\s)|(?<=\bwe\s)|(?<=\bjust\s)|(?<=\bfinally\s)|(?<=,\s))"
    r"(?:flew(?=\s+to\s)|flew\s+(?!(?:out|in|back|home|off|over|up|down|away|on)\b)[a-z]+\s*"
    r"(?:->|→|>|to)(?=\s*[a-z])))(?=[^.;!?]*?\b(?:yesterday|"
    r"last\s+night|today|this\s+(?:morning|afternoon|evening)|tonight|earlier|an\s+hour\s+ago|"
    r"(?:two|three|a\s+couple\s+of|a\s+few|\d)\s+days\s+ago)\b)"
)
"""A drive or flight there lately ended there: "we drove up to Tahoe yesterday", "flew into
Lisbon last night" (not the story "we drove down to san antonio and the ac broke")."""
