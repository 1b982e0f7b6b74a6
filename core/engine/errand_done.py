"""'returned it', 'dropped off the amazon package': the errand still to do is done.

The extractor reads each message alone: "returned it" names no errand ("it" is whatever
the user has to return), "sent the package back" names one of its own (a package return),
and "the return's done" says nothing it can place. Canon knows which errands are still
to do (``financial.<errand>.status`` = due): an errand said done in the user's own past
words ("returned it", "dropped it off", "sent it back", "took it to ups", "the return's
done", "finally did the amazon return", "amazon return done") is that errand, now sent back (``pending``: a return waits for its refund), when
the words can only mean it: "it" (or no object) while exactly one errand is open, or a
thing named with a word of that errand's name ("the amazon package") or with no name
at all ("the package") while it is the only one; goods said first ("the amazon package
i sent it yesterday") are the "it" after them. A plan ("i'll drop it off tomorrow"), a
question ("did you return it?"), someone else's doing ("she returned it"), a denial
("haven't returned it") and a thing of another name ("dropped off the ikea box") are not.
Asked, never taken: Canon chose the errand ("Mark the Amazon return done?").

A pure function of the message's payloads and words and the speaker's committed values.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from core.domain.errands import ERRAND_WHICH, errand_status_of, returns_held
from core.domain.state import Scalar
from core.extraction.organisations import known_organisation

_WORD = (
    r"(?!(?:at|to|with|off|back|on|in|into|for|from|and|but|so|today|yesterday|tonight|"
    r"earlier|lol|already|finally|just|is|are|was|were|went|got|have|has|i|we|she|he|they|you)"
    r"\b)[a-z'&-]+"
)
_THING = (
    rf"(?:(?:the|my|our|those|these|that|this)\s+(?:{_WORD}\s+){{0,2}}{_WORD}|it|that|this|them)"
)
"""What went back: a pronoun, or a thing with its article ("the amazon boots")."""
_AFTER = r"(?P<p>[a-z'&.-]+(?:\s+[a-z'&.-]+){0,2})"
"""Where it went, up to three words, checked by ``_a_drop_place``."""
_LEAD = (
    r"^(?:(?:ok(?:ay)?|so|yay|phew|whew|finally|also|and|just|btw|oh|well|update)\W+)*"
    r"(?:(?P<who>i|we)(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+|already\s+)?"
)
_PRESENT_FORMS = r"(?:return|drop|send|mail|ship|post|take)s?"
"""A learner's present for the past ("i drop them at ups", "i send it yesterday")."""
_DONE = re.compile(
    _LEAD + r"(?:"
    rf"(?:returned|returns?)(?:\s+(?P<a>{_THING}))?"
    rf"|(?:dropped|drops?)\s+(?:(?P<b>{_THING})\s+off|off(?:\s+(?P<c>{_THING}))?)"
    rf"|(?:dropped|drops?)\s+(?P<h>{_THING})\s+(?:at|to|with|in)\s+{_AFTER}"
    rf"|(?:sent|mailed|shipped|posted|(?:send|mail|ship|post)s?)\s+"
    rf"(?:(?P<d>{_THING})\s+back|back(?:\s+(?P<e>{_THING}))?)"
    # "sent the shoes today", "posted the boots off to amazon": no "back", so only goods the
    # errand named count (checked in ``_done_errands``); sent somewhere, only to a drop place.
    rf"|(?:sent|mailed|shipped|posted|(?:send|mail|ship|post)s?)\s+(?P<l>{_THING})(?:\s+off)?"
    r"(?:\s+(?:to|at|with|via)\s+(?P<s>[a-z'&.-]+(?:\s+[a-z'&.-]+){0,2}))?"
    rf"|(?:took|takes?)\s+(?P<f>{_THING})\s+"
    r"(?:back|to\s+(?P<q>[a-z'&.-]+(?:\s+[a-z'&.-]+){0,2}))"
    r"|(?P<g>the\s+(?:[a-z'&-]+\s+)?return)(?:'s|\s+is)\s+(?:done|sorted|in|back)"
    # "finally did the amazon return", "did the return today": the chore itself, done; only
    # when the clause ends there or a when-word follows ("did the return get processed" asks).
    r"|did\s+(?P<j>(?:the|my|our|that)\s+(?:[a-z'&-]+\s+)?return)"
    r"(?=\s*$|\s*[.!,;]|\s+(?:today|yesterday|this\s+morning|earlier|already|btw|finally|lol|"
    r"just\s+now|at\s|on\s+the\s+way)\b)"
    # "amazon return done", "return sorted ✅": the errand named, then done.
    r"|(?P<k>(?:(?:the|my|our)\s+)?(?:[a-z'&-]+\s+)?return)\s+(?:done|sorted|dropped\s+off)"
    r"(?=\s*$|\W)"
    # "boots are back with amazon", "the boots went back": the goods as the subject.
    rf"|(?P<i>(?:(?:the|my|our|those|these)\s+)?(?:{_WORD}\s+){{0,2}}{_WORD})\s+"
    r"(?:(?:went|(?:have|has|'ve)\s+gone|got\s+sent|are\s+on\s+(?:their|its)\s+way)\s+back"
    r"|(?:are|is|'s|'re)\s+back\s+(?:with|to|at)\s+(?P<r>[a-z'&.-]+(?:\s+[a-z'&.-]+){0,2}))"
    # "the shoes are returned finally", "the package got sent back": the goods, passive.
    rf"|(?P<m>(?:(?:the|my|our|those|these|that|this)\s+)?(?:{_WORD}\s+){{0,2}}{_WORD})\s+"
    r"(?:are|is|was|were|got|get|gets|(?:have|has)\s+been)\s+(?:now\s+|finally\s+|all\s+|just\s+)?"
    r"(?:returned|(?:sent|mailed|shipped|posted)\s+back|dropped\s+off)"
    r")\b",
)
_PRESENT = re.compile(_LEAD + _PRESENT_FORMS + r"\b")
_PAST_MARK = re.compile(
    r"\b(?:yesterday|finally|already|just\s+now|earlier|this\s+morning|last\s+(?:night|week)"
    r"|ago|at\s+last)\b"
)
"""Words that put a learner's present in the past ("i send it yesterday")."""
_NOT_YET = re.compile(
    r"\b(?:tomorrow|tmrw|tmr|later|soon|next|tonight|every|usually|always|never|will|gonna"
    r"|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|this\s+(?:afternoon|evening|weekend)"
    r"|to\s+be)\b"
)
"""A present or passive that is still to come ("i drop them tomorrow", "the shoes are to be
returned"): a plan, not a doing."""
_GOODS_WORD = (
    r"(?!(?:if|when|whether|once|unless|before|after|because|cause|cuz|till|until|or|"
    rf"did|do|does|which|who|that)\b){_WORD}"
)
"""A word of goods said first: never the "if" or "did" that starts another clause."""
_GOODS_FIRST = rf"(?:the|my|our|those|these|that)\s+(?:{_GOODS_WORD}\s+){{0,2}}{_GOODS_WORD}"
_LONE_GOODS = re.compile(rf"{_GOODS_FIRST}\s*,")
"""A clause that only names goods ("the amazon package,"): the next clause tells of them."""
_TOPIC = re.compile(
    rf"^(?P<t>{_GOODS_FIRST})\s*[:\u2013\u2014-]?\s+"
    r"(?=(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|already\s+)?"
    rf"(?:returned|dropped|sent|mailed|shipped|posted|took|{_PRESENT_FORMS})\s+(?:it|them)\b)"
)
"""The goods said first, then the user's own past doing of "it": "the amazon package i sent
it yesterday", "those boots we mailed them back" (the pronoun is the goods named first)."""
_CARRIERS = frozenset(
    ["ups", "fedex", "usps", "dhl", "hermes", "evri", "post", "po", "mail", "courier", "royal"]
)
_DROP_PLACES = frozenset(
    ["store", "shop", "locker", "counter", "depot", "kiosk", "mall", "drop-off", "dropoff"]
)
"""Where goods are left to go back: a carrier, its counter or a shop ("the ups store")."""
_CLAUSE = re.compile(r"[^.!?;,\n]+[.!?;,\n]*")
_GENERIC = frozenset(
    [
        "it",
        "that",
        "this",
        "them",
        "the",
        "my",
        "our",
        "those",
        "these",
        "package",
        "parcel",
        "box",
        "return",
        "order",
        "thing",
        "stuff",
        "item",
    ]
)

