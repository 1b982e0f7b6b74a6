"""Asking without a question mark or an imperative up front: the indirect request of a
letter ("It would be great if someone could confirm the venue"), the question folded
into a statement ("I was wondering whether the clinic is open"), a booking desk's
customer ("Actually, make that 5 people", "an aisle seat please", "I'm hoping to find a
quiet hotel"), a closing that claims nothing ("That's perfect, thank you for your help",
"that won't be necessary") and a note to oneself ("must remember to call the bank").

Each of these asks something of a listener (or of the speaker later) and states nothing
about the world, so ``classify`` reads them as intent "none" before a modal or a wish
word in them ("would", "hoping", "wanted to") makes them a possibility, or their present
tense a fact. A wh-question with an expletive in it ("who tf took my spot") is a question
all the same. What is still undecided ("I'm still deciding") is a possibility, not a fact.
"""

from __future__ import annotations

from functools import lru_cache

from core.extraction.intent_chat import is_chitchat, is_social
from core.extraction.word_gates import gated

_ANYONE = (
    r"(?:you|u|ya|someone|somebody|some1|anyone|anybody|any1|one\s+of\s+(?:you|us|u)|y'?all|"
    r"(?:you|u)\s+guys|whoever(?:'s|\s+is)?(?:\s+\w+){0,3}?)"
)
_GOOD = (
    r"(?:great|good|nice|awesome|amazing|helpful|lovely|brilliant|fab|ideal|perfect|super|"
    r"handy|appreciated|a\s+(?:big\s+|huge\s+)?help)"
)
_INDIRECT_REQUEST = gated(
    # "It would be great if someone could confirm the venue", "would be good if u could
    # ring the GP", "it'd be really helpful if you could send the slides".
    rf"^(?:it\s+)?(?:would|'d|wd|will)\s+be\s+(?:really\s+|so\s+|very\s+|super\s+)?{_GOOD}\s+"
    rf"if\s+{_ANYONE}\s+(?:could|can|would|will|were\s+able\s+to|are\s+able\s+to)\b|"
    rf"^it'd\s+be\s+(?:really\s+|so\s+|very\s+|super\s+)?{_GOOD}\s+if\s+{_ANYONE}\s+"
    r"(?:could|can|would|will)\b|"
    # "I'd appreciate it if you could forward this", "I would be grateful if someone can".
    r"^(?:i|we)(?:'d|\s+would)\s+(?:really\s+|greatly\s+|very\s+much\s+|so\s+)?(?:appreciate\s+"
    rf"(?:it\s+)?|be\s+(?:very\s+|really\s+|so\s+|most\s+)?(?:grateful|thankful|obliged)\s+)"
    rf"(?:if|for)\s+(?:{_ANYONE}|(?:any|your|some)\s+(?:help|advice|guidance|assistance|"
    r"information|info|feedback|thoughts|suggestions|tips|pointers))\b|"
    # "would it be possible to reschedule?", "is it possible for you to send it again":
    # asking for it to be done.
    r"^(?:would|will|is)\s+it\s+(?:be\s+)?possible\s+(?:for\s+(?:you|u|someone|us|me)\s+)?"
    r"to\s+\w|"
    # "could the next shift make sure she drinks", "can night staff check his dressing":
    # asked of the people on duty.
    r"^(?:could|can|would|will)\s+(?:the\s+)?(?:next|night|day|morning|evening|weekend|late|"
    r"early|afternoon|on-?call)\s+(?:shift|staff|team|carers?|nurses?|person|crew|cover)\b|"
    r"^(?:could|can|would|will)\s+whoever\b|"
    # "Around 7pm would be ideal", "a sea view would be lovely, thanks": a customer's
    # choice given to a desk.
    r"^(?:(?:around|about|at|by|before|after|sometime|any\s*time|early|late|roughly)\b|\d|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|tomorrow\b|tonight\b|somewhere\b|"
    r"something\b|anything\b|either\b|a\s+(?:table|room|seat|taxi|car|window|double|single|"
    r"twin|quiet|sea|ground)\b|"
    # "the one with parking would be better", "the earlier train would work better for me",
    # "that would be great": which of the offers suits, or the offer accepted.
    r"(?:the|that|this)\s+(?:[\w:.]+\s+)?(?:one|ones|option|train|flight|room|table|time|slot|"
    r"hotel|place|date|day)\b|(?:that|this)\s+(?=would|'d|will))[^,;]*\s+(?:would|'d|will)\s+"
    r"(?:be\s+(?:ideal|perfect|great|best|good|fine|lovely|preferable|better|brilliant|wonderful|"
    r"amazing|fantastic)|work(?:\s+(?:better|best|well|fine))?)(?:\s+for\s+(?:me|us))?|"
    # "I'd prefer a room on a lower floor": the customer's choice.
    r"^(?:i|we)(?:'d|\s+would)\s+(?:prefer|rather\s+have)\s+(?:a|an|the|one|two|something)\b[^;]*?"
    r"(?:,?\s+(?:thanks|thank\s+you|please))?$"
)
_LEAD = r"^(?:(?:and|so|also|hi|hello|hey|ok|okay|um|oh|hmm+|honestly|tbh)[\s,!.]+)*"
_FOLDED_QUESTION = gated(
    # "I was wondering whether you had a chance to look", "just wondering if anyone has
    # the password", "I wanted to check whether the invoice was paid", "we'd like to know
    # whether the ferry runs", "I am writing to ask if the flat is still available", "just
    # following up on my email".
    rf"{_LEAD}(?:(?:i|we)\s+(?:was|were|am|are|'m|'re)?\s*)?(?:just\s+|also\s+)?wondering\s+"
    r"(?:if|whether|when|where|what|how|who|why|about)\b|"
    rf"{_LEAD}(?:i|we|one)\s+(?:do\s+)?wonders?\s+(?:if|whether|when|where|what|how|who|why)\b|"
    rf"{_LEAD}(?:i|we)(?:\s+|(?='d))(?:just\s+|also\s+)?(?:wanted|want|wish|would\s+like|'d\s+like|"
    r"need(?:ed)?)\s+to\s+(?:quickly\s+)?(?:check|ask|see|know|confirm|find\s+out|enquire|"
    r"inquire|double[\s-]check)\s+(?:with\s+you\s+|again\s+)?(?:if|whether|when|where|what|how|"
    r"who|why|about)\b|"
    rf"{_LEAD}(?:i|we)(?:\s+am|'m|\s+are|'re)\s+(?:just\s+)?(?:writing|emailing|messaging|texting|"
    r"reaching\s+out|getting\s+in\s+touch|contacting\s+you)\s+to\s+(?:ask|enquire|inquire|"
    r"check|see|find\s+out|request|confirm\s+whether|confirm\s+if)\b|"
    rf"{_LEAD}(?:(?:i|we)(?:\s+am|'m|\s+are|'re)\s+)?(?:just\s+)?(?:following|checking|circling|"
    r"chasing)\s+(?:up|in|back)\s+(?:on|about|regarding|re|with\s+(?:you|u)\s+(?:on|about|"
    r"regarding|re))\b"
)
_DIALOGUE_CLOSING = gated(
    # "no, that's all I need today", "that'll be all", "nothing else", "that won't be
    # necessary", "whichever is cheapest", "no need, thanks": a customer closing or
    # declining an offer claims nothing.
    r"(?:(?:no|nope|nah|ok|okay|great|perfect|actually|i\s+think|i\s+guess|i\s+believe)\W+)*(?:"
    r"(?:that(?:'s|\s+is|\s+will\s+be|'ll\s+be)|thats|it's|it\s+is)\s+(?:all|everything|it)"
    r"(?:\s+(?:i\s+need(?:ed)?|we\s+need(?:ed)?|for\s+(?:now|today|me|us)|today|thanks?|"
    r"thank\s+you|from\s+(?:me|us)|then|right\s+now))*|"
    r"nothing\s+(?:else|more)(?:\s+(?:for\s+(?:now|today|me|us)|thanks?|thank\s+you|today))*|"
    r"(?:that|it|this)\s+(?:won't|will\s+not|wouldn't|would\s+not|isn't|is\s+not|shouldn't|"
    r"should\s+not)\s+be\s+(?:necessary|needed|required)|(?:there's\s+)?no\s+need(?:\s+(?:for\s+"
    r"(?:that|it)|thanks?|thank\s+you))*|not\s+(?:necessary|needed)|"
    r"(?:whichever|whatever)(?:\s+one)?(?:\s+is|'s|\s+are)\s+(?:the\s+)?(?:\w+est|most\s+\w+|"
    r"available|free|earliest|closest|nearest)|"
    # A letter's pleasantry: "I hope this finds you well", "trust all is well with you".
    r"(?:i\s+|we\s+)?(?:do\s+|really\s+)?(?:hope|trust)\s+(?:this|the|my|our)\s+(?:\w+\s+)?finds\s+"
    r"(?:you|u)\b.*|"
    r"(?:i\s+|we\s+)?(?:hope|trust)\s+(?:all|everything|things)(?:\s+is|'s|\s+are)\s+(?:well|"
    r"good|ok|okay|fine)\b.*|"
    # "I look forward to hearing from you", "looking forward to your reply".
    r"(?:i\s+|we\s+)?(?:(?:very\s+)?much\s+)?look(?:ing)?\s+forward\s+to\s+(?:hearing\s+"
    r"(?:from\s+)?(?:you|u|back)|your\s+(?:reply|response|thoughts|feedback))\b.*|"
    # "just saw your message, sorry", "only just got ur text".
    r"(?:(?:only\s+)?just\s+)?(?:saw|seen|read|got|noticed)\s+(?:your|ur|the|this)\s+"
    r"(?:message|msg|text|txt|email|mail|call|missed\s+call|voicemail|dm)s?(?:\s+(?:sorry|soz))?|"
    # Small talk about oneself that tells nothing: "can't complain", "not bad", "same old".
    r"(?:(?:i\s+)?can't|cant|mustn't)\s+(?:complain|grumble)(?:\s+really)?|"
    r"not\s+(?:too\s+)?bad(?:\s+(?:at\s+all|really|thanks))?|same\s+old(?:\s+same\s+old)?|"
    r"could\s+be\s+worse|"
    # Good wishes in a letter or for the listener's day: "Best wishes to you and the family",
    # "hope the interview goes well!", "hope it all went ok".
    r"(?:(?:with\s+)?(?:best|warmest|warm|kind|kindest|good|fond)\s+(?:wishes|regards)|all\s+the\s+"
    r"best|love)(?:\s+to\s+(?:you|u|all|everyone|the\s+family)\b.*)?|(?:i\s+)?(?:really\s+)?hope\s+"
    r"(?:it|(?:it\s+)?all|everything|the\s+[\w' -]{1,40}?|ur\s+[\w' -]{1,40}?)\s+(?:goes|went|"
    r"go)\s+(?:well|ok|okay|smoothly|great|alright|fine)\b.*|"
    # A teaser before news: "you'll never guess who I ran into", "guess what".
    r"(?:you'll|you\s+will|u\s+will|ull|you\s+won't|you\s+wont|u\s+wont)\s+never\s+guess\b.*|"
    r"(?:you'll|you\s+will|u\s+will)\s+never\s+believe\b.*|guess\s+what|(?:sorry|soz|apologies)(?:\s+(?:about\s+that|for\s+the\s+(?:delay|"
    r"late\s+reply|wait)))?"
    r")(?:\s+(?:thanks?|thank\s+you|then|for\s+now))*"
)
_CLOSING_PIECE = gated(r"\s*[,.!;]+\s*|\s+(?=(?:thanks?|thank\s+you|cheers|bye)\b)")
_DISCOURSE_LEAD = gated(
    r"^(?:(?:actually|also|oh\s+and|and\s+also|oh\s+also|in\s+that\s+case|in\s+which\s+case|"
    r"one\s+more\s+thing|while\s+you're\s+at\s+it|(?:note\s+|memo\s+)?to\s+self|reminder|"
    r"self[\s-]reminder|todo|to\s+do|oops|sorry|"
    # A softener before the ask: "no pressure but could you…", "no rush, can u…", "not
    # urgent but pls…", "whenever you get a sec, could you…".
    r"no\s+(?:pressure|rush|hurry|stress)(?:\s+(?:at\s+all|tho|though))?(?:\s+but)?|"
    r"not\s+urgent(?:\s+but)?|whenever\s+(?:you|u)\s+(?:get|have)\s+a\s+(?:sec|second|min|minute|"
    r"moment|chance)|"
    # Whom the ask is put to, named first: "Sis, abeg help me check…", "guys, pls…", "Mum,
    # can you…".
    r"(?:sis|bro|bruv|mum|mom|mam|mama|dad|papa|babe|hun|guys|folks|team|all|everyone|mate|"
    r"dear|love|ma|sir|madam|oga|aunty|auntie|uncle)(?=\s*,)|abeg|biko)\b[\s,:;.!-]*)+"
)
"""The words a customer or a note puts before what it asks: "Actually, make that five",
"Oh and also book a taxi", "Note to self: renew passport". (Not "ok," or "yeah,": a
subjectless statement follows them as often as a command does.)"""
_AGREED_THEN_ASKED = gated(
    r"^(?:yes|yeah|yep|ok|okay|great|perfect|lovely|sure|alright|right|sounds\s+(?:good|great)|"
    r"that\s+(?:works|sounds\s+(?:good|great)))\W+(?:(?:then|and|so)\s+)?(?:go\s+ahead\s+and\s+)?"
    r"(?:book|reserve|make\s+(?:it|that|the)|go\s+ahead|cancel|add|change|send|order)\b"
)
"""A customer agreeing and asking the desk to go on ("Perfect, book it for three", "yes
go ahead", "ok then cancel the taxi")."""
_REPAIR = gated(
    r"^(?:(?:sorry|oops|no|wait|actually|sorry\s+my\s+bad|my\s+bad|correction)[\s,:;.!-]+)*"
    r"(?:i|we)\s+meant\b(?!\s+(?:to|it|what)\b)"
)
"""A customer mending what was said ("Sorry, I meant Tuesday not Thursday", "my bad, we
meant the 14th"): a request to change the booking, not a story ("I meant to call")."""
_SELF_REMINDER = gated(
    r"^(?:i\s+|we\s+)?(?:must|need\s+to|have\s+to|gotta|got\s+to|should|mustn't|must\s+not)\s+"
    r"(?:remember|not\s+forget|remind\s+(?:myself|ourselves))\s+(?:to|that)\b|"
    r"^(?:(?:don't|dont|do\s+not)\s+(?:let\s+me\s+)?forget|remember)\s+to\b"
)
"""A note to oneself of what to do ("must remember to call the bank", "don't forget to
renew the passport"): asked of the speaker later, no fact yet."""
_PLEASE_END = gated(r"(?:,\s*|\s+)(?:please|pls|plz)$")
_PLEASE_LEAD = gated(r"^(?:please|pls|plz)\b")
_STATE_NOW = gated(
    r"\b(?:i'm|im|i\s+am|we're|we\s+are|i've|we've|i\s+have|we\s+have|i\s+was|we\s+were|"
    r"my|our)\b"
)
"""A customer's wish list with "please" at its end ("an aisle seat please", "the train
should arrive by 10:15 please", "for three nights please") asks; one about the speaker ("I'm
at the desk now, please come down") is a statement with its request."""
_WANTS_A_SERVICE = gated(
    r"^(?:(?:hi|hello|hey|good\s+(?:morning|afternoon|evening)|hi\s+there|yes|yeah|ok|okay|"
    r"also|and|oh)\W+)*(?:i|we)(?:'m|\s+am|'re|\s+are|\s+was|\s+were)\s+(?:also\s+|just\s+|"
    r"really\s+)?(?:hoping|trying|wanting|looking|wishing|keen|eager)\s+to\s+(?:find|book|"
    # ("we were hoping to get up to Glasgow": a journey hoped for, not a service)
    r"get(?!\s+(?:to|up|down|across|away|into|round|around|through|off)\b)|"
    r"reserve|order|arrange|organi[sz]e|grab|hire|rent|locate)\s+(?!(?:back|home|there|out|"
    r"over|better|well|a\s+new\s+job|a\s+job|pregnant|married)\b)|"
    # "I was hoping you could…", "we were hoping someone could…": asked politely.
    rf"^(?:i|we)\s+(?:was|were|am|are|'m|'re)\s+(?:just\s+|really\s+)?hoping\s+{_ANYONE}\s+"
    r"(?:could|can|would|will|might)\b"
)
"""A customer telling a desk what to find ("I'm hoping to find an Italian restaurant in
the centre", "we're looking to book two rooms", "I was hoping you could help"): a request,
not a hope about the world."""
_UNDECIDED = gated(
    r"\b(?:still|yet\s+to|haven't|have\s+not|havent|not|hasn't|has\s+not|n't)\s+(?:quite\s+|"
    r"fully\s+|really\s+)?(?:decid(?:ing|ed|e)|made\s+(?:up\s+)?(?:my|our|his|her|their)\s+"
    r"minds?(?:\s+up)?|figur(?:ing|ed)\s+(?:it|that|things)\s+out|settled\s+on|sure\s+yet|"
    r"worked\s+(?:it|things)\s+out)\b(?!\s+(?:to|that|on\s+the)\b)"
)
_WAIT_AND_SEE = gated(
    r"\b(?:we'll|we\s+will|i'll|i\s+will|guess\s+we'll)\s+(?:just\s+)?see(?:\s+(?:how|what|if|"
    r"whether)\b|\s*$)|\btime\s+will\s+tell\b|\bremains\s+to\s+be\s+seen\b|^who\s+knows\b"
)
"""Not decided yet ("I'm still deciding", "we haven't made up our minds", "not confirmed
yet"): a plan that may or may not be, not a fact; "we decided to stay" is one."""
_WH_EXPLETIVE = gated(
    r"^(?:(?:ok|okay|so|wait|um|and|but|like|bro|dude|lol|omg)\W+)*"
    r"(?:who|what|where|why|how|when|which)\s+(?:tf|tha\s+(?:hell|heck|fuck|f)|the\s+(?:hell|heck|"
    r"fuck|f|frick|flip|dickens|devil)|on\s+earth|in\s+the\s+world|in\s+god's\s+name|ever|even)\b"
)
"""A wh-question with an expletive or "even"/"ever" after its wh-word ("who tf took my
spot", "where the hell is my charger", "why on earth is the train late", "who even reads
the terms"): asked, mark or not."""


