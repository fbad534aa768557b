"""Phrase bank M for gen.py (held out for a final blind run).

Written by a helper that never saw memcurator's code; only the harness files of the benchmark
(README.md, gen.py, banks_l.py, BANK_L.md, src/check_l.py), shared/SPEC.md (first 60 lines) and the write
policy were read (of banks A-K only attribute ids and tool ids were printed; banks_l.py was read whole for its
structure).

Same shape as banks_l.py, self-contained and used whole (no even/odd split):
  single: S[key] = dict(id, scope, lex, kind="single", new, values={value_id: [surfaces]}, M=[frames])
  set:    SETS[key] = dict(id, scope, lex, kind="set", new, members={member_id: (base[], refined[])})
`new` = the attribute id exists in none of banks A, B, C, D, E, F, G, H, I, J, K, L (every id of bank M is new).
`lex` = a generic attribute lexicon would plausibly list it (doc only).

Domains: rowing, the game of go, competitive swimming, cricket, ice hockey, sea kayaking, dressmaking,
watch collecting, perfume, genealogy, a restaurant kitchen, a small hotel, a repertory theatre company,
a public library, wedding planning, a theatre production, a food truck, an FPV drone race, and three
everyday facts (home town, office city, shoe size).

Two things bank M does that L did not:
- About half of the frames are worded as an LLM memory extractor writes notes ("User prefers ...",
  "The user's ... is ...", "Team convention: ...", "Project's ..."), the rest as people talk.
- Value surfaces recur across different attributes, as real values do: the same string is a value of two or
  three attributes (a home town and an office city; a go night, a sewing class and a rowing outing on
  Thursdays; a dial colour and a hull colour; a sewing machine and an overlocker of one brand; a shoe size and a
  watch size both "40"; a theatre's dark day and a restaurant's closing day; a checkout time and a breakfast
  cut-off; a ceremony language and a menu language; a guest count and a house capacity). SHARED lists them.
  Each attribute keeps its own frames.

Adversarial names on purpose: single-valued attributes named with plural nouns (go_club_nights, shoe_sizes,
checkout_hours) and set-valued attributes named in the singular or as mass nouns (all 18).
Same topic at two scopes (team convention vs user preference): knife_brand, go_ruleset, pool_length.
"""

S = {}
SETS = {}


def single(key, scope, lex, new, values, frames, aid=None):
    S[key] = dict(id=aid or key, scope=scope, lex=lex, kind="single", new=new, values=values, M=frames)


def multi(key, scope, lex, new, members, aid=None):
    SETS[key] = dict(id=aid or key, scope=scope, lex=lex, kind="set", new=new, members=members)


# value surfaces used by more than one attribute (same string; doc and check only)
CITY = {"porto": ["Porto", "Oporto"], "lyon": ["Lyon", "Lyons"]}
DAY = {"monday": ["Monday each week", "the start of the working week"], "tuesday": ["Tuesday each week", "Tues"],
       "thursday": ["Thursday each week", "Thurs"], "saturday": ["Saturday each week", "the first day of the weekend"],
       "sunday": ["Sunday each week", "the last day of the weekend"]}
COLOUR = {"navy": ["navy", "midnight blue"], "green": ["British racing green", "BRG"]}
BRAND = {"janome": ["a Janome", "one from the snake's-eye company"], "brother": ["a Brother", "one made in Nagoya"]}
SIZE = {"40": "40", "41": "41"}
CLOCK = {"h10": ["10 am", "ten in the morning"], "h11": ["11 am", "eleven o'clock"]}
LANG = {"portuguese": ["Portuguese", "português"], "french": ["français", "the language of Molière"]}
COUNT = {"g80": ["eighty", "80 people"], "g120": ["a hundred and twenty", "120 people"]}

# ================================================================ single-valued, user scope
# ---------------------------------------------------------------- same topic at two scopes (user side)
single("knife_brand@user", "user", False, True,
  {"global": ["a Global", "the all-steel Yoshikin blade with the dotted handle"],
   "wusthof": ["a Wüsthof", "the forged Solingen one with the trident logo"],
   "victorinox": ["a Victorinox", "the Swiss Army company's Fibrox model"]},
  ["User's go-to chef's knife is {v}.",
   "The user prefers cooking with {v} over any other knife.",
   "Honestly nothing beats {v} for me, it comes to every shift.",
   "Sharpen {v} for me before Friday, that's the one I actually use."],
  aid="knife_brand")
single("go_ruleset@user", "user", False, True,
  {"japanese": ["Japanese rules", "territory scoring with six and a half komi"],
   "chinese": ["Chinese rules", "area counting with seven and a half komi"],
   "aga": ["AGA rules", "the American Go Association's ruleset"]},
  ["User prefers to play go under {v}.",
   "The user's default ruleset for online games is {v}.",
   "Set my correspondence games to {v} unless the other side objects.",
   "I learned with {v}, and counting any other way still feels odd."],
  aid="go_ruleset")
