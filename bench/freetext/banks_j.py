"""Phrase bank J for gen.py (held out for a final blind run).

Written by a helper that never saw memcurator's code; only the harness files of the benchmark
(README.md, gen.py, banks_i.py, BANK_I.md, src/check_i.py), shared/SPEC.md and the write policy were read
(of banks A-H only ids, tool ids, prefixes and observation frames were printed; banks_i.py was read whole for its
structure).

Same shape as banks_i.py, self-contained and used whole (no even/odd split):
  single: S[key] = dict(id, scope, lex, kind="single", new, values={value_id: [surfaces]}, J=[frames])
  set:    SETS[key] = dict(id, scope, lex, kind="set", new, members={member_id: (base[], refined[])})
`new` = the attribute id exists in none of banks A, B, C, D, E, F, G, H, I (every id of bank J is new).
`lex` = a generic attribute lexicon would plausibly list it (doc only).

Adversarial names on purpose: single-valued attributes named with plural nouns (contact_lenses,
blood_pressure_checks, sheet_changes, pipette_calibrations) and set-valued attributes named in the singular
(supplement, savings_pot, standing_order, art_medium, exam_sitting, dev_board, chore, warranty, approved_courier,
sanctions_list, key_account, reference_standard, speaker, test_fixture, contract_clause, shooting_location).
Ordinary plural sets for contrast: festival_tickets, customs_documents.
Same topic at two scopes (team convention vs user preference): screen_break_interval, receipt_capture,
signature_method.
"""

S = {}
SETS = {}


def single(key, scope, lex, new, values, frames, aid=None):
    S[key] = dict(id=aid or key, scope=scope, lex=lex, kind="single", new=new, values=values, J=frames)


def multi(key, scope, lex, new, members, aid=None):
    SETS[key] = dict(id=aid or key, scope=scope, lex=lex, kind="set", new=new, members=members)


# ================================================================ single-valued, user scope
# ---------------------------------------------------------------- same topic at two scopes (user side)
single("screen_break_interval@user", "user", False, True,
  {"b20": ["every 20 minutes", "three times an hour"],
   "b30": ["every 30 minutes", "on the half hour"],
   "b50": ["every 50 minutes", "after fifty minutes at the screen"]},
  ["User takes a screen break {v}.", "Nudge me to look away from the monitor {v}.", "eye breaks (me): {v}",
   "My optician suggested resting my eyes {v}, and the headaches have stopped since."],
  aid="screen_break_interval")
single("receipt_capture@user", "user", False, True,
  {"app_photo": ["snapped in the expenses app", "photographed by phone and uploaded straight away"],
   "paper_folder": ["kept on paper in a folder", "filed as originals in a ring binder"],
   "email_forward": ["forwarded to the receipts inbox", "sent on by email to the scanning address"]},
  ["User's personal receipts are {v}.", "Whenever I buy something for the side business, it gets {v}.",
   "receipts, personal: {v}", "For the self-assessment return every receipt is {v}, otherwise I lose track."],
  aid="receipt_capture")
single("signature_method@user", "user", True, True,
  {"e_sign": ["an e-signature", "a click-to-sign link"],
   "wet_ink": ["a wet-ink signature", "pen on the printed page"],
   "qes": ["a qualified e-signature", "the chip certificate of a national ID card"]},
  ["User signs personal contracts with {v}.", "My lease renewal should be signed with {v}.", "signing (mine) -> {v}",
   "Our letting agent accepts {v}, so that's how the tenancy renewal gets done."],
  aid="signature_method")

# ---------------------------------------------------------------- money habits
single("savings_rate", "user", True, True,
  {"s10": ["10% of take-home pay", "a tenth of every salary"],
   "s15": ["15% of take-home pay", "fifteen pence of every pound earned"],
   "s20": ["20% of take-home pay", "one fifth of net income"]},
  ["User saves {v} each month.", "Move {v} into savings on payday.", "savings rate: {v}",
   "{V} goes aside before anything else - that rule got us through the boiler breaking."])
single("credit_card_payoff", "user", False, True,
  {"full": ["the full statement balance", "the whole amount owed"],
   "minimum": ["the minimum payment", "just the lowest sum the bank asks for"],
   "fixed200": ["a fixed £200", "two hundred pounds flat"]},
  ["User pays {v} on their credit card each month.", "Set the card's direct debit to {v}.", "card repayment = {v}",
   "Whatever the statement says, the automatic payment covers {v}."])
single("tax_filer", "user", False, True,
  {"self": ["without help, on the tax office's website", "personally, via the official online form"],
   "accountant": ["by an accountant", "by a chartered adviser we pay each January"],
   "software": ["with tax software", "through a paid filing app"]},
  ["User's tax return is done {v}.", "This year's return gets filed {v} again.", "tax filing - {v}",
   "Freelance income makes it fiddly, but probably the return will be handled {v} as usual."])
