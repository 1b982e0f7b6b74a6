"""What people ask in a dialogue without asking it as a question: a booking desk's customer
setting terms ("the restaurant should be in the north", "not bothered about the area as long
as it has a pool", "let's go with the cheaper one"), a gamer recruiting ("lf2m for raid
tonight", "need 1 more for ranked"), a question passed on ("mum wants to know if we're coming
sunday") and a correspondent checking ("just checking whether you got the invoice"); and the
reference a letter opens with ("As discussed, …"), which claims nothing.

Each of these asks something of a listener and states nothing about the world, so
``classify`` reads them as intent "none" before the modal ("should"), the condition ("as
long as"), the suggestion ("let's") or the wish word ("wants to") in them makes them a
possibility.
"""

from __future__ import annotations

from functools import lru_cache

from core.extraction.word_gates import gated

_PASSIVE_ASK = gated(
    # "It would be appreciated if the payment could be made by the 15th", "would be great if
    # the slides could be sent round": asked in the passive.
    r"^(?:it\s+)?(?:would|'d|will)\s+be\s+(?:(?:really|so|very|much|greatly|most)\s+)?"
    r"(?:appreciated|great|good|helpful|ideal|lovely|brilliant|useful)\s+if\s+[^,.;!?]{1,60}?"
    r"\b(?:could|can|would|will|were\s+to)\s+be\s+(?:[a-z]+(?:ed|en|t)|made|done|sent|paid)\b"
)
_WANTED_THING = (
    r"(?:restaurant|hotel|guest\s*house|hostel|b&b|bnb|airbnb|room|rooms|place|taxi|cab|train|"
    r"flight|bus|coach|table|apartment|flat|venue|attraction|spa|ferry|car\s+hire|rental|"
    r"booking|reservation|pickup|pick-up)"
)
_TERMS = gated(
    # "The restaurant should be in the north and serve Indian food", "the taxi should pick me
    # up at the station", "the hotel must have free parking", "the room needs to sleep four":
    # the terms of what the customer wants found or booked. Not "the train should be here by
    # now" or "the hotel should have told us" (what was expected, what might have been).
    r"^(?:(?:and|also|oh|ok|okay|so|ideally|preferably|oh\s+and)\W+)*(?:(?:the|a|an|my|our)\s+)?"
    rf"(?:[a-z-]+\s+)?{_WANTED_THING}\s+(?:(?:also|really|ideally|preferably)\s+)?"
    r"(?:should|must|needs?\s+to|has\s+to|have\s+to|ought\s+to)\s+(?:also\s+|really\s+|ideally\s+)?"
    r"(?:be\s+(?:in|near|close|within|on|cheap|cheaper|moderate|moderately|expensive|"
    r"reasonably|mid-?range|able|suitable|available|(?:at\s+)?least|no\s+more|under|below|"
    r"above|over|free|for|walking|a\s+(?:\d|four|five|three|two)|\d)|"
    r"have(?!\s+(?:been|gone|come|left|got|arrived|known|told|said|done|had|made|taken|seen|"
    r"called|sent|[a-z]+ed)\b)|include|serve|offer|allow|accept|take|pick\s+(?:me|us)|leave|depart|"
    r"get\s+(?:me|us)|drop\s+(?:me|us)|accommodate|sleep|fit|seat|come\s+with)\b"
)
_ACCEPTED = gated(
    # "The 10:15 works for me", "that one suits us best", "the earlier time is perfect":
    # an offer taken (not "the new charger works fine": how a thing is).
    r"^(?:(?:ok|okay|yes|yeah|great|perfect|right|lovely|fine)\W+)*(?:the|that|this)\s+"
    r"(?:[\w.:-]+\s+)?(?:(?:one|option|train|flight|room|table|time|slot|date|day|booking|"
    r"\d{1,2}[:.]\d\d|\d{1,2}\s*(?:am|pm))\s+(?:works|suits)(?:\s+(?:for\s+(?:me|us)|me|us|best|"
    r"better|perfectly|fine|well))*|(?:one|option|time|slot|date|day|\d{1,2}[:.]\d\d|"
    r"\d{1,2}\s*(?:am|pm))\s+(?:is|'s|sounds)\s+(?:fine|perfect|great|good|ideal|ok|okay|"
    r"best)(?:\s+for\s+(?:me|us))?)\s*$"
)
_NEEDS_TO_KNOW = gated(
    # "I'm going to need the reference number", "we'll need your postcode": what the customer
    # asks the desk for.
    r"^(?:(?:and|also|oh|ok|okay|so)\W+)*(?:i|we)(?:'ll|\s+will|'m\s+going\s+to|\s+am\s+going\s+to|"
    r"'re\s+going\s+to|\s+are\s+going\s+to|'m\s+gonna|'re\s+gonna)\s+(?:also\s+)?(?:need|want|"
    r"be\s+needing|require)\s+(?:the|your|their|its|a|an)\s+(?:[\w-]+\s+)?(?:reference|ref|"
    r"number|code|postcode|address|price|total|cost|details|times?|receipt|invoice|link|"
    r"directions|password|confirmation)\b"
)
_INDIFFERENT = gated(
    # "Not bothered about the area as long as it has a pool", "any guesthouse will do as
    # long as it's 4 stars", "we don't mind which day", "doesn't matter where, somewhere
    # quiet", "either is fine": a customer leaving a choice to the desk.
    r"^(?:(?:oh|well|honestly|tbh|no|nah|um|hmm|ok|okay|and|but)\W+)*(?:(?:i'm|im|i\s+am|"
    r"we're|we\s+are)\s+)?(?:not\s+(?:really\s+|too\s+|that\s+|at\s+all\s+)?(?:bothered|"
    r"fussed|fussy|picky|particular)|(?:i|we)\s+(?:really\s+)?(?:don't|dont|do\s+not)\s+"
    r"(?:really\s+)?(?:mind|care|have\s+a\s+preference)|(?:it\s+)?(?:doesn't|doesnt|does\s+not)"
    r"\s+(?:really\s+)?matter|no\s+(?:real\s+|particular\s+)?preference|either\s+(?:one\s+)?"
    r"(?:is|will\s+do|works|would\s+(?:be\s+fine|work|do))|any(?:thing|where|one|\s+[a-z]+)?\s+"
    r"(?:will|would|'ll)\s+do|any(?:thing|where|\s+[a-z]+)?(?:\s+is|'s|\s+would\s+be)\s+"
    r"(?:fine|ok|okay|good))\b"
)
_PICKED = gated(
    # "Let's go with the cheaper one then", "ok let's do the 7pm slot", "lets just book that":
    # one of the offers chosen, which the desk is to book (not a suggestion: "let's take the
    # train", "let's go to the beach").
    r"^(?:(?:ok|okay|right|alright|great|perfect|fine|hmm+|um|so|yeah|yes|in\s+that\s+case)"
    r"\W+)*(?:let's|lets|let\s+us)\s+(?:just\s+)?(?:go\s+(?:with|for)|stick\s+with|take|book|do|"
    r"choose|pick|grab|reserve)\s+(?:that|this|it|both|either|(?:the|that|this)\s+(?:[\w:-]+\s+)?"
    r"(?:one|ones|option|slot)|the\s+(?:\w+er|\w+est|first|second|third|last|earlier|later|"
    r"[\d:]+(?:am|pm)?)(?:\s+(?:one|option|slot|train|flight|table|room|time|place|hotel))?)\b"
)
_RECRUITS = gated(
    # "lf2m for raid tonight", "lfg ranked", "need 1 more for ranked", "looking for a 5th for
    # comp", "need a healer for the dungeon": a player calling for others to join.
    r"^(?:(?:yo|ok|okay|so|hey|guys)\W+)*(?:lf\d*m\b|lfg\b|lf\s*\d+\b|"
    r"(?:(?:still\s+)?(?:looking\s+for|need|needing|need\s+like)\s+(?:(?:one|two|three|four|\d|"
    r"a\s+couple|a\s+few|1-2)\s+more\b|(?:a|an|one|1|our)\s+(?:more\s+)?(?:\d(?:st|nd|rd|th)|"
    r"third|fourth|fifth|sixth|healer|tank|dps|support|sub|filler|duo|trio)\b|(?:a\s+)?(?:duo|"
    r"trio|squad|stack|group|party)\s+(?:for|to)\b)))"
)
_PASSED_ON = gated(
    # "mum wants to know if we're coming for lunch sunday", "jake's asking whether the lan is
    # still on", "the landlord would like to know when you're moving out": a question passed
    # on from someone else, asked of the listener.
    r"^(?:(?:also|and|oh|btw|fyi|so)\W+)*(?:(?:my|our|your|ur|the)\s+)?[a-z]+(?:\s+[a-z]+)?"
    r"(?:\s+(?:wants|would\s+like|needs)\s+to\s+know|'d\s+like\s+to\s+know|(?:'s|\s+is|\s+was)\s+"
    r"(?:asking|wondering)|\s+keeps\s+asking|\s+asks|\s+asked)\s+(?:(?:me|us|you|u|everyone)\s+)?(?:if|whether|when|what|where|who|"
    r"how|why)\b"
)
_CHECKING = gated(
    # "just checking whether you received the invoice", "checking if the pool is open",
    # "quickly confirming when you land": a correspondent asking.
    r"^(?:(?:hi|hey|hello|ok|okay|so|and|also)\W+)*(?:just\s+|quickly\s+|only\s+|also\s+)?"
    r"(?:checking|asking|confirming|enquiring|inquiring|double[\s-]checking)\s+(?:in\s+)?"
    r"(?:with\s+(?:you|u)\s+)?(?:again\s+)?(?:if|whether|when|where|what|how|who|to\s+see\s+"
    r"(?:if|whether)|(?:that\s+)?(?:you|u)\s+(?:got|received|saw|have\s+(?:got|received|seen)))\b"
)
_WHOEVER = gated(
    # "whoever's last out lock the door", "whoever's got the aux pls skip this", "whoever is
    # up first can you let the dog out": asked of whichever of the household it turns out to be.
    r"^(?:(?:ok|okay|so|and|also)\W+)*whoever(?:'s|\s+is|\s+has|\s+gets|\s+[a-z]+s)?\b(?:\s+[\w']+)"
    r"{0,4}?\s+(?:pls|please|plz|can\s+(?:you|u)|could\s+(?:you|u)|needs\s+to|has\s+to|lock|grab|bring|take|feed|put|turn|switch|pick|call|ring|skip|let|make|check|close|"
    r"shut|empty|clean|wash|walk|text|tell|give|leave|water|do|remember|don't)\b"
)
_LOOKS_FORWARD = gated(
    # "cant wait for saturday!!", "can't wait to see you all", "so excited for the weekend": a
    # feeling about what is coming, no fact of its own ("I can't wait to fly to Lisbon on
    # friday" says the plan, and is read for it).
    r"^(?:(?:omg|so|soo+|honestly|ahh+|eek|i|we)\W+)*(?:(?:can't|cant|cannot)\s+wait|(?:i'm\s+|im\s+|"
    r"we're\s+)?(?:so\s+)?(?:excited|hyped|pumped|stoked))(?:\s+(?:for|till|til|until|about)\s+"
    r"(?:[\w']+\s*){1,3}|\s+to\s+(?:see|meet|hug|catch\s+up\s+with)\s+(?:[\w']+\s*){1,3})?\W*$"
)
_REFERENCE = gated(
    # "As discussed", "as agreed on the phone", "As per our call", "like I said": what the
    # letter goes back to; the clause after it is the news.
    r"(?:as|like)\s+(?:discussed|agreed|mentioned|promised|requested|arranged|planned|"
    r"expected|per\s+(?:our|my|your|the)\s+[a-z]+(?:\s+[a-z]+)?|(?:you|we|i)\s+(?:asked|"
    r"requested|said|suggested|discussed|agreed|mentioned|promised))"
    r"(?:\s+(?:earlier|before|yesterday|today|last\s+week|on\s+the\s+phone|by\s+phone|on\s+"
    r"(?:the|our)\s+call|in\s+(?:the|our)\s+(?:call|meeting)|with\s+[a-z]+))*"
)


@lru_cache(maxsize=1024)
def asks_in_dialogue(low: str) -> bool:
    """A customer's terms, choice or indifference, a call for players, a question passed
    on or a correspondent checking: intent "none"."""
    return any(
        p.search(low)
        for p in (
            _TERMS,
            _ACCEPTED,
            _NEEDS_TO_KNOW,
            _PASSIVE_ASK,
            _INDIFFERENT,
            _PICKED,
            _RECRUITS,
            _PASSED_ON,
            _CHECKING,
            _WHOEVER,
        )
    )


def refers_back(low: str) -> bool:
    """The whole clause is a reference back ("As discussed") or a feeling about what is
    coming ("can't wait for saturday"): it claims nothing."""
    return _REFERENCE.fullmatch(low) is not None or _LOOKS_FORWARD.search(low) is not None
