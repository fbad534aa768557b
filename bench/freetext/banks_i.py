"""Phrase bank I for gen.py (held out for a final blind run).

Written by a helper that never saw memcurator's code; only the harness files of the benchmark
(README.md, gen.py, score.py, run.sh, night_decisions.py, banks.py, banks_c.py .. banks_h.py,
BANK_H.md, src/check_h.py), shared/SPEC.md and the write policy were read (of banks A-G only
ids, tool ids, prefixes and observation frames were printed; banks_h.py was read whole for its structure).

Same shape as banks_h.py, self-contained and used whole (no even/odd split):
  single: S[key] = dict(id, scope, lex, kind="single", new, values={value_id: [surfaces]}, I=[frames])
  set:    SETS[key] = dict(id, scope, lex, kind="set", new, members={member_id: (base[], refined[])})
`new` = the attribute id exists in none of banks A, B, C, D, E, F, G, H (every id of bank I is new).
`lex` = a generic attribute lexicon would plausibly list it (doc only).

Adversarial names on purpose: single-valued attributes named with plural nouns (flea_treatments,
meter_readings, race_distances, running_shoes, new_cards, overtime_approvals, dag_retries, toolbox_talks,
lux_levels) or a mass noun (pocket_money), and set-valued attributes named in the singular or with mass nouns
(vaccination, insulation, injury, textbook, grape, childcare, campaign, benefit, playbook, release_gate,
source_system, lender, permit, data_quality_check, stratification_factor, segment). Ordinary plural sets for
contrast: race_entries, coffee_origins.
Same topic at two scopes (team convention vs user preference): roast_level, extract_format, payslip_delivery.
"""

S = {}
SETS = {}


def single(key, scope, lex, new, values, frames, aid=None):
    S[key] = dict(id=aid or key, scope=scope, lex=lex, kind="single", new=new, values=values, I=frames)


def multi(key, scope, lex, new, members, aid=None):
    SETS[key] = dict(id=aid or key, scope=scope, lex=lex, kind="set", new=new, members=members)


# ================================================================ single-valued, user scope
# ---------------------------------------------------------------- same topic at two scopes (user side)
single("roast_level@user", "user", False, True,
  {"light": ["a light roast", "just past first crack"],
   "medium": ["a medium roast", "city-plus"],
   "dark": ["a dark roast", "the oily, French end of the scale"]},
  ["User roasts their own coffee to {v}.", "Take my green beans to {v} in the popper.",
   "home roast (mine): {v}", "For my espresso the beans have to go to {v}; don't touch the profile."],
  aid="roast_level")
single("extract_format@user", "user", False, True,
  {"parquet": ["Parquet files", "a columnar Apache format"],
   "csv": ["CSV", "comma-separated plain text"],
   "jsonl": ["JSON Lines", "newline-delimited objects"]},
  ["User wants ad-hoc data pulls delivered as {v}.", "Hand me query results as {v}.",
   "extract format (personal): {v}", "My notebook loader expects {v}; anything else breaks my scripts."],
  aid="extract_format")
single("payslip_delivery@user", "user", False, True,
  {"portal": ["on the self-service portal", "through the HR web login"],
   "paper": ["on paper, by post", "as a printed copy in the internal mail"],
   "email_pdf": ["as a PDF by email", "attached to a password-protected message"]},
  ["User receives payslips {v}.", "Make my monthly pay statements available {v}.", "payslip delivery (own): {v}",
   "Keeps every pay statement for the mortgage file, so wants them {v}."],
  aid="payslip_delivery")

# ---------------------------------------------------------------- pets
single("flea_treatments", "user", False, True,
  {"w4": ["at four-week intervals", "monthly, on the first"],
   "w8": ["at eight-week intervals", "six times a year"],
   "w12": ["at twelve-week intervals", "once per quarter with a chewable"]},
  ["User treats their dog for fleas {v}.", "Remind me to give the flea tablet {v}.", "flea treatment: {v}",
   "The vet said a city dog is fine with a dose {v}, so that's the schedule."])
single("pet_food_type", "user", False, True,
  {"kibble": ["dry kibble", "crunchy biscuits from a sack"],
   "raw": ["a raw diet", "BARF"],
   "wet": ["wet food", "meaty chunks from tins"]},
  ["User feeds their dog {v}.", "Put {v} on the grocery order for the dog.", "dog's food - {v}",
   "Our dog's stomach only settles on {v}, so the sitter has to stick to it."])
single("litter_type", "user", False, True,
  {"clay": ["clumping clay", "bentonite that forms lumps"],
   "silica": ["silica crystals", "the see-through granules"],
   "wood": ["wood pellets", "compressed pine sawdust"]},
  ["User fills the cat tray with {v}.", "Buy {v} for the litter box.", "cat litter = {v}",
   "Sticks to {v} in the tray because the kitten tracked dust all over the flat."])

