"""Phrase bank F for gen.py (held out for a final blind run).

Written by a helper that never saw memcurator's code; only the harness files of the benchmark
(README.md, banks.py, banks_c.py, BANK_C.md, banks_d.py, BANK_D.md, banks_e.py, BANK_E.md, gen.py,
score.py, run.sh), shared/SPEC.md and the write policy were read.

Same shape as banks_e.py, self-contained and used whole (no even/odd split):
  single: S[key] = dict(id, scope, lex, kind="single", new, values={value_id: [surfaces]}, F=[frames])
  set:    SETS[key] = dict(id, scope, lex, kind="set", new, members={member_id: (base[], refined[])})
`new` = the attribute id exists in none of banks A, B, C, D, E. The one shared attribute
(timezone, user scope) keeps the attribute id and value ids of the earlier banks but uses new
frames and new surfaces only. `lex` = a generic attribute lexicon would plausibly list it (doc only).

Adversarial names on purpose: single-valued attributes named with plural nouns (measurement_units
(user and team), shirt_sizes, cleaner_visits, interviewers, kitchen_duties, funder_reports) and
set-valued attributes named in the singular or with mass nouns (streaming_service, vegetable_patch,
sport, volunteer_work, vehicle, course_enrolment, smart_home, kitchen_equipment, lab_equipment,
social_media, interview_question, funder, font_license, stakeholder, packaging_material,
subcontractor). Ordinary plural sets for contrast: podcast_subscriptions, team_rituals.
"""

S = {}
SETS = {}


def single(key, scope, lex, new, values, frames, aid=None):
    S[key] = dict(id=aid or key, scope=scope, lex=lex, kind="single", new=new, values=values, F=frames)


def multi(key, scope, lex, new, members, aid=None):
    SETS[key] = dict(id=aid or key, scope=scope, lex=lex, kind="set", new=new, members=members)


# ================================================================ single-valued, user scope
# ---------------------------------------------------------------- same topic at two scopes (user side)
single("spelling_variant@user", "user", False, True,
  {"en_gb": ["British-style English", "UK spelling (colour, organise)"],
   "en_us": ["American English", "US spelling (color, organize)"],
   "en_ca": ["Canadian English", "the Canadian mix of colour and organize"]},
  ["User prefers {v} in anything written on their behalf.", "Spelling for me - {v}.",
   "When you proofread my drafts, switch everything to {v}.",
   "If a document goes out under my name it should use {v}."],
  aid="spelling_variant")
single("weekly_update_day@user", "user", False, True,
  {"friday": ["on Friday afternoons", "each Fri before logging off"],
   "thursday": ["on Thursday mornings", "every Thu at 10"],
   "monday": ["on Monday mornings", "first thing each Mon"]},
  ["User sends their weekly status update {v}.", "Writes the weekly update {v}.",
   "my weekly update goes out {v}",
   "Don't chase me for the weekly report before it's due - I post it {v}."],
  aid="weekly_update_day")
single("measurement_units@user", "user", False, True,
  {"metric": ["metric (km, kg, \u00b0C)", "the metric system"],
   "imperial": ["imperial (miles, pounds, \u00b0F)", "US customary units"],
   "uk_mixed": ["the British mix - miles for distance, metric for the rest", "miles and pints, otherwise metric"]},
  ["User wants quantities expressed in {v}.", "units (me): {v}",
   "Convert any recipe or route you send me to {v}.", "I think in {v}, so please don't make me convert."],
  aid="measurement_units")

# ---------------------------------------------------------------- shared with earlier banks
single("timezone", "user", True, False,
  {"cet": ["GMT+1 (Central Europe)", "Amsterdam/Rome hours"],
   "pacific": ["GMT-8, America/Los_Angeles", "Seattle hours"],
   "ist": ["GMT+5:30", "Chennai hours"]},
  ["User's timezone: {v}.", "Operates on {v}.",
   "If you propose a call, give the time in {v} so I don't have to convert.", "Time zone for me? {V}."])

# ---------------------------------------------------------------- media, home, daily life
single("reading_format", "user", False, True,
  {"ebook": ["e-books on a Kindle", "digital copies for the e-reader"],
   "paperback": ["paperbacks", "printed softcover editions"],
   "audiobook": ["audiobooks", "the narrated version via Audible"]},
  ["Prefers {v} for reading.", "Book gifts for me should be {v}.",
   "For book club picks, get me {v}.", "reading: {v}"])
single("podcast_speed", "user", False, True,
  {"speed_1x": ["normal speed", "1.0x, no speed-up"],
   "speed_1_5x": ["one and a half times speed", "1.5x"],
   "speed_2x": ["double speed", "2x"]},
  ["Listens to podcasts at {v}.", "User plays back meeting recordings at {v}.",
   "playback: {v}", "Set the player to {v} before you hand me a recording."])
