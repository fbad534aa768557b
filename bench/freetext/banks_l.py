"""Phrase bank L for gen.py (held out for a final blind run).

Written by a helper that never saw memcurator's code; only the harness files of the benchmark
(README.md, gen.py, banks_k.py, BANK_K.md, src/check_k.py), shared/SPEC.md (first 60 lines) and the write
policy were read (of banks A-J only attribute ids and tool ids were printed; banks_k.py was read whole for its
structure).

Same shape as banks_k.py, self-contained and used whole (no even/odd split):
  single: S[key] = dict(id, scope, lex, kind="single", new, values={value_id: [surfaces]}, L=[frames])
  set:    SETS[key] = dict(id, scope, lex, kind="set", new, members={member_id: (base[], refined[])})
`new` = the attribute id exists in none of banks A, B, C, D, E, F, G, H, I, J, K (every id of bank L is new).
`lex` = a generic attribute lexicon would plausibly list it (doc only).

Domains: scuba diving, change ringing (church bells), esports team operations, archery, fencing, calligraphy,
blacksmithing, cheesemaking, homebrewing, gliding, equestrian sport, falconry, bonsai, darts, surfing,
foraging, veterinary clinic administration, freight brokerage, ski patrol, orchestral touring, museum
lending, and three everyday habits (naps, tipping, signing).

Adversarial names on purpose: single-valued attributes named with plural nouns (scrim_times, reefer_temps,
darts_weight) and set-valued attributes named in the singular or as mass nouns (dive_specialty, hop_variety,
foraged_mushroom, calligraphy_ink, mews_equipment, cheese_style, bonsai_species, agent_pool, ringing_tower,
clinic_species, load_board, rescue_cache_item, map_pool, tour_venue, loan_object, freight_commodity,
broadcast_role, turnpoint).
Same topic at two scopes (team convention vs user preference): dive_gas_mix, ringing_method, warmup_length.
"""

S = {}
SETS = {}


def single(key, scope, lex, new, values, frames, aid=None):
    S[key] = dict(id=aid or key, scope=scope, lex=lex, kind="single", new=new, values=values, L=frames)


def multi(key, scope, lex, new, members, aid=None):
    SETS[key] = dict(id=aid or key, scope=scope, lex=lex, kind="set", new=new, members=members)


# ================================================================ single-valued, user scope
# ---------------------------------------------------------------- same topic at two scopes (user side)
single("dive_gas_mix@user", "user", False, True,
  {"air": ["regular air", "an unenriched cylinder fill"],
   "ean32": ["Nitrox 32", "enriched air at thirty-two percent O2"],
   "ean36": ["Nitrox 36", "enriched air at thirty-six percent O2"]},
  ["User breathes {v} on recreational dives.",
   "Get my tanks filled with {v} before Saturday's boat.",
   "gas (own dives): {v}",
   "My computer's configured for {v}, and I plan no-stop times around it."],
  aid="dive_gas_mix")
single("ringing_method@user", "user", False, True,
  {"plain_bob": ["Plain Bob Doubles", "the beginner's method on five working bells"],
   "grandsire": ["Grandsire Doubles", "the five-bell method with two bells hunting"],
   "stedman": ["Stedman Doubles", "the five-bell principle rung in quick and slow sixes"]},
  ["User most enjoys ringing {v}.",
   "Put me on an inside bell for {v} at Thursday practice.",
   "method of choice: {v}",
   "Having finally got the blue line into my head, I'd ring {v} all evening if the tower let me."],
  aid="ringing_method")
single("warmup_length@user", "user", False, True,
  {"m10": ["10 minutes", "a sixth of an hour"],
   "m20": ["20 minutes", "a twenty-minute block"],
   "m30": ["30 minutes", "one whole half-hour"]},
  ["User does {v} of aim drills before ranked games.",
   "Block out {v} of deathmatch warm-up before I queue.",
   "aim warm-up: {v}",
   "Cold hands miss flicks, so I spend {v} on bots before anything competitive."],
  aid="warmup_length")

# ---------------------------------------------------------------- diving, archery, fencing
single("wetsuit_thickness", "user", False, True,
  {"mm3": ["3 mm neoprene", "a thin tropical-weight wetsuit"],
   "mm5": ["5 mm neoprene", "a mid-weight temperate suit"],
   "mm7": ["7 mm neoprene", "the thickest semi-dry for cold water"]},
  ["User dives in {v}.",
   "Pack {v} for the quarry trip.",
   "exposure suit: {v}",
   "I feel the cold badly below the thermocline, which is why I wear {v}."])
single("bow_draw_weight", "user", False, True,
  {"lb28": ["28 lb", "about 12.7 kilograms at full draw"],
   "lb34": ["34 lb", "roughly fifteen and a half kilos on the fingers"],
   "lb40": ["40 lb", "around eighteen kg of holding weight"]},
  ["User shoots a recurve drawing {v}.",
   "Order limbs rated {v} for my riser.",
   "draw weight = {v}",
   "My coach moved me up to {v} only once my shoulder held form through a whole 72-arrow round."])