# ---------------------------------------------------------------- home energy
single("energy_tariff", "user", True, True,
  {"fixed": ["a fixed-price tariff", "rates locked for two years"],
   "variable": ["the standard variable tariff", "SVT"],
   "time_of_use": ["a time-of-use tariff", "cheap overnight electricity for the car"]},
  ["User's home electricity is on {v}.", "Compare any new energy offer against {v}.", "tariff: {v}",
   "After last winter's bills, moving to {v} was the sensible choice for my household."])
single("meter_readings", "user", False, True,
  {"smart": ["sent automatically by the smart meter", "beamed in every half hour"],
   "monthly": ["typed in each month", "keyed into the app at every month-end"],
   "quarterly": ["typed in each quarter", "entered by hand every three months"]},
  ["User's meter readings are {v}.", "Make sure my gas and electric numbers are {v}.", "readings: {v}",
   "Estimated bills drove me mad, so my usage figures are {v}."])
single("heat_pump_flow_temp", "user", False, True,
  {"c35": ["35 °C", "thirty-five degrees"],
   "c45": ["45 °C", "forty-five degrees"],
   "c55": ["55 °C", "fifty-five degrees"]},
  ["User runs their heat pump at a flow temperature of {v}.", "Set my heat pump's water output to {v}.",
   "flow temp - {v}", "{V} at the radiators keeps the house warm without wrecking the efficiency."])

# ---------------------------------------------------------------- running
single("easy_pace", "user", False, True,
  {"p530": ["5:30 per km", "five and a half minutes a kilometre"],
   "p600": ["6:00 per km", "six minutes for each kilometre"],
   "p630": ["6:30 per km", "six and a half minutes a kilometre"]},
  ["User runs easy days at {v}.", "Keep my recovery runs around {v}.", "easy pace: {v}",
   "{V} is slow enough that I can still chat with the club."])
single("race_distances", "user", False, True,
  {"k10": ["a 10K", "ten kilometres on the road"],
   "half": ["the half marathon", "21.1 km"],
   "full": ["the full marathon", "42.2 kilometres"]},
  ["User is training for {v} this season.", "Build my plan around {v}.", "goal race distance: {v}",
   "Trains for {v} at most this year, because the kids' timetable leaves no more room."])
single("running_shoes", "user", False, True,
  {"ghost": ["Brooks Ghost", "a cushioned neutral daily trainer"],
   "kayano": ["ASICS Gel-Kayano", "a stability shoe with support under the arch"],
   "vaporfly": ["Nike Vaporfly", "carbon-plated racing flats"]},
  ["User runs in {v}.", "Reorder {v} when my current pair hits 800 km.", "shoe: {v}",
   "Sticks with {v} on the physio's advice, so no experiments."])

# ---------------------------------------------------------------- language learning
single("flashcard_app", "user", False, True,
  {"anki": ["Anki", "the open-source spaced-repetition program"],
   "duolingo": ["Duolingo", "the app with the green owl"],
   "memrise": ["Memrise", "the video-clip vocabulary app"]},
  ["User reviews vocabulary in {v}.", "Export my new words so they go into {v}.", "flashcards: {v}",
   "Studies on the bus every morning with {v} and guards the streak."])
single("new_cards", "user", False, True,
  {"n10": ["10 a day", "ten fresh words daily"],
   "n20": ["20 a day", "twenty fresh words daily"],
   "n30": ["30 a day", "thirty fresh words daily"]},
  ["User adds {v} to their flashcard deck.", "Cap my new vocabulary at {v}.", "new cards: {v}",
   "{V} is the most my reviews can absorb without piling up."])

# ---------------------------------------------------------------- car sharing, family
single("car_club", "user", False, True,
  {"zipcar": ["Zipcar", "the hourly rental scheme owned by Avis"],
   "co_wheels": ["Co-Wheels", "the not-for-profit car club"],
   "getaround": ["Getaround", "peer-to-peer hire from neighbours"]},
  ["User books shared cars through {v}.", "When I need wheels at the weekend, reserve through {v}.",
   "car sharing: {v}", "Relies on {v} since selling the family car last spring."])
single("school_run", "user", False, True,
  {"walk": ["on foot", "as a walk with the kids"],
   "car": ["by private car", "in the family hatchback"],
   "bus": ["on the school bus", "with the yellow coach"]},
  ["User does the school run {v}.", "Plan my mornings around doing the school run {v}.", "school run - {v}",
   "Our street has no safe crossing, so drop-off happens {v}."])
single("pocket_money", "user", False, True,
  {"eur5": ["€5 a week", "five euros weekly"],
   "eur10": ["€10 a week", "ten euros weekly"],
   "eur15": ["€15 a week", "fifteen euros weekly"]},
  ["User gives each child {v} in pocket money.", "Transfer {v} to the kids' savings app.", "allowance: {v}",
   "{V} is what we agreed with the kids, chores included."])