single("pool_length@user", "user", False, True,
  {"scm": ["a 25 m pool", "short course metres"],
   "lcm": ["a 50 m pool", "long course"],
   "scy": ["a 25-yard pool", "short course yards"]},
  ["User swims laps in {v}.",
   "The user prefers training in {v}.",
   "Find me a lane swim in {v} near the office.",
   "My pace clock is set up for {v}, so splits anywhere else look weird."],
  aid="pool_length")

# ---------------------------------------------------------------- where the user lives and works (shared cities)
single("hometown", "user", True, True,
  {"porto": CITY["porto"], "lyon": CITY["lyon"],
   "gdansk": ["Gdańsk", "Danzig"]},
  ["User's hometown is {v}.",
   "The user grew up in {v}.",
   "Born and raised in {v}, so yes, the accent's real.",
   "Add {v} to my weather list, it's where my parents still live."])
single("office_city", "user", True, True,
  {"porto": CITY["porto"], "lyon": CITY["lyon"],
   "utrecht": ["Utrecht", "the city of the Dom tower"]},
  ["The user's office is in {v}.",
   "User commutes to the company office in {v}.",
   "Book me a desk in {v} for my on-site days.",
   "Work's in {v}, so meetings after six there are fine."])

# ---------------------------------------------------------------- weekly slots (shared weekdays)
single("go_club_nights", "user", False, True,
  {"tuesday": DAY["tuesday"], "thursday": DAY["thursday"],
   "friday": ["Friday each week", "Fri"]},
  ["User plays at the local go club on {v}.",
   "The user's go club meets {v}.",
   "Keep {v} free in my calendar, that's go club.",
   "go club: {v}"])
single("sewing_class_day", "user", False, True,
  {"monday": DAY["monday"], "thursday": DAY["thursday"], "saturday": DAY["saturday"]},
  ["User attends a dressmaking class on {v}.",
   "The user's sewing class is held on {v}.",
   "Don't book anything on {v}, that's sewing class.",
   "Pattern cutting at the adult-ed centre is on {v}, so that slot's taken."])
single("rowing_outing_day", "user", False, True,
  {"thursday": DAY["thursday"], "saturday": DAY["saturday"], "sunday": DAY["sunday"]},
  ["User goes out on the river with the club crew on {v}.",
   "The user's regular rowing outing is on {v}.",
   "Boat's booked for {v}, early, before the wind gets up.",
   "Keep {v} clear for rowing, we're on the water at dawn."])

# ---------------------------------------------------------------- colours (shared)
single("watch_dial_colour", "user", False, True,
  {"navy": COLOUR["navy"], "green": COLOUR["green"],
   "cream": ["cream", "pale biscuit"]},
  ["User prefers watches with a {v} dial.",
   "The user's favourite dial colour is {v}.",
   "If it's got a {v} dial, I'm interested; anything else, skip it.",
   "dial: {v}"])
single("kayak_hull_colour", "user", False, True,
  {"green": COLOUR["green"], "navy": COLOUR["navy"],
   "yellow": ["canary yellow", "lemon"]},
  ["User paddles a {v} sea kayak.",
   "The user's kayak has a {v} hull.",
   "Mine's the {v} one on the top rack.",
   "Went with {v} for the hull because it hides the scratches."])

# ---------------------------------------------------------------- sewing (shared brands)
single("sewing_machine", "user", False, True,
  {"bernina": ["a Bernina", "a Swiss machine with a knee lifter"],
   "janome": BRAND["janome"], "brother": BRAND["brother"]},
  ["User sews on {v}.",
   "The user's main sewing machine is {v}.",
   "Find a walking foot that fits {v}, that's my machine.",
   "My machine's {v}, bought second-hand, never skipped a stitch."])
single("overlocker", "user", False, True,
  {"brother": BRAND["brother"], "janome": BRAND["janome"],
   "juki": ["a Juki", "an industrial-grade Japanese serger"]},
  ["User's overlocker is {v}.",
   "The user finishes seams with {v}.",
   "Thread the overlocker for me? It's {v}, four cones.",
   "Knit seams all go through {v} before hemming."])

# ---------------------------------------------------------------- sizes (shared bare numbers, different value ids)
single("shoe_sizes", "user", True, True,
  {"eu40": [SIZE["40"], "UK six and a half"],
   "eu41": [SIZE["41"], "UK seven"],
   "eu43": ["43", "UK nine"]},
  ["User's shoe size is {v}.",
   "The user wears size {v} in shoes.",
   "Order the trail runners in {v}.",
   "shoes: {v}"])
