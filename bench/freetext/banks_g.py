"""Phrase bank G for gen.py (held out for a final blind run).

Written by a helper that never saw memcurator's code; only the harness files of the benchmark
(README.md, gen.py, score.py, run.sh, banks.py, banks_c.py .. banks_f.py, BANK_C.md .. BANK_F.md,
src/check_f.py), shared/SPEC.md and the write policy were read.

Same shape as banks_f.py, self-contained and used whole (no even/odd split):
  single: S[key] = dict(id, scope, lex, kind="single", new, values={value_id: [surfaces]}, G=[frames])
  set:    SETS[key] = dict(id, scope, lex, kind="set", new, members={member_id: (base[], refined[])})
`new` = the attribute id exists in none of banks A, B, C, D, E, F (every id of bank G is new).
`lex` = a generic attribute lexicon would plausibly list it (doc only).

Adversarial names on purpose: single-valued attributes named with plural nouns (steps, wake_up_times,
checked_bags, hair_appointments, subtitles, estimates, demo_days, age_ratings) and set-valued attributes
named in the singular or with mass nouns (houseplant, collection, craft, reading_list, transit_pass,
newsletter, wearable, onboarding_checklist, glossary, partner_agency, recognition, sensor, crop,
sponsor, microphone, test_site). Ordinary plural sets for contrast: board_games, favourite_cuisines.
Same topic at two scopes (team convention vs user preference): citation_style, number_format,
meeting_buffer.
"""

S = {}
SETS = {}


def single(key, scope, lex, new, values, frames, aid=None):
    S[key] = dict(id=aid or key, scope=scope, lex=lex, kind="single", new=new, values=values, G=frames)


def multi(key, scope, lex, new, members, aid=None):
    SETS[key] = dict(id=aid or key, scope=scope, lex=lex, kind="set", new=new, members=members)


# ================================================================ single-valued, user scope
# ---------------------------------------------------------------- same topic at two scopes (user side)
single("citation_style@user", "user", False, True,
  {"apa": ["APA 7th edition", "the American Psychological Association format"],
   "chicago": ["Chicago author-date", "the author-date variant of the Chicago Manual"],
   "ieee": ["IEEE numbered references", "bracketed numbers in order of first citation"]},
  ["User prefers {v} for citations in their own papers.", "References in my manuscripts: {v}.",
   "When you tidy up my bibliography, format it as {v}.",
   "My supervisor never objected to {v}, so keep my drafts that way."],
  aid="citation_style")
single("number_format@user", "user", False, True,
  {"point_comma": ["the 1,234.56 pattern", "comma thousands separators with a decimal point"],
   "comma_point": ["the 1.234,56 pattern", "dot-grouped thousands and a decimal comma"],
   "space_comma": ["the 1 234,56 pattern", "space-grouped thousands and a decimal comma"]},
  ["User prefers numbers formatted with {v}.", "Numbers in my spreadsheets: {v}.",
   "Write amounts for me using {v}; I misread anything else.",
   "I grew up with {v}, so stick to it in my files."],
  aid="number_format")
single("meeting_buffer@user", "user", False, True,
  {"min_5": ["five minutes", "5 min"],
   "min_10": ["ten minutes", "10 min"],
   "min_15": ["a full fifteen minutes", "a quarter-hour"]},
  ["User prefers {v} of free time between back-to-back meetings.",
   "Leave me {v} between calls so I can grab some water.",
   "{V} between meetings is what the user asks for.",
   "Don't put anything right after a call ends; I need {v} to reset."],
  aid="meeting_buffer")

# ---------------------------------------------------------------- food, body, daily routine
single("spice_tolerance", "user", False, True,
  {"mild": ["mild", "with zero chilli"],
   "medium": ["medium hot", "with a moderate kick"],
   "very_hot": ["extra hot", "as fiery as the kitchen will make it"]},
  ["User likes their food {v}.", "Order my curries {v}.", "spice: {v}",
   "When you pick a restaurant dish for me, it should come {v}."])
single("steps", "user", False, True,
  {"k8": ["8,000 steps", "eight thousand"],
   "k10": ["10k", "ten thousand steps"],
   "k12": ["12,000", "twelve thousand steps"]},
  ["User's daily step goal is {v}.", "Set my pedometer target to {v}.",
   "{V} a day is what I aim for on foot.", "Walks {v} per day as a target."])
single("wake_up_times", "user", True, True,
  {"t0600": ["6:00", "six o'clock sharp"],
   "t0630": ["6:30", "half past six"],
   "t0700": ["7 am", "seven in the morning"]},
  ["User gets up at {v} on weekdays.", "alarm for me: {v}",
   "Wakes at {v}, so early calls are fine after that.", "I am up by {v}; don't ring before."])
