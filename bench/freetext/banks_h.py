"""Phrase bank H for gen.py (held out for a final blind run).

Written by a helper that never saw memcurator's code; only the harness files of the benchmark
(README.md, gen.py, score.py, run.sh, night_decisions.py, banks.py, banks_c.py .. banks_g.py,
BANK_C.md .. BANK_G.md, src/check_g.py), shared/SPEC.md and the write policy were read (of banks A-F only
ids, tool ids, prefixes and observation frames were printed).

Same shape as banks_g.py, self-contained and used whole (no even/odd split):
  single: S[key] = dict(id, scope, lex, kind="single", new, values={value_id: [surfaces]}, H=[frames])
  set:    SETS[key] = dict(id, scope, lex, kind="set", new, members={member_id: (base[], refined[])})
`new` = the attribute id exists in none of banks A, B, C, D, E, F, G (every id of bank H is new).
`lex` = a generic attribute lexicon would plausibly list it (doc only).

Adversarial names on purpose: single-valued attributes named with plural nouns (tyre_pressures,
policy_renewal_reminders, ui_animations, crop_ratios, compost_bins, count_in_bars, purchase_approvals,
hold_reviews, oil_change_intervals) and set-valued attributes named in the singular or with mass nouns
(camera_lens, synth, insurance_cover, herb, bike, assistive_tech, plugin, supplier, close_checklist, ppe,
termbase, custodian, forklift, paper_stock, hazard, launch_market). Ordinary plural sets for contrast:
music_genres, garden_pests.
Same topic at two scopes (team convention vs user preference): photo_export_format, auto_archive_age,
print_mode.
"""

S = {}
SETS = {}


def single(key, scope, lex, new, values, frames, aid=None):
    S[key] = dict(id=aid or key, scope=scope, lex=lex, kind="single", new=new, values=values, H=frames)


def multi(key, scope, lex, new, members, aid=None):
    SETS[key] = dict(id=aid or key, scope=scope, lex=lex, kind="set", new=new, members=members)


# ================================================================ single-valued, user scope
# ---------------------------------------------------------------- same topic at two scopes (user side)
single("photo_export_format@user", "user", False, True,
  {"jpeg": ["full-size JPEGs", ".jpg at quality 95"],
   "tiff": ["16-bit TIFF", "lossless tagged image files with sixteen bits per channel"],
   "dng": ["DNG", "Adobe's open raw container"]},
  ["User exports their edited photos as {v}.", "Send my retouched shots back as {v}, please.",
   "export format (mine): {v}", "My print lab only accepts {v}, so save my edits that way."],
  aid="photo_export_format")
single("auto_archive_age@user", "user", False, True,
  {"d7": ["after a week", "at 7 days old"],
   "d30": ["after thirty days", "at one month old"],
   "d90": ["after 90 days", "at three months old"]},
  ["User archives read emails {v}.", "Move my read mail out of the inbox {v}.", "inbox auto-archive: {v}",
   "Anything I haven't answered gets filed away {v}; I search rather than scroll."],
  aid="auto_archive_age")
single("print_mode@user", "user", False, True,
  {"duplex_mono": ["double-sided in black and white", "duplex and greyscale"],
   "simplex_colour": ["single-sided in colour", "simplex and CMYK"],
   "duplex_colour": ["double-sided in colour", "duplex with full CMYK"]},
  ["User prints documents {v}.", "When you send something to the printer for me, make it {v}.",
   "my print setting: {v}", "I print {v}; it's how I like to mark things up by hand."],
  aid="print_mode")

# ---------------------------------------------------------------- cycling, garden, insurance
single("tyre_pressures", "user", False, True,
  {"psi_60": ["60 psi", "roughly four bar"],
   "psi_80": ["80 psi", "about five and a half bar"],
   "psi_100": ["100 psi", "just under seven bar"]},
  ["User pumps their bike tyres to {v}.", "Inflate my tyres to {v} before the ride.", "tyre pressure: {v}",
   "{V} keeps the ride comfortable on my cobbled commute."])
single("route_preference", "user", False, True,
  {"quiet_roads": ["quiet back roads", "lanes with hardly any cars"],
   "gravel": ["gravel tracks", "unpaved forest paths"],
   "bike_lanes": ["separated bike lanes", "protected cycle paths"]},
  ["Prefers cycling routes along {v}.", "Plan my rides on {v}.", "route type - {v}",
   "Whenever the navigation offers a choice, pick {v}; that's what I enjoy riding."])
single("bike_lock", "user", False, True,
  {"d_lock": ["a D-lock", "a hardened U-shaped shackle"],
   "folding": ["a folding lock", "an Abus Bordo"],
   "chain": ["a chain lock", "a heavy padlocked chain"]},
  ["User secures their bike with {v}.", "Add {v} to my cart for the new bike.", "lock: {v}",
   "The station rack is notorious for thefts; I never leave without {v}."])
