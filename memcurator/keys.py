"""Subject keys: which entries can be duplicates of each other (rule 4's first stage).

A key is only ever compared inside one scope. This module gives the key a candidate carries
explicitly (``subject``) or the one its type implies (a summary's task, an observation's tool
and symptom). When nothing says what the entry is about, there is no key: a new entry is
better than a wrong merge.
"""

from __future__ import annotations

import re
import unicodedata

_NON_WORD = re.compile(r"[^\w]+")


def normalise_key_part(text: str) -> str:
    """Case-, accent- and punctuation-insensitive form of one key part."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return _NON_WORD.sub("_", folded).strip("_")


def subject_key(
    *,
    memory_type: str,
    entity: str | None = None,
    attribute: str | None = None,
    task_id: str | None = None,
    tool: str | None = None,
    symptom: str | None = None,
) -> str | None:
    """The dedup key of an entry, or None when nothing says what it is about."""
    if entity and attribute:
        return f"subject:{normalise_key_part(entity)}/{normalise_key_part(attribute)}"
    if memory_type == "summary" and task_id:
        return f"task:{task_id}"
    if memory_type == "observation" and tool and symptom:
        return f"obs:{normalise_key_part(tool)}/{normalise_key_part(symptom)}"
    return None