single("hair_appointments", "user", False, True,
  {"every_4_weeks": ["every four weeks", "once a month-ish (4 wks)"],
   "every_6_weeks": ["every six weeks", "each 6 wks"],
   "every_8_weeks": ["every eight weeks", "roughly bimonthly"]},
  ["User gets a haircut {v}.", "Book my barber {v}.", "haircut cadence - {v}",
   "I go to the hairdresser {v}, so put a recurring reminder in."])
single("laundry_day", "user", False, True,
  {"sunday": ["every single Sunday", "on Sunday each week"],
   "every_other_sunday": ["every other Sunday", "on alternate Sundays"],
   "wednesday": ["each Wednesday after work", "on Wednesday nights"]},
  ["User does laundry {v}.", "Laundry happens {v} in my flat.", "Runs the washing machine {v}.",
   "Remind me to start a wash {v}."])
single("tea_order", "user", False, True,
  {"green_plain": ["unsweetened green tea", "plain sencha"],
   "earl_grey_milk": ["Earl Grey with milk", "bergamot black tea with a splash of milk"],
   "rooibos": ["rooibos", "caffeine-free red bush tea"]},
  ["User drinks {v}.", "If you're ordering drinks for the workshop, get me {v}.", "my tea: {v}",
   "Prefers {v} in the afternoon."])
single("dog_walk_time", "user", False, True,
  {"early": ["before 7 am", "at dawn"],
   "lunchtime": ["around noon", "over the lunch break"],
   "evening": ["after dinner", "at about 8 in the evening"]},
  ["User walks the dog {v}.", "I am out with the dog {v}, so I can't be reached then.", "Dog walk: {v}.",
   "Don't book me {v} - that's the dog's walk."])
single("practice_schedule", "user", False, True,
  {"daily": ["daily for twenty minutes", "20 min every single day"],
   "alternate": ["every second day for forty minutes", "40 min on alternate days"],
   "weekends": ["on weekends only", "Saturdays and Sundays, an hour each"]},
  ["User practises piano {v}.", "Piano practice: {v}.", "Block time in my calendar to practise {v}.",
   "I sit at the piano {v}."])

# ---------------------------------------------------------------- travel
single("checked_bags", "user", False, True,
  {"zero": ["hand luggage only", "no checked luggage"],
   "one": ["one checked bag", "a single 23 kg suitcase in the hold"],
   "two": ["two checked bags", "a pair of suitcases in the hold"]},
  ["User travels with {v}.", "When you pick a fare, budget for {v}.", "luggage: {v}",
   "I always fly with {v}, so filter the fares accordingly."])
single("layover_buffer", "user", False, True,
  {"min_60": ["at least an hour", "60 minutes minimum"],
   "min_90": ["at least ninety minutes", "90 min or more"],
   "min_120": ["at least two hours", "120 minutes or longer"]},
  ["User wants connections of {v}.", "Connecting flights need {v} between them for me.",
   "Minimum layover: {v}.", "Prefers layovers lasting {v}."])

# ---------------------------------------------------------------- devices, screens, accounts
single("two_factor_method", "user", True, True,
  {"authenticator_app": ["an authenticator app", "TOTP codes on the phone"],
   "hardware_key": ["a hardware security key", "a YubiKey"],
   "sms": ["text-message codes", "SMS one-time passwords"]},
  ["User secures accounts with {v} as the second factor.", "For 2FA set me up with {v}.",
   "second factor: {v}", "When a new service asks, I enrol {v}, nothing else."])
single("explanation_depth", "user", False, True,
  {"beginner": ["at beginner level", "as if to a newcomer"],
   "practitioner": ["at practitioner level", "as to someone who does this daily"],
   "expert": ["at expert level", "as to a specialist, skipping basics"]},
  ["User wants technical topics explained {v}.", "Explain things to me {v}.", "depth of explanations: {v}",
   "Pitch answers {v} - I'll ask if I get lost."])
single("subtitles", "user", False, True,
  {"always": ["always on", "switched on for everything"],
   "never": ["off", "disabled entirely"],
   "foreign_only": ["on only for foreign-language films", "enabled just for non-English audio"]},
  ["User keeps subtitles {v}.", "Captions for me: {v}.",
   "When you set up the TV profile, have subtitles {v}.", "Prefers subtitles {v} on the TV."])
single("screen_zoom", "user", False, True,
  {"z100": ["100%", "the default size"],
   "z125": ["125%", "a quarter larger than default"],
   "z150": ["150%", "one and a half times normal"]},
  ["User sets display scaling to {v}.", "Browser zoom for me: {v}.",
   "Share slides with me at {v}; smaller text strains my eyes.", "I read web pages at {v}."])