# ---------------------------------------------------------------- coffee, wine, tabletop
single("brew_method", "user", False, True,
  {"v60": ["V60 pour-over", "a ribbed cone dripper"],
   "aeropress": ["AeroPress", "the plunger tube brewer"],
   "espresso": ["an espresso machine", "a nine-bar pump brewer"]},
  ["User brews coffee with {v}.", "Dial in the grind for {v}.", "brewer: {v}",
   "Starts every morning with {v} and never skips that ritual."])
single("cellar_temp", "user", False, True,
  {"c11": ["11 °C", "eleven degrees"],
   "c13": ["13 °C", "thirteen degrees"],
   "c15": ["15 °C", "fifteen degrees"]},
  ["User keeps their wine fridge at {v}.", "Set the cellar cabinet to {v}.", "wine storage temp: {v}",
   "{V} suits the reds I lay down for a decade."])
single("rpg_system", "user", False, True,
  {"dnd5e": ["D&D 5e", "fifth-edition Dungeons & Dragons"],
   "pf2e": ["PF2e", "Pathfinder's second edition"],
   "coc7": ["CoC 7th", "the seventh edition of Call of Cthulhu"]},
  ["User's tabletop group plays {v}.", "Prep my next session for {v}.", "game system: {v}",
   "All my dice, books and character sheets are for {v}, so suggest adventures in it."])

# ================================================================ single-valued, team scope
# ---------------------------------------------------------------- same topic at two scopes (team side)
single("roast_level@team", "team", False, True,
  {"light": ["light-roast beans", "a Nordic-style pale roast"],
   "medium": ["medium-roast beans", "a middle-of-the-road brown"],
   "dark": ["dark-roast beans", "an Italian espresso roast"]},
  ["Team convention: the office grinder is filled with {v}.", "The team orders {v} for the kitchen.",
   "office coffee = {v}", "We voted at the last all-hands and settled on {v} for the shared machine."],
  aid="roast_level")
single("extract_format@team", "team", False, True,
  {"parquet": ["Apache Parquet", "compressed column files"],
   "csv": [".csv files", "text with commas between fields"],
   "jsonl": ["NDJSON", "JSON, one record per line"]},
  ["Team convention: data extracts for other teams ship as {v}.",
   "Our pipelines publish downstream exports in {v}.", "export format (team) -> {v}",
   "Consumers in finance asked for {v}, so every scheduled extract uses it."],
  aid="extract_format")
single("payslip_delivery@team", "team", False, True,
  {"portal": ["in the employee self-service area", "online only, behind single sign-on"],
   "paper": ["as printed slips", "in sealed paper envelopes"],
   "email_pdf": ["as emailed PDFs", "by mail attachment with a password"]},
  ["Team convention: payroll issues payslips {v}.", "Our people team hands out pay statements {v}.",
   "payslips (team default): {v}", "The works council agreed that everyone gets payslips {v}."],
  aid="payslip_delivery")

# ---------------------------------------------------------------- payroll/HR, data engineering, CS, site, mobile
single("payroll_cutoff", "team", False, True,
  {"d15": ["the 15th", "the middle of the month"],
   "d20": ["the 20th", "the twentieth of each month"],
   "d25": ["the 25th", "the twenty-fifth day"]},
  ["Team convention: payroll changes must be in by {v}.", "Get overtime and sickness into the system before {v}.",
   "payroll cutoff: {v}", "Anything submitted after {v} slips to next month's pay run, no exceptions."])
single("overtime_approvals", "team", False, True,
  {"manager": ["the line manager", "whoever the employee reports to"],
   "hod": ["the head of department", "the HoD"],
   "hrbp": ["the HR business partner", "HRBP"]},
  ["Team convention: overtime is signed off by {v}.", "Route overtime requests to {v}.",
   "overtime approver - {v}", "Extra hours only get paid once {v} has approved them in the system."])
single("dag_retries", "team", False, True,
  {"r0": ["no retries", "zero automatic reruns"],
   "r1": ["one retry", "a single rerun"],
   "r3": ["three retries", "3 extra attempts after the first"]},
  ["Team convention: pipeline tasks get {v}.", "Configure every new DAG with {v}.", "task retries: {v}",
   "Failed tasks get {v} before anyone is paged."])
single("churn_risk_threshold", "team", False, True,
  {"h40": ["a health score below 40", "anything under forty points"],
   "h50": ["a health score below 50", "anything under fifty points"],
   "h60": ["a health score below 60", "anything under sixty points"]},
  ["Team marks an account at risk when it has {v}.", "Open a save plan for any customer with {v}.",
   "churn alert threshold: {v}",
   "The renewals desk gets pinged for {v}, so they can call before the quarter ends."])
