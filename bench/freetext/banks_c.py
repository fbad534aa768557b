"""Phrase bank C for gen.py (held out for a final blind run).

Written by a helper that never saw memcurator's code; only the harness files of the benchmark
(README.md, banks.py, gen.py, score.py, run.sh) were read.

Same shape as banks.py, but self-contained and used whole (no even/odd split):
  single: S[key] = dict(id, scope, lex, kind="single", new, values={value_id: [surfaces]}, C=[frames])
  set:    SETS[key] = dict(id, scope, lex, kind="set", new, members={member_id: (base[], refined[])})
`new` = the attribute id exists in neither bank A nor bank B. Shared attributes keep A/B's
attribute id and value ids (a third value is added where A/B had two) but use new frames and
new surfaces only. `lex` = a generic attribute lexicon would plausibly list it (doc only).
"""

S = {}
SETS = {}


def single(key, scope, lex, new, values, frames, aid=None):
    S[key] = dict(id=aid or key, scope=scope, lex=lex, kind="single", new=new, values=values, C=frames)


def multi(key, scope, lex, new, members, aid=None):
    SETS[key] = dict(id=aid or key, scope=scope, lex=lex, kind="set", new=new, members=members)


# ---------------------------------------------------------------- shared with A/B, user scope
single("seat_preference", "user", True, False,
  {"window": ["a seat against the window", "the window side of the row"],
   "aisle": ["a seat on the corridor side", "the aisle end of the row"],
   "exit_row": ["an exit-row seat", "the emergency exit row"]},
  ["Flying anywhere? Stick me in {v}.", "Plane seat for me: {v}.",
   "If there's a choice on the plane I'll take {v}.", "Whoever books my flights should know I like {v}."])
single("timezone", "user", True, False,
  {"cet": ["Central European time (UTC+1)", "Berlin/Paris/Madrid time"],
   "pacific": ["Pacific Time (UTC-8)", "West Coast time"],
   "ist": ["IST, UTC+5:30", "New Delhi time"]},
  ["My clock runs on {v}.", "When you mention a time, convert it to {v} for me.",
   "Home base for me is {v}, time-wise.", "put my slots in {v} pls"])
single("coffee_order", "user", False, False,
  {"oat_flat_white": ["a flat white made with oat", "flat white on oat"],
   "black_americano": ["an americano, black", "a long black americano, no milk"],
   "decaf_latte": ["a latte, decaf", "a latte with decaf beans"]},
  ["Coffee for me = {v}.", "My go-to at the coffee machine is {v}.",
   "If anyone's buying, {v} please.", "Morning fuel: {v}, nothing fancier."])
single("preferred_editor", "user", True, False,
  {"vim": ["vim in a terminal", "good old Vim"],
   "vscode": ["VS Code with a dozen extensions", "Microsoft's VS Code"],
   "emacs": ["Emacs with a heavy config", "a heavily customised Emacs"]},
  ["Editor: {v}.", "All my code gets written in {v}.",
   "When you give editor tips, assume {v}.", "I've used {v} for years and I'm not switching."])
single("working_hours", "user", True, False,
  {"early": ["7am-3pm", "seven till three"],
   "late": ["11:00 to 19:00", "eleven till seven"],
   "standard": ["9-to-5", "nine till five"]},
  ["My day: {v}.", "Expect replies from me {v}, roughly.",
   "I clock in and out {v}.", "working time is {v} for me, weekdays"])
single("notification_channel", "user", True, False,
  {"slack_dm": ["a direct message in Slack", "Slack, in a DM"],
   "email": ["my work mail", "mail to my work address"],
   "phone_push": ["a push on my phone", "mobile push alerts"]},
  ["For anything urgent, it's {v}.", "Ping me through {v}.",
   "Honestly I miss everything except {v}.", "Best channel for reaching me is {v}."])
single("travel_class", "user", True, False,
  {"economy": ["standard economy", "the back of the plane"],
   "premium": ["premium economy class", "the premium cabin just above economy"],
   "business": ["a lie-flat business seat", "the business cabin up front"]},
  ["Ticket class for me: {v}.", "I'm fine with {v} for flights.",
   "Please book {v} when I'm flying for work.", "Long-haul, put me in {v}."])