single("calendar_view", "user", False, True,
  {"week": ["week view", "the seven-day grid"],
   "work_week": ["work-week view", "Monday-to-Friday columns"],
   "month": ["month view", "the whole-month overview"]},
  ["User's calendar opens in {v}.", "Set my calendar to {v} by default.", "calendar layout = {v}",
   "Prefers {v} when planning."])
single("phone_platform", "user", True, True,
  {"ios": ["an iPhone", "an Apple handset on iOS"],
   "android": ["an Android phone", "a Pixel running Android"],
   "feature_phone": ["a basic flip phone", "a dumbphone with no apps"]},
  ["User's phone is {v}.", "Uses {v} as their mobile.", "Anything you text me has to work on {v}.",
   "my phone: {v}"])
single("rent_day", "user", False, True,
  {"first": ["on the 1st", "on the first of each month"],
   "fifteenth": ["on the 15th", "mid-month, the fifteenth"],
   "last_working_day": ["on the last working day of the month", "at month's end, final business day"]},
  ["User's rent is due {v}.", "Schedule the rent transfer {v}.", "rent: {v}",
   "My landlord expects payment {v}."])

# ================================================================ single-valued, team scope
# ---------------------------------------------------------------- same topic at two scopes (team side)
single("citation_style@team", "team", False, True,
  {"apa": ["APA", "author-date citations per the APA manual"],
   "chicago": ["Chicago style", "CMOS author-date"],
   "ieee": ["IEEE", "numeric citations in square brackets"]},
  ["Team convention: reports use {v} for sources.", "The team's house style for references is {v}.",
   "Anything we publish as a group uses {v} - no exceptions.", "citations (team): {v}"],
  aid="citation_style")
single("number_format@team", "team", False, True,
  {"point_comma": ["the 1,234.56 convention", "decimal points, comma-grouped thousands"],
   "comma_point": ["the 1.234,56 convention", "decimal commas, point-grouped thousands"],
   "space_comma": ["the 1 234,56 convention", "decimal commas with spaces grouping the thousands"]},
  ["Team convention: figures in client decks follow {v}.", "Our finance tables are standardised on {v}.",
   "Team requires {v} in every shared spreadsheet.", "number style, team-wide - {v}"],
  aid="number_format")
single("meeting_buffer@team", "team", False, True,
  {"min_5": ["5 minutes early", "five minutes before the scheduled end"],
   "min_10": ["10 minutes early", "ten minutes before the booked end time"],
   "min_15": ["15 minutes early", "a quarter-hour ahead of the slot's end"]},
  ["Team convention: meetings finish {v}.", "Our meetings wrap up {v} to leave room for the next one.",
   "Team rule - every meeting ends {v}.", "The team ends calls {v} by default."],
  aid="meeting_buffer")

# ---------------------------------------------------------------- team rhythm and rules
single("bug_triage_day", "team", False, True,
  {"monday": ["every Monday morning", "each Mon at 10"],
   "every_other_monday": ["every other Monday", "biweekly on Mondays"],
   "thursday": ["every Thursday afternoon", "weekly, Thursdays after lunch"]},
  ["Team convention: bug triage happens {v}.", "The team triages new bugs {v}.",
   "We go through the incoming bug queue {v}; be there.", "triage: {v}"])
single("estimates", "team", False, True,
  {"story_points": ["story points", "Fibonacci points (1, 2, 3, 5, 8)"],
   "tshirt_sizes": ["T-shirt sizes", "S/M/L/XL buckets"],
   "no_estimates": ["no sizing at all", "ticket counts instead of estimates"]},
  ["Team convention for backlog sizing: {v}.", "Estimation approach of the team: {v}.",
   "Sizing method here - {v}.", "In planning we go with {v}; no hour guesses please."])
single("demo_days", "team", False, True,
  {"last_friday": ["on the final Friday of each month", "at month's end, on a Friday"],
   "every_other_friday": ["every other Friday", "on alternating Fridays at four"],
   "first_friday": ["on the first Friday of the month", "at the start of each month, on a Friday"]},
  ["Team holds sprint demos {v}.", "Team convention: demo day falls {v}.",
   "Demos are {v} - bring something to show.", "We show our work to the wider org {v}."])
single("working_language", "team", True, True,
  {"english": ["English", "EN"],
   "german": ["German", "Deutsch"],
   "spanish": ["Spanish", "castellano"]},
  ["Team's working language is {v}.", "Team convention: documentation is written in {v}.",
   "Write tickets for this team in {v}.", "Everyone here works in {v}, even in chat."])
