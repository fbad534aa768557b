"""Phrase bank K for gen.py (held out for a final blind run).

Written by a helper that never saw memcurator's code; only the harness files of the benchmark
(README.md, gen.py, banks_j.py, BANK_J.md, src/check_j.py), shared/SPEC.md (first 60 lines) and the write
policy were read (of banks A-I only attribute ids and tool ids were printed; banks_j.py was read whole for its
structure).

Same shape as banks_j.py, self-contained and used whole (no even/odd split):
  single: S[key] = dict(id, scope, lex, kind="single", new, values={value_id: [surfaces]}, K=[frames])
  set:    SETS[key] = dict(id, scope, lex, kind="set", new, members={member_id: (base[], refined[])})
`new` = the attribute id exists in none of banks A, B, C, D, E, F, G, H, I, J (every id of bank K is new).
`lex` = a generic attribute lexicon would plausibly list it (doc only).

Domains: amateur astronomy, beekeeping, sailing and racing, choir singing, court interpreting, archive
digitisation, game modding, dental practice administration, rail maintenance crews, amateur radio, knitting,
pottery, fishkeeping, sourdough, climbing, birdwatching, angling.

Adversarial names on purpose: single-valued attributes named with plural nouns (colony_inspections,
patient_recalls, handling_gloves) and set-valued attributes named in the singular or as mass nouns
(astro_filter, mite_treatment, sailing_qualification, rehearsal_piece, installed_mod, shack_equipment,
yarn_fibre, glaze, tank_inhabitant, court_venue, rail_plant, autoclave_test, metadata_schema, course_mark,
concert_soloist, mod_requirement, access_point); digitised_series is plural-or-singular by spelling.
Same topic at two scopes (team convention vs user preference): radio_checkin_interval, interpreting_mode,
scan_resolution.
"""

S = {}
SETS = {}


def single(key, scope, lex, new, values, frames, aid=None):
    S[key] = dict(id=aid or key, scope=scope, lex=lex, kind="single", new=new, values=values, K=frames)


def multi(key, scope, lex, new, members, aid=None):
    SETS[key] = dict(id=aid or key, scope=scope, lex=lex, kind="set", new=new, members=members)


# ================================================================ single-valued, user scope
# ---------------------------------------------------------------- same topic at two scopes (user side)
single("radio_checkin_interval@user", "user", False, True,
  {"m15": ["at 15-minute intervals", "four times in every hour"],
   "m30": ["at 30-minute intervals", "twice in every hour"],
   "m60": ["at 60-minute intervals", "on the hour, every hour"]},
  ["User radios a shore contact {v} when sailing single-handed.",
   "Remind me to call in on the handheld {v} while I'm out on the water.",
   "solo sail check-ins: {v}",
   "My partner worries, so my position goes out over the radio {v} whenever I take the dinghy out alone."],
  aid="radio_checkin_interval")
single("interpreting_mode@user", "user", False, True,
  {"consecutive": ["consecutive interpreting", "turn-by-turn rendering with a notepad"],
   "simultaneous": ["simultaneous interpreting", "headset work in parallel with the speaker"],
   "whispered": ["whispered interpreting", "chuchotage"]},
  ["Prefers {v} when a witness is giving evidence.",
   "Put me down for {v} on the hearing requests.",
   "my mode (interp): {v}",
   "Long days at the Old Bailey taught me that {v} keeps my accuracy up past the third hour."],
  aid="interpreting_mode")
single("scan_resolution@user", "user", False, True,
  {"d300": ["300 dpi", "three hundred ppi"],
   "d600": ["600 dpi", "six hundred pixels to the inch"],
   "d1200": ["1200 dpi", "twelve hundred samples per inch"]},
  ["User scans old family photos at {v}.",
   "Set the flatbed to {v} for Grandma's albums.",
   "home photo scans -> {v}",
   "{V} gives me enough detail to reprint the shoebox snapshots at twice their size."],
  aid="scan_resolution")

# ---------------------------------------------------------------- amateur astronomy, birding
single("dark_sky_class", "user", False, True,
  {"b3": ["Bortle 3", "a properly rural sky"],
   "b4": ["Bortle 4", "a rural-suburban transition sky"],
   "b5": ["Bortle 5", "a suburban sky where the Milky Way barely shows"]},
  ["User's usual observing site is {v}.",
   "Look for dark-sky spots no worse than mine: {v}.",
   "home sky: {v}",
   "Thanks to the new retail park's floodlights, what I get from the back garden is {v}."])
single("telescope_mount", "user", False, True,
  {"dob": ["a Dobsonian", "a push-to rocker box"],
   "eq": ["an equatorial mount", "a polar-aligned German head"],
   "goto": ["a computerised GoTo mount", "a motorised fork that slews to objects itself"]},
  ["User observes with {v}.",
   "Plan tonight's list around {v}.",
   "mount = {v}",
   "Setting up {v} takes ten minutes, so weeknight sessions are still possible."])