single("fencing_weapon", "user", False, True,
  {"foil": ["foil", "the light point weapon with a torso-only target"],
   "epee": ["épée", "the heavy thrusting blade where the whole body counts"],
   "sabre": ["sabre", "the cutting weapon scored above the waist"]},
  ["User competes in {v}.",
   "Enter me for {v} at the regional open.",
   "weapon: {v}",
   "{V} suits my reach, so that's what I fence on club nights."])

# ---------------------------------------------------------------- crafts: calligraphy, smithing
single("calligraphy_hand", "user", False, True,
  {"italic": ["italic", "the slanted chancery script"],
   "copperplate": ["copperplate", "English roundhand with a pointed pen"],
   "uncial": ["uncial", "rounded majuscules out of early Irish gospel books"]},
  ["Prefers {v} for wedding-envelope commissions.",
   "Make my practice sheets in {v}, please.",
   "script: {v}",
   "Clients keep asking for {v}, so it's the hand I've drilled hardest."])
single("forge_fuel", "user", False, True,
  {"coal": ["coal", "black lumps from the fuel merchant"],
   "propane": ["propane", "bottled LPG"],
   "charcoal": ["charcoal", "charred hardwood chunks"]},
  ["User's forge runs on {v}.",
   "Remind me to reorder {v} before the hammer-in.",
   "forge fuel - {v}",
   "The neighbours complained about smoke, and since then the forge burns {v}."])

# ---------------------------------------------------------------- cheese, beer
single("cheese_rennet", "user", False, True,
  {"animal": ["calf rennet", "chymosin from a young ruminant's stomach"],
   "microbial": ["microbial rennet", "a fungus-derived coagulant"],
   "thistle": ["thistle rennet", "an extract of cardoon flowers"]},
  ["User sets their curds with {v}.",
   "Only suggest cheese recipes that use {v}.",
   "coagulant: {v}",
   "Half my market customers ask what's in it, and the honest answer is {v}."])
single("mash_temperature", "user", False, True,
  {"c64": ["64 °C", "about 147 Fahrenheit"],
   "c67": ["67 °C", "roughly 153 °F"],
   "c69": ["69 °C", "around one hundred fifty-six degrees F"]},
  ["User mashes their grain at {v}.",
   "Work out a strike temperature that lands the mash at {v}.",
   "mash temp: {v}",
   "Holds the mash at {v}, which gives the bitters the body the user likes."])

# ---------------------------------------------------------------- gliding, riding, falconry
single("glider_launch", "user", False, True,
  {"winch": ["winch launch", "a cable pull from the ground"],
   "aerotow": ["aerotow", "a tug-plane tow to two thousand feet"],
   "self": ["self-launch", "the motor glider's own engine"]},
  ["User usually gets airborne by {v}.",
   "Sunday's flying: put me down for {v}.",
   "launch method: {v}",
   "Gets launched by {v} nearly every flight, since it's the cheapest option at the club."])
single("riding_discipline", "user", False, True,
  {"dressage": ["dressage", "flatwork judged movement by movement"],
   "jumping": ["show jumping", "clearing coloured fences against the clock"],
   "eventing": ["eventing", "horse trials over three phases"]},
  ["User and her mare specialise in {v}.",
   "Find me clinics for {v} within an hour's drive.",
   "discipline: {v}",
   "{V} is where my mare's temperament shines, so that's what we train for."])
single("hawk_species", "user", False, True,
  {"harris": ["a Harris's hawk", "Parabuteo unicinctus"],
   "kestrel": ["a kestrel", "Falco tinnunculus"],
   "redtail": ["a red-tailed hawk", "Buteo jamaicensis"]},
  ["User flies {v} at weekend falconry displays.",
   "Plan the school demo around {v}.",
   "bird: {v}",
   "Weighing before every flight is non-negotiable when you're flying {v}."])

# ---------------------------------------------------------------- gaming, pub games, surf, bonsai
single("mouse_dpi", "user", False, True,
  {"d400": ["400 DPI", "four hundred counts per inch"],
   "d800": ["800 DPI", "eight hundred CPI"],
   "d1600": ["1600 DPI", "sixteen hundred counts per inch"]},
  ["User plays with the mouse set to {v}.",
   "Put my mouse on {v} on the tournament PC.",
   "mouse: {v}",
   "Has played at {v} since the first LAN, preferring big arm swipes to wrist flicks."])
single("darts_weight", "user", False, True,
  {"g22": ["22 g", "twenty-two grams apiece"],
   "g24": ["24 g", "a shade under seven-eighths of an ounce"],
   "g26": ["26 g", "twenty-six grams each"]},
  ["User's darts weigh {v}.",
   "Buy me spare tungsten barrels at {v}.",
   "darts: {v}",
   "User settled on {v} after the league switched to steel tips."])