single("desk_booking_window", "team", False, True,
  {"same_day": ["on the day itself", "same-day only"],
   "day_ahead": ["the day before", "24 hours in advance"],
   "week_ahead": ["a week in advance", "seven days ahead"]},
  ["Team convention: desks are booked {v}.", "Office desks can be reserved {v}.", "desk booking: {v}",
   "Grab a desk for me {v} whenever I'm coming in."])
single("hack_week", "team", False, True,
  {"every_4th": ["every fourth sprint", "once per four sprints"],
   "every_6th": ["every sixth sprint", "after each 6th sprint"],
   "every_8th": ["every eighth sprint", "one sprint in eight"]},
  ["Team runs a hack week {v}.", "Team convention: hack week comes {v}.",
   "We pause roadmap work {v} for hacking.", "hack week cadence: {v}"])

# ================================================================ single-valued, project scope
single("coordinate_system", "project", True, True,
  {"wgs84": ["WGS 84", "the GPS latitude/longitude datum (EPSG:4326)"],
   "web_mercator": ["Web Mercator", "EPSG:3857"],
   "etrs89_utm32": ["ETRS89 / UTM zone 32N", "EPSG:25832"]},
  ["Project stores geometry in {v}.", "The project's maps are projected in {v}.",
   "Reproject any layer you add to {v}.", "Coordinate reference system here: {v}."])
single("audio_sample_rate", "project", False, True,
  {"khz_44_1": ["44.1 kHz", "forty-four point one kilohertz"],
   "khz_48": ["48 kHz", "forty-eight thousand samples per second"],
   "khz_96": ["96 kHz", "ninety-six kilohertz"]},
  ["Project records audio at {v}.", "The project's sessions are mixed at {v}.",
   "Export every stem at {v}.", "sample rate: {v}"])
single("video_resolution", "project", False, True,
  {"hd_1080": ["1080p", "Full HD (1920x1080)"],
   "uhd_4k": ["4K", "3840 by 2160 pixels"],
   "hd_720": ["720p", "1280x720"]},
  ["Project delivers video in {v}.", "Final renders for this project go out at {v}.",
   "deliverable resolution - {v}", "Render the cuts in {v}; the client asked for that."])
single("trial_phase", "project", False, True,
  {"phase_1": ["Phase I", "the first-in-human stage"],
   "phase_2": ["Phase II", "the second, dose-finding phase"],
   "phase_3": ["Phase III", "the pivotal phase 3"]},
  ["Project is currently in {v}.", "The trial has reached {v}.",
   "Write the protocol summary for {v}.", "study stage: {v}"])
single("age_ratings", "project", False, True,
  {"pegi_7": ["PEGI 7", "suitable for ages seven and up"],
   "pegi_12": ["PEGI 12", "suitable for twelve and older"],
   "pegi_16": ["PEGI 16", "fit for players aged sixteen or more"]},
  ["Project's game is rated {v}.", "Keep all content {v}.", "age rating: {v}",
   "The game has to stay {v} per the publisher."])
single("word_limit", "project", False, True,
  {"w80000": ["80,000 words", "eighty thousand"],
   "w90000": ["90,000 words", "ninety thousand"],
   "w100000": ["100,000 words", "a hundred thousand"]},
  ["Project's manuscript is capped at {v}.", "The publisher's word limit for the book is {v}.",
   "Keep the draft under {v}.", "{V} is the ceiling for this manuscript."])
single("launch_quarter", "project", False, True,
  {"q2": ["in Q2", "between April and June"],
   "q3": ["in Q3", "from July through September"],
   "q4": ["in Q4", "in the last three months of the year"]},
  ["Project is scheduled to launch {v}.", "Go-live is planned {v}.", "launch: {v}",
   "Plan the marketing push so we ship {v}."])
single("concrete_grade", "project", False, True,
  {"c30_37": ["C30/37", "strength class 30/37"],
   "c35_45": ["C35/45", "the 35/45 strength class"],
   "c40_50": ["C40/50", "class 40/50 concrete"]},
  ["Project specifies {v} for the slabs.", "Concrete for this build: {v}.",
   "Order {v} for every pour on site.", "The engineer signed off on {v} for the foundations."])

# ================================================================ set-valued, user scope
multi("houseplant", "user", False, True, {
  "monstera": (["I have a monstera.", "User keeps a Monstera deliciosa."],
               ["The monstera by the window is almost two metres tall now and needs a moss pole.",
                "My Swiss cheese plant has outgrown its pot - nearly 2 m."]),
  "snake_plant": (["There's a snake plant in my bedroom.", "Owns a sansevieria."],
                  ["The snake plant only gets watered once a month in winter.",
                   "Sansevieria in the bedroom, monthly water in the cold months."]),
  "pothos": (["I've got a pothos.", "User grows a golden pothos."],
             ["The pothos trails down the bookshelf, about three metres of vine.",
              "My devil's ivy hangs off the top shelf, vines nearly 3 m long."])})