single("laptop_os", "user", True, False,
  {"macos": ["a MacBook Pro", "macOS Sonoma"],
   "linux": ["Debian Linux", "Arch Linux on a Framework"],
   "windows": ["Windows 10", "a Windows ThinkPad"]},
  ["Work laptop OS -> {v}", "Day to day I work on {v}.",
   "Shell commands should suit {v}.", "My machine is {v}, so plan for that."])
single("diet", "user", True, False,
  {"vegetarian": ["a vegetarian diet", "meat-free eating (eggs and dairy OK)"],
   "vegan": ["a plant-based diet", "a strictly vegan menu"],
   "pescatarian": ["a pescatarian diet", "fish-and-veg eating, no meat"]},
  ["Food-wise I follow {v}.", "When you order catering, remember I'm on {v}.",
   "I stick to {v}.", "Dietary note about me: {v}."])
single("meeting_free_day", "user", False, False,
  {"tuesday": ["each Tuesday", "the whole of Tuesday"],
   "thursday": ["Thursdays all day", "every single Thursday"],
   "friday": ["each Friday", "Fridays from morning to evening"]},
  ["Keep my calendar empty {v}.", "Nobody gets a meeting with me {v}.",
   "I've blocked off {v} for heads-down work.", "Meeting-free for me: {v}."])
single("code_review_rule@user", "user", False, False,
  {"two_approvals": ["a pair of approvals", "two sign-offs"],
   "one_approval": ["a lone approval", "one sign-off"],
   "owner_approval": ["a code owner's sign-off", "approval from whoever owns the code"]},
  ["Before I hit merge on my own PRs I want {v}.", "My personal bar for merging: {v}.",
   "I hold my branches until they have {v}.", "self-imposed rule on my code: {v}"],
  aid="code_review_rule")
single("standup_mode@user", "user", False, False,
  {"async_slack": ["as a written Slack update", "typed up in a Slack thread"],
   "live_call": ["on a video call", "live on camera"],
   "in_person": ["in person at the whiteboard", "standing around the board in the office"]},
  ["If I had my way, standup would happen {v}.", "My vote for the daily update: {v}.",
   "I personally give my update best {v}.", "Me, I'd do standup {v}."],
  aid="standup_mode")

# ---------------------------------------------------------------- shared, team scope
single("standup_mode", "team", False, False,
  {"async_slack": ["in writing on Slack", "via a Slack bot thread"],
   "live_call": ["over a 15-minute video call", "as a live meeting at 9:45"],
   "in_person": ["in person by the team board", "face to face in the office"]},
  ["In our team the daily standup runs {v}.", "Team habit: standup {v}.",
   "Our squad's morning check-in is done {v}.", "Standups for the team are held {v}."])
single("deploy_window", "team", False, False,
  {"weekday_mornings": ["in weekday mornings", "Mon-Thu before lunch"],
   "afternoons": ["in the afternoons", "between 2 and 5pm"],
   "anytime": ["whenever the pipeline is green", "any hour of the working day"]},
  ["Prod pushes in our team happen {v}.", "We as a team ship {v}.",
   "The team only touches production {v}.", "deploy rule for us: {v}"])
single("code_review_rule", "team", False, False,
  {"two_approvals": ["two green approvals", "approvals from two teammates"],
   "one_approval": ["a single green approval", "one teammate's approval"],
   "owner_approval": ["the CODEOWNER's approval", "a sign-off from the owning team"]},
  ["Our team won't merge a PR without {v}.", "Merge gate in this team: {v}.",
   "House rule here: {v} on every pull request.", "PRs get merged once they collect {v}."])
single("meeting_free_day@team", "team", False, False,
  {"wednesday": ["midweek on Wednesdays", "on Wednesday each week"],
   "friday": ["on Friday each week", "at the end of every week on Friday"],
   "monday": ["on Mondays at the start of the week", "on the first weekday (Monday)"]},
  ["As a team we skip meetings {v}.", "Our team calendar is blank {v} by agreement.",
   "The whole team is heads-down {v}.", "Team norm: no syncs {v}."],
  aid="meeting_free_day")