single("surfboard_length", "user", False, True,
  {"ft6": ["a 6'2\" shortboard", "about 1.88 metres of board"],
   "ft7": ["a 7'6\" mid-length", "roughly 2.3 m of foam"],
   "ft9": ["a 9'1\" longboard", "a classic nine-foot log"]},
  ["User surfs {v}.",
   "Rent me {v} for the Cornwall week.",
   "board: {v}",
   "Our home break is mushy most of the summer, so I paddle out on {v}."])
single("bonsai_style", "user", False, True,
  {"chokkan": ["formal upright", "chokkan"],
   "kengai": ["full cascade", "kengai"],
   "fukinagashi": ["windswept", "fukinagashi"]},
  ["User trains most trees in the {v} style.",
   "Suggest wiring plans for {v}.",
   "bonsai style: {v}",
   "{V} was the look I fell for at the Kew show, and now my benches are full of it."])

# ---------------------------------------------------------------- everyday habits
single("sign_language", "user", True, True,
  {"bsl": ["BSL", "the two-handed-alphabet language of Britain's deaf community"],
   "asl": ["ASL", "the one-handed-alphabet language used across the US"],
   "isl": ["ISL", "Ireland's own signed language"]},
  ["User signs in {v}.",
   "Book me an interpreter for {v} at the GP surgery.",
   "signing: {v}",
   "My parents are deaf, so I grew up with {v} before English."])
single("nap_length", "user", True, True,
  {"m20": ["20 mins", "a third of an hour"],
   "m30": ["30 mins", "half of one hour"],
   "m90": ["90 mins", "an hour and a half"]},
  ["User naps for {v} on weekend afternoons.",
   "Set an alarm {v} after I lie down.",
   "nap: {v}",
   "Anything past {v} and I wake up groggy, so that's my limit."])
single("tipping_percentage", "user", True, True,
  {"p10": ["10%", "a tenth of the bill"],
   "p15": ["15%", "fifteen in every hundred"],
   "p20": ["20%", "a fifth on top"]},
  ["User tips {v} at restaurants.",
   "Add {v} as the tip when you split our dinner bills.",
   "tip: {v}",
   "Having waited tables through college, I always leave {v}."])

# ================================================================ single-valued, team scope
# ---------------------------------------------------------------- same topic at two scopes (team side)
single("dive_gas_mix@team", "team", False, True,
  {"air": ["air fills", "normal compressed atmosphere"],
   "ean32": ["EAN32 fills", "thirty-two per cent enriched air"],
   "ean36": ["EAN36 fills", "thirty-six per cent enriched air"]},
  ["Team convention: club dives are done on {v}.",
   "Tell the compressor room the club is on {v} this season.",
   "club gas standard: {v}",
   "The boat's dive plans are built for {v}, so every club member dives it."],
  aid="dive_gas_mix")
single("ringing_method@team", "team", False, True,
  {"plain_bob": ["Plain Bob Triples", "the learners' method on seven with the tenor covering"],
   "grandsire": ["Grandsire Triples", "the two-hunt-bell method on seven plus a cover"],
   "stedman": ["Stedman Triples", "the principle of sixes on seven working bells"]},
  ["Team convention: the band's practice-night touch is {v}.",
   "Call {v} first thing at practice for the improvers.",
   "tower standard (practice): {v}",
   "The tower captain wants everyone solid on {v} before the district striking competition."],
  aid="ringing_method")
single("warmup_length@team", "team", False, True,
  {"m10": ["a 10-minute warm-up", "ten minutes together on the practice range"],
   "m20": ["a 20-minute warm-up", "twenty minutes together in deathmatch"],
   "m30": ["a 30-minute warm-up", "a half hour as a five-stack in customs"]},
  ["Team convention: the roster does {v} before every official match.",
   "Schedule {v} ahead of each match day.",
   "pre-match (team): {v}",
   "The coach found we drop the pistol round less after {v}, so it's mandatory."],
  aid="warmup_length")

# ---------------------------------------------------------------- veterinary clinic administration
single("anaesthetic_fasting", "team", False, True,
  {"h6": ["6 hrs", "a quarter of a day"],
   "h8": ["8 hrs", "a third of a day"],
   "h12": ["12 hrs", "one half of a day"]},
  ["Team withholds food for {v} before a general anaesthetic.",
   "Tell owners to starve the dog for {v} before an operation.",
   "pre-op fast: {v}",
   "The head vet fixed the fast at {v} after an aspiration scare on the table last spring."])
single("kennel_disinfectant", "team", False, True,
  {"f10": ["F10SC", "a quaternary-ammonium and biguanide concentrate"],
   "virkon": ["Virkon S", "the pink peroxygen powder"],
   "bleach": ["diluted bleach", "sodium hypochlorite at one to thirty-two"]},
  ["Team disinfects kennels with {v} between patients.",
   "Restock {v} for the isolation ward.",
   "kennel clean: {v}",
   "Team has mopped the wards with {v} ever since parvo came through last year."])

