"""What the grammar of one clause says: tense, aspect, mood, subject, negation.

A ``ClauseReading`` is built from spaCy's parse of a clause (its morphology and
dependency tree), not from word lists, so "we sat by the lake", "she fell" and
"I broke down when I heard..." are read as past whatever the verb. Readings are
facts about the sentence; what they mean for a field is decided by the intent
checks (``grammar``) and the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

Tense = Literal["past", "present", "future", "none"]
Subject = Literal["speaker", "we", "addressee", "other", "none"]

_SPEAKER = frozenset({"i", "me", "myself"})
_WE = frozenset({"we", "us"})
_YOU = frozenset({"you", "u", "ya"})
_FUTURE_MODALS = frozenset({"will", "shall", "'ll", "ll", "wo"})
_COND_MARKS = frozenset({"if", "unless", "whether", "suppose", "supposing", "provided"})
_REPORTING = frozenset(
    {
        "say",
        "tell",
        "hear",
        "mention",
        "claim",
        "text",
        "write",
        "think",
        "believe",
        "announce",
        "report",
        "learn",
        "find",
        "realize",
        "realise",
        "know",
        "remember",
        "read",
        "see",
    }
)


@dataclass(frozen=True)
class ClauseReading:
    """The grammar of a clause's main predicate."""

    tense: Tense
    """When the main predicate happens, from morphology: "past" (simple or pluperfect),
    "present" (including the present perfect, whose result holds now), "future"
    (will/shall/'ll, "going to" + verb, "about to"), or "none" (no verb: a fragment)."""
    verb: str = ""
    """Lemma of the main verb, with its particle ("break down", "get back")."""
    perfect: bool = False
    progressive: bool = False
    passive: bool = False
    modal: str = ""
    """A modal other than will/shall (can, could, may, might, must, should, would)."""
    negated: bool = False
    subject: Subject = "none"
    subject_text: str = ""
    conditional: bool = False
    """The predicate sits in an "if"/"unless" clause or under one."""
    reported_by: Subject | None = None
    """The clause is the content of say/tell/hear/think... by this subject."""
    imperative: bool = False
    also: tuple[str, ...] = ()
    """Lemmas of verbs coordinated with the main one ("fell and broke her hip")."""
    negation_anywhere: bool = False
    """Some verb of the clause is negated ("Never made it to Vegas, the car broke down")."""


def _lemma(tok: Token) -> str:
    low = tok.lower_
    if low in ("'ll", "ll", "wo"):
        return "will"
    if low == "'d":
        return "would"
    if low in ("'s", "'re", "'m"):
        return "be" if tok.tag_ != "POS" else low
    return tok.lemma_.lower()


def _subject_kind(tok: Token | None) -> Subject:
    if tok is None:
        return "none"
    low = tok.lower_
    if low in _SPEAKER:
        return "speaker"
    if low in _WE:
        return "we"
    if low in _YOU:
        return "addressee"
    return "other"


def _subject_of(head: Token) -> Token | None:
    for tok in (head, *head.ancestors):
        for child in tok.children:
            if child.dep_ in ("nsubj", "nsubjpass", "expl"):
                return child
        if tok.dep_ not in ("xcomp", "conj", "aux"):
            break
    return None


def _going_to(head: Token) -> Token | None:
    """For "going to fly", the verb planned ("fly"); None for "going to the beach"."""
    if head.lemma_ != "go" or head.tag_ != "VBG":
        return None
    for child in head.children:
        if (
            child.dep_ == "xcomp"
            and child.pos_ in ("VERB", "AUX")
            and any(c.tag_ == "TO" for c in child.children)
        ):
            return child
    return None


def _gonna(head: Token) -> bool:
    return any(c.lower_ in ("gon", "gonna", "finna") for c in head.children if c.dep_ == "aux")


def _finite_past(head: Token, span: Span) -> bool:
    """A past form heads a sentence with a subject, or opens one ("Landed in Denver").

    "home from the trip, exhausted" ends in a participle that describes, not narrates.
    """
    if _subject_of(head) is not None:
        return True
    before = [t for t in span if t.i < head.i and t.pos_ not in ("ADV", "PART", "INTJ", "PUNCT")]
    return not before


def _phrasal(tok: Token) -> str:
    particle = next((c.lower_ for c in tok.children if c.dep_ == "prt"), "")
    return f"{tok.lemma_.lower()} {particle}".strip()


def read(span: Span) -> ClauseReading:
    """The reading of ``span``'s main predicate (spaCy's ``span.root``)."""
    head = span.root
    planned = _going_to(head)
    about_to = head.lemma_ == "be" and any(
        c.lower_ == "about" and any(g.dep_ == "xcomp" for g in c.children) for c in head.children
    )
    main = planned or head
    auxes = [c for c in head.children if c.dep_ in ("aux", "auxpass")]
    if planned is not None:
        auxes += [c for c in planned.children if c.dep_ in ("aux", "auxpass")]
    aux_lemmas = [_lemma(a) for a in auxes]
    modal = next((a for a in auxes if a.tag_ == "MD"), None)
    modal_lemma = _lemma(modal) if modal is not None else ""
    past_aux = any("Past" in a.morph.get("Tense", []) for a in auxes if a.tag_ != "MD")
    perfect = head.tag_ == "VBN" and "have" in aux_lemmas
    progressive = head.tag_ == "VBG" and "be" in aux_lemmas and planned is None
    passive = any(a.dep_ == "auxpass" for a in auxes)
    is_verb = head.pos_ in ("VERB", "AUX") or head.tag_.startswith("VB")
    tense: Tense
    if planned is not None or about_to or _gonna(head) or modal_lemma in _FUTURE_MODALS:
        tense = "future"
    elif modal is not None:
        tense = "present"
    elif (head.tag_ == "VBD" and _finite_past(head, span)) or past_aux:
        tense = "past"
    elif is_verb:
        tense = "present"
    else:
        tense = "none"
    subject_tok = _subject_of(head)
    verb = _phrasal(main) if is_verb else ""
    negated = any(c.dep_ == "neg" for c in (*head.children, *main.children))
    conditional = False
    reported_by: Subject | None = None
    tok: Token = head
    while True:
        if any(c.dep_ == "mark" and c.lower_ in _COND_MARKS for c in tok.children):
            conditional = True
        if tok.dep_ == "ccomp" and reported_by is None and tok.head.lemma_ in _REPORTING:
            reported_by = _subject_kind(_subject_of(tok.head))
        if tok.head.i == tok.i:
            break
        tok = tok.head
    imperative = (
        is_verb
        and head.tag_ == "VB"
        and subject_tok is None
        and modal is None
        and head.i == span.start
    )
    return ClauseReading(
        tense=tense,
        verb=verb,
        perfect=perfect,
        progressive=progressive,
        passive=passive,
        modal="" if modal_lemma in _FUTURE_MODALS else modal_lemma,
        negated=negated,
        subject=_subject_kind(subject_tok),
        subject_text=subject_tok.text if subject_tok is not None else "",
        conditional=conditional,
        reported_by=reported_by,
        imperative=imperative,
        also=tuple(_phrasal(c) for c in main.children if c.dep_ == "conj" and c.pos_ == "VERB"),
        negation_anywhere=any(t.dep_ == "neg" for t in span),
    )
