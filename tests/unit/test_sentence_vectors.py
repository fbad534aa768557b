"""The shipped sentence encoder against the published model's own outputs.

Expected token ids and cosines were read off the reference implementation (Hugging Face's
BertTokenizer and sentence-transformers' all-MiniLM-L6-v2, float32) on 2026-12-04, with
``bench/make_sentence_model.py --check``; the shipped weights are 8-bit, so cosines may
move by a little (0.016 at most over 599 statements measured there).
"""

from __future__ import annotations

import numpy as np
import pytest

from memcurator.app import sentence_model
from memcurator.app.sentence_model import shipped_encoder

sv = shipped_encoder()


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("Café déjà-vu, naïve!", [101, 7668, 2139, 3900, 1011, 24728, 1010, 15743, 999, 102]),
        ("Uses C++ & Rust: 3.14% ok?",
         [101, 3594, 1039, 1009, 1009, 1004, 18399, 1024, 1017, 1012, 2403, 1003, 7929, 1029, 102]),
        ("日本語", [101, 1864, 1876, 1950, 102]),
        ("", [101, 102]),
        ("unaffordableness", [101, 14477, 4246, 8551, 3085, 2791, 102]),
    ],
)  # fmt: skip
def test_wordpiece_matches_the_reference_tokenizer(text: str, ids: list[int]) -> None:
    assert sv.pieces(text) == ids


@pytest.mark.parametrize(
    ("a", "b", "reference"),
    [
        ("Always books a window seat",
         "Grabs a seat by the window whenever the plane allows it", 0.6129),
        ("Always books a window seat", "Vegetarian", 0.0277),
        ("We code this project in Go.", "The service is implemented in go.", 0.5974),
    ],
)  # fmt: skip
def test_cosines_match_the_reference_encoder(a: str, b: str, reference: float) -> None:
    assert sv.similarity(a, b) == pytest.approx(reference, abs=0.02)


def test_a_paraphrase_is_closer_than_another_attribute() -> None:
    seat = "Always books a window seat"
    assert sv.similarity(seat, "Prefers sitting by the window on flights") > 0.6
    assert sv.similarity(seat, "Is allergic to peanuts") < 0.3


def test_vectors_are_unit_length_and_do_not_depend_on_what_else_is_encoded() -> None:
    texts = ["Takes his coffee with oat milk", "Our on-call rotation changes on Mondays",
             "Works in Central European Time"]  # fmt: skip
    first = sv.similarities(texts)
    sv.encode.cache_clear()
    sv.vector("something else entirely, encoded first this time")
    again = sv.similarities(list(reversed(texts)))[::-1, ::-1]
    assert np.array_equal(first, again)
    for t in texts:
        # Unit length to 16-bit precision: vectors are kept as float16 (``to_bytes``).
        assert float(np.linalg.norm(sv.vector(t))) == pytest.approx(1.0, abs=1e-3)
        assert sv.vector(t).shape == (384,)


def test_a_vector_kept_as_bytes_reads_back_as_the_same_numbers() -> None:
    from memcurator.sentence_vectors import cosines, from_bytes, to_bytes

    texts = ["Always books a window seat", "Switched to aisle seats", "Vegetarian"]
    vectors = [sv.vector(t) for t in texts]
    raw = [to_bytes(v) for v in vectors]
    assert [len(r) for r in raw] == [768, 768, 768]  # 384 float16
    back = [from_bytes(r) for r in raw]
    assert all(np.array_equal(a, b) for a, b in zip(vectors, back, strict=True))
    assert all(b.dtype == np.float32 for b in back)
    # The cosines of kept vectors are the encoder's own, exactly.
    assert np.array_equal(cosines(np.stack(back)), sv.similarities(texts))


@pytest.mark.parametrize(
    "text",
    ["x" * 100_000, "word " * 5_000, "\x00\ufffd\u200b\x07", "🙂" * 50, "a\u0301" * 300, "   "],
)
def test_hostile_text_encodes_within_the_model_s_length(text: str) -> None:
    pieces = sv.pieces(text)
    assert 2 <= len(pieces) <= 256
    assert pieces[0] == 101 and pieces[-1] == 102
    v = sv.vector(text)
    assert np.isfinite(v).all()


def test_a_word_longer_than_bert_reads_is_unknown() -> None:
    assert sv.pieces("x" * 101) == [101, 100, 102]
    assert sv.pieces("x" * 100)[1] != 100


def test_a_missing_model_file_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sentence_model, "DATA", ("memcurator", "data/no-such-model"))
    with pytest.raises(sentence_model.ModelMissing, match="reinstall memcurator"):
        sentence_model.shipped_encoder.__wrapped__()


def test_encoding_holds_blas_to_one_thread_and_the_last_caller_out_restores_it() -> None:
    """Concurrent callers (partitions on threads) share the one-thread limit; the library's
    own setting returns only when the last one leaves, on every use, not only the first."""
    from threadpoolctl import threadpool_info

    from memcurator.sentence_vectors import _one_blas_thread

    def blas() -> list[int]:
        return [i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"]

    own = blas()
    for _ in range(3):
        with _one_blas_thread():
            with _one_blas_thread():
                assert all(n == 1 for n in blas())
            assert all(n == 1 for n in blas())  # the outer caller still encodes
        assert blas() == own