single("watch_case_size", "user", False, True,
  {"mm38": ["38", "thirty-eight millimetres"],
   "mm40": [SIZE["40"], "forty millimetres"],
   "mm41": [SIZE["41"], "forty-one millimetres"]},
  ["User prefers a watch case diameter of {v}.",
   "The user's ideal case size is {v}.",
   "Anything over {v} swamps my wrist.",
   "case diameter: {v}"])

# ---------------------------------------------------------------- rowing, cricket, perfume, watches, hockey, genealogy
single("rowing_side", "user", False, True,
  {"stroke": ["stroke side", "port"],
   "bow": ["bow side", "starboard"],
   "either": ["either side", "whichever side is short"]},
  ["User rows {v}.",
   "The user prefers rowing {v}.",
   "Seat me {v} in the eight, that's what I'm used to.",
   "rigged: {v}"])
single("batting_position", "user", False, True,
  {"opener": ["at the top of the order", "against the new ball"],
   "middle": ["in the middle order", "at number five"],
   "tail": ["down the order", "at number ten"]},
  ["User bats {v} for the Sunday side.",
   "The user prefers to bat {v}.",
   "Pencil me in {v} again, I'm seeing it well.",
   "Always enjoyed batting {v}, less pressure there."])
single("fragrance_family", "user", False, True,
  {"citrus": ["citrus", "bergamot-and-lemon fresh"],
   "woody": ["woody", "cedar and sandalwood"],
   "gourmand": ["gourmand", "vanilla-and-caramel sweet"]},
  ["User prefers {v} fragrances.",
   "The user's signature scent family is {v}.",
   "Only send me {v} samples, the rest give me a headache.",
   "{V} is basically all I wear."])
single("watch_movement", "user", False, True,
  {"automatic": ["automatic", "self-winding"],
   "quartz": ["quartz", "battery-powered"],
   "manual": ["hand-wound", "manual-wind"]},
  ["User prefers {v} watches.",
   "The user's everyday watch is {v}.",
   "Only show me {v} pieces at the fair.",
   "{V} or nothing, that's my rule for watches."])
single("hockey_stick_flex", "user", False, True,
  {"f65": ["65 flex", "a soft sixty-five"],
   "f75": ["75 flex", "a medium seventy-five"],
   "f85": ["85 flex", "a stiff eighty-five"]},
  ["User uses hockey sticks rated {v}.",
   "The user's preferred stick is {v}.",
   "Order my next two twigs at {v}.",
   "Cutting a stick down plays it stiffer, so I buy {v} and trim an inch."])
single("dna_test_company", "user", False, True,
  {"ancestry": ["AncestryDNA", "the Ancestry kit"],
   "t23": ["23andMe", "the Mountain View spit kit"],
   "ftdna": ["FamilyTreeDNA", "the Houston lab's test"]},
  ["User tested with {v}.",
   "The user's DNA results come from {v}.",
   "Upload my raw data from {v} to the matching sites.",
   "Did {v} two Christmases ago, that's where my matches come from."])

# ================================================================ single-valued, team scope
# ---------------------------------------------------------------- same topic at two scopes (team side)
single("knife_brand@team", "team", False, True,
  {"global": ["Global knives", "Yoshikin's all-metal blades"],
   "wusthof": ["Wüsthof knives", "forged Solingen steel"],
   "victorinox": ["Victorinox knives", "the cheap Swiss ones with plastic grips"]},
  ["Team convention: the kitchen issues {v} to every new commis.",
   "The team standardises on {v} across all stations.",
   "We only buy {v} now, the sharpening guy does them all at once.",
   "Order two more sets of {v} for the new starters."],
  aid="knife_brand")
single("go_ruleset@team", "team", False, True,
  {"japanese": ["the Nihon Ki-in rules", "Japanese-style territory counting"],
   "chinese": ["Chinese area scoring", "stones-plus-territory counting"],
   "aga": ["AGA scoring", "the US association's rules with pass stones"]},
  ["Team convention: club tournaments are scored with {v}.",
   "The team runs its ladder games under {v}.",
   "Remind the new members we play {v} at the club.",
   "Whoever directs the autumn tournament, it's {v} as always."],
  aid="go_ruleset")
single("pool_length@team", "team", False, True,
  {"scm": ["twenty-five-metre meets", "short-course metric galas"],
   "lcm": ["fifty-metre meets", "Olympic-length galas"],
   "scy": ["twenty-five-yard meets", "short-course imperial galas"]},
  ["Team convention: the swim club enters {v} only.",
   "The team's squad trains for {v} all season.",
   "Book the coach for {v} this term, that's what we race.",
   "Our times only count for the county rankings at {v}, so that's what we swim."],
  aid="pool_length")

# ---------------------------------------------------------------- theatre and restaurant (shared weekdays)
single("dark_day", "team", False, True,
  {"monday": DAY["monday"], "sunday": DAY["sunday"], "tuesday": DAY["tuesday"]},
  ["Team convention: the theatre is dark on {v}.",
   "The team schedules no performances on {v}.",
   "We're dark on {v}, so the get-in work happens then.",
   "Crew's off on {v}, don't call anyone in."])