# ---------------------------------------------------------------- freight brokerage
single("detention_free_time", "team", False, True,
  {"h1": ["1 hr", "sixty minutes"],
   "h2": ["2 hrs", "a hundred and twenty minutes"],
   "h3": ["3 hrs", "one hundred eighty minutes"]},
  ["Team gives carriers {v} at the dock before detention pay starts.",
   "Write {v} into the rate con as the free window.",
   "free time before detention: {v}",
   "Shippers on our book load fast, so the brokerage only promises {v} before the clock runs."])
single("reefer_temps", "team", False, True,
  {"minus18": ["minus 18 °C", "zero degrees Fahrenheit"],
   "plus2": ["plus 2 °C", "thirty-six °F"],
   "plus13": ["plus 13 °C", "fifty-five Fahrenheit"]},
  ["Team sets reefer units to {v} on the grocery contract.",
   "Put {v} on the bill of lading as the set point.",
   "reefer set point: {v}",
   "The grocery client rejected a load once, so every trailer on that account is pre-cooled to {v}."])

# ---------------------------------------------------------------- ski patrol, esports
single("avalanche_closure_level", "team", False, True,
  {"l3": ["level 3", "considerable danger"],
   "l4": ["level 4", "high danger"],
   "l5": ["level 5", "extreme danger"]},
  ["Team closes the off-piste gates at {v} or above.",
   "Post a closure notice once the bulletin reaches {v}.",
   "closure threshold: {v}",
   "{V} on the bulletin means the patrol shuts the backcountry access, no debate."])
single("scrim_times", "team", False, True,
  {"h18": ["6 pm", "eighteen hundred"],
   "h19": ["7 pm", "nineteen hundred"],
   "h2030": ["8:30 pm", "twenty-thirty"]},
  ["Team starts weekday scrims at {v}.",
   "Book scrim partners for {v} CET.",
   "scrims: {v}",
   "Two players still have school, so scrims can't begin before {v}."])

# ================================================================ single-valued, project scope
single("orchestra_seating", "project", False, True,
  {"american": ["American seating", "violins together on the conductor's left, cellos out front right"],
   "antiphonal": ["antiphonal seating", "first and second fiddles facing each other across the stage"],
   "vienna": ["Viennese seating", "double basses in a row along the back wall"]},
  ["Project's tour concerts use {v}.",
   "Draw the stage plot with {v} for the promoters.",
   "seating plan: {v}",
   "The Mahler needs the violins' dialogue to carry, hence {v} on every date of the tour."])
single("tournament_format", "project", False, True,
  {"single_elim": ["single elimination", "a knockout where one defeat ends your run"],
   "double_elim": ["double elimination", "an upper and lower bracket, two losses to exit"],
   "swiss": ["a Swiss stage", "rounds paired by matching records"]},
  ["Project's tournament runs as {v}.",
   "Set the event up in the bracket tool as {v}.",
   "format: {v}",
   "With only two days of venue hire, the organisers settled on {v}."])
single("crate_type", "project", False, True,
  {"travel_frame": ["a travel frame", "a glazed box bolted over the picture"],
   "double_crate": ["a double-walled crate", "a box-within-a-box with foam between"],
   "soft_pack": ["soft wrapping", "Tyvek and bubble wrap with no rigid case"]},
  ["Project ships each loaned work in {v}.",
   "Ask the fine-art shipper for {v} on the outbound leg.",
   "crating: {v}",
   "The lender's registrar insisted on {v} after a frame cracked on an earlier tour."])
single("hanging_height", "project", False, True,
  {"cm145": ["145 cm off the floor", "the 57-inch museum standard"],
   "cm150": ["150 cm off the floor", "roughly fifty-nine inches"],
   "cm157": ["157 cm off the floor", "about five foot two"]},
  ["Project hangs paintings with their centres at {v}.",
   "Mark the walls at {v} before the technicians arrive.",
   "hang height: {v}",
   "The curators tested sightlines with a wheelchair user and chose {v}."])
single("tour_per_diem", "project", True, True,
  {"e40": ["€40 a day", "forty euros daily"],
   "e55": ["€55 a day", "fifty-five euros daily"],
   "e70": ["€70 a day", "seventy euros daily"]},
  ["Project pays touring musicians {v} in per diems.",
   "Budget {v} per player for meals abroad.",
   "per diem: {v}",
   "The union agreement for the tour sets subsistence at {v}."])
single("haul_mode", "project", False, True,
  {"ftl": ["full truckload", "a dedicated trailer for one shipper"],
   "ltl": ["less-than-truckload", "shared trailer space with other freight"],
   "intermodal": ["intermodal rail", "containers riding the train for the long middle leg"]},
  ["Project moves its freight by {v}.",
   "Quote the Chicago lanes as {v}.",
   "mode: {v}",
   "Project's account is built on {v}, with the plant shipping every weekday."])
