"""The attribute ruler's rules by table lookup find exactly the ``Matcher``'s matches.

Over every message of the realistic evaluation sets and the labelled set, parsed by the
real pipeline up to the ruler, and on a ruler of made-up rules in every form the table
takes or leaves (sets, negated sets, space, two tokens, a regular expression, an index
from the end), where a later rule must win over an earlier one on the same token.
"""

from __future__ import annotations

import json
from pathlib import Path

import spacy
from spacy.pipeline import AttributeRuler
from spacy.tokens import Doc

from core.extraction.linguistics import model
from core.extraction.linguistics.attribute_table import TableMatch

HERE = Path(__file__).parent


def _texts() -> list[str]:
    files = [*sorted((HERE / "realistic").glob("*.jsonl")), HERE / "labelled_messages.jsonl"]
    texts = (
        json.loads(line)["text"]
        for path in files
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    )
    return list(dict.fromkeys(texts))


def _matcher_match(ruler: AttributeRuler, doc: Doc) -> list[tuple[int, int, int, int]]:
    """The ruler's own ``match``, whatever its instance was given."""
    found: list[tuple[int, int, int, int]] = AttributeRuler.match(ruler, doc)
    return found


def test_the_pipelines_rules_match_as_the_matcher_does_on_the_evaluation_messages() -> None:
    """Every third distinct message of every set (some 6,000; all of them took 21 s of the
    suite): the table and the matcher read the same parses, so a rule the table got wrong
    shows on thousands of real messages as it would on all."""
    nlp = model.load()
    ruler = nlp.get_pipe("attribute_ruler")
    assert isinstance(ruler, AttributeRuler)
    assert isinstance(ruler.match, TableMatch)  # the loaded pipeline uses the table
    table = TableMatch(ruler)
    texts = _texts()[::3]
    assert len(texts) > 3000
    docs = nlp.pipe(texts, disable=["attribute_ruler", "lemmatizer", "ner"])
    differing = sum(1 for doc in docs if table(doc) != _matcher_match(ruler, doc))
    assert differing == 0


def test_made_up_rules_in_every_form_match_and_apply_in_rule_order() -> None:
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("attribute_ruler")
    assert isinstance(ruler, AttributeRuler)
    ruler.add([[{"TAG": "NN"}]], {"POS": "NOUN"})
    ruler.add([[{"TAG": "NN", "LOWER": "run"}]], {"POS": "VERB"})  # later: wins on "run"
    ruler.add([[{"LOWER": {"IN": ["a", "the"]}}]], {"POS": "DET"})
    ruler.add([[{"TAG": {"NOT_IN": ["NN", "DT"]}, "IS_SPACE": False}]], {"POS": "X"})
    ruler.add([[{"IS_SPACE": True}]], {"POS": "SPACE"})
    ruler.add([[{"LOWER": "gon"}, {"LOWER": "na"}]], {"LEMMA": "to"}, index=-1)
    ruler.add([[{"LOWER": {"REGEX": "^y'?$"}}], [{"DEP": "expl"}]], {"POS": "PRON"})
    words = ["the", "run", "dog", "y'", "gon", "na", " ", "there", "is"]
    tags = ["DT", "NN", "NN", "PRP", "VBG", "TO", "_SP", "EX", "VBZ"]
    deps = ["det", "nsubj", "ROOT", "nsubj", "aux", "aux", "dep", "expl", "ROOT"]
    table = TableMatch(ruler)

    def doc() -> Doc:
        return Doc(nlp.vocab, words=words, tags=tags, deps=deps, heads=[2] * 9)

    assert table(doc()) == _matcher_match(ruler, doc())
    by_table, by_matcher = doc(), doc()
    ruler.set_annotations(by_table, table(by_table))
    ruler.set_annotations(by_matcher, _matcher_match(ruler, by_matcher))
    assert [t.pos_ for t in by_table] == [t.pos_ for t in by_matcher]
    assert [t.pos_ for t in by_table][:3] == ["DET", "VERB", "NOUN"]
    assert by_table[5].lemma_ == "to"


def test_a_rule_the_table_leaves_to_the_matcher_still_matches() -> None:
    """A rule of two tokens, the first optional ("OP"), beside one the table takes."""
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("attribute_ruler")
    assert isinstance(ruler, AttributeRuler)
    ruler.add([[{"LOWER": "well", "OP": "?"}, {"LOWER": "ok"}]], {"LEMMA": "okay"}, index=-1)
    ruler.add([[{"LOWER": "then"}]], {"LEMMA": "than"})
    doc = Doc(nlp.vocab, words=["ok", "then"])
    assert TableMatch(ruler)(doc) == _matcher_match(ruler, doc) != []
    ruler.set_annotations(doc, TableMatch(ruler)(doc))
    assert [t.lemma_ for t in doc] == ["okay", "than"]