single("toolbox_talks", "team", False, True,
  {"daily": ["every morning before work starts", "at each day's start"],
   "weekly": ["each Monday at 7", "once a week on Mondays"],
   "per_shift": ["at every shift change", "whenever a new crew clocks on"]},
  ["Team holds site safety briefings {v}.", "Run the toolbox talk {v}.", "toolbox talk cadence - {v}",
   "The principal contractor audits the sign-in sheets, so briefings happen {v}."])
single("phased_rollout_start", "team", False, True,
  {"p1": ["1% of users", "one in a hundred devices"],
   "p5": ["5% of users", "one device in twenty"],
   "p20": ["20% of users", "a fifth of the install base"]},
  ["Team convention: new app versions start rolling out to {v}.", "Release the build to {v} on day one.",
   "staged rollout start: {v}", "After the crash in the autumn release, we begin with {v} and watch the dashboards."])

# ================================================================ single-valued, project scope
single("display_humidity", "project", False, True,
  {"rh45": ["45% RH", "forty-five percent relative humidity"],
   "rh50": ["50% RH", "half saturation"],
   "rh55": ["55% RH", "fifty-five percent relative humidity"]},
  ["Project keeps the display cases at {v}.", "Hold the gallery climate at {v}.", "case humidity: {v}",
   "{V} is what the lenders' facility reports demand for the panel paintings."])
single("lux_levels", "project", False, True,
  {"lx50": ["50 lx", "fifty lux"],
   "lx150": ["150 lx", "a hundred and fifty lux"],
   "lx200": ["200 lx", "two hundred lux"]},
  ["Project lights the exhibits at {v}.", "Dim the showcase lamps to {v}.", "illuminance - {v}",
   "The textiles and works on paper can't take more than {v}, so the whole show is lit that way."])
single("table_format", "project", False, True,
  {"delta": ["Delta Lake", "Databricks' transactional storage layer"],
   "iceberg": ["Apache Iceberg", "the open table spec that began at Netflix"],
   "hudi": ["Apache Hudi", "Uber's upsert-oriented lake format"]},
  ["Project stores its lakehouse tables in {v}.", "Write the new fact tables as {v}.", "table format: {v}",
   "The project's query engines all read {v}, which is why we standardised on it."])
single("crane_wind_limit", "project", False, True,
  {"ms10": ["10 m/s", "thirty-six kilometres an hour"],
   "ms13": ["13 m/s", "roughly forty-seven kilometres an hour"],
   "ms15": ["15 m/s", "fifty-four kilometres an hour"]},
  ["Project stops crane lifts when wind exceeds {v}.", "Ground the tower crane above {v}.",
   "crane wind cutoff: {v}", "{V} in gusts is where the manufacturer's chart says lifting stops."])
single("visit_window", "project", False, True,
  {"d3": ["±3 days", "three days either side"],
   "d7": ["±7 days", "a week either side"],
   "d14": ["±14 days", "two weeks either side"]},
  ["Project allows study visits within {v} of the scheduled date.", "Book participant visits inside {v} of target.",
   "visit window - {v}", "The protocol tolerates {v}; anything outside is a deviation."])
single("randomisation_ratio", "project", False, True,
  {"r1_1": ["1:1 allocation", "equal numbers on drug and placebo"],
   "r2_1": ["2:1 allocation", "two on active treatment for every one on placebo"],
   "r3_1": ["3:1 allocation", "three active for each control patient"]},
  ["Project randomises participants using {v}.", "Set up the IWRS with {v}.", "randomisation: {v}",
   "The statistician's sample-size sums assume {v}, so leave the randomisation list alone."])
single("min_os_version", "project", True, True,
  {"ios15": ["iOS 15 or newer", "anything from the 2021 iPhone release on"],
   "ios16": ["iOS 16 or newer", "the 2022 system release and later"],
   "ios17": ["iOS 17 or newer", "Apple's 2023 mobile OS onward"]},
  ["Project's app supports {v}.", "Set the deployment target to {v}.", "minimum OS: {v}",
   "Analytics show hardly anyone on older phones, so the app requires {v}."])
single("episode_length", "project", False, True,
  {"m30": ["30 min", "half an hour"],
   "m45": ["45 min", "three quarters of an hour"],
   "m60": ["60 min", "a full hour"]},
  ["Project's podcast episodes run {v}.", "Cut each episode down to {v}.", "episode length - {v}",
   "Listeners mostly hear us on the commute, so we aim for {v}."])