single("bill_split", "user", False, True,
  {"even": ["50/50", "straight down the middle"],
   "r60_40": ["60/40", "sixty-forty"],
   "income": ["in proportion to income", "pro rata by salary"]},
  ["User splits household bills with their partner {v}.", "Divide the utilities {v} when you do the monthly tally.",
   "bills split: {v}", "{V} is what we settled on when we moved in together."])

# ---------------------------------------------------------------- health routines
single("sleep_target", "user", True, True,
  {"h7": ["7 h", "seven hours"],
   "h7_5": ["7.5 h", "seven and a half hours"],
   "h8": ["8 h", "a full eight hours"]},
  ["User aims for {v} of sleep a night.", "Plan my evenings so I still get {v} in bed.", "sleep goal: {v}",
   "Anything under {v} and my migraines come back, so lights out is non-negotiable."])
single("contact_lenses", "user", True, True,
  {"daily": ["daily disposables", "one-day soft lenses"],
   "fortnightly": ["two-weekly disposables", "soft lenses swapped every fourteen days"],
   "monthly": ["monthly disposables", "30-day silicone hydrogels"]},
  ["User wears {v}.", "Reorder my {v} when the box is half empty.", "lenses: {v}",
   "Has worn {v} ever since the optometrist flagged dry eyes."])
single("blood_pressure_checks", "user", False, True,
  {"daily": ["every morning", "once a day before coffee"],
   "weekly": ["every Sunday morning", "weekly, at the weekend"],
   "monthly": ["on the 1st of every month", "at the start of each calendar month"]},
  ["User checks their blood pressure {v}.", "Log a cuff reading for me {v}.", "home BP readings: {v}",
   "The GP wants numbers {v} while the new tablets settle in."])

# ---------------------------------------------------------------- learning
single("piano_grade", "user", False, True,
  {"g4": ["Grade 4", "the fourth ABRSM grade"],
   "g5": ["Grade 5", "the fifth-grade exam"],
   "g6": ["Grade 6", "the grade-six syllabus"]},
  ["User is working towards {v} on piano.", "Pick pieces from {v} for my practice list.", "piano exam target: {v}",
   "Practises scales every night because {v} is booked for the spring session."])
single("study_slot", "user", False, True,
  {"early": ["early in the morning", "before the kids wake up"],
   "lunch": ["over lunch", "during the noon break at work"],
   "late": ["late in the evening", "after 10 pm"]},
  ["User studies for the online course {v}.", "Block my course time {v}.", "study slot: {v}",
   "Only {v} is the house quiet enough to get through a lecture."])

# ---------------------------------------------------------------- hobby electronics and making
single("soldering_temp", "user", False, True,
  {"t330": ["330 °C", "three hundred and thirty degrees"],
   "t350": ["350 °C", "three-fifty on the dial"],
   "t370": ["370 °C", "three hundred seventy Celsius"]},
  ["User sets their soldering iron to {v}.", "Run the iron at {v} for my through-hole kits.",
   "iron tip temperature: {v}", "{V} is hot enough for leaded solder without cooking the pads."])
single("filament_type", "user", False, True,
  {"pla": ["PLA", "corn-starch polylactic acid"],
   "petg": ["PETG", "glycol-modified polyester"],
   "abs": ["ABS", "the tough styrene plastic used in toy bricks"]},
  ["User prints mostly in {v}.", "Load {v} before my next print job.", "filament = {v}",
   "Prefers {v} as the default spool because the printer lives in a cold garage."])

# ---------------------------------------------------------------- creative work
single("guitar_tuning", "user", False, True,
  {"standard": ["standard tuning", "E-A-D-G-B-E"],
   "drop_d": ["drop D", "a dropped-D setup"],
   "dadgad": ["DADGAD", "the Celtic open-suspended tuning"]},
  ["User keeps the acoustic in {v}.", "Write the tabs for {v}.", "tuning: {v}",
   "Keeps most of the set list in {v}, so retuning between songs is rare."])
single("daily_word_goal", "user", False, True,
  {"w500": ["500 words", "five hundred words"],
   "w1000": ["1,000 words", "a thousand words"],
   "w1500": ["1,500 words", "fifteen hundred words"]},
  ["User writes {v} a day on the novel.", "Hold me to {v} per writing session.", "daily word count target: {v}",
   "{V} before breakfast is how the first draft got finished."])

# ---------------------------------------------------------------- home life and logistics
single("bin_day", "user", False, True,
  {"mon": ["Monday morning", "Mon, first thing"],
   "tue": ["Tuesday morning", "Tue, first thing"],
   "thu": ["Thursday morning", "Thu, first thing"]},
  ["User's rubbish is collected on {v}.", "Put the wheelie bins out for {v}.", "refuse collection: {v}",
   "The council changed our round, so the lorry now comes on {v}."])