single("stream_delay", "project", False, True,
  {"m2": ["a 2-minute delay", "a lag of one hundred twenty seconds"],
   "m3": ["a 3-minute delay", "a lag of a hundred and eighty seconds"],
   "m5": ["a 5-minute delay", "a lag of three hundred seconds"]},
  ["Project's broadcast runs with {v} to stop ghosting.",
   "Configure the OBS output with {v}.",
   "stream buffer: {v}",
   "Tournament rules demand {v}, or teams could watch the stream for enemy positions."])
single("loan_period", "project", False, True,
  {"m3": ["3 months", "one quarter-year"],
   "m6": ["6 months", "half of a calendar year"],
   "m12": ["12 months", "a full twelvemonth"]},
  ["Project's loan agreements run for {v}.",
   "Draft the loan contract for {v}.",
   "loan term: {v}",
   "Project borrows light-sensitive works for {v} at most."])

# ================================================================ set-valued, user scope
multi("dive_specialty", "user", False, True, {
  "wreck": (["I'm qualified for wreck diving.", "User holds a wreck diver specialty."],
            ["Penetration-trained on the Thistlegorm, under a guideline with a redundant light.",
             "Certified to go inside sunken ships along a reel line with a backup torch."]),
  "night": (["I do night dives.", "User is certified for night diving."],
            ["Night specialty done in Dahab: primary torch, backup, and a glow stick on the tank valve.",
             "Qualified for after-dark descents with two lamps and a chemical light on the cylinder."]),
  "deep": (["I'm a deep diver.", "User has the deep specialty."],
           ["Deep cert to 40 m, gained on the walls of Gozo.",
            "Allowed down to forty metres since the Maltese course."])})
multi("hop_variety", "user", False, True, {
  "cascade": (["I brew with Cascade hops.", "User uses Cascade."],
              ["Cascade as a late addition at flameout for grapefruit aroma.",
               "The classic American pale-ale hop goes in when the boil ends, for the citrus nose."]),
  "citra": (["Citra is in my hop freezer.", "User dry hops with Citra."],
            ["Citra pellets, 5 g per litre, dry hopped on day three.",
             "The tropical-fruit pellets at five grams a litre on the third day of fermentation."]),
  "fuggle": (["I use Fuggles.", "User brews with Fuggle hops."],
             ["Whole-leaf Fuggles for bittering the best bitter at sixty minutes.",
              "Traditional Kentish whole cones boiled for the full hour in the session ale."])})
multi("foraged_mushroom", "user", False, True, {
  "chanterelle": (["I forage chanterelles.", "User picks girolles."],
                  ["Chanterelles from the beech woods above the lake in late August.",
                   "Golden funnel caps with false gills, gathered under beeches at the end of summer."]),
  "cep": (["I pick ceps.", "User gathers porcini."],
          ["Boletus edulis, sliced and dried on the radiator for winter risotto.",
           "Fat-stemmed king boletes dehydrated in slices for the cold months."]),
  "morel": (["I hunt morels in spring.", "User looks for morels."],
            ["Morels in the old orchard after April rain, always cooked through.",
             "Honeycomb-capped spring fungi under the apple trees, never eaten raw."])})
multi("calligraphy_ink", "user", False, True, {
  "iron_gall": (["I write with iron gall ink.", "User uses iron gall."],
                ["Oak-gall ink that goes from grey to black as it dries on vellum.",
                 "Homemade ink from crushed oak apples and ferrous sulphate, darkening overnight."]),
  "sumi": (["I grind sumi ink.", "User has a sumi stick."],
           ["A pine-soot inkstick ground on a suzuri for the brush work.",
            "Rubbing the black soot block on a wet stone before each brush session."]),
  "gouache": (["I letter with gouache.", "User uses gouache for lettering."],
              ["Permanent white gouache thinned with gum arabic for envelopes.",
               "Opaque white watercolour, loosened with a drop of acacia gum, on dark card."])})
multi("mews_equipment", "user", False, True, {
  "hood": (["I've got a hood for the bird.", "User owns a falconry hood."],
           ["A Dutch-style leather hood, blocked to size, for the car journeys.",
            "A fitted leather cap with a plume that keeps her calm while travelling."]),
  "telemetry": (["I use tracking telemetry.", "User has a telemetry set."],
                ["A Marshall tail-mount transmitter with the yagi receiver.",
                 "Radio tag on a tail feather and a handheld directional antenna to find her."]),
  "creance": (["I have a creance line.", "User keeps a creance."],
              ["Fifty metres of braided line on a stick for early training flights.",
               "A long tether on a wooden spool, used before she's flown free."])})
multi("cheese_style", "user", False, True, {
  "cheddar": (["I make cheddar.", "User makes cheddar at home."],
              ["Clothbound farmhouse cheddar, aged nine months in the cellar.",
               "Hard cheese milled and pressed, wrapped in lard and muslin, nine months underground."]),
  "halloumi": (["I make halloumi.", "User makes halloumi."],
               ["Halloumi poached in whey and folded with dried mint.",
                "The squeaky grilling cheese, cooked in its own whey with mint."]),
  "camembert": (["I make Camembert.", "User produces camembert-style cheese."],
                ["Small bloomy rounds with Penicillium candidum, ripened four weeks.",
                 "White-rind soft wheels, ladled by hand and ripened for a month."])})