single("binocular_spec", "user", False, True,
  {"x8_42": ["8x42", "eight-power glass with 42 mm objectives"],
   "x10_42": ["10x42", "ten-power glass on forty-two-millimetre lenses"],
   "x8_32": ["8x32", "compact eight-by-thirty-twos"]},
  ["User's birding binoculars are {v}.",
   "Bring the {v} on the estuary walk.",
   "bins: {v}",
   "Carries {v} because the marsh hides are dim and a long day wrecks the neck."])

# ---------------------------------------------------------------- beekeeping
single("hive_type", "user", False, True,
  {"national": ["British National hives", "the square cedar boxes common in the UK"],
   "langstroth": ["Langstroth hives", "the American ten-frame boxes"],
   "top_bar": ["top-bar hives", "long horizontal troughs with wooden slats"]},
  ["User keeps bees in {v}.",
   "Order frames that fit {v}.",
   "hives = {v}",
   "Prefers {v} because swapping kit with the local association is easy when everyone has the same."])
single("colony_inspections", "user", False, True,
  {"d7": ["at 7-day intervals", "weekly through swarm season"],
   "d9": ["at 9-day intervals", "every ninth day"],
   "d14": ["at 14-day intervals", "each fortnight without fail"]},
  ["User opens each colony {v}.",
   "Add a hive check to my calendar {v}.",
   "inspections: {v}",
   "These days the brood boxes get a look {v}, otherwise a swarm can slip past."])

# ---------------------------------------------------------------- sailing
single("reefing_threshold", "user", False, True,
  {"k15": ["15 knots", "the top end of a force four"],
   "k20": ["20 knots", "a solid force five"],
   "k25": ["25 knots", "the middle of force six"]},
  ["User puts the first reef in at {v}.",
   "Warn me to reef when the forecast gusts pass {v}.",
   "reef point: {v}",
   "With a small crew and a tender hull, anything over {v} means shortening sail early."])
single("anchor_scope", "user", False, True,
  {"r3": ["3:1", "chain three times the depth"],
   "r5": ["5:1", "five lengths of rode per unit of depth"],
   "r7": ["7:1", "seven times the water depth in rode"]},
  ["Anchoring scope the user lays out: {v}.",
   "Pay out {v} when we drop the hook.",
   "scope at anchor - {v}",
   "After dragging once in Studland Bay, I always lay {v}."])

# ---------------------------------------------------------------- choir
single("voice_part", "user", False, True,
  {"alto": ["alto", "the second line down in SATB"],
   "tenor": ["tenor", "the third line down in SATB"],
   "baritone": ["baritone", "the part that sits between tenor and bass"]},
  ["User sings {v} in the community choir.",
   "Send me learning tracks for {v}.",
   "choir part: {v}",
   "{V} sits right for my range since that winter cold took my top notes."])

# ---------------------------------------------------------------- game modding, amateur radio
single("mod_manager", "user", False, True,
  {"mo2": ["MO2", "Mod Organizer 2"],
   "vortex": ["Vortex", "the Nexus desktop app"],
   "manual": ["manual installs", "hand-copied files in the Data folder"]},
  ["User manages Skyrim mods with {v}.",
   "Write the install steps for {v}.",
   "mod manager - {v}",
   "A clean game folder matters to me, which is why everything goes through {v}."])
single("ham_band", "user", False, True,
  {"m2": ["2 m", "VHF around 145 MHz"],
   "m20": ["20 m", "14 megahertz"],
   "m40": ["40 m", "seven megahertz"]},
  ["User spends most radio time on {v}.",
   "Tune the rig to {v} before the club net.",
   "fav band: {v}",
   "The attic dipole only really works on {v}, so that's where you'll hear me."])

# ---------------------------------------------------------------- making: knitting, pottery
single("knitting_needle_size", "user", False, True,
  {"mm35": ["3.5 mm", "US size 4"],
   "mm4": ["4 mm", "US size 6"],
   "mm45": ["4.5 mm", "US size 7"]},
  ["User knits with {v} needles.",
   "Pick patterns that call for {v} needles.",
   "needles: {v}",
   "Has to use {v} to get gauge on DK, as their tension runs tight."])
single("firing_cone", "user", False, True,
  {"c04": ["cone 04", "low-fire earthenware heat"],
   "c6": ["cone 6", "mid-range, about 1220 °C"],
   "c10": ["cone 10", "high-fire stoneware in reduction"]},
  ["User fires glazed pots to {v}.",
   "Book kiln space at {v} for my next load.",
   "kiln temp: {v}",
   "{V} is as far as the studio's electric kiln goes without burning out the elements."])

# ---------------------------------------------------------------- fishkeeping, sourdough
single("tank_temperature", "user", False, True,
  {"c24": ["24 °C", "seventy-five Fahrenheit"],
   "c26": ["26 °C", "about 79 °F"],
   "c28": ["28 °C", "eighty-two on the Fahrenheit scale"]},
  ["User keeps the aquarium at {v}.",
   "Set the heater to {v}.",
   "tank heater: {v}",
   "Prefers {v} for the tank, since the tetras colour up well there and the plants cope."])