single("grocery_delivery_slot", "user", False, True,
  {"sat_morning": ["Saturday between 8 and 10", "early Saturday morning"],
   "thu_evening": ["Thursday 18:00-20:00", "Thursday evening after work"],
   "sun_afternoon": ["Sunday afternoon", "Sun 14-16h"]},
  ["User books grocery deliveries for {v}.", "Has groceries delivered {v}.",
   "If you reorder groceries, choose {v} for delivery.", "Preferred grocery slot: {v}."])
single("bedtime", "user", True, True,
  {"bt_2200": ["around 10 pm", "at 22:00"],
   "bt_2300": ["around 11 pm", "at 23:00 sharp"],
   "bt_0000": ["around midnight", "at 00:00 or just after"]},
  ["User goes to bed {v} and doesn't want notifications after that.", "Usually asleep {v}.",
   "Lights out for me {v}.", "Night-time messages can wait; I turn in {v}."])
single("shirt_sizes", "user", False, True,
  {"s": ["small", "size S"],
   "m": ["medium", "an M"],
   "xl": ["extra large", "XL"]},
  ["Shirt sizes for me: {v}.", "User wears {v} in T-shirts and hoodies.",
   "When you order the conference merch, put me down for {v}.", "I take {v} in tops."])
single("car_service_interval", "user", False, True,
  {"every_15000_km": ["every 15,000 km", "each fifteen thousand kilometres"],
   "yearly": ["every twelve months", "once annually regardless of mileage"],
   "every_30000_km": ["every 30,000 km", "each thirty thousand kilometres"]},
  ["User's car goes in for a service {v}.", "Book the car into the garage {v}.",
   "car service: {v}", "The dealer told me to bring the car in {v}, so set reminders for that."])
single("ev_charging", "user", False, True,
  {"overnight_home": ["overnight on the home wallbox", "at home at night"],
   "office_charger": ["at the office chargers during the day", "on the work car park's charging points"],
   "fast_charger": ["at motorway fast chargers", "on DC rapid chargers when needed"]},
  ["User charges their EV {v}.", "Charges the electric car {v}.",
   "My car gets topped up {v}.", "If you plan a road trip for me, remember I charge {v}."])
single("weekly_running_distance", "user", False, True,
  {"km_20": ["20 km", "twenty kilometres"],
   "km_35": ["35 km", "thirty-five kilometres"],
   "km_50": ["50 km", "31 miles"]},
  ["User runs {v} a week.", "weekly mileage: {v}",
   "My training plan has me at {v} per week right now.", "Build my running schedule around {v} weekly, no more."])
single("watering_schedule", "user", False, True,
  {"daily": ["every day", "once a day, in the evening"],
   "every_other_day": ["every other day", "on alternate days"],
   "twice_weekly": ["twice a week", "two times weekly, Mon and Thu"]},
  ["User waters the balcony plants {v}.", "The balcony boxes need watering {v}; remind me.",
   "plants: water {v}", "When I'm away, tell the house-sitter to water {v}."])
single("news_briefing_time", "user", False, True,
  {"morning_7": ["at 7 am", "at seven in the morning"],
   "noon": ["at midday", "at 12:00 noon"],
   "evening_6": ["at 6 pm", "at 18:00 after work"]},
  ["User wants the daily news digest delivered {v}.", "Send my news briefing {v}.",
   "daily briefing {v} pls", "I read the headlines {v}, so have the summary ready by then."])
single("language_level", "user", False, True,
  {"a2": ["A2", "upper beginner"],
   "b1": ["B1", "lower intermediate"],
   "b2": ["B2", "upper intermediate"]},
  ["User's Spanish is at {v} level.", "Currently studying Spanish at {v}.",
   "Pick Spanish reading material for me at {v}.", "my spanish: {v}"])
single("thermostat_setting", "user", False, True,
  {"c19": ["19 \u00b0C", "nineteen degrees"],
   "c21": ["21 \u00b0C", "twenty-one degrees"],
   "c23": ["23 \u00b0C", "twenty-three degrees"]},
  ["User keeps the home thermostat at {v}.", "Keeps the heating at {v} during the day.",
   "Set the smart thermostat to {v} when I'm home.", "I'm comfortable at {v}; anything else feels off."])
single("cleaner_visits", "user", False, True,
  {"weekly_monday": ["each Monday morning", "weekly, Mon"],
   "biweekly_friday": ["every second Friday", "fortnightly on Fri"],
   "monthly": ["monthly, on a Tuesday", "the first Tuesday of every month"]},
  ["User's cleaner comes {v}.", "Has a cleaner booked {v}.", "Cleaner visits: {v}.",
   "Leave the spare key under the mat {v} - that's when the cleaner is in."])