multi("board_games", "user", False, True, {
  "catan": (["I own Catan.", "User has Settlers of Catan."],
            ["We play Catan with the Seafarers expansion on Friday nights.",
             "Catan plus Seafarers is our Friday game night."]),
  "wingspan": (["I have Wingspan.", "Wingspan is on the user's games shelf."],
               ["My Wingspan copy includes the European and Oceania expansions.",
                "Wingspan with both the Europe and Oceania add-ons."]),
  "codenames": (["Codenames is one of my games.", "Owns Codenames."],
                ["We use the Codenames Duet version when it's just the two of us.",
                 "For two players I break out Codenames: Duet."])})
multi("collection", "user", False, True, {
  "vinyl": (["I collect vinyl records.", "User collects LPs."],
            ["About 400 LPs, mostly 70s jazz, stored on Kallax shelves.",
             "My record collection is roughly four hundred jazz albums from the seventies."]),
  "fountain_pens": (["I collect fountain pens.", "Has a fountain pen collection."],
                    ["Twelve pens so far, mainly Japanese - Pilot and Sailor.",
                     "The pen collection is a dozen Japanese nibs, Pilot and Sailor mostly."]),
  "stamps": (["I collect stamps.", "User is a philatelist."],
             ["Stamps from pre-1950 Scandinavia, kept in three albums.",
              "My stamp albums cover the Nordic countries before 1950."])})
multi("craft", "user", False, True, {
  "knitting": (["I knit.", "Knitting is one of the user's crafts."],
               ["Mostly colourwork sweaters on 3.5 mm circular needles.",
                "I knit Fair Isle jumpers, usually on 3.5 mm circulars."]),
  "pottery": (["I do pottery.", "User throws pots."],
              ["Wheel-throwing class on Thursday evenings at the community studio.",
               "Thursday nights I'm on the wheel at the community ceramics studio."]),
  "woodworking": (["I do some woodworking.", "Does woodwork as a pastime."],
                  ["Hand tools only - dovetailed boxes and a workbench in the garage.",
                   "I make dovetail boxes by hand in my garage workshop."])})
multi("reading_list", "user", False, True, {
  "overstory": (["The Overstory is on my reading list.", "User plans to read Richard Powers' The Overstory."],
                ["I'm saving The Overstory for the summer holiday, paperback edition.",
                 "Powers' tree novel is my holiday read this summer."]),
  "piranesi": (["I want to read Piranesi.", "Piranesi is queued up for the user."],
               ["Piranesi is next after my current book; a friend lent me her copy.",
                "Borrowed Susanna Clarke's Piranesi from a friend - that's the next one."]),
  "hail_mary": (["Project Hail Mary is on the list.", "User intends to read Project Hail Mary."],
                ["I'll do Project Hail Mary as an audiobook on the commute.",
                 "Andy Weir's Hail Mary, audio version, for the train."])})
multi("transit_pass", "user", True, True, {
  "bahncard": (["I have a BahnCard.", "User holds a German rail discount card."],
               ["BahnCard 50, second class, renews every October.",
                "My rail card gives 50% off in 2nd class and renews in October."]),
  "bike_share": (["I'm a member of the bike-share scheme.", "Has a bike-sharing subscription."],
                 ["Annual bike-share plan: the first 30 minutes of every ride are free.",
                  "The city bikes cost me nothing for the first half hour of each trip."]),
  "bus_pass": (["I've got a monthly bus pass.", "User buys a monthly city bus ticket."],
               ["The bus pass covers zones A and B and is paid by my employer.",
                "Employer-paid monthly ticket for the inner two fare zones."])})
multi("newsletter", "user", False, True, {
  "climate": (["I subscribe to a climate newsletter.", "User reads a weekly climate-policy newsletter."],
              ["The climate one arrives on Tuesdays and I read it over lunch.",
               "Tuesday's climate policy digest is my lunchtime read."]),
  "local_council": (["I get the council newsletter.", "Subscribed to the local council bulletin."],
                    ["The council bulletin comes monthly, mostly about roadworks and bin days.",
                     "Monthly council e-mail: bin collection changes and roadworks."]),
  "design": (["I'm on a design newsletter.", "User follows a UX design newsletter."],
             ["The design newsletter is paid, about 8 dollars a month, with case studies.",
              "I pay roughly $8 monthly for the design case-study letter."])})