single("levain_hydration", "user", False, True,
  {"h100": ["100% hydration", "equal weights of flour and water"],
   "h80": ["80% hydration", "four parts water to five of flour"],
   "h60": ["60% hydration", "stiff, dough-like consistency"]},
  ["User feeds their sourdough starter at {v}.",
   "Scale my bread recipes for a starter at {v}.",
   "levain: {v}",
   "Prefers a levain at {v} because the warm kitchen makes a looser one overproof."])

# ---------------------------------------------------------------- climbing, angling
single("belay_device", "user", False, True,
  {"atc": ["an ATC", "a tube-style plate"],
   "grigri": ["a Grigri", "an assisted-braking cam device"],
   "munter": ["a Munter hitch", "the Italian knot on an HMS karabiner"]},
  ["User belays with {v}.",
   "Assume I'm belaying with {v} when you write the climbing notes.",
   "belay kit: {v}",
   "Uses {v} on lead routes, which is what the wall's induction signed them off on."])
single("line_breaking_strain", "user", False, True,
  {"lb6": ["6 lb line", "monofilament rated to about 2.7 kg"],
   "lb8": ["8 lb line", "mono that snaps at roughly 3.6 kilos"],
   "lb12": ["12 lb line", "line with a five-and-a-half-kilo breaking strain"]},
  ["User spools their reels with {v}.",
   "Buy {v} for my float rod.",
   "main line: {v}",
   "The carp in the club lake run small, so {v} is plenty."])

# ---------------------------------------------------------------- daily habit
single("caffeine_cutoff", "user", True, True,
  {"noon": ["midday", "12 o'clock"],
   "h14": ["2 p.m. sharp", "fourteen hundred hours"],
   "h1530": ["half three in the afternoon", "15:30"]},
  ["User has no coffee after {v}.",
   "Don't offer me anything caffeinated past {v}.",
   "caffeine cutoff: {v}",
   "Coffee after {v} keeps me up till two, so it's decaf from then on."])

# ================================================================ single-valued, team scope
# ---------------------------------------------------------------- same topic at two scopes (team side)
single("radio_checkin_interval@team", "team", False, True,
  {"m15": ["a 15-minute radio check", "four calls an hour to control"],
   "m30": ["a 30-minute radio check", "a call to control every half-hour"],
   "m60": ["a 60-minute radio check", "one call to control per hour"]},
  ["Team convention: lone workers on the line make {v}.",
   "The COSS logs {v} for anyone working alone at night.",
   "radio checks (crew rule): {v}",
   "After the near miss at Hatton junction, every lone worker is held to {v}."],
  aid="radio_checkin_interval")
single("interpreting_mode@team", "team", False, True,
  {"consecutive": ["consecutive mode", "turn-taking interpretation after each answer"],
   "simultaneous": ["simultaneous mode", "real-time booth interpretation"],
   "whispered": ["whispered mode", "murmured interpretation beside the defendant"]},
  ["Team convention: witness evidence is rendered in {v}.",
   "Brief new freelancers that the court expects {v} for testimony.",
   "default mode (team): {v}",
   "The judges' guidance favours {v}, so the team defaults to it unless counsel objects."],
  aid="interpreting_mode")
single("scan_resolution@team", "team", False, True,
  {"d300": ["300 ppi masters", "a three-hundred baseline"],
   "d600": ["600 ppi masters", "the six-hundred standard"],
   "d1200": ["1200 ppi masters", "a twelve-hundred setting"]},
  ["Team convention: archival capture is done at {v}.",
   "Configure the capture station for {v}.",
   "capture spec (team) -> {v}",
   "The funder's digitisation guidelines require {v}, so we never go lower."],
  aid="scan_resolution")

# ---------------------------------------------------------------- rail maintenance crews
single("handback_margin", "team", False, True,
  {"m30": ["30 minutes before handback", "half an hour ahead of giving the line back"],
   "m45": ["45 minutes before handback", "three-quarters of an hour ahead of giving the line back"],
   "m60": ["60 minutes before handback", "a full hour ahead of giving the line back"]},
  ["Team stops all work on the track {v}.",
   "Plan the last task to finish {v}.",
   "possession wrap-up: {v}",
   "The team downs tools {v}, since overrunning a possession costs thousands a minute."])
single("lookout_warning_time", "team", False, True,
  {"s15": ["15 seconds", "a quarter of a minute"],
   "s20": ["20 seconds", "a third of a minute"],
   "s30": ["30 seconds", "half a minute"]},
  ["Team requires lookouts to give at least {v} of warning.",
   "Position the lookout so the gang gets {v} to clear.",
   "min warning time: {v}",
   "{V} is the least warning anyone gets before a train on an open line."])

