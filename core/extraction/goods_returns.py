"""Goods sent back, and the words that name the thing a money clause is about.

A return of goods is an errand of its own (``financial.<shop>_return``): "gotta return
the amazon boots" is due, "sent the jacket back to zara" went back (pending its refund).
What ends the name of the thing paid for or sent back (``ITEM_STOP``) and what makes a
word money's (``FINANCIAL_WORDS``) are read by ``rules_financial`` too.
"""

from __future__ import annotations

import re

from core.extraction.clause import Clause, phrase_after
from core.extraction.organisations import known_organisation, organisation_slip
from core.extraction.paid_or_owed import not_paid
from core.extraction.word_gates import gated

# Where the thing paid for ends: a pronoun starts the next clause of a run-on ("paid the
# car insurance it was…"), and a chat message ends on "ugh", "lol" ("still havent paid the
# credit card ugh").
ITEM_STOP = frozenset(
    ["it", "i", "we", "they", "for", "from", "at", "on", "to", "today", "yesterday", "tomorrow",
     "yet", "still", "ugh", "lol", "lmao", "haha", "omg", "smh", "btw", "fyi", "again", "this",
     "last", "next", "with", "via", "and", "but", "so", "is", "was", "already", "finally", "just",
     "off", "in", "using", "online", "which", "that", "it's", "by", "due", "before", "until",
     "every", "asap", "tonight", "tmrw", "soon", "later", "earlier", "now", "through", "thru"]
)  # fmt: skip

FINANCIAL_WORDS = gated(
    r"\b(?:rent|bill|bills|invoice|mortgage|subscription|membership|order|refund|return|"
    r"payment|tuition|insurance|loans?|tax|taxes|fees?|fine|ticket|deposit|premium|charge|package|"
    r"purchase|credit\s+card|debt|co-?pay|dues|tuition|car\s+lease|overdraft|arrears|"
    # The monthly payment on a loan, as Americans say it: "paid the car note".
    r"(?:car|house|truck)\s+note|"
    r"charges|levy|rates|"
    r"(?:phone|mobile|broadband)\s+contract|"
    # Those paid for looking after the household: "still haven't paid the nursery".
    r"nursery|daycare|childminder|creche|nanny|babysitter|cleaner|tutor)\b"
)

