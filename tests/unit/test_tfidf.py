"""memcurator.tfidf against scikit-learn's TfidfVectorizer: equal to the last bit, not close.

Topic batching compares similarities with a threshold and picks a topic's text by argmax, so
a difference in the last bit of one weight could move an observation or change a topic's
text: the cached TF-IDF is only a drop-in if every float is the same."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, TfidfVectorizer

from memcurator import consolidation, tfidf

# Words that matter to the tokenizer: stop words, one-letter words (never tokens), digits,
# underscores, apostrophes and hyphens (token boundaries), mixed case, accents, other scripts,
# and characters whose lower case is longer than themselves ("İ").
WORDS = [
    "the", "and", "of", "a", "I", "x", "it's", "don't", "re-run", "CI", "ci", "Ci",
    "cache", "caches", "pytest", "flaky", "deploy", "deploys", "oom", "OOMKilled", "runner",
    "build", "failing", "retry", "42", "3", "py3", "db_conn", "__init__", "naïve", "naive",
    "Straße", "STRASSE", "café", "CAFÉ", "école", "İstanbul", "istanbul", "日本語", "テキスト",
    "данные", "ДАННЫЕ", "ΣΊΣΥΦΟΣ", "σίσυφος", "emoji🙂ok", "tab\tsep", "line\nbreak",
]  # fmt: skip
PUNCTUATION = ["", "", "", ".", ",", "!", "?", ":", "'", '"', "(", ")", "/", "--"]


def sklearn_fit(texts: list[str]) -> tuple[list[str], np.ndarray, np.ndarray]:
    """What the nightly pass computed before memcurator.tfidf: vocabulary (column order),
    dense matrix, idf."""
    vectoriser = TfidfVectorizer(sublinear_tf=True, stop_words="english")
    matrix = vectoriser.fit_transform(texts).toarray()
    vocabulary = sorted(vectoriser.vocabulary_, key=vectoriser.vocabulary_.__getitem__)
    return vocabulary, matrix, vectoriser.idf_


def assert_same_as_sklearn(texts: list[str]) -> None:
    try:
        vocabulary, matrix, idf = sklearn_fit(texts)
    except ValueError:
        with pytest.raises(tfidf.EmptyVocabulary):
            tfidf.fit(tuple(texts))
        assert consolidation._vectorise(texts) is None
        return
    fitted = tfidf.fit(tuple(texts))
    assert list(fitted.vocabulary) == vocabulary
    assert np.array_equal(fitted.idf, idf)
    assert fitted.dense().dtype == np.float64
    assert np.array_equal(fitted.dense(), matrix)
    vectors = consolidation._vectorise(texts)
    assert vectors is not None and np.array_equal(vectors, matrix)


words = st.builds(lambda w, p: w + p, st.sampled_from(WORDS), st.sampled_from(PUNCTUATION))
texts_of_words = st.lists(words, max_size=40).map(" ".join)


@settings(max_examples=400, deadline=None)
@given(st.lists(texts_of_words, min_size=1, max_size=40))
def test_equal_to_sklearn_on_random_texts(texts: list[str]) -> None:
    assert_same_as_sklearn(texts)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=80), min_size=1, max_size=12))
def test_equal_to_sklearn_on_arbitrary_unicode(texts: list[str]) -> None:
    assert_same_as_sklearn(texts)


@pytest.mark.parametrize("seed", range(30))
def test_equal_to_sklearn_on_topic_sized_corpora(seed: int) -> None:
    """Corpora the size a nightly pass fits (a slice of backlog plus topics' recent members),
    with long texts, so rows hold many terms and the order their squares are summed in
    matters."""
    rng = random.Random(seed)
    vocabulary = [f"term{i}" for i in range(400)] + WORDS
    texts = [
        " ".join(rng.choice(vocabulary) for _ in range(rng.randint(0, 120)))
        for _ in range(rng.randint(50, 300))
    ]
    texts += rng.sample(texts, k=len(texts) // 5)  # restatements: the same text again
    assert_same_as_sklearn(texts)


@pytest.mark.parametrize(
    "texts",
    [
        pytest.param([""], id="one empty text"),
        pytest.param(["", "", ""], id="only empty texts"),
        pytest.param(["the and of", "a b c", "I x y", "!!! ... ???"], id="only stop words"),
        pytest.param(["the and of", "cache"], id="stop words and one term"),
        pytest.param(["", "deploy failing", ""], id="empty texts around one"),
        pytest.param(["pytest flaky on CI"] * 7, id="the same text seven times"),
        pytest.param(["cache cache cache", "cache"], id="one term, counts differ"),
        pytest.param(["Straße café naïve", "STRASSE CAFÉ naive", "İstanbul istanbul"], id="case"),
        pytest.param(["日本語 テキスト", "данные ДАННЫЕ", "ΣΊΣΥΦΟΣ σίσυφος"], id="scripts"),
        pytest.param(["db_conn __init__ py3 42 3", "emoji🙂ok it's re-run"], id="tokens"),
        pytest.param(["zeta alpha beta alpha", "gamma beta zeta omega", "omega alpha"], id="order"),
    ],
)
def test_equal_to_sklearn_on_edge_cases(texts: list[str]) -> None:
    assert_same_as_sklearn(texts)


def test_no_texts_at_all_have_no_vocabulary() -> None:
    with pytest.raises(ValueError):
        TfidfVectorizer(sublinear_tf=True, stop_words="english").fit_transform([])
    with pytest.raises(tfidf.EmptyVocabulary):
        tfidf.fit(())


def test_stop_words_and_token_pattern_are_sklearns() -> None:
    assert tfidf._STOP_WORDS is ENGLISH_STOP_WORDS
    assert tfidf._TOKEN.pattern == TfidfVectorizer().token_pattern
    assert dict(tfidf.term_counts("The cache, THE CACHE and a cachE x!")) == {"cache": 3}


def test_a_fit_is_remembered_and_cannot_be_changed_through_its_result() -> None:
    texts = ("deploy failing on CI", "CI deploy is flaky", "pytest flaky again")
    first = tfidf.fit(texts)
    assert tfidf.fit(tuple(list(texts))) is first  # an equal tuple is the same fit
    for array in (first.data, first.idf, first.indices, first.indptr):
        assert not array.flags.writeable
    dense = tfidf.tfidf_matrix(list(texts))
    dense[:] = 0.0  # the caller's copy only
    assert np.array_equal(tfidf.tfidf_matrix(texts), sklearn_fit(list(texts))[1])


def test_each_text_is_tokenised_once() -> None:
    text = "a text seen by this test only: wobbulator"
    before = tfidf.term_counts.cache_info()
    tfidf.fit((text, "first corpus"))
    tfidf.fit((text, "second corpus"))
    after = tfidf.term_counts.cache_info()
    assert after.misses - before.misses == 3  # the shared text, then each other one
    assert after.hits - before.hits == 1


def test_a_topics_most_typical_text_is_remembered_and_unchanged() -> None:
    texts = ["pytest flaky on CI", "CI pytest is flaky again", "deploy failing", "flaky CI"]
    _, matrix, _ = sklearn_fit(texts)
    scores = matrix @ matrix.mean(axis=0)
    expected = texts[int(np.argmax(np.round(scores, 9)))]
    before = consolidation._most_typical_index.cache_info()
    assert consolidation._most_typical(texts) == expected
    assert consolidation._most_typical(list(texts)) == expected
    after = consolidation._most_typical_index.cache_info()
    assert (after.misses - before.misses, after.hits - before.hits) == (1, 1)
    assert consolidation._most_typical(["the and of", "a b"]) == "the and of"
