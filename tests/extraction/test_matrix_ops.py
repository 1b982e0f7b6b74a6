"""The pipeline multiplies with numpy's BLAS only where BLIS runs its reference kernels,
and the parses are the same either way.

Over every tenth dev and probe text of the realistic evaluation sets, parsed by the
real pipeline with each library's products; and the choice itself for each answer BLIS
may give.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from spacy.language import Language
from thinc.api import NumpyOps, Ops, get_ops
from threadpoolctl import threadpool_info

from core.extraction.linguistics import matrix_ops, model

HERE = Path(__file__).parent


def _texts() -> list[str]:
    files = [
        *sorted((HERE / "realistic").glob("*-dev*.jsonl")),
        *sorted((HERE / "realistic").glob("probes*.jsonl")),
    ]
    texts = (
        json.loads(line)["text"]
        for path in files
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    )
    return list(dict.fromkeys(texts))[::10]


def _layers_ops(nlp: Language) -> set[int]:
    return {id(layer.ops) for layer in matrix_ops.layers(nlp)}


@contextmanager
def _multiplying_with(nlp: Language, ops: Ops) -> Iterator[None]:
    kept = [(layer, layer.ops) for layer in matrix_ops.layers(nlp)]
    try:
        for layer, _ops in kept:
            layer.ops = ops
        yield
    finally:
        for layer, was in kept:
            layer.ops = was


def _readings(nlp: Language, texts: list[str]) -> list[str]:
    return [
        " ".join(
            f"{t.tag_}/{t.pos_}/{t.dep_}/{t.head.i}/{t.ent_iob_}{t.ent_type_}/{t.lemma_}/{t.morph}"
            for t in doc
        )
        for doc in nlp.pipe(texts, batch_size=16)
    ]


def test_every_layer_of_the_loaded_pipeline_multiplies_with_the_chosen_ops() -> None:
    nlp = model.load()
    assert _layers_ops(nlp) == {id(model._cpu_ops)}


def test_the_parses_are_the_same_with_blis_and_with_the_chosen_ops() -> None:
    nlp = model.load()
    texts = _texts()
    assert len(texts) > 1000
    chosen = _readings(nlp, texts)
    with _multiplying_with(nlp, NumpyOps(use_blis=True)):
        by_blis = _readings(nlp, texts)
    differing = [t for t, a, b in zip(texts, chosen, by_blis, strict=True) if a != b]
    assert differing == []


@pytest.mark.parametrize(
    ("configuration", "uses_blis"),
    [("generic", False), ("zen2", True), ("haswell", True), (None, True)],
)
def test_blis_is_left_only_where_it_runs_its_reference_kernels(
    monkeypatch: pytest.MonkeyPatch, configuration: str | None, uses_blis: bool
) -> None:
    monkeypatch.setattr(matrix_ops, "blis_configuration", lambda: configuration)
    ops = matrix_ops.cpu_ops()
    assert type(ops) is type(get_ops("cpu"))
    assert isinstance(ops, NumpyOps)
    assert ops.use_blis is uses_blis
    if not uses_blis:  # numpy's BLAS on one thread: its own threads would spin beside ours
        assert all(
            pool["num_threads"] == 1 for pool in threadpool_info() if pool["user_api"] == "blas"
        )


def test_blis_names_its_configuration_for_this_cpu() -> None:
    assert matrix_ops.blis_configuration() not in (None, "")