single("kitchen_closed_day", "team", False, True,
  {"monday": DAY["monday"], "tuesday": DAY["tuesday"], "sunday": DAY["sunday"]},
  ["Team closes the restaurant on {v}.",
   "Team convention: the kitchen is shut on {v}.",
   "Deliveries can't come on {v}, nobody's there to sign.",
   "We're closed on {v}, that's when the deep clean happens."])

# ---------------------------------------------------------------- hotel (shared clock times)
single("checkout_hours", "team", False, True,
  {"h10": CLOCK["h10"], "h11": CLOCK["h11"],
   "h12": ["noon", "twelve midday"]},
  ["Team convention: guests check out by {v}.",
   "The team's standard checkout time is {v}.",
   "Tell the late sleepers checkout is {v}, no exceptions without asking.",
   "Housekeeping starts the turnovers right after {v}."])
single("breakfast_cutoff", "team", False, True,
  {"h1030": ["10:30 am", "half past ten"], "h10": CLOCK["h10"], "h11": CLOCK["h11"]},
  ["Team stops serving breakfast at {v}.",
   "The team's breakfast service ends at {v}.",
   "Let the wedding party know breakfast finishes at {v}.",
   "Kitchen flips to lunch prep at {v}, so no eggs after that."])

# ---------------------------------------------------------------- library, kitchen
single("classification_scheme", "team", False, True,
  {"dewey": ["Dewey Decimal", "DDC"],
   "lcc": ["Library of Congress classification", "LC call numbers"],
   "udc": ["UDC", "Universal Decimal Classification"]},
  ["Team catalogues the stacks in {v}.",
   "The team's library shelves everything by {v}.",
   "Spine labels have to follow {v}, remember that when you process donations.",
   "We reclassed the whole collection into {v} when the new ILS went live."])
single("fryer_oil", "team", False, True,
  {"rapeseed": ["rapeseed oil", "canola"],
   "dripping": ["beef dripping", "rendered tallow"],
   "groundnut": ["groundnut oil", "refined arachis"]},
  ["Team fries the chips in {v}.",
   "Team convention: the fryers are filled with {v}.",
   "Change the fryers to fresh {v} on Fridays.",
   "Customers rave about the chips and it's just the {v}, nothing clever."])

# ================================================================ single-valued, project scope
# ---------------------------------------------------------------- wedding
single("wedding_city", "project", False, True,
  {"seville": ["Seville", "Sevilla"],
   "sintra": ["Sintra", "the palace town outside Lisbon"],
   "bordeaux": ["Bordeaux", "the wine capital on the Garonne"]},
  ["Project's wedding takes place in {v}.",
   "The project's venue city is {v}.",
   "Everyone's travelling to {v} for the ceremony.",
   "Guest flights should land as close to {v} as we can get them."])
single("ceremony_language", "project", False, True,
  {"portuguese": LANG["portuguese"], "french": LANG["french"],
   "english": ["inglês", "the language of Shakespeare"]},
  ["Project's ceremony will be conducted in {v}.",
   "The project's ceremony language is {v}.",
   "Get the officiant to do the vows in {v}.",
   "Half the guests won't follow, but Grandma insists the service is in {v}."])
single("menu_card_language", "project", False, True,
  {"portuguese": LANG["portuguese"], "french": LANG["french"],
   "spanish": ["español", "the language of Cervantes"]},
  ["Project prints the menu cards in {v}.",
   "The project's menu cards are written in {v}.",
   "Send the calligrapher the menu wording in {v}.",
   "Caterer's menus come out in {v}, the guests will cope."])
single("wedding_palette", "project", False, True,
  {"sage": ["sage", "dusty grey-green"],
   "navy": COLOUR["navy"],
   "terracotta": ["terracotta", "burnt orange clay"]},
  ["Project's colour palette is {v}.",
   "The project uses {v} as the wedding colour.",
   "Napkins, ribbons, bridesmaids, the lot: all {v}.",
   "Tell the florist to work around {v}."])
single("guest_count", "project", False, True,
  {"g80": COUNT["g80"], "g120": COUNT["g120"],
   "g150": ["a hundred and fifty", "150 people"]},
  ["Project expects {v} at the wedding.",
   "The project's guest list is capped at {v}.",
   "Tell the caterer to plan for {v}, plus vendors.",
   "After the cousins were added we landed on {v}, final answer."])

# ---------------------------------------------------------------- theatre production, drone race
single("house_capacity", "project", False, True,
  {"g80": COUNT["g80"], "g120": COUNT["g120"],
   "g200": ["two hundred", "200 people"]},
  ["Project's venue seats {v}.",
   "The project's house capacity is {v}.",
   "Don't sell past {v}, fire regs.",
   "It's a small studio space, {v} max, so the show feels close."])