multi("bonsai_species", "user", False, True, {
  "juniper": (["I have a juniper bonsai.", "User grows juniper bonsai."],
              ["A Chinese juniper with jin and shari, collected from a hedge.",
               "The scale-foliage conifer with carved deadwood that I dug out of an old garden hedge."]),
  "trident": (["I grow a trident maple.", "User has a trident maple bonsai."],
              ["Acer buergerianum in a shallow oval pot, defoliated every June.",
               "The three-lobed-leaf tree in the oval tray, stripped of leaves each midsummer."]),
  "pine": (["I keep a black pine.", "User has a Japanese black pine bonsai."],
           ["Pinus thunbergii, candles cut in early summer for short needles.",
            "A two-needle coastal conifer whose new shoots I snip in June to keep the needles short."])})
multi("agent_pool", "user", False, True, {
  "sova": (["I main Sova.", "User plays Sova."],
           ["Sova with recon-bolt lineups for every site on Ascent.",
            "The archer initiator, with scouting-arrow lineups learned map by map."]),
  "sage": (["I play Sage.", "User's pool includes Sage."],
           ["Sage walls for retakes, saving the res for the entry.",
            "The healing sentinel: ice wall on retakes, revive kept for our duelist."]),
  "jett": (["I can flex Jett.", "User plays Jett."],
           ["Jett with the Operator on defence, dashing out after the shot.",
            "The wind-dash duelist holding long angles with the big sniper rifle."])})
multi("ringing_tower", "user", False, True, {
  "bow": (["I ring at St Mary-le-Bow.", "User is a ringer at Bow Church."],
          ["Sunday service ringing on the Bow bells in Cheapside, twelve bells.",
           "The Cheapside twelve whose sound is said to define a Cockney, every Sunday morning."]),
  "minster": (["I ring at York Minster.", "User rings at the Minster."],
              ["Occasional peals on the Minster's twelve in the south-west tower.",
               "Guest ringing on the cathedral's back twelve in York when the band invites me."]),
  "village": (["I ring at my village church.", "User rings at the local parish church."],
              ["The local six at St Peter's, a ground-floor ring with a light treble.",
               "Six bells in the nearby parish tower, rung from the ground floor."])})

# ================================================================ set-valued, team scope
multi("clinic_species", "team", False, True, {
  "exotics": (["We see exotics.", "Team treats exotic pets."],
              ["Rabbits, bearded dragons and a few parrots, Thursday clinics only.",
               "Lagomorphs, reptiles and cage birds, one afternoon a week."]),
  "equine": (["We do equine work.", "Team treats horses."],
             ["Ambulatory horse visits with a portable X-ray, plus lameness workups.",
              "Mobile calls to stables with digital radiography for gait problems."]),
  "farm": (["We cover farm animals.", "Team does large-animal work."],
           ["TB testing and calving on dairy units across the vale.",
            "Herd tuberculosis checks and difficult births on the milk farms."])})
multi("load_board", "team", False, True, {
  "dat": (["We post loads on DAT.", "Team uses the DAT load board."],
          ["DAT Power with rate view for the dry-van lanes out of Atlanta.",
           "The largest US spot marketplace, with lane rate history, for our Georgia vans."]),
  "truckstop": (["We're on Truckstop.", "Team posts to Truckstop."],
                ["Truckstop Pro for flatbed carriers, with the carrier-vetting add-on.",
                 "The Idaho-born board we use for flatbed capacity, plus its carrier-monitoring tool."]),
  "own_portal": (["We have a carrier portal of our own.", "Team tenders loads through its own portal."],
                 ["Our in-house tender page where eleven contracted carriers bid each morning.",
                  "The private bidding page for our eleven regular trucking partners, opened at 7 a.m."])})
multi("rescue_cache_item", "team", False, True, {
  "toboggan": (["We keep a toboggan at the hut.", "Team has a rescue sled cached."],
               ["An Akja sled with a clip-in stretcher at the top of Chair 4.",
                "The two-handled rescue sledge with a stretcher insert, at the summit of the fourth lift."]),
  "oxygen": (["There's oxygen in our cache.", "Team stores medical oxygen."],
             ["A CD cylinder with a non-rebreather mask, checked every morning.",
              "A small medical gas bottle and reservoir mask, pressure logged at the morning sweep."]),
  "vacuum": (["We stock a vacuum mattress.", "Team keeps a vacuum mattress in the hut."],
             ["A full-body vacuum mattress with a hand pump for spinal cases.",
              "The bead-filled immobiliser that goes rigid when pumped, for suspected backs."])})
