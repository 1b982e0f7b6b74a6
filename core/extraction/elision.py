"""Clauses whose subject is left out: "we're in Tahoe, got in last night".

Chat drops the subject of a second clause that explains the first: "finally in
Denver, drove up yesterday", "we're here in Sedona, arrived this morning", "still
in Paris, flying home Friday"; mail does it with a plan: "I am in Berlin for meetings
and will be back on Thursday". The segmenter cuts at a comma only before a new
subject, so without this the explanation and the news share one clause, and the
past verb of the explanation decides its tense: the user's present whereabouts
become history.

``split_elided`` cuts such a clause in two where the parse finds a verb without a
subject of its own after a comma or "and", when the part before is about now (a
present verb, or no verb at all: "finally in Tahoe"). Each part then has its own
tense, and the message's intent is decided clause by clause.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from core.extraction.bill_it_is import PAID_IT, WILL_PAY
from core.extraction.intent_tense import FAR_PAST
from core.extraction.linguistics.parse import clause_offsets, parse
from core.extraction.segments import Segment
from core.extraction.word_gates import gated

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj"})
_LEADS = frozenset({"just", "finally", "only", "already", "then", "also", "safely", "actually"})
"""Adverbs that may stand between the comma and the verb ("..., just landed")."""
_PAST_TAGS = frozenset({"VBD"})
_PRESENT_TAGS = frozenset({"VBP", "VBZ"})


def _own_subject(tok: Token) -> bool:
    # "daughter's back at school, dropped her at the dorm": the parse may take the "'s" of
    # the clause before for the verb's subject; a verb is nobody's subject.
    return any(c.dep_ in _SUBJECTS and c.pos_ not in ("AUX", "VERB") for c in tok.children)


def _about_now(tokens: list[Token]) -> bool:
    """The part before the cut: a present verb and no past one, or a verbless locative
    ("finally in Tahoe", "at my parents' place in Omaha")."""
    tags = {t.tag_ for t in tokens}
    if tags & _PAST_TAGS or any(t.lower_ in ("had", "'d", "did") for t in tokens):
        return False
    if tags & _PRESENT_TAGS:
        return True
    if any(t.lower_ == "been" for t in tokens):
        return True  # "been in Lagos since Sunday": a present perfect, its "I've" left out
    verbless = not any(t.pos_ in ("VERB", "AUX") for t in tokens)
    return verbless and any(t.lower_ in _HERE_NOW for t in tokens)


_HERE_NOW = frozenset({"in", "at", "here", "currently", "still", "rn", "atm", "now"})
"""A verbless part about now: a place ("finally in Tahoe") or a state said to hold now
("currently off sick, hoping to be back monday", "still off work, waiting on the scan", "on EU
servers now, moved to berlin last month")."""


def _cut_at(doc: Doc, start: int, end: int) -> int | None:
    """The character offset in ``doc`` where an explaining clause starts, if any."""
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or len(span) < 4:
        return None
    now_after = _present_after_past(doc, span)
    if now_after is None:
        now_after = _verbless_now_after(doc, span)
    if now_after is None:
        now_after = _asked_after_news(doc, span)
    if now_after is not None:
        return now_after
    for tok in span[2:]:
        # Each token's tag, dependency and lower form read once: the loop visits every
        # token of most messages (the parse's attributes are looked up at each read).
        tag, dep, lower = tok.tag_, tok.dep_, tok.lower_
        past = tag in _PAST_TAGS
        # "..., flying home Friday", "..., stuck in Denver": a participle heading a clause.
        ongoing = tag in ("VBG", "VBN") and dep in ("advcl", "conj")
        # "still in Paris, flying home Friday": the parse may hang the verbless place on
        # the participle after the comma, which it then takes for the root.
        ongoing = ongoing or (tag == "VBG" and dep == "ROOT" and _after_comma(doc, tok))
        ongoing = ongoing and not any(c.dep_ in ("aux", "auxpass") for c in tok.children)
        # "in London this week, back on the 12th", "I'm in Houston for a client visit and back
        # in the office Monday": the way home said with a bare "back".
        ongoing = ongoing or (
            lower == "back"
            and dep in ("ROOT", "conj", "advmod")
            and tok.i > 0
            and doc[tok.i - 1].lower_ in (",", "and")
            and _speaker_before(span, tok)  # not "my wife is in Denver and back on friday"
            and _dated_after(span, tok)  # not "trip's over, back to reality"
        )
        # "..., and will be back in the office on Thursday": a plan after a present state.
        ahead = tag == "VB" and dep == "conj"
        will = (
            [c for c in tok.children if c.dep_ == "aux" and c.lower_ in ("will", "'ll")]
            if ahead
            else []
        )
        if not (past or ongoing or (ahead and will)) or _own_subject(tok):
            continue
        if ongoing and tok.tag_ == "VBG" and _after_news(doc, span, tok):
            first = tok
            while first.i - 1 > span.start and doc[first.i - 1].lower_ in _LEADS:
                first = doc[first.i - 1]
            return first.idx
        first = will[0] if ahead and will else tok
        while first.i - 1 > span.start and doc[first.i - 1].lower_ in _LEADS:
            first = doc[first.i - 1]
        joint = doc[first.i - 1]
        # "was in Houston last week but flew back Sunday": the way home after "but" too.
        home_after_but = joint.lower_ == "but" and past and _way_home(doc, span, tok)
        if joint.lower_ not in (",", "and") and not home_after_but:
            continue
        before = [t for t in span if t.i < joint.i and not t.is_punct]
        if len(before) < 2 or not (_about_now(before) or (past and _way_home(doc, span, tok))):
            continue
        if ongoing and not any(t.tag_ in _PRESENT_TAGS or t.lower_ in _HERE_NOW for t in before):
            continue
        if tok.lower_ == "back" and not any(t.lower_ in ("in", "at", "here") for t in before):
            continue  # "we leave for denver next friday, back the following sunday": one plan
        return first.idx
    return None


_HOMEWARD_VERBS = frozenset({"get", "fly", "drive", "come", "make", "head", "sail"})


def _way_home(doc: Doc, span: Span, tok: Token) -> bool:
    """ "spent the long weekend in Byron, got home late last night": a way home told after
    the stay, its subject left out. It ends the trip, which holds now, whatever the stay
    before it was; a clause of its own (not after a stay of long ago: "I was in Rome in 2019
    and got home to find the flat flooded" is one story)."""
    nxt = doc[tok.i + 1 : tok.i + 3]
    if tok.lemma_ not in _HOMEWARD_VERBS or not any(t.lower_ in ("home", "back") for t in nxt):
        return False
    # Dated lately ("last night", "on Sunday"), after a stay not dated long ago ("flew to
    # Denver in January, …, came home sick" is one story).
    dated = any(t.lower_ in _LATELY for t in doc[tok.i : span.end])
    stay = doc[span.start : tok.i]
    return (
        dated
        and not any(t.lower_ in _MONTHS for t in stay)
        and not FAR_PAST.search(stay.text.lower())
    )


_LATELY = frozenset({"yesterday", "today", "tonight", "last", "this", "earlier", "monday"})
_LATELY |= {"tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "weekend"}
_MONTHS = frozenset({"january", "february", "march", "april", "may", "june", "july"})
_MONTHS |= {"august", "september", "october", "november", "december", "month", "year"}


_NOW = frozenset({"now", "rn", "atm", "still"})
_PAST_OR_PRESENT = frozenset({"cut", "quit", "put", "set", "shut", "let", "upped"})
"""Past forms spelled as the present, which the tagger may take for it ("we cut Sicily
short")."""


def _present_after_past(doc: Doc, span: Span) -> int | None:
    """ "we cut Sicily short and are already back in Naples", "I left Deloitte in January
    and am freelancing now", "we sold the house and now live in Porto": the speaker's past
    verb, then "and" and a present one sharing its subject. The character offset where the
    present part starts, so the past does not date what holds now."""
    for tok in span:
        if tok.dep_ != "conj":  # the cheap test first: reading a head makes a token
            continue
        head = tok.head
        if head.i < span.start or head.i >= tok.i or _own_subject(tok):
            continue
        helpers = [c for c in tok.children if c.dep_ in ("aux", "auxpass") and c.i < tok.i]
        if tok.tag_ not in _PRESENT_TAGS and not any(h.tag_ in _PRESENT_TAGS for h in helpers):
            continue
        if any(h.lower_ in ("will", "'ll", "would", "'d") for h in helpers):
            continue
        past = head.tag_ in _PAST_TAGS or head.lower_ in _PAST_OR_PRESENT
        mine = [c for c in head.children if c.dep_ in _SUBJECTS]
        if not past or not mine or mine[0].lower_ not in ("i", "we"):
            continue
        leads = [
            c.i
            for c in tok.children
            if c.i < tok.i and c.dep_ in ("aux", "auxpass", "advmod", "neg")
        ]
        first = doc[min([tok.i, *leads])]
        if first.i - 1 > span.start and doc[first.i - 1].lower_ in ("and", ","):
            return first.idx
    return None


_NOW_LEADS = frozenset({"still", "now", "currently", "rn", "atm"})
_NOW_TAILS = frozenset({"now", "rn", "atm", "still"})
_PLACED = frozenset({"in", "at", "here", "there", "on", "off", "stuck", "home", "back", "with"})


def _verbless_now_after(doc: Doc, span: Span) -> int | None:
    """ "flying back tomorrow, still in lisbon", "leaving for rome in the morning but still in
    florence tonight", "finished early, now at the park with the kids": a verbless place said
    to hold now ("still", "now", "currently" before it, or "now" after it), after a clause
    with a verb of its own. The verb's plan or past is not the place's; the character offset
    where the place starts, so each part keeps its own tense.

    After a past verb the place must be one ("missed the connection, still in Doha"), not a
    scene of the story ("walked back at 2am, still in our costumes"); "now" always holds.
    Only after the writer's own clause: someone else's place goes on with them."""
    for joint in span[2:-2]:
        if joint.lower_ not in (",", "but"):
            continue
        end = next((t.i for t in doc[joint.i + 1 : span.end] if t.is_punct), span.end)
        tail = doc[joint.i + 1 : end]
        before = doc[span.start : joint.i]
        if len(tail) < 2 or not any(t.pos_ in ("VERB", "AUX") for t in before):
            continue
        if not _speaker_before(span, tail[0]):
            continue  # "my brother is off work, in denver now": his place, not the writer's
        # "left early, been home since last night": the "I've" of a present perfect left out.
        place = tail[1:] if tail[0].lower_ == "been" else tail
        if len(place) < 2 or any(t.pos_ in ("VERB", "AUX") and t.lower_ != "stuck" for t in place):
            continue
        if before[-1].lower_ == "," or before[-1].lower_ in _NOW_TAILS:
            continue
        led = place[0].lower_ in _NOW_LEADS and place[1].lower_ in _PLACED
        trailed = place[0].lower_ in _PLACED and place[-1].lower_ in _NOW_TAILS
        # "cut our trip short, home since last night": a place held since a time holds now.
        since = place[0].lower_ in _PLACED and any(t.lower_ == "since" for t in place[1:])
        if not (led or trailed or since):
            continue
        if any(t.tag_ in _PAST_TAGS for t in before) and place[0].lower_ != "now":
            named = any(t.ent_type_ in ("GPE", "LOC", "FAC") for t in place)
            if not (named or place[0].lower_ == "home" or place[1].lower_ in ("here", "home")):
                continue
        return tail[0].idx
    return None


_ASKING_AUX = frozenset({"do", "does", "are", "r", "is", "can", "could", "shall", "should", "will"})
_LISTENER = frozenset({"you", "u", "ya", "we", "i"})
_ASKED_TOO = frozenset({"did", "have", "has", "was", "were", "would", "am", "if", "when"})
_ELIDED_ASKS = frozenset({"need", "want", "wanna", "fancy", "got", "have"})


def _asked_after_news(doc: Doc, span: Span) -> int | None:
    """ "at the wholesaler, need anything?", "on the train now, u still up?", "in the queue
    at boots, do we need plasters?": a question put to the listener by its word order after a
    comma, its "do you" or "are you" often left out, follows the news it comes with; the
    news before it keeps its claim. The character offset where the question starts."""
    marked = span.text.rstrip().endswith("?") or (
        span.end < len(doc) and doc[span.end].text.startswith("?")
    )
    if not marked:
        return None
    comma = next((t for t in reversed(span[:-1]) if t.lower_ == ","), None)
    if comma is None or comma.i - span.start < 2:
        return None
    tail = [t for t in doc[comma.i + 1 : span.end] if not t.is_punct]
    before = [t for t in doc[span.start : comma.i] if not t.is_punct]
    if len(tail) < 2 or not (_about_now(before) or _verbless_place(before)):
        return None
    if before[0].tag_ in ("WDT", "WP", "WRB") or before[0].lower_ in _ASKING_AUX | _ASKED_TOO:
        return None  # "what time are you back, need anything?": asked from the start
    first, second = tail[0], tail[1]
    asked = (
        (first.lower_ in _ASKING_AUX and second.lower_ in _LISTENER)
        or (
            first.lower_ in _ELIDED_ASKS and first.tag_ in ("VB", "VBP") and not _own_subject(first)
        )
        or (first.lower_ in ("you", "u", "ya") and not any(t.pos_ == "VERB" for t in tail))
    )
    return first.idx if asked else None


def _verbless_place(tokens: list[Token]) -> bool:
    """No verb, and a preposition of place first ("at the wholesaler", "on the train")."""
    return (
        bool(tokens)
        and tokens[0].lower_ in ("at", "in", "on", "still", "home", "back")
        and not any(t.pos_ in ("VERB", "AUX") for t in tokens)
    )


def _speaker_before(span: Span, tok: Token) -> bool:
    """Whether the words before ``tok`` name no subject but the speaker ("I'm in Houston",
    "in Denver for work"), so a subjectless part after them is the speaker's too."""
    subjects = [t for t in span if t.i < tok.i and t.dep_ in _SUBJECTS]
    return all(t.lower_ in ("i", "we") for t in subjects)


_DAY_WORDS = frozenset(
    {"tomorrow", "tmrw", "tonight", "next", "monday", "tuesday", "wednesday", "thursday"}
    | {"friday", "saturday", "sunday", "mon", "tue", "tues", "wed", "thu", "thurs", "fri"}
    | {"sat", "sun", "weekend"}
)


def _dated_after(span: Span, tok: Token) -> bool:
    """Whether the words after ``tok`` name a day ("back on the 12th", "back home friday")."""
    return any(
        t.lower_ in _DAY_WORDS or t.like_num or t.lower_[:-2].isdigit() for t in span if t.i > tok.i
    )


def _after_comma(doc: Doc, tok: Token) -> bool:
    return tok.i > 0 and doc[tok.i - 1].lower_ == ","


def _after_news(doc: Doc, span: Span, tok: Token) -> bool:
    """ "touched down, waiting on bags", "bus broke down, waiting for another": after a
    comma, what the speaker is doing now follows the news of what happened. The part
    before has a past verb whose subject is left out or is someone or something else,
    or the part after says "now" ("we got in late, heading to bed now")."""
    if tok.i - 1 <= span.start or doc[tok.i - 1].lower_ != ",":
        return False
    before = [t for t in span if t.i < tok.i - 1]
    past = [t for t in before if t.tag_ in _PAST_TAGS and t.pos_ in ("VERB", "AUX")]
    if not past or any(t.lower_ in ("when", "while", "because", "if", "as") for t in before):
        return False
    now = any(t.lower_ in _NOW for t in doc[tok.i : span.end])
    mine = any(c.dep_ in _SUBJECTS and c.lower_ in ("i", "we") for t in past for c in t.children)
    return now or not mine


_DUE_THEN = gated(
    r"\bdue\b(?:\s+(?!and\b|but\b)[\w']+){0,4}?"
    r"(?:\s*,|\s+[\u2014\u2013-]+|(?=\s+(?:(?:just|already)\s+)*paid\b))\s*"
)
"""A bill's due day (a few words, no "and"), then a comma, a dash or no stop at all (the
dash the cleaning takes out): what follows may be the bill paid."""


_SUM_THEN_WILL_PAY = gated(
    r"\d[\d,.]*k?(?:\s*(?:bucks|dollars|euros|pounds|quid|rupees|rs|usd|eur|gbp))?\s*,\s*"
    rf"(?={WILL_PAY})"
)
"""A bill's sum, then the writer's intent to pay it ("electric bill's 130 bucks, gonna pay it
this weekend, it's due monday"): the day it will be paid is not the day it is due."""


def _paid_after_due(low: str) -> int | None:
    """Where the bill is said paid, its "I" left out, after the day it is due ("the electric
    is due friday, already paid", "gas bill due monday — paid it last night"): the parse
    may read "paid" as a participle of the clause before, and the bill stay due."""
    for m in _DUE_THEN.finditer(low):
        if PAID_IT.match(low[m.end() :]):
            return m.end()
    if (will := _SUM_THEN_WILL_PAY.search(low)) is not None:
        return will.end()
    return None


def split_elided(segments: list[Segment], message: str) -> list[Segment]:
    """``segments`` with each clause that carries an explaining clause without a
    subject cut in two (the second joined by "comma", "and" or "but")."""
    if not segments:
        return segments
    doc = parse(message)
    out: list[Segment] = []
    starts = clause_offsets(message, [s.text for s in segments])
    for seg, start in zip(segments, starts, strict=True):
        paid = _paid_after_due(seg.low)
        if paid is not None:
            head = seg.text[:paid].rstrip(" ,-\u2014\u2013")
            out.append(replace(seg, text=head, low=seg.low[: len(head)], question=False))
            out.append(Segment(seg.text[paid:], seg.low[paid:], "comma", seg.question, False))
            continue
        cut = _cut_at(doc, start, start + len(seg.text)) if start >= 0 else None
        if cut is None or not start < cut < start + len(seg.text):
            out.append(seg)
            continue
        at = cut - start
        head = seg.text[:at].rstrip(" ,")
        word = head.lower().rsplit(" ", 1)[-1]
        joint = word if word in ("and", "but") else "comma"
        head = head[: -len(word)].rstrip(" ,") if joint != "comma" else head
        out.append(replace(seg, text=head, low=seg.low[: len(head)], question=False))
        out.append(Segment(seg.text[at:], seg.low[at:], joint, seg.question, False))
    return out
