"""Sentence vectors: what two statements mean, close or far, from a small sentence encoder
shipped in the package (no download, no torch, numpy only).

The encoder is sentence-transformers' ``all-MiniLM-L6-v2`` (Apache-2.0; ``data/minilm/NOTICE``):
a six-layer BERT whose mean-pooled, normalised output puts paraphrases close together
("Grabs a seat by the window whenever the plane allows it" / "Always books a window seat").
Its weights were converted once from the published model (``bench/make_sentence_model.py``)
to 8-bit integers with a float scale per output row (``data/minilm/weights.npz``, 21 MB),
which moves a cosine by 0.002 on average and 0.016 at most on 599 statements measured there.
The tokenizer is BERT's uncased WordPiece, written out here over the model's own
``vocab.txt``.

Pure: the vocabulary and the weights come in as data (``memcurator.app.sentence_model``
reads the shipped files once per process). Each text is encoded on its own (no padding, no
batch), so a text's vector never depends on what else is encoded with it: deterministic for a
given machine, and independent of order. Cosines are rounded to three decimals for the same
reason: a different BLAS summation order cannot move one across a threshold but at a tie.
"""

from __future__ import annotations

import math
import threading
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

import numpy as np
from scipy.special import erf
from threadpoolctl import ThreadpoolController

_LAYERS = 6
_HEADS = 12
_MAX_PIECES = 254  # the encoder's 256 positions, less [CLS] and [SEP]
_MAX_WORD = 100  # a longer "word" is [UNK], as BERT's WordPiece reads it
_RSQRT2 = 1.0 / math.sqrt(2.0)  # Python floats: a NumPy float64 scalar would upcast
_CACHE = 65_536  # vectors kept per process (a night meets a scope's statements again)


class Encoder:
    """The sentence encoder, given its vocabulary (one WordPiece per id, in order) and its
    weights (``NAME`` float arrays, or ``NAME.q`` int8 with ``NAME.s`` a scale per row)."""

    def __init__(
        self, vocab: Sequence[str], weights: Mapping[str, np.ndarray], name: str = "encoder"
    ) -> None:
        self.name = name  # a fingerprint of the data: vectors kept under it are this one's
        self.vocab = {piece: i for i, piece in enumerate(vocab)}
        self.w: dict[str, np.ndarray] = {}
        # The word table stays int8 (35 MB less per process): only a statement's rows are read.
        self.words, self.word_scale = weights["emb.word.q"], weights["emb.word.s"]
        for name, value in weights.items():
            if name.startswith("emb.word."):
                continue
            if name.endswith(".q"):
                base = name[:-2]
                self.w[base] = value.astype(np.float32) * weights[base + ".s"][:, None]
            elif not name.endswith(".s"):
                self.w[name] = value.astype(np.float32)
        self.cls, self.sep, self.unk = self.vocab["[CLS]"], self.vocab["[SEP]"], self.vocab["[UNK]"]
        # Vectors kept by text, most recently used first (functools' cache is thread-safe).
        self.encode = lru_cache(maxsize=_CACHE)(self._encode)

    # -- tokenizer (BERT uncased: clean, lower, strip accents, split punctuation, WordPiece) --
    def pieces(self, text: str) -> list[int]:
        ids: list[int] = []
        for word in _words(text):
            ids.extend(self._wordpiece(word))
            if len(ids) >= _MAX_PIECES:
                break
        return [self.cls, *ids[:_MAX_PIECES], self.sep]

    def _wordpiece(self, word: str) -> list[int]:
        if len(word) > _MAX_WORD:
            return [self.unk]
        out: list[int] = []
        start = 0
        while start < len(word):
            end = len(word)
            found = None
            while start < end:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                if piece in self.vocab:
                    found = self.vocab[piece]
                    break
                end -= 1
            if found is None:
                return [self.unk]
            out.append(found)
            start = end
        return out

    # -- encoder --
    def vector(self, text: str) -> np.ndarray:
        """The statement's unit vector (384 floats)."""
        with _one_blas_thread():
            return self.encode(text)

    def vectors(self, texts: Sequence[str]) -> list[np.ndarray]:
        """Each statement's unit vector (BLAS limited once for them all, not once each)."""
        with _one_blas_thread():
            return [self.encode(t) for t in texts]

    def similarity(self, a: str, b: str) -> float:
        """Cosine of two statements' vectors, rounded to three decimals (1.0: one meaning)."""
        return round(float(self.vector(a) @ self.vector(b)), 3)

    def similarities(self, texts: Sequence[str]) -> np.ndarray:
        """The pairwise cosine matrix of ``texts``, rounded to three decimals."""
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        with _one_blas_thread():
            vectors = np.stack([self.encode(t) for t in texts])
        return cosines(vectors)

    def _encode(self, text: str) -> np.ndarray:
        # Kept as 16-bit floats (``to_bytes``): a vector computed now and one read back from
        # the store are the same numbers, so a night decides alike either way.
        return from_bytes(to_bytes(self._forward(self.pieces(text))))

    def _forward(self, ids: list[int]) -> np.ndarray:
        w = self.w
        n = len(ids)
        rows = self.words[ids].astype(np.float32) * self.word_scale[ids][:, None]
        x = rows + w["emb.pos"][:n] + w["emb.type"][0]
        x = _norm(x, w["emb.ln.g"], w["emb.ln.b"])
        d = x.shape[1] // _HEADS
        for i in range(_LAYERS):
            p = f"l{i}."
            qkv = x @ w[p + "qkv"].T + w[p + "qkv.b"]
            q, k, v = (qkv[:, j * x.shape[1] : (j + 1) * x.shape[1]].reshape(n, _HEADS, d)
                       .transpose(1, 0, 2) for j in range(3))  # fmt: skip
            scores = q @ k.transpose(0, 2, 1) * (1.0 / math.sqrt(d))
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            ctx = (scores @ v).transpose(1, 0, 2).reshape(n, -1)
            x = _norm(x + ctx @ w[p + "out"].T + w[p + "out.b"], w[p + "ln1.g"], w[p + "ln1.b"])
            h = x @ w[p + "up"].T + w[p + "up.b"]
            h = 0.5 * h * (1.0 + erf(h * _RSQRT2))
            x = _norm(x + h @ w[p + "down"].T + w[p + "down.b"], w[p + "ln2.g"], w[p + "ln2.b"])
        pooled = x.mean(0)
        unit: np.ndarray = (pooled / max(float(np.linalg.norm(pooled)), 1e-12)).astype(np.float32)
        return unit