multi("map_pool", "team", False, True, {
  "ascent": (["Ascent is in our map pool.", "Team plays Ascent."],
             ["Ascent with a mid-control default on attack.",
              "The Venice-style map, taking the middle courtyard first on attack."]),
  "bind": (["We play Bind.", "Team keeps Bind in rotation."],
           ["Bind with teleporter fakes on B.",
            "The Moroccan map with the one-way portals, faking through to B site."]),
  "haven": (["Haven's in our pool.", "Team's maps include Haven."],
            ["Haven with a 2-1-2 defensive setup across three sites.",
             "The three-site temple map, two-one-two on defence."])})

# ================================================================ set-valued, project scope
multi("tour_venue", "project", False, True, {
  "musikverein": (["We play the Musikverein.", "Project's tour includes the Musikverein."],
                  ["The Golden Hall of the Musikverein on 14 May, sold out.",
                   "Vienna's gilded shoebox hall near Karlsplatz, mid-May, no tickets left."]),
  "rudolfinum": (["Prague's Rudolfinum is on the tour.", "Project plays the Rudolfinum."],
                 ["Dvořák Hall at the Rudolfinum, two nights with the Czech soloist.",
                  "The neo-Renaissance hall by the Vltava, a double booking with a local violinist."]),
  "gewandhaus": (["We're booked at the Gewandhaus.", "Project has a Gewandhaus date."],
                 ["The Gewandhaus Großer Saal in Leipzig, a Sunday matinee.",
                  "Leipzig's big modernist concert hall on Augustusplatz, afternoon slot on a Sunday."]),
  "concertgebouw": (["The Concertgebouw is on our itinerary.", "Project performs at the Concertgebouw."],
                    ["Main hall of the Concertgebouw, with the famous stair entrance for the conductor.",
                     "Amsterdam's big hall where the maestro walks down that long staircase to the podium."])})
multi("loan_object", "project", False, True, {
  "astrolabe": (["We're borrowing an astrolabe.", "Project's loans include an astrolabe."],
                ["A 14th-century brass astrolabe from Oxford, to be kept under 45% RH.",
                 "The medieval brass star-finder lent by an Oxford college, kept below 45% humidity."]),
  "tapestry": (["A tapestry is coming on loan.", "Project borrows a tapestry."],
               ["A Flemish verdure tapestry, 4 by 3 metres, rolled on a tube for transit.",
                "The woven green-landscape hanging from Flanders, twelve square metres, shipped rolled."]),
  "netsuke": (["We have netsuke on loan.", "Project includes netsuke."],
              ["Twenty ivory and boxwood netsuke from a private collection, in a single case.",
               "A score of tiny carved Japanese toggles, lent privately and shown together."])})
multi("freight_commodity", "project", False, True, {
  "lumber": (["We haul lumber.", "Project ships timber."],
             ["Kiln-dried 2x4 bundles from the Georgia mill, tarped on flatbeds.",
              "Dried construction studs strapped and sheeted on open trailers out of the southern sawmill."]),
  "produce": (["We move produce.", "Project's freight includes fresh produce."],
              ["Salinas lettuce in reefers, pulped at the dock before loading.",
               "Leafy greens from the California valley, temperature-probed before they go on."]),
  "coils": (["We carry steel coils.", "Project hauls coil steel."],
            ["Hot-rolled coils on coil racks, chained per the securement rules.",
             "Rolled sheet steel in cradles with chain tie-downs to the federal standard."]),
  "furniture": (["We ship furniture.", "Project moves furniture loads."],
                ["Flat-packed bookcases from the Carolina plant, floor-loaded in dry vans.",
                 "Boxed self-assembly shelving hand-stacked into enclosed trailers."])})
multi("broadcast_role", "project", False, True, {
  "pbp": (["We have a play-by-play caster.", "Project hired a play-by-play commentator."],
          ["The lead caster calls the rounds live from the desk, both days.",
           "The voice narrating every fight as it happens, on the main desk for the weekend."]),
  "colour": (["A colour commentator is booked.", "Project has an analyst caster."],
             ["A former pro breaks down the economy and utility between rounds.",
              "An ex-player explaining buys and ability usage in the gaps between rounds."]),
  "observer": (["We have an in-game observer.", "Project employs an observer."],
               ["The observer runs the spectator camera from a separate client on the delayed feed.",
                "Someone steering the spectator view so viewers see the right duel."])})
multi("turnpoint", "project", False, True, {
  "didcot": (["Didcot is a turnpoint.", "Project's task uses Didcot."],
             ["Didcot power station, now demolished, still a 500 m sector.",
              "The old cooling-tower site by the Thames, a half-kilometre turn sector."]),
  "membury": (["Membury services is a turnpoint.", "Project includes Membury as a turnpoint."],
              ["Membury motorway services on the M4, photo of the east side.",
               "The motorway service station west of Newbury, with the old airfield next door."]),
  "silverstone": (["We turn at Silverstone.", "Project's task goes round Silverstone."],
                  ["Silverstone circuit, keeping clear of the race-day airspace.",
                   "The Northamptonshire Grand Prix track, restricted when there's a meeting."])})