single("dishwasher_program", "user", False, True,
  {"eco": ["the eco cycle", "the 50 °C economy setting"],
   "auto": ["the auto cycle", "the sensor programme"],
   "quick": ["the quick cycle", "the 30-minute express wash"]},
  ["User runs the dishwasher on {v}.", "Start the dishwasher on {v} at night.", "dishwasher: {v}",
   "Energy prices being what they are, the machine only ever goes on {v}."])
single("sheet_changes", "user", False, True,
  {"weekly": ["every seventh day", "each Saturday"],
   "fortnightly": ["every other week", "on alternate Saturdays"],
   "w3": ["once every three weeks", "roughly once in twenty-one days"]},
  ["User changes the bed linen {v}.", "Add fresh sheets to my chore list {v}.", "bedding swap: {v}",
   "With the dog sleeping on the duvet, sheets get changed {v}."])
single("parcel_safe_place", "user", False, True,
  {"locker": ["the parcel locker by the station", "an automated collection point"],
   "neighbour": ["the neighbours' house at number 12", "the flat next door"],
   "porch": ["the porch", "the covered box by the front door"]},
  ["User's deliveries go to {v} when they are out.", "If nobody answers, drop it at {v}.", "safe place: {v}",
   "Parcels kept vanishing from the street, so couriers are told to use {v}."])

# ================================================================ single-valued, team scope
# ---------------------------------------------------------------- same topic at two scopes (team side)
single("screen_break_interval@team", "team", False, True,
  {"b20": ["a 20-minute cadence", "the twenty-twenty-twenty rule"],
   "b30": ["a 30-minute cadence", "a half-hourly rhythm"],
   "b50": ["a 50-minute cadence", "the fifty-on, ten-off pattern"]},
  ["Team convention: display-screen breaks follow {v}.", "Our safety rep configured the break reminder for {v}.",
   "workstation breaks (team policy): {v}", "After the ergonomics audit, the whole team works to {v}."],
  aid="screen_break_interval")
single("receipt_capture@team", "team", False, True,
  {"app_photo": ["photos in the expense app", "mobile snapshots attached to the claim"],
   "paper_folder": ["paper originals", "the stapled hard copies in the finance tray"],
   "email_forward": ["emails to the receipts mailbox", "a forward to expenses@"]},
  ["Team convention: expense claims need {v}.", "Finance only reimburses us against {v}.",
   "claim evidence (team): {v}", "The auditors asked for {v}, so the claim form won't go through without them."],
  aid="receipt_capture")
single("signature_method@team", "team", True, True,
  {"e_sign": ["e-signatures", "DocuSign-style envelopes"],
   "wet_ink": ["wet-ink signatures", "signed paper counterparts"],
   "qes": ["qualified e-signatures", "eIDAS-qualified certificates"]},
  ["Team convention: customer contracts are executed with {v}.", "Legal will only accept {v} on the signature page.",
   "contract execution - {v}", "Because two regulators audit us, the team sticks with {v} for every agreement."],
  aid="signature_method")

# ---------------------------------------------------------------- legal, credit control, logistics, lab, accounts
single("contract_review_turnaround", "team", False, True,
  {"d2": ["2 business days", "forty-eight office hours"],
   "d3": ["3 business days", "three working days"],
   "d5": ["5 business days", "one full working week"]},
  ["Team convention: legal returns contract redlines within {v}.", "Promise sales a first review inside {v}.",
   "redline SLA: {v}", "{V} is the turnaround the general counsel agreed with the sales VPs."])
single("nda_template", "team", False, True,
  {"mutual": ["the mutual NDA", "our two-way confidentiality agreement"],
   "one_way": ["the one-way NDA", "our unilateral disclosure form"],
   "counterparty": ["the other side's NDA", "the counterparty's own paper"]},
  ["Team convention: new prospects get {v}.", "Send {v} before the first technical call.", "default NDA: {v}",
   "The team will sign {v} for early-stage talks to keep deals moving."])
single("credit_hold_days", "team", False, True,
  {"d30": ["30 days overdue", "a month past due"],
   "d45": ["45 days overdue", "six weeks and a bit late"],
   "d60": ["60 days overdue", "two months past due"]},
  ["Team puts a customer account on credit hold once it is {v}.", "Freeze new orders for any account {v}.",
   "credit hold trigger: {v}", "Collections escalates at {v}, and sales gets copied on the hold notice."])
single("dispatch_cutoff", "team", False, True,
  {"h14": ["14:00", "two in the afternoon"],
   "h15": ["15:00", "3 pm"],
   "h16": ["16:00", "four o'clock"]},
  ["Team convention: orders placed before {v} ship the same day.", "Tell customers the same-day cut-off is {v}.",
   "dispatch cutoff = {v}", "{V} is when the carrier's van leaves the dock, so picking stops then."])