# ---------------------------------------------------------------- shared, project scope
single("ci_provider", "project", True, False,
  {"gha": ["GitHub Actions workflows", "GHA"],
   "jenkins": ["the Jenkins box", "Jenkinsfiles on our Jenkins"],
   "buildkite": ["the Buildkite setup", "Buildkite (self-hosted agents)"]},
  ["Pipelines for this project: {v}.", "This repo's checks run in {v}.",
   "Our build and test jobs sit on {v}.", "We rely on {v} for CI in this project."])
single("primary_language", "project", True, False,
  {"python": ["Python 3.12", "typed Python"],
   "go": ["Go (golang)", "Go 1.21"],
   "rust": ["Rust, stable toolchain", "idiomatic Rust"]},
  ["Language of this codebase: {v}.", "Nearly everything in the project is {v}.",
   "The project's code is written mostly in {v}.", "If you touch this project, you'll be writing {v}."])

# ---------------------------------------------------------------- new, user scope
single("invoice_format", "user", False, True,
  {"pdf": ["a PDF", "PDF attachments"],
   "xrechnung": ["XRechnung e-invoices", "structured XML e-invoices (XRechnung)"],
   "csv": ["a CSV export", "plain CSV files"]},
  ["Send my invoices as {v}.", "Invoices to me should come in {v}.",
   "For billing paperwork I want {v}.", "Accounting-wise, I only accept {v}."])
single("week_start", "user", True, True,
  {"monday": ["Mon", "Monday (ISO style)"],
   "sunday": ["Sun", "Sunday (US style)"],
   "saturday": ["Sat", "Saturday (Middle East style)"]},
  ["My calendar week starts on {v}.", "Show weeks beginning {v} for me.",
   "Week view: first day {v}, please.", "In my planner the week opens with {v}."])
single("pager_escalation_tier", "user", False, True,
  {"tier1": ["tier 1, first to be woken", "the first tier"],
   "tier2": ["tier 2, right after the primary", "the second tier"],
   "tier3": ["tier 3, the last resort", "the third tier"]},
  ["On the escalation ladder I'm {v}.", "Page me as {v}.",
   "My pager escalation level: {v}.", "In the on-call policy I sit at {v}."])
single("customer_reply_language@user", "user", False, True,
  {"english": ["English (UK spelling)", "British English"],
   "french": ["French", "French (informal tu is fine)"],
   "portuguese": ["Brazilian Portuguese", "Portuguese (pt-BR)"]},
  ["When I answer customers, I write in {v}.", "Draft my customer replies in {v}.",
   "My support answers go out in {v}.", "Customers hear from me in {v}."],
  aid="customer_reply_language")
single("date_format", "user", True, True,
  {"iso": ["YYYY-MM-DD", "ISO 8601 (2025-03-14)"],
   "us": ["MM/DD/YYYY", "the US way, month first"],
   "european": ["DD.MM.YYYY", "European day-month-year"]},
  ["Write dates for me as {v}.", "Date format preference: {v}.",
   "I read dates best as {v}.", "In anything you send me, use {v} for dates."])
single("oncall_backup", "user", False, True,
  {"priya": ["Priya", "Priya from the infra team"],
   "tomasz": ["Tomasz", "Tomasz Kowalczyk"],
   "keiko": ["Keiko", "Keiko in the Tokyo office"]},
  ["If I'm unreachable on call, {v} covers.", "My on-call backup is {v}.",
   "secondary for my pager shifts: {v}", "When my pager goes unanswered it falls to {v}."])
single("camera_default", "user", False, True,
  {"camera_on": ["the camera switched on", "video on"],
   "camera_off": ["the camera switched off", "video off"],
   "audio_only": ["audio only", "voice only, no webcam"]},
  ["In video meetings I keep {v}.", "Call etiquette for me: {v}.",
   "On calls, expect {v} from me.", "My default in meetings is {v}."])
single("password_manager", "user", False, True,
  {"onepassword": ["1Password", "a 1Password vault"],
   "bitwarden": ["Bitwarden", "our Bitwarden org"],
   "keepassxc": ["KeePassXC", "a local KeePassXC database"]},
  ["Credentials you share with me go into {v}.", "The password manager I use is {v}.",
   "Share passwords with me through {v}.", "I keep every secret in {v}."])