Payload = dict[str, Any]

ERRAND_CHOSEN = "the errand still to do was chosen for the words"
"""Why an errand said done is asked: Canon, not the words, named it."""


def errand_said_done(
    payloads: list[Payload],
    text: str,
    entity_id: str,
    state: Mapping[str, Scalar],
    said: Callable[[str, str, str], Payload],
    goods: Mapping[str, frozenset[str]] | None = None,
) -> list[Payload]:
    """``payloads`` with the errand of ``entity_id`` that ``text`` says was done, as sent
    back (``said(field, clause, why)``: the message's own observation of it, asked); a
    status the extractor gave a return of another name in the same words is left out.
    Words that fit several errands still to do ("returned it" while the Amazon and the
    Zara returns are due) give one observation each, asked as one choice (``ERRAND_WHICH``:
    a Yes to one is a No to the others). ``goods``: errand slug -> the words that named
    what goes back in the message that made it ("amazon_return" -> {"boots"}), so "sent
    the boots back" is that errand, and of two errands the one whose goods are named."""
    # Only goods go back: "returned it" is never the rent that is due.
    still_to_do = returns_held(state, ("due",))
    if not still_to_do:
        return payloads
    done = _done_errands(text, still_to_do, goods or {})
    if done is None:
        return payloads
    which, words = done
    fields = [f"financial.{slug}.status" for slug in which]
    kept = [p for p in payloads if not _another_return_sent_back(p, entity_id, fields)]
    if len(fields) == 1 and any(
        p.get("field") == fields[0] and p.get("entity_id") == entity_id for p in kept
    ):
        return kept
    why = ERRAND_CHOSEN if len(fields) == 1 else ERRAND_WHICH
    return [*kept, *(said(field, words, why) for field in fields)]