multi("favourite_cuisines", "user", True, True, {
  "thai": (["I love Thai food.", "Thai is among the user's favourite cuisines."],
           ["Green curry and som tam are my go-to Thai dishes.",
            "At Thai places I order som tam or a green curry."]),
  "ethiopian": (["Ethiopian food is a favourite.", "User enjoys Ethiopian cooking."],
                ["Injera with shiro and misir wat is my ideal Ethiopian meal.",
                 "For Ethiopian I want the lentil and chickpea stews on injera."]),
  "georgian": (["I really like Georgian cuisine.", "Enjoys Georgian food."],
               ["Khachapuri and khinkali are what I order at Georgian restaurants.",
                "Cheese bread and soup dumplings - the Georgian classics - are my favourites."])})
multi("wearable", "user", False, True, {
  "smartwatch": (["I wear a smartwatch.", "User has a smartwatch."],
                 ["A Garmin Forerunner 255, mainly for run tracking.",
                  "The watch is a Forerunner 255 that logs my runs."]),
  "sleep_ring": (["I wear a sleep-tracking ring.", "Uses a smart ring."],
                 ["An Oura ring, generation three, worn at night only.",
                  "My Oura Gen 3 stays on overnight to score sleep."]),
  "bike_computer": (["I use a bike computer.", "User rides with a cycling computer."],
                    ["A Wahoo Elemnt Bolt mounted on the road bike, paired to a heart-rate strap.",
                     "The road bike has a Wahoo Bolt on the bars, linked to a chest strap."])})

# ================================================================ set-valued, team scope
multi("onboarding_checklist", "team", False, True, {
  "laptop_setup": (["New joiners get their laptop set up on day one.",
                    "Team onboarding includes laptop provisioning."],
                   ["IT images the laptop the Friday before and it's handed over at 9:30 on day one.",
                    "Laptops are pre-imaged by IT and handed to the newcomer first thing Monday."]),
  "buddy": (["Every newcomer is assigned a buddy.", "Team convention: each new hire gets an onboarding buddy."],
            ["The buddy has a 30-minute check-in with the new hire daily for the first two weeks.",
             "Buddies meet their new colleague every day for half an hour during weeks one and two."]),
  "security_training": (["Security training is part of onboarding.",
                         "New hires complete security awareness training."],
                        ["The phishing and data-handling course must be finished within five working days.",
                         "Newcomers have one week to pass the 45-minute security e-learning."]),
  "first_ticket": (["Newcomers ship a starter ticket.", "Onboarding ends with a first small ticket merged."],
                   ["The starter ticket is labelled good-first-issue and should be merged by the end of week one.",
                    "By Friday of their first week, a new joiner merges a good-first-issue ticket."])})
multi("glossary", "team", False, True, {
  "arr": (["Our glossary defines ARR.", "Team glossary has an entry for ARR."],
          ["ARR means annual recurring revenue, excluding one-off setup fees.",
           "Annual recurring revenue (ARR) leaves out one-time onboarding charges."]),
  "churn": (["Churn is in the team glossary.", "The glossary defines churn."],
            ["Churn counts logos lost in a calendar month, not revenue lost.",
             "We measure churn as customers cancelled per month, by count."]),
  "nps": (["NPS is a glossary term for us.", "Team glossary includes NPS."],
          ["NPS is promoters minus detractors from the quarterly survey, scored 0-10.",
           "Net promoter score: share of 9-10 answers minus share of 0-6 answers, surveyed quarterly."])})
multi("partner_agency", "team", False, True, {
  "translation": (["We work with a translation agency.", "Team uses an external translation agency."],
                  ["The translation agency turns around 5,000 words in three working days.",
                   "Translations come back at 5k words per three business days."]),
  "design_studio": (["A design studio works with us.", "The team contracts an outside design studio."],
                    ["The studio in Lisbon does our illustrations on a monthly retainer.",
                     "Illustrations come from a Lisbon studio paid by monthly retainer."]),
  "recruiter": (["We use a recruiting firm.", "Team hires through an external recruiter."],
                ["The recruiter charges 18% of first-year salary and covers senior roles only.",
                 "Senior hiring goes through an agency that takes 18 percent of year-one pay."])})
multi("recognition", "team", False, True, {
  "kudos_channel": (["We have a kudos channel.", "Team recognises each other in a shout-outs channel."],
                    ["#kudos gets a weekly roundup read aloud at the Friday standup.",
                     "Shout-outs from the kudos channel are read out every Friday."]),
  "peer_bonus": (["There's a peer bonus scheme.", "Team runs peer-to-peer bonuses."],
                 ["Each person can award up to 50 euros of peer bonus per quarter.",
                  "Peer bonuses are capped at EUR 50 per giver each quarter."]),
  "quarterly_award": (["We hand out a quarterly award.", "The team gives a quarterly recognition award."],
                      ["The quarterly award is voted on anonymously and comes with an extra day off.",
                       "Anonymous vote each quarter; the winner gets a bonus day of leave."])})