single("code_formatter@user", "user", False, True,
  {"black": ["Black", "black --line-length 100"],
   "ruff": ["ruff format", "Ruff's formatter"],
   "yapf": ["YAPF", "yapf with the google style"]},
  ["On my own scripts I run {v}.", "For personal code I format with {v}.",
   "I like my Python tidied by {v}.", "My pre-save hook calls {v}."],
  aid="code_formatter")
single("summary_style", "user", False, True,
  {"bullets": ["short bullet points", "a bulleted list"],
   "prose": ["a couple of proper paragraphs", "flowing prose"],
   "tldr": ["a one-line TL;DR", "just the TL;DR"]},
  ["When you summarise something for me, use {v}.", "I digest {v} best.",
   "Reports to me: {v}.", "Give me {v}, please."])

# ---------------------------------------------------------------- new, team scope
single("standup_timezone", "team", False, True,
  {"utc": ["UTC", "Zulu time"],
   "cet": ["Amsterdam time", "CET/CEST"],
   "us_eastern": ["New York time", "US Eastern"]},
  ["Our standup time is pinned to {v}.", "Team standups are scheduled in {v}.",
   "The daily sync slot is defined in {v}.", "We quote the standup time in {v}, whatever your home zone."])
single("customer_reply_language", "team", False, True,
  {"english": ["English, US spelling", "plain US English"],
   "french": ["formal French", "French, formal vous"],
   "portuguese": ["European Portuguese", "Portuguese (pt-PT)"]},
  ["Team rule: customer tickets are answered in {v}.", "Our support replies default to {v}.",
   "The team answers every customer in {v}.", "Customer-facing text from us is always in {v}."])
single("code_formatter", "team", False, True,
  {"black": ["Black (default settings)", "black, 88 columns"],
   "ruff": ["ruff format --check", "the Ruff formatter"],
   "yapf": ["yapf (pep8 style)", "YAPF with our .style.yapf"]},
  ["Team convention: Python is formatted with {v}.", "Our CI fails unless the code passes {v}.",
   "The team settled on {v} for formatting.", "Anything we merge must be run through {v}."])
single("sprint_length", "team", True, True,
  {"one_week": ["a single week", "5 working days"],
   "two_weeks": ["two weeks", "10 working days"],
   "three_weeks": ["three weeks", "15 working days"]},
  ["Our sprints last {v}.", "Sprint length in the team: {v}.",
   "We plan work in chunks of {v}.", "each of our iterations runs {v}"])
single("pager_tool", "team", False, True,
  {"pagerduty": ["PagerDuty", "the PagerDuty service"],
   "opsgenie": ["Opsgenie", "Atlassian Opsgenie"],
   "grafana_oncall": ["Grafana OnCall", "the Grafana on-call plugin"]},
  ["Pages for our team come through {v}.", "Our on-call rota is managed in {v}.",
   "Alerts wake us up via {v}.", "The team's escalation policies live in {v}."])

# ---------------------------------------------------------------- new, project scope
single("license", "project", True, True,
  {"apache2": ["Apache 2.0", "the Apache License, version 2"],
   "mit": ["MIT", "the MIT licence"],
   "proprietary": ["a proprietary licence", "closed-source terms, all rights reserved"]},
  ["This project is released under {v}.", "License for the repo: {v}.",
   "Code in this project ships under {v}.", "The LICENSE file in this repo says {v}."])
single("container_registry", "project", False, True,
  {"ecr": ["Amazon ECR", "our ECR repo in eu-central-1"],
   "ghcr": ["ghcr.io", "GitHub Container Registry"],
   "harbor": ["the internal Harbor", "harbor.acme.internal"]},
  ["Images for this project are pushed to {v}.", "Container registry here: {v}.",
   "Pull the project's images from {v}.", "Our Docker images live in {v}."])