single("tomato_variety", "user", False, True,
  {"cherry": ["Gardener's Delight", "small sweet cherry tomatoes"],
   "plum": ["San Marzano", "long plum tomatoes for sauce"],
   "beefsteak": ["Brandywine", "big heirloom beefsteaks"]},
  ["User grows {v} in the greenhouse.", "Order seeds for {v} again this spring.", "tomatoes this year: {v}",
   "My neighbour swaps seedlings with me, so my bed is always {v}."])
single("mowing_interval", "user", False, True,
  {"weekly": ["on a weekly basis", "once every seven days"],
   "fortnightly": ["every second Saturday", "every 14 days"],
   "three_weeks": ["every three weeks", "once per 21 days"]},
  ["User mows the lawn {v}.", "Book the gardener to cut my grass {v}.", "mowing: {v}",
   "Cuts the grass only {v}, leaving the clover for the bees."])
single("compost_bins", "user", False, True,
  {"one": ["one bin", "a single heap"],
   "two": ["two bins", "a pair of bays"],
   "three": ["three bins", "a three-bay setup"]},
  ["User composts in {v}.", "my compost: {v}", "Size the garden plan around {v} by the shed.",
   "There's space behind the shed for {v}, and that's what I run."])
single("insurance_excess", "user", False, True,
  {"eur_100": ["EUR 100", "one hundred euros"],
   "eur_250": ["EUR 250", "two hundred and fifty euros"],
   "eur_500": ["EUR 500", "five hundred euro"]},
  ["User's car insurance has an excess of {v}.", "Quote me policies where the deductible is {v}.", "excess: {v}",
   "User picked a policy where the first {v} of any claim comes out of their own pocket."])
single("policy_renewal_reminders", "user", False, True,
  {"d14": ["14 days ahead of renewal", "a fortnight before the policy rolls over"],
   "d30": ["30 days ahead of renewal", "a month before the policy rolls over"],
   "d60": ["60 days ahead of renewal", "two months before the policy rolls over"]},
  ["User wants insurance reminders {v}.", "Ping me {v} so I can shop around.", "renewal alert: {v}",
   "Last year a policy auto-renewed at a worse rate; since then I want a heads-up {v}."])
single("claims_contact", "user", False, True,
  {"phone": ["a phone call", "a ring on the mobile"],
   "email": ["plain old email", "a note to the personal inbox"],
   "app": ["the insurer's app", "in-app chat"]},
  ["User wants claim updates via {v}.", "For claims, reach me with {v}.", "claims contact: {v}",
   "Misses letters often, so claim news should reach them through {v}."])

# ---------------------------------------------------------------- accessibility settings
single("ui_animations", "user", False, True,
  {"off": ["switched off", "disabled completely"],
   "reduced": ["reduced", "toned down to simple fades"],
   "full": ["at full strength", "fully enabled"]},
  ["User keeps interface animations {v}.", "I need motion effects {v}.", "animations: {v}",
   "On every device of mine, motion in the UI is {v} - that's what my eyes cope with."])
single("colour_filter", "user", False, True,
  {"deuteranopia": ["the deuteranopia filter", "green-weak colour correction"],
   "protanopia": ["the protanopia filter", "red-weak colour correction"],
   "greyscale": ["greyscale", "black-and-white mode"]},
  ["User runs {v} on their displays.", "Turn on {v} whenever you set up a new screen for me.",
   "display filter = {v}", "Needs {v} on screen to read charts comfortably."])
single("reading_font", "user", False, True,
  {"opendyslexic": ["OpenDyslexic", "a typeface with weighted letter bottoms for dyslexia"],
   "atkinson": ["Atkinson Hyperlegible", "the Braille Institute's low-vision font"],
   "verdana": ["Verdana", "a wide, plain sans-serif from Microsoft"]},
  ["User reads long documents set in {v}.", "Render my e-books in {v}, please.", "font for reading - {v}",
   "Finds text easier to follow in {v}, so documents for them should use it."])
single("screen_reader", "user", False, True,
  {"nvda": ["NVDA", "NonVisual Desktop Access"],
   "jaws": ["JAWS", "Job Access With Speech"],
   "voiceover": ["VoiceOver", "Apple's built-in spoken interface"]},
  ["User navigates with {v}.", "Test anything you build for me with {v}.", "screen reader: {v}",
   "Keyboard shortcuts from {v} are burned into my fingers, so don't suggest another one."])