single("stage_configuration", "project", False, True,
  {"proscenium": ["proscenium", "end-on"],
   "thrust": ["thrust", "three-sided seating"],
   "round": ["in-the-round", "arena staging"]},
  ["Project's staging is {v}.",
   "The project's stage configuration is {v}.",
   "Block every scene for {v}, the designer won't budge.",
   "Sightlines are a nightmare with {v}, but that's the venue."])
single("drone_race_class", "project", False, True,
  {"five": ["5-inch", "open-class quads"],
   "three": ["3-inch", "the toothpick category"],
   "whoop": ["tiny whoop", "65 mm ducted micros"]},
  ["Project's race is limited to {v}.",
   "The project's event category is {v}.",
   "Build the gates for {v}, nothing bigger will be flying.",
   "Pilots keep asking, and yes, it's {v} only."])

# ================================================================ set-valued, user scope
multi("go_opening", "user", False, True, {
  "chinese": (["I play the Chinese opening.", "User favours the Chinese fuseki."],
              ["High Chinese with black, building a framework on the right side.",
               "Star point, side star and a low approach stone, taken whenever I have first move."]),
  "sanrensei": (["I like sanrensei.", "User plays three star points in a row."],
                ["Three-star openings as black, going for a huge centre.",
                 "Three hoshi stones along one edge, aiming at a moyo in the middle."]),
  "kobayashi": (["I use the Kobayashi opening.", "User plays the Kobayashi fuseki."],
                ["Kobayashi-style lines against 3-4 points, low and territorial.",
                 "The patient low system named after Koichi, grabbing corners first."])})
multi("fabric_stash", "user", False, True, {
  "linen": (["I stash linen.", "User keeps linen fabric."],
            ["Six metres of washed Lithuanian linen in oatmeal for summer trousers.",
             "Flax-woven yardage, pre-softened, enough for two pairs of wide-leg pants."]),
  "wool_crepe": (["I have wool crepe put by.", "User's stash includes wool crepe."],
                 ["Black Italian wool crepe for a winter dress, 3 m.",
                  "Three metres of crinkly dark worsted from Biella, waiting to be a shift dress."]),
  "viscose": (["I buy viscose for dresses.", "User stocks viscose."],
              ["Printed rayon challis from the Goldhawk Road shops, pre-shrunk.",
               "Drapey wood-pulp fabric with a floral print, washed before cutting."])})
multi("watch_collection", "user", False, True, {
  "speedmaster": (["I own a Speedmaster.", "User has an Omega Speedmaster."],
                  ["The Moonwatch on a bracelet, hand-wound, from my 40th birthday.",
                   "The chronograph that went to the Moon, a birthday present, wound every morning."]),
  "gshock": (["I wear a G-Shock.", "User owns a Casio G-Shock."],
             ["The square DW-5600 for gardening and the gym.",
              "A cheap resin digital that survives anything, for messy jobs."]),
  "submariner": (["I have a Submariner.", "User owns a Rolex Sub."],
                 ["A no-date Sub from 2012, serviced last year.",
                  "The Geneva crown brand's diver, no date window, bought the year of the London Olympics."])})
multi("fragrance_note", "user", False, True, {
  "vetiver": (["I love vetiver.", "User likes vetiver notes."],
              ["Haitian vetiver, the smoky rooty kind, in anything autumnal.",
               "That earthy grass-root smell from the Caribbean, smoky and dry."]),
  "bergamot": (["Bergamot is my thing.", "User enjoys bergamot."],
               ["Calabrian bergamot top notes, the Earl Grey smell.",
                "The bitter Italian citrus that flavours Earl Grey, up front in a scent."]),
  "oud": (["I wear oud.", "User likes oud."],
          ["Agarwood in small doses, Cambodian oils mostly.",
           "The resinous infected-tree wood from Southeast Asia, a single dab at a time."])})
multi("boat_class", "user", False, True, {
  "single": (["I row a single.", "User sculls a 1x."],
             ["A 27-foot Filippi single, racked at the top of the boathouse.",
              "The one-person Italian shell up on the highest rack."]),
  "double": (["I row in a double.", "User races a double scull."],
             ["The 2x with my sister, a Henley Masters entry most years.",
              "A two-person sculling boat shared with a sibling, veterans' regatta every summer."]),
  "eight": (["I row in the eight.", "User is in the club's 8+."],
            ["Seven seat in the novice men's eight, coxed by Priya.",
             "Second from the stern in the big crew boat, with a coxswain steering."])})
