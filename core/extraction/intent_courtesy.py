"""The courtesy of mail and of a booking desk's customer, read for what it asks.

Polite English wraps a request or a question in words that, read literally, are a
possibility, a wish or a plan: "Might I ask whether the deadline could move?" has a modal,
"Do let me know if Wednesday suits" the verb "do", "I'd like to leave after 16:15" a wish, "it has to have a pool" a duty. Each of them
asks something of the listener, or claims nothing at all, so ``classify`` reads them as
intent "none":

- ``asks_courteously``: permission asked before a question ("May I ask…", "Could I check
  whether…"), a request as "could we / can I" and a desk verb ("could we check in early?"),
  the emphatic imperative ("Do let me know", "Do feel free to call"), a customer's terms
  of time or party said as a wish ("I would like to leave after 16:15", "we'd like to
  arrive by 8pm", "I'd like to stay for 3 nights"), the terms of the thing wanted said
  with "it" ("it has to have free parking", "it should be in the centre") and a retry
  asked of the desk ("let's try one night instead", "let's try another hotel"), the offer
  that closes a letter ("Should you require anything further…", "do not hesitate to…"),
  another option asked for ("What about Thursday instead?"), a choice changed or given
  ("I've changed my mind", "I'd rather stay in the west"), what the thing must have
  ("parking is essential") and an offer declined ("No, I don't need a reservation").
- ``claims_nothing``: the signature a mail program adds ("Sent from my iPhone", "Get
  Outlook for Android"), what goes with the letter ("I've attached the receipts", "I'm
  enclosing the form") and an offer found to be what was wanted ("that's exactly what I
  was after"). (A letter's "I trust you had a pleasant weekend" stays the hope
  ``intent_nonfactual`` reads in it.)
"""

from __future__ import annotations

from core.extraction.word_gates import gated

_LEAD = r"^(?:(?:and|but|so|also|oh|ok|okay|hi|hello|hmm+|um|well|sorry|then|actually)\W+)*"