# ---------------------------------------------------------------- photography, music production
single("shooting_mode", "user", False, True,
  {"aperture_priority": ["aperture priority", "Av on the dial"],
   "manual": ["full manual", "the M setting"],
   "program": ["program auto", "P mode"]},
  ["User's camera is usually set to {v}.", "When you write up a shot list for me, assume {v}.",
   "exposure mode: {v}", "I learned on film, so I still shoot in {v} most of the time."])
single("crop_ratios", "user", False, True,
  {"r3_2": ["3:2", "the classic 35 mm film frame"],
   "r4_5": ["4:5", "a tall portrait shape for feeds"],
   "r1_1": ["1:1", "a perfect square"]},
  ["User crops photos to {v}.", "Trim my pictures to {v} before posting.", "aspect ratio: {v}",
   "{V} is how my portfolio grid is laid out, so match it."])
single("daw_choice", "user", False, True,
  {"ableton": ["Ableton Live", "Live Suite 12"],
   "logic": ["Logic Pro", "Apple's own studio software"],
   "reaper": ["REAPER", "the Cockos workstation"]},
  ["User produces music in {v}.", "Send me project files that open in {v}.", "my DAW - {v}",
   "Has recorded everything since 2019 in {v}; switching would be painful."])
single("count_in_bars", "user", False, True,
  {"b1": ["one bar", "four clicks"],
   "b2": ["two bars", "eight clicks"],
   "b4": ["four bars", "sixteen clicks"]},
  ["User wants {v} of count-in before recording.", "Give me {v} before the take starts.", "pre-roll: {v}",
   "{V} of lead-in is what I need to settle into the groove."])

# ================================================================ single-valued, team scope
# ---------------------------------------------------------------- same topic at two scopes (team side)
single("photo_export_format@team", "team", False, True,
  {"jpeg": ["JPG", "lossy compressed stills"],
   "tiff": ["TIFF", "uncompressed tagged-image files"],
   "dng": ["digital negatives", "raw .dng files"]},
  ["Team convention: photos for the shared library are delivered as {v}.",
   "The studio hands images to clients as {v}.",
   "Upload to the team archive in {v} only - other formats get bounced.", "team image format = {v}"],
  aid="photo_export_format")
single("auto_archive_age@team", "team", False, True,
  {"d7": ["7 days after the last reply", "a week past the final message"],
   "d30": ["30 days after the last reply", "a month past the final message"],
   "d90": ["90 days after the last reply", "three months past the final message"]},
  ["Team convention: shared-inbox threads are archived {v}.",
   "Our support mailbox closes out conversations {v}.", "shared mailbox archiving - {v}",
   "We file customer threads away {v} so the queue stays readable."],
  aid="auto_archive_age")
single("print_mode@team", "team", False, True,
  {"duplex_mono": ["two-sided in monochrome", "both sides, black toner only"],
   "simplex_colour": ["one-sided in colour", "single pages, colour toner"],
   "duplex_colour": ["two-sided in colour", "back-to-back pages in colour"]},
  ["Team convention: office printing is {v}.", "Handouts for our workshops are printed {v}.",
   "print default (team) -> {v}",
   "To keep the toner budget sane, facilities set the shared printers to {v}."],
  aid="print_mode")

# ---------------------------------------------------------------- finance, warehouse, localisation, lab, legal
single("close_deadline", "team", False, True,
  {"wd3": ["WD3", "the third business day after month end"],
   "wd5": ["WD5", "the fifth working day of the new month"],
   "wd8": ["WD8", "the eighth working day"]},
  ["Team convention: the books close on {v}.", "Finance here locks the ledger on {v}.",
   "month-end close: {v}", "Get your accruals in before {v}; the controller won't reopen the period."])
single("purchase_approvals", "team", False, True,
  {"eur_1k": ["above EUR 1,000", "over a thousand euros"],
   "eur_5k": ["above EUR 5,000", "over five thousand euros"],
   "eur_10k": ["above EUR 10,000", "over ten thousand euros"]},
  ["Team convention: purchases {v} need a second signature.", "Any order {v} goes to the budget owner first.",
   "approval threshold - {v}", "After last year's audit finding, we get sign-off for anything {v}."])
single("picking_method", "team", False, True,
  {"batch": ["batch picking", "multi-order trips through the aisles"],
   "zone": ["zone picking", "a fixed aisle range per picker"],
   "wave": ["wave picking", "timed release rounds across the shift"]},
  ["The team fulfils orders using {v}.", "Our floor runs on {v}.", "pick strategy: {v}",
   "Train new temps on {v}; that's how the slotting is designed."])
