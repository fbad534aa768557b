"""The secret corpus: many credential forms in every place a candidate can carry text.

Every (form, placement) pair gets its own freshly generated fake secret, so a leak names
the pair that caused it. After one CLI ingest of the whole corpus, a dump of every table,
the CLI's stdout and stderr and the write log as ``memcurator log`` prints it must hold no
12-character fragment of any secret, on both dialects.
"""

from __future__ import annotations

import base64
import json
import os
import random
import string
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import Engine

from memcurator.app.ingest import ingest_stream
from store.engine import make_engine
from tests.factories import candidate
from tests.integration.test_bad_input import database_dump

FRAGMENT = 12
MAX_LINE_BYTES = 20_000

Form = Callable[[random.Random], tuple[str, str]]  # rng -> (text as written, the secret in it)


def _pick(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


_ALNUM = string.ascii_letters + string.digits
_UPPER = string.ascii_uppercase + string.digits
_HEX = "0123456789abcdef"
_B64 = _ALNUM + "+/"
_URLSAFE = _ALNUM + "-_"


def _alnum(rng: random.Random, n: int) -> str:
    # At least one digit and both cases, as machine-made tokens have.
    return (
        rng.choice(string.ascii_uppercase) + rng.choice(string.digits) + _pick(rng, _ALNUM, n - 2)
    )


def _password(rng: random.Random, n: int = 14) -> str:
    return "Q" + _pick(rng, _ALNUM, n - 4) + rng.choice("!#$%*+=?^~") + "7z"


def _token(prefix: str, alphabet: str, n: int, template: str = "token {}") -> Form:
    def make(rng: random.Random) -> tuple[str, str]:
        value = prefix + (_alnum(rng, n) if alphabet == _ALNUM else _pick(rng, alphabet, n))
        return template.format(value), value

    return make


def _said(template: str, n: int = 14) -> Form:
    def make(rng: random.Random) -> tuple[str, str]:
        value = _password(rng, n)
        return template.format(value), value

    return make


def _basic(rng: random.Random) -> tuple[str, str]:
    value = base64.b64encode(f"admin:{_password(rng)}".encode()).decode()
    return f"Authorization: Basic {value}", value


def _private_key(header: str, body_start: str) -> Form:
    def make(rng: random.Random) -> tuple[str, str]:
        body = _pick(rng, _B64, 64)
        text = f"-----BEGIN {header}-----\n{body_start}{body}\n-----END {header}-----"
        return text, body

    return make


def _jwt(rng: random.Random) -> tuple[str, str]:
    claims = base64.urlsafe_b64encode(f'{{"sub":"{_alnum(rng, 10)}"}}'.encode()).decode()
    value = "eyJhbGciOiJIUzI1NiJ9." + claims.rstrip("=") + "." + _pick(rng, _URLSAFE, 43)
    return f"session {value}", value


def _azure_account_key(rng: random.Random) -> tuple[str, str]:
    value = _pick(rng, _B64, 86) + "=="
    text = f"DefaultEndpointsProtocol=https;AccountName=acmeprod;AccountKey={value};"
    return text + "EndpointSuffix=core.windows.net", value


def _azure_sas(rng: random.Random) -> tuple[str, str]:
    sig = _pick(rng, _ALNUM, 40) + "%3D"
    text = f"SharedAccessSignature=sv=2022-11-02&ss=b&srt=sco&sp=rl&se=2026-01-01&sig={sig}"
    return text, sig[:40]


def _sendgrid(rng: random.Random) -> tuple[str, str]:
    value = f"SG.{_pick(rng, _URLSAFE, 22)}.{_pick(rng, _URLSAFE, 43)}"
    return f"mail key {value}", value


def _telegram(rng: random.Random) -> tuple[str, str]:
    value = f"{rng.randint(10**9, 10**10 - 1)}:AA{_pick(rng, _URLSAFE, 33)}"
    return f"bot {value}", value


def _mailchimp(rng: random.Random) -> tuple[str, str]:
    value = f"{_pick(rng, _HEX, 32)}-us{rng.randint(1, 21)}"
    return f"mailchimp {value}", value


def _url(scheme: str) -> Form:
    def make(rng: random.Random) -> tuple[str, str]:
        value = _password(rng)
        return f"{scheme}://admin:{value}@intranet.acme.internal:8443/x", value

    return make


FORMS: dict[str, Form] = {
    "aws access key": _token("AKIA", _UPPER, 16, "aws key {} for s3"),
    "aws secret key": _token("", _B64, 40, "aws_secret_access_key = {}"),
    "github ghp": _token("ghp_", _ALNUM, 36),
    "github gho": _token("gho_", _ALNUM, 36),
    "github ghs": _token("ghs_", _ALNUM, 36),
    "github fine-grained": _token("github_pat_11", _ALNUM, 80),
    "gitlab glpat": _token("glpat-", _URLSAFE, 20, "{}"),
    "npm": _token("npm_", _ALNUM, 36, "{}"),
    "hugging face": _token("hf_", string.ascii_letters, 34, "{}"),
    "slack bot": _token("xoxb-1234567890-1234567890123-", _ALNUM, 24),
    "slack user": _token("xoxp-1234567890-", _ALNUM, 32),
    "slack webhook": _token("https://hooks.slack.com/services/T0AB12CD3/B0AB12CD3/", _ALNUM, 24),
    "stripe live": _token("sk_live_", _ALNUM, 24, "{}"),
    "stripe restricted": _token("rk_live_", _ALNUM, 24, "{}"),
    "google api": _token("AIza", _URLSAFE, 35, "{}"),
    "google oauth secret": _token("GOCSPX-", _URLSAFE, 28, "{}"),
    "openai": _token("sk-", _ALNUM, 48, "{}"),
    "openai project": _token("sk-proj-", _URLSAFE, 60, "{}"),
    "anthropic": _token("sk-ant-api03-", _URLSAFE, 90, "{}"),
    "sendgrid": _sendgrid,
    "twilio api key": _token("SK", _HEX, 32, "twilio {}"),
    "shopify": _token("shpat_", _HEX, 32, "{}"),
    "digitalocean": _token("dop_v1_", _HEX, 64, "{}"),
    "pypi": _token("pypi-AgEIcHlwaS5vcmc", _URLSAFE, 60, "{}"),
    "docker hub": _token("dckr_pat_", _URLSAFE, 27, "{}"),
    "databricks": _token("dapi", _HEX, 32, "{}"),
    "vault": _token("hvs.", _URLSAFE, 90, "{}"),
    "prefect cloud": _token("pnu_", _ALNUM, 36, "{}"),
    "groq": _token("gsk_", _ALNUM, 52, "{}"),
    "telegram bot": _telegram,
    "mailchimp": _mailchimp,
    "azure account key": _azure_account_key,
    "azure sas": _azure_sas,
    "jwt": _jwt,
    "rsa private key": _private_key("RSA PRIVATE KEY", "MIIEowIBAAKCAQEA"),
    "openssh private key": _private_key("OPENSSH PRIVATE KEY", "b3BlbnNzaC1rZXktdjEAAAAA"),
    "basic auth": _basic,
    "bearer": _token("", _URLSAFE, 40, "Authorization: Bearer {}"),
    "https with password": _url("https"),
    "redis with password": _url("redis"),
    "pass:": _said("pass: {}"),
    "PW:": _said("PW: {}"),
    "login is admin / x": _said("login is admin / {}"),
    "credentials: admin:x": _said("credentials: admin:{}"),
    "sshpass": _said("sshpass -p '{}' ssh deploy@bastion"),
    "mysql -p": _said("mysql -u root -p{} orders"),
    "password is": _said("my password is {}"),
    "DB_PASSWORD=": _said("DB_PASSWORD={}"),
    "PGPASSWORD=": _said("PGPASSWORD={} psql -h db"),
    "api_key=": _said("api_key={}"),
    "client_secret:": _said("client_secret: {}"),
}


# --- Placements: how one text is carried by one input line -----------------------------------

Placement = Callable[[str, str], bytes]  # (text, secret) -> one raw line


def _json(**overrides: Any) -> bytes:
    return json.dumps(candidate(**overrides)).encode()


def _obs(**overrides: Any) -> bytes:
    fields = {"type": "observation", "tool": "psql", "symptom": "timeout", "confidence": 0.8}
    return _json(**{**fields, **overrides})


def _subject(**parts: str) -> dict[str, str]:
    return {"entity": "user", "attribute": "note", "value": "x", **parts}


def _cut_after(text: str, secret: str, inside: bool) -> bytes:
    raw = _json(content=f"remember: {text} and more")
    end = raw.index(secret.encode()) + (len(secret) // 2 if inside else len(secret))
    return raw[:end]


def _oversize(text: str, secret: str, straddle: bool) -> bytes:
    filler = "y" * (MAX_LINE_BYTES + 5000)
    if straddle:  # the secret crosses the 2000-byte head the gate keeps of an oversize line
        pad = 2000 - len('{"content": "') - text.index(secret) - len(secret) // 2
        raw = json.dumps({"content": "x" * pad + text + filler})
    else:
        raw = json.dumps({"tool": text, "content": filler})
    return raw.encode()


PLACEMENTS: dict[str, Placement] = {
    "content": lambda t, s: _json(content=f"remember: {t}"),
    "subject.entity": lambda t, s: _json(subject=_subject(entity=t)),
    "subject.attribute": lambda t, s: _json(subject=_subject(attribute=t)),
    "subject.value": lambda t, s: _json(subject=_subject(value=t)),
    "scope.user_id": lambda t, s: _json(scope={"org_id": "acme", "user_id": t}),
    "scope.project_id": lambda t, s: _json(scope={"org_id": "acme", "project_id": t}),
    "source.ref": lambda t, s: _json(source={"kind": "tool_result", "ref": t, "session_id": "s"}),
    "source.session_id": lambda t, s: _json(
        source={"kind": "tool_result", "ref": "r", "session_id": t}
    ),
    "links": lambda t, s: _json(links=["doc_1", t]),
    "tool": lambda t, s: _obs(tool=t),
    "symptom": lambda t, s: _obs(symptom=t),
    "task_id": lambda t, s: _json(type="summary", task_id=t),
    "supersedes": lambda t, s: _json(supersedes=t),
    "supersedes (bare)": lambda t, s: _json(supersedes=s),
    "id": lambda t, s: _json(id=t),
    "id (bare)": lambda t, s: _json(id=s),
    "unknown field": lambda t, s: _json(notes=t),
    "unknown field, nested": lambda t, s: _json(metadata={"note": t, "password": s}),
    "unknown field name": lambda t, s: _json(**{t: "x"}),
    "unknown scope level": lambda t, s: _json(scope={"org_id": "acme", "secret": t}),
    "unknown source field": lambda t, s: _json(
        source={"kind": "tool_result", "ref": "r", "session_id": "s", "auth": s}
    ),
    "subject.value, line without source": lambda t, s: _json(
        subject=_subject(value=t), source=None
    ),
    "links, line with a bad confidence": lambda t, s: _json(links=["doc_1", t], confidence=7),
    "content as object": lambda t, s: _json(content={"note": t}),
    "content as list": lambda t, s: _json(content=[t]),
    "confidence as text": lambda t, s: _json(confidence=t),
    "created_at as text": lambda t, s: _json(created_at=t),
    "scope as text": lambda t, s: _json(scope=t),
    "links as text": lambda t, s: _json(links=t),
    "truncated after the secret": lambda t, s: _cut_after(t, s, inside=False),
    "truncated inside the secret": lambda t, s: _cut_after(t, s, inside=True),
    "invalid JSON around it": lambda t, s: _json(content=t) + b" }}",
    "plain text line": lambda t, s: t.replace("\n", " ").encode(),
    "content too long, secret from char 45": lambda t, s: _json(
        content="x" * 45 + " " + t + " and" * 1100
    ),
    "oversize line, secret in the head": lambda t, s: _oversize(t, s, straddle=False),
    "oversize line, secret across the head's end": lambda t, s: _oversize(t, s, straddle=True),
}


# Secrets that look like any random string once their keyword or context is gone: placed
# bare in an identifier they are indistinguishable from an id, so those pairs are not tried.
NOT_SELF_EVIDENT = frozenset(
    {
        *("aws secret key", "azure account key", "azure sas", "basic auth", "bearer"),
        "slack webhook",
        *("rsa private key", "openssh private key", "https with password", "redis with password"),
        *("pass:", "PW:", "login is admin / x", "credentials: admin:x", "sshpass", "mysql -p"),
        *("password is", "DB_PASSWORD=", "PGPASSWORD=", "api_key=", "client_secret:"),
    }
)


def build_corpus(seed: int) -> tuple[list[bytes], dict[str, tuple[str, str]]]:
    """The corpus lines, and each 12-character fragment of a secret -> (form, placement)."""
    rng = random.Random(seed)
    lines: list[bytes] = []
    fragments: dict[str, tuple[str, str]] = {}
    for form_name, form in FORMS.items():
        fixed = _fixed_parts(form)
        for placement_name, place in PLACEMENTS.items():
            if form_name in NOT_SELF_EVIDENT and placement_name.endswith("(bare)"):
                continue
            text, secret = form(rng)
            assert len(secret) >= FRAGMENT and secret in text, form_name
            lines.append(place(text, secret))
            for start in range(len(secret) - FRAGMENT + 1):
                if (window := secret[start : start + FRAGMENT]) not in fixed:
                    fragments[window] = (form_name, placement_name)
    return lines, fragments


def _fixed_parts(form: Form) -> set[str]:
    """The fragments every secret of a form shares ("pypi-AgEIcHlw"): not secret themselves."""
    one, other = form(random.Random(1))[1], form(random.Random(2))[1]
    windows = {one[i : i + FRAGMENT] for i in range(len(one) - FRAGMENT + 1)}
    return {other[i : i + FRAGMENT] for i in range(len(other) - FRAGMENT + 1)} & windows


def leaks(haystack: str, fragments: dict[str, tuple[str, str]]) -> set[tuple[str, str]]:
    """The (form, placement) pairs of which some 12-character fragment occurs in haystack."""
    return {
        fragments[window]
        for start in range(len(haystack) - FRAGMENT + 1)
        if (window := haystack[start : start + FRAGMENT]) in fragments
    }


def _cli(store_url: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        "MEMCURATOR_DATABASE_URL": store_url,
        "MEMCURATOR_MAX_LINE_BYTES": str(MAX_LINE_BYTES),
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
    }
    cli = [sys.executable, "-m", "memcurator", *args]
    return subprocess.run(cli, env=env, capture_output=True, text=True, timeout=300)


def test_no_credential_form_in_any_placement_reaches_the_store_or_the_output(
    store_url: str, tmp_path: Path
) -> None:
    lines, fragments = build_corpus(seed=20251201)
    path = tmp_path / "corpus.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    assert _cli(store_url, "init").returncode == 0
    started = time.perf_counter()
    ingest = _cli(store_url, "ingest", "--json", "--batch-size", "500", str(path))
    elapsed = time.perf_counter() - started
    assert ingest.returncode == 0, ingest.stderr[-2000:]
    report = json.loads(ingest.stdout)
    assert report["lines"] == len(lines)
    log = _cli(store_url, "log")
    assert log.returncode == 0, log.stderr[-2000:]
    engine = make_engine(store_url)
    try:
        dump = database_dump(engine, store_url)
    finally:
        engine.dispose()
    found = leaks(
        "\n".join([dump, ingest.stdout, ingest.stderr, log.stdout, log.stderr]), fragments
    )
    tried = len({pair for pair in fragments.values()})
    print(f"\n{len(FORMS)} forms x {len(PLACEMENTS)} placements: {tried} cases in {elapsed:.1f} s")
    print(f"leaked: {len(found)} of {tried}")
    for form_name, placement_name in sorted(found):
        print(f"  LEAK {form_name} in {placement_name}")
    assert len(FORMS) >= 40
    assert not found, sorted(found)[:20]
    # Every line carries a secret, so none of them may become an entry.
    assert not {k for k in report if k in ("inserted", "merged", "refined")}, report


PERSONAL = {
    "bare phone": "call 4155552671 after five",
    "international phone": "call +447700900123 after five",
    "IBAN": "pay GB82WEST12345698765432 monthly",
    "date of birth": "DOB: 1985-03-14",
    "public IP": "home IP is 81.2.69.160",
    "spelled-out e-mail": "write jane dot doe at example dot com",
    "bracketed e-mail": "write jane(at)example(dot)com",
}
# What must not survive of each: the number, the address, the date.
PERSONAL_NEEDLES = [
    "4155552671",
    "7700900123",
    "12345698765432",
    "1985-03-14",
    "81.2.69.160",
    "jane dot doe",
    "jane(at)",
]
PERSONAL_PLACEMENTS: dict[str, Callable[[str], bytes]] = {
    "content": lambda t: _json(content=t),
    "subject.value": lambda t: _json(subject=_subject(value=t)),
    "symptom": lambda t: _obs(symptom=t),
    "scope.user_id": lambda t: _json(scope={"org_id": "acme", "user_id": t}),
    "source.ref": lambda t: _json(source={"kind": "user_message", "ref": t, "session_id": "s"}),
    "links": lambda t: _json(links=[t]),
    "unknown field": lambda t: _json(notes=t),
    "bad confidence": lambda t: _json(content=t, confidence=9),
    "plain text line": lambda t: t.encode(),
}


def test_personal_data_of_every_decided_kind_stays_out_of_the_store(
    engine: Engine, store_url: str
) -> None:
    lines = [place(text) for text in PERSONAL.values() for place in PERSONAL_PLACEMENTS.values()]
    report = ingest_stream(engine, lines, batch_size=500)
    assert report.lines == len(lines)
    dump = database_dump(engine, store_url)
    assert [n for n in PERSONAL_NEEDLES if n in dump] == []
    # Redacted, not dropped: the free-text placements are stored with their placeholders.
    for placeholder in ("[PHONE]", "[IBAN]", "[DATE_OF_BIRTH]", "[IP_ADDRESS]", "[EMAIL]"):
        assert placeholder in dump, placeholder
