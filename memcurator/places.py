"""Places, for reading statements (``memcurator.wording``): time zones by every name they go by,
with the cities whose clock they are, and cities by their other names. General knowledge as
data, read once at import; nothing here is a phrasing of any one stream.
"""

from __future__ import annotations

import re

__all__ = ["EXONYM_SPEC", "IANA", "ZONE_SPEC"]

# Time zones: one stem per zone, whatever it is called ("CET", "Central European Time", "CEST",
# "Berlin time", "Europe/Berlin", the US "West Coast"). A zone's summer name is the zone; a city
# names the zone only with "time" or "hours" after it ("Berlin time"), or beside the zone itself
# ("PT (Los Angeles)").
ZONE_SPEC = """
    cet: central european time|central european standard time|central european summer time|cest /
      berlin paris amsterdam madrid rome vienna zurich stockholm oslo copenhagen
      brussels prague warsaw munich frankfurt hamburg milan barcelona budapest zagreb belgrade
    eet: eastern european time|eastern european summer time|eest / athens helsinki kyiv kiev
      bucharest sofia riga vilnius tallinn
    gmt: greenwich mean time|british summer time|bst|uk time|british time / london dublin lisbon
    utc: coordinated universal time|universal time|zulu time /
    est: eastern time|eastern standard time|eastern daylight time|edt|et|us eastern|east coast|
      us east coast /
      new york|toronto|boston|miami|atlanta|montreal|washington
    cst: central time|central standard time|central daylight time|cdt|us central / chicago dallas
      houston
    mst: mountain time|mountain standard time|mountain daylight time|mdt / denver phoenix
    pst: pacific time|pacific standard time|pacific daylight time|pdt|pt|us pacific|west coast|
      us west coast /
      los angeles|san francisco|seattle|vancouver|portland
    ist: indian standard time|india standard time|india time / kolkata|mumbai|delhi|new delhi|
      bangalore|bengaluru|chennai|hyderabad|pune
    jst: japan standard time|japan time / tokyo osaka
    aest: australian eastern time|australian eastern standard time|aedt / sydney melbourne brisbane
"""
# A city's name in its own language, or its former name: one place, and a name (rigid).
EXONYM_SPEC = """
    münchen|munchen=munich; köln|koln=cologne; wien=vienna; praha=prague; roma=rome;
    milano=milan; firenze=florence; venezia=venice; napoli=naples; lisboa=lisbon;
    københavn|kobenhavn=copenhagen; zürich=zurich; genève|geneve=geneva; warszawa=warsaw;
    moskva=moscow; bruxelles|brussel=brussels; nürnberg|nurnberg=nuremberg; bombay=mumbai;
    peking=beijing
"""
# "Europe/Berlin", "America/New_York": the zone's city, read as "<city> time".
IANA = re.compile(r"\b(?:Europe|America|Asia|Australia|Africa|Pacific|Atlantic)/([A-Za-z_]+)")