single("source_locale", "team", True, True,
  {"en_us": ["en_US", "the English of the United States"],
   "en_gb": ["en_GB", "English with UK spelling"],
   "fr_fr": ["fr-FR", "metropolitan French"]},
  ["Team convention: source strings are written in {v}.", "The team hands translators its copy in {v} as the master.",
   "source locale = {v}", "Draft UI text in {v}; every other language is translated from it."])
single("eye_protection", "team", False, True,
  {"glasses": ["safety glasses", "impact-rated specs"],
   "goggles": ["goggles", "sealed splash protectors for the eyes"],
   "face_shield": ["a face shield", "a full visor"]},
  ["Team convention: lab members wear {v} at the bench.", "Nobody pipettes here without {v}.",
   "eye PPE - {v}", "We've insisted on {v} ever since the acid splash in March."])
single("hold_reviews", "team", False, True,
  {"quarterly": ["at every quarter end", "every three months"],
   "semiannual": ["twice yearly", "each half-year"],
   "annual": ["yearly, on the hold's anniversary", "once every twelve months"]},
  ["Team reviews open legal holds {v}.", "Legal re-checks the custodian lists {v}.", "hold review cycle: {v}",
   "Counsel wants every preservation notice reconfirmed {v}, so put it in the calendar."])

# ================================================================ single-valued, project scope
single("loudness_target", "project", False, True,
  {"lufs_14": ["-14 LUFS", "the Spotify normalisation level"],
   "lufs_16": ["-16 LUFS", "the Apple Music reference level"],
   "lufs_23": ["-23 LUFS", "the EBU R128 broadcast level"]},
  ["Project masters to {v}.", "Normalise the final mix to {v}.", "loudness target: {v}",
   "{V} is what the distributor checks, so don't go louder."])
single("log_retention", "project", True, True,
  {"d30": ["30 calendar days", "a single month"],
   "d90": ["90 calendar days", "one quarter"],
   "d365": ["365 calendar days", "twelve full months"]},
  ["Project keeps application logs for {v}.", "Purge anything in the log bucket older than {v}.",
   "log retention - {v}", "The project's DPA caps log storage at {v}."])
single("print_run", "project", False, True,
  {"c500": ["500 copies", "five hundred"],
   "c2000": ["2,000 copies", "two thousand"],
   "c5000": ["5,000 copies", "five thousand"]},
  ["Project's first print run is {v}.", "Ask the printer to quote for {v}.", "run length: {v}",
   "{V} is the quantity we've budgeted for the first printing."])
single("binding_type", "project", False, True,
  {"perfect": ["perfect bound", "glued at a square spine"],
   "saddle": ["saddle-stitched", "stapled through the fold"],
   "case": ["case bound", "bound in hard covers with sewn sections"]},
  ["Project's book is {v}.", "Have the catalogue {v}.", "binding: {v}",
   "Our budget and page count settled it: the book will be {v}."])
single("oil_change_intervals", "project", False, True,
  {"km10k": ["every 10,000 km", "each ten thousand kilometres"],
   "km15k": ["after each 15,000 km", "every fifteen thousand kilometres on the clock"],
   "km20k": ["every 20,000 km", "each twenty thousand kilometres"]},
  ["Project's delivery vans get an oil change {v}.", "Schedule the fleet's oil service {v}.",
   "oil interval - {v}", "The project's lease contract requires fresh oil {v}, or the warranty lapses."])
single("string_freeze_lead", "project", False, True,
  {"w1": ["one week before release", "7 days ahead of shipping"],
   "w2": ["two weeks before release", "14 days ahead of shipping"],
   "w4": ["four weeks before release", "a month ahead of shipping"]},
  ["Project freezes UI strings {v}.", "Lock the copy for translation {v}.", "string freeze: {v}",
   "Vendors need time for eleven languages, so text changes stop {v}."])
single("pallet_standard", "project", False, True,
  {"euro": ["Euro pallets", "1200 x 800 mm boards"],
   "uk": ["UK standard pallets", "1200 by 1000 millimetre boards"],
   "half": ["half pallets", "800 x 600 Duesseldorf-size boards"]},
  ["Project ships on {v}.", "Stack the outbound stock on {v}.", "pallet type - {v}",
   "The project's new site has racking built for {v}, so nothing else fits."])
single("biosafety_level", "project", False, True,
  {"bsl1": ["BSL-1", "basic containment level one"],
   "bsl2": ["BSL-2", "containment level two"],
   "bsl3": ["BSL-3", "high-containment level three"]},
  ["Project's lab work runs at {v}.", "Register the new cultures under {v}.", "biosafety: {v}",
   "The agents we handle put the whole study at {v}; plan the training for that."])

