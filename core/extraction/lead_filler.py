"""What a clause opens with before its news: filler, a label, a greeting, a call-out.

"ok so we landed", "Handover note: I'm away…", "from the childminder: Leo has a temp",
"gg everyone, flying to Seoul tomorrow": ``lead_stripped`` takes the opener off a
clause (``segments.split_segments`` calls it on each piece), but keeps a heading that
names a known place ("Quick update from Kyoto: …" says where the writer is).
"""

from __future__ import annotations

import re

from core.extraction import gazetteer
from core.extraction.word_gates import gated


def lead_stripped(piece: str) -> str:
    """``piece`` without its leading filler or label; a heading's place is kept ("Quick
    update from Kyoto: …" is written there, so it says where the writer is)."""
    m = _LEAD_FILLER.match(piece)
    if m is None:
        return piece
    src = _FROM_WHERE.match(piece)
    if src is not None and gazetteer.lookup(gazetteer.key_of(src.group(1))) is not None:
        return piece
    return piece[m.end() :]


_FROM_WHERE = gated(r"(?:[a-z']+\s+){1,2}?from\s+([\w'][\w' ]*?)\s*[:,-]", re.I)
_LEAD_FILLER = gated(
    r"^(?:(?:oh|ok|okay|so(?!\s+long\s+as\b)|well|btw|nb|n\.b\.|\[\s*[x\u2713\u2714]\s*\]|by the way|fyi|update|correction|heads up|quick update|"
    r"just so you know|just so (?:everyone|you all|y'all|u) knows?|just fyi|note|also|anyway|yeah|yes|yep|great news|good news|"
    r"bad news|ugh|wow|alright|guess what|looking back|in hindsight|in retrospect|thinking back|"
    r"honestly|basically|tbh|did i (?:tell|mention to) you(?: that)?|dear diary|diary|journal|"
    r"did i mention(?: that)?|(?:route|itinerary|agenda)(?=\s*:)|"
    # "Handover note: I'm away…", "shift notes: …", "travel update: …", "PSA: …": a label
    # that names the kind of message before its colon.
    r"(?:for\s+)?(?:[a-z']+\s+){0,2}?(?:note|notes|update|memo|handover|handoff|psa|announcement|"
    r"shift|team|record|everyone|all)(?=\s*:)|"
    # "Note for Priya:": whom the note is for ("note" itself is stripped above)
    r"(?:for|to)\s+[a-z]+(?=\s*:)|"
    # Whom the news came from, as a heading: "from the childminder: Leo has a temp", "word
    # from school: …" (a relative's own words are read by ``handed_on`` first).
    r"(?:quick\s+(?:one|note|msg|update|word)\s+)?(?:(?:msg|message|text|note|email|voicemail|word|"
    r"news)\s+)?from\s+(?:the\s+|my\s+|our\s+)?"
    r"(?:[a-z']+\s+){0,2}?[a-z']+(?=\s*:)|"
    # Chat's and couples' openers: "afk, dads home", "brb", "babe the bill is $212".
    r"afk|brb|ngl|babe|hun|hon|"
    # A confirmation's headline before what it confirms: "Booking confirmed ✈️ Dublin →
    # Barcelona, Thu 12 Mar", "Reservation confirmed: …" (the booking is the news after it).
    r"(?:your\s+)?(?:booking|reservation|trip|flight|ticket|order|itinerary)\s+(?:is\s+)?"
    r"(?:confirmed|booked|complete|ready)(?=\s*(?:[,!:.-]|\W{1,3}\s))|"
    # A gamer's or streamer's sign-off or call to the chat before the news: "gg everyone,
    # flying to Seoul tomorrow", "ok chat, no stream tonight", "glhf all" (not "chat is dead").
    r"(?:(?:gg|ggs|glhf|gm|gn|ok|okay|yo|hey|hi|sorry)(?:\s+(?:everyone|everybody|all|guys|"
    r"chat|y'all|yall|lads|team|squad|fam))?|chat)(?=\s*[,!:.-])|"
    # Politeness before a desk's question: "Sorry to bother you, is the pool heated".
    r"sorry\s+to\s+(?:bother|trouble|disturb)\s+you|quick\s+question|excuse\s+me|"
    # A voice note's "quick one, ..." before the news (not "quick one at the pub later?").
    r"quick\s+one(?!\s+(?:at|after|later|tonight|before|in|down|round)\b)(?=\s*[,:!.-]|\s+[a-z])|"
    # A greeting run straight into the news, no name and no comma: "hey so um just wanted to
    # let you know…", "hi so we landed".
    r"(?:hey|hi|hiya|heya|yo)(?=\s+(?:so|ok|okay|um|uh|just|quick|fyi|btw)\b)|"
    # Whom a teen or a friend calls out to before the news: "bro im stuck in manchester",
    # "dude we're finally in Vegas", "sis i'm at the airport" (not "bro is sick").
    r"(?:bro|bruh|bruv|dude|mate|fam|sis|girl|guys|omg|lol|lmao|ffs)(?=\s+(?:i|i'm|im|we|we're|were|"
    r"i've|we've|my|our)\b)|"
    # A laugh before where the writer is, said without "I'm": "lol in tahoe since yesterday!!",
    # "haha in vegas since friday" (the laugh says nothing; "in" and the place say it).
    r"(?:lol+|lmao+|lmfao|haha(?:ha)*|hehe|omg|ugh|welp)(?=\s+(?:still\s+)?in\s+[A-Za-z])|"
    # The writer's frame around news of the listener: "guess you made it to Leeds ok", "i
    # see you're back in town", "glad u got home safe". What follows is the listener's.
    r"(?:(?:i|so|really|just)\s+)?(?:guess|bet|hear|heard|take\s+it|assume|gather|glad|happy|"
    r"relieved|checking|making\s+sure)"
    r"(?=\s+(?:that\s+)?(?:you|u|ya|y'all|you've|youve|you're|youre|ur)\b)|"
    # "i see you're back" ("see you next week" is a goodbye, left to the chat rules).
    r"(?:so\s+)?i\s+see(?=\s+(?:that\s+)?(?:you're|youre|you've|youve|you\s+(?:are|have|got|made|"
    r"finally)|u\s+(?:r|are|got|made)|ur)\b)|"
    # "scratch that, we're staying in Tahoe": the last message taken back, then the news.
    r"(?:scratch|cancel|ignore|disregard|forget)\s+that(?=\s*[,:!.-]|\s+(?:the|my|our|we|"
    r"it's|we're|i'm)\b)|never\s*mind(?=\s*[,:!.-]))\b[\s,:!.-]*)+",
    re.I,
)