# Sending something back for a refund. The catalogue has no "returned" status: an open
# return is "due" (it still has to go back), a return that went back is "pending" (the
# refund is awaited), then "refunded". Its field is named after the shop when one is
# named ("the Amazon package" -> amazon_return), so later news about "the Amazon return"
# lands on the same field.
_RETURNED = gated(
    r"\b(?:returned|sent\s+back|shipped\s+back|mailed\s+back|posted\s+back|dropped\s+off|took\s+back|"
    r"brought\s+back)\s+"
)
_BACK_AFTER = gated(
    r"\b(?:(?:sent|shipped|mailed|posted|took|brought|sending|shipping|mailing|posting|taking|"
    r"bringing|send|ship|mail|post|take|bring)\s+(?P<obj>(?:(?P<det>the|my|our|those|these|that|"
    r"this)\s+)?(?:[\w&'-]+\s+){0,2}?)(?P<back>back)|"
    r"(?:dropped|dropping|drop)\s+(?P<obj2>(?:the|my|our|those|these|that|this)"
    r"\s+(?:[\w&'-]+\s+){0,2}?)(?P<back2>off))\b"
)
"""The particle after the thing sent: "sent the jacket back to zara", "posted the dress back",
"sending the boots back on monday", "gotta send amazon stuff back"; and the particle of "dropped
the amazon return off at ups"."""
_TO_DO = (
    r"(?:\b(?:need|needs|have|has|gotta|must|got\s+to|still\s+have\s+to|remember\s+to|"
    r"remind\s+(?:me|us)\s+to|forget\s+to|going\s+to|gonna|will|'ll|should)\s+(?:to\s+)?"
    r"|^(?:(?:oh\s+)?(?:and|also|just|then)\s+)*)"
)
"""Before an errand's verb: "need to", "gotta", "will"; or nothing, at the start of the
clause, where it is a command to oneself ("send the amazon parcel back tomorrow"), read as
a to-do only when ``core.extraction.errand_notes`` says so."""
_TOOK_RETURN = gated(
    r"\b(?:took|dropped|mailed|posted|shipped|sent|couriered|handed\s+in)\s+"
    r"(?=(?:(?:the|my|our|that|this)\s+)?(?:[\w&'.-]+\s+){0,2}return\b(?!\s+"
    + r"(?:flights?|trips?|tickets?|journey|legs?|label|policy|window|address|form)\b))"
)
"""A return named as the errand, done: "took the amazon return to the post office",
"dropped the zara return at ups"; it went back. ("did the amazon return" is read where the
errand is known, by the conversation.)"""
_RETURN_DUE = gated(
    _TO_DO + r"(?:return|send\s+back|ship\s+back|"
    r"take\s+back|bring\s+back|mail\s+back|post\s+back)\s+"
)
_TRAVELLERS = (
    r"(?:flights?|trips?|tickets?|journey|dates?|legs?|home|label|policy|window|address|"
    r"details|info|form|drive|train|ferry|bus)"
)
"""What a "return" names when it is no goods: a return flight, trip or ticket is a
traveller's; a return label or policy is about the errand, not the errand."""
_DO_RETURN = gated(
    _TO_DO + r"(?:do|make|drop(?:\s+off)?|mail|post|courier|ship|send|"
    r"take|run|pick\s+up|deal\s+with|sort(?:\s+out)?|handle|get\s+to|finish|"
    r"get(?=\s+(?:(?:the|my|our|that|this)\s+)?(?:[\w&'.-]+\s+){0,2}return\s+(?:done|sorted)\b))\s+"
    r"(?=(?:(?:the|my|our|that|this)\s+)?(?:[\w&'.-]+\s+){0,2}return\b(?!\s+"
    + _TRAVELLERS
    + r"\b))"
)
"""A return named as a chore: "gotta do the amazon return by friday", "need to drop off
the Nike return", "have to drop the amazon return at ups", "gotta pick up the amazon
return", "still have to deal with (sort out, get to) the zara return", "need to get the
amazon return done"; what follows is the errand itself. A return trip or flight to make or take is a traveller's."""
_FORGOTTEN_RETURN = gated(
    r"\b(?:forgot|forgotten|forget|(?:still\s+)?(?:haven'?t|havent|didn'?t|didnt)\s+(?:done|do))"
    r"\s+(?:about\s+)?(?=(?:(?:the|my|our|that|this)\s+)?(?:[\w&'.-]+\s+){0,2}return\b"
    r"(?!\s+" + _TRAVELLERS + r"\b))"
)
"""A return left undone: "ugh forgot the amazon return", "still haven't done the zara
return"; it is still due. A return flight, trip or ticket is a traveller's."""
_RETURNING = gated(
    r"\b(?:returning|sending\s+back|shipping\s+back|mailing\s+back|posting\s+back|"
    r"dropping\s+off|taking\s+back|bringing\s+back)\s+(?=(?:the|my|our|those|these|that|this|a|an)"
    r"\s)"
)
"""A return told as a plan, in the progressive: "returning the jacket to zara tomorrow",
"dropping off the amazon return"; what is sent is named with its article, so "returning to
Lisbon" and "returning home" (a person coming back) are not goods."""
_NAMED_RETURN = gated(
    r"^(?:(?:the|my|our)\s+)?(?P<obj>[\w&'.-]+(?:\s+[\w&'.-]+)?)\s+return(?:'s|\s+is)?\s+"
    r"(?:on\s+|by\s+)?(?=\S)"
)
"""A return named after its shop and a day: "the amazon return is tomorrow", "ikea return
friday" (the day itself is checked by the caller: only a day may follow)."""
_NO_GOODS = frozenset(
    [
        "call",
        "calls",
        "favor",
        "favour",
        "favors",
        "favours",
        "email",
        "emails",
        "message",
        "messages",
        "text",
        "texts",
        "visit",
        "serve",
        "smile",
        "compliment",
        "wave",
        "ball",
    ]
)
"""What is returned and is no goods: "returned the call to amazon", "return the favour"."""
_CARRIERS = frozenset(["UPS", "FedEx", "USPS", "DHL"])
"""Who carries goods back, never the shop they go back to."""
_RETURN_TO = gated(r"\s+to\s+(?P<m>[\w&'.-]+)(?:\s+(?P<m2>[\w&'.-]+))?")  # not "at UPS"
RETURN_WORDS = frozenset(["return", "return's", "returned", "returning", "back", "off"])
_SHOP = gated(r"[A-Z][\w&'.-]*")
TO_DO_LINE = gated(r"(pay|renew|return)\s+")
"""A to-do line's verb: "- [ ] Pay rent by Friday", "- [x] Return Amazon package"."""
ADJ = gated(r"^(?:new|brand\s+new|used|some|another|nice|cheap)\s+", re.I)
"""A word before the thing that says nothing of which it is: "the new jacket"."""