# ---------------------------------------------------------------- prefixes, tools, chatter
CHANGE_PREFIX = {"L": ["Correction, as of now: ", "Changed my mind - ", "Scrap the earlier one: ",
                       "For the record: "]}
ADD_PREFIX = {"L": ["One more for this list: ", "Tack this on as well: ", "On top of those: "]}

# tool id -> (names, {failure kind: symptom wordings}); bank L uses every wording
TOOLS = {
  "dive_log_sync": (["DeepLog", "sync.deeplog.io", "the dive-computer uploader"], {
      "timeout": ["upload stalled, no reply in 90 s",
                  "Bluetooth handshake with the wrist computer timed out",
                  "gave up waiting for the cloud after three retries"],
      "connection_refused": ["ECONNREFUSED 10.4.0.9:443",
                             "server refused the connection on port 443",
                             "could not connect: remote end rejected us"]}),
  "load_tender": (["FreightPilot", "tms-fp-02", "the load-tendering system"], {
      "rate_limited": ["HTTP 429 from the carrier API, retry-after 600",
                       "throttled: 20 tenders per minute exceeded",
                       "too many quote requests, locked out for ten minutes"],
      "permission_denied": ["403 Forbidden: role lacks TENDER_APPROVE",
                            "user not allowed to award loads over $5,000",
                            "access denied on the Atlanta branch's lanes"]}),
  "pms_records": (["PawChart", "pawchart.vetcloud.net", "the practice records system"], {
      "not_found": ["404: patient record 55120 does not exist",
                    "no chart matched microchip 981020000012345",
                    "lookup returned nothing for that owner surname"],
      "db_locked": ["database is locked (SQLITE_BUSY)",
                    "record held open by reception, write blocked",
                    "could not save the consult: another user is editing this chart"]}),
  "collections_db": (["Artefactor", "artefactor-db1", "the collections database"], {
      "out_of_memory": ["heap exhausted exporting 40,000 object records",
                        "MemoryError while building the loan report PDF",
                        "process killed by the OOM reaper during image thumbnailing"],
      "tls_error": ["TLS handshake failed: certificate expired",
                    "untrusted certificate chain, refusing to connect",
                    "secure channel could not be established, cert dated last year"]}),
  "stream_encoder": (["CastKit", "castkit-enc-3", "the broadcast encoder box"], {
      "dropped_frames": ["dropped 12% of frames, encoder overloaded",
                         "output stuttering, NVENC cannot keep up",
                         "skipped frames, stream to the platform is choppy"],
      "out_of_memory": ["GPU out of memory allocating the 1440p scene",
                        "CUDA OOM on the replay buffer",
                        "video memory full, scene switch failed"]}),
  "avalanche_feed": (["SnowBrief", "feed.snowbrief.ch", "the avalanche bulletin feed"], {
      "not_found": ["404 for the region CH-4221 bulletin",
                    "no bulletin published for that zone today",
                    "endpoint /v2/bulletins/latest is missing"],
      "connection_refused": ["connection refused by the bulletin host",
                             "port 443 closed on the feed server",
                             "server actively refused us, retried twice"]}),
}
OBS_FRAMES = {"L": ["Tool trouble, {t}: {s}", "{T} gave back an error - {s}", "Ran {t} and it failed with: {s}",
                    "Logged a fault in {t} ({s})"]}

CHATTER = {"L": [
  # interruptions at home
  "Hang on, dog at the door.", "brb, oven timer", "Cat on the keyboard, sorry",
  # moods
  "Ugh, what a week.", "Meh.", "Brain's fried.", "Too hot in here.",
  # laughter and filler
  "lmaooo", "Hmm hm hm.", "Heh heh, fair.", "ok so",
  # stage directions
  "*cracks knuckles*", "*stares at screen*",
  # reactions
  "That's a lot.", "Ah, that explains it.", "Cool cool.", "Huh, curious.",
  # searching
  "Give me a sec to find it.", "Where was I?",
  # keyboard mash, typos, caps
  "asdfgh", "Whoops, caps lock.", "tysm",
  # other languages
  "Bonjour!", "grazie mille", "dankjewel", "vale, pues",
  # connectivity and devices
  "Zoom froze again.", "Battery's at 3%.", "Signal's dropping, I'm on the train.", "Sorry, was on mute.",
  # asking to repeat / wait
  "Say that again?", "Hold please.", "Bear with.",
  # emoji
  "\U0001F937", "\U0001F602\U0001F602",
  # small talk
  "Can you hear the rain here?", "Sandwich first, then this.", "Gonna grab water.",
  # acknowledgements
  "Right then.", "Noted, carry on.", "yup, yup", "Ta very much.", "Back now.",
  # indecision
  "Honestly no idea.", "Oh wait, never mind that.",
  # bare token
  "19",
  # extractor voice, still transient
  "User pasted an empty code block.", "User asked the assistant to wait.", "Assistant is typing.",
  "User closed the laptop lid."]}
