"""TF-IDF for topic batching: scikit-learn's numbers, without refitting from scratch.

The nightly pass vectorises a scope's topics (their recent members) together with the night's
new observations, and each topic's recent members again to pick its most typical text. Most of
those texts were already tokenised the night before, and a topic that did not change is fitted
on exactly the same texts again. So:

- the term counts of one text are cached by the text (``term_counts``);
- a whole fit is memoised by the exact tuple of texts (``fit``).

The result is bit-identical to ``TfidfVectorizer(sublinear_tf=True, stop_words="english")
.fit_transform(texts).toarray()``: the same tokens (scikit-learn's token pattern and English
stop words, lower-cased), the vocabulary in sorted order, the smoothed idf computed with the
same numpy operations, ``1 + log(count)`` term weights, and each row divided by the square
root of its squares summed one by one in the order scikit-learn holds them (the order the fit
first met each term, not column order), as its ``inplace_csr_row_normalize_l2`` does. Floating
point addition is not associative: numpy's pairwise ``sum`` or another order would differ in
the last bits, and a topic's members could then tie differently. The tests compare the two
with exact equality.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, TfidfVectorizer

# scikit-learn's own defaults, read rather than copied, so an upgrade that changes them changes
# both sides of the equality the tests check.
_TOKEN = re.compile(TfidfVectorizer().token_pattern)
_STOP_WORDS = ENGLISH_STOP_WORDS


class EmptyVocabulary(ValueError):
    """No text has a term: nothing but stop words, punctuation and one-letter words."""


@lru_cache(maxsize=65_536)
def term_counts(text: str) -> tuple[tuple[str, int], ...]:
    """The text's terms with their counts, in the order each first occurs (stop words out)."""
    counts = Counter(t for t in _TOKEN.findall(text.lower()) if t not in _STOP_WORDS)
    return tuple(counts.items())


@dataclass(frozen=True)
class TfidfFit:
    """One fit as a sparse matrix in CSR form, each row's entries in scikit-learn's order."""

    vocabulary: tuple[str, ...]
    idf: np.ndarray
    data: np.ndarray
    indices: np.ndarray
    indptr: np.ndarray

    def dense(self) -> np.ndarray:
        """A fresh dense (rows x vocabulary) float64 matrix, safe for the caller to change."""
        rows, width = len(self.indptr) - 1, len(self.vocabulary)
        matrix = np.zeros((rows, width), dtype=np.float64)
        row_of = np.repeat(np.arange(rows), np.diff(self.indptr))
        # One flat index per entry: numpy's two-array fancy assignment is ~20x slower here.
        matrix.ravel()[row_of * width + self.indices] = self.data
        return matrix


def tfidf_matrix(texts: list[str] | tuple[str, ...]) -> np.ndarray:
    """The dense TF-IDF matrix of ``texts``; raises ``EmptyVocabulary`` if no text has a term."""
    return fit(tuple(texts)).dense()


@lru_cache(maxsize=1024)
def fit(texts: tuple[str, ...]) -> TfidfFit:
    """The TF-IDF of ``texts`` (memoised: its arrays are read-only)."""
    counted = [term_counts(text) for text in texts]
    # scikit-learn numbers terms as it first meets them, sorts each row by that number, and
    # only then renumbers the columns alphabetically without reordering the rows' entries:
    # the order a row's squares are summed in for its norm. One walk over the terms numbers
    # them (``seen``) and keeps their counts; the columns follow from the numbers by numpy.
    first_seen: dict[str, int] = {}
    numbered: list[int] = []
    tallies: list[int] = []
    for terms in counted:
        for term, n in terms:
            numbered.append(first_seen.setdefault(term, len(first_seen)))
            tallies.append(n)
    if not first_seen:
        raise EmptyVocabulary("empty vocabulary; perhaps the documents only contain stop words")
    vocabulary = tuple(sorted(first_seen))
    column_of_seen = np.empty(len(vocabulary), dtype=np.int64)
    column_of_seen[[first_seen[term] for term in vocabulary]] = np.arange(len(vocabulary))
    lengths = np.fromiter((len(terms) for terms in counted), np.int64, len(counted))
    indptr = np.zeros(len(texts) + 1, dtype=np.int64)
    np.cumsum(lengths, out=indptr[1:])
    seen = np.array(numbered, dtype=np.int64)
    columns = column_of_seen[seen]
    counts = np.array(tallies, dtype=np.float64)
    order = np.lexsort((seen, np.repeat(np.arange(len(texts)), lengths)))
    indices, data = columns[order], counts[order]
    idf = _smoothed_idf(indices, len(vocabulary), len(texts))
    np.log(data, out=data)  # sublinear tf: 1 + log(count)
    data += 1.0
    data *= idf[indices]
    _normalise_rows(data, indptr)
    for array in (idf, data, indices, indptr):
        array.flags.writeable = False
    return TfidfFit(vocabulary, idf, data, indices, indptr)


def _smoothed_idf(indices: np.ndarray, n_terms: int, n_texts: int) -> np.ndarray:
    """``log((1 + n) / (1 + df)) + 1``, with TfidfTransformer's operations in its order."""
    df = np.bincount(indices, minlength=n_terms).astype(np.float64)
    df += 1.0
    idf = np.full_like(df, fill_value=n_texts + 1, dtype=np.float64)
    idf /= df
    np.log(idf, out=idf)
    idf += 1.0
    return idf


def _normalise_rows(data: np.ndarray, indptr: np.ndarray) -> None:
    """Divide each row by its l2 norm in place, the squares summed in the row's order."""
    lengths = np.diff(indptr)
    if not len(data):
        return
    # Rows padded with zeros to the longest one: adding 0.0 leaves a sum unchanged, and
    # cumsum adds strictly in order, so the last column is each row's sequential sum.
    widest = int(lengths.max())
    padded = np.zeros((len(lengths), widest), dtype=np.float64)
    rows = np.repeat(np.arange(len(lengths)), lengths)
    positions = np.arange(len(data)) - np.repeat(indptr[:-1], lengths)
    padded[rows, positions] = data * data
    sums = np.cumsum(padded, axis=1)[:, -1]
    norms = np.sqrt(sums)
    nonzero = np.repeat(sums != 0.0, lengths)
    data[nonzero] /= np.repeat(norms, lengths)[nonzero]