def asks_indirectly(low: str) -> bool:
    """An indirect request or a question folded into a statement: intent "none"."""
    return bool(_INDIRECT_REQUEST.search(low) or _FOLDED_QUESTION.search(low))


def closes_dialogue(low: str) -> bool:
    """Every piece of the clause is a closing, a thanks or a back-channel word: "That's
    perfect, thank you so much for your help", "No, that's all I need today"."""
    pieces = [p.strip() for p in _CLOSING_PIECE.split(low.strip(" .!")) if p and p.strip()]
    return bool(pieces) and all(
        _DIALOGUE_CLOSING.fullmatch(p) or is_chitchat(p) or is_social(p) for p in pieces
    )


@lru_cache(maxsize=1024)
def without_lead(low: str) -> str:
    """The clause without the discourse words before what it asks ("actually, make that
    5 people" → "make that 5 people")."""
    return _DISCOURSE_LEAD.sub("", low, count=1)


def agrees_then_asks(low: str) -> bool:
    """Agreement followed by what the desk is to do next."""
    return _AGREED_THEN_ASKED.search(low) is not None


def reminds_self(low: str) -> bool:
    """A note to oneself of what to do, or a mended request."""
    return _SELF_REMINDER.search(without_lead(low)) is not None or _REPAIR.search(low) is not None