# ================================================================ set-valued, user scope
multi("camera_lens", "user", False, True, {
  "fifty": (["I've got a 50 mm prime.", "User owns a nifty fifty."],
            ["My 50 mm f/1.8 is the lens I take on every walk.",
             "The cheap fast fifty, f/1.8, lives on my camera body most days."]),
  "wide_zoom": (["I have a wide-angle zoom.", "User shoots landscapes with an ultra-wide zoom."],
                ["The 16-35 mm f/4 comes out for mountains and interiors.",
                 "Sixteen to thirty-five millimetres at f/4 for big views and tight rooms."]),
  "macro": (["There's a macro lens in my bag.", "Owns a close-up lens for insects."],
            ["A 100 mm macro at 1:1 for bugs in the garden.",
             "My hundred-millimetre life-size lens is for beetles and flowers."])})
multi("synth", "user", False, True, {
  "minilogue": (["I have a Korg Minilogue.", "User plays a Minilogue."],
                ["Mine is the Minilogue XD, the one with the digital oscillator.",
                 "My Korg is the XD version: four voices plus a digital engine."]),
  "moog": (["A Moog is part of my setup.", "User owns a Moog synthesiser."],
           ["The Moog is a Subsequent 37, mostly for bass lines.",
            "Bass parts come from my Subsequent 37 mono synth."]),
  "modular": (["I'm building a Eurorack case.", "User has a modular synth."],
              ["The Eurorack is 84 HP so far, with a Maths and two oscillators.",
               "My modular case is half full: eighty-four hp, one function generator, two VCOs."])})
multi("insurance_cover", "user", True, True, {
  "contents": (["I have home contents insurance.", "User's belongings at home are insured."],
               ["Contents are covered up to 40,000 euros, including accidental damage.",
                "My household goods policy pays out to EUR 40k and covers spills and breakages."]),
  "travel": (["I have annual travel insurance.", "User holds a travel policy."],
             ["The travel cover is worldwide except the US, with winter sports added.",
              "Multi-trip cover for everywhere but America, ski add-on included."]),
  "bike_theft": (["My bike is insured against theft.", "User has cycle theft cover."],
                 ["Theft cover on the bike only pays if it was locked to a fixed object.",
                  "The cycle policy needs proof of an approved lock to pay out for a stolen bike."])})
multi("herb", "user", False, True, {
  "basil": (["I grow basil.", "User keeps basil on the windowsill."],
            ["Genovese basil in three pots, pinched out every week.",
             "The sweet basil gets its tips pinched weekly so it bushes out."]),
  "rosemary": (["There's rosemary in my garden.", "User has a rosemary bush."],
               ["The rosemary is a prostrate kind spilling over the wall.",
                "My creeping rosmarinus hangs down the retaining wall."]),
  "mint": (["I've got mint.", "Grows mint in a container."],
           ["The mint is kept in a sunk bucket so it doesn't take over the bed.",
            "Spearmint, planted in a buried pot to stop it spreading."])})
multi("bike", "user", False, True, {
  "road": (["I own a road bike.", "User rides a racer."],
           ["The road bike is carbon, 56 cm frame, rim brakes.",
            "My racer's a 56 carbon frame that still has rim brakes."]),
  "gravel": (["I have a gravel bike.", "User owns an all-road bike."],
             ["The gravel bike runs 40 mm tyres tubeless.",
              "Forty-millimetre tubeless tyres on my dirt-road bike."]),
  "cargo": (["There's a cargo bike too.", "User has a cargo bike for errands."],
            ["The cargo bike is a longtail with electric assist and two child seats.",
             "The longtail e-assist hauls both kids to school."])})
multi("assistive_tech", "user", False, True, {
  "magnifier": (["I use a screen magnifier.", "User relies on screen magnification."],
                ["ZoomText at four times, with the pointer enlarged.",
                 "Magnification software set to 4x and a big mouse pointer."]),
  "voice_control": (["I control my computer by voice.", "User operates the PC with voice control."],
                    ["Dragon handles dictation and clicking on my Windows machine.",
                     "Speech recognition from Dragon drives both typing and mouse clicks for me."]),
  "braille": (["I read with a braille display.", "User has a refreshable braille display."],
              ["A 40-cell Focus display, contracted braille.",
               "My forty-cell refreshable line is set to grade 2."])})
multi("music_genres", "user", True, True, {
  "jazz": (["I like jazz.", "User listens to jazz."],
           ["Mostly hard bop - Blakey, Lee Morgan, that era.",
            "Late-fifties bebop descendants, Art Blakey's records above all."]),
  "techno": (["Techno is one of my genres.", "User is into techno."],
             ["Detroit techno, the early Underground Resistance stuff.",
              "Mostly the first wave of Motor City electronic records."]),
  "folk": (["I listen to folk.", "User enjoys folk music."],
           ["Irish trad sessions, especially fiddle and uilleann pipes.",
            "Traditional Irish tunes with pipes and fiddles."])})
