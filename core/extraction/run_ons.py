"""Two main clauses run together: "we're already in Mammoth we got in last night".

Chat, dictation and hurried mail put two sentences side by side without a full stop:
"were already in truckee got in around 11 last nite", "Just arrived in Denver, the
flight was smooth", "Back home finally the drive back was like six hours". The
segmenter cuts only at punctuation and conjunctions before a subject pronoun, so the
two become one clause whose main verb is the second one, and its tense decides for
both: the news about now becomes history, or history becomes news.

The parser gives such a pair away: the first clause hangs from the second one's verb
as a complement or an adverbial clause although it comes first and nothing
subordinates it (no "when", "because", "that"). ``split_run_ons`` cuts there when the
cut changes the reading (the two differ in tense, or the first is a past result that
holds now), so each clause keeps its own tense and the message's intent is decided
clause by clause.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from core.extraction.clause_verbs import (
    SUBJECTS,
    changes_reading,
    finite_verb,
    past_verb,
    subjects_before,
    too_short,
)
from core.extraction.linguistics.asked_order import asked_in_word_order
from core.extraction.linguistics.parse import clause_offsets, parse
from core.extraction.places import GAZETTEER
from core.extraction.segments import Segment

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

_HANGING = frozenset({"ccomp", "advcl", "parataxis"})
_TAKES = frozenset(
    {"prep", "prt", "npadvmod", "advmod", "dobj", "acomp", "attr", "ccomp", "xcomp", "oprd"}
)
"""What a main clause's verb has after it; a verb with nothing after it ("my wife
booked") is more likely a relative clause the parser misread."""
_BOUNDS = frozenset({"till", "until", "til", "thru", "through"})
_FRAME_PREPS = frozenset({"on", "during", "throughout", "after", "before", "over"})
_OCCASIONS = frozenset(
    {"trip", "visit", "holiday", "vacation", "honeymoon", "journey", "stay", "flight", "tour"}
    | {"drive", "voyage", "crossing", "weekend", "break", "semester", "year", "summer"}
)
"""A lead that names an occasion after a frame preposition ("During our trip to Rome", "On
my last visit to Paris") dates the sentence it leads: one clause with it, never a verbless
predicate about now."""
_REPORTING = frozenset({"say", "tell", "think", "know", "guess", "hope", "mean", "feel", "wish"})
"""A fronted complement of these is reported speech ("we're here, she said"), one clause."""


def _subject_after_comma(verb: Token) -> bool:
    """``verb``'s subject phrase starts right after a comma ("…, kids exhausted")."""
    own = [c for c in verb.children if c.dep_ in SUBJECTS and c.i < verb.i]
    if not own or any(c.dep_ == "nummod" for c in own[0].children):
        return False  # "bought the battle pass, 950 V-bucks gone": what it cost
    start = own[0].left_edge.i
    return start > 0 and verb.doc[start - 1].text == ","


def _others(verb: Token) -> bool:
    """``verb``'s clause has a subject, and it is not the speaker's "I" or "we"."""
    own = subjects_before(verb)
    return bool(own) and own[0].lower_ not in ("i", "we")


def _main_verb(span: Span) -> Token | None:
    # Each token's head read once (reading it makes a token), and the span's bounds once.
    start, end = span.start, span.end
    heads = [t for t in span if not start <= (h := t.head.i) < end or h == t.i]
    return heads[0] if len(heads) == 1 else None


def _first_clause(second: Token, span: Span) -> Token | None:
    """The clause run into ``second`` from before it, if the parse shows one (the parser may
    hang it from the auxiliary: "landed in Austin, the plane was packed")."""
    helpers = [c for c in second.children if c.dep_ in ("aux", "auxpass")]
    for child in [*second.children, *(g for h in helpers for g in h.children)]:
        if child.i >= second.i or child.dep_ not in _HANGING or child.i < span.start:
            continue
        # An imperative is a clause of its own too: "scratch the tahoe trip, kids are sick".
        imperative = child.tag_ == "VB" and not any(c.dep_ in SUBJECTS for c in child.children)
        if not (
            finite_verb(child)
            or imperative
            or _state_lead(child, second)
            or (child.pos_ in ("ADJ", "ADV", "NOUN") and child.dep_ == "ccomp")
        ):
            continue
        if any(c.dep_ == "mark" or c.tag_ == "WRB" for c in child.children):
            return None  # "when we got in, ...", "because it snowed, ...": subordinate
        return child
    return None