def cosines(vectors: np.ndarray) -> np.ndarray:
    """The pairwise cosine matrix of unit vectors (one per row), rounded to three decimals."""
    with _one_blas_thread():
        rounded: np.ndarray = np.round(vectors @ vectors.T, 3)
    return rounded


def to_bytes(vector: np.ndarray) -> bytes:
    """A vector as it is kept: 16-bit floats, little-endian (768 bytes for 384 dimensions)."""
    return vector.astype("<f2").tobytes()


def from_bytes(raw: bytes) -> np.ndarray:
    """A kept vector back as 32-bit floats."""
    return np.frombuffer(raw, dtype="<f2").astype(np.float32)


def _norm(x: np.ndarray, g: np.ndarray, b: np.ndarray) -> np.ndarray:
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    out: np.ndarray = (x - mu) / np.sqrt(var + 1e-12) * g + b
    return out


def _is_punct(ch: str) -> bool:
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def _is_cjk(cp: int) -> bool:
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF
            or 0x2A700 <= cp <= 0x2B73F or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF
            or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F)  # fmt: skip


def _words(text: str) -> list[str]:
    """BERT's basic tokenizer (uncased): words and punctuation marks, lower-cased, accents off."""
    cleaned: list[str] = []
    for ch in text:
        cp = ord(ch)
        if cp == 0 or cp == 0xFFFD:
            continue
        cat = unicodedata.category(ch)
        if ch in "\t\n\r" or ch == " " or cat == "Zs":
            cleaned.append(" ")
        elif cat.startswith("C"):
            continue
        elif _is_cjk(cp):
            cleaned.append(f" {ch} ")
        else:
            cleaned.append(ch)
    out: list[str] = []
    for token in "".join(cleaned).split():
        token = unicodedata.normalize("NFD", token.lower())
        token = "".join(c for c in token if unicodedata.category(c) != "Mn")
        word = ""
        for ch in token:
            if _is_punct(ch):
                if word:
                    out.append(word)
                out.append(ch)
                word = ""
            else:
                word += ch
        if word:
            out.append(word)
    return out


class _OneBlasThread:
    """BLAS on one thread while any caller encodes: a sentence's matrices are small, and
    OpenBLAS's threads cost 3-4x more than they save on them (and compete with the pass's
    partitions for the cores). Counted, so that concurrent callers (partitions on threads)
    restore the library's own setting only when the last one leaves. The BLAS libraries are
    found once (``ThreadpoolController``): ``threadpool_limits`` scans every loaded library on
    each call, 2 ms, 0.8 of a 200-user first night's 24 s (issue 13)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.users = 0
        self.limits: Any = None
        self.controller: ThreadpoolController | None = None

    @contextmanager
    def __call__(self) -> Iterator[None]:
        with self.lock:
            if self.users == 0:
                if self.controller is None:
                    self.controller = ThreadpoolController()
                self.limits = self.controller.limit(limits=1, user_api="blas")
            self.users += 1
        try:
            yield
        finally:
            with self.lock:
                self.users -= 1
                if self.users == 0:
                    self.limits.restore_original_limits()


_one_blas_thread = _OneBlasThread()