single("secrets_store", "project", False, True,
  {"vault": ["HashiCorp Vault", "our Vault cluster"],
   "aws_sm": ["AWS Secrets Manager", "Secrets Manager on AWS"],
   "sops": ["SOPS-encrypted files in the repo", "sops with age keys"]},
  ["Secrets for this project are kept in {v}.", "Where do the API keys live? {V}.",
   "project secrets -> {v}", "Never commit secrets; they belong in {v}."])

# ---------------------------------------------------------------- set-valued, shared with A/B
multi("allergies", "user", True, False, {
  "shellfish": (["Shellfish is a hard no, I'm allergic.", "Allergy alert: shellfish."],
                ["Lobster and crab set it off too.", "Mussels and scallops give me a reaction as well."]),
  "peanuts": (["Peanuts - allergic, seriously.", "Heads-up, I have a peanut allergy."],
              ["Even a trace of groundnut oil is too much for me.", "Pad thai with crushed peanuts would put me in hospital."]),
  "gluten": (["Gluten and I don't get along.", "I need gluten-free food."],
             ["Diagnosed coeliac, so strictly no wheat.", "Rye and barley count too, I'm coeliac."]),
  "penicillin": (["Medical note: penicillin allergy.", "Penicillin gives me a bad reaction."],
                 ["Amoxicillin is off limits for me as well.", "Doctors shouldn't give me any amoxicillin-type antibiotic."])})
multi("languages_spoken", "user", True, False, {
  "english": (["Happy to talk in English.", "English, no problem."],
              ["English is the language I grew up with.", "I'm a native speaker of English."]),
  "german": (["Ich spreche Deutsch - German is fine.", "I'm comfortable in German."],
             ["I also get by in Swiss German.", "Even the Swiss dialect of German I can follow."]),
  "spanish": (["I get along in Spanish.", "Spanish is something I speak."],
              ["The Spanish I know is from Mexico.", "I picked up my Spanish in Guadalajara."]),
  "hindi": (["I can speak Hindi.", "Hindi conversations are no problem."],
            ["I can read Hindi written in Devanagari.", "Devanagari text is readable to me."])})
multi("owned_services", "team", False, False, {
  "payments": (["Payments API? That's us.", "We're on the hook for the payments service."],
               ["The chargeback handler inside payments is ours.", "Our team wrote and runs the payments refund pipeline."]),
  "ledger": (["The ledger is our team's service.", "Ledger: owned by our squad."],
             ["End-of-day ledger reconciliation falls on us.", "We're responsible for the ledger balance audits."]),
  "notifications": (["Notifications service - our team runs it.", "We own notifications end to end."],
                    ["The SMS provider integration in notifications is our code.", "Our team handles the push fan-out in notifications."]),
  "search": (["Search indexing belongs to our team.", "We're the owners of the search indexer."],
             ["The full reindex backfill is something we own.", "Synonym dictionaries for search are maintained by us."])})
multi("dependencies", "project", True, False, {
  "postgres": (["This project sits on top of Postgres.", "Postgres is where the project's data lives."],
               ["We're on Postgres 16 with a streaming replica.", "Reporting queries hit a Postgres read replica."]),
  "redis": (["Redis is in the dependency list.", "There's a Redis instance behind this project."],
            ["Redis here is cache only, keys expire after five minutes.", "Background jobs run through Redis streams."]),
  "kafka": (["The project reads events off Kafka.", "Kafka sits upstream of this project."],
            ["Our Kafka cluster is managed MSK.", "We consume Kafka with the ledger-sync consumer group."])})

# ---------------------------------------------------------------- set-valued, new
multi("offsite_snacks", "user", False, True, {
  "pretzels": (["For offsites, pretzels are my snack.", "get me pretzels for the next offsite"],
               ["Those soft Bavarian pretzels with coarse salt are my favourite.", "Laugenbrezel, ideally still warm."]),
  "dark_chocolate": (["I always grab dark chocolate at offsites.", "Dark chocolate, please, when you stock the offsite snacks."],
                     ["70 percent cocoa or higher, otherwise it doesn't count.", "Bitter chocolate with sea salt is the one."]),
  "dried_mango": (["Dried mango is my offsite snack of choice.", "Put some dried mango on the offsite snack list for me."],
                  ["The unsweetened dried mango slices, not the sugary ones.", "Philippine dried mango, if you can find it."]),
  "salted_nuts": (["Salted nuts keep me going at offsites.", "A bowl of salted nuts at the offsite would make me happy."],
                  ["Salted cashews especially.", "Roasted almonds with sea salt are ideal."])})
