"""Which word heads a clause's predicate, and which verb form it is, where spaCy's parse
of chat English misleads.

``read`` (``linguistics.reading``) starts from ``span.root``; these say where the root is
not the predicate ("pretty sure the office is closed", "heading to the airport now"),
which verb "going to" plans, and which forms the tagger takes for a past that are not
one ("Emma's got a recital", "Milo's had diarrhoea", "Landed in Denver" vs "home from
the trip, exhausted"). Apart from ``reading`` because each is a correction of the
parse, token by token, where ``reading`` assembles what the corrected parse says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.extraction.linguistics.subject_of import subject_of

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


def going_to(head: Token) -> Token | None:
    """For "going to fly", the verb planned ("fly"); None for "going to the beach"."""
    if head.lemma_ != "go" or head.tag_ != "VBG":
        return None
    doc = head.doc
    for child in head.children:
        # "going to fly": "to" right after "going"; not "going to school to be a nurse".
        if (
            child.dep_ == "xcomp"
            and child.pos_ in ("VERB", "AUX")
            and head.i + 1 < len(doc)
            and doc[head.i + 1].tag_ == "TO"
            and doc[head.i + 1].head.i == child.i
        ):
            return child
    return None


def gonna(head: Token) -> bool:
    """ "we're gonna leave Friday", "finna head out": the future by its auxiliary."""
    return any(c.lower_ in ("gon", "gonna", "finna") for c in head.children if c.dep_ == "aux")


def finite_past(head: Token, span: Span) -> bool:
    """A past form heads a sentence with a subject, or opens one ("Landed in Denver").

    "home from the trip, exhausted" ends in a participle that describes, not narrates.
    """
    if subject_of(head) is not None:
        return True
    before = [t for t in span if t.i < head.i and t.pos_ not in ("ADV", "PART", "INTJ", "PUNCT")]
    return not before


def has_got(head: Token) -> bool:
    """ "Emma's got a recital Friday": after a name the parse takes the "'s" of "has
    got" for a possessive and "got" for a past; it is the present "has got". So is
    "gotta", which the tokenizer splits into "got" and "ta" ("gotta pay rent")."""
    if head.lower_ != "got":
        return False
    after = head.doc[head.i + 1] if head.i + 1 < len(head.doc) else None
    if after is not None and after.lower_ == "ta" and not head.whitespace_:
        return True
    # "we've got guests in the annexe till Sunday": the tagger may take "got" after a
    # clipped "'ve" for a past too; it is the present "have got".
    return head.i > 0 and head.doc[head.i - 1].lower_ in ("'s", "\u2019s", "'ve", "\u2019ve")


def clipped_have(head: Token) -> bool:
    """ "Milo's had diarrhoea twice today", "Grandpa's had his hip done": after a name the
    parse takes the "'s" of "has" for a possessive and the participle that shares its form
    with the past for a past; a possessive never comes before a verb, so it is "has had", a
    present perfect ("'s got" is the present "has got": ``has_got``)."""
    return (
        head.tag_ == "VBD"
        and head.lower_ != "got"
        and head.i > 0
        and head.doc[head.i - 1].lower_ in ("'s", "\u2019s")
        and head.doc[head.i - 1].tag_ == "POS"
    )


_SURE = frozenset({"sure", "certain", "positive", "convinced", "confident"})


def stance_dropped(root: Token, span: Span) -> Token:
    """ "pretty sure the office is closed", "fairly certain the rent went up": how sure the
    speaker is, with no verb of its own, heads the parse; the clause it leads is what is
    said, so it is read instead (not "so sorry your dad is in the hospital": a feeling about
    the listener's news)."""
    if root.lower_ not in _SURE or root.pos_ in ("VERB", "AUX") or root.tag_.startswith("VB"):
        return root
    said = [
        c
        for c in root.children
        if c.dep_ == "ccomp"
        and span.start <= c.i < span.end
        and (c.pos_ in ("VERB", "AUX") or c.tag_.startswith("VB"))
    ]
    return said[0] if said else root


def participle_heads(root: Token, span: Span) -> Token:
    """ "heading to the airport now, boarding at 3, text u from chicago", "sorry for the
    lag, tethering off my phone at a rest stop": chat drops the "I'm" before what the
    speaker is doing now, and the parser hangs the bare "-ing" from whatever noun or
    interjection it made the root. With no verb at the root, that participle (its
    subject and auxiliary left out, no "while"/"when" before it) is the clause's
    predicate: the present progressive it shortens."""
    if root.pos_ in ("VERB", "AUX") or root.tag_.startswith("VB"):
        return root
    for c in root.children:
        if (
            c.dep_ == "advcl"
            and c.tag_ == "VBG"
            and span.start <= c.i < span.end
            and not any(g.dep_ in ("mark", "nsubj", "aux", "auxpass") for g in c.children)
        ):
            return c
    return root