single("pipette_calibrations", "team", False, True,
  {"m3": ["at 3-month intervals", "on a quarterly cycle"],
   "m6": ["at 6-month intervals", "on a twice-yearly cycle"],
   "m12": ["at 12-month intervals", "once per calendar year"]},
  ["Team sends its pipettes for calibration {v}.", "Book the pipette service {v}.", "pipette cal interval - {v}",
   "The ISO 17025 assessor is happy with servicing {v} as long as we log daily checks."])
single("account_review_cadence", "team", False, True,
  {"quarterly": ["at each quarter-end", "four times per fiscal year"],
   "half_yearly": ["once a half-year", "each spring and each autumn"],
   "yearly": ["once a year, at renewal", "a single time per fiscal year"]},
  ["Team holds a business review with each key account {v}.", "Schedule the account reviews {v}.",
   "exec review cadence: {v}", "The team's CSMs run a usage-and-roadmap session {v}, because bigger customers expect it."])

# ================================================================ single-valued, project scope
single("catering_style", "project", False, True,
  {"buffet": ["a buffet", "self-service food stations"],
   "plated": ["a plated dinner", "three courses served at the table"],
   "canapes": ["canapés only", "passed finger food"]},
  ["Project's gala will have {v}.", "Tell the venue we want {v}.", "catering: {v}",
   "The project settled on {v}, given 200 guests in a tight room."])
single("dress_code", "project", True, True,
  {"black_tie": ["black tie", "dinner jackets and long dresses"],
   "cocktail": ["cocktail attire", "semi-formal"],
   "smart_casual": ["smart casual", "jacket optional, no tie"]},
  ["Project's launch party dress code is {v}.", "Print {v} on the invitations.", "dress code - {v}",
   "The client signed off on {v} after a bit of back and forth."])
single("control_sample_size", "project", False, True,
  {"n25": ["25 items", "twenty-five transactions"],
   "n40": ["40 items", "forty transactions"],
   "n60": ["60 items", "sixty transactions"]},
  ["Project tests each key control on a sample of {v}.", "Pull {v} for the access-review testing.",
   "testing sample: {v}", "The external auditors will rely on our work only if we test {v} per control."])
single("pcb_layer_count", "project", False, True,
  {"l4": ["4 layers", "a four-layer stack-up"],
   "l6": ["6 layers", "a six-layer stack-up"],
   "l8": ["8 layers", "an eight-layer build"]},
  ["Project's main board uses {v}.", "Quote the fab for {v}.", "board stack-up: {v}",
   "Routing the DDR lanes needs {v}, so the fab quote assumes that."])
single("shoot_frame_rate", "project", False, True,
  {"f24": ["24 fps", "twenty-four frames a second"],
   "f25": ["25 fps", "the PAL rate"],
   "f30": ["30 fps", "thirty frames per second"]},
  ["Project shoots at {v}.", "Set every camera body to {v} before the first take.", "frame rate: {v}",
   "{V} is locked for the whole shoot so the edit never has to conform."])
single("incoterm", "project", True, True,
  {"exw": ["EXW", "ex works, buyer collects"],
   "fob": ["FOB", "free on board at the port"],
   "ddp": ["DDP", "delivered duty paid"]},
  ["Project ships to the distributor under {v}.", "Quote the export order {v}.", "incoterm: {v}",
   "Who pays the freight follows from {v}, so keep it on every pro forma."])
single("course_pass_mark", "project", False, True,
  {"p60": ["60% or better", "six out of ten"],
   "p70": ["70% or better", "seventy percent"],
   "p80": ["80% or better", "four in five answers right"]},
  ["Project's training course has a pass mark of {v}.", "Set the quiz threshold to {v}.", "pass mark - {v}",
   "Learners need {v} on the final quiz to get the certificate."])
single("ticket_price", "project", False, True,
  {"e49": ["€49", "forty-nine euros"],
   "e59": ["€59", "fifty-nine euros"],
   "e69": ["€69", "sixty-nine euros"]},
  ["Project's conference tickets cost {v}.", "Put the early-bird tier at {v}.", "ticket price: {v}",
   "{V} covers the venue and lunch with a small margin."])

# ================================================================ set-valued, user scope
multi("supplement", "user", True, True, {
  "vitamin_d": (["I take vitamin D.", "User supplements vitamin D."],
                ["Vitamin D3, 1,000 IU with breakfast from October to March.",
                 "A thousand units of cholecalciferol each morning through the dark months."]),
  "magnesium": (["Magnesium is one of my supplements.", "User takes magnesium."],
                ["Magnesium glycinate, 200 mg an hour before bed for cramp.",
                 "Two hundred milligrams of the glycinate form at night keeps the calf cramps away."]),
  "omega3": (["I take fish oil.", "User takes an omega-3 supplement."],
             ["Two fish-oil softgels with dinner, a gram of EPA plus DHA.",
              "The evening meal comes with 1 g of combined EPA/DHA from cod-liver capsules."])})