def _state_lead(child: Token, second: Token) -> bool:
    """ "stuck at jfk, flight delayed 3 hours": a participle without its "I'm" saying how the
    speaker is, then a comma and a sentence with a subject of its own."""
    # "not going to Miami anymore, work came up": a trip given up, then why.
    # Not "not going to lie, ...": a "going to" is no trip.
    # The parser may read a place typed in lower case as the infinitive's verb ("not going
    # to bali anymore"): a place the gazetteer knows is still where one is not going.
    negated = (
        child.tag_ == "VBG"
        and any(c.dep_ == "neg" for c in child.children)
        and not any(c.dep_ == "xcomp" and c.lower_ not in GAZETTEER for c in child.children)
    )
    if (
        (child.tag_ not in ("VBN", "JJ") and not negated)
        or child.dep_ != "advcl"
        or child.left_edge.i != child.i - negated
    ):
        return False
    if any(c.dep_ in ("aux", "auxpass", "mark", *SUBJECTS) for c in child.children):
        return False
    # The parser may hang the comma inside the lead ("stuck at o'hare,") or after it.
    edge = child.right_edge
    comma = edge.i if edge.text == "," else edge.i + 1
    while comma < len(child.doc) and child.doc[comma].pos_ == "ADV":
        comma += 1  # "not going to Miami anymore, ...": an adverb the parse hangs elsewhere
    own = [c for c in second.children if c.dep_ in SUBJECTS and c.i > comma]
    return comma < len(child.doc) and child.doc[comma].text == "," and bool(own)


def _explained_after(first: Token, span: Span) -> int | None:
    """ "we're already in tahoe got in last night": the parse may hang the explanation
    from the present verb instead, as a past verb after it with no subject and nothing
    that subordinates it. The token index where it starts, if so."""
    if past_verb(first):
        return None
    for child in first.children:
        if child.i <= first.i or child.dep_ not in ("advcl", "conj", "parataxis"):
            continue
        bare = child.tag_ == "VBN" and not any(c.dep_ in ("aux", "auxpass") for c in child.children)
        if not (child.tag_ == "VBD" or bare) or any(
            c.dep_ in ("mark", "cc") for c in child.children
        ):
            continue
        start = min(t.i for t in child.subtree)
        if start > span.start + 1 and start < span.end and span.doc[start - 1].pos_ != "CCONJ":
            return start
    return None


def _subject_run_after(first: Token, span: Span) -> int | None:
    """ "we got held up in Denver the connecting flight got cancelled": the parse may hang
    a second sentence from the first's verb as a conjunct (or, after a comma, as an
    adverbial clause) although no "and" joins them,
    when it has a subject of its own. The token index where that subject starts, if so
    and if the cut changes a reading (the tenses differ, the first is a past result that
    holds now, or the second is about something else)."""
    for child in first.children:
        if child.i <= first.i or child.dep_ not in ("conj", "parataxis", "advcl"):
            continue
        own = subjects_before(child)
        if (
            not own
            or not finite_verb(child)
            or any(c.dep_ in ("mark", "cc") for c in child.children)
        ):
            continue
        start = min(t.i for c in own for t in c.subtree)
        before = span.doc[start - 1] if start > 0 else None
        if before is None or before.pos_ in ("CCONJ", "SCONJ") or start >= span.end:
            continue
        if child.dep_ == "advcl" and (before.text != "," or own[0].pos_ not in ("NOUN", "PROPN")):
            # "My brother flew home yesterday, the house is quiet again": the parse hangs the
            # sentence after the comma as an adverbial clause; nothing subordinates it. A
            # pronoun or "both" there takes up the clause before ("…, both are fine").
            continue
        if too_short(span, start) or not changes_reading(first, child):
            continue
        return start
    return None