# ================================================================ set-valued, user scope
multi("vaccination", "user", True, True, {
  "rabies": (["My dog is vaccinated against rabies.", "User's dog has its rabies jab."],
             ["The rabies shot is renewed every three years for the pet passport.",
              "Her pet passport carries a three-year booster stamp against the lyssavirus."]),
  "kennel_cough": (["The dog gets the kennel cough vaccine.", "User vaccinates their dog for kennel cough."],
                   ["Kennel cough protection is the intranasal spray, given a week before boarding.",
                    "Before the boarding kennels, she gets the nose-drop Bordetella dose."]),
  "lepto": (["Leptospirosis is among the dog's vaccinations.", "User keeps the lepto vaccine up to date."],
            ["The L4 leptospirosis booster is yearly, because we walk by the canal.",
             "Canal walks mean an annual four-strain booster against the rat-urine bacteria."])})
multi("insulation", "user", False, True, {
  "loft": (["My loft is insulated.", "User has loft insulation."],
           ["The loft has 270 mm of mineral wool between and over the joists.",
            "Twenty-seven centimetres of glass fibre now sit in the roof space."]),
  "cavity": (["The walls have cavity insulation.", "User's house has filled cavity walls."],
             ["Cavity walls were injected with blown bead in 2021.",
              "Polystyrene beads were pumped into the gap between the brick leaves."]),
  "floor": (["I've insulated the floor.", "User has underfloor insulation."],
            ["Under the suspended timber floor there's 100 mm of wood-fibre board.",
             "Wood-fibre batts, ten centimetres thick, fill the void below the floorboards."])})
multi("injury", "user", True, True, {
  "plantar": (["I have plantar fasciitis.", "User deals with heel pain from plantar fasciitis."],
              ["The left heel flares up after anything over 25 km in a week.",
               "Beyond twenty-five weekly kilometres, my left heel burns in the morning."]),
  "shin_splints": (["I get shin splints.", "User is prone to shin splints."],
                   ["Shin splints come back whenever I add hill repeats too quickly.",
                    "Both lower legs ache along the bone if the hill sessions ramp up fast."]),
  "itb": (["My IT band is a recurring problem.", "User has iliotibial band syndrome."],
          ["The right ITB tightens on cambered roads, so I foam-roll after every run.",
           "Sloped tarmac sets off the outside of my right knee; the roller comes out after each session."])})
multi("textbook", "user", False, True, {
  "genki": (["I'm working through Genki.", "User studies Japanese with the Genki textbook."],
            ["Genki II, chapter 17, with the workbook alongside.",
             "I'm on the second volume of the beginner series, lesson seventeen."]),
  "tobira": (["Tobira is one of my textbooks.", "User uses Tobira for intermediate Japanese."],
             ["Tobira's reading passages, one unit per fortnight with a tutor.",
              "The gateway-to-advanced reader, a unit every two weeks with my teacher."]),
  "quartet": (["I also have Quartet.", "User owns the Quartet series."],
              ["Quartet I sits on the shelf for when I finish intermediate grammar.",
               "The upper-intermediate four-skills book waits until I'm done with my current one."])})
multi("grape", "user", False, True, {
  "pinot_noir": (["I love Pinot Noir.", "User's favourite red grape is Pinot Noir."],
                 ["Red Burgundy from the Côte de Nuits, ideally with ten years on it.",
                  "Mature village wines from Gevrey and Nuits-Saint-Georges."]),
  "riesling": (["Riesling is a grape I enjoy.", "User likes Riesling."],
               ["Dry Mosel Riesling at Grosses Gewächs level.",
                "Bone-dry whites from the steep slate slopes along the Mosel."]),
  "nebbiolo": (["I drink Nebbiolo.", "User enjoys Nebbiolo wines."],
               ["Barolo from Serralunga, bought en primeur.",
                "Tannic Piedmont reds from the Serralunga commune, ordered before release."])})
multi("childcare", "user", False, True, {
  "nursery": (["Our youngest goes to nursery.", "User uses a nursery for their toddler."],
              ["The nursery has him Monday to Wednesday, 8 to 5:30.",
               "Three full days at the daycare, pick-up by half five."]),
  "grandparents": (["The grandparents help with childcare.", "User's parents look after the kids sometimes."],
                   ["Grandma takes both kids every Thursday after school.",
                    "Thursday afternoons the children stay with my mum."]),
  "childminder": (["We have a childminder.", "User employs a registered childminder."],
                  ["The childminder covers Fridays and the school holidays, paid via tax-free childcare.",
                   "A registered carer in her own home has them on Fridays and during the breaks."])})
multi("race_entries", "user", False, True, {
  "berlin": (["I'm entered in the Berlin Marathon.", "User has a place in the Berlin Marathon."],
             ["Berlin is on the last Sunday of September, and I'm in wave F.",
              "My start slot for the German capital's autumn marathon is the sixth wave."]),
  "local_10k": (["I've signed up for the town 10K.", "User entered a local 10K race."],
                ["The Riverside 10K in May, chip-timed, aiming for under 50 minutes.",
                 "A flat May road race along the river; the target is sub-fifty."]),
  "trail_half": (["I'm doing a trail half marathon.", "User has entered a trail half."],
                 ["The Peak trail half has 900 metres of climbing and a 4-hour cutoff.",
                  "Twenty-one off-road kilometres with nine hundred metres up and a four-hour limit."])})
