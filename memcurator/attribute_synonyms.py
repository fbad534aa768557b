"""The shipped table of common attribute names: each spelling's stem (singular, no preference
marks) and the one canonical name it stands for. Data only, read by ``memcurator.attributes``
(one attribute, one key) and ``memcurator.cardinality`` (a plural of a known single-valued
attribute, "seats", still holds one value). The lexicon's own names (keys.py) are canonical, so
a derived key and an explicit subject land on the same key.
"""

from __future__ import annotations

__all__ = ["SYNONYMS"]

SYNONYMS: dict[str, str] = {
    "seat": "seat_preference",
    "seating": "seat_preference",
    "flight": "flight_preference",
    "flying": "flight_preference",
    "meeting": "meeting_preference",
    "standup": "standup",
    "stand_up": "standup",
    "daily_standup": "standup",
    "daily_stand_up": "standup",
    "standup_meeting": "standup",
    "allergy": "allergies",
    "allergie": "allergies",
    "diet": "diet",
    "dietary": "diet",
    "dietary_preference": "diet",
    "time_zone": "timezone",
    "tz": "timezone",
    "timezone": "timezone",
    "programming_language": "programming_language",
    "coding_language": "programming_language",
    "ide": "editor",
    "text_editor": "editor",
    "code_editor": "editor",
    "editor": "editor",
    "color_scheme": "theme",
    "colour_scheme": "theme",
    "ui_theme": "theme",
    "theme": "theme",
    "hometown": "home_city",
    "home_town": "home_city",
    "home_city": "home_city",
    "spoken_language": "languages_spoken",
    "language_spoken": "languages_spoken",
    "languages_spoken": "languages_spoken",
    "contact_method": "communication_channel",
    "contact_channel": "communication_channel",
    "communication": "communication_channel",
    "communication_channel": "communication_channel",
    "deploy": "deploy_process",
    "deployment": "deploy_process",
    "deployment_process": "deploy_process",
    "deploy_process": "deploy_process",
    "code_review": "code_review",
    "work_location": "work_location",
    "employer": "employer",
}
