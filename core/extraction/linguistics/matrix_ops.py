"""Which library multiplies the pipeline's matrices: numpy's BLAS where BLIS has no kernel
for the CPU.

thinc multiplies with BLIS (the ``blis`` package, compiled into it), which picks its
kernels by the CPU it finds when it starts. A CPU its build has no configuration for
gets BLIS's portable reference code: on the AMD EPYC this repository is measured on (Zen
4, CPU family 25; the package carries kernels for haswell, zen and zen2, none for zen3
or later) every product ran in ``bli_sgemm_generic_ref`` and its packing, about a tenth
of an API worker's CPU (``perf`` samples of ``canon serve``). numpy's OpenBLAS chooses
a kernel for the same CPU, so there the pipeline's own products (``Ops.gemm``: the
token vectors and the parser's and recogniser's input layers) go through numpy, on one
thread: the process's concurrency is its workers and its reading thread, and OpenBLAS's
own threads spin while they wait for work (on two busy cores they took the parse from
2.5 to over 8 ms of CPU a text). The products differ in the last bits only; the parses
of the 11,374 dev and probe texts are the same either way (README, "Issue 25,
twenty-second round"). A CPU that BLIS has kernels for keeps BLIS.

Those products are mostly a few token rows by a weight matrix's transpose (thinc's
``gemm(X, W, trans2=True)``), and OpenBLAS repacks the transposed weights on every call:
for one short message alone (ten rows by 288 × 288) that repacking is most of the
product, 62 µs against 17 µs for the same rows by a transpose already laid out in rows.
So the ops keep each weight matrix's transpose, made once (``kept_transposes``).
"""

from __future__ import annotations

import ctypes
import importlib.util
import logging
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spacy.language import Language
    from thinc.api import Ops

log = logging.getLogger(__name__)
REFERENCE_KERNELS = b"generic"
"""BLIS's name for the sub-configuration of its portable reference code."""


def blis_configuration() -> str | None:
    """The sub-configuration BLIS chose for this CPU ("haswell", "zen2", "generic"), or None
    when the compiled library does not say."""
    try:
        found = importlib.util.find_spec("blis.cy")
        if found is None or found.origin is None:
            return None
        library = ctypes.CDLL(found.origin)  # the library thinc has loaded, not a second copy
        library.bli_arch_query_id.restype = ctypes.c_int
        library.bli_arch_string.restype = ctypes.c_char_p
        library.bli_arch_string.argtypes = [ctypes.c_int]
        name = library.bli_arch_string(library.bli_arch_query_id())
    except (ImportError, ValueError, OSError, AttributeError):
        return None
    return name.decode("ascii", "replace") if isinstance(name, bytes) else None


def cpu_ops() -> Ops:
    """thinc's CPU ops for the pipeline: BLIS's unless it runs its reference kernels here."""
    from thinc.api import NumpyOps, get_ops

    from core.extraction.linguistics.kept_transposes import KeptTransposes

    ops = get_ops("cpu")
    if type(ops) is not NumpyOps or blis_configuration() != REFERENCE_KERNELS.decode():
        return ops
    try:
        from threadpoolctl import threadpool_limits

        threadpool_limits(1, user_api="blas")
    except Exception:  # an unknown BLAS: its threads would spin beside the workers
        log.warning("could not limit numpy's BLAS to one thread; multiplying with BLIS")
        return ops
    return KeptTransposes()


def layers(nlp: Language) -> list[Any]:
    """Every thinc layer of the pipeline's components (each keeps its own ``ops``)."""
    models: list[Any] = [getattr(component, "model", None) for _name, component in nlp.pipeline]
    return [layer for model in models if hasattr(model, "walk") for layer in model.walk()]