multi("savings_pot", "user", False, True, {
  "emergency": (["I keep an emergency fund.", "User has a rainy-day savings pot."],
                ["The emergency pot holds three months of outgoings in an easy-access account.",
                 "Three months of household spending sits in instant-access savings for nasty surprises."]),
  "holiday": (["There's a holiday pot.", "User saves separately for travel."],
              ["£150 a month goes into the holiday pot for next summer's trip to Crete.",
               "A hundred and fifty pounds monthly is set aside for the Greek island trip next year."]),
  "deposit": (["We're saving for a house deposit.", "User has a savings pot for a home deposit."],
              ["The deposit pot is in a Lifetime ISA, aiming for 10% on a £300k flat.",
               "Thirty grand target in the first-time-buyer ISA, topped up by the government bonus."])})
multi("standing_order", "user", False, True, {
  "rent": (["My rent goes out by standing order.", "User pays rent with a standing order."],
           ["£1,150 leaves for the landlord on the 28th of every month.",
            "Eleven hundred and fifty pounds to the letting agent, two days before month-end."]),
  "charity": (["I have a monthly charity donation set up.", "User gives to charity by standing order."],
              ["£20 a month to the local food bank, with Gift Aid ticked.",
               "Twenty pounds each month supports the food bank in town, tax relief claimed."]),
  "isa": (["A standing order tops up my ISA.", "User transfers money into an ISA every month."],
          ["£400 moves into the stocks-and-shares ISA the day after payday.",
           "Four hundred pounds goes into index funds inside the tax-free wrapper once salary lands."])})
multi("art_medium", "user", False, True, {
  "watercolour": (["I paint in watercolour.", "User works with watercolours."],
                  ["Half-pans on 300 gsm cold-pressed paper, mostly landscapes.",
                   "Transparent washes on heavy rough-surface sheets for outdoor scenes."]),
  "gouache": (["Gouache is one of my media.", "User paints with gouache."],
              ["Opaque gouache for the illustration commissions, flat colour only.",
               "Matte poster-style paint for client illustrations, no gradients."]),
  "charcoal": (["I draw with charcoal.", "User sketches in charcoal."],
               ["Willow and compressed sticks for the Tuesday life-drawing class.",
                "Burnt-vine sticks at the weekly figure-drawing session."])})
multi("exam_sitting", "user", False, True, {
  "jlpt": (["I'm sitting the JLPT.", "User is registered for a Japanese proficiency exam."],
           ["N3 in the December sitting, at the west London test centre.",
            "The intermediate Japanese certificate paper, early December."]),
  "delf": (["I'm booked for a French exam.", "User will take the DELF."],
           ["DELF B2 written papers on 14 May, oral the week after.",
            "The upper-intermediate French diploma: writing mid-May, speaking seven days later."]),
  "theory": (["I have my driving theory test booked.", "User is taking the driving theory test."],
             ["The theory test is on a Saturday morning with hazard perception clips.",
              "Fifty multiple-choice questions plus the hazard video clips, booked for a Saturday."])})
multi("dev_board", "user", False, True, {
  "uno": (["I tinker with an Arduino Uno.", "User owns an Arduino."],
          ["An Uno R3 drives the greenhouse fan relay.",
           "The ATmega328 board switches the greenhouse fan on and off."]),
  "pico": (["I use a Raspberry Pi Pico.", "User has a Pico microcontroller."],
           ["A Pico W runs MicroPython and posts room temperature over Wi-Fi.",
            "The RP2040 wireless board logs the lounge temperature in Python."]),
  "esp32": (["ESP32 boards are part of my kit.", "User builds things on ESP32."],
            ["Three ESP32-C3 modules run ESPHome for the doorbell and blinds.",
             "The tiny RISC-V Wi-Fi chips handle the doorbell and roller blinds via Home Assistant firmware."])})
multi("chore", "user", False, True, {
  "laundry": (["Laundry is my job at home.", "User does the household laundry."],
              ["Washing goes on Wednesday and Sunday evenings, always at 40 degrees.",
               "Two loads a week, midweek and Sunday, nothing hotter than forty."]),
  "hoovering": (["I do the hoovering.", "User vacuums the house."],
                ["Hoovering the stairs and landing on Saturday mornings.",
                 "The upstairs carpets get the cordless vac every Saturday before ten."]),
  "cooking": (["I cook for the family.", "User handles the cooking."],
              ["Weeknight dinners Monday to Thursday, batch-cooked on Sunday.",
               "A Sunday batch session covers four evening meals for the household."])})