multi("ancestor_line", "user", False, True, {
  "cornish": (["I'm tracing Cornish ancestors.", "User researches a Cornish family line."],
              ["Tin miners from Camborne who emigrated to Michigan's copper country in the 1860s.",
               "A mining family from west of Truro who left for the Upper Peninsula around 1865."]),
  "mayo": (["I'm researching my Mayo family.", "User traces ancestors from County Mayo."],
           ["Famine-era Walshes from near Castlebar, then Liverpool.",
            "A Walsh household from western Ireland who crossed the Irish Sea during the Hunger."]),
  "huguenot": (["I have Huguenot ancestors.", "User researches a Huguenot line."],
               ["Silk weavers who fled to Spitalfields after 1685.",
                "French Protestant weavers in east London after the Revocation."])})
multi("cricket_format", "user", False, True, {
  "t20": (["I play T20.", "User plays twenty-over cricket."],
          ["Midweek evening T20 league, coloured kit, white ball.",
           "The short format on Wednesday evenings, white ball and coloured clothing."]),
  "forty_over": (["I play forty-over games.", "User plays limited-overs league cricket."],
                 ["Saturday league, 40 overs a side, teas at the interval.",
                  "Weekend divisional matches with a fixed allocation per innings and sandwiches between."]),
  "declaration": (["I play declaration cricket.", "User plays timed friendlies."],
                  ["Sunday friendlies where the captain declares and draws are common.",
                   "Relaxed weekend fixtures with no overs limit, ended by the clock."])})
multi("kayak_river", "user", False, True, {
  "wye": (["I paddle the Wye.", "User kayaks on the River Wye."],
          ["Glasbury to Hay-on-Wye, an easy day with a pub at the end.",
           "The Welsh border stretch down to the book town, flat and gentle."]),
  "spey": (["I've done the Spey.", "User paddles the Spey."],
           ["Four days from Newtonmore to the sea, camping on shingle.",
            "The fast Highland river from Badenoch down to the Moray Firth, wild camping."]),
  "dordogne": (["I kayak the Dordogne.", "User paddles the Dordogne."],
               ["Argentat to Beaulieu by hired canoe, château views.",
                "The southwest French river past castles, in a rented open boat."])})
multi("swim_stroke", "user", False, True, {
  "fly": (["I swim butterfly.", "User trains fly."],
          ["200 fly in competition, dolphin kick drills twice a week.",
           "The two-arm-recovery stroke over four lengths of a long pool, undulation work every Tuesday."]),
  "breast": (["I swim breaststroke.", "User does breaststroke."],
             ["100 breast with a narrow whip kick.",
              "The frog-kick stroke over two lengths, knees kept close."]),
  "back": (["I swim backstroke.", "User trains back."],
           ["Backstroke with the flags counted, five strokes to the wall.",
            "On my back, counting arm pulls after the pennants overhead."])})

# ================================================================ set-valued, team scope
multi("kitchen_station", "team", False, True, {
  "pastry": (["We have a pastry section.", "Team runs a pastry station."],
             ["Pastry works from 6 am, laminated doughs and the plated desserts.",
              "The sweet corner starts at dawn: croissant dough and dessert plates."]),
  "grill": (["We run a grill.", "Team has a grill section."],
            ["Charcoal Josper, steaks and whole fish, one chef de partie.",
             "The enclosed wood-coal oven for beef and turbot, manned by one section head."]),
  "larder": (["There's a larder section.", "Team's kitchen includes garde manger."],
             ["Cold starters, terrines and salads, prepped in the walk-in corner.",
              "Cold section: pâtés, leaves and cured plates by the chiller."])})
multi("rep_show", "team", False, True, {
  "hamlet": (["We have Hamlet in rep.", "Team's repertoire includes Hamlet."],
             ["The Danish tragedy in modern dress, Tuesday and Thursday evenings.",
              "Shakespeare's prince of Elsinore, contemporary costumes, twice weekly."]),
  "seagull": (["The Seagull is in our rep.", "Team performs Chekhov's Seagull."],
              ["Chekhov's lakeside comedy in a new translation, weekend matinees.",
               "The Russian play about Nina and Konstantin, afternoons at weekends."]),
  "godot": (["We're doing Godot.", "Team has Waiting for Godot in repertoire."],
            ["Beckett's tramps under the bare tree, Wednesday nights only.",
             "The Irish two-hander where nobody arrives, midweek."])})
multi("hotel_amenity", "team", False, True, {
  "sauna": (["We have a sauna.", "Team's hotel offers a sauna."],
            ["Finnish sauna in the basement, open 7-10 pm, towels at reception.",
             "A hot wooden steam room below ground, evenings only."]),
  "ev_charger": (["We've got EV chargers.", "Team's hotel has car charging."],
                 ["Two 22 kW Type 2 points in the courtyard, bookable at check-in.",
                  "Twin electric-car posts out back, reserve them when arriving."]),
  "bike_hire": (["We lend bikes.", "Team's hotel offers bicycle hire."],
                ["Six Dutch city bikes with baskets, free for guests.",
                 "Half a dozen upright step-through cycles, complimentary for residents."])})