single("focus_music", "user", False, True,
  {"lofi": ["lo-fi beats", "chillhop playlists"],
   "classical": ["classical music", "Bach and other baroque stuff"],
   "silence": ["silence", "no music at all, noise-cancelling on"]},
  ["User prefers {v} while concentrating.", "Concentrates best with {v}.",
   "When I'm heads-down, it's {v}.", "Deep-work soundtrack? {V}."])
single("email_client", "user", True, True,
  {"outlook": ["Outlook", "the Microsoft desktop mail app"],
   "gmail_web": ["Gmail in the browser", "Google's webmail"],
   "thunderbird": ["Thunderbird", "Mozilla's mail client"]},
  ["Reads and sends email in {v}.", "mail client: {v}",
   "Give me instructions for {v} when you explain mail filters.", "Everything I send goes through {v}."])
single("default_browser", "user", True, True,
  {"firefox": ["Firefox", "the browser from Mozilla"],
   "chrome": ["Chrome", "Google's browser"],
   "safari": ["Safari", "Apple's built-in browser"]},
  ["User's default browser is {v}.", "Test the links in {v}, it's what I click from.",
   "browser of choice: {v}", "Bookmarks and passwords all live in {v} for me."])

# ================================================================ single-valued, team scope
# ---------------------------------------------------------------- same topic at two scopes (team side)
single("spelling_variant@team", "team", False, True,
  {"en_gb": ["en-GB", "British spelling with -ise endings"],
   "en_us": ["en-US", "American spelling throughout"],
   "en_ca": ["en-CA", "Canadian conventions"]},
  ["Team convention: customer-facing copy is written in {v}.", "The team requires {v} in all documentation.",
   "Our style guide says {v}.", "House style here is {v}; reviewers flag anything else."],
  aid="spelling_variant")
single("weekly_update_day@team", "team", False, True,
  {"friday": ["by Friday noon", "before 12:00 on Friday"],
   "thursday": ["by Thursday EOD", "before close of play Thursday"],
   "monday": ["by Monday 10:00", "before ten on Monday"]},
  ["The team requires weekly status updates {v}.", "Team convention: weekly updates are posted in the channel {v}.",
   "Everyone on the team files their update {v}.", "Weekly reports due {v} - that's the team rule."],
  aid="weekly_update_day")
single("measurement_units@team", "team", False, True,
  {"metric": ["SI units", "metres, kilograms and degrees Celsius"],
   "imperial": ["imperial units", "feet, pounds and Fahrenheit"],
   "uk_mixed": ["metric with miles for road distances", "mostly SI, except miles and mph"]},
  ["Team convention: reports and dashboards use {v}.", "All team specs are written in {v}.",
   "We standardised on {v} across the team after the supplier mix-up.", "units policy (team) - {v}"],
  aid="measurement_units")

# ---------------------------------------------------------------- hiring, office life, lab, marketing
single("interview_format", "team", False, True,
  {"take_home": ["a take-home exercise", "a small assignment candidates do at home"],
   "pair_session": ["a live pairing session", "ninety minutes of coding together with an engineer"],
   "portfolio_review": ["a portfolio walkthrough", "a review of past work the candidate brings"]},
  ["The team requires {v} as the technical interview step.", "Hiring loop, tech stage: {v}.",
   "Every engineering candidate goes through {v}.", "We assess candidates with {v} rather than whiteboard puzzles."])
single("interviewers", "team", False, True,
  {"two": ["two interviewers", "a pair of panelists"],
   "three": ["three interviewers", "3 panelists"],
   "four": ["four interviewers", "4 panel members"]},
  ["Team convention: each onsite has {v}.", "loop size: {v}",
   "Never schedule more than {v} for one candidate.", "A hiring loop on our team is staffed with {v}."])
single("offsite_frequency", "team", False, True,
  {"quarterly": ["each quarter", "four times a year"],
   "twice_yearly": ["twice annually", "in spring and again in autumn"],
   "yearly": ["annually", "just once every year"]},
  ["The team holds an offsite {v}.", "Team convention: we get together in person {v}.",
   "team offsites: {v}", "Budget for a team offsite {v}, as agreed with the director."])
single("kitchen_duties", "team", False, True,
  {"weekly_rotation": ["a weekly rota", "one person per week, taking turns"],
   "daily_rotation": ["a daily rota", "a different person each day"],
   "cleaner": ["the office cleaner, not us", "the building's cleaning crew"]},
  ["Team convention: kitchen duties are handled by {v}.", "Kitchen duties on our floor: {v}.",
   "Who empties the dishwasher? {V}.", "The team keeps the kitchen tidy via {v}."])
single("sample_storage_temp", "team", False, True,
  {"minus_80": ["-80 \u00b0C", "minus eighty degrees"],
   "minus_20": ["-20 \u00b0C", "minus twenty in the standard freezer"],
   "four_c": ["4 \u00b0C", "fridge temperature, about four degrees"]},
  ["The team requires samples to be stored at {v}.", "Sample storage: {v}.",
   "Put incoming samples away at {v}, no exceptions.", "Our SOP keeps biological samples at {v}."])