multi("warranty", "user", True, True, {
  "fridge": (["The fridge is still under warranty.", "User has a warranty on their fridge-freezer."],
             ["Five-year parts-and-labour cover on the fridge-freezer, running until June 2027.",
              "The manufacturer covers the American-style fridge until mid-2027, engineer visits included."]),
  "boiler": (["Our boiler has a warranty.", "User's boiler is covered by a guarantee."],
             ["Ten-year boiler guarantee, conditional on a yearly service by a registered engineer.",
              "The combi's decade-long cover only holds if it's serviced every twelve months."]),
  "laptop": (["My laptop has extended cover.", "User bought an extended warranty for their laptop."],
             ["Three years of accidental-damage cover on the laptop, claim reference saved in my notes app.",
              "Spills and drops on the notebook computer are covered until 2026."])})
multi("festival_tickets", "user", False, True, {
  "folk": (["I have tickets for a folk festival.", "User is going to a folk festival."],
           ["Weekend camping pass for the folk festival in Cambridge, last weekend of July.",
            "Three nights under canvas at the late-July acoustic weekend near the river Cam."]),
  "jazz": (["I've got jazz festival tickets.", "User booked a jazz festival."],
           ["Day ticket for the jazz festival's Saturday, front-stand seats.",
            "A Saturday seat close to the stage at the summer jazz event."]),
  "film": (["I'm going to a film festival.", "User has film festival passes."],
           ["A ten-screening pass for the October film festival.",
            "Ten films over the autumn cinema fortnight on one pass."])})

# ================================================================ set-valued, team scope
multi("approved_courier", "team", False, True, {
  "dhl": (["DHL is an approved courier for us.", "Team ships express with DHL."],
          ["DHL Express handles everything outside the EU, collected at 4 pm.",
           "The yellow vans take all non-EU parcels at the four o'clock pickup."]),
  "dpd": (["We use DPD.", "Team books DPD for domestic parcels."],
          ["DPD next-day covers UK orders under 30 kg with a one-hour delivery window.",
           "Domestic boxes below thirty kilos go next-day with a predicted one-hour slot."]),
  "bike_courier": (["We have a bike courier on the list.", "Team uses a cycle courier."],
                   ["A cargo-bike courier does same-day drops within the ring road.",
                    "Inner-city same-day deliveries go by pedal-powered cargo trike."])})
multi("sanctions_list", "team", False, True, {
  "ofac": (["We screen against OFAC.", "Team checks the US sanctions list."],
           ["Every new counterparty is matched against the SDN list with a 90% fuzzy threshold.",
            "Treasury's Specially Designated Nationals file is checked at onboarding, fuzzy match at ninety percent."]),
  "eu": (["The EU sanctions list is part of our screening.", "Team screens against the EU list."],
         ["The EU consolidated financial sanctions file is re-pulled nightly.",
          "Brussels' combined list of restricted persons is refreshed every night."]),
  "uk": (["We check the UK sanctions list.", "Team screens against UK sanctions."],
         ["OFSI's consolidated list is checked before any payment over £10,000.",
          "Payments above ten thousand pounds wait for a Treasury-list check on the British side."])})
multi("key_account", "team", False, True, {
  "northwind": (["Northwind Retail is one of our key accounts.", "Team manages the Northwind account."],
                ["Northwind renews on 1 April and has 1,200 seats across 40 stores.",
                 "The forty-store retailer holds twelve hundred licences, renewal due every April."]),
  "helios": (["Helios Energy is a key account.", "Team looks after Helios."],
             ["Helios is on the enterprise plan with a dedicated support engineer.",
              "The power company has a named engineer and the top-tier contract."]),
  "brightwater": (["We own the Brightwater Council account.", "Team handles Brightwater Council."],
                  ["Brightwater Council buys through a public framework, invoiced quarterly in arrears.",
                   "The local authority purchases via a procurement framework and pays each quarter after delivery."])})
multi("reference_standard", "team", False, True, {
  "ph_buffers": (["We keep pH buffers as reference standards.", "Team maintains certified pH buffers."],
                 ["pH 4.01, 7.00 and 10.01 buffers, replaced monthly once opened.",
                  "The three calibration solutions for the pH meters are swapped a month after opening."]),
  "check_weights": (["We have check weights.", "Team uses reference weights for the balances."],
                    ["Class F1 check weights of 1 g, 100 g and 1 kg, recertified yearly.",
                     "A set of certified masses from a gram to a kilo is sent off for recertification annually."]),
  "thermometer": (["There's a reference thermometer.", "Team keeps a calibrated reference thermometer."],
                  ["A UKAS-traceable PRT probe checks the fridges and incubators every quarter.",
                   "The traceable platinum resistance probe verifies cold stores and incubators four times a year."])})

