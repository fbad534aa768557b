"""Phrase bank N for gen.py (held out for a final blind run).

Written by a helper that never saw memcurator's code; only the harness files of the benchmark
(README.md, gen.py, banks_m.py, BANK_M.md, src/check_m.py), shared/SPEC.md (first 60 lines) and the write
policy were read (of banks A-L only attribute ids and tool ids were printed; banks_m.py was read whole for its
structure).

Same shape as banks_m.py, self-contained and used whole (no even/odd split):
  single: S[key] = dict(id, scope, lex, kind="single", new, values={value_id: [surfaces]}, N=[frames])
  set:    SETS[key] = dict(id, scope, lex, kind="set", new, members={member_id: (base[], refined[])})
`new` = the attribute id exists in none of banks A, B, C, D, E, F, G, H, I, J, K, L, M (every id of bank N is new).
`lex` = a generic attribute lexicon would plausibly list it (doc only).

Domains: Argentine tango, judo, tennis, golf, yoga, snowboarding, fly fishing, motorcycling, vinyl and hi-fi,
model railways, woodworking, tattoos, pub quizzes, a brass band, a youth football club, an ice rink, a yoga
studio, a tennis club, a dance school, a house renovation, a board-game design and crowdfunding project, a
documentary film, and one everyday fact (where the user's sibling lives).

As in bank M:
- About half of the frames are worded as an LLM memory extractor writes notes ("User prefers ...",
  "The user's ... is ...", "Team convention: ...", "Project's ..."), the rest as people talk.
- Value surfaces recur across different attributes of one scope level, as real values do (a tango marathon
  city and a sibling's city; a milonga night, a judo night and a quiz night on Wednesdays; a motorbike and a
  helmet in matte black; a turntable, headphones and a cartridge from one brand; a golf handicap and a string
  tension both "24"; a band's rehearsal night and a squad's training night; a football kit and a band uniform in
  claret; a front door and kitchen units in dark teal; a rulebook and a box in German; a board game's play time
  and a film's runtime of 90 minutes). SHARED lists them. Each attribute keeps its own frames.

Adversarial names on purpose: single-valued attributes named with plural nouns (milonga_nights,
headphone_brands, pitch_surfaces) and set-valued attributes named in the singular (all 18).
Same topic at two scopes (team convention vs user preference): match_ball, tango_embrace, yoga_style.
"""

S = {}
SETS = {}


def single(key, scope, lex, new, values, frames, aid=None):
    S[key] = dict(id=aid or key, scope=scope, lex=lex, kind="single", new=new, values=values, N=frames)


def multi(key, scope, lex, new, members, aid=None):
    SETS[key] = dict(id=aid or key, scope=scope, lex=lex, kind="set", new=new, members=members)


# value surfaces used by more than one attribute (same string; doc and check only)
CITY = {"berlin": ["Berlin", "the German capital"], "krakow": ["Kraków", "Cracow"]}
DAY = {"monday": ["Monday nights", "Mon evenings"], "tuesday": ["Tuesday nights", "Tue evenings"],
       "wednesday": ["Wednesday nights", "hump-day evenings"], "thursday": ["Thursday nights", "Thu evenings"],
       "friday": ["Friday nights", "end-of-week evenings"]}
COLOUR = {"black": ["matte black", "flat black"], "orange": ["tangerine", "KTM orange"],
          "claret": ["claret", "wine red"], "royal": ["royal blue", "deep cobalt"],
          "teal": ["dark teal", "peacock blue-green"], "oxblood": ["oxblood", "a deep brownish red"]}
BRAND = {"audio_technica": ["Audio-Technica", "the Machida audio firm"],
         "technics": ["Technics", "Panasonic's hi-fi marque"]}
NUM = {"24": "24", "22": "22"}
LANG = {"german": ["Hochdeutsch", "the language of Goethe"], "italian": ["italiano", "the language of Dante"]}
DUR = {"m90": ["90 minutes", "one and a half hours"], "m120": ["two hours", "120 minutes"]}

# ================================================================ single-valued, user scope
# ---------------------------------------------------------------- same topic at two scopes (user side)
single("match_ball@user", "user", False, True,
  {"slazenger": ["Slazengers", "the balls they use at Wimbledon"],
   "dunlop": ["Dunlops", "the Melbourne Park balls"],
   "wilson": ["Wilsons", "the balls from Flushing Meadows"]},
  ["User prefers playing tennis with {v}.",
   "The user's preferred tennis balls are {v}.",
   "Grab a tube of {v} on your way, the others go flat too fast.",
   "I only practise serves with {v}, they bounce truest for me."],
  aid="match_ball")