multi("special_collection", "team", False, True, {
  "maps": (["We hold historic maps.", "Team's library has a map collection."],
           ["Ordnance Survey first editions for the county, in plan chests.",
            "Victorian survey sheets of the shire in flat drawers."]),
  "zines": (["We collect zines.", "Team's library archives zines."],
            ["Punk and queer zines from the 1990s, donated by a local collective.",
             "Self-published photocopied pamphlets from the 90s underground scene."]),
  "local_photos": (["We keep a local photo archive.", "Team holds a local photograph collection."],
                   ["Glass-plate negatives of the high street, 1900-1930.",
                    "Early twentieth-century plate images of the town centre."])})

# ================================================================ set-valued, project scope
multi("wedding_supplier", "project", False, True, {
  "florist": (["We've booked a florist.", "Project has hired a florist."],
              ["Peonies and eucalyptus from a studio in the old town, delivered at noon.",
               "A local flower studio doing peonies and silver-leaf greenery, arriving midday."]),
  "quartet": (["A string quartet is booked.", "Project has a string quartet for the ceremony."],
              ["Two violins, viola and cello playing Pachelbel as we walk in.",
               "Four string players doing the Canon in D for the entrance."]),
  "photographer": (["We've got a photographer.", "Project hired a wedding photographer."],
                   ["Film and digital, eight hours, with a second shooter.",
                    "A picture-taker on 35 mm and mirrorless from prep to first dance, plus an assistant."]),
  "cake": (["We've ordered the cake.", "Project has a cake maker booked."],
           ["Three tiers of lemon sponge with elderflower buttercream, collected the morning of.",
            "A stacked citrus bake iced with a floral-cordial frosting, picked up on the day."])})
multi("show_effect", "project", False, True, {
  "haze": (["We're using haze.", "Project uses a haze machine."],
           ["Water-based haze for the storm scene, fire alarms isolated.",
            "Fine atmospheric mist during the tempest, detectors switched off for it."]),
  "revolve": (["There's a revolve.", "Project's set has a revolve."],
              ["An 8 m turntable stage, powered, for the house scenes.",
               "A motorised spinning floor eight metres wide for the domestic interiors."]),
  "pyro": (["We have pyro in the show.", "Project includes pyrotechnics."],
           ["Two flash pots at the curtain call, licensed operator only.",
            "A pair of stage flashes at the bows, fired by the certified technician."])})
multi("family_archive", "project", False, True, {
  "parish": (["We're using parish registers.", "Project draws on parish records."],
             ["Baptisms and burials from St Ives, 1790-1840, on microfilm.",
              "Church christening and funeral books from the Cornish coast, read on film."]),
  "census": (["We're working from the census.", "Project uses census returns."],
             ["The 1851 to 1911 returns, household by household.",
              "Decennial enumerations from mid-Victorian times to just before the Great War."]),
  "manifests": (["We're searching passenger lists.", "Project consults ship manifests."],
                ["Liverpool to New York sailings of the 1860s.",
                 "Transatlantic boarding lists out of the Mersey in the decade of the American Civil War."])})
multi("truck_menu_item", "project", False, True, {
  "bao": (["We sell bao.", "Project's menu includes bao."],
          ["Pork belly bao with pickled cucumber, three to a tray.",
           "Steamed fluffy buns stuffed with braised belly, sold in threes."]),
  "arepa": (["We do arepas.", "Project serves arepas."],
            ["Reina pepiada arepas, chicken and avocado, gluten-free.",
             "Venezuelan corn cakes with a creamy chicken filling, no wheat."]),
  "churros": (["Churros are on our menu.", "Project sells churros."],
              ["Churros with a dark chocolate dip, fried to order.",
               "Piped fried dough sticks with a cocoa sauce, cooked when ordered."]),
  "elote": (["Elote is on the board.", "Project sells elote."],
            ["Mexican street corn with cotija, chilli and lime, grilled on the plancha.",
             "Charred cobs rolled in crumbly cheese and chile powder, a squeeze of citrus on top."])})
multi("race_obstacle", "project", False, True, {
  "gate": (["We have gates on the course.", "Project's track uses gates."],
           ["Inflatable LED gates, 1.5 m square, lit in team colours.",
            "Blow-up lit square arches you fly through, glowing per pilot."]),
  "flag": (["There are flags to turn around.", "Project's course includes turn flags."],
           ["Two tall flags at the far end for a hairpin.",
            "A pair of banner poles at the back of the field where pilots double back."]),
  "dive_gap": (["There's a dive gap.", "Project's track includes a dive."],
               ["A power-loop dive off the scaffold tower through a gap below.",
                "Dropping vertically off the top of the scaffold and through the hole underneath."])})

