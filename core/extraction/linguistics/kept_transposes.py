"""numpy's ops for the pipeline, multiplying by its weights' transposes kept in rows.

thinc's layers multiply a few token rows by a weight matrix's transpose
(``gemm(X, W, trans2=True)``: every ``Maxout`` of the token vectors, the parser's and the
recogniser's input layers), and OpenBLAS repacks the transposed weights on every call.
For one short message alone (ten rows by 288 × 288) that repacking is most of the
product: 62 µs against 17 µs for the same rows by a transpose already laid out in rows
(80 rows: 173 against 140 µs). Kept once per weight, a message parsed alone costs about
0.6 ms of CPU less and a message in a batch of eight about 0.1 ms less, with the same
parses (README, "Issue 25, twenty-fifth round (perf25c)"). Used only where
``matrix_ops.cpu_ops`` chooses numpy's BLAS.
"""

from __future__ import annotations

from typing import Any

import numpy
from thinc.api import NumpyOps


class KeptTransposes(NumpyOps):  # type: ignore[misc]  # thinc's ops are untyped Cython
    """numpy's ops, multiplying by the transpose of the pipeline's weights kept in rows.

    A product by a weight's transpose (``trans2``) uses a copy laid out as the transpose,
    made on its first use and kept, so OpenBLAS does not repack the weights on each call.
    Only arrays named by ``keep_weights_of`` are copied: the loaded pipeline's parameters,
    which inference never changes (Canon does not train it); any other product runs as
    numpy's ops run it. Each kept parameter stays referenced here, so its address cannot
    be reused by another array while it is the key of a transpose.
    """

    def __init__(self) -> None:
        super().__init__(use_blis=False)
        self._weights: dict[int, Any] = {}
        """A parameter's data address → the parameter."""
        self._transposes: dict[tuple[int, tuple[int, ...], tuple[int, ...]], Any] = {}
        """(a parameter's address, the shape and strides it was multiplied as) → that
        view's transpose."""

    def keep_weights_of(self, layers: list[Any]) -> None:
        """Take the parameters of ``layers`` as the weights whose transposes are kept."""
        for layer in layers:
            for name in layer.param_names:
                if layer.has_param(name):
                    param = layer.get_param(name)
                    self._weights[param.ctypes.data] = param

    def _transpose(self, y: Any) -> Any | None:
        """``y``'s transpose in rows, if ``y`` is a whole kept parameter (reshaped)."""
        address = y.ctypes.data
        weight = self._weights.get(address)
        if weight is None or weight.size != y.size or weight.dtype != y.dtype:
            return None
        key = (address, y.shape, y.strides)
        kept = self._transposes.get(key)
        if kept is None:
            kept = self._transposes[key] = numpy.ascontiguousarray(y.T)
        return kept

    def gemm(
        self,
        x: Any,
        y: Any,
        *,
        out: Any = None,
        trans1: bool = False,
        trans2: bool = False,
    ) -> Any:
        if trans2 and not trans1 and (transposed := self._transpose(y)) is not None:
            return super().gemm(x, transposed, out=out)
        return super().gemm(x, y, out=out, trans1=trans1, trans2=trans2)