# ================================================================ set-valued, project scope
multi("sensor", "project", False, True, {
  "temperature": (["The project uses temperature sensors.", "Project deploys thermometers in each room."],
                  ["Temperature probes log every 60 seconds with 0.1 degree resolution.",
                   "Thermal sensors sample once a minute at a tenth of a degree."]),
  "humidity": (["We also measure humidity.", "Project has humidity sensors installed."],
               ["The hygrometers sit 1.5 m above the floor, one per room.",
                "Relative humidity is sensed at one-and-a-half metres height in every room."]),
  "co2": (["There are CO2 sensors too.", "Project monitors carbon dioxide levels."],
          ["CO2 readings trigger an alert above 1,000 ppm.",
           "Carbon dioxide alarms fire at over a thousand parts per million."]),
  "vibration": (["Vibration sensors are part of the setup.", "Project tracks vibration on the pumps."],
                ["Accelerometers on each pump sample at 1 kHz for bearing wear.",
                 "The pump vibration sensors run at a thousand samples per second to spot bearing wear."])})
multi("crop", "project", False, True, {
  "winter_wheat": (["The trial plots grow winter wheat.", "Project crops include winter wheat."],
                   ["Winter wheat is sown in mid-October at 350 seeds per square metre.",
                    "We drill the wheat around 15 October, 350 seeds/m2."]),
  "barley": (["We grow barley as well.", "Barley is one of the project's crops."],
             ["Spring barley, a malting variety, on the north field.",
              "The north field has malting barley sown in spring."]),
  "rapeseed": (["Rapeseed is in the rotation.", "Project grows oilseed rape."],
               ["Oilseed rape goes in after the wheat and is harvested late July.",
                "The canola follows wheat and comes off at the end of July."])})
multi("sponsor", "project", True, True, {
  "city_council": (["The city council sponsors the festival.", "Project is sponsored by the city council."],
                   ["The council covers the stage hire, up to 12,000 euros.",
                    "Municipal sponsorship pays for stage rental, capped at EUR 12k."]),
  "bike_brand": (["A bike brand is a sponsor.", "Project has a bicycle maker as sponsor."],
                 ["The bike company provides 40 loan bikes and a branded tent.",
                  "Our cycling sponsor lends us forty bikes plus a logo tent."]),
  "brewery": (["A local brewery sponsors us.", "Sponsorship also comes from a local brewery."],
              ["The brewery supplies the bar and pays for the wristbands.",
               "Beer for the bar and the entry wristbands are on the brewery."])})
multi("microphone", "project", False, True, {
  "lavalier": (["We use lavalier mics.", "Project records with clip-on lav microphones."],
               ["Two Sennheiser wireless lavs, one per presenter.",
                "Each host wears a wireless Sennheiser lapel mic."]),
  "shotgun": (["There's a shotgun mic on the boom.", "Project uses a shotgun microphone."],
              ["The shotgun is a Rode NTG5 on a carbon boom pole.",
               "A Rode NTG5 on the boom handles ambient dialogue."]),
  "condenser": (["Voiceover goes through a condenser mic.",
                 "Project has a large-diaphragm condenser for narration."],
                ["Narration is recorded on a Neumann TLM 103 in the booth.",
                 "The booth's Neumann TLM 103 is used for every voiceover."])})
multi("test_site", "project", False, True, {
  "rotterdam": (["One test site is in Rotterdam.", "Project runs field tests at the Port of Rotterdam."],
                ["The Rotterdam site is a container terminal; access badges are needed 48 h ahead.",
                 "At the Rotterdam terminal, badges must be requested two days before a visit."]),
  "hamburg": (["Hamburg is a test site.", "Project also tests at a depot in Hamburg."],
              ["The Hamburg depot lets us test only on weekends.",
               "Weekend-only test slots at the Hamburg depot."]),
  "lyon": (["We test in Lyon too.", "A Lyon lab is one of the project's test sites."],
           ["The Lyon lab does the climate-chamber runs, minus 30 to plus 60 degrees.",
            "Climate-chamber tests from -30 to +60 \u00b0C happen at the Lyon lab."])})

# ---------------------------------------------------------------- prefixes, tools, chatter
CHANGE_PREFIX = {"G": ["As of this week, ", "Amending the record: ", "That's out of date; ", "User revised this: "]}
ADD_PREFIX = {"G": ["Same category, new entry: ", "Don't forget this one too: ", "Extending that: "]}