# ---------------------------------------------------------------- dental practice admin
single("patient_recalls", "team", False, True,
  {"m6": ["on a 6-month cycle", "twice per calendar year"],
   "m9": ["on a 9-month cycle", "every three quarters of a year"],
   "m12": ["on a 12-month cycle", "once each year"]},
  ["Team books low-risk patients {v}.",
   "Set routine check-up reminders for healthy adults {v}.",
   "recall default: {v}",
   "Under NICE guidance healthy mouths can go longer between visits, so adults here are recalled {v}."])
single("missed_appointment_fee", "team", False, True,
  {"f20": ["£20", "twenty quid"],
   "f25": ["£25", "a quarter of a hundred pounds"],
   "f35": ["£35", "thirty-five pounds sterling"]},
  ["Team charges {v} for a missed appointment.",
   "Quote {v} as the fee when a patient doesn't turn up.",
   "fee for DNAs: {v}",
   "The partners agreed {v} covers the lost chair time without scaring patients off."])

# ---------------------------------------------------------------- archive digitisation
single("fixity_algorithm", "team", False, True,
  {"md5": ["MD5", "the old 128-bit Rivest digest"],
   "sha256": ["SHA-256", "a thirty-two-byte secure digest"],
   "sha512": ["SHA-512", "a sixty-four-byte secure digest"]},
  ["Team computes fixity with {v} for every deposited file.",
   "Hash each ingested file using {v}.",
   "fixity: {v}",
   "The repository's audit tool only understands {v}, so that's what goes in the manifest."])

# ---------------------------------------------------------------- court interpreting
single("assignment_notice_period", "team", True, True,
  {"h24": ["24h", "a single day"],
   "h48": ["48h", "two clear days"],
   "h72": ["72h", "three full days"]},
  ["Team needs {v} of notice for an interpreting booking.",
   "Tell the courts any booking needs {v} of warning.",
   "booking notice: {v}",
   "Rare languages take time to cover, so the coordinators ask for {v} of notice."])

# ================================================================ single-valued, project scope
single("start_sequence", "project", False, True,
  {"m3": ["a 3-minute sequence", "flags at three, two, one, go"],
   "m5": ["a 5-minute sequence", "class flag, P flag, one-minute, go"],
   "m10": ["a 10-minute sequence", "a warning gun ten minutes before the start"]},
  ["Project's regatta starts use {v}.",
   "Brief the race officer on {v}.",
   "start seq: {v}",
   "The project's race committee chose {v} because dinghies and keelboats share the line."])
single("concert_pitch", "project", False, True,
  {"a440": ["A = 440 Hz", "modern standard pitch"],
   "a442": ["A = 442 Hz", "the brighter European orchestral pitch"],
   "a415": ["A = 415 Hz", "baroque low pitch"]},
  ["Project's concert is tuned to {v}.",
   "Tell the continuo players we're at {v}.",
   "pitch: {v}",
   "Period instruments are hired for the Bach, so the whole concert sits at {v}."])
single("game_version_target", "project", False, True,
  {"v1_19": ["1.19.2", "the Wild Update"],
   "v1_20": ["1.20.1", "Trails & Tales"],
   "v1_21": ["1.21", "Tricky Trials"]},
  ["Project's mod is built for {v}.",
   "Build the Minecraft jar against {v}.",
   "target game version: {v}",
   "Most of the modpack authors who asked for it play {v}, so that's the build we ship."])
single("handling_gloves", "project", False, True,
  {"nitrile": ["nitrile gloves", "the blue disposable kind"],
   "cotton": ["cotton gloves", "white fabric ones"],
   "bare": ["clean bare hands", "freshly washed fingers and nothing else"]},
  ["Project's volumes are handled with {v}.",
   "Tell volunteers to use {v} for the parchment.",
   "handling: {v}",
   "The conservator signed off on {v} after testing a few brittle pages."])
single("temporary_speed_limit", "project", False, True,
  {"mph20": ["20 mph", "about 32 km/h"],
   "mph30": ["30 mph", "roughly 48 kilometres an hour"],
   "mph50": ["50 mph", "around 80 km/h"]},
  ["Project imposes {v} over the renewed track until it settles.",
   "Publish a temporary restriction of {v} in the weekly notice.",
   "speed restriction: {v}",
   "Freshly tamped ballast needs a few days of traffic at {v} before line speed returns."])
single("imaging_target", "project", False, True,
  {"m31": ["M31", "the Andromeda galaxy"],
   "m42": ["M42", "the Great Orion Nebula"],
   "m13": ["M13", "the great globular cluster in Hercules"]},
  ["Project's astrophotography season focuses on {v}.",
   "Queue {v} for tonight's imaging run.",
   "target: {v}",
   "The club picked {v} because it climbs well clear of the treeline all season."])
single("case_language", "project", True, True,
  {"es": ["Peninsular Spanish", "español de España"],
   "pl": ["Polish", "polski"],
   "ro": ["Romanian", "limba română"]},
  ["Project's trial needs interpreters for {v}.",
   "Find interpreters who work in {v} for the hearings.",
   "case language: {v}",
   "Both defendants give evidence in {v}, so the listing office was told at the plea hearing."])