single("tango_embrace@user", "user", False, True,
  {"close": ["in close embrace", "chest to chest"],
   "open": ["in open embrace", "with space between the partners"],
   "flexible": ["in a flexible embrace", "opening and closing the hold as the music asks"]},
  ["User prefers to dance tango {v}.",
   "User dances {v} at milongas.",
   "Partner me with leaders who dance {v}, please.",
   "Always danced {v}, it's how I learned in Buenos Aires."],
  aid="tango_embrace")
single("yoga_style@user", "user", True, True,
  {"vinyasa": ["vinyasa flow", "breath-linked moving sequences"],
   "hatha": ["hatha", "slow held postures"],
   "yin": ["yin", "long passive floor holds"]},
  ["User's preferred yoga practice is {v}.",
   "The user practises {v} most mornings.",
   "Book me into {v} on Thursdays, nothing else suits my back.",
   "Been doing {v} for six years now, can't imagine switching."],
  aid="yoga_style")

# ---------------------------------------------------------------- cities (shared)
single("tango_marathon_city", "user", False, True,
  {"buenos_aires": ["Buenos Aires", "the Argentine capital"],
   "berlin": CITY["berlin"], "krakow": CITY["krakow"]},
  ["User travels to tango marathons in {v}.",
   "The user's favourite tango marathon is in {v}.",
   "Find me a cheap flight to {v} for the marathon weekend.",
   "Danced four nights straight in {v} last spring, I keep going back."])
single("sibling_city", "user", True, True,
  {"berlin": CITY["berlin"], "krakow": CITY["krakow"],
   "montreal": ["Montréal", "the island city on the St Lawrence"]},
  ["The user's sister lives in {v}.",
   "User's only sibling is based in {v}.",
   "Remind me to call my sister, she's in {v} so mind the time difference.",
   "Whenever I visit {v} I stay on my sister's sofa."])

# ---------------------------------------------------------------- weekly evenings (shared weekdays)
single("milonga_nights", "user", False, True,
  {"tuesday": DAY["tuesday"], "wednesday": DAY["wednesday"], "friday": DAY["friday"]},
  ["User goes to the milonga on {v}.",
   "The user's regular milonga is held on {v}.",
   "Don't put anything in my diary on {v}, I'm dancing.",
   "milonga: {v}"])
single("dojo_night", "user", False, True,
  {"monday": DAY["monday"], "wednesday": DAY["wednesday"], "friday": DAY["friday"]},
  ["User trains judo on {v}.",
   "The user's judo club session is on {v}.",
   "Can't do dinner on {v}, I'm on the mats.",
   "Judo's on {v}, so I'm wiped the next morning."])
single("pub_quiz_night", "user", False, True,
  {"tuesday": DAY["tuesday"], "wednesday": DAY["wednesday"],
   "sunday": ["Sunday nights", "the last evening of the weekend"]},
  ["User plays in a pub quiz team on {v}.",
   "The user's pub quiz takes place on {v}.",
   "Keep {v} free, our quiz team needs me for the music round.",
   "We've won the quiz on {v} three weeks running."])

# ---------------------------------------------------------------- motorbike colours (shared)
single("motorbike_paint", "user", False, True,
  {"black": COLOUR["black"], "orange": COLOUR["orange"],
   "white": ["pearl white", "shimmering ivory"]},
  ["User's motorbike is painted {v}.",
   "The user's motorcycle is finished in {v}.",
   "Mine's the {v} one parked by the gate.",
   "Resprayed the tank {v} over the winter, took three coats."])
single("helmet_colour", "user", False, True,
  {"black": COLOUR["black"], "orange": COLOUR["orange"],
   "yellow": ["hi-vis yellow", "fluorescent lime"]},
  ["User wears a {v} helmet.",
   "The user's motorcycle helmet is {v}.",
   "If you see a {v} lid at the lights, that's me.",
   "Get me the same lid in {v}, medium shell."])

# ---------------------------------------------------------------- hi-fi (shared brands)
single("turntable_brand", "user", False, True,
  {"technics": BRAND["technics"], "rega": ["Rega", "the Southend deck maker"],
   "audio_technica": BRAND["audio_technica"]},
  ["User's turntable is made by {v}.",
   "The user's record deck comes from {v}.",
   "My deck's by {v}, find me a spare stylus guard.",
   "Spun records on a deck from {v} since uni."])
single("headphone_brands", "user", False, True,
  {"technics": BRAND["technics"], "audio_technica": BRAND["audio_technica"],
   "sony": ["Sony", "the Walkman people"]},
  ["User's headphones are made by {v}.",
   "The user listens on headphones from {v}.",
   "Get replacement ear pads for my pair from {v}.",
   "Cans: {v}, closed-back, for the commute."])
single("cartridge_brand", "user", False, True,
  {"ortofon": ["Ortofon", "the Danish stylus specialists"],
   "audio_technica": BRAND["audio_technica"],
   "goldring": ["Goldring", "the old British pickup maker"]},
  ["User's phono cartridge is made by {v}.",
   "The user prefers cartridges from {v}.",
   "Order a replacement stylus from {v}, the current one's worn.",
   "Cart's from {v}, tracking at two grams."])