# ================================================================ set-valued, project scope
multi("speaker", "project", False, True, {
  "keynote": (["We have a keynote speaker confirmed.", "Project has booked a keynote."],
              ["The keynote is a climate scientist, 40 minutes on day one at 9:30.",
               "A climate researcher opens the first morning with a forty-minute talk."]),
  "panel_chair": (["There's a panel chair lined up.", "Project has a panel moderator."],
                  ["A BBC business presenter chairs the funding panel on day two.",
                   "The second-day investment panel is moderated by a broadcast journalist."]),
  "workshop_lead": (["A workshop lead is confirmed.", "Project booked a workshop facilitator."],
                    ["Two hands-on workshops of 25 people each, run by a design-thinking coach.",
                     "A facilitator from a design consultancy runs both afternoon labs, capped at twenty-five seats."])})
multi("test_fixture", "project", False, True, {
  "bed_of_nails": (["We have a bed-of-nails tester.", "Project uses an in-circuit test fixture."],
                   ["The pogo-pin fixture probes 212 test points on the bare board.",
                    "Two hundred and twelve spring-loaded contacts check every net before assembly."]),
  "burn_in": (["There's a burn-in rack.", "Project runs burn-in testing."],
              ["Every unit soaks for 48 hours at 55 °C on the burn-in rack.",
               "Boards bake for two days at fifty-five degrees before they ship."]),
  "rf_box": (["We test radios in a shielded box.", "Project has an RF enclosure."],
             ["The shielded enclosure gives 80 dB isolation for the Bluetooth range test.",
              "Radio checks run inside a Faraday box rated at eighty decibels of attenuation."]),
  "thermal_chamber": (["We use a thermal chamber.", "Project cycles units in a climate chamber."],
                      ["Thermal cycling runs from -20 to +70 °C, 50 cycles per sample.",
                       "Samples go through fifty hot-cold loops between minus twenty and seventy degrees."])})
multi("contract_clause", "project", False, True, {
  "liability_cap": (["The contract has a liability cap.", "Project's agreement limits liability."],
                    ["Liability is capped at 12 months of fees, except for data breaches.",
                     "Damages are limited to one year's charges, with data incidents carved out."]),
  "dpa": (["A data processing addendum is attached.", "Project's contract includes a DPA."],
          ["The DPA uses the 2021 standard contractual clauses for transfers to the US.",
           "Transatlantic transfers rely on the EU's 2021 model clauses in the processing annex."]),
  "termination": (["There's a termination for convenience clause.", "Project's agreement can be terminated for convenience."],
                  ["Either party may walk away with 90 days' written notice.",
                   "Three months' notice in writing ends the deal without cause."]),
  "audit_rights": (["The customer has audit rights.", "Project contract grants audit rights."],
                   ["One on-site audit per year, with 30 days' notice, at the customer's cost.",
                    "They may inspect us once annually on a month's warning and pay for it themselves."])})
multi("shooting_location", "project", False, True, {
  "harbour": (["We're shooting at the harbour.", "Project films scenes at the harbour."],
              ["Harbour scenes are at the fish quay at dawn, permit from the port authority.",
               "Sunrise takes on the fishing pier, cleared with the port office."]),
  "warehouse": (["An old warehouse is one of our locations.", "Project uses a warehouse location."],
                ["The disused tobacco warehouse on Mill Lane, nights only, generator required.",
                 "Night shoots in the empty bonded store by the canal, all power from a genny."]),
  "rooftop": (["There's a rooftop location.", "Project shoots on a rooftop."],
              ["The hotel roof terrace for the finale, max 15 crew because of the weight limit.",
               "Final scene on the hotel's top deck, crew capped at fifteen for load reasons."])})
multi("customs_documents", "project", False, True, {
  "commercial_invoice": (["Shipments need a commercial invoice.", "Project prepares commercial invoices."],
                         ["Commercial invoice with HS codes and the EORI number on every line.",
                          "Each export carries an invoice showing tariff codes and our trader ID."]),
  "packing_list": (["We include a packing list.", "Project ships with packing lists."],
                   ["Packing list per pallet, with gross and net weights in kg.",
                    "Every pallet gets a contents sheet giving both gross and net kilos."]),
  "certificate_of_origin": (["A certificate of origin goes with exports.", "Project obtains certificates of origin."],
                            ["Certificates of origin are stamped by the chamber of commerce for Gulf customers.",
                             "Middle East buyers get a chamber-stamped proof of where goods were made."])})

# ---------------------------------------------------------------- prefixes, tools, chatter
CHANGE_PREFIX = {"J": ["Edit: ", "Changing this one - ", "Newer info overrides the old: ",
                       "Just so you know, it's different now: "]}
ADD_PREFIX = {"J": ["Another to file under that: ", "Add this too: ", "And one more for the same list: "]}