single("mod_license", "project", True, True,
  {"mit": ["the MIT License", "a permissive do-what-you-like licence"],
   "gpl3": ["GPL-3.0", "strong copyleft, version three"],
   "arr": ["All Rights Reserved", "full copyright with no reuse permitted"]},
  ["Project releases the mod under {v}.",
   "Put {v} in the LICENSE file.",
   "mod licence: {v}",
   "Pack makers keep asking about redistribution, so the answer is {v}."])

# ================================================================ set-valued, user scope
multi("astro_filter", "user", False, True, {
  "uhc": (["I have a UHC filter.", "User owns a nebula filter."],
          ["A 2-inch ultra-high-contrast filter lives in the diagonal for the Veil.",
           "The broadband two-inch glass stays screwed into the star diagonal for supernova remnants."]),
  "oiii": (["I use an OIII filter.", "User has an oxygen-III filter."],
           ["A 1.25-inch doubly-ionised oxygen line filter comes out for planetary nebulae.",
            "The narrow 501 nm bandpass glass gets used on the Ring and the Dumbbell."]),
  "moon": (["I own a moon filter.", "User has a lunar filter."],
           ["A 13% transmission neutral-density filter takes the glare off the full Moon.",
            "The grey thirteen-percent glass cuts the brightness near full phase."])})
multi("mite_treatment", "user", False, True, {
  "oxalic": (["I treat with oxalic acid.", "User uses oxalic acid against varroa."],
             ["Oxalic dribble in late December, when the colonies are broodless.",
              "A midwinter trickle of syrup with dissolved crystals while there's no capped brood."]),
  "formic": (["I use formic acid pads.", "User treats the bees with formic acid."],
             ["Formic strips in August, straight after the honey comes off.",
              "The late-summer ant-acid gel strips go on once the supers are removed."]),
  "thymol": (["Thymol is one of my varroa treatments.", "User treats hives with a thyme-based product."],
             ["Apiguard trays in September, two doses a fortnight apart.",
              "Two trays of the herb-oil gel, fourteen days apart, at the start of autumn."])})
multi("sailing_qualification", "user", False, True, {
  "day_skipper": (["I hold Day Skipper.", "User has an RYA Day Skipper ticket."],
                  ["Day Skipper practical passed on a Bavaria 36 out of Hamble in 2022.",
                   "Qualified to skipper a yacht by daylight in familiar waters, ticket earned on the Solent."]),
  "src": (["I have a VHF radio licence.", "User holds the Short Range Certificate."],
          ["The SRC covers DSC calls on the fixed set and the handheld.",
           "Licensed to send digital distress alerts and talk on marine channels."]),
  "sea_survival": (["I've done a sea survival course.", "User completed sea survival training."],
                   ["Righted a capsized liferaft in the pool on the one-day course, cert valid five years.",
                    "One day of life-raft drills in a training pool, certificate good until 2029."])})
multi("rehearsal_piece", "user", False, True, {
  "messiah": (["We're rehearsing Messiah.", "User's choir is learning Handel's Messiah."],
              ["Parts one and two of the Messiah for the December sing, Novello vocal score.",
               "The Christmas oratorio with the Hallelujah chorus, first two parts, from the blue copies."]),
  "faure": (["We're learning the Fauré Requiem.", "User is rehearsing Fauré's Requiem."],
            ["The 1893 chamber version of the Fauré, with the Pie Jesu sung by a treble.",
             "The French requiem in its small-orchestra edition, a boy soloist for the Pie Jesu."]),
  "zadok": (["Zadok the Priest is on our list.", "User's choir sings Zadok the Priest."],
            ["Zadok for the town's coronation-anniversary service, organ accompaniment only.",
             "The Handel coronation anthem with just the organ, for the civic service in June."])})
multi("installed_mod", "user", False, True, {
  "skyui": (["I run SkyUI.", "User has SkyUI installed."],
            ["SkyUI 5.2 with the MCM menu for tweaking other mods.",
             "The PC-style inventory overhaul with its configuration menu, version 5.2."]),
  "ussep": (["The unofficial patch is installed.", "User uses USSEP."],
            ["USSEP loads right after the official DLC masters.",
             "The community bug-fix patch sits directly below Dawnguard, Hearthfire and Dragonborn in load order."]),
  "alt_start": (["I use an alternate start mod.", "User plays with Alternate Start."],
                ["Alternate Start - Live Another Life, so no cart ride at the beginning.",
                 "New games begin in a prison cell with a statue menu instead of the Helgen intro."])})
multi("shack_equipment", "user", False, True, {
  "handheld": (["I have a handheld radio.", "User owns a handie-talkie."],
               ["A dual-band Yaesu FT-65 for the local repeater.",
                "The little two-band walkie for chatting through the hilltop repeater."]),
  "hf_rig": (["There's an HF transceiver in my shack.", "User has a shortwave transceiver."],
             ["An Icom IC-7300 running 100 W into the attic dipole.",
              "The hundred-watt SDR base station feeding the loft antenna."]),
  "mast": (["I put up a telescopic mast.", "User has an antenna mast."],
           ["A 10 m fibreglass pole strapped to the fence for portable ops.",
            "Ten metres of push-up glass-fibre tube lashed to a fencepost when I go portable."])})