# ---------------------------------------------------------------- bare numbers (shared, different value ids)
single("golf_handicap", "user", True, True,
  {"h12": ["12", "twelve"], "h22": [NUM["22"], "twenty-two"], "h24": [NUM["24"], "twenty-four"]},
  ["User plays golf off {v}.",
   "The user's golf handicap is {v}.",
   "Enter me in the monthly medal off {v}.",
   "handicap: {v}"])
single("string_tension", "user", False, True,
  {"kg22": [NUM["22"], "forty-eight and a half pounds"],
   "kg24": [NUM["24"], "fifty-three pounds"],
   "kg26": ["26", "fifty-seven pounds"]},
  ["User strings their racket at {v}.",
   "The user's preferred string tension is {v}.",
   "Restring my racket at {v}, mains and crosses the same.",
   "tension: {v}"])

# ---------------------------------------------------------------- snowboarding, judo, fishing, railways, woodwork
single("snowboard_stance", "user", False, True,
  {"regular": ["regular", "left foot forward"],
   "goofy": ["goofy", "right foot forward"],
   "duck": ["duck", "splay-footed"]},
  ["User snowboards {v}.",
   "The user's snowboard stance is {v}.",
   "Set the rental board up {v} for me.",
   "{V}, always has been, even on a skateboard."])
single("judo_grade", "user", False, True,
  {"brown": ["brown belt", "first kyu"],
   "black": ["black belt", "shodan"],
   "green": ["green belt", "third kyu"]},
  ["User's judo grade is {v}.",
   "The user is graded {v} in judo.",
   "Put me with the {v} group for randori.",
   "Just got my {v} after a brutal grading."])
single("fly_line_weight", "user", False, True,
  {"wt5": ["5-weight", "five-wt"],
   "wt6": ["6-weight", "six-wt"],
   "wt7": ["7-weight", "seven-wt"]},
  ["User fishes a {v} line.",
   "The user's usual fly rod is a {v}.",
   "Spool up the reel with {v} floating line, please.",
   "For sea trout at dusk I take the {v}, nothing lighter."])
single("railway_gauge", "user", False, True,
  {"oo": ["OO gauge", "4 mm scale"],
   "n": ["N gauge", "the tiny 1:148 scale"],
   "ho": ["HO", "the continental 1:87 scale"]},
  ["User models railways in {v}.",
   "The user's layout is built to {v}.",
   "Only show me locos in {v} at the swapmeet.",
   "The loft layout's built in {v}, twelve feet by four."])
single("wood_finish", "user", False, True,
  {"danish_oil": ["Danish oil", "tung-based penetrating oil"],
   "shellac": ["shellac", "French polish"],
   "wax": ["beeswax", "paste wax"]},
  ["User finishes furniture with {v}.",
   "The user's preferred wood finish is {v}.",
   "Pick up more {v} for the oak table.",
   "Everything I build gets {v}, three coats, rubbed back between."])

# ================================================================ single-valued, team scope
# ---------------------------------------------------------------- same topic at two scopes (team side)
single("match_ball@team", "team", False, True,
  {"slazenger": ["Slazenger tins", "the grass-court championship ball"],
   "dunlop": ["Dunlop tins", "the Australian Open ball"],
   "wilson": ["Wilson tins", "the US Open ball"]},
  ["Team convention: club matches are played with {v}.",
   "The team's league fixtures use {v}.",
   "Put the club's ball order in for {v} before the summer league.",
   "Home side supplies new balls, and for us that's {v}."],
  aid="match_ball")
single("tango_embrace@team", "team", False, True,
  {"close": ["the close hold", "milonguero style"],
   "open": ["the open hold", "salon style with room to move"],
   "flexible": ["both holds", "a mix of open and close"]},
  ["Team convention: beginners are taught {v}.",
   "The team's school teaches {v} from the first lesson.",
   "Tell the new teachers we start everyone on {v}.",
   "Our studio's whole syllabus is built around {v}."],
  aid="tango_embrace")
single("yoga_style@team", "team", False, True,
  {"vinyasa": ["dynamic vinyasa", "a sweaty moving practice"],
   "hatha": ["classical hatha", "a gentle traditional practice"],
   "yin": ["yin practice", "a still, floor-based practice"]},
  ["Team convention: the studio's core timetable is {v}.",
   "The team's teachers are all trained in {v}.",
   "Our studio does {v}, tell walk-ins before they pay.",
   "We built the whole timetable around {v} after the rebrand."],
  aid="yoga_style")

# ---------------------------------------------------------------- brass band and youth football (shared weekdays)
single("band_rehearsal_night", "team", False, True,
  {"monday": DAY["monday"], "wednesday": DAY["wednesday"], "thursday": DAY["thursday"]},
  ["Team rehearses the brass band on {v}.",
   "Team convention: full band practice is on {v}.",
   "Bandroom's booked for us {v}, bring your stands.",
   "Conductor wants everyone in by seven on {v}."])