single("blog_cadence", "team", False, True,
  {"weekly": ["each week", "on a weekly rhythm"],
   "biweekly": ["each second week", "once a fortnight"],
   "monthly": ["each month", "on a monthly rhythm"]},
  ["The team publishes a blog post {v}.", "Team convention: the blog gets a new article {v}.",
   "blog cadence: {v}", "New posts on the company blog go live {v}; plan the editorial calendar around that."])

# ================================================================ single-valued, project scope
single("accessibility_target", "project", False, True,
  {"wcag_a": ["WCAG 2.1 Level A", "the minimum single-A conformance"],
   "wcag_aa": ["WCAG 2.1 AA", "double-A conformance"],
   "wcag_aaa": ["WCAG 2.1 AAA", "triple-A (the strictest level)"]},
  ["Project targets {v} for accessibility.", "The project requires {v} for every new screen.",
   "a11y target: {v}", "Before launch, an external audit must confirm {v}."])
single("content_platform", "project", True, True,
  {"wordpress": ["WordPress", "a self-hosted WP install"],
   "contentful": ["Contentful", "the headless SaaS platform we license"],
   "sanity": ["Sanity", "the open-source studio with GROQ queries"]},
  ["Project uses {v} as its CMS.", "The project's content is edited in {v}.",
   "cms: {v}", "Marketing can publish without a deploy because pages live in {v}."])
single("print_finish", "project", False, True,
  {"matte": ["matte paper", "a dull, non-reflective finish"],
   "gloss": ["gloss paper", "a shiny high-sheen coating"],
   "uncoated": ["uncoated stock", "raw sheets with no coating"]},
  ["Project specifies {v} for all print runs.", "Print finish: {v}.",
   "Tell the printer we want {v}.", "The catalogue and flyers go out on {v}."])
single("shipping_carrier", "project", True, True,
  {"dhl": ["DHL", "the Deutsche Post parcel service"],
   "ups": ["UPS", "United Parcel Service"],
   "postnl": ["PostNL", "the Dutch postal carrier"]},
  ["Project ships orders with {v}.", "carrier: {v}",
   "All parcels for this shop are handed to {v}.", "If you generate shipping labels, make them for {v}."])
single("funder_reports", "project", False, True,
  {"quarterly": ["quarterly", "four times per year"],
   "semiannual": ["half-yearly", "two times per year"],
   "final_only": ["only at the end of the grant", "once, when the grant closes"]},
  ["Project reports to its funder {v}.", "Funder reports: {v}.",
   "The grant agreement says we report {v}.", "Progress reports to the foundation are due {v}."])
single("fire_rating", "project", False, True,
  {"ei30": ["EI 30", "thirty minutes of fire resistance"],
   "ei60": ["EI 60", "one hour of fire resistance"],
   "ei90": ["EI 90", "ninety minutes of resistance to fire"]},
  ["Project requires {v} for the stairwell doors.", "Fire rating (doors, stairwell): {v}.",
   "The fire engineer signed off on {v} for the escape route doors.", "Any door we order for the stairwell needs {v}."])
single("paper_size", "project", True, True,
  {"a4": ["A4", "210 x 297 mm"],
   "letter": ["US Letter", "8.5 by 11 inches"],
   "a3": ["A3", "297 x 420 mm"]},
  ["Project documents use {v} page size.", "page size: {v}",
   "Export every PDF for this project in {v}.", "The client prints on {v}, so lay it out for that."])
single("venue_type", "project", False, True,
  {"hotel": ["a hotel conference suite", "a function room in a hotel"],
   "conference_centre": ["a purpose-built conference centre", "a convention hall"],
   "rooftop": ["a rooftop terrace", "an open-air roof space"]},
  ["Project requires {v} for the launch event.", "The summit for this project takes place at {v}.",
   "venue: {v}", "When you scout for the launch, look for {v}."])

# ================================================================ set-valued, user scope
multi("streaming_service", "user", False, True, {
  "netflix": (["I have a Netflix subscription.", "User subscribes to Netflix."],
              ["Netflix is the standard plan with ads, shared with my sister.",
               "The Netflix account is the ad-supported tier; my sister uses it too."]),
  "spotify": (["Spotify is one of my subscriptions.", "Pays for Spotify Premium."],
              ["Spotify is a Duo plan with my partner, billed on the 14th.",
               "My Spotify Duo renews on the 14th of each month."]),
  "disney_plus": (["We've got Disney+ at home.", "User has Disney Plus."],
                  ["Disney+ is the annual plan, renewing every November.",
                   "The Disney Plus subscription is paid yearly, due in November."])})