# ---------------------------------------------------------------- prefixes, tools, chatter
CHANGE_PREFIX = {"M": ["Quick fix to what I said: ", "Actually, going forward: ", "Memory update: ",
                       "Just so you know: "]}
ADD_PREFIX = {"M": ["Add this one too: ", "Same list, one more: ", "Alongside those: "]}

# tool id -> (names, {failure kind: symptom wordings}); bank M uses every wording
TOOLS = {
  "pos_terminal": (["TillBox", "pos-kitchen-01", "the restaurant till"], {
      "printer_offline": ["kitchen printer not responding, tickets queued",
                          "KDS printer offline: paper out",
                          "orders stuck because the ticket printer is unreachable"],
      "sync_conflict": ["order 4471 conflicted with another terminal",
                        "two tills edited table 9 at once, change rejected",
                        "sync clash on the tab, latest edit lost"]}),
  "booking_engine": (["RoomRiver", "api.roomriver.io", "the hotel booking engine"], {
      "timeout": ["channel manager took over 60 s and gave up",
                  "availability request timed out",
                  "no answer from the OTA bridge in time"],
      "rate_limited": ["429 Too Many Requests from the OTA",
                       "throttled after 100 availability calls in a minute",
                       "booking site says slow down, blocked briefly"]}),
  "go_server": (["Kifu Cloud", "ws.kifucloud.net", "the online go server"], {
      "disconnected": ["websocket closed with code 1006",
                       "lost connection mid-game, clock kept running",
                       "kicked back to the lobby, link dropped"],
      "auth_failed": ["401: token expired",
                      "login rejected, wrong password",
                      "session not recognised, sign in again"]}),
  "tree_sync": (["RootLedger", "rootledger-sync", "the family-tree sync"], {
      "not_found": ["record ID 7782-AQ not found",
                    "no such person in the tree",
                    "the census image link is dead"],
      "out_of_memory": ["out of memory merging 12,000 individuals",
                        "GEDCOM import crashed: heap full",
                        "ran out of RAM drawing the fan chart"]}),
  "lighting_console": (["CueStack", "lx-desk-2", "the lighting console"], {
      "out_of_memory": ["show file too large, console memory full",
                        "OOM loading cue list 3",
                        "desk ran out of memory saving the preset"],
      "connection_refused": ["sACN node refused the connection",
                             "Art-Net gateway rejected us on port 6454",
                             "could not reach the dimmer rack, refused"]}),
  "race_timer": (["LapTrack", "laptrack-rx", "the race timer"], {
      "timeout": ["no lap pulse in 120 s, heat aborted",
                  "VTX signal timeout on pilot 3",
                  "timer waited too long for the transponder"],
      "not_found": ["heat 4 schedule missing",
                    "no pilot registered on channel R5",
                    "404: event bracket not found"]}),
}
OBS_FRAMES = {"M": ["{T} reported a problem: {s}", "Error from {t}, details: {s}", "Tool {t} failed again ({s})",
                    "Observed: {t} - {s}"]}

CHATTER = {"M": [
  # interruptions at home
  "One sec, kettle.", "Doorbell!", "Kids are yelling, one moment.", "Coffee's ready, hang on.",
  # moods
  "Gah.", "This heat is unreal.", "So tired today.",
  # laughter and filler
  "Haha okay.", "lol fair enough", "Mm.", "lemme see",
  # reactions
  "Whoa.", "omg", "Wait what?", "Ha, classic.", "Interesting...",
  # searching
  "Let me scroll up.", "Tabs everywhere, give me a moment.",
  # typos and devices
  "Typing on my phone, sorry for typos.", "Sorry, autocorrect.", "Train's going into a tunnel.",
  "Screen just flickered.", "Ugh, the wifi.",
  # other languages
  "obrigado", "danke schön", "merci bien", "ciao ciao",
  # waiting
  "Hang tight a sec.", "Thinking.", "Gimme a minute.",
  # emoji
  "\U0001F643", "\U0001F648",
  # small talk
  "Nice weather today, isn't it?", "Did you have lunch yet?",
  # acknowledgements
  "Sure thing, go on.", "Gotcha, ta.", "Okie.", "Carry on.", "Okay okay.", "Right, back again.",
  # indecision and retraction
  "Not sure, tbh.", "Forget I said that.", "Nah.", "Where did my charger go?",
  # bare token
  "88",
  # extractor voice, still transient
  "User said thanks.", "User is reading the reply.", "Assistant paused for input.", "User switched tabs.",
  "User will respond later."]}

# shared value surfaces (planted on purpose): surface -> attribute ids using it
SHARED = {}
for _key, _spec in S.items():
    for _v, _surfs in _spec["values"].items():
        for _s in _surfs:
            SHARED.setdefault(_s, []).append(_key)
SHARED = {s: keys for s, keys in SHARED.items() if len(keys) > 1}