single("squad_training_night", "team", False, True,
  {"tuesday": DAY["tuesday"], "wednesday": DAY["wednesday"], "thursday": DAY["thursday"]},
  ["Team convention: the youth squads train on {v}.",
   "The team's junior squads train on {v}.",
   "Floodlights need to be on for {v}, sessions start at six.",
   "Parents drop the kids at the pitch on {v}."])

# ---------------------------------------------------------------- kit and uniform (shared colours)
single("kit_colour", "team", False, True,
  {"claret": COLOUR["claret"], "royal": COLOUR["royal"],
   "amber": ["amber", "golden orange"]},
  ["Team's home kit is {v}.",
   "The team plays in {v} shirts.",
   "Order the new shirts in {v}, with black numbers.",
   "Kids love the {v} shirts, they can spot each other across the pitch."])
single("band_uniform_colour", "team", False, True,
  {"claret": COLOUR["claret"], "royal": COLOUR["royal"],
   "bottle": ["bottle green", "holly-leaf green"]},
  ["Team's band uniforms are {v}.",
   "Team convention: jackets are {v} with gold braid.",
   "Get the new cornet player fitted for a {v} jacket.",
   "On the contest stage we're the band in {v}."])

# ---------------------------------------------------------------- ice rink, football pitch
single("resurfacer_brand", "team", False, True,
  {"zamboni": ["a Zamboni", "the Paramount, California machine"],
   "olympia": ["an Olympia", "the Canadian-built resurfacer"],
   "engo": ["an Engo", "the Slovenian electric ice machine"]},
  ["Team resurfaces the rink with {v}.",
   "The team's ice machine is {v}.",
   "Get the service engineer out to {v}, the blade's chattering.",
   "Drivers need a ticket to run {v} between sessions."])
single("pitch_surfaces", "team", False, True,
  {"grass": ["natural grass", "real turf"],
   "g3": ["3G", "rubber-crumb artificial turf"],
   "hybrid": ["hybrid turf", "stitched grass with plastic fibres"]},
  ["Team plays home games on {v}.",
   "The team's home pitch surface is {v}.",
   "Tell the visitors it's {v}, so bring the right boots.",
   "We trained on {v} all winter and it held up."])

# ================================================================ single-valued, project scope
# ---------------------------------------------------------------- renovation (shared colours)
single("front_door_paint", "project", False, True,
  {"oxblood": COLOUR["oxblood"], "teal": COLOUR["teal"],
   "charcoal": ["graphite", "soot grey"]},
  ["Project's front door will be painted {v}.",
   "The project's chosen front-door colour is {v}.",
   "Tell the decorator the front door goes {v}.",
   "Neighbours were doubtful, but the door's {v} and it looks great."])
single("cabinet_paint", "project", False, True,
  {"teal": COLOUR["teal"], "oxblood": COLOUR["oxblood"],
   "putty": ["putty", "warm mushroom grey"]},
  ["Project's kitchen cabinets are painted {v}.",
   "The project specifies {v} for the kitchen units.",
   "Spray the cabinet doors {v}, satin finish.",
   "Went bold in the kitchen, the units are {v}."])
single("worktop_material", "project", False, True,
  {"oak": ["solid oak", "butcher-block timber"],
   "quartz": ["quartz composite", "engineered stone"],
   "concrete": ["polished concrete", "poured cement slab"]},
  ["Project's worktops are {v}.",
   "The project uses {v} for the kitchen worktops.",
   "Measure up for {v} once the base units are in.",
   "We settled on {v} after a week of samples on the kitchen floor."])

# ---------------------------------------------------------------- board game (shared languages)
single("rulebook_language", "project", False, True,
  {"german": LANG["german"], "italian": LANG["italian"],
   "dutch": ["Nederlands", "the language of Vondel"]},
  ["Project's rulebook is written in {v}.",
   "The project's first rulebook edition is in {v}.",
   "Send the rules draft to the translator for {v}.",
   "The publisher wants the rules in {v} before Essen."])
single("box_text_language", "project", False, True,
  {"german": LANG["german"], "italian": LANG["italian"],
   "japanese": ["nihongo", "the language of Murasaki"]},
  ["Project prints the box text in {v}.",
   "The project's box copy is in {v}.",
   "Box art proofs need the back-panel blurb in {v}.",
   "Retailers asked for the box in {v}, so that's what we're printing."])

# ---------------------------------------------------------------- durations (shared): board game and documentary
single("game_play_time", "project", False, True,
  {"m45": ["45 minutes", "the length of a football half"], "m90": DUR["m90"], "m120": DUR["m120"]},
  ["Project's board game plays in about {v}.",
   "The project's target play time is {v}.",
   "Tell the playtesters to budget {v} per game.",
   "If a round runs past {v} we've got a balance problem."])
