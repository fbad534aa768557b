"""The sentence encoder shipped in the package (``memcurator/data/minilm``), read once per
process: the vocabulary and the 8-bit weights handed to the pure ``memcurator.sentence_vectors``
(see its note, and ``data/minilm/NOTICE`` for the model and its licence). Nothing is
downloaded; a missing or damaged file is an error that names it."""

from __future__ import annotations

import hashlib
import io
from functools import cache
from importlib import resources

import numpy as np

from memcurator.sentence_vectors import Encoder

DATA = ("memcurator", "data/minilm")


class ModelMissing(RuntimeError):
    """The shipped encoder's files are not where the package put them."""


@cache
def shipped_encoder() -> Encoder:
    """The one encoder of this process (its vectors are cached by text)."""
    root = resources.files(DATA[0]).joinpath(DATA[1])
    try:
        vocab_text = root.joinpath("vocab.txt").read_text(encoding="utf-8")
        packed = root.joinpath("weights.npz").read_bytes()
        with np.load(io.BytesIO(packed)) as z:
            weights = {k: z[k] for k in z.files}
    except (OSError, ValueError, KeyError) as exc:
        raise ModelMissing(
            f"the sentence encoder's files under memcurator/{DATA[1]} could not be read "
            f"({type(exc).__name__}); reinstall memcurator"
        ) from exc
    # The vectors a store keeps are this data's: its digest names them (``Encoder.name``).
    name = "minilm-" + hashlib.sha256(vocab_text.encode() + packed).hexdigest()[:16]
    return Encoder(vocab_text.splitlines(), weights, name)