multi("garden_pests", "user", False, True, {
  "slugs": (["Slugs are a problem in my garden.", "User battles slugs."],
            ["Slugs strip the hostas every wet night in May.",
             "The hostas get shredded by molluscs whenever May turns rainy."]),
  "aphids": (["I get aphids.", "User's garden has aphids."],
             ["Greenfly cluster on the rose buds each June.",
              "Every June the roses are covered in little green sap-suckers."]),
  "vine_weevil": (["Vine weevil is an issue.", "User has vine weevils in pots."],
                  ["Vine weevil grubs ate the roots of my potted heucheras.",
                   "The container plants lost their roots to those C-shaped white larvae."])})
multi("plugin", "user", False, True, {
  "reverb": (["I use a reverb plugin.", "User adds space to mixes with a reverb plug-in."],
             ["Valhalla VintageVerb is on nearly every vocal bus.",
              "My go-to space is the Valhalla one on the vocal bus."]),
  "compressor": (["I own a compressor plugin.", "User mixes with a compression plugin."],
                 ["FabFilter Pro-C 2 sits on the drum bus.",
                  "Drums go through the Pro-C from FabFilter."]),
  "pitch": (["I have pitch correction software.", "User tunes vocals with a plugin."],
            ["Melodyne Studio for comping and fixing vocal notes.",
             "Vocal notes get fixed by hand in Celemony's editor."])})

# ================================================================ set-valued, team scope
multi("supplier", "team", False, True, {
  "stationery": (["We buy stationery from an approved supplier.", "Team has an office supplies vendor."],
                 ["Stationery comes from Lyreco on a framework contract, next-day delivery.",
                  "Office supplies arrive the next day under our Lyreco framework."]),
  "it_hardware": (["There's an approved IT hardware supplier.", "Team orders laptops via one reseller."],
                  ["Laptops and docks come through Bechtle with a three-year warranty.",
                   "Our hardware reseller ships notebooks with 36 months of cover."]),
  "cleaning": (["Cleaning products come from one supplier.", "Team has a janitorial supplies vendor."],
               ["Eco-labelled cleaning stock is delivered monthly by a local wholesaler.",
                "A nearby wholesaler drops off green-certified detergents once a month."])})
multi("close_checklist", "team", False, True, {
  "bank_rec": (["Bank reconciliation is on the close checklist.", "Team reconciles bank accounts at month end."],
               ["All six bank accounts are matched to statements, differences over 50 euros explained.",
                "Each of the six accounts is tied out; any gap above EUR 50 needs a note."]),
  "accruals": (["Accruals are a close step.", "Team books accruals during close."],
               ["Accruals for uninvoiced services are booked from the PO list and reversed on day one.",
                "We accrue unbilled services from open purchase orders and auto-reverse next month."]),
  "intercompany": (["Intercompany is part of our close.", "Team matches intercompany balances."],
                   ["Intercompany balances with the Dutch entity must agree to the cent before sign-off.",
                    "The Netherlands subsidiary and we must show identical mutual balances before the controller signs."]),
  "fixed_assets": (["Fixed assets are on the checklist.", "Team runs depreciation at month end."],
                   ["Depreciation runs straight-line, and new assets over 800 euros are capitalised.",
                    "Anything above EUR 800 gets capitalised and written down evenly each month."])})
multi("ppe", "team", False, True, {
  "lab_coat": (["Lab coats are part of our PPE.", "Team requires lab coats."],
               ["Flame-resistant coats for anyone near the solvent cabinet.",
                "Near the solvents, the coats have to be FR cotton."]),
  "gloves": (["We wear gloves.", "Team PPE includes gloves."],
             ["Nitrile gloves, changed after every sample batch.",
              "Fresh nitrile pairs for each batch of samples."]),
  "respirator": (["Respirators are on our PPE list.", "Team keeps respirators for some work."],
                 ["FFP3 masks, fit-tested every year, for powder weighing.",
                  "Weighing powders means a fit-tested FFP3 mask, checked annually."])})
multi("termbase", "team", False, True, {
  "brand_name": (["The product name is in our termbase.", "Team termbase has the brand name."],
                 ["The brand name is never translated or inflected in any language.",
                  "Keep the product's name verbatim in every locale, no case endings."]),
  "cart": (["\"Cart\" has a termbase entry.", "Team's termbase covers the word cart."],
           ["\"Cart\" becomes \"panier\" in French, never \"chariot\".",
            "French UI must say panier for the shopping cart."]),
  "sign_in": (["Sign-in is a termbase term.", "Our termbase defines sign in."],
              ["We say \"sign in\", never \"log in\" or \"login\", in English copy.",
               "English strings use sign in rather than log in."])})