multi("vegetable_patch", "user", False, True, {
  "tomatoes": (["I grow tomatoes.", "Tomatoes are in my veg patch."],
               ["The tomatoes are San Marzano and cherry, staked along the south fence.",
                "I grow cherry and San Marzano tomatoes against the south-facing fence."]),
  "courgettes": (["There are courgettes in my garden.", "User grows zucchini."],
                 ["Two courgette plants in the raised bed - far too many courgettes by August.",
                  "The zucchini are in the raised bed, just two plants."]),
  "herbs": (["My patch has a herb corner.", "Grows herbs at home."],
            ["Basil, thyme and rosemary in pots by the kitchen door.",
             "The herbs are in pots by the back door: basil, rosemary, thyme."]),
  "strawberries": (["Strawberries grow in my garden too.", "User has a strawberry bed."],
                   ["The strawberries are in hanging baskets, ripe from mid-June.",
                    "Hanging-basket strawberries, usually ready around the middle of June."])})
multi("sport", "user", True, True, {
  "tennis": (["I play tennis.", "Tennis is one of the user's sports."],
             ["Doubles at the club on Wednesday nights, NTRP around 3.5.",
              "I'm a 3.5-level doubles player; club night is Wednesday."]),
  "climbing": (["I go bouldering.", "Climbing is a regular thing for me."],
               ["Bouldering at the indoor gym, usually V4-V5 problems.",
                "I climb indoors, grades V4 to V5, twice weekly."]),
  "rowing": (["I row.", "User is a rower."],
             ["I row in a coxed four on the river, Sunday mornings at 7.",
              "Sunday 07:00 outings on the river in a coxed four."])})
multi("volunteer_work", "user", False, True, {
  "food_bank": (["I volunteer at a food bank.", "Volunteers at the local food bank."],
                ["Every second Saturday I sort donations at the Tafel from 9 to 1.",
                 "At the food bank I do the donation sorting shift, alternate Saturdays, 9-13h."]),
  "tutoring": (["I tutor kids as a volunteer.", "User does volunteer tutoring."],
               ["I tutor two Year 9 pupils in maths over Zoom on Tuesdays.",
                "Volunteer maths tutoring, two fourteen-year-olds, Tuesday evenings online."]),
  "park_cleanup": (["I help with park clean-ups.", "Takes part in litter picks in the park."],
                   ["The park clean-up crew meets the first Sunday of each month at the lake entrance.",
                    "Litter picks are monthly, first Sunday, starting at the lakeside gate."])})
multi("vehicle", "user", True, True, {
  "cargo_bike": (["I own a cargo bike.", "Has a cargo bike for the school run."],
                 ["It's a long-tail e-cargo bike with two child seats.",
                  "The cargo bike is electric, long-tail, and seats both kids."]),
  "hybrid_car": (["I've got a hybrid car.", "There's a hybrid in our driveway."],
                 ["The hybrid is a 2021 Toyota Corolla Touring Sports.",
                  "Our car is a Corolla estate hybrid from 2021."]),
  "e_scooter": (["I also have an e-scooter.", "Owns an electric kick scooter."],
                ["The scooter does about 25 km on a charge and folds for the train.",
                 "My foldable e-scooter has a 25-kilometre range."])})
multi("podcast_subscriptions", "user", False, True, {
  "history_pod": (["I follow a history podcast.", "User listens to a history podcast."],
                  ["The history one is 'The Rest Is History', new episodes Mondays and Thursdays.",
                   "My history podcast is The Rest Is History; I catch every new episode."]),
  "tech_news_pod": (["A daily tech news podcast is in my feed.", "Subscribes to a tech news show."],
                    ["For tech news I listen to a 15-minute daily briefing on my commute.",
                     "The tech news show is a quarter-hour daily I play on the train."]),
  "language_pod": (["I subscribe to a Spanish learning podcast.", "Listens to a language-learning podcast."],
                   ["It's 'Coffee Break Spanish', currently on season 3.",
                    "My Spanish podcast is Coffee Break Spanish, third season now."])})
multi("course_enrolment", "user", False, True, {
  "ux_certificate": (["I'm enrolled in a UX design certificate.", "User is taking a UX course."],
                     ["The UX certificate is online, 6 months, assignments due every Sunday.",
                      "Six-month online UX programme with weekly Sunday deadlines."]),
  "evening_spanish": (["I take an evening Spanish class.", "Attends Spanish classes at night school."],
                      ["Spanish at the Volkshochschule, Mondays 19:00-20:30.",
                       "The night-school Spanish class runs Monday 7 to 8:30 pm."]),
  "first_aid": (["I signed up for a first-aid course.", "User is doing first aid training."],
                ["First aid is a two-day Red Cross course on 15-16 March.",
                 "The Red Cross first-aid training is two days in mid-March."])})