def _result_after_so(first: Token, span: Span) -> int | None:
    """ "we got back last night so Mia will be in tomorrow": what follows from the clause,
    with a subject of its own that the segmenter does not know for one (a name, a noun), and
    a tense of its own. The parse hangs it from the first verb as an adverbial clause marked
    "so"; the token index of "so", if the cut changes a reading."""
    for child in first.children:
        if child.i <= first.i or child.dep_ != "advcl" or not finite_verb(child):
            continue
        so = [c for c in child.children if c.dep_ == "mark" and c.lower_ == "so"]
        own = subjects_before(child)
        if not so or not own or own[0].pos_ not in ("NOUN", "PROPN") or so[0].i > own[0].i:
            continue
        if so[0].i < span.end and not too_short(span, so[0].i) and changes_reading(first, child):
            return so[0].i
    return None


def _state_after(first: Token, span: Span) -> int | None:
    """ "had a fall on the stairs last night, bruised but ok": a participle or adjective
    after a past clause and a comma, with no subject, auxiliary or subordinator of its own,
    says how the speaker is now; the parse hangs it from the past verb. The token index
    where it starts, if so."""
    if not past_verb(first):
        return None
    for child in first.children:
        if child.i <= first.i or child.dep_ != "advcl" or child.tag_ not in ("VBN", "JJ"):
            continue
        if any(c.dep_ in ("aux", "auxpass", "mark", *SUBJECTS) for c in child.children):
            continue
        start = min(t.i for t in child.subtree)
        if start == child.i and span.doc[start - 1].text == "," and start < span.end:
            return start
    return None


def _two_heads(span: Span) -> int | None:
    """ "…let you know we got held up in Denver the connecting flight got cancelled": the
    parse may hang both sentences of the clause from a verb outside it, side by side. The
    character offset of the second's subject, when each has a finite verb and a subject of
    its own and the cut changes a reading (as in ``_subject_run_after``)."""
    heads = [t for t in span if t.head.i < span.start or t.head.i >= span.end or t.head == t]
    verbs = [t for t in heads if not t.is_punct]
    if len(verbs) != 2 or not all(finite_verb(v) for v in verbs):
        return None
    first, second = verbs
    subjects = subjects_before(second)
    if not subjects or not any(c.dep_ in SUBJECTS for c in first.children):
        return None
    start = min(t.i for c in subjects for t in c.subtree)
    if start <= max(t.i for t in first.subtree) or span.doc[start - 1].pos_ in ("CCONJ", "SCONJ"):
        return None
    if too_short(span, start) or not changes_reading(first, second):
        return None
    return span.doc[start].idx


def _verbless_lead(second: Token, span: Span) -> int | None:
    """ "Back home finally the drive back was like six hours": a verbless predicate about
    now ("back home", "finally in Denver") run into a past sentence with a subject of its
    own. The parse tends to fold the lead into the subject's phrase; the subject's phrase
    really starts at its determiner. The token index there, if the lead is such a
    predicate: no verb, no time (a fronted "Last night" or "In 2019" dates the sentence),
    and an adverb or a preposition in it."""
    if not past_verb(second):
        return None  # only a past sentence would date the lead
    subjects = [c for c in second.children if c.dep_ in SUBJECTS and c.i < second.i]
    if not subjects:
        return None
    subject = subjects[0]
    # The phrase starts at its determiner's own first word: "my brother's flight" at "my".
    dets = [
        min(t.i for t in c.subtree)
        for c in subject.children
        if c.dep_ in ("det", "poss") and c.i < subject.i
    ]
    # Chat drops the article after a comma too: "home safe, drive was awful".
    after_comma = subject.i > 0 and span.doc[subject.i - 1].text == ","
    bare = subject.pos_ == "PRON" or (subject.pos_ == "NOUN" and after_comma)
    start = min(dets) if dets else (subject.i if bare else None)
    if start is None or start - span.start < 2:
        return None
    lead = span.doc[span.start : start]
    # "in Denver till friday, conference ran long": a stay's end does not date the sentence.
    bound = next((t.i for t in lead if t.lower_ in _BOUNDS), start)
    dated = any(t.ent_type_ in ("DATE", "TIME") and t.i < bound for t in lead)
    if dated or any(t.pos_ in ("VERB", "AUX", "NUM") for t in lead):
        return None
    if lead[0].lower_ in _FRAME_PREPS and any(t.lemma_ in _OCCASIONS for t in lead):
        return None  # "On our last trip to Japan we spent…": when the story happened
    # "home safe": the tagger may take "home" for a name; it is the adverb of return.
    if not any(t.pos_ in ("ADV", "ADP") or t.lower_ in ("home", "back") for t in lead):
        return None
    return start


