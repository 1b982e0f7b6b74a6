"""What marks a clause as not describing reality: a condition ("if", "should the flight be
cancelled"), a counterfactual ("had I known", "we almost moved"), a wish or suggestion, a
hedge ("might", "not sure"), and a time still to come ("when we're back in Portland").

These win over tense in ``classify``, so "If we had gone to Tahoe we'd be there now" can
never be read as a fact; ``not_a_fact`` names which of them a message is.
"""

from __future__ import annotations

from core.extraction.regex_branches import branched
from core.extraction.word_gates import gated

SUBJECT_PRONOUN = r"(?:i|we|he|she|they|you|it)"


# "Had I known", "had things gone differently", "had it not been for": inverted
# conditionals, told apart from "had a great time" by the participle (a word in "-en" that is
# no participle, "had the shop open since 6", "had the kids in the kitchen", is no inversion).
_HAD_INVERSION = (
    r"^had\s+(?:[\w']+\s+){1,3}?(?:not\s+|never\s+)?"
    r"(?:\w+ed|(?!(?:open|often|even|seven|ten|then|when|kitchen|garden|chicken|children|women|"
    r"men|oven|dozen|token|listen)\b)\w+en|known|gone|done|been|had|left|made|seen|got|won|lost|kept|met|told|said|"
    r"thought|bought|brought|come|run|held|paid|sent|spent|built|felt|heard|found)\b"
)
COUNTERFACTUAL = branched(
    rf"{_HAD_INVERSION}|\b(?:would|could|should|might|must)"
    rf"(?:n't|\s+not)?\s+have\b|\b(?:would|could|should|might|must)(?:n't)?'ve\b|\b{SUBJECT_PRONOUN}'d\s+"
    rf"(?:have|'ve|known|been|gone|done|had)\b|\b{SUBJECT_PRONOUN}'d've\b|\bwere\s+{SUBJECT_PRONOUN}\s+to\b|\bif\s+(?:only\b|"
    rf"{SUBJECT_PRONOUN}\s+(?:had|'d|were)\b|\w+\s+(?:had|were)\b)|\bas\s+if\b|\bas\s+though\b|"
    rf"\b(?:was|were)(?:n't)?\s+(?:supposed|meant|going|gonna|planning|hoping|about)\b|"
    # "I almost moved to Dallas", "we nearly bought the house": what did not happen (not
    # "I fell asleep and almost crashed": the clause's own event did).
    rf"^(?:{SUBJECT_PRONOUN}\s+)?(?:almost|nearly)\s+(?:\w+ed|went|took|got|bought|made|left|quit|sold|flew|drove|"
    # "we almost had to cancel Mexico": a need that did not come.
    r"had\s+to)\b"
)
_SHOULD_INVERSION = (
    r"should\s+(?:anything|something|it|the|that|this|there|he|she|they|my|our|your|his|her|"
    # "Should fortune allow, we shall winter in Seville": a letter's "if" by inversion.
    r"fortune|fate|god|heaven|time|health|funds|money|circumstances|work|life)"
    r"\s+\w+"
)
""""Should anything happen, ...", "Should the flight be cancelled, ...": "if" by inversion."""
_WERE_INVERSION = (
    r"were\s+(?:the|my|our|your|his|her|their|a|an|this|that|these|those)\s+(?:[\w'-]+\s+){0,2}?"
    r"to\s+(?!the\b|a\b|my\b|our\b)[a-z]+"
)
""""Were my client to relocate, …", "were the trains to strike, …": "if" by inversion, its
subject a noun ("were I to" is a pronoun's, with the counterfactuals)."""
_WORST_CASE = (
    r"(?:(?:in\s+the\s+|at\s+)?(?:worst|best)[\s-]case(?:\s+scenario)?(?!\s+of\b)|"
    r"if\s+worst\s+comes\s+to\s+worst|failing\s+that)"
)
""""worst case we're stuck in Denver another night", "best case scenario we land at 6": one
way things may go, said without "if" (not "the worst case of flu I've had")."""
_FEELING_SHARED = (
    r"imagine\s+(?:my|our|his|her|their)\s+(?:surprise|horror|shock|delight|joy|relief|"
    r"embarrassment|face|reaction|disappointment)"
)
""""Imagine my surprise: I'm in Rome and…": the listener asked to share a feeling about
what is told, no scene made up."""
_PICTURED = r"(?:just\s+)?(?:picture|imagine)\s+(?:us|me|yourself|ourselves|myself|you)\b"
""""picture us on a beach in Tulum", "imagine me in a suit": a scene made up (not "picture
this, it's 2am…", a storyteller's opening of what happened)."""
_ONCE = r"once(?!\s+(?:again|more)\b)"
""""once we land" opens a condition; "once again stuck in denver" does not."""
_YEAH_RIGHT = r"^(?:yeah|yea|ya)\s+right\b"
""""yeah right, like we're in tahoe": said to mean the opposite."""
_IRONY = (
    r"\b(?:that's|thats|that\s+is)\s+(?:totally|definitely|so|really|absolutely|def)\s+"
    r"(?:gonna|going\s+to)\s+happen\b|\blike\s+that(?:'ll|\s+will|'s\s+gonna)\s+(?:ever\s+)?"
    r"happen\b|^as\s+if\s+(?:i|we|he|she|they|you|u|that|it|anyone)\b"
)
""""yeah because that's totally gonna happen", "like that'll ever happen", "as if he'd pay
me back": what will not happen, said as if it would."""
CONDITIONAL = branched(
    rf"^(?:without|but\s+for|barring|absent|{_ONCE}|{_SHOULD_INVERSION}|{_WERE_INVERSION}|"
    rf"{_WORST_CASE}|{_PICTURED})\b"
    # "pretend i'm in paris", "let's say we moved": a world made up.
    # ("at my desk pretending to work": a show put on, not a world made up)
    r"(?!\s+upon)|\bpretend(?:ing)?\b(?!\s+to\s+(?!be\b)[a-z]+)|\blet'?s\s+say\b|^say\s+(?=(?:i|we)\b)|"
    rf"{_YEAH_RIGHT}|{_IRONY}|^right,?\s+like\s+(?=(?:i|we|i'm|we're|im|were)\b)|"
    r"\b(?:if|unless|suppose|supposing|assuming|provided|imagine|hypothetically|otherwise|"
    r"whether|in\s+case|in\s+the\s+event|when\s+(?:i|we)\s+(?:retire|win|get\s+rich)|"
    # "as long as the weather holds we'll sail to Mull", "providing the trains run".
    r"(?:as|so)\s+long\s+as|providing|on\s+condition\s+that)\b"
)
INVITED = gated(
    r"(?<=[\w,]\s)if\s+(?:you|u|ya|y'?all|you\s+guys|u\s+guys)\s+(?:wanna|want\s+to|want|fancy|"
    r"feel\s+like)\s+(?:to\s+)?(?:come|coming|join|joining|swing|pop|drop|stop|hang|chill|"
    r"tag\s+along|meet)\b"
)
"""The listener asked along after the fact: "we're all at jess's if u wanna come", "at the
pub if you fancy joining". The wish to come is theirs and no condition is put on the fact
(a wish word in it, "wanna", is not the writer's)."""
LISTENERS_WISH = gated(r"\bif\s+you\s+(?:want|wanna|fancy|'d\s+like|would\s+like|feel\s+like)\b.*$")
"""A condition on the listener's wish ("… if you want to grab lunch"): their want, never
the speaker's wish."""
IF_IDIOM = branched(
    r"\bif\s+(?:you\s+(?:must|want\s+to|wanna)\s+know|you're\s+wondering|you\s+(?:need|want)\s+me|"
    r"that\s+(?:matters|helps)|anything|i\s+recall|i\s+remember\s+correctly|so|you\s+need\b|"
    # Politeness around an arrangement: "sync is at 2pm if that works", "if possible".
    r"that\s+works|that's\s+(?:ok|okay|alright|fine|cool)|possible|"
    # "If it's not too much trouble, could you…": politeness, no condition.
    r"it(?:'s|\s+is)\s+not\s+too\s+much\s+(?:trouble|bother)|it\s+isn't\s+too\s+much\s+(?:trouble|bother))\b|"
    rf"\b{_FEELING_SHARED}\b|"
    # Where the speaker will be, offered for the listener's use: "I'm in the Leeds office
    # Thursday if you want to grab lunch", "we'll be around all weekend if you fancy a walk".
    r"\b(?:be|'m|am|'re|are)\s+(?:[\w'-]+\s+){0,4}?(?:in|at|around|about|home|here|there|back)"
    r"\b[^.;?!]*?\bif\s+you\s+(?:want|wanna|fancy|'d\s+like|would\s+like|feel\s+like|are\s+free|"
    r"'re\s+free|are\s+(?:around|about)|'re\s+(?:around|about))\b|"
    # ... and the offer after the listener's wish: "if you fancy a walk later I'm free".
    r"^if\s+(?:you|u)\s+(?:want|wanna|fancy|'d\s+like|would\s+like|feel\s+like)\b[^.;?!]*?"
    r"\b(?:i'm|im|i\s+am|we're|we\s+are)\s+(?:free|around|about|home|in|here|off)\b|"
    # Permission asked: "mind if we come later", "is it ok if I bring the dog".
    r"\bmind\s+if\b|\b(?:is|would|will)\s+it\s+(?:be\s+)?(?:ok|okay|alright|all\s+right|fine|"
    r"cool|possible)\s+if\b|"
    # No condition at all: "whether or not it rains we're going", "regardless of whether".
    r"\bwhether\s+or\s+not\b|\bregardless\s+of\s+whether\b|"
    # An apology for what may follow from the fact: "i've got a cold, sorry if i'm slow",
    # "apologies in advance if this is long".
    r"\b(?:sorry|apologies|apologi[sz]e|forgive\s+me|excuse\s+me)(?:\s+in\s+advance)?\s+if\b|"
    # The trip's luck after the plan, no condition on it: "sunday night if the trains
    # behave", "back on the 12th if all goes well" ("If weather holds: hike" opens one).
    r"(?<=[\w,]\s)if\s+(?:all\s+goes\s+(?:well|to\s+plan|ok|okay)|(?:the\s+|my\s+|our\s+)?"
    r"(?:trains?|flights?|traffic|weather|roads?|buses|connections?|ferry|ferries)\s+(?:behaves?|"
    r"behave|cooperates?|holds?(?:\s+up)?|(?:is|are|'s)\s+(?:ok|okay|kind|good|on\s+time|fine)|"
    r"plays?\s+nice))\b|"
    # "in case you need me I'm at the library", "in case anyone asks, we're at nan's": the
    # fact is told whatever the listener needs, as with "if you need me".
    r"\bin\s+case\s+(?:you|u|anyone|any1|anybody|someone|somebody)\s+(?:need|needs|want|wants|"
    r"wonder|wonders|wondered|(?:is|are|was|were)\s+wondering|ask|asks|cares?|missed\s+it)\b|"
    r"\bin\s+case\s+(?:you're|youre|ur|u\s+r)\s+wondering\b|"
    # "told to rest for a week and come back if it gets worse", "GP said to ring if the
    # rash spreads": the condition is the instruction's, which was given (a fact).
    r"\b(?:told|said|advised|asked)\s+(?:me|us|him|her|them|mum|dad)?\s*to\s+[^.;!?]*?\bif\b|"
    # "anyone know if the ferry runs in March?": "if" for "whether" after a verb of knowing
    # or asking opens no condition.
    r"\b(?:know|knows|wonder|wondering|wondered|ask|asking|asked|check|checking|see|idea|"
    r"find\s+out|tell\s+(?:me|us))\s+if\b|"
    # "in vegas for a bachelor party, hmu if ur around": an invitation, no condition on the fact.
    r"\b(?:hmu|lmk|let\s+me\s+know|text\s+me|ping\s+me|dm\s+me|call\s+me|holla)\s+if\b|"
    # "at mum's in Leeds till Sunday, come up if you finish early": an invitation to the
    # listener after the fact, the condition the listener's.
    r"(?:,|\b(?:so|just))\s*(?:come|pop|swing|drop|stop|join|visit|ring|call|shout|"
    r"feel\s+free\s+to\s+\w+)\b[^,;.!?]{0,30}?\s+if\s+(?:you|u|ya|y'?all)\b|"
    # "at the seattle office today if anyone wants lunch", "dms open if anyone needs a duo":
    # an offer to the group after the fact, no condition on it.
    r"(?<=[\w,]\s)if\s+(?:any\s*one|anybody|any1|someone|somebody|y'?all)(?:\s+(?:wants?|needs?|"
    r"fancies)|(?:\s+is|'s)\s+(?:around|about|free|up\s+for|down|in\s+town))\b|" + INVITED.pattern
)
OPENS_SCOPE = gated(
    rf"{_HAD_INVERSION}|{_YEAH_RIGHT}|"
    r"^(?:if|unless|suppose|supposing|assuming|provided|providing|(?:as|so)\s+long\s+as|"
    rf"imagine(?!\s+(?:my|our|his|her|their)\s)|"
    r"in\s+case|without|"
    rf"but\s+for|barring|{_ONCE}|{_SHOULD_INVERSION}|{_WERE_INVERSION}|{_WORST_CASE}|"
    rf"were\s+{SUBJECT_PRONOUN}\s+to|what\s+if|if\s+only)\b|"
    # "One day, when the children are grown, I shall go back to Kerala": a day nobody can
    # name frames what follows it (not "One day, when I was ten, …": a day in a story).
    r"^(?:one\s+day|some\s*day|one\s+of\s+these\s+days)\s*,(?![^.;]*\b(?:was|were|had|did|\w+ed)\b)"
)
_BACK_EXPECTED = r"(?!\s+(?:be\s+(?:back|home|there|here|(?:in|at)\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?\s+by(?!\s+now\b))|land|arrive|get\s+(?:in|there|here|home)|be\s+(?:landing|arriving|getting\s+(?:in|there|here|home)|pulling\s+in))\b(?![^.;]*\bby\s+now\b))"
"""Not "we should be back sunday night", "should be home by saturday", "should be there by
6", "should be in leeds by 5", "should land around 5": an arrival or a return expected ("should be there by now" is
what has not happened)."""
WISH = gated(
    rf"\bwish(?:es|ed)?\b(?!\s+(?:me|us|him|her|them)\s+luck)|\b{SUBJECT_PRONOUN}'d\s+(?!better\b)[a-z]+|\b(?:would|'d)\s+(?:rather|love|like|prefer|want|be(?!\s+(?:grateful|obliged))|go|stay|move|live|"
    rf"take|fly|choose|pick|say|need)\b|\bit(?:\s+would|'d)\s+be\b|\bwould\b(?!\s+(?:really\s+|greatly\s+)?(?:appreciate|be\s+(?:grateful|obliged)))|\bmaybe\s+we\b|"
    rf"\b{SUBJECT_PRONOUN}\s+(?:\w+\s+)?(?:could|should{_BACK_EXPECTED}|ought\s+to)\b|"
    rf"\bshould(?:n't)?\b{_BACK_EXPECTED}|\bideally\b|\bhow\s+about\b|\bwhat\s+about\b|"
    rf"\bwhy\s+don't\s+we\b|\blet's\b|\blet\s+us\b|\b(?:hope|hoping|dream|dreaming|praying|"
    # "fingers crossed the landlord gives the deposit back", "touch wood", "god willing"
    rf"fingers\s+crossed|touch\s+wood|knock\s+on\s+wood|god\s+willing|inshallah|"
    # "manifesting a snow day", "manifesting a promotion this year": hoped for, not had.
    rf"fantasi[sz]ing|manifesting)\b|"
    # "I'd been meaning to visit Mum in Perth", "we've been wanting to try Crete": an
    # intention kept, not yet acted on (not "we'd been planning it for months": a plan).
    rf"\bbeen\s+(?:meaning|hoping|wanting|dying|itching)\s+to\b|"
    # "I trust the documents arrived safely", "we trust you had a good trip": a letter's hope.
    rf"\b(?:i|we)\s+trust\s+(?:that\s+)?(?:the\s+\w+|you|your\s+\w+|this|it|all|everything|they|"
    rf"he|she)\s+(?:\w+ed|got|had|has|have|is|are|was|were|will|went|came|found|made|reached)\b|\b(?:want|wants|wanted)\s+to\b|\bwanna\b|\bsomeday\b|\bsome\s+day\b|"
    rf"\bone\s+day\b|\bone\s+of\s+these\s+days\b|\bbucket\s+list\b|\bif\s+only\b|\bcould\s+(?:go|be|move|try|do)\b|"
    rf"\b(?:alternate|parallel)\s+(?:universe|reality|timeline)\b|\bin\s+another\s+life\b|"
    # "in my next life I'll keep goats", "in another lifetime": a life that is not this one.
    rf"\bin\s+(?:my|your|our|his|her|a|the)\s+next\s+life(?:time)?\b|\bin\s+another\s+lifetime\b|"
    rf"\bin\s+(?:my|your)\s+dreams\b|\bin\s+a\s+perfect\s+world\b|"
    # "i must try that new taco place", "we really must visit Lisbon": a must-do, a wish
    # (not "we must leave by 5": what has to be done).
    rf"\bmust\s+(?:(?:really|definitely|totally)\s+)?(?:try|check\s+out|visit|see|watch|read|"
    rf"go\s+back|come\s+back|get\s+(?:a|one|some))\b"
)