multi("smart_home", "user", False, True, {
  "thermostat": (["I have a smart thermostat.", "Home has a connected thermostat."],
                 ["It's a tado system on all six radiators.",
                  "Smart radiator valves from tado on the six radiators."]),
  "robot_vacuum": (["A robot vacuum cleans my flat.", "User owns a robot hoover."],
                   ["The robot vacuum runs at 10:00 on weekdays while I'm out.",
                    "Roborock S7, scheduled for weekday mornings at ten."]),
  "video_doorbell": (["I've got a video doorbell.", "There is a camera doorbell at the front door."],
                     ["The doorbell is a Ring, recordings kept 30 days.",
                      "Ring doorbell with a 30-day clip history."])})
multi("kitchen_equipment", "user", False, True, {
  "pressure_cooker": (["I cook with a pressure cooker.", "There's a pressure cooker in my kitchen."],
                      ["It's a 6-litre Instant Pot, used for dal and stock.",
                       "My Instant Pot (6 l) mostly makes lentils and broth."]),
  "stand_mixer": (["I have a stand mixer.", "Owns a stand mixer for baking."],
                  ["A KitchenAid Artisan in red, with the dough hook.",
                   "The mixer is a red KitchenAid; I use the dough hook for bread."]),
  "air_fryer": (["I use an air fryer a lot.", "User has an air fryer."],
                ["The air fryer is a 5.5-litre dual-basket model.",
                 "Dual drawers on my air fryer, 5.5 l in total."])})

# ================================================================ set-valued, team scope
multi("team_rituals", "team", False, True, {
  "show_and_tell": (["We do a show-and-tell as a team.", "Team ritual: show-and-tell."],
                    ["Show-and-tell is the last Thursday of the month, 20 minutes, anyone can demo.",
                     "Monthly show-and-tell on the final Thursday - 20-minute open demos."]),
  "book_club": (["The team has a book club.", "There's a team reading group."],
                ["Book club meets every six weeks over lunch; we're on 'Team Topologies' now.",
                 "Our reading group is a lunch session every 6 weeks, currently Team Topologies."]),
  "friday_quiz": (["There's a Friday quiz on our team.", "We run a pub quiz on Fridays."],
                  ["The Friday quiz is at 4:30 pm, ten questions, rotating quizmaster.",
                   "Quiz at 16:30 on Fridays; whoever won last time writes the next ten questions."])})
multi("lab_equipment", "team", False, True, {
  "centrifuge": (["The lab has a centrifuge.", "Our team's lab includes a centrifuge."],
                 ["The centrifuge is refrigerated and takes 50 ml tubes; book it in the shared calendar.",
                  "Our cooled centrifuge handles 50 mL Falcon tubes and must be booked."]),
  "pcr_machine": (["We have a PCR machine.", "There's a thermocycler in our lab."],
                  ["The thermocycler is a 96-well qPCR unit on bench 4.",
                   "Bench 4 has our 96-well real-time PCR machine."]),
  "fume_hood": (["The team has a fume hood.", "A fume cupboard is part of our lab."],
                ["The fume hood was recertified in January; airflow is checked yearly.",
                 "Annual airflow check on the fume cupboard, last passed in January."]),
  "plate_reader": (["A plate reader is available to the team.", "Our lab owns a microplate reader."],
                   ["The plate reader does absorbance and fluorescence on 384-well plates.",
                    "Our microplate reader handles 384 wells, absorbance plus fluorescence."])})
multi("social_media", "team", False, True, {
  "linkedin": (["The team posts on LinkedIn.", "LinkedIn is one of our channels."],
               ["On LinkedIn we post Tuesdays and Thursdays from the company page.",
                "Company-page LinkedIn posts go out twice a week, Tue and Thu."]),
  "instagram": (["We run an Instagram account.", "Team manages Instagram for the brand."],
                ["Instagram is mostly Reels, three per week, handle @acme.studio.",
                 "Our Instagram (@acme.studio) publishes about three Reels a week."]),
  "mastodon": (["We're on Mastodon as well.", "The team also posts to Mastodon."],
               ["Our Mastodon account is on fosstodon.org and cross-posts the blog.",
                "The Mastodon profile lives on fosstodon.org; blog posts get mirrored there."])})
multi("interview_question", "team", False, True, {
  "rate_limiter": (["One of our interview questions is designing a rate limiter.",
                    "Team asks candidates to design a rate limiter."],
                   ["The rate-limiter question expects a token bucket and a Redis follow-up.",
                    "For the rate limiter we look for token-bucket reasoning and ask about Redis."]),
  "parking_lot": (["We use a parking-lot design question.",
                   "There's a parking garage modelling exercise in our question bank."],
                  ["The parking-lot question is for juniors and focuses on class design.",
                   "Juniors get the parking garage exercise; it's about object modelling."]),
  "log_parser": (["Candidates sometimes get a log parser task.", "Our question set includes writing a log parser."],
                 ["The log-parser task is 45 minutes, in any language, on a 2 MB sample file.",
                  "Forty-five minutes to parse a 2 MB access log, language of their choice."])})

