"""A realistic candidate stream, generated: the seed's worked example in miniature.

Each session writes ~13 notes, as an extraction step does: durable facts restated in new
words, conversational chatter, the agent's guesses, tool observations, one summary, now and
then personal data, a leaked credential or a malformed line. The same seed always gives the
same stream, so the demo and the benchmark are repeatable. Pure: returns strings.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

CHATTER = [
    "okay",
    "Okay!",
    "hmm, let me think",
    "checking now",
    "as I said above",
    "Got it, thanks!",
    "one sec, pulling that up",
    "Sure, I can help with that.",
    "Let me look into it.",
    "thanks!",
    "sounds good 👍",
    "ok ok",
    "see above",
    "hmm",
    "Give me a moment.",
    "I'm looking at the logs now",
    "yep",
    "Alright, let's continue.",
    "like I said earlier",
    "hold on",
    "right, noted",
    "Let me double-check that.",
    "Great, thank you!",
]
FACT_TEMPLATES: list[tuple[str, str, list[str]]] = [
    (
        "diet",
        "vegetarian",
        [
            "I'm vegetarian",
            "The user is vegetarian",
            "User doesn't eat meat (vegetarian)",
            "Vegetarian diet - no meat or fish",
        ],
    ),
    (
        "seat",
        "window",
        [
            "Prefers window seats",
            "The user prefers a window seat on flights",
            "Always books a window seat",
        ],
    ),
    (
        "allergy",
        "shellfish",
        ["Allergic to shellfish", "The user has a shellfish allergy", "can't eat shrimp"],
    ),
    (
        "language",
        "python",
        ["Prefers Python for scripting", "The user writes most tools in Python"],
    ),
    ("timezone", "cet", ["Works in Central European Time", "The user's timezone is CET"]),
    ("flights", "direct", ["Prefers direct flights", "Avoids layovers; books direct flights"]),
]
GUESSES = [
    "The user probably wants a promotion",
    "The user seems to dislike meetings",
    "Maybe the user is planning to change teams",
    "The user likely prefers dark mode",
]
OBSERVATIONS = [
    ("pytest", "ImportError", "pytest failed with ImportError: no module named 'payments.api'"),
    ("psql", "timeout", "psql timed out connecting to replica-2 after 30 s"),
    ("search", "empty results", "The docs search returned nothing for 'refund policy'"),
    ("deploy", "permission denied", "Deploy to staging failed: permission denied on bucket"),
]
PII = [
    "My email is {name}@example.com, use it for receipts",
    "Call me on +44 20 7946 0958 if the build breaks",
    "Billing card on file is 4111 1111 1111 1111",
]
CREDENTIALS = [
    "my api key is sk-live-4f9aQ2xZ8kLmN0pR7sT1uV3w",
    "password: Tr0ub4dor&3 for the staging admin",
]
JUNK = [
    '{"type": "fact", "content": "missing everything else"',
    "not json at all",
    "[1, 2, 3]",
    '{"type": "fact", "scope": {"user_id": "u"}, "content": "x", "confidence": 1.7}',
]


def _when(day: datetime, session: int, note: int) -> datetime:
    return day + timedelta(hours=8 + session % 10, minutes=note * 3 + session % 7)


def _iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


class StreamBuilder:
    """Builds candidates for one session; kept small so each kind of note is easy to find."""

    def __init__(self, rng: random.Random, user: str, session: str, day: datetime, n: int) -> None:
        self.rng, self.user, self.session, self.day, self.n = rng, user, session, day, n
        self.note = 0

    def base(self, memory_type: str, content: str, kind: str, confidence: float) -> dict[str, Any]:
        self.note += 1
        moment = _when(self.day, self.n, self.note)
        candidate: dict[str, Any] = {
            "type": memory_type,
            "scope": {"org_id": "acme", "user_id": self.user},
            "content": content,
            "source": {"kind": kind, "ref": f"turn_{self.note * 3}", "session_id": self.session},
            "confidence": confidence,
            "created_at": _iso(moment),
        }
        if self.rng.random() < 0.8:
            candidate["id"] = f"c_{self.session}_{self.note}"
        return candidate

    def fact(self) -> dict[str, Any]:
        attribute, value, phrasings = self.rng.choice(FACT_TEMPLATES)
        candidate = self.base(
            "fact",
            self.rng.choice(phrasings),
            "user_message",
            round(self.rng.uniform(0.7, 0.99), 2),
        )
        if self.rng.random() < 0.5:
            candidate["subject"] = {"entity": self.user, "attribute": attribute, "value": value}
        return candidate

    def observation(self) -> dict[str, Any]:
        tool, symptom, text = self.rng.choice(OBSERVATIONS)
        candidate = self.base("observation", text, "tool_result", 0.8)
        candidate.update(tool=tool, symptom=symptom)
        return candidate

    def summary(self) -> dict[str, Any]:
        task = f"task_{self.session}"
        candidate = self.base(
            "summary",
            f"{task}: planned the trip, booked flights; open: hotel choice",
            "system",
            0.9,
        )
        candidate.update(task_id=task, links=[f"turn_{i}" for i in (3, 12, 27)])
        return candidate


def session_notes(
    rng: random.Random, user: str, session: str, day: datetime, n: int
) -> Iterator[str]:
    """The ~13 notes one session writes, as JSON Lines records (some of them junk)."""
    build = StreamBuilder(rng, user, session, day, n)
    notes: list[dict[str, Any] | str] = []
    for _ in range(5):
        notes.append(build.base("fact", rng.choice(CHATTER), "user_message", 0.9))
    notes += [build.fact() for _ in range(4)]
    notes.append(build.base("fact", rng.choice(GUESSES), "agent_inference", 0.7))
    notes.append(build.observation())
    roll = rng.random()
    if roll < 0.10:
        notes.append(build.base("fact", rng.choice(PII).format(name=user), "user_message", 0.9))
    elif roll < 0.12:
        notes.append(build.base("fact", rng.choice(CREDENTIALS), "user_message", 0.9))
    elif roll < 0.16:
        notes.append(rng.choice(JUNK))
    elif roll < 0.20:
        weak = build.fact()
        weak["confidence"] = 0.5
        notes.append(weak)
    elif roll < 0.24:
        naive = build.fact()
        naive["created_at"] = naive["created_at"].rstrip("Z")
        notes.append(naive)
    else:
        notes.append(build.fact())
    notes.append(build.summary())
    for note in notes:
        yield note if isinstance(note, str) else json.dumps(note, ensure_ascii=False)


def generate_stream(
    *,
    users: int,
    days: int,
    sessions_per_day: int = 2,
    seed: int = 7,
    start: datetime = datetime(2025, 1, 6, tzinfo=UTC),
) -> Iterator[str]:
    """The whole stream in time order: ``sessions_per_day`` sessions per user per day."""
    rng = random.Random(seed)
    for day_index in range(days):
        day = start + timedelta(days=day_index)
        for session_index in range(sessions_per_day * users):
            user = f"u_{session_index % users:04d}"
            session = f"s_{day_index:03d}_{session_index:04d}"
            yield from session_notes(rng, user, session, day, session_index)