_WHEN_BACK = gated(
    r"(?:on\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|tues|wed|thu|thurs|fri|sat|"
    r"sun|tomorrow|tmrw|tonight|today|next|this|home|back|(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\b|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d)\b",
    re.I,
)
"""What follows "return" when it is a day or home: a person coming back, not goods."""


def goods_return(clause: Clause, text: str, priced: bool) -> tuple[str, str, str | None]:
    """A return of goods: ("Amazon return", "pending") for "I returned the Amazon
    package"; a to-do line or "need to return ..." is still due. The shop it goes back
    to comes third. ``text`` is the clause with amounts blanked out."""
    text = _particle_first(text)
    low = text.lower()
    if m := _RETURNED.search(low) or _TOOK_RETURN.search(low):
        status = "pending"
        if (undone := not_paid(low, m.start())) is not None:
            if not undone:
                return "", "", None  # "never returned the amazon stuff": a story, no errand
            status = "due"  # "still haven't returned the amazon stuff": it has to go back
    elif m := (
        _RETURN_DUE.search(low)
        or _DO_RETURN.search(low)
        or _FORGOTTEN_RETURN.search(low)
        or _RETURNING.search(low)
    ):
        # A to-do line ticked done ("- [x] Return Amazon package") went back.
        status = "pending" if clause.markdown and clause.done else "due"
    elif named_ahead := _named_return_ahead(clause):
        return named_ahead
    elif clause.markdown and (m := TO_DO_LINE.match(low)) and m.group(1) == "return":
        status = "pending" if clause.done else "due"
    else:
        return "", "", None
    # What is sent back ends where a day begins: "return the zara dress saturday".
    day = next((t.start for t in clause.times if t.start >= m.end()), len(text))
    obj, end = phrase_after(text[:day], m.end(), max_words=3, stop=ITEM_STOP)
    obj = ADJ.sub("", obj)
    if _WHEN_BACK.match(obj):
        return "", "", None  # "I will return Sunday": the traveller comes back, no goods
    if any(w in _NO_GOODS for w in obj.lower().split()[-1:]):  # the last word names it
        return "", "", None  # "returned the call to amazon": a courtesy, nothing sent back
    shop = _RETURN_TO.match(text, end)
    # "... to Zara", and typed in lower case a shop everyone knows ("... to amazon").
    named = None
    if shop is not None and shop.group("m2"):
        # "... to john lewis": a shop of two words, known in any case
        named = known_organisation(f"{shop.group('m')} {shop.group('m2')}")
    if shop is not None and named is None:
        named = _shop_name(shop.group("m"))
    # "take the amazon return to ups": the carrier takes it back, Amazon gets it; and what a
    # carrier takes is goods ("return the shoes to ups").
    carried = named in _CARRIERS
    if carried:
        named = None
    shop = shop if named is not None else None
    if named is None and len(two := obj.split()[:2]) == 2:
        named = known_organisation(" ".join(two))  # "the John Lewis return"
    if named is None and (first := _SHOP.match(obj[:1].upper() + obj[1:])):
        # "the Amazon package", "Nike shoes"; typed in lower case, a shop everyone knows
        # ("the amazon package") is the same errand as the capitalised one.
        named = first.group() if obj[:1].isupper() else known_organisation(first.group())
    if named is None and obj:
        # "gotta do the amzon return": a known shop typed with a slip is that shop's return,
        # the same errand as "the Amazon return" said later.
        named = organisation_slip(obj.split()[0])
    # Goods, not "returned the call" or "dropped off the kids": a shop, a price or a parcel.
    if named is None and not (obj and (carried or priced or FINANCIAL_WORDS.search(obj.lower()))):
        return "", "", None
    # "do the blender return": the thing is what goes back, "return" is said once.
    thing = named or re.sub(r"\s+return$", "", obj, flags=re.IGNORECASE)
    return f"{thing} return", status, named if shop else None


def _named_return_ahead(clause: Clause) -> tuple[str, str, str | None] | None:
    """ "the amazon return is tomorrow", "Zara return's on Monday": a shop's return and
    the day it is made, due. Only a shop names it ("my return is on the 6th" is a trip's),
    and only a day ahead may follow: "the ikea return is a pain" says nothing of when."""
    said = clause.text.strip()  # ``text`` has its dates blanked out; the day is wanted here
    m = _NAMED_RETURN.match(said.lower())
    if m is None or not any(not t.past for t in clause.times):
        return None
    rest = said.lower()[m.end() :]
    if not _WHEN_BACK.match(rest) or rest.startswith(("home", "back")):
        return None
    obj = said[m.start("obj") : m.end("obj")]
    named = obj if obj[:1].isupper() else known_organisation(obj)
    if named is None:
        return None
    return f"{named} return", "due", None