# ================================================================ set-valued, project scope
multi("funder", "project", False, True, {
  "eu_horizon": (["This project is funded by Horizon Europe.", "Project receives EU Horizon funding."],
                 ["Horizon Europe pays 70% of eligible costs until 2027.",
                  "The EU grant funds seventy percent of eligible costs, ending 2027."]),
  "dfg": (["The DFG co-funds this project.", "Part of the money comes from the German Research Foundation."],
          ["The DFG grant pays for two doctoral positions.",
           "German Research Foundation money covers the two PhD posts."]),
  "wellcome": (["Wellcome is one of the funders here.", "Project has funding from the Wellcome Trust."],
               ["Wellcome funds the patient-engagement work package, GBP 250k.",
                "The Wellcome Trust contribution is 250,000 pounds for patient engagement."])})
multi("font_license", "project", False, True, {
  "inter": (["We have Inter as a licensed font here.", "Project uses the Inter font."],
            ["Inter is under the SIL Open Font License, so self-hosting is fine.",
             "Inter ships under OFL 1.1 - we can embed and self-host it."]),
  "source_serif": (["Source Serif is among the project's fonts.", "We've cleared Source Serif for use on this project."],
                   ["Source Serif 4 is used for long-form body copy, OFL licensed.",
                    "We set long articles in Source Serif 4, which is open-licensed."]),
  "ibm_plex": (["IBM Plex is in the project's font set.", "Plex from IBM is one of our cleared typefaces."],
               ["Only IBM Plex Mono is used, for code samples.",
                "We use the Plex Mono cut exclusively for code snippets."])})
multi("stakeholder", "project", True, True, {
  "legal_team": (["Legal is a stakeholder on this project.", "Project stakeholders include the legal team."],
                 ["Legal signs off on every contract template before release; contact is Priya.",
                  "Priya from legal must approve all contract templates."]),
  "marketing": (["Marketing has a stake in this project.", "The marketing department is a stakeholder here."],
                ["Marketing reviews the launch copy two weeks before go-live.",
                 "Launch messaging goes to marketing for review a fortnight ahead."]),
  "finance": (["Finance is also a stakeholder.", "Stakeholder list includes finance."],
              ["Finance needs the cost forecast updated on the 5th of every month.",
               "Every month by the 5th, finance expects a refreshed cost forecast."])})
multi("packaging_material", "project", False, True, {
  "recycled_cardboard": (["We pack orders in recycled cardboard.", "Project uses recycled cardboard boxes."],
                         ["The boxes are 100% recycled corrugated board, FSC-certified.",
                          "Shipping boxes are FSC-certified, fully recycled corrugated card."]),
  "paper_tape": (["Parcels are sealed with paper tape.", "Packaging includes kraft paper tape."],
                 ["We use 50 mm water-activated kraft tape, no plastic.",
                  "Gummed paper tape, 5 cm wide, replaces all plastic tape."]),
  "mushroom_foam": (["Fragile items get mushroom-based foam inserts.", "Mycelium packaging protects the glassware."],
                    ["The mycelium inserts are compostable within 45 days.",
                     "Our mushroom foam breaks down in a home compost in about six weeks."])})
multi("subcontractor", "project", False, True, {
  "electrician": (["An electrician is subcontracted on this build.", "Project has an electrical subcontractor."],
                  ["The electrical sub is Volt & Co, on site from week 12.",
                   "Volt & Co handle the wiring; they start in week 12."]),
  "plumber": (["We've subcontracted a plumber.", "Plumbing is done by a subcontractor."],
              ["Plumbing is with Hydro Haus, fixed price EUR 48,000.",
               "Hydro Haus does the plumbing for a fixed 48k euros."]),
  "roofer": (["There's a roofing subcontractor.", "A roofer is on the subcontractor list."],
             ["The roofers are booked for May, weather permitting, green roof included.",
              "Roof works (including the green roof) are scheduled for May if the weather holds."]),
  "scaffolder": (["Scaffolding is subcontracted too.", "A scaffolding firm works on this site."],
                 ["The scaffolders put up the east elevation first and inspect weekly.",
                  "Scaffold goes up on the east side first; it's inspected every week."])})

# ---------------------------------------------------------------- prefixes, tools, chatter
CHANGE_PREFIX = {"F": ["Going forward, ", "Replacing what I told you before: ", "Updated preference: ",
                       "Correcting an older note: "]}
ADD_PREFIX = {"F": ["Adding one more: ", "Also worth noting: ", "Another item for that list: "]}