# ================================================================ set-valued, project scope
multi("custodian", "project", False, True, {
  "cfo": (["The CFO is a custodian in the hold.", "Project's legal hold covers the chief financial officer."],
          ["The CFO's mailbox and OneDrive are preserved back to January 2022.",
           "Finance chief's email and cloud files are held from January 2022 onward."]),
  "sales_lead": (["The head of sales is a custodian.", "Project hold includes the sales director."],
                 ["Sales director's Teams chats and phone texts are in scope.",
                  "For the head of sales, chat history and SMS are both preserved."]),
  "it_admin": (["An IT admin is under the hold too.", "Project adds the sysadmin as a custodian."],
               ["The sysadmin's server logs and admin console exports are preserved.",
                "For the IT administrator we hold console exports and system logs."])})
multi("forklift", "project", False, True, {
  "reach_truck": (["The project uses reach trucks.", "We have a reach truck on site."],
                  ["Two reach trucks lift to 10 metres in the high-bay aisles.",
                   "The high-bay racking is served by a pair of reach trucks with ten-metre masts."]),
  "counterbalance": (["There's a counterbalance forklift.", "Project runs a counterbalance truck."],
                     ["The counterbalance is an LPG model used for loading the trailers.",
                      "Trailer loading is done with a gas-powered counterbalance."]),
  "pallet_jack": (["We have an electric pallet jack.", "Project uses pallet trucks."],
                  ["A walkie pallet jack with a 2-tonne rating handles the dock.",
                   "The dock's electric pump truck is rated to two tonnes."])})
multi("paper_stock", "project", False, True, {
  "uncoated": (["The book uses uncoated paper.", "Project prints on uncoated stock."],
               ["Text pages are 90 gsm uncoated, cream shade.",
                "Inside pages: ninety-gram offset in an off-white tone."]),
  "silk": (["Silk-coated paper is used for the plates.", "Project has a silk stock for images."],
           ["Photo plates on 150 gsm silk.",
            "The picture section is on a hundred-and-fifty-gram matte-coated sheet."]),
  "recycled": (["The cover is on recycled board.", "Project uses recycled card for covers."],
               ["Covers are 300 gsm recycled board with a soft-touch laminate.",
                "A 300-gram post-consumer card, soft-touch laminated, wraps the book."])})
multi("hazard", "project", False, True, {
  "solvent": (["The lab has flammable solvents.", "Project handles flammable liquids."],
              ["Acetone and ethanol above 5 litres go into the yellow safety cabinet.",
               "More than five litres of acetone or ethanol means the fire-rated cupboard."]),
  "biohazard": (["There's a biological hazard in the project.", "Project works with biological agents."],
                ["Work with the lentiviral vectors happens only in the class II cabinet.",
                 "Viral vector handling is restricted to the biosafety cabinet."]),
  "laser": (["A class 4 laser is in use.", "Project has a high-power laser."],
            ["The class 4 laser room has an interlocked door and requires OD 6 goggles.",
             "Entering the laser room needs the door interlock armed and eyewear rated optical density 6."]),
  "cryogen": (["We use liquid nitrogen.", "Project stores samples in cryogenic liquid."],
              ["Liquid nitrogen dewars are filled only with an oxygen monitor running.",
               "LN2 top-ups need the O2 alarm switched on in the room."])})
multi("launch_market", "project", False, True, {
  "japan": (["Japan is a launch market.", "Project launches in Japan."],
            ["The Japanese release needs vertical text support in the manual.",
             "For the Tokyo launch, the manual must handle top-to-bottom script."]),
  "brazil": (["We launch in Brazil.", "Brazil is one of the project's markets."],
             ["Brazil gets Portuguese with local currency formatting in reais.",
              "For the Brazilian release, prices show in BRL and copy is pt-BR."]),
  "poland": (["Poland is on the launch list.", "Project goes live in Poland."],
             ["Polish plural forms need three variants in the string files.",
              "The Polish build has to handle its three plural categories."])})

# ---------------------------------------------------------------- prefixes, tools, chatter
CHANGE_PREFIX = {"H": ["Since Monday, ", "Record updated - ", "No longer the old answer: ", "Per my latest message, "]}
ADD_PREFIX = {"H": ["Add to that set: ", "Yet another: ", "Plus this one as well: "]}