_PERMISSION = gated(
    # "Might I ask whether the deadline could be extended", "may I ask if the room has a
    # balcony", "could I just check whether…", "can I confirm that…": asking leave to ask.
    _LEAD + r"(?:may|might|could|can)\s+(?:i|we)\s+(?:please\s+|just\s+|also\s+|briefly\s+)?"
    r"(?:ask|enquire|inquire|check|double[\s-]check|confirm|clarify|query)\b"
)
_DESK_VERB = (
    r"(?:check\s+(?:in|out)|pay|bring|extend|cancel|keep|store|drop\s+off|collect|upgrade|"
    r"reserve|book|order|request|get|have|make\s+(?:it|that))"
)
_DESK_ASK = gated(
    # "could we check in early?", "can I leave my bags at reception", "could we possibly
    # move it to 8?": a request put to a desk as a question of ability.
    _LEAD
    + r"(?:could|can|may)\s+(?:i|we)\s+(?:please\s+|possibly\s+|also\s+|just\s+|perhaps\s+)*"
    + _DESK_VERB
    + r"\b"
)
_EMPHATIC_IMPERATIVE = gated(
    # "Do let me know if Wednesday suits you better", "do feel free to ring", "Do get in
    # touch": the imperative with "do" in front (not "do you…", "do we…", a question).
    _LEAD + r"(?:please\s+)?do\s+(?:please\s+)?(?:let\s+(?:me|us)|feel\s+free|get\s+in\s+touch|"
    r"get\s+back|call|ring|drop|send|come|pop|give|keep|tell|shout|reach\s+out|email|message|"
    r"text|bring|remember|try|join|contact|forward|say|ask|bear\s+in\s+mind|have\s+a)\b"
)
_CLOCK = r"(?:\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|h)?|noon|midday|midnight)"
_TERMS_AS_WISH = gated(
    # "I would like to leave after 16:15", "we'd like to arrive by 8pm", "I want to depart
    # around 9", "I'd like to stay for 3 nights", "i'd like to eat at 7": the terms a desk is
    # to search with (not "I'd like to go to Japan someday": a wish).
    _LEAD + r"(?:i|we)(?:'d|\s+would|\s+want|\s+wanna)\s+(?:like\s+|want\s+)?(?:to\s+)?(?:also\s+)?"
    r"(?:leave|arrive|depart|get\s+(?:there|in|back)|be\s+there|travel|check\s+(?:in|out)|eat|"
    r"dine|stay|book|go|head|come\s+back|return)\b[^,;.]*?\b(?:(?:by|after|before|at|around|"
    r"about|from|no\s+later\s+than|no\s+earlier\s+than|sometime\s+after)\s+" + _CLOCK + r"\b|"
    # "I'd like to leave from Peterborough": where the journey starts, the desk's term.
    r"(?:(?<=leave)|(?<=depart))\s+from\s+\w|"
    r"for\s+(?:\d+|one|two|three|four|five|six|seven|eight|a\s+couple\s+of)\s+(?:nights?|"
    r"people|persons|guests|adults)\b)"
)
_DESK_WISH = gated(
    # "I'd like to speak to someone about my bill", "we would like to cancel the order",
    # "I'd like to make a complaint", "i would like to report a missing parcel": what a
    # customer asks a desk (or the assistant) to do, said as a wish. (Not "I'd like to move
    # to Lisbon one day", "I'd like to have kids": a wish about one's own life.)
    _LEAD + r"(?:i|we)(?:'d|\s+would)\s+(?:really\s+|just\s+|also\s+)?like\s+to\s+(?:please\s+)?"
    r"(?:(?:speak|talk)\s+(?:to|with)|cancel|reschedule|amend|modify|upgrade|downgrade|renew|"
    r"request|report|order|exchange|return\s+(?:a|an|the|my|our|this|these|those)|"
    r"change\s+(?:a|an|the|my|our)\s+(?:\w+\s+)?(?:booking|reservation|order|flight|seat|room|"
    r"date|time|address|password|plan|appointment|details|name|email|payment|card|delivery)|make\s+(?:a|an)\s+(?:\w+\s+)?(?:booking|reservation|"
    r"complaint|appointment|claim|enquiry|inquiry|payment|order|change|correction))\b"
)
_IT_TERMS = gated(
    # "it has to have free parking", "but it should be in the centre", "they must accept
    # dogs": the thing asked for, named before, and its terms.
    # (not "it should be in the post by now": what was expected)
    # "the train should leave after 14:00", "it has to be a guesthouse", "the taxi needs to
    # take six of us": the same of the thing by its name, and a kind or a route asked for.
    _LEAD + r"(?![^,;.]*\b(?:by\s+now|already|yet)\b)(?:ideally\s+|preferably\s+)?(?:it|they|"
    r"the\s+(?:hotel|rooms?|restaurant|place|train|taxi|cab|car|guest\s*house|flat|table|"
    r"apartment|booking|flight|bus))\s+(?:also\s+)?(?:should|must|"
    r"needs?\s+to|has\s+to|have\s+to|"
    r"ought\s+to)\s+(?:also\s+|really\s+|definitely\s+|ideally\s+)?(?:have(?!\s+(?:been|gone|"
    r"come|left|got|arrived|known|told|said|done|had|made|taken|seen|called|sent|[a-z]+ed)\b)|"
    r"leave|arrive|depart|go\s+to|get\s+(?:me|us)|be\s+(?:a|an)\s+(?![a-z]+ed\b)|"
    r"include|serve|offer|allow|accept|take|sleep|seat|be\s+(?:in|near|close|within|walking|"
    r"cheap|cheaper|moderate|moderately|expensive|mid-?range|(?:at\s+)?least|no\s+more|under|"
    r"below|above|over|free|dog-friendly|pet-friendly|rated|a\s+\d|\d))\b"
)
_RETRY = gated(
    # "let's try one night instead", "ok let's try another hotel", "let's try for 8pm
    # then": the desk asked to search again (not "let's try the new taco place": a
    # suggestion between friends).
    _LEAD + r"(?:let's|lets|let\s+us)\s+(?:just\s+)?try\s+(?:(?:for\s+)?(?:[\w:]+\s+){0,3}?"
    r"(?:instead|then)\b|(?:another|a\s+different|somewhere\s+else|a\s+cheaper|the\s+other)\b|"
    r"for\s+" + _CLOCK + r")"
)
_GRATEFUL_FOR = gated(
    # "I'd be grateful for a call back at your convenience", "we were hoping for something
    # nearer the river": a thing asked for by the thanks or the hope for it.
    _LEAD + r"(?:(?:i|we)(?:'d|\s+would)\s+be\s+(?:very\s+|most\s+|really\s+|so\s+)?(?:grateful|"
    r"thankful|obliged)\s+for\s+(?:a|an|your|the)\b|(?:i|we)\s+(?:was|were)\s+(?:really\s+)?hoping"
    r"\s+for\s+(?:something|somewhere|a|an|one)\b|"
    # "We would appreciate your prompt attention to this matter", "I'd appreciate it if…".
    r"(?:i|we)(?:'d|\s+would)\s+(?:really\s+|greatly\s+|very\s+much\s+)?appreciate\s+(?:it|your|a|an|"
    r"any|some|if)\b)"
)
_NOT_NEEDED = gated(
    # "The hotel doesn't need to have free parking": a term waived.
    _LEAD
    + r"(?:(?:the|a|an|our|my)\s+)?(?:[a-z-]+\s+)?(?:hotel|restaurant|guest\s*house|room|place|"
    r"taxi|cab|train|flat|apartment|table|it|they)\s+(?:doesn't|does\s+not|don't|do\s+not)\s+"
    r"(?:need\s+to|have\s+to)\s+(?:have|be|include|serve|offer)\b"
)
_SHOULD_YOU = gated(
    # "Should you require any further information, please…", "should you need anything,
    # just shout", "please do not hesitate to contact me": the offer that closes a letter.
    _LEAD + r"(?:should\s+you\s+(?:require|need|have|wish|want|like)\b|(?:please\s+)?(?:do\s+not|"
    r"don't|dont)\s+hesitate\s+to\b|(?:please\s+)?feel\s+free\s+to\b|"
    # "I wanted to follow up on my previous email", "just reaching out to check in": what
    # the letter is for, said of itself.
    r"(?:(?:i|we)\s+(?:just\s+)?(?:wanted|want|am\s+writing|'m\s+writing|was\s+writing|"
    r"thought\s+i'd|am\s+reaching\s+out|'m\s+reaching\s+out)\s+to\s+|just\s+)?(?:follow(?:ing)?\s+up|"
    r"check(?:ing)?\s+in|touch(?:ing)?\s+base|circl(?:e|ing)\s+back|reach(?:ing)?\s+out)\b"
    # "Following up: I've moved to Leeds", "checking in from Lisbon": a label, then the news,
    # or where the writer writes from.
    r"(?!\s*:|\s+from\b)(?!.*\b(?:that|to\s+(?:say|tell|let))\b))"
)
_ANOTHER_OPTION = gated(
    # "What about Thursday instead?", "how about the 7:30 one?": another of the options.
    _LEAD + r"(?:what|how)\s+about\s+(?:the\s+|a\s+|an\s+)?(?:[\w:.'-]+\s+){0,2}?(?:instead|one|"
    r"ones|option|time|slot|night|nights|(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|"
    r"tonight|\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)?)\b"
)
_CHANGED_MIND = gated(
    # "Actually I've changed my mind", "I'd rather stay somewhere in the west", "we'd
    # rather have a table outside": the customer's choice changed or given.
    _LEAD + r"(?:(?:no|on\s+second\s+thoughts?)\W+)*(?:(?:i've|i\s+have|we've|we\s+have)\s+"
    r"changed\s+(?:my|our)\s+minds?|(?:i|we)(?:'d|\s+would)\s+(?:much\s+)?rather\s+(?:(?:stay|be|eat|"
    r"sit)\s+(?:somewhere|nearer|closer|near|outside|inside|in\s+the\s+(?:north|south|east|west|"
    r"centre|center))|(?:go\s+for|book|take|have|get)\s+(?:the|a|an|one|something)))\b"
    # (not "I'd rather be in Hawaii", "I'd rather stay home this weekend": a wish)
)
_ESSENTIAL = gated(
    # "parking is essential", "a lift is a must": what the thing wanted must have.
    r"\b(?:parking|free\s+parking|wi-?fi|a\s+lift|an?\s+elevator|breakfast|a\s+pool|air\s+con"
    r"(?:ditioning)?|step-free\s+access|a\s+cot|a\s+crib|a\s+sea\s+view|a\s+balcony)\s+"
    r"(?:is|would\s+be|'s)\s+(?:absolutely\s+|really\s+)?(?:essential|a\s+must|important|"
    r"non-negotiable|vital|required|necessary)\b"
)
_NO_NEED = gated(
    # "No, I don't need a reservation, thank you", "we won't need the taxi": an offer declined.
    _LEAD + r"(?:no\W+)?(?:i|we)\s+(?:don't|do\s+not|won't|will\s+not)\s+(?:need|want|require)\s+"
    r"(?:a|an|the|any)\s+(?:[\w-]+\s+)?(?:reservation|booking|taxi|cab|table|room|ticket|"
    r"tickets|transfer|pick-?up|car|reference|receipt)\b"
)
_FOUND_IT = gated(
    # "that's exactly what I was after", "just what we were looking for": an offer taken.
    r"\b(?:(?:that's|that\s+is|it's|it\s+is|this\s+is|sounds\s+like)\s+(?:exactly\s+|just\s+|"
    r"precisely\s+)?|(?:exactly|just|precisely)\s+)what\s+(?:i|we)(?:\s+(?:was|were|am|are)|'m|'re)\s+(?:after|looking\s+for|"
    r"hoping\s+for)\b"
)
_ATTACHED = gated(
    # "As requested, I've attached the receipts from my trip", "I'm enclosing the signed
    # form", "I've cc'd Sam": what goes with the letter, no news of the world.
    _LEAD + r"(?:as\s+(?:requested|promised|discussed)\W+)?(?:i've|i\s+have|we've|we\s+have|i'm|"
    r"i\s+am|we're|we\s+are)\s+(?:also\s+|now\s+)?(?:attached|enclosed|attaching|enclosing|"
    r"cc'd|cc'ing|copied\s+in)\b"
)
_LETTER_COURTESY = gated(
    # "Apologies for any inconvenience caused", "Noted with thanks", "Welcome to Casa Azul!":
    # a letter's apology, acknowledgement or welcome.
    _LEAD
    + r"[\s\u2013\u2014-]*(?:(?:my|our|many|sincere)\s+)?(?:apologies\s+for\s+(?:any|the)\s+(?:inconvenience|"
    r"delay|confusion|trouble)|noted(?:\s+with\s+thanks)?\s*$|(?:a\s+(?:warm\s+)?)?welcome\s+to\s+"
    r"(?!the\s+(?:team|family)\b)[\w\s'-]{1,30}$)"
)
_DEVICE_SIGNATURE = gated(
    # What a mail program appends: "Sent from my iPhone", "Sent from Outlook for iOS",
    # "Get Outlook for Android", "Sent via BlackBerry".
    r"^(?:sent\s+(?:from|via|using|with)\s+(?:my\s+)?|get\s+)(?:iphone|ipad|android|"
    r"samsung|galaxy|mobile|phone|smartphone|blackberry|outlook|gmail|yahoo|mail|proton\s*mail|"
    r"huawei|pixel)\b[\w\s.]*$"
)


def asks_courteously(low: str) -> bool:
    """A request or question put politely (module doc): intent "none"."""
    return any(
        p.search(low)
        for p in (
            _PERMISSION,
            _DESK_ASK,
            _EMPHATIC_IMPERATIVE,
            _TERMS_AS_WISH,
            _DESK_WISH,
            _IT_TERMS,
            _RETRY,
            _SHOULD_YOU,
            _ANOTHER_OPTION,
            _CHANGED_MIND,
            _ESSENTIAL,
            _NO_NEED,
            _GRATEFUL_FOR,
            _NOT_NEEDED,
        )
    )


def claims_nothing(low: str) -> bool:
    """A mail program's signature, what goes with a letter, or an offer found to be what
    was wanted (module doc)."""
    return (
        _DEVICE_SIGNATURE.match(low.strip()) is not None
        or _FOUND_IT.search(low) is not None
        or _ATTACHED.search(low) is not None
        or _LETTER_COURTESY.search(low) is not None
    )