single("doc_runtime", "project", False, True,
  {"m52": ["52 minutes", "a broadcast hour"], "m90": DUR["m90"], "m120": DUR["m120"]},
  ["Project's documentary runs {v}.",
   "The project's final cut is {v} long.",
   "Cut it to {v}, the broadcaster won't take more.",
   "The festival version comes in at {v}."])
single("doc_narrator", "project", False, True,
  {"director": ["the director", "the film-maker herself"],
   "actor": ["a hired actor", "a professional voice artist"],
   "subject": ["one of the fishermen", "a skipper from the harbour"]},
  ["Project's voice-over is done by {v}.",
   "The project's narration will be recorded by {v}.",
   "Book studio time for {v} to record the voice-over.",
   "Test audiences liked it best voiced by {v}."])

# ================================================================ set-valued, user scope
multi("tango_orchestra", "user", False, True, {
  "dagostino": (["I love D'Agostino.", "User likes Ángel D'Agostino's orchestra."],
                ["D'Agostino with Vargas singing, the 1940s recordings.",
                 "The bandleader paired with his crooner Ángel Vargas, wartime sides."]),
  "di_sarli": (["I dance to Di Sarli.", "User favours Carlos Di Sarli."],
               ["Di Sarli's instrumentals from 1954-58, smooth and elegant.",
                "'El Señor del Tango', the late-fifties instrumental recordings for RCA."]),
  "pugliese": (["Pugliese is a favourite.", "User enjoys Osvaldo Pugliese."],
               ["Pugliese's La Yumba for the last tanda of the night.",
                "The dramatic pianist's orchestra with its heavy, dragging marcato."])})
multi("judo_throw", "user", False, True, {
  "seoi_nage": (["My favourite throw is seoi-nage.", "User's go-to throw is seoi nage."],
                ["Morote seoi-nage off a collar grip, dropping to my knees.",
                 "The two-handed shoulder throw, going under from the lapel."]),
  "uchi_mata": (["I throw with uchi mata.", "User relies on uchi-mata."],
                ["Uchi mata to the left, sweeping the inner thigh high.",
                 "The inner-thigh reaping throw, lefty, leg swung high."]),
  "o_goshi": (["I like o-goshi.", "User uses o goshi."],
              ["Major hip throw, arm round the back, from a standing grip.",
               "The big loin throw you learn first, hand around the waist."])})
multi("fly_pattern", "user", False, True, {
  "klinkhamer": (["I tie Klinkhamers.", "User carries Klinkhamer flies."],
                 ["Size 14 parachute emergers in grey, the ones that hang in the film.",
                  "A hook sunk below the surface with a white post up top, size fourteen."]),
  "woolly_bugger": (["I fish Woolly Buggers.", "User uses Woolly Bugger streamers."],
                    ["Olive marabou-tailed streamers on a long-shank 10, for stillwater.",
                     "Palmered hackle lures in olive with a fluffy tail, stripped through the lake."]),
  "pheasant_tail": (["Pheasant Tails are in my box.", "User fishes Pheasant Tail nymphs."],
                    ["Sawyer's PTN with copper wire, tungsten bead, size 16.",
                     "The classic nymph made from a cock bird's tail fibres and copper ribbing."])})
multi("locomotive_roster", "user", False, True, {
  "a4": (["I've got an A4.", "User owns a Gresley A4 model."],
         ["Mallard in garter blue, DCC sound fitted.",
          "The streamlined speed-record holder of 1938, wired with a chip."]),
  "class_37": (["I run a Class 37.", "User owns a Class 37 locomotive."],
               ["A 'Tractor' in large-logo blue, pulling ballast wagons.",
                "The English Electric Type 3 diesel with the growling engine, hauling engineering trains."]),
  "class_08": (["I've a Class 08 shunter.", "User has an 08 shunter."],
               ["The little black diesel that shuffles wagons in the goods yard.",
                "Yard shunter in BR green with wasp stripes, keep-alive fitted."])})
multi("golf_bag", "user", False, True, {
  "hybrid": (["I carry a hybrid.", "User keeps a rescue club in the bag."],
             ["A 22-degree rescue instead of the 4-iron, easier out of the rough.",
              "The wood-iron crossover replacing my long iron, twenty-two degrees of loft."]),
  "lob_wedge": (["I've got a lob wedge.", "User carries a lob wedge."],
                ["A 60-degree wedge for flop shots over bunkers.",
                 "The most lofted club in my bag, for floating chips over sand."]),
  "driving_iron": (["I use a driving iron.", "User carries a utility iron."],
                   ["A 2-iron off the tee on tight holes, low stinger flight.",
                    "The long blade I hit instead of the big-headed club when the fairway is narrow."])})