# tool id -> (names, {failure kind: symptom wordings}); bank J uses every wording
TOOLS = {
  "bank_feed": (["LedgerLink", "ledgerlink-sync.eu", "the bank-feed connector"], {
      "rate_limited": ["HTTP 429 from the bank API, retry after 600 s",
                       "too many requests: daily pull allowance used up",
                       "throttled by the open-banking gateway (limit 4 calls/day)"],
      "consent_expired": ["403: account access consent expired 90 days after grant",
                          "permission denied - customer must re-authorise the bank link",
                          "PSD2 consent revoked; no transactions returned"]}),
  "esign_service": (["InkPoint", "api.inkpoint.io", "the e-signature service"], {
      "timeout": ["request timed out after 45 s while creating the envelope",
                  "gateway timeout (504) on document upload",
                  "no response from the signing endpoint within 60 seconds"],
      "envelope_not_found": ["404: envelope 7f3a-22c1 does not exist",
                             "signing session not found, link may have lapsed",
                             "template 'NDA-mutual-v3' could not be located"]}),
  "courier_booking": (["ShipHop", "shiphop-cli", "the courier booking tool"], {
      "connection_refused": ["connection refused on port 8443",
                             "ECONNREFUSED 10.4.2.17:443",
                             "carrier endpoint refused the TLS handshake"],
      "permission_denied": ["account not authorised for international shipments",
                            "403 Forbidden: API key lacks the label:create scope",
                            "user role 'packer' may not book collections"]}),
  "ticket_shop": (["TixTent", "tixtent-worker-3", "the ticketing site"], {
      "out_of_memory": ["worker killed: out of memory (2 GiB limit)",
                        "JavaScript heap out of memory during seat-map render",
                        "OOMKilled while exporting the attendee list"],
      "crash": ["process exited with signal 11 (segfault)",
                "checkout service crashed and restarted 3 times",
                "unhandled exception: NullReference in BasketController"]}),
  "print_farm": (["PrintHive", "octo-pi-02.local", "the 3D printer queue"], {
      "disk_full": ["no space left on device while slicing",
                    "SD card full: 0 bytes free for gcode",
                    "upload aborted, storage at 100%"],
      "thermal_fault": ["thermal runaway detected on hotend, heaters off",
                        "bed heater failed to reach 60 °C within 5 min",
                        "MINTEMP error: thermistor reads -14 °C"]}),
  "sanctions_screening": (["ClearCheck", "screening.clearcheck.com", "the sanctions screening API"], {
      "timeout": ["screening request timed out (30000 ms)",
                  "batch of 500 names still pending after 10 min",
                  "read timeout talking to the watchlist index"],
      "quota_exhausted": ["monthly lookup quota of 5,000 reached",
                          "rate limit hit: 20 requests per second",
                          "plan limit exceeded, upgrade to continue screening"]}),
}
OBS_FRAMES = {"J": ["Step using {t} failed with: {s}", "Note: {t} reported a problem - {s}",
                    "Could not complete the task via {t} ({s}).", "tool failure >> {t} >> {s}"]}

CHATTER = {"J": [
  # mic checks
  "test test", "hello? anyone there", "testing, one two",
  # weather small talk
  "Pouring down here.", "Glorious sunshine today for once.",
  # apologies
  "Sorry, my bad.", "Apologies for the wall of text.",
  # asking about the assistant
  "Are you a real person?", "Do you ever get bored of questions like this?",
  # code-switching
  "vale, vale", "ja genau", "d'accord", "un momento",
  # food breaks
  "brb, grabbing a sandwich", "Lunch first, then this.",
  # sarcasm
  "Oh great, another form.", "Fantastic. Love that for me.",
  # hypotheticals
  "What if we just didn't?", "Imagine if it worked first time.",
  # radio-style acknowledgements
  "Copy that.", "Understood, carry on.",
  # pasted fragments
  "--- forwarded message ---", "> quoted text below",
  # musing
  "Huh, never knew that.", "Interesting, go on.",
  # sign-offs
  "ttyl", "Signing off for today.", "Catch you later.",
  # numbers and fragments
  "42", "3?",
  # voice typing
  "sorry that was autocorrect", "voice typing mangled that",
  # mood
  "Feeling a bit fried.", "Monday brain.",
  # losing the thread
  "Where were we?", "Lost my train of thought.",
  # procrastination
  "Future me's problem.", "Will get round to it eventually.",
  # laughter
  "haha fair", "\U0001F602",
  # pets and desk interruptions
  "Cat just walked across the keyboard.", "Right, where's my pen.",
  # agreement noises
  "Ooh, good point.",
  # extractor voice, still transient
  "User is typing a longer reply.", "User stepped away briefly.", "Assistant asked a clarifying question.",
  "User gave a thumbs-up to the last reply."]}