# tool id -> (names, {failure kind: symptom wordings}); bank H uses every wording
TOOLS = {
  "ride_logger": (["SpokeSync", "api.spokesync.app", "the ride-logging app"], {
      "gps_drift": ["GPS track jumped 2.3 km off the road near km 41",
                    "position accuracy worse than 150 m for 6 minutes",
                    "route looks like a zigzag, satellite fix lost in the tunnel"],
      "upload_failed": ["upload of ride_0412.fit aborted at 63%",
                        "413 Payload Too Large for the activity file",
                        "sync stuck on 'pending' since yesterday"]}),
  "claims_portal": (["ClaimDesk", "claims-gw.insureco.internal", "the insurer's claims portal"], {
      "session_expired": ["session timed out after 15 minutes of inactivity",
                          "401 Unauthorized: SAML assertion no longer valid",
                          "logged out mid-form, draft claim 88-2231 lost"],
      "attachment_rejected": ["photo IMG_2207.HEIC is not an accepted file type",
                              "attachment exceeds 10 MB limit",
                              "virus scan on receipt.pdf returned 'unable to scan'"]}),
  "raw_converter": (["DevelopKit", "dk-convert", "the RAW conversion batch"], {
      "unsupported_camera": ["no colour profile for camera model ILCE-7CM2",
                             "unknown raw format in _DSC4410.ARW",
                             "decoder does not support this sensor yet"],
      "out_of_memory": ["killed: exceeded 8 GiB while building previews",
                        "std::bad_alloc during HDR merge of 5 frames",
                        "ran out of RAM on a 102-megapixel panorama"]}),
  "wms": (["StockPilot", "wms-prod-eu1", "the warehouse management system"], {
      "scanner_desync": ["handheld RF-17 lost its session and replayed 40 scans",
                         "barcode scanner queue out of sync with the server",
                         "duplicate pick confirmation for order SO-55810"],
      "location_mismatch": ["bin A-12-03 shows 24 units, physical count 0",
                            "SKU 700431 expected at location R04-L2, not found",
                            "putaway rejected: slot capacity exceeded"]}),
  "tm_server": (["Lingotrack", "lingotrack.io/api/v2", "the translation memory server"], {
      "placeholder_error": ["target segment is missing the {count} placeholder",
                            "tag mismatch: <b> opened but never closed in de-DE",
                            "QA check failed - variable %s dropped in the Polish string"],
      "rate_limited": ["429 Too Many Requests, retry after 120 s",
                       "machine translation quota for this month used up",
                       "API throttled: 60 calls per minute exceeded"]}),
  "hold_collector": (["HoldFast", "holdfast-collector", "the legal hold collector"], {
      "mailbox_unreachable": ["EWS endpoint refused the connection for custodian 7",
                              "mailbox cfo@ not found in the tenant",
                              "Graph API returned 403 on the archive folder"],
      "export_timeout": ["PST export of 41 GB timed out after 6 hours",
                         "collection job 3318 exceeded its time window",
                         "export stalled at 87% and was cancelled by the scheduler"]}),
}
OBS_FRAMES = {"H": ["Problem reported by {t}: {s}", "Tool run failed ({t}): {s}.",
                    "Assistant tried {t}; response was {s}", "status FAIL from {t} :: {s}"]}

CHATTER = {"H": [
  # thinking aloud over numbers
  "carry the one... okay", "so that's 12 times 4, hang on", "rounding that up, roughly",
  # reading the screen aloud
  "It says 'are you sure you want to leave?'", "the dialog just says 'Something went wrong'",
  "Now it's asking me for a captcha.",
  # interruptions
  "Sorry, my kid just walked in.", "Someone's at the door, one sec.", "Doorbell - brb.",
  "The cat is on the keyboard, ignore that.",
  # apologies and slips
  "Sorry, got distracted.", "My bad, wrong window.", "Oops, sent too early.",
  # small talk
  "Raining sideways here again.", "Hot as an oven in this office today.", "Did you see the match last night?",
  # acknowledgements
  "ok ty", "gotcha", "kk", "yep yep", "yeah sure thing",
  # test messages
  "test", "testing 1 2 3", "is this thing on?",
  # asking for a moment
  "Give me two minutes.", "Hang tight while I dig it out.", "Bear with me a sec.",
  # typo fixes
  "*their", "typo above, sorry", "meant 'from', not 'form'",
  # reactions
  "Oh nice!", "Huh, interesting.", "haha fair enough", "Wow, that was fast.",
  # transient first-person states
  "I'm on the train, signal is patchy.", "My battery's at 5%.", "Just grabbing a coffee.",
  "Sitting in the car park waiting for my daughter.",
  # paste mishaps
  "ignore that paste", "ctrl-v fail, disregard",
  # musing
  "What if we tried the other way round?", "Maybe, maybe not.", "Let me sleep on it.",
  # extractor voice, still transient
  "User acknowledged the assistant's last point.", "User is reading the assistant's suggestion.",
  "User stepped away from the keyboard.", "Assistant awaits the user's reply."]}
