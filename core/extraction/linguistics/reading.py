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

from core.extraction.linguistics.predicate_head import (
    clipped_have,
    finite_past,
    going_to,
    gonna,
    has_got,
    participle_heads,
    stance_dropped,
)
from core.extraction.linguistics.requests import is_request, wanted
from core.extraction.linguistics.small_clause import (
    bare_state,
    clitic_subject,
    lacking_now,
    participle_left_bare,
    placed_speaker,
    predicate_after,
    verbless_state,
)
from core.extraction.linguistics.subject_of import is_person, subject_kind, subject_of
from core.extraction.linguistics.subjects import Subject

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

Tense = Literal["past", "present", "future", "none"]

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
    negated_verbs: tuple[str, ...] = ()
    """Lemmas of the clause's negated verbs ("Never made it to Vegas, the car broke down")."""
    pluperfect: bool = False
    """"had moved": a past before another past, never a claim about now."""
    complements: tuple[str, ...] = ()
    """Dependency labels under the main verb (dobj, acomp, prep:to, prt...), for the
    checks that need to know what a verb took ("broke my leg" vs "my water broke")."""
    request: bool = False
    scene: bool = False
    """The clause sets its event at a place or moment ("at the mall", "on my way to
    work", "when I heard"): the mark of a story being told."""
    simple_present: bool = False
    """The main verb is a finite simple present ("i go", "she flies"): a habit or a state."""
    subject_person: bool = False
    """The subject is another person ("Lily", "she", "my sister"), not the speaker
    with someone ("my wife and I") and not a thing ("my flight")."""
    """The speaker needs, wants or is looking for something ("I need a taxi")."""
    verbless_state: bool = False
    """No verb, but a noun and what it is now ("kids w/ me til sun", "knee still sore"), or
    the writer's own state, "I'm" left out ("with my dad in leeds till sunday", "so tired
    today")."""
    wanted: tuple[str, ...] = ()
    """What is wanted or needed, as the verb of its to-infinitive and that verb's object
    ("I want to book a flight" -> ("book", "flight")), or no verb and the object ("I'd
    like a table" -> ("", "table"))."""


def _lemma(tok: Token) -> str:
    low = tok.lower_
    if low in ("'ll", "ll", "wo"):
        return "will"
    if low == "'d":
        return "would"
    if low in ("'s", "'re", "'m"):
        return "be" if tok.tag_ != "POS" else low
    return tok.lemma_.lower()


SCENE_PREPS = frozenset({"at", "in", "on", "during"})
"""Prepositions that set an event at a place or moment ("at the mall", "on my way")."""


def _complements(tok: Token, span: Span) -> tuple[str, ...]:
    out: list[str] = []
    for c in tok.children:
        if not span.start <= c.i < span.end:
            continue  # another clause's words ("I could live in Tokyo, I think")
        if c.dep_ == "prep":
            out.append(f"prep:{c.lower_}")
        elif c.dep_ in ("ccomp", "xcomp"):
            out.append(c.dep_)
        elif c.dep_ == "advcl":
            mark = next((g.lower_ for g in c.children if g.dep_ in ("mark", "advmod")), "")
            out.append(f"advcl:{mark}")
        elif c.dep_ in ("dobj", "acomp", "oprd", "prt", "advmod", "npadvmod", "attr"):
            out.append(c.dep_ if c.dep_ != "advmod" else f"advmod:{c.lower_}")
    return tuple(out)


def _condition_mark(tok: Token, span: Span) -> bool:
    """An "if"/"unless" in this clause (a condition the segmenter cut off is the
    classifier's business), and not a concessive "even if"."""
    if tok.dep_ != "mark" or tok.lower_ not in _COND_MARKS:
        return False
    if not span.start <= tok.i < span.end:
        return False
    return not (tok.i > 0 and tok.doc[tok.i - 1].lower_ == "even")


def _inverted_condition(head: Token, span: Span) -> bool:
    """ "Were I rich", "Had we known", "Should it rain": a condition without "if"."""
    if len(span) < 2 or span[0].lower_ not in ("were", "had", "should"):
        return False  # the cheap test first: the span's text is made token by token
    if span.text.rstrip().endswith("?"):
        return False
    return span[1].dep_ in ("nsubj", "nsubjpass", "expl")


def _phrasal(tok: Token) -> str:
    particle = next((c.lower_ for c in tok.children if c.dep_ == "prt"), "")
    return f"{tok.lemma_.lower()} {particle}".strip()