multi("yarn_fibre", "user", False, True, {
  "merino": (["I knit with merino.", "User buys merino wool."],
             ["Superwash merino DK for the baby cardigans.",
              "Machine-washable fine sheep's wool in double-knitting weight for infant cardis."]),
  "alpaca": (["Alpaca is in my stash.", "User has alpaca yarn."],
             ["Baby alpaca laceweight for a shawl, two 50 g skeins.",
              "A hundred grams of the soft camelid lace yarn set aside for a wrap."]),
  "sock": (["I keep sock yarn.", "User stocks sock yarn."],
           ["75/25 wool-nylon four-ply for toe-up socks.",
            "Fingering weight with a quarter polyamide so heels don't wear through."])})
multi("glaze", "user", False, True, {
  "celadon": (["I use a celadon glaze.", "User glazes with celadon."],
              ["A pale jade celadon that pools green in the carved lines.",
               "The iron-tinted translucent green that darkens where the decoration is incised."]),
  "tenmoku": (["Tenmoku is one of my glazes.", "User uses tenmoku."],
              ["Tenmoku breaking to rust on the rims, dipped for four seconds.",
               "The glossy black-brown that goes rusty at the edges, a four-second dip."]),
  "shino": (["I like shino glazes.", "User works with shino."],
            ["Carbon-trap shino on the tea bowls, sprayed thin.",
             "The crawly white-orange Japanese-style coat on the chawan, applied with the spray gun."])})
multi("tank_inhabitant", "user", False, True, {
  "neon": (["I keep neon tetras.", "User's tank has neons."],
           ["A shoal of twelve neons in the planted 120-litre.",
            "A dozen small blue-and-red characins school in the big planted tank."]),
  "cory": (["There are corydoras in my tank.", "User keeps cory catfish."],
           ["Six bronze corys on sand, fed sinking wafers at lights-out.",
            "Half a dozen armoured bottom-dwellers on the sandy substrate, pellets after dark."]),
  "shrimp": (["I have shrimp in the aquarium.", "User keeps freshwater shrimp."],
             ["A colony of cherry shrimp in the moss, breeding steadily.",
              "Little red Neocaridina multiplying in the java moss."])})

# ================================================================ set-valued, team scope
multi("court_venue", "team", False, True, {
  "crown": (["We cover the Crown Court.", "Team interprets at the Crown Court."],
            ["Crown Court trials at Southwark, usually jury weeks booked in advance.",
             "Jury trials at the Southwark criminal building, booked by the week."]),
  "family": (["We work at the family court.", "Team covers family proceedings."],
             ["Family hearings at the East London centre, mostly child-arrangements cases.",
              "Custody and contact hearings in Stratford, often short-notice."]),
  "tribunal": (["We do immigration tribunals.", "Team covers the asylum tribunal."],
               ["First-tier Tribunal asylum appeals at Taylor House, remote by video link twice a week.",
                "Appeals in the immigration chamber on Rosebery Avenue, two days a week over CVP."])})
multi("rail_plant", "team", False, True, {
  "tamper": (["We use a tamper.", "Team runs a tamping machine."],
             ["The 09-3X tamper comes out on Saturday-night possessions.",
              "A heavy ballast-packing machine works the weekend blockades."]),
  "rrv": (["We have a road-rail vehicle.", "Team uses an RRV."],
          ["The RRV with a sleeper grab goes on at the Bescot access point.",
           "Our dual-mode excavator with its sleeper-handling head is on-tracked at the depot ramp."]),
  "trolley": (["We move kit on a track trolley.", "Team uses rail trolleys."],
              ["Two braked trolleys with a 1-tonne limit each, man-hauled.",
               "A pair of hand-pushed wagons, each rated to a thousand kilos, brakes tested every shift."]),
  "thermit": (["We carry thermit welding kit.", "Team does aluminothermic welds."],
              ["Thermit welds on the 56E1 rail, with a weld-trim after fifteen minutes.",
               "Rail joints are fused with a crucible of burning metal powder, then ground flush."])})
multi("autoclave_test", "team", False, True, {
  "bowie_dick": (["We run a Bowie-Dick test.", "Team does the Bowie-Dick check."],
                 ["Bowie-Dick sheet every morning before the first vacuum cycle.",
                  "The steam-penetration pack goes through at opening time, before any instruments."]),
  "spore": (["We use spore tests.", "Team runs biological indicators."],
            ["Spore strips are posted to the lab weekly, results back in five days.",
             "Living-organism vials go off for culture every week, with a five-day turnaround."]),
  "data_logger": (["There's a data logger on the autoclave.", "Team records cycles with a data logger."],
                  ["The USB logger prints a temperature-pressure trace for every load, archived for two years.",
                   "Each steriliser run leaves a time-and-pressure graph that we keep for twenty-four months."])})