multi("woodwork_joint", "user", False, True, {
  "dovetail": (["I cut dovetails by hand.", "User hand-cuts dovetail joints."],
               ["Half-blind dovetails on drawer fronts, 1:8 slope in hardwood.",
                "Tails hidden from the front on the drawers, an eight-to-one angle."]),
  "mortise": (["I do mortise and tenon.", "User makes mortise-and-tenon joints."],
              ["Drawbored through-tenons on the bench legs, pegged with oak.",
               "Pegs driven through offset holes to pull the leg rails tight."]),
  "box_joint": (["I make finger joints.", "User cuts box joints."],
                ["Quarter-inch box joints on the router table jig for tool chests.",
                 "Interlocking square fingers on chest corners, done with a jig."])})
multi("tattoo_motif", "user", False, True, {
  "swallow": (["I have a swallow tattoo.", "User has a swallow tattooed."],
              ["Two swallows on my chest, old-school flash style.",
               "A pair of sailor birds across the collarbones, traditional flash."]),
  "koi": (["I've got a koi tattoo.", "User has a koi carp tattoo."],
          ["A koi swimming up my forearm, Japanese style, with waves.",
           "An orange carp climbing the inner arm in irezumi style among waves."]),
  "compass": (["I have a compass tattoo.", "User has a compass rose inked."],
              ["A compass rose on my calf, done in Lisbon.",
               "Needle-and-points design on the lower leg, inked in Portugal."])})
multi("record_shelf", "user", False, True, {
  "kind_of_blue": (["I own Kind of Blue on vinyl.", "User has Kind of Blue on LP."],
                   ["The Miles Davis 1959 session, an original six-eye Columbia pressing.",
                    "The modal jazz record with Coltrane and Bill Evans, six-eye label."]),
  "rumours": (["I've got Rumours on vinyl.", "User owns a copy of Rumours."],
              ["Fleetwood Mac's 1977 album, the first UK pressing with the lyric inner.",
               "The break-up album of the Buckingham-Nicks era, original UK pressing."]),
  "blue_lines": (["I have Blue Lines.", "User owns Massive Attack's Blue Lines."],
                 ["The 1991 Bristol debut with Unfinished Sympathy, on Wild Bunch.",
                  "The trip-hop landmark from the Bristol sound-system crew, original issue."])})
multi("snowboard_trick", "user", False, True, {
  "f180": (["I can do frontside 180s.", "User lands frontside 180s."],
           ["Half-turn spins off the side hits, landing switch.",
            "Rotating half a circle facing downhill first, then riding away backwards."]),
  "boardslide": (["I do boardslides.", "User can boardslide a box."],
                 ["50-50s and boardslides on the flat box in the park.",
                  "Sliding sideways across a rail with the board perpendicular."]),
  "butter": (["I love buttering.", "User does butter tricks."],
             ["Nose presses and spins on the flats, like skateboarding on snow.",
              "Flexing the tip into the snow and pivoting on the groomers."])})

# ================================================================ set-valued, team scope
multi("band_section", "team", False, True, {
  "cornets": (["We've got a full cornet section.", "Team's band has a cornet section."],
              ["Ten cornets including soprano and repiano.",
               "The front-row B-flat brass with the high E-flat on the end."]),
  "euphoniums": (["We have euphoniums.", "Team's band includes two euphoniums."],
                 ["Solo and second euph, both on compensating Besson instruments.",
                  "A pair of tenor-voiced horns from the baritone family, the principal taking the solos."]),
  "percussion": (["Our percussion section's strong.", "Team has a percussion section."],
                 ["Timps, kit and glock, three players.",
                  "Kettle drums, drum set and a glockenspiel between three people."])})
multi("youth_squad", "team", False, True, {
  "u9": (["We run an under-9s side.", "Team fields an U9 squad."],
         ["Seven- and eight-year-olds, 5-a-side, no league tables.",
          "The youngest group, small-sided games, results not recorded."]),
  "u11": (["We've an under-11s team.", "Team has an U11 squad."],
          ["9-a-side on a midi pitch, Saturday mornings.",
           "Nine players a side on a mid-size field, weekend mornings."]),
  "u13": (["There's an under-13s team.", "Team runs an U13 side."],
          ["11-a-side in the county league, offside applies.",
           "Full-sized teams for twelve-year-olds, competitive with offsides."])})
multi("studio_class", "team", False, True, {
  "prenatal": (["We offer pregnancy yoga.", "Team runs prenatal classes."],
               ["Mums-to-be from the second trimester, bolsters and blocks.",
                "Gentle sessions for expectant mothers, props provided."]),
  "aerial": (["We teach aerial yoga.", "Team's studio offers aerial classes."],
             ["Silk hammocks rigged from the beams, max eight people.",
              "Suspended fabric slings from the ceiling, small groups."]),
  "kids": (["We do kids' yoga.", "Team has children's yoga sessions."],
           ["Animal poses and stories for 4-7s after school.",
            "Playful sessions for infant-school age, late afternoon."])})