def _done_errands(
    text: str, still_to_do: list[str], goods: Mapping[str, frozenset[str]]
) -> tuple[list[str], str] | None:
    """The errands (of ``still_to_do``) a clause of ``text`` may mean as done (one, or
    the several its words fit), and the clause."""
    for clause in _clauses(text.lower()):
        topic = _TOPIC.match(clause.strip())
        told = clause.strip()[topic.end() :] if topic else clause.strip()
        if clause.rstrip().endswith("?") or (found := _DONE.match(told)) is None:
            continue
        place = found.group("p") or found.group("q") or found.group("r") or found.group("s")
        if place is not None and not _a_drop_place(place, still_to_do):
            continue  # "dropped the boots at mum's": left there, not sent back
        if not _done_by_now(found, told, clause, place is not None):
            continue
        thing = next((found.group(g) for g in "abcdefghijklm" if found.group(g)), "it")
        thing = topic.group("t") if topic else thing
        named = _stems(thing) - _GENERIC
        if found.group("m") and _stems(thing) <= {"it", "that", "this", "them"}:
            continue  # "it is returned" may be anything come back: goods must be named
        if found.group("i") and not named and place is None:
            continue  # "it went back" says nothing of goods: a pronoun needs a verb of sending
        if found.group("l") and not named:
            continue  # "sent it", "posted the parcel": without "back", a letter or a gift
        # A thing named ("the amazon package", "the boots") is the errand of that name or
        # of those goods; none, any.
        which = (
            [e for e in still_to_do if named & (_stems(e.replace("_", " ")) | _goods(goods, e))]
            if named
            else still_to_do
        )
        if which:
            return which, clause.strip()
    return None


def _done_by_now(found: re.Match[str], told: str, clause: str, placed: bool) -> bool:
    """Whether a learner's present or a passive tells of a doing already done: the present
    said by the user ("i drop them", never an order "drop them") with a word of the past
    or the drop place ("i drop them at ups"), neither of them still to come."""
    present = not found.group("m") and _PRESENT.match(told) is not None
    if not (present or found.group("m")):
        return True
    if _NOT_YET.search(clause):
        return False
    return not present or (
        found.group("who") is not None and (placed or _PAST_MARK.search(clause) is not None)
    )