multi("certifications", "user", False, True, {
  "aws_sa": (["I'm an AWS certified Solutions Architect.", "I hold the AWS Solutions Architect cert."],
             ["It's the Professional level of the AWS architect certification.", "My AWS cert is SA Pro, renewed last year."]),
  "cka": (["I have my CKA.", "Certified Kubernetes Administrator, that's me."],
          ["My CKA was from the 1.28 exam, valid until 2026.", "Passed the Kubernetes admin exam with 91 points."]),
  "pmp": (["I'm PMP certified.", "I hold a PMP credential."],
          ["My PMP is from PMI, certificate number on file with HR.", "Got the PMP back in 2019 and keep my PDUs current."]),
  "cissp": (["I'm a CISSP.", "I have the CISSP security certification."],
            ["My CISSP comes with the ISSAP concentration.", "ISC2 CISSP, endorsed in 2021."])})
multi("accessibility_needs", "user", False, True, {
  "captions": (["Please turn on captions in calls with me.", "I need live captions for meetings."],
               ["I'm hard of hearing in my left ear, so captions really help.", "Auto-generated subtitles are fine, as long as they're on."]),
  "large_text": (["I need larger text in documents.", "Please use a bigger font size for me."],
                 ["Body text at 16pt minimum works for me.", "Slides with tiny fonts are unreadable for me, go 24pt or more."]),
  "reduced_motion": (["Animations make me dizzy, please keep them off.", "I need reduced motion on dashboards."],
                     ["Auto-playing carousels trigger my vertigo.", "Parallax scrolling makes me nauseous."]),
  "screen_reader": (["I use a screen reader.", "My work goes through a screen reader."],
                    ["It's NVDA I run, so give images alt text.", "With NVDA, unlabelled icons are just read out as 'button'."])})
multi("loyalty_programs", "user", True, True, {
  "miles_and_more": (["I collect Lufthansa Miles & More.", "Put my Miles & More number on Lufthansa bookings."],
                     ["I'm Frequent Traveller status on Miles & More.", "My Miles & More card is the silver one."]),
  "avios": (["I'm in the British Airways Executive Club.", "BA Avios - I collect those."],
            ["Bronze tier with BA, hoping for silver this year.", "My BA Executive Club membership is at bronze."]),
  "mileageplus": (["United MileagePlus member here.", "I earn United miles on MileagePlus."],
                  ["Premier Gold on United.", "I'm MileagePlus Premier Gold, so Star Alliance Gold as well."]),
  "bonvoy": (["For hotels I'm a Marriott Bonvoy member.", "I collect Bonvoy points at Marriott hotels."],
             ["I'm Platinum Elite with Bonvoy.", "Bonvoy Platinum, so lounge access at most Marriotts."])})
multi("food_dislikes", "user", False, True, {
  "cilantro": (["I can't stand cilantro.", "Coriander leaf tastes like soap to me."],
               ["Skip the fresh coriander garnish on anything you order me.", "Salsa verde is usually too heavy on cilantro for me."]),
  "olives": (["Olives - not for me.", "I really dislike olives."],
             ["Especially the black ones on pizza, yuck.", "Tapenade is a no, too much olive."]),
  "mushrooms": (["Mushrooms aren't my thing.", "please, no mushrooms"],
                ["The texture of button mushrooms is what gets me.", "Truffle I can live with, ordinary mushrooms I can't."])})
multi("mentees", "user", False, True, {
  "ana": (["I mentor Ana from the data team.", "Ana is one of my mentees."],
          ["Ana and I meet every other Thursday for mentoring.", "My mentoring sessions with Ana focus on system design."]),
  "ben": (["Ben is someone I mentor.", "I'm Ben's mentor."],
          ["Ben's a new grad; we pair on his onboarding tasks.", "With Ben I mostly work on code review skills."]),
  "chidi": (["I've started mentoring Chidi.", "Chidi is my mentee now too."],
            ["Chidi wants to move into SRE, so we focus on on-call skills.", "My sessions with Chidi are monthly, over lunch."])})