multi("metadata_schema", "team", False, True, {
  "dc": (["We catalogue in Dublin Core.", "Team uses Dublin Core."],
         ["Simple Dublin Core with fifteen elements for the public portal.",
          "The fifteen basic elements - title, creator, date and so on - for the website records."]),
  "ead": (["We use EAD for finding aids.", "Team writes EAD."],
          ["EAD3 XML for the collection-level finding aids.",
           "Hierarchical archival description in XML, fonds down to item."]),
  "premis": (["We record PREMIS.", "Team keeps PREMIS preservation metadata."],
             ["PREMIS events log every checksum check and format migration.",
              "Each fixity run and file-format change is recorded as a preservation event."])})

# ================================================================ set-valued, project scope
multi("course_mark", "project", False, True, {
  "windward": (["The course has a windward mark.", "Project lays a windward mark."],
               ["A yellow inflatable windward mark about a mile upwind of the line.",
                "The big yellow buoy sits roughly a nautical mile to weather of the start."]),
  "gate": (["There's a leeward gate.", "Project uses a downwind gate."],
           ["Two orange cylinders ten boat-lengths apart form the bottom gate.",
            "A pair of orange buoys at the bottom of the course, sailors round either one."]),
  "spreader": (["We lay an offset mark.", "Project's course includes a spreader mark."],
               ["A small red offset mark 50 m to port of the top mark.",
                "The little red buoy just off the windward one stops boats colliding at the top."]),
  "committee_boat": (["The committee boat marks one end of the line.", "Project uses a committee boat for the start."],
                     ["The committee boat flies an orange flag at the starboard end of the line.",
                      "The race officer's motor cruiser anchors at the right-hand end of the start."])})
multi("concert_soloist", "project", False, True, {
  "soprano": (["We have a soprano soloist.", "Project booked a soprano."],
              ["The soprano soloist is a conservatoire graduate singing I Know That My Redeemer Liveth.",
               "A young music-college singer takes the top solo aria in part three."]),
  "tenor": (["A tenor soloist is confirmed.", "Project has a tenor booked."],
            ["The tenor opens with Comfort Ye, fee £400 plus travel.",
             "Our high male solo voice sings the opening recitative for four hundred pounds and expenses."]),
  "organist": (["We have a guest organist.", "Project engaged an organist."],
               ["The cathedral's assistant organist plays continuo and the voluntary.",
                "The minster's deputy keyboard player covers the continuo line and the closing piece."])})
multi("mod_requirement", "project", False, True, {
  "skse": (["The mod requires SKSE.", "Project depends on the Script Extender."],
           ["SKSE64 2.2.6 or newer must be installed for the scripts to load.",
            "Players need the 64-bit script extender, build 2.2.6 at minimum."]),
  "address_lib": (["Address Library is a requirement.", "Project needs Address Library."],
                  ["Address Library for SKSE Plugins, the all-in-one AE package.",
                   "The offset database for plugins, all-in-one Anniversary Edition download."]),
  "skyui": (["SkyUI is needed for the settings menu.", "Project requires SkyUI."],
            ["The mod's options page only appears through SkyUI's MCM.",
             "Without the inventory overhaul's config menu there is no way to change the mod's settings."])})
multi("access_point", "project", False, True, {
  "crossing": (["We access the track at the level crossing.", "Project uses a level crossing as an access point."],
               ["Access via Mill Road level crossing, barriers down under the crossing keeper.",
                "Crews walk on at the Mill Road barriers with the crossing keeper's say-so."]),
  "depot": (["The depot gate is an access point.", "Project gets on track through the depot."],
            ["Plant on-tracks at the Bescot yard ramp, 40 m south of the fuel point.",
             "Machines go on rail at the yard's ramp just south of the diesel pumps."]),
  "footpath": (["There's a footpath access.", "Project uses a public footpath to reach the line."],
               ["Footpath 14 from the lay-by, a 400 m walk with a locked gate at the cess.",
                "A quarter-mile walk along the public right of way to a padlocked gate beside the track."])})
multi("digitised_series", "project", False, True, {
  "parish": (["We're digitising parish registers.", "Project scans parish records."],
             ["Baptism, marriage and burial registers from 1538 to 1812, 212 volumes.",
              "Two hundred and twelve church books of christenings, weddings and burials, Tudor to Regency."]),
  "maps": (["Estate maps are part of the project.", "Project includes maps."],
           ["Tithe and estate maps up to A0, shot on the copy stand in sections.",
            "Oversized land surveys photographed in overlapping tiles on the copy stand."]),
  "glass_plates": (["There are glass plate negatives.", "Project covers glass negatives."],
                   ["About 3,000 quarter-plate negatives from a local studio, 1890 to 1930.",
                    "Three thousand small Edwardian-era studio plates from a high-street photographer."])})