multi("campaign", "user", False, True, {
  "strahd": (["I'm running Curse of Strahd.", "User's group is playing Curse of Strahd."],
             ["Our Barovia campaign meets every other Friday and is at level 7.",
              "The gothic vampire adventure has reached seventh level, with Friday sessions twice a month."]),
  "homebrew": (["I run a homebrew campaign.", "User runs a home-made setting."],
               ["My own world is a sky-island setting with airships and no gods.",
                "The setting I wrote myself has floating islands, airships and no deities at all."]),
  "masks": (["We're playing Masks of Nyarlathotep.", "User plays in a Masks of Nyarlathotep campaign."],
            ["Masks is in the Kenya chapter now, Sunday evenings online.",
             "The globe-trotting Cthulhu epic has reached Nairobi; we play Sunday nights on Discord."])})
multi("coffee_origins", "user", False, True, {
  "ethiopia": (["I buy Ethiopian coffee.", "User likes beans from Ethiopia."],
               ["Washed Yirgacheffe with jasmine notes, bought green by the kilo.",
                "Floral washed lots from the Gedeo zone, a kilo of unroasted beans at a time."]),
  "colombia": (["Colombian beans are in my rotation.", "User roasts Colombian coffee."],
               ["A Huila microlot, honey-processed, for everyday espresso.",
                "Honey-process beans from a single Huila farm go into my daily shots."]),
  "sumatra": (["I like Sumatran coffee.", "User buys coffee from Sumatra."],
              ["Wet-hulled Mandheling for the darker batches.",
               "Earthy giling basah lots from the Lake Toba highlands for darker roasts."])})

# ================================================================ set-valued, team scope
multi("benefit", "team", False, True, {
  "cycle_to_work": (["We offer a cycle-to-work scheme.", "Team benefits include cycle to work."],
                    ["Bikes up to 2,500 euros can be leased through salary sacrifice over 12 months.",
                     "Staff lease a bike worth as much as EUR 2.5k from gross pay across a year."]),
  "eye_test": (["Eye tests are a staff benefit.", "Team pays for eye tests."],
               ["Screen users get a free eye exam every two years plus 60 euros towards glasses.",
                "Everyone at a monitor gets a biennial sight check and a EUR 60 frames voucher."]),
  "pension_match": (["The company matches pension contributions.", "Team has a pension matching benefit."],
                    ["Employer matches up to 6% of salary into the pension.",
                     "Put in six percent of pay and the firm adds the same to your retirement pot."])})
multi("playbook", "team", False, True, {
  "onboarding": (["We have an onboarding playbook.", "Team runs a customer onboarding playbook."],
                 ["Onboarding: kickoff within 5 days, first value milestone by day 30.",
                  "New customers get a kickoff call inside five days and a first win before day thirty."]),
  "renewal": (["There's a renewal playbook.", "Team follows a renewal playbook."],
              ["Renewal outreach starts 120 days out with a usage review deck.",
               "Four months before the contract ends, the CSM presents a usage review."]),
  "expansion": (["We use an expansion playbook.", "Team has an upsell playbook."],
                ["Expansion kicks in when seat utilisation passes 85%.",
                 "Once more than 85 percent of licences are in use, the CSM pitches more seats."])})
multi("release_gate", "team", False, True, {
  "crash_free": (["Crash-free rate is a release gate.", "Team gates releases on crash-free sessions."],
                 ["A build only goes wide if crash-free sessions stay above 99.5% in beta.",
                  "Beta stability must hold above 99.5 percent of sessions without a crash before full release."]),
  "qa_signoff": (["QA sign-off is required before release.", "Team needs QA approval to ship."],
                 ["The regression suite on 12 real devices must pass and QA signs the ticket.",
                  "Testers sign off only after the twelve-device regression run is green."]),
  "localisation": (["Translations must be complete before we ship.", "Team blocks releases on missing translations."],
                   ["Every one of the 14 store languages needs 100% of strings translated.",
                    "No release until all fourteen locales are fully translated."])})
multi("source_system", "team", False, True, {
  "salesforce": (["We ingest from Salesforce.", "Team pipelines pull CRM data."],
                 ["Salesforce opportunities are pulled every hour through the Bulk API.",
                  "Hourly bulk pulls of the CRM's opportunity object."]),
  "billing_db": (["The billing database is one of our sources.", "Team ingests the billing Postgres."],
                 ["Billing comes in via CDC from the Postgres replica, not the primary.",
                  "Change data capture off the read replica feeds billing into the lake."]),
  "clickstream": (["Clickstream events are a source.", "Team ingests web analytics events."],
                  ["Clickstream lands as hourly gzipped JSON in the raw bucket, about 40 GB a day.",
                   "Site event logs arrive compressed every hour, roughly forty gigabytes daily."])})