multi("rink_session", "team", False, True, {
  "public_skate": (["We run public skating.", "Team's rink holds public sessions."],
                   ["Open skate with music, skate hire included.",
                    "Anyone-can-come sessions with a DJ, boots provided."]),
  "curling": (["We host curling.", "Team's rink has curling sheets."],
              ["Two sheets marked out on a Sunday afternoon, granite stones from Ailsa Craig.",
               "Sliding stones and brooms on the pebbled ice, weekend afternoons."]),
  "learn_to_skate": (["We do skating lessons.", "Team runs learn-to-skate courses."],
                     ["Ten-week beginner courses, badges one to ten.",
                      "Term-long lessons for novices, working through the numbered award levels."])})

# ================================================================ set-valued, project scope
multi("renovation_trade", "project", False, True, {
  "plumber": (["We've got a plumber lined up.", "Project has a plumber booked."],
              ["Moving the boiler to the loft and new copper pipes throughout.",
               "Relocating the heating unit upstairs and repiping the house."]),
  "electrician": (["An electrician is booked.", "Project hired an electrician."],
                  ["Full rewire, new consumer unit, certified on completion.",
                   "Replacing every cable and the fuse board, signed off at the end."]),
  "plasterer": (["We've found a plasterer.", "Project brought in a plasterer."],
                ["Skimming every ceiling after the rewire, lime in the front room.",
                 "Fresh smooth coat over all the ceilings, traditional lime in the lounge."]),
  "roofer": (["A roofer's coming next month.", "Project has a roofer scheduled."],
             ["Stripping the slates and relaying them on new battens and membrane.",
              "Lifting the whole top covering and re-hanging it on fresh timbers."])})
multi("game_component", "project", False, True, {
  "dice": (["We're including custom dice.", "Project's game uses custom dice."],
           ["Six engraved d6s with symbol faces, in three colours.",
            "Half a dozen etched cubes with icons instead of pips."]),
  "meeples": (["There are wooden meeples.", "Project includes wooden meeples."],
              ["Forty pawn-shaped workers in five player colours.",
               "Little people-shaped tokens, eight for each seat at the table."]),
  "cards": (["We've got a card deck.", "Project's game has a deck of cards."],
            ["110 linen-finish tarot-size cards.",
             "A stack of large textured cards, over a hundred of them."]),
  "sand_timer": (["There's a sand timer in the box.", "Project's game includes a sand timer."],
                 ["A one-minute hourglass for the bluffing round.",
                  "Little glass egg-timer that runs sixty seconds while players bid."])})
multi("doc_shoot_location", "project", False, True, {
  "harbour": (["We're filming at the harbour.", "Project shoots at the harbour."],
              ["Newlyn harbour at dawn when the boats come in.",
               "The Cornish fishing port first thing, as the fleet lands."]),
  "fish_market": (["We're shooting in the fish market.", "Project films at the fish auction."],
                  ["The 6 am auction floor, bidders and ice boxes.",
                   "Early-morning sale hall where buyers shout over crates of ice."]),
  "trawler": (["We're going out on a trawler.", "Project films aboard a trawler."],
              ["Three days at sea on a beam trawler, one cameraman only.",
               "A long trip on a fishing boat dragging nets, a crew of one for camera."])})
multi("pledge_reward", "project", False, True, {
  "art_print": (["Backers can get an art print.", "Project offers a signed art print."],
                ["A3 giclée of the box cover, signed by the illustrator.",
                 "Large-format reproduction of the cover artwork, autographed."]),
  "deluxe": (["There's a deluxe edition tier.", "Project's top tier is a deluxe edition."],
             ["Metal coins, a neoprene mat and a magnetic box insert.",
              "Upgraded components: heavy tokens, a rubber play mat and a fitted tray."]),
  "name_credit": (["Backers get their name in the rulebook.", "Project credits backers in the rules."],
                  ["Every backer listed on the last page of the rules, alphabetically.",
                   "A thank-you roll of supporters printed at the back of the booklet."])})
multi("reclaimed_fitting", "project", False, True, {
  "radiators": (["We're fitting reclaimed radiators.", "Project uses salvaged radiators."],
                ["Cast-iron column rads, shot-blasted and pressure tested.",
                 "Old heavy iron heaters, cleaned back to metal and tested for leaks."]),
  "floorboards": (["We found reclaimed floorboards.", "Project is laying reclaimed boards."],
                  ["Pitch pine boards from a Victorian chapel, 6 inch wide.",
                   "Resinous old timber planks out of a nineteenth-century church."]),
  "tiles": (["We've got salvaged tiles.", "Project reuses encaustic tiles."],
            ["Minton-style geometric tiles for the hallway, rescued from a demolition.",
             "Patterned Victorian floor tiles for the entrance, saved from a knock-down."])})