# ---------------------------------------------------------------- prefixes, tools, chatter
CHANGE_PREFIX = {"K": ["Switched over: ", "From today onward: ", "No longer the old setup; ",
                       "Heads up, fresh info: "]}
ADD_PREFIX = {"K": ["Put this with the others: ", "Plus, for the same list: ", "Another one for that pile: "]}

# tool id -> (names, {failure kind: symptom wordings}); bank K uses every wording
TOOLS = {
  "plate_solver": (["StarFix", "solve.starfix.net", "the plate-solving service"], {
      "timeout": ["solve timed out after 120 s",
                  "no answer from the solver within two minutes",
                  "job 88213 still queued when the capture window closed"],
      "index_missing": ["index files 4107-4110 not found",
                        "missing star catalogue for a 2-degree field",
                        "cannot solve: no index covers this field width"]}),
  "hive_monitor": (["HiveHum", "hivehum-gw-07", "the hive scale gateway"], {
      "sensor_offline": ["scale 3 has not reported for 6 hours",
                         "LoRa node hive-3 offline since 04:12",
                         "no weight readings received overnight from the apiary"],
      "auth_failed": ["401 Unauthorized: token revoked",
                      "login rejected, password changed on the web portal",
                      "API token for the apiary account is invalid"]}),
  "tide_api": (["Tidewise", "api.tidewise.co", "the tide-prediction feed"], {
      "rate_limited": ["429: free tier allows 50 requests per day",
                       "too many tide lookups, try again tomorrow",
                       "request quota for station 0065 exhausted"],
      "stale_data": ["predictions last updated 2019, harmonics outdated",
                     "stale tidal constants for Poole Harbour",
                     "data for this port is older than 30 days"]}),
  "interp_booking": (["Voxa Roster", "roster.voxa-lang.org", "the interpreter booking portal"], {
      "session_expired": ["session expired, please sign in again",
                          "SSO token expired mid-submit",
                          "logged out after 15 minutes idle, form lost"],
      "double_booked": ["conflict: interpreter already assigned 10:00-13:00",
                        "slot clash with a hearing at Snaresbrook",
                        "booking rejected, overlapping assignment exists"]}),
  "scan_station": (["FolioCap", "foliocap-ws2", "the overhead book scanner"], {
      "disk_full": ["capture drive D: full, 0 MB left",
                    "cannot write TIFF: volume out of space",
                    "scratch disk exhausted at page 388"],
      "device_not_found": ["camera not detected on USB",
                           "no capture device found (check cable)",
                           "tethered body disconnected mid-session"]}),
  "mod_packager": (["Bundlr", "bundlr-cli", "the mod packaging script"], {
      "checksum_mismatch": ["SHA-1 mismatch on textures.bsa",
                            "archive hash differs from manifest",
                            "integrity check failed for meshes/armor.nif"],
      "out_of_memory": ["java.lang.OutOfMemoryError: GC overhead limit exceeded",
                        "bundling aborted: kernel reaped the packer at 7.8 GB RSS",
                        "ran out of RAM compressing the texture archive"]}),
}
OBS_FRAMES = {"K": ["Snag in {t}: {s}", "Automated step failed ({t}): {s}", "Trouble from {t} -> {s}",
                    "Failure while running {t}; details: {s}"]}

CHATTER = {"K": [
  # radio procedure
  "Roger, standing by.", "Over and out.",
  # stage directions
  "*sips tea*", "*long sigh*",
  # caps and wrong window
  "WAIT", "Oops, typed that in the wrong window.",
  # trailing off
  "so, um", "and then... no, never mind",
  # typos
  "teh", "srry typo",
  # formal politeness
  "Thank you for your patience.", "Much obliged.",
  # slang
  "no cap", "lowkey tired ngl",
  # other languages
  "momentito", "tak tak", "alors, bon", "ok, jó", "naja",
  # connectivity
  "Did that send?", "wifi is being weird", "You cut out there.",
  # doorbell and phone
  "Doorbell, back in a sec.", "Phone's ringing, hold that thought.",
  # kettle
  "Kettle's on.",
  # self-talk
  "Right. Focus.", "Okay, deep breath.",
  # rhetorical questions
  "Why is it always like this?", "Who designed this form, honestly?",
  # emoji
  "\U0001F644", "\U0001F44D\U0001F44D",
  # about the chat itself
  "Scroll up a bit.", "Let me reread that.",
  # gratitude
  "Cheers for that.", "Lifesaver, thanks.",
  # reactions
  "Nice one, ta.", "Oof.", "Yikes.",
  # bare tokens
  "7", "ok ok ok",
  # time of day
  "Late one tonight.", "Too early for this.",
  # humour
  "Famous last words.",
  # household noise
  "Sorry, the kids are shouting.", "Neighbour's drilling again.",
  # extractor voice, still transient
  "User sent an empty message.", "User reacted with a laughing emoji.", "Assistant is still loading the page.",
  "User switched to a different browser tab."]}