# ================================================================ set-valued, project scope
multi("lender", "project", False, True, {
  "private_collector": (["A private collector is lending to the exhibition.",
                         "Project borrows objects from a private collection."],
                        ["The private lender sends six watercolours and insists on no photography.",
                         "Six watercolours come from a collector who forbids any photos of them."]),
  "city_archive": (["The city archive is a lender.", "Project has loans from the municipal archive."],
                   ["The city archive lends the 1848 council minutes, on condition of 50 lux at most.",
                    "The municipal records office loans its 1848 minute books with a strict light cap."]),
  "university_library": (["A university library is lending too.", "Project includes loans from a university library."],
                         ["The university's special collections lend two incunabula, courier-accompanied.",
                          "Two fifteenth-century printed books travel from the college's rare-books room with a courier."])})
multi("permit", "project", False, True, {
  "hot_work": (["Hot work needs a permit on this site.", "Project requires hot work permits."],
               ["Hot work permits last one shift and need a fire watch for 60 minutes afterwards.",
                "Welding and grinding need a one-shift permit plus an hour of fire watch after."]),
  "confined_space": (["We issue confined space permits.", "Project has confined space entry permits."],
                     ["Entry into the manholes needs a gas test and a standby person at the top.",
                      "Going down the chambers means atmosphere testing and a top-man on watch."]),
  "excavation": (["Digging requires an excavation permit.", "Project issues permits to dig."],
                 ["Any dig over 1.2 m deep needs a CAT scan for buried services and shoring.",
                  "Trenches deeper than one point two metres need a cable-locator sweep and trench support."]),
  "lifting": (["Crane lifts need a lifting permit.", "Project requires a permit for lifting operations."],
              ["Every tandem lift needs a signed lift plan from the appointed person.",
               "Two-crane picks go ahead only with an appointed person's written plan."])})
multi("data_quality_check", "project", False, True, {
  "not_null": (["We run not-null checks.", "Project tests columns for nulls."],
               ["customer_id and order_date must never be null in the orders table.",
                "The orders model fails if either the customer key or the order date is empty."]),
  "uniqueness": (["There's a uniqueness check.", "Project checks keys for duplicates."],
                 ["order_id must be unique within each day's partition.",
                  "Each daily partition may contain any order number only once."]),
  "freshness": (["Freshness is checked.", "Project monitors data freshness."],
                ["The events source warns after 2 hours without new rows and errors after 6.",
                 "No new event rows for two hours raises a warning; six hours fails the run."]),
  "accepted_values": (["We check accepted values.", "Project validates columns against allowed values."],
                      ["status may only be pending, shipped, delivered or returned.",
                       "Order state outside the four known codes fails the test."])})
multi("stratification_factor", "project", False, True, {
  "age_group": (["Randomisation is stratified by age.", "Project stratifies by age group."],
                ["Age strata are under 65 versus 65 and over.",
                 "Participants split at sixty-five years for the allocation."]),
  "region": (["Region is a stratification factor.", "Project stratifies by geographic region."],
             ["Regions are North America, Europe and Asia-Pacific.",
              "Three geography strata: the Americas north of Mexico, the EU plus UK, and APAC."]),
  "prior_therapy": (["Prior treatment is a stratification factor.", "Project stratifies on prior therapy."],
                    ["Stratified by whether patients had a previous biologic.",
                     "Earlier exposure to a biologic drug defines two strata."])})
multi("segment", "project", False, True, {
  "news_roundup": (["The show has a news segment.", "Project's podcast includes a news roundup."],
                   ["Each episode opens with a five-minute headlines roundup.",
                    "Every show starts with five minutes of the week's headlines."]),
  "listener_mail": (["There's a listener mail segment.", "Project reads out listener questions."],
                    ["Listener voicemails are played in the last ten minutes.",
                     "The final ten minutes are audience voice messages."]),
  "interview": (["We do interviews on the podcast.", "Project's show has an interview segment."],
                ["The interview is recorded remotely a week ahead and edited to 20 minutes.",
                 "Guest conversations are taped online seven days early and trimmed to twenty minutes."])})

# ---------------------------------------------------------------- prefixes, tools, chatter
CHANGE_PREFIX = {"I": ["As of today, ", "This has changed - ", "Replacing the earlier value: ", "Fresh update: "]}
ADD_PREFIX = {"I": ["Also on the list: ", "And there's this one: ", "Count this in as well: "]}