multi("recurring_meetings", "team", False, True, {
  "demo_friday": (["Our team does a demo on Fridays.", "Every week we show our work in a Friday demo."],
                  ["The Friday demo is at 4pm, 30 minutes, anyone can present.", "Demo day runs Friday afternoons with the whole department invited."]),
  "planning_monday": (["Monday is our planning meeting.", "We plan the week together each Monday."],
                      ["Monday planning starts at 10:00 and walks through the board.", "Our weekly planning is Monday morning, one hour, with the PM."]),
  "bug_bash": (["Once a month we hold a team bug bash.", "The team runs regular bug bashes."],
               ["The bug bash is the last Wednesday of the month, pizza included.", "Monthly bug bash: two hours, prizes for the nastiest bug."]),
  "architecture_review": (["We have a recurring architecture review.", "Architecture reviews are a standing meeting for us."],
                          ["Architecture review is fortnightly, RFCs posted two days ahead.", "Every second Tuesday we go through design docs as a team."])})
multi("escalation_contacts", "team", False, True, {
  "olu": (["Olu is on our escalation list.", "Escalate to Olu if the on-call is stuck."],
          ["Olu is the escalation point for anything database-related.", "For DB-layer trouble, Olu takes the escalation."]),
  "marta": (["Marta is one of our escalation contacts.", "If nobody answers, Marta is next."],
            ["Marta handles escalations about customer data.", "Marta is who we call when a customer-data question comes up at night."]),
  "sven": (["Sven's on the escalation chain too.", "Our team escalates to Sven as well."],
           ["Sven is the last escalation step, he's the engineering manager.", "Sven, our EM, is the final escalation."])})
multi("supported_browsers", "project", True, True, {
  "chrome": (["The app has to work in Chrome.", "Chrome is a supported browser for this project."],
             ["We support the last two Chrome releases.", "Chrome support means current and previous major versions."]),
  "firefox": (["Firefox is on the supported list.", "We test the project in Firefox."],
              ["Firefox ESR is supported as well, for enterprise customers.", "We include the Firefox ESR channel in testing."]),
  "safari": (["Safari needs to be supported.", "The project supports Safari."],
             ["Safari on iOS 16 and newer is in scope.", "Mobile Safari down to iOS 16 has to work."]),
  "edge": (["Edge is supported too.", "Microsoft Edge is one of our target browsers."],
           ["Edge only in its Chromium version; old Edge is out.", "We support Chromium-based Edge, nothing legacy."])})
multi("deploy_regions", "project", False, True, {
  "eu_west_1": (["The project runs in eu-west-1.", "We're deployed in Ireland (eu-west-1)."],
                ["eu-west-1 is the primary region, with three AZs.", "Our main cluster is in Dublin across all three availability zones."]),
  "us_east_1": (["There's a deployment in us-east-1 as well.", "We also serve from us-east-1."],
                ["us-east-1 is a warm standby for disaster recovery.", "The Virginia region only takes traffic on failover."]),
  "ap_southeast_2": (["We run in ap-southeast-2 too.", "Sydney (ap-southeast-2) is one of our regions."],
                     ["ap-southeast-2 hosts the Australian customers' data for residency.", "Data for AU customers stays in Sydney for residency rules."])})
multi("compliance_regimes", "project", False, True, {
  "gdpr": (["The project falls under GDPR.", "GDPR applies to this project."],
           ["We process EU personal data, so there's a DPA with every customer.", "Data subject deletion requests are honoured within 30 days here."]),
  "soc2": (["This project is in SOC 2 scope.", "We're audited for SOC 2."],
           ["It's SOC 2 Type II, audited yearly.", "The SOC 2 Type II window runs April to March."]),
  "pci": (["PCI DSS applies here.", "The project handles card data, so PCI."],
          ["We're a PCI DSS level 1 service provider.", "Card numbers are tokenised; we're in PCI level 1 scope."]),
  "hipaa": (["HIPAA rules apply to part of this project.", "Some data here is covered by HIPAA."],
            ["We've signed a BAA with AWS for the HIPAA workloads.", "PHI only lives in the HIPAA-eligible services."])})