# tool id -> (names, {failure kind: symptom wordings}); bank G uses every wording
TOOLS = {
  "calendar_sync": (["CalBridge", "calbridge-sync", "the calendar sync service"], {
      "token_expired": ["OAuth refresh token expired for the Exchange account",
                        "invalid_grant: refresh token revoked",
                        "re-consent required, Google Calendar token no longer valid"],
      "conflict": ["409 Conflict: event 7f3a was modified on the server",
                   "etag mismatch on a recurring event series",
                   "duplicate event detected, update skipped"]}),
  "map_tiles": (["TileForge", "tiles.tileforge.net", "the map tile server"], {
      "cert_expired": ["TLS handshake failed: certificate expired on 2025-02-27",
                       "x509: certificate has expired or is not yet valid",
                       "SSL error - the server's cert is out of date"],
      "slow": ["tile z14/8529/5662 took 12.4 s to render", "p95 latency of 9 s on vector tiles",
               "render queue backlog of 3,400 tiles"]}),
  "audio_render": (["MixDown", "mixdown-render-02", "the audio bounce job"], {
      "rate_mismatch": ["session is 48000 Hz but stem vocals_03.wav is 44100 Hz",
                        "sample-rate mismatch between tracks 4 and 7",
                        "refusing to mix: inputs at different sample rates"],
      "missing_file": ["clip 'amb_forest_02.wav' not found on disk",
                       "media offline: 3 regions reference missing audio",
                       "ENOENT /projects/ep12/audio/vo_take4.wav"]}),
  "trial_edc": (["TrialVault", "edc.trialvault.eu", "the trial data capture system"], {
      "validation": ["visit date 2025-13-02 is not a valid date",
                     "systolic BP 300 outside the allowed range 60-250",
                     "required field 'consent_version' is blank"],
      "locked": ["form locked by the data manager for review", "subject 104-017 casebook is frozen",
                 "HTTP 423 Locked on CRF page 'Vitals'"]}),
  "desk_booking": (["DeskSpot", "deskspot-api", "the desk booking app"], {
      "quota": ["weekly booking quota of 3 desks reached",
                "quota exceeded: max 1 future reservation per day",
                "you already hold the maximum number of bookings"],
      "server_error": ["500 Internal Server Error on POST /reservations",
                       "unexpected null floor_id in the response",
                       "the booking service crashed with a NullPointerException"]}),
  "telemetry_broker": (["FieldPulse", "mqtt.fieldpulse.io", "the sensor telemetry broker"], {
      "dropped": ["1,812 messages dropped: client queue full",
                  "QoS 1 messages from sensor-hub-7 lost after reconnect",
                  "gap of 14 minutes in the pump-3 vibration feed"],
      "auth": ["CONNACK return code 5: not authorized",
               "client certificate for gateway gw-22 was rejected",
               "MQTT login failed for user field-ingest"]}),
}
OBS_FRAMES = {"G": ["Failure from {t} ({s})", "{T} -> ERROR: {s}", "Observation: {t} did not succeed; {s}.",
                    "[tool:{t}] failed with \"{s}\""]}

CHATTER = {"G": [
  # voice-dictation artefacts
  "uh so um yeah where was I", "okay so comma um", "Sorry, the dictation picked up the radio.",
  "period new line", "scratch that last sentence, dictation went wild",
  # greetings and sign-offs
  "Mornin' folks!", "Right, I'm logging off for the day.", "Catch you after lunch.",
  "Evening! Quick one before I go.", "Bye for now.",
  # video-call logistics
  "Can you hear me okay?", "You're frozen on my end.", "I'll turn my camera off, bandwidth is bad.",
  "Is the screen share showing?", "Let me unmute - there.",
  # progress status
  "About 40% through the import.", "Three of seven files uploaded.", "Step 2 of 5 done.",
  "Progress bar says nine minutes left.", "Halfway there.",
  # venting
  "Ugh, this form keeps resetting.", "Honestly, what a week.", "I'm so tired of these pop-ups.",
  "Argh, wrong button again.", "This is driving me up the wall.",
  # questions back to the assistant
  "Could you repeat the last bit?", "What did you mean by that?",
  "Which of the two options were you suggesting?", "Did that go through on your side?",
  "Sorry, can you rephrase?",
  # placeholders and system markers
  "[image attached]", "(voice note, 0:14)", "<user is typing>", "[link removed]", "(forwarded message)",
  # code-switching
  "Vale, un momento.", "Ja, genau, passt.", "D'accord, je regarde.", "Dank je, even kijken.",
  "Ok, grazie, arrivo.",
  # emoji and terse
  "\U0001F44D", "\U0001F64F thx", "lol ok",
  # extractor voice, still transient
  "User is currently searching for the file.", "User says they will check and come back.",
  "Assistant is drafting a reply now.", "User paused the conversation briefly."]}