# tool id -> (names, {failure kind: symptom wordings}); bank F uses every wording
TOOLS = {
  "home_hub": (["HearthHub", "hearthhub-core", "the home automation controller"], {
      "timeout": ["no reply from the hub within 8 seconds",
                  "Zigbee device 0x4f2a did not answer before the deadline",
                  "call to hearthhub-core:8123 hung for 30000 ms and was cancelled"],
      "conn_refused": ["ECONNREFUSED 192.168.1.40:8123",
                       "the controller closed the socket at once - nothing listening on port 8123",
                       "connection actively refused by 192.168.1.40"]}),
  "pantrycart": (["PantryCart", "pantrycart-api", "the grocery delivery app"], {
      "rate_limit": ["429: max 60 requests per minute", "too many basket edits, retry in 90 s",
                     "daily allowance of 1,000 API calls spent"],
      "not_found": ["SKU 4006381333931 no longer listed", "GET /slots/2025-03-08 -> 404",
                    "saved address addr_77 does not exist"]}),
  "transcoder": (["Transcodr", "ffmpeg-worker-3", "the video encoding queue"], {
      "oom": ["ffmpeg killed by the OOM killer at 7.8 GB", "cannot allocate memory for a 4K frame buffer",
              "worker terminated: exceeded its 8 GiB memory limit"],
      "disk_full": ["write failed: no free space on /scratch", "scratch volume at 100% of 2 TB",
                    "could not write segment_0193.ts because the disk is full"]}),
  "lims": (["LabTrack", "lims-api.lab.local", "the sample tracking system"], {
      "permission": ["user jmeier lacks role SAMPLE_EDIT", "403: not allowed to modify samples in freezer F-80-2",
                     "access denied to records of project PRJ-112"],
      "bad_request": ["barcode SMP-0091A fails the checksum", "400 Bad Request: storage_temp must be numeric",
                      "sample volume of -5 \u00b5L rejected as invalid"]}),
  "preflight": (["PrintCheck", "pdf-preflight", "the print shop's upload checker"], {
      "font_missing": ["font Inter-SemiBold is not embedded", "2 referenced fonts missing from the PDF",
                       "glyphs missing for Source Serif on page 14"],
      "colour": ["RGB image on page 3, CMYK required", "total ink coverage of 340% over the 300% limit",
                 "spot colour Pantone 286 C not permitted for this job"]}),
  "parcel_tracking": (["ParcelPeek", "track.parcelpeek.io", "the carrier tracking lookup"], {
      "auth": ["401 Unauthorized: API key rejected", "request signature invalid for account ACME-DE-04",
               "carrier credentials expired on 2025-02-28"],
      "unavailable": ["503 Service Unavailable, carrier maintenance until 06:00 UTC",
                      "HTTP 502 from the upstream carrier API",
                      "504 Gateway Timeout after 60 s from track.parcelpeek.io"]}),
}
OBS_FRAMES = {"F": ["{T} failed - error text: {s}", "While using {t}: {s}.",
                    "Agent observed {t} failing with {s}.", "tool error | {t} | {s}"]}

CHATTER = {"F": [
  # agent narration of on-screen actions
  "Expanding the collapsed rows in the sidebar.", "Dragging the file into the upload box now.",
  "Hovering over the tooltip to see the full text.", "I'm toggling the filter off to compare.",
  "Right-clicking the tab to duplicate it.", "Typing the search term into the box at the top.",
  "The modal wants a confirmation, clicking OK.", "switching to the second monitor for a sec",
  "Agent is now reviewing the uploaded file.",
  # stalling
  "Hang on, the spinner is still going.", "Not quite there yet, a few more seconds.",
  "Let me mull that over for a bit.", "Erm, give me a tick.", "Still thinking, don't go anywhere.",
  "Working through the list, slowly.", "Waiting for the download bar to finish.",
  "Assistant is waiting for the page to load.",
  # acknowledgements
  "Noted with thanks.", "Alright, that's clear.", "Copy, moving on.",
  "Fair point, I'll take that into account.", "Much appreciated!", "OK, understood, thanks for flagging.",
  "yup yup", "Thanks, that answers it.", "Absolutely, will do.", "User acknowledged the previous answer.",
  # small talk
  "Did you get any sun at the weekend?", "My cat just walked across the keyboard, sorry.",
  "The neighbours are drilling again, ugh.", "Anyone else's Wi-Fi slow today?", "Tea break soon, I think.",
  "Happy Thursday, nearly there.", "That train strike is a nightmare.", "Hope you're feeling better today.",
  "haha, love that",
  # pointers back into the chat
  "See what I wrote just before this.", "Same answer as two messages ago.",
  "Check the attachment from this morning.", "Back to the thing you asked at the start...",
  "As per the table I shared a bit earlier.", "Refer to my last message.", "Yes, the one I linked upthread.",
  "That's covered in the notes I pasted above.",
  # interruptions and self-corrections
  "Oops, typo - ignore that last bit.", "Sorry, doorbell, back in a minute.", "Hmm, the preview won't render.",
  "Wait, which tab were we on?"]}