_GOES_BACK = gated(
    r"(?:(?:the|my|our|that|this)\s+)?(?P<obj>[\w&'.-]+(?:\s+[\w&'.-]+)?)\s+(?:"
    r"(?:still\s+)?(?:has|needs|have|need)\s+to\s+(?:go|be\s+sent|be\s+taken|be\s+mailed)\s+back|"
    r"(?:still\s+)?needs?\s+(?:returning|sending\s+back|taking\s+back|to\s+be\s+returned|"
    r"posting|mailing|shipping|to\s+be\s+(?:posted|mailed|shipped))|"
    r"return\s+(?:still\s+)?needs\s+(?:doing|to\s+be\s+done)|return\s+is\s+still\s+to\s+do|"
    # "amazon return still not done", "...not done yet", "...did not get done": undone now.
    r"return\s+(?:is\s+|'s\s+|has\s+)?(?:still\s+)?(?:not|never)\s+(?:been\s+)?(?:done|sorted)|"
    r"return\s+(?:still\s+)?(?:did\s+not|didn'?t|never|has\s*n'?t)\s+(?:got|get|gotten|been)\s+"
    r"(?:done|sorted)|"
    # "amazon return before we go", "zara return b4 the trip": still to go back, by then.
    r"return\s+(?:before|b4)\b|"
    # "the zara return is still sitting in my boot": still here, so not yet gone back.
    r"return\s+(?:is\s+|'s\s+)?still\s+(?:sitting\s+|lying\s+)?(?:in|on|by)\s+(?:the|my|our)\s)\b"
)
"""Goods said to be still going back, the thing as the subject: "the amazon thing has to go
back by friday", "the zara jeans still need returning", "amazon return still needs doing",
"amazon return still not done", "the zara return is still in my boot"."""


_NEXT_FACT = gated(r"[,;]\s+|\s(?:and|but|so|plus)\s+")


def still_to_go_back(clause: Clause) -> tuple[str, str, str | None] | None:
    """A shop's goods the clause says still have to go back: due. Only a shop names it
    ("the dog has to go back to the vet" is no return)."""
    said = clause.text.strip()
    low = said.lower()
    # The goods may follow another fact: "arrived tahoe last nite, amazon return still not
    # done", "we're already in tahoe and the amazon return is still in the car".
    starts = [0, *(b.end() for b in _NEXT_FACT.finditer(low))]
    m = next((g for at in starts if (g := _GOES_BACK.match(low, at)) is not None), None)
    if m is None:
        return None
    first = said[m.start("obj") : m.end("obj")].split()[0]
    named = first if first[:1].isupper() else known_organisation(first)
    return None if named is None else (f"{named} return", "due", None)


def _particle_first(text: str) -> str:
    """ "sent the jacket back to zara" as "sent back the jacket to zara" (the same length,
    so positions in the clause still hold)."""
    # Without its determiner the thing must be a shop's ("send amazon stuff back"), not
    # "send him back".
    m = next(
        (
            g
            for g in _BACK_AFTER.finditer(text.lower())
            if g.group("obj") is None
            or g.group("det") is not None
            or (g.group("obj").strip() and _shop_name(g.group("obj").split()[0]) is not None)
        ),
        None,
    )
    if m is None:
        return text
    o, b = ("obj", "back") if m.group("obj") is not None else ("obj2", "back2")
    obj, back = text[m.start(o) : m.end(o)], text[m.start(b) : m.end(b)]
    return f"{text[: m.start(o)]}{back} {obj.rstrip()}{text[m.end(b) :]}"


def _shop_name(word: str) -> str | None:
    """A shop's name as written ("Zara"), or a well-known one typed in lower case."""
    return word if word[:1].isupper() else known_organisation(word)


def goods_words(text: str) -> frozenset[str]:
    """The words naming the goods a message sends back, lower case: "boots" for "need to
    send back the amazon boots before we leave", "amazon boots" for "the amazon boots have
    to go back"; empty when it names none. Read off the hot path, of an errand's own
    message, so later words about the same goods ("dropped the boots at ups") find it."""
    low = _particle_first(text).lower()
    m = (
        _RETURNED.search(low)
        or _RETURN_DUE.search(low)
        or _DO_RETURN.search(low)
        or _FORGOTTEN_RETURN.search(low)
        or _RETURNING.search(low)
    )
    if m is not None:
        thing, _ = phrase_after(low, m.end(), max_words=3, stop=ITEM_STOP)
    elif goes := _GOES_BACK.match(low.strip()):
        thing = goes.group("obj")
    else:
        return frozenset()
    return frozenset(ADJ.sub("", thing).split())