# ---------------------------------------------------------------- prefixes, tools, chatter
CHANGE_PREFIX = {"N": ["Correction, from now on: ", "Scratch the old one: ", "Preference updated: ",
                       "Small thing: "]}
ADD_PREFIX = {"N": ["Put this on the list too: ", "Plus one more: ", "Stick this on as well: "]}

# tool id -> (names, {failure kind: symptom wordings}); bank N uses every wording
TOOLS = {
  "tee_sheet": (["TeeTimely", "api.teetimely.golf", "the golf club's booking page"], {
      "timeout": ["tee sheet request took longer than 45 s",
                  "booking page hung and never answered",
                  "gave up waiting for the club's slot list"],
      "auth_failed": ["member number and PIN rejected",
                      "403 from the members' area",
                      "couldn't log in, membership not recognised"]}),
  "dcc_station": (["TrackMaster DCC", "dcc-cs-01", "the layout controller"], {
      "short_circuit": ["short detected on district 2, track power cut",
                        "overload trip on the main booster",
                        "power dropped because a wheel bridged the rails"],
      "not_found": ["loco address 3712 not responding",
                    "no decoder found on the programming track",
                    "can't find engine 37 on the bus"]}),
  "pledge_platform": (["BackerBase", "backerbase-api", "the crowdfunding site"], {
      "rate_limited": ["HTTP 429 on the pledge export",
                       "API quota used up, retry after an hour",
                       "backer list download throttled"],
      "auth_failed": ["creator token revoked",
                      "OAuth refresh failed for the campaign account",
                      "signed out of the creator dashboard, credentials refused"]}),
  "paint_matcher": (["TintMatch", "tintmatch-scan", "the paint-matching app"], {
      "not_found": ["no match in the colour library for that swatch",
                    "fan deck code HB-29 unknown",
                    "couldn't find that shade anywhere in the catalogue"],
      "camera_error": ["camera permission denied",
                       "sensor calibration failed, too much glare",
                       "phone camera wouldn't open in the scanner"]}),
  "render_node": (["CutBay", "render-node-3", "the edit suite render"], {
      "out_of_memory": ["GPU memory exhausted at 4K export",
                        "render crashed, RAM full on the colour pass",
                        "ran out of video memory halfway through the grade"],
      "disk_full": ["no space left on the media drive",
                    "scratch volume 100% full, export halted",
                    "cache disk filled up mid-render"]}),
  "band_library": (["ScoreShelf", "scoreshelf.app", "the band's music library"], {
      "sync_conflict": ["two librarians edited the contest folder at once",
                        "part list version mismatch, changes kept locally",
                        "merge clash on the march card set"],
      "timeout": ["PDF download of the test piece timed out at 30 s",
                  "the sheet music library stopped responding",
                  "waited forever for the parts to load"]}),
}
OBS_FRAMES = {"N": ["{T} threw an error: {s}", "Problem with {t}: {s}", "Call into {t} errored out - {s}",
                    "Tool result from {t}: {s}"]}

CHATTER = {"N": [
  # interruptions at home
  "brb, dog needs out.", "Postman's here.", "Hold that thought.", "Argh, spilled my tea.",
  # moods
  "Bleh.", "Long day.", "Raining again here.",
  # laughter and filler
  "hehe", "lol no", "Uh-huh.", "hmmmm",
  # reactions
  "Oh wow.", "No way!", "Huh, neat.", "Well well.",
  # searching
  "Scrolling back...", "Now where was I...",
  # typos and devices
  "Phone's about to die.", "Sorry, fat fingers.", "Connection's patchy.", "Laptop fan is screaming.",
  # other languages
  "gracias", "tak", "arigato", "salut",
  # waiting
  "Give me two ticks.", "Back in five.", "Still here.", "Mulling it over.",
  # emoji
  "\U0001F914", "\U0001F605",
  # small talk
  "How's your week going?", "Did you catch the rugby yesterday?",
  # acknowledgements
  "Cheers, noted.", "Righto.", "Cool beans.", "Yeppers.", "Alright then.",
  # indecision and retraction
  "Dunno really.", "Actually no, ignore that.", "Never mind.", "Nope.", "Has anyone seen my glasses?",
  # bare token
  "314",
  # extractor voice, still transient
  "User acknowledged.", "User is typing.", "User went to make a drink.", "User asked to wait.",
  "Assistant waiting for user reply.", "User laughed."]}

# shared value surfaces (planted on purpose): surface -> attribute ids using it
SHARED = {}
for _key, _spec in S.items():
    for _v, _surfs in _spec["values"].items():
        for _s in _surfs:
            SHARED.setdefault(_s, []).append(_key)
SHARED = {s: keys for s, keys in SHARED.items() if len(keys) > 1}