def read(span: Span) -> ClauseReading:
    """The reading of ``span``'s main predicate (spaCy's ``span.root``)."""
    head = participle_heads(stance_dropped(span.root, span), span)
    planned = going_to(head)
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
    # "she's been coughing": the participle "been" is no past tense; "'s" is the finite one.
    past_aux = any("Past" in a.morph.get("Tense", []) for a in auxes if a.tag_ not in ("MD", "VBN"))
    perfect = (head.tag_ == "VBN" and "have" in aux_lemmas) or clipped_have(head)
    progressive = head.tag_ == "VBG" and "be" in aux_lemmas and planned is None
    passive = any(a.dep_ == "auxpass" for a in auxes)
    # "the car's in the shop": the tagger may take the clitic "'s" heading the clause for
    # a possessive; as the clause's root, with a subject, it is "is".
    clitic_be = head.lower_ in ("'s", "\u2019s") and head.tag_ == "POS" and head.dep_ == "ROOT"
    # "her arm's in a cast", "the dog's at the vet's": or it hangs the clitic from the noun
    # as its case marker and the predicate from the noun too; the noun is the subject.
    said_of = clitic_subject(head, span)
    clitic_be = clitic_be or said_of is not None
    is_verb = head.pos_ in ("VERB", "AUX") or head.tag_.startswith("VB") or clitic_be
    tense: Tense
    if planned is not None or about_to or gonna(head) or modal_lemma in _FUTURE_MODALS:
        tense = "future"
    elif modal_lemma == "could" and any(c.dep_ == "neg" for c in head.children):
        tense = "past"  # "I couldn't stop crying": an inability then, not a possibility
    elif modal is not None:
        tense = "present"
    elif (
        head.tag_ == "VBD"
        and finite_past(head, span)
        and not (has_got(head) or clipped_have(head) or participle_left_bare(head))
    ) or past_aux:
        tense = "past"
    elif is_verb or auxes:
        # "i'm stuck at work": the tagger may read the participle as an adjective whose
        # "'m" it hangs as an auxiliary; the auxiliary carries the tense all the same.
        tense = "present"
    else:
        tense = "none"
    subject_tok = said_of or subject_of(head)
    verb = "be" if clitic_be else _phrasal(main) if is_verb else ""
    negated = any(c.dep_ == "neg" for c in (*head.children, *main.children))
    conditional = False
    reported_by: Subject | None = None
    tok: Token = head
    while True:
        if any(_condition_mark(c, span) for c in tok.children):
            conditional = True
        if tok.dep_ == "ccomp" and reported_by is None and tok.head.lemma_ in _REPORTING:
            reported_by = subject_kind(subject_of(tok.head))
        if tok.head.i == tok.i:
            break
        tok = tok.head
    # "if the roads are clear we drive": the main clause is the consequence.
    conditional = (
        conditional
        or _inverted_condition(head, span)
        or any(
            c.dep_ == "advcl" and any(_condition_mark(g, span) for g in c.children)
            for c in head.children
        )
    )
    imperative = (
        is_verb
        and head.tag_ == "VB"
        and subject_tok is None
        and modal is None
        # "leave it", "don't leave us hanging", "please just call"
        and all(t.dep_ in ("aux", "neg", "advmod", "intj") for t in span if t.i < head.i)
        # "didn't get the job in the end": the past, its subject left out, never an order
        and not any(t.tag_ == "VBD" for t in span if t.i < head.i)
    )
    return ClauseReading(
        tense=tense,
        verb=verb,
        perfect=perfect,
        progressive=progressive,
        passive=passive,
        modal="" if modal_lemma in _FUTURE_MODALS else modal_lemma,
        negated=negated,
        subject=subject_kind(subject_tok),
        subject_text=subject_tok.text if subject_tok is not None else "",
        conditional=conditional,
        reported_by=reported_by,
        imperative=imperative,
        # Coordinated verbs that share the subject ("fell and broke her hip"), not
        # another clause with its own ("we drove ... and the hotel lost ...").
        also=tuple(
            _phrasal(c)
            for c in main.children
            if c.dep_ == "conj"
            and c.pos_ == "VERB"
            and not any(g.dep_ in ("nsubj", "nsubjpass") for g in c.children)
        ),
        negated_verbs=tuple(_phrasal(t.head) for t in span if t.dep_ == "neg"),
        pluperfect=(
            head.tag_ == "VBN"
            and any(a.lower_ in ("had", "'d") and a.tag_ == "VBD" for a in auxes)
            and modal is None
        ),
        complements=_complements(main, span) + predicate_after(said_of),
        request=is_request(head, modal_lemma, subject_kind(subject_tok)),
        wanted=wanted(head),
        # "Trip's over": a capital at the start tags a clitic's noun as a name; only a
        # name the model knows for a person is someone there.
        subject_person=is_person(subject_tok)
        and not (said_of is not None and said_of.tag_ == "NNP" and said_of.ent_type_ != "PERSON"),
        scene=any(
            (t.dep_ == "prep" and t.lower_ in SCENE_PREPS)
            or (
                t.dep_ in ("advmod", "mark")
                and t.lower_ in ("when", "while")
                and t.head.dep_ == "advcl"
            )
            for t in span
        ),
        verbless_state=tense == "none"
        and (
            verbless_state(head, span)
            or placed_speaker(span)
            or bare_state(head, span)
            or lacking_now(head, span)
        ),
        simple_present=(main.tag_ in ("VBP", "VBZ") or said_of is not None) and modal is None,
    )