def _clauses(low: str) -> list[str]:
    """The clauses of ``low``, goods said alone before a comma joined to the clause after
    them ("the amazon package, i sent it yesterday" is one)."""
    out: list[str] = []
    for clause in _CLAUSE.findall(low):
        if out and _LONE_GOODS.fullmatch(out[-1].strip()):
            out[-1] = f"{out[-1].strip().rstrip(',')} {clause.strip()}"
        else:
            out.append(clause)
    return out


def _stems(words: str) -> set[str]:
    """The words of ``words`` without a plural's s: "the boots" and "boot" share "boot"."""
    return {w[:-1] if len(w) > 3 and w.endswith("s") else w for w in re.findall(r"[a-z]+", words)}


def _goods(goods: Mapping[str, frozenset[str]], slug: str) -> set[str]:
    """The stems of the words that named the goods of the errand ``slug``, generic ones aside."""
    return _stems(" ".join(goods.get(slug, ()))) - _GENERIC


def _a_drop_place(place: str, still_to_do: list[str]) -> bool:
    """Whether ``place`` ("ups on the way", "the ups store", "amazon") is where goods are
    left to go back: a carrier, a shop's counter or locker, or a shop (an open errand's or
    one everyone knows), in its first words."""
    words = [w for w in place.split() if w not in ("the", "a", "an")][:2]
    shops = {w for e in still_to_do for w in e.split("_")} - {"return"}
    return bool(
        words
        and (
            set(words) & (_CARRIERS | _DROP_PLACES | shops)
            or known_organisation(words[0]) is not None
        )
    )


def _another_return_sent_back(p: Payload, entity_id: str, fields: list[str]) -> bool:
    """A "sent back" the extractor named after words that name nothing ("the package":
    a package return), not the errand they mean."""
    field = str(p.get("field", ""))
    slug = errand_status_of(field)
    return (
        p.get("entity_id") == entity_id
        and field not in fields
        and slug is not None
        and p.get("candidate_value") == "pending"
        and set(slug.split("_")) <= _GENERIC
    )


STILL_PENDING = "a return still to send back was called pending, with no word of it going back"
"""Why "still pending" of a return held as due is read as still due (asked if anything)."""
_STILL_PENDING = re.compile(r"\bpending\b")
_WENT_BACK = re.compile(
    r"\b(?:returned|sent|mailed|shipped|posted|dropped|took|brought|refund(?:ed)?|refund's)\b"
)
"""Words that say the goods went back (or the money came): "pending" beside them is the refund's."""


def says_still_pending(text: str) -> bool:
    """Whether ``text`` calls a return pending without saying it went back: "the amazon
    return is still pending" reads as not done yet to most people."""
    low = text.lower()
    return _STILL_PENDING.search(low) is not None and _WENT_BACK.search(low) is None


def pending_while_due(
    payloads: list[Payload],
    text: str,
    entity_id: str,
    state: Mapping[str, Scalar],
    said: Callable[[str, str], Payload],
) -> list[Payload]:
    """``payloads`` with a return still to do that ``text`` calls "still pending" kept
    due. The labelled vocabulary reads "pending" as sent back (its refund awaited), but
    said of a return Canon holds as still to send back, with no word of it going back, it
    means what most readers mean: not done yet. Never silently sent back; the reply says
    it is still to do. A return not held as due keeps the extractor's reading.
    ``said(field, words)``: the message's own observation that it is due (when the
    extractor read nothing: "amazon return still pending ugh")."""
    if not says_still_pending(text):
        return payloads
    due = returns_held(state, ("due",))
    fields = {f"financial.{slug}.status" for slug in due}
    kept = [
        {**p, "candidate_value": "due"}
        if p.get("entity_id") == entity_id
        and p.get("field") in fields
        and p.get("candidate_value") == "pending"
        else p
        for p in payloads
    ]
    if any(p.get("entity_id") == entity_id and p.get("field") in fields for p in kept):
        return kept
    words = set(re.findall(r"[a-z]+", text.lower()))
    named = [s for s in due if words & (set(s.split("_")) - _GENERIC)]
    if not named and "return" in words and len(due) == 1:
        named = due  # "return's still pending": the one return still to do
    return [*kept, *(said(f"financial.{slug}.status", text.strip()) for slug in named)]