def _cut(span: Span) -> int | None:
    """The character offset where the second of two run-together clauses starts."""
    second = _main_verb(span)
    if second is None:
        return _two_heads(span)
    if not finite_verb(second) or second.lemma_ in _REPORTING:
        return None
    lead = _verbless_lead(second, span)
    if lead is not None:
        return span.doc[lead].idx
    after = _explained_after(second, span)
    if after is not None:
        return span.doc[after].idx
    after = _subject_run_after(second, span)
    if after is None:
        after = _result_after_so(second, span)
    if after is None:
        after = _state_after(second, span)
    if after is not None:
        return span.doc[after].idx
    takes = any(c.i > second.i and c.dep_ in _TAKES for c in second.children)
    helped = any(c.dep_ in ("aux", "auxpass") and c.i < second.i for c in second.children)
    remark = not takes and not helped
    if remark and not _subject_after_comma(second):
        # "the hotel my wife booked": a relative clause whose object is the gap; a verb
        # with its own auxiliary ("kids are wiped") is a clause of its own, and so is one
        # whose subject opens after a comma ("got home last night, kids exhausted"): a
        # relative clause follows its noun directly.
        return None
    first = _first_clause(second, span)
    if first is None or (remark and (first.pos_ not in ("VERB", "AUX") or _others(first))):
        # A remark after a comma is cut only from a clause with a verb ("we got back home
        # last night, kids exhausted"), not from a note without its verb ("appetite poor
        # today, fluids encouraged"), nor from someone else's news, whose remark is theirs
        # ("Priya is stuck in Tahoe, flight cancelled").
        return None
    if not changes_reading(first, second):
        return None  # only a cut that changes a reading is made
    last_of_first = max(t.i for t in first.subtree)
    helpers = [c for c in second.children if c.dep_ in ("aux", "auxpass")]
    own = [
        c
        for c in [*second.children, *(g for h in helpers for g in h.children)]
        if c.dep_ in SUBJECTS and c.i > last_of_first
    ]
    start = min([second.i] + [t.i for c in own for t in c.subtree])
    between = [t for t in span if last_of_first < t.i < start]
    if any(not (t.is_punct or t.pos_ in ("ADV", "INTJ")) for t in between):
        return None
    if too_short(span, start):
        return None
    return span.doc[start].idx


_BINDS_NEXT = frozenset(
    {"rather", "sooner", "wish", "wished", "wishing"}
    | {"case", "if", "unless", "whether", "because", "cos", "cuz", "though", "although"}
)
"""Words whose clause after them is theirs: what is preferred or wished, in the past form
of the subjunctive ("unless you'd rather I didn't", "I'd sooner we left", "wish she was
here"), or what a subordinator binds ("in case you were wondering"): one clause with them,
never a main clause of its own."""


def _wanted_so(doc: Doc, cut: int) -> bool:
    """The clause cut off at ``cut`` belongs to the word before it ("rather", "in case")."""
    before = [t for t in doc if t.idx + len(t.text) <= cut and not t.is_punct]
    return bool(before) and before[-1].lower_ in _BINDS_NEXT


def split_run_ons(segments: list[Segment], message: str) -> list[Segment]:
    """``segments`` with each pair of run-together main clauses cut in two (the second
    joined by "comma")."""
    if not segments:
        return segments
    doc = parse(message)
    out: list[Segment] = []
    starts = clause_offsets(message, [s.text for s in segments])
    for seg, start in zip(segments, starts, strict=True):
        span = doc.char_span(start, start + len(seg.text), alignment_mode="expand")
        cut = (
            _cut(span)
            if start >= 0 and span is not None and not asked_in_word_order(span)
            else None
        )
        if cut is None or not start < cut < start + len(seg.text) or _wanted_so(doc, cut):
            out.append(seg)
            continue
        at = cut - start
        head = seg.text[:at].rstrip(" ,")
        out.append(replace(seg, text=head, low=seg.low[: len(head)], question=False))
        out.append(Segment(seg.text[at:], seg.low[at:], "comma", seg.question, False))
    return out