# ---------------------------------------------------------------- prefixes, tools, chatter
CHANGE_PREFIX = {"C": ["Heads up, that changed: ", "Small correction - ", "Turns out that's different now: ",
                       "Revising what I said before: "]}
ADD_PREFIX = {"C": ["Forgot to mention: ", "One more thing - ", "Adding to that: "]}

# tool id -> (names, {failure kind: symptom wordings}); bank C uses every wording
TOOLS = {
  "geocoder": (["geocoder", "geo-lookup service", "the address geocoder"], {
      "timeout": ["no answer from geo-02.acme.internal after 45 s", "gave up waiting (45000 ms)",
                  "socket read stalled for 45 seconds"],
      "rate_limit": ["HTTP 429, retry after 120 s", "daily quota of 10,000 lookups used up",
                     "throttled at the 50 req/min ceiling"]}),
  "invoice_renderer": (["invoice renderer", "pdf-render worker", "the invoice PDF service"], {
      "oom": ["worker killed at 2 GiB RSS (OOM)", "java.lang.OutOfMemoryError: Java heap space",
              "container exited 137, memory cap 1536 MiB"],
      "not_found": ["template invoice_v7.html not found", "404 on /templates/eu/standard",
                    "missing font file NotoSans-Regular.ttf"]}),
  "artifact_store": (["artifact store", "artifacts.acme.internal", "the Nexus artifact repo"], {
      "cert": ["TLS handshake failed: certificate expired 2025-02-28",
               "x509: certificate signed by unknown authority",
               "hostname mismatch, cert is for nexus-old.acme.internal"],
      "permission": ["403 Forbidden on PUT /releases/", "permission denied for deploy user ci-bot",
                     "write access refused to repository libs-release"]}),
  "ldap_directory": (["LDAP directory", "ldap-01", "the corporate directory lookup"], {
      "conn_refused": ["connect ECONNREFUSED 10.4.2.17:636", "connection refused by ldap-01:389",
                       "port 636 closed, nothing listening"],
      "timeout": ["bind took longer than 20 s and was aborted", "search request timed out after 20000 ms",
                  "no reply from the directory within 20 seconds"]}),
  "metrics_push": (["metrics exporter", "prom-push gateway", "the metrics push job"], {
      "rate_limit": ["ingestion rate limit of 25000 samples/s exceeded",
                     "remote write rejected, series limit 500k reached", "HTTP 429 from mimir.acme.internal"],
      "conn_refused": ["dial tcp 10.8.0.5:9091: connection refused",
                       "pushgateway refused the connection on port 9091", "could not reach pushgw-3: refused"]}),
}
OBS_FRAMES = {"C": ["{T} failed again - {s}", "Tried {t}; it came back with: {s}.",
                    "{T}: {s} (attempt 1 of 3).", "Error while calling {t} -> {s}"]}

CHATTER = {"C": [
  "alright, pulling that up", "give me a second to look through the history",
  "let me double-check before I answer", "sure thing", "thanks, noted", "good morning!", "cheers",
  "still loading, bear with me", "I'm going to search the docs first", "Working on it...",
  "one moment while I run the query", "ok cool", "got it, thanks", "sounds good to me", "no worries",
  "that makes sense", "let me scroll back up", "brb, grabbing a coffee", "Hi there, how can I help today?",
  "thanks for your patience", "Hmm, interesting.", "okay, trying a different approach",
  "I'll summarise in a minute", "Running the tests now.", "Looks like it's still compiling.",
  "haha, fair enough", "hope your week is going well", "appreciate it!", "ok, next question",
  "Let me think about the best way to phrase this.", "Sorry, I missed that - could you repeat?",
  "Nice, that worked.", "Have a good weekend!", "I'm opening the file now.",
  "checking the logs, one minute", "great question", "Understood.",
  "Just to confirm, you want the second option?", "wait, what was the ticket number again?",
  "lol yes", "I'll get back to you on that after lunch"]}