# tool id -> (names, {failure kind: symptom wordings}); bank I uses every wording
TOOLS = {
  "vet_booking": (["PawBook", "booking.pawbook-vets.net", "the vet's online booking page"], {
      "slot_conflict": ["slot 09:40 already taken by another patient",
                        "double booking detected on the Tuesday surgery list",
                        "appointment could not be held: calendar locked by reception"],
      "sms_undelivered": ["SMS gateway returned status 30003 (unreachable handset)",
                          "reminder text queued for 3 days, never delivered",
                          "carrier rejected the message: sender ID not registered"]}),
  "home_energy": (["GridGlance", "ihd-gateway.local", "the in-home energy display"], {
      "stale_reading": ["last meter reading is 19 hours old",
                        "consumption graph flat at 0.0 kWh since midnight",
                        "gas register not updated since Tuesday"],
      "pairing_lost": ["Zigbee join failed, device not in the meter's allow list",
                       "display lost its link to the comms hub",
                       "pairing code rejected by the smart meter (error 0x2F)"]}),
  "flashcard_sync": (["DeckSync", "sync.decksync.org", "the flashcard sync service"], {
      "merge_conflict": ["collection modified on two devices, full upload required",
                         "review log conflict for 312 cards",
                         "schema changed on the server; choose local or remote"],
      "media_missing": ["audio file kanji_0457.mp3 not found on server",
                        "37 images referenced by notes are missing",
                        "media check: 4 files exceed the 100 MB sync limit"]}),
  "payroll_run": (["PayRun Cloud", "payrun-batch-02", "the monthly payroll run"], {
      "tax_code_missing": ["employee 10482 has no tax code for the period",
                           "RTI submission blocked: 3 records without a tax code",
                           "emergency code applied while waiting for the tax office notice"],
      "bank_file_rejected": ["BACS file failed validation at line 214",
                             "SEPA XML rejected: IBAN checksum invalid for one payee",
                             "payment file arrived after the bank's 15:00 cut-off"]}),
  "pipeline_scheduler": (["FlowLoom", "flowloom-scheduler.prod", "the pipeline scheduler"], {
      "upstream_missing": ["sensor timed out waiting for raw/clicks/dt=2025-03-14",
                           "upstream task load_billing never reached success",
                           "dependency on the CRM extract still queued after 3 h"],
      "worker_evicted": ["pod evicted: node memory pressure",
                         "worker lost heartbeat mid-task; task marked zombie",
                         "spot instance reclaimed, 4 running tasks killed"]}),
  "store_upload": (["StorePush", "storepush-cli", "the app-store upload step"], {
      "signing_failed": ["provisioning profile expired on 2 March",
                         "code signature invalid: certificate not trusted",
                         "keystore alias 'release' not found"],
      "review_rejected": ["rejected under guideline 5.1.1 - data collection disclosure",
                          "metadata rejected: screenshots show a different device",
                          "binary rejected for calling a private API"]}),
}
OBS_FRAMES = {"I": ["Tool call to {t} came back failed: {s}", "Agent note - {t} errored out: {s}.",
                    "FAILED: {t} / {s}", "Unsuccessful attempt with {t}; it said {s}"]}

CHATTER = {"I": [
  # greetings and farewells
  "Morning!", "Evening all.", "Night, talk tomorrow.", "Back again.",
  # dictation artefacts
  "full stop new paragraph", "comma comma delete that", "[inaudible]",
  # attachment placeholders
  "[attachment: screenshot.png]", "see screenshot", "(voice message, 0:23)",
  # time pressure
  "Quick one before my next call.", "Two more questions and I'm done.", "Need to leave in five.",
  # thanks and praise
  "Cheers, that helps.", "Brilliant, thank you!", "You're a lifesaver.",
  # frustration
  "ugh", "Argh, this again.", "Why is nothing simple today.",
  # reading back and checking understanding
  "So step two comes before step three, right?", "Let me repeat that back to you.",
  "Wait, which one did you mean?",
  # undecided
  "Not sure yet.", "Still deciding, hold that thought.", "Could go either way.",
  # emoji and very short
  "heh", "lol", "\U0001F643 whatever",
  # topic switches
  "Anyway, moving on.", "Different question now.", "Back to the earlier thing.",
  # transient first-person states
  "My laptop fan is screaming.", "Waiting for the kettle to boil.", "On a call, typing one-handed.",
  "Kids are finally asleep.",
  # meta about the chat
  "Scroll up, I sent it earlier.", "This chat is getting long.", "Reading your reply now.",
  "Hold on, the page is reloading.", "Phone's ringing, one moment.", "Okay, scrolling back up.",
  # typing slips
  "sry typo", "ignore the caps",
  # extractor voice, still transient
  "Assistant is pulling up the figures now.", "User paused to check their calendar.",
  "User said they would come back to this.", "The conversation moved on to another topic."]}