def asked_with_please(low: str) -> bool:
    """A wish list ended (or led) with "please" that says nothing about the speaker."""
    return bool(
        (_PLEASE_END.search(low) or _PLEASE_LEAD.search(without_lead(low)))
        and not _STATE_NOW.search(low)
    )


def wants_a_service(low: str) -> bool:
    """A customer telling a desk what to find or book."""
    return _WANTS_A_SERVICE.search(low) is not None


def asks_without_you(low: str) -> bool:
    """A favour asked with its "you" left out ("can help me check …", "can resend")."""
    return _ASKED_WITHOUT_YOU.search(low) is not None


_ASKED_WITHOUT_YOU = gated(
    # "can help me check the price", "could send us the photos later", "can resend the
    # address": a favour asked with its "you" left out (Singapore, Malaysian and Indian
    # English); "can pick them up Friday" stays the writer's own offer. "can or not" at
    # the end asks yes or no.
    r"^(?:(?:eh|oi|paiseh|sorry|bro|sis|boss|ah|aiyo|aiya|hi|hello)\W+(?:(?:ah|lah|leh|ya)\W+)?)*"
    r"(?:can|could)\s+(?:pls\s+|please\s+|also\s+)?(?:(?:help|pass|send|share|forward|bring|lend|"
    r"tell|show|give|buy|get|book|call|text|email|pick|message|whatsapp|ping)\s+(?:me|us)\b|"
    r"re(?:send|share|confirm|check|schedule|book)\b|[^.;!?]*\bor\s+not\s*$)"
)