HEDGE = gated(
    r"\b(?:might|maybe|perhaps|possibly|potentially|not\s+sure|unsure|undecided|thinking\s+"
    r"(?:about|of)|considering|contemplating|debating|toying\s+with|weighing|torn\s+between|"
    # "Mum's mulling over selling up", "we're in two minds about Leeds": a choice weighed.
    r"mulling|pondering|in\s+two\s+minds|on\s+the\s+fence|"
    r"can't\s+decide|wondering|(?<!whether\s)or\s+not|depends|tbd|up\s+in\s+the\s+air|don't\s+think|doubt|"
    r"not\s+certain|no\s+idea|idea\s+is|chance|hopefully)\b|"
    # "i don't know if we'll fly to Boston", "dont know where ill be next week": a plan not
    # yet known to the speaker.
    # ("idk where im living next year": the present of a plan after "idk" too)
    r"\b(?:don't|do\s+not|dunno|no\s+clue|idk)\s+(?:know\s+)?(?:if|whether|where|when)\b"
    r"(?=[^.;?!]*\b(?:will|'ll|ill|gonna|going\s+to|be|go|fly|move|living|staying|moving|"
    r"going|flying)\b)|"
    # "i'll probably move to Denver at some point", "we will eventually move to Austin": a
    # future with no time in it is a maybe, not a plan.
    r"\b(?:will|'ll|gonna|going\s+to)\b[^.;?!]*\b(?:at\s+some\s+point|eventually|sooner\s+or\s+"
    r"later|down\s+the\s+(?:road|line))\b|\b(?:at\s+some\s+point|eventually|sooner\s+or\s+later)"
    r"\b[^.;?!]*\b(?:will|'ll|gonna|going\s+to)\b"
)
# "When we're back in Portland, ..." / "once we get home": a time still to come, not a
# fact; the clause it introduces is what is claimed, so no scope is opened.
WHEN_PRESENT = gated(
    rf"^(?:when|whenever|once|as\s+soon\s+as|after|before|until|till)\s+{SUBJECT_PRONOUN}(?:'re|'m|\s+"
    r"(?:are|am|is|get|gets|arrive|arrives|land|lands|come|comes|go|goes|head|heads|leave|"
    r"leaves|return|returns|finish|finishes|move|moves))\b"
    # Learners' "when I am child" is a childhood, behind ("when I'm old" is still ahead).
    r"(?!\s+(?:a\s+)?(?:kids?|child|children|little|small|boys?|girls?|baby|teens?|teenagers?)\b)"
)
_MAY = gated(r"\bmay\b(?!\s*\d)")
_MAY_MONTH = gated(
    r"\b(?:in|on|of|for|from|to|by|until|till|through|early|late|mid|since|this|next|last|before|"
    r"after|during)\s+may\b|\bmid-\s*may\b|\bmay\s+(?:\d|first|second|third|fourth|fifth|\w+th)\b|"
    # "in Crete 10-17 May", "back 3rd May": the day before the month, the British way.
    r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?may\b(?!\s+(?:be|have|go|come|not|need|want|get|take|"
    r"make|see|well|also|still|just)\b)"
)


def may_hedge(low: str) -> bool:
    return _MAY.search(low) is not None and _MAY_MONTH.search(low) is None
