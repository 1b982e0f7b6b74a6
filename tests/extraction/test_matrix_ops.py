"""The pipeline multiplies with numpy's BLAS only where BLIS runs its reference kernels,
keeping its weights' transposes there, and the parses are the same either way.

Over every tenth dev and probe text of the realistic evaluation sets, parsed by the
real pipeline with each library's products (in batches, and one text at a time as a
lone message is); the choice itself for each answer BLIS may give; and the kept
transposes' products against numpy's own.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import numpy
import pytest
from spacy.language import Language
from thinc.api import NumpyOps, Ops, get_ops
from threadpoolctl import threadpool_info

from core.extraction.linguistics import matrix_ops, model
from core.extraction.linguistics.kept_transposes import KeptTransposes

HERE = Path(__file__).parent


@cache
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
    # Every twentieth distinct message (some 800; every tenth took 40 s of the suite over
    # its four parses): the products are the same numbers on any text, so a wrong one shows
    # on hundreds of real messages as on thousands.
    return list(dict.fromkeys(texts))[::20]


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


def _readings(nlp: Language, texts: list[str], batch_size: int = 16) -> list[str]:
    docs = (
        nlp.pipe(texts, batch_size=batch_size) if batch_size > 1 else (nlp(text) for text in texts)
    )
    return [
        " ".join(
            f"{t.tag_}/{t.pos_}/{t.dep_}/{t.head.i}/{t.ent_iob_}{t.ent_type_}/{t.lemma_}/{t.morph}"
            for t in doc
        )
        for doc in docs
    ]


def test_every_layer_of_the_loaded_pipeline_multiplies_with_the_chosen_ops() -> None:
    nlp = model.load()
    assert _layers_ops(nlp) == {id(model._cpu_ops)}


@cache
def _parsed(ops: str, batch_size: int = 16) -> tuple[str, ...]:
    """The readings of ``_texts()`` multiplied with ``ops``: "chosen" (the loaded
    pipeline's own), "blis", "kept" (transposes kept) or "plain" (numpy's BLAS), each
    parsed once for the module. Where the chosen ops keep transposes (BLIS runs its
    reference kernels here), the pipeline's own are the kept ones."""
    nlp = model.load()
    if ops == "kept" and isinstance(model._cpu_ops, KeptTransposes):
        return _parsed("chosen", batch_size)
    if ops == "chosen":
        return tuple(_readings(nlp, _texts(), batch_size))
    with _multiplying_with(nlp, _ops(nlp, ops)):
        return tuple(_readings(nlp, _texts(), batch_size))


def _ops(nlp: Language, name: str) -> Ops:
    chosen: Ops = _kept_for(nlp) if name == "kept" else NumpyOps(use_blis=name == "blis")
    return chosen


def test_the_parses_are_the_same_with_blis_and_with_the_chosen_ops() -> None:
    texts = _texts()
    assert len(texts) > 700
    chosen, by_blis = _parsed("chosen"), _parsed("blis")
    differing = [t for t, a, b in zip(texts, chosen, by_blis, strict=True) if a != b]
    assert differing == []


@pytest.mark.parametrize("batch_size", [1, 16])
def test_the_parses_are_the_same_with_and_without_the_kept_transposes(batch_size: int) -> None:
    kept, plain = _parsed("kept", batch_size), _parsed("plain", batch_size)
    differing = [t for t, a, b in zip(_texts(), kept, plain, strict=True) if a != b]
    assert differing == []


def _kept_for(nlp: Language) -> KeptTransposes:
    ops = KeptTransposes()
    ops.keep_weights_of(matrix_ops.layers(nlp))
    return ops


def _same_product(a: numpy.ndarray, b: numpy.ndarray) -> bool:
    """Equal but for the last bits: BLAS may sum a product's terms in another order for
    another layout (the parses above say those bits change no reading)."""
    return a.shape == b.shape and numpy.allclose(a, b, rtol=1e-5, atol=1e-6)


def test_a_product_by_a_kept_weight_is_numpys_own_product() -> None:
    rng = numpy.random.default_rng(25)
    weight = rng.standard_normal((12, 8), dtype=numpy.float32)

    class Layer:  # the part of a thinc layer ``keep_weights_of`` reads
        param_names = ("W", "b")

        def has_param(self, name: str) -> bool:
            return name == "W"

        def get_param(self, name: str) -> numpy.ndarray:
            return weight

    ops = KeptTransposes()
    ops.keep_weights_of([Layer()])
    plain = NumpyOps(use_blis=False)
    rows = rng.standard_normal((3, 8), dtype=numpy.float32)
    square = rng.standard_normal((3, 12), dtype=numpy.float32)
    views = [  # (x, y): the weight as layers reshape it, and a view of it transposed
        (rows, weight),
        (rng.standard_normal((3, 4), dtype=numpy.float32), weight.reshape(24, 4)),
        (square, weight.T),
        (square, weight.reshape(8, 12)),
    ]
    for x, y in views:
        assert _same_product(ops.gemm(x, y, trans2=True), plain.gemm(x, y, trans2=True))
        out = numpy.empty((x.shape[0], y.shape[0]), dtype=numpy.float32)
        assert ops.gemm(x, y, out=out, trans2=True) is out
        assert _same_product(out, plain.gemm(x, y, trans2=True))
    # the same rows again: a kept transpose is reused, and matches still
    assert _same_product(ops.gemm(rows, weight, trans2=True), rows @ weight.T)
    assert len(ops._transposes) == len(views)
    other = weight.copy()  # an array that is no kept weight is multiplied as it is
    assert _same_product(ops.gemm(rows, other, trans2=True), plain.gemm(rows, other, trans2=True))
    assert _same_product(ops.gemm(rows, rows, trans1=True), plain.gemm(rows, rows, trans1=True))
    assert len(ops._transposes) == len(views)


@pytest.mark.parametrize(
    ("configuration", "uses_blis"),
    [("generic", False), ("zen2", True), ("haswell", True), (None, True)],
)
def test_blis_is_left_only_where_it_runs_its_reference_kernels(
    monkeypatch: pytest.MonkeyPatch, configuration: str | None, uses_blis: bool
) -> None:
    monkeypatch.setattr(matrix_ops, "blis_configuration", lambda: configuration)
    ops = matrix_ops.cpu_ops()
    assert type(ops) is (type(get_ops("cpu")) if uses_blis else KeptTransposes)
    assert isinstance(ops, NumpyOps)
    assert ops.use_blis is uses_blis
    if not uses_blis:  # numpy's BLAS on one thread: its own threads would spin beside ours
        assert all(
            pool["num_threads"] == 1 for pool in threadpool_info() if pool["user_api"] == "blas"
        )


def test_blis_names_its_configuration_for_this_cpu() -> None:
    assert matrix_ops.blis_configuration() not in (None, "")