def undecided(low: str) -> bool:
    """A decision not made yet."""
    return _UNDECIDED.search(low) is not None or _WAIT_AND_SEE.search(low) is not None


_SUBJECTLESS_PLAN = gated(
    r"^(?:(?:ok|okay|so|and|then|anyway|welp|right|alright|k)[\s,]+)*(?:just\s+)?(?:gonna|going\s+to|"
    r"about\s+to|off\s+to|heading\s+(?:out|off|over|home|back|to|into)|leaving\s+(?:for|at|in|"
    r"soon|shortly|tonight|tomorrow)|off\s+(?:out|home|now)|"
    # "arriving around 8", "landing at 6 tomorrow", "checking in on friday": when one gets
    # there, a plan with its "we're" left out.
    r"(?:arriving|landing|getting\s+in|checking\s+(?:in|out)|coming\s+(?:in|back|home|over|"
    r"round))(?=\s+(?:at|around|about|by|on|tomorrow|tmrw|tonight|late|early|next|this|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b))\s+(?!be\s+(?:honest|fair)\b)\w"
)
"""A plan with its "I'm" left out: "Gonna head out at 5", "Off to the dentist", "heading
home in 10", "leaving for the airport at 6"."""


_UNDER_WAY = gated(r"\b(?:now|rn|right\s+now|atm|already|as\s+we\s+speak)\b")
"""Set out already: "heading to tahoe now" is a trip under way, not a plan."""


def subjectless_plan(low: str) -> bool:
    """A plan typed without its subject."""
    return _SUBJECTLESS_PLAN.search(low) is not None and _UNDER_WAY.search(low) is None


def wh_with_expletive(low: str) -> bool:
    """A wh-question with an expletive after its wh-word."""
    return _WH_EXPLETIVE.search(low) is not None
