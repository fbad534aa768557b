"""Phrase bank E for gen.py (held out for a final blind run).

Written by a helper that never saw memcurator's code; only the harness files of the benchmark
(README.md, banks.py, banks_c.py, BANK_C.md, banks_d.py, BANK_D.md, gen.py, score.py, run.sh),
shared/SPEC.md and the write policy were read.

Same shape as banks_d.py, self-contained and used whole (no even/odd split):
  single: S[key] = dict(id, scope, lex, kind="single", new, values={value_id: [surfaces]}, E=[frames])
  set:    SETS[key] = dict(id, scope, lex, kind="set", new, members={member_id: (base[], refined[])})
`new` = the attribute id exists in none of banks A, B, C, D. The one shared attribute
(meeting_free_day, user and team) keeps the attribute id and value ids of the earlier banks but
uses new frames and new surfaces only. `lex` = a generic attribute lexicon would plausibly list
it (doc only).

Adversarial names on purpose: single-valued attributes named with plural nouns (honorifics,
escalation_rules, custody_weekends, payment_reminders, spending_limits, dental_checkups,
keyboard_switches, retention_rules, sla_terms, residency_requirements) and set-valued attributes
named in the singular or with mass nouns (medication, camera_gear, household, insurance,
kid_activity, hardware, test_hardware, paid_tool_license, support_macro, runbook,
observability_tooling, sales_channel, signed_nda, backup_target).
"""

S = {}
SETS = {}


def single(key, scope, lex, new, values, frames, aid=None):
    S[key] = dict(id=aid or key, scope=scope, lex=lex, kind="single", new=new, values=values, E=frames)


def multi(key, scope, lex, new, members, aid=None):
    SETS[key] = dict(id=aid or key, scope=scope, lex=lex, kind="set", new=new, members=members)


# ================================================================ single-valued, user scope
# ---------------------------------------------------------------- same topic at two scopes (user side)
single("meeting_free_day@user", "user", False, False,
  {"tuesday": ["Tuesday, the whole day", "every Tue"],
   "thursday": ["the entire Thursday", "every Thu"],
   "friday": ["Friday from morning to evening", "every Fri"]},
  ["I keep {v} meeting-free.", "my no-meeting day => {v}",
   "My deep-work day is {v}, so no invites.", "Scheduling with me? Avoid {v}."],
  aid="meeting_free_day")
single("escalation_rules@user", "user", False, True,
  {"page_then_call": ["page me first, phone after 10 minutes of silence",
                      "a PagerDuty page, then a phone call if I don't ack"],
   "call_directly": ["skip the pager and ring my mobile", "call me straight away on my cell"],
   "slack_first": ["DM me on Slack and only page if I'm quiet for 15 min",
                   "a Slack message first, the pager as a last resort"]},
  ["If something breaks and you need me, my escalation rules are: {v}.", "escalation (me) => {v}",
   "How to reach me in an emergency? {V}.", "For urgent stuff my rule is simple - {v}."],
  aid="escalation_rules")
single("notes_format@user", "user", False, True,
  {"bullet_outline": ["a bulleted outline", "nested bullet points"],
   "narrative": ["a few paragraphs of prose", "a short narrative write-up"],
   "action_items_only": ["just the action items", "only the to-dos with owners"]},
  ["When you take notes for me, write them as {v}.", "notes style (mine): {v}",
   "Format my meeting notes as {v}, please.", "What I want back after a call is {v}."],
  aid="notes_format")
single("chat_reply_time@user", "user", False, True,
  {"within_15min": ["within a quarter hour", "in under 15 mins"],
   "within_1h": ["within the hour", "inside 60 minutes"],
   "same_day": ["by end of day", "sometime the same day"]},
  ["Expect an answer from me on chat {v}.", "reply time (me): {v}",
   "I try to answer DMs {v}.", "If you message me, count on a response {v}."],
  aid="chat_reply_time")

# ---------------------------------------------------------------- personal, family, finance, health
single("honorifics", "user", True, True,
  {"dr": ["'Dr.' before my surname", "the doctor title"],
   "ms": ["'Ms' in front of my surname", "Ms, without a full stop"],
   "none": ["no title at all, just my name", "plain first name and surname, no Mr/Ms"]},
  ["Honorifics for me: {v}.", "In formal letters, address me with {v}.",
   "Please use {v} when you write to me on behalf of the firm.",
   "On name badges and place cards I go with {v}."])
single("custody_weekends", "user", False, True,
  {"first_third": ["the first and third weekends of the month", "weekends #1 and #3"],
   "second_fourth": ["the second and fourth weekends", "wknds 2 + 4 of each month"],
   "alternate": ["every other weekend", "alternating weekends, starting this one"]},
  ["The kids stay with me {v}.", "custody wknds: {v}",
   "Don't plan weekend travel for me on {v} - that's my time with the children.",
   "My ex and I split custody; I get {v}."])
single("payment_reminders", "user", False, True,
  {"three_days_before": ["three days before the due date", "72h ahead of each deadline"],
   "on_due_date": ["on the day the payment is due", "the morning of the due date"],
   "weekly_digest": ["as one weekly roundup on Sunday", "bundled into a weekly digest"]},
  ["Bill payment reminders: {v}.", "Nudge me about bills {v}.",
   "Remind me of upcoming payments {v}.", "Payment reminders should reach me {v}, nothing more."])
single("spending_limits", "user", False, True,
  {"eur_1000": ["EUR 1,000", "one thousand euros"],
   "eur_2500": ["2.500 \u20ac", "two and a half thousand euros"],
   "eur_5000": ["5k EUR", "five thousand euros"]},
  ["My corporate card spending limits: {v} per month.", "Card limit => {v}/month",
   "Finance set my monthly card cap at {v}.", "I can't put more than {v} a month on the company Amex."])
single("budgeting_method", "user", True, True,
  {"zero_based": ["zero-based budgeting", "the every-euro-gets-a-job approach"],
   "envelope": ["the envelope system", "cash envelopes per category"],
   "fifty_thirty_twenty": ["the 50/30/20 rule", "fifty-thirty-twenty: needs, wants, savings"]},
  ["I budget using {v}.", "budget method -> {v}",
   "When you categorise my spending, assume {v}.", "The way I run my household budget is {v}."])
single("dental_checkups", "user", False, True,
  {"every_6_months": ["every six months", "twice a year"],
   "yearly": ["once a year", "every 12 months"],
   "every_3_months": ["every quarter", "4x a year"]},
  ["Dental checkups: {v}.", "Book my dentist appointments {v}.",
   "My dentist wants to see me {v}.", "Put a dental check-up reminder in my calendar {v}."])
single("workout_time", "user", True, True,
  {"morning": ["before work, around 6:30", "at dawn, 06:00-07:00"],
   "lunch": ["over lunch, 12 to 1", "in the midday break"],
   "evening": ["after 6 in the evening", "evenings from 18:30"]},
  ["I train {v}, so don't book me then.", "gym: {v}",
   "My workouts happen {v}.", "My exercise slot is {v} - keep it free."])
single("doctor_visit_mode", "user", False, True,
  {"in_person": ["going to the practice in person", "a visit at the clinic"],
   "video": ["a video consultation", "telemedicine over video"],
   "phone": ["a phone consultation", "a call with the doctor, no video"]},
  ["For GP appointments I prefer {v}.", "doctor appts -> {v}",
   "Whenever you book medical stuff for me, go with {v}.", "Telehealth or clinic? For me: {v}."])

# ---------------------------------------------------------------- hardware, data
single("monitor_setup", "user", False, True,
  {"single_ultrawide": ["one 34-inch ultrawide", "a single curved 3440x1440 screen"],
   "dual_27": ["two 27\" 4K monitors side by side", "a pair of twenty-seven inch displays"],
   "laptop_only": ["just the laptop screen", "the 14-inch MacBook panel, no external monitor"]},
  ["At my desk I run {v}.", "monitors: {v}",
   "Design the dashboards for {v}, that's what I look at.", "My display setup is {v}."])
single("keyboard_switches", "user", False, True,
  {"brown": ["Cherry MX Browns", "tactile brown switches"],
   "red": ["MX Reds", "linear red switches"],
   "blue": ["clicky blues", "Cherry MX Blue switches"]},
  ["My mechanical keyboard has {v}.", "switches: {v}",
   "If you order a replacement keyboard for me, get {v}.", "I type on {v} and wouldn't change."])
single("pointing_device", "user", False, True,
  {"mouse": ["a vertical mouse", "an ergonomic mouse"],
   "trackball": ["a thumb trackball", "the Logitech trackball"],
   "trackpad": ["a Magic Trackpad", "an external touchpad"]},
  ["I use {v} rather than anything else.", "pointer: {v}",
   "Because of my RSI, I stick to {v}.", "Set up the hot desk with {v} for me."])
single("notebook_tool", "user", False, True,
  {"jupyter": ["JupyterLab", "plain Jupyter on my laptop"],
   "hex": ["Hex", "our Hex workspace"],
   "databricks": ["Databricks notebooks", "the Databricks workspace"]},
  ["I do my analysis in {v}.", "notebooks -> {v}",
   "Send me notebooks that open in {v}.", "My scratch work lives in {v}."])

# ---------------------------------------------------------------- support, sales, travel, hobbies
single("support_tone", "user", False, True,
  {"formal": ["formal and polite", "buttoned-up, no emojis"],
   "friendly": ["warm and chatty", "friendly, on first-name terms"],
   "brief": ["short and to the point", "terse, three sentences max"]},
  ["Customer replies from me should sound {v}.", "tone: {v}",
   "When you draft a ticket answer in my name, keep it {v}.", "My support voice is {v}."])
single("quota_period", "user", False, True,
  {"monthly": ["per month", "on a monthly basis"],
   "quarterly": ["per quarter", "each Q"],
   "annual": ["once for the whole fiscal year", "per FY"]},
  ["My sales quota is set {v}.", "quota period: {v}",
   "I get measured against target {v}.", "Commission for me is calculated {v}."])
single("rail_class", "user", True, True,
  {"first": ["first class", "1st class on the ICE"],
   "second": ["standard class", "2nd class with a seat reservation"],
   "quiet_coach": ["a seat in the quiet zone", "the Ruhebereich / quiet coach"]},
  ["On trains, book me {v}.", "rail: {v}",
   "For Deutsche Bahn trips I take {v}.", "Any train is fine as long as it's {v}."])
single("rental_car_size", "user", True, True,
  {"compact": ["a compact like a VW Golf", "the smallest category"],
   "midsize": ["a mid-size sedan", "an intermediate car"],
   "van": ["a minivan", "a 7-seater van"]},
  ["Rental cars for me: {v}.", "When I rent a car, I book {v}.",
   "car hire -> {v}", "Reserve {v} whenever I need wheels at the destination."])
single("chess_time_control", "user", False, True,
  {"blitz": ["blitz, 3+2", "three-minute games with a two-second increment"],
   "rapid": ["rapid, 15+10", "fifteen minutes plus ten seconds a move"],
   "classical": ["classical, 90+30", "long games, ninety minutes each"]},
  ["When I play chess online it's {v}.", "chess tc: {v}",
   "My favourite format is {v}.", "Set up the club game for me as {v}."])

# ================================================================ single-valued, team scope
# ---------------------------------------------------------------- same topic at two scopes (team side)
single("meeting_free_day@team", "team", False, False,
  {"wednesday": ["on Wed", "midweek, on Wednesdays"],
   "friday": ["on Fri", "at the end of the week, on Fridays"],
   "monday": ["on Mon", "at the start of the week, on Mondays"]},
  ["Team norm: nothing on the calendar {v}.", "We as a team don't book syncs {v}.",
   "No recurring team meetings land {v} - agreed at the offsite.", "team no-meeting day => {v}"],
  aid="meeting_free_day")
single("escalation_rules", "team", False, True,
  {"page_then_call": ["primary paged, secondary phoned after 10 min",
                      "page the primary and call the secondary if there's no ack in ten minutes"],
   "call_directly": ["a phone call to the on-call, no pager step", "straight to a voice call on the on-call phone"],
   "slack_first": ["post in #incidents first, page only if nobody picks it up",
                   "Slack incident channel first, pager after 15 minutes"]},
  ["Our on-call escalation rules: {v}.", "When an alert fires, the team's protocol is: {v}.",
   "Per the runbook, the escalation path is: {v}.", "Team-wide we escalate like this: {v}."])
single("notes_format", "team", False, True,
  {"bullet_outline": ["an outline of bullets", "hierarchical bullets under each agenda item"],
   "narrative": ["flowing prose paragraphs", "a narrative summary in full sentences"],
   "action_items_only": ["a list of action items and nothing else", "owners plus due dates, no discussion"]},
  ["Team convention for meeting minutes: {v}.", "Our notes template is {v}.",
   "Anyone taking minutes for the team writes them as {v}.", "In our Confluence space, minutes are {v}."])
single("chat_reply_time", "team", False, True,
  {"within_15min": ["inside fifteen minutes", "within 15 min during core hours"],
   "within_1h": ["within one hour", "in no more than an hour"],
   "same_day": ["before close of business", "on the same working day"]},
  ["Our team agreement: chat messages get a reply {v}.", "Team SLA for internal pings: {v}.",
   "As a team we commit to answering questions in our channel {v}.", "The working agreement says we respond {v}."])

# ---------------------------------------------------------------- devops, support, sales
single("oncall_handoff_time", "team", False, True,
  {"mon_0900": ["Monday 09:00", "at nine on Monday morning"],
   "fri_1700": ["Friday 17:00", "at five on Friday afternoon"],
   "wed_1200": ["Wednesday noon", "midday on Wednesday"]},
  ["On-call hands over {v}.", "rotation swap: {v}",
   "Our pager changes hands {v} every week.", "The outgoing on-call briefs the next person {v}."])
single("refund_approval_limit", "team", False, True,
  {"eur_50": ["EUR 50", "fifty euros"],
   "eur_200": ["\u20ac200", "two hundred euros"],
   "eur_500": ["500 EUR", "five hundred euros"]},
  ["Agents may refund up to {v} without asking a lead.", "refund cap (no approval): {v}",
   "Anything above {v} needs a team lead's OK.", "Our support policy: refunds of {v} or less are self-serve."])
single("lead_routing", "team", False, True,
  {"round_robin": ["round-robin across the reps", "in rotation, one rep after the next"],
   "territory": ["by territory", "based on the prospect's region"],
   "account_owner": ["to whoever owns the account", "to the existing account owner"]},
  ["Inbound leads are assigned {v}.", "lead routing: {v}",
   "Our team distributes new leads {v}.", "In HubSpot, the assignment rule is: {v}."])

# ================================================================ single-valued, project scope
single("retention_rules", "project", False, True,
  {"d30": ["30 days", "one month"],
   "d90": ["90 days", "three months"],
   "y1": ["365 days", "a full year"]},
  ["Log retention rules for this project: {v}.", "retention: {v}",
   "We keep raw event data {v}, then it's purged.", "Our DPA commits us to deleting logs after {v}."])
single("sla_terms", "project", False, True,
  {"gold": ["Gold (99.95%, 1h response)", "the gold tier"],
   "silver": ["Silver, 99.9% uptime", "the silver package"],
   "bronze": ["Bronze - best effort, next business day", "the bronze tier"]},
  ["This customer's support terms: {v}.", "support tier per SLA: {v}",
   "The contract for this project gives the client {v}.", "Under the signed SLA we owe them {v}."])
single("residency_requirements", "project", False, True,
  {"eu_only": ["EU only", "inside the European Union"],
   "us_only": ["US only", "on US soil"],
   "none": ["unrestricted", "anywhere, no residency constraint"]},
  ["Data residency requirements: {v}.", "residency -> {v}",
   "Where may this client's data be stored? {V}.", "Per the contract, storage location is {v}."])
single("deploy_tool", "project", True, True,
  {"argo_cd": ["Argo CD", "ArgoCD apps synced from the infra repo"],
   "flux": ["Flux", "Flux v2 controllers"],
   "spinnaker": ["Spinnaker", "Spinnaker pipelines"]},
  ["Deploys for this service are done with {v}.", "cd tool: {v}",
   "Releases roll out to the cluster through {v}.", "Don't kubectl apply by hand - {v} does the rollouts."])
single("iac_tool", "project", True, True,
  {"terraform": ["Terraform", "HCL modules applied via Terraform Cloud"],
   "pulumi": ["Pulumi", "Pulumi with TypeScript"],
   "cdk": ["AWS CDK", "the CDK in Python"]},
  ["Infra for this project is written in {v}.", "infra-as-code: {v}",
   "Any new bucket or queue gets declared in {v}.", "We manage the cloud resources here with {v}."])
single("governing_law", "project", True, True,
  {"german": ["German law", "the laws of the Federal Republic of Germany"],
   "english": ["English law", "the law of England and Wales"],
   "delaware": ["Delaware law", "the laws of the State of Delaware"]},
  ["The contract for this project is governed by {v}.", "governing law: {v}",
   "Disputes on this engagement go under {v}.", "Legal reminded us this deal falls under {v}."])
single("billing_cycle", "project", True, True,
  {"monthly": ["every month, on the 1st", "12 times a year"],
   "quarterly": ["once a quarter", "every three months, in arrears"],
   "annual": ["yearly, upfront", "once per year in advance"]},
  ["We invoice this client {v}.", "billing cycle: {v}",
   "The client gets a bill from us {v}.", "Finance runs this project's invoicing {v}."])
single("schema_migration_tool", "project", False, True,
  {"alembic": ["Alembic", "Alembic revisions"],
   "flyway": ["Flyway", "Flyway's versioned SQL scripts"],
   "liquibase": ["Liquibase", "Liquibase changelogs"]},
  ["Schema changes here are managed by {v}.", "migrations -> {v}",
   "New tables? Add a migration in {v}.", "The DB schema in this repo is versioned with {v}."])
single("pii_handling", "project", False, True,
  {"hash": ["hashed with SHA-256 and a salt", "salted-hashed"],
   "redact": ["redacted", "blanked out entirely"],
   "tokenize": ["tokenized via the vault", "swapped for reversible tokens"]},
  ["Any PII in this pipeline gets {v}.", "pii: {v}",
   "Before anything hits the warehouse, personal data is {v}.",
   "Our privacy review requires emails and names to be {v}."])

# ================================================================ set-valued, user scope
multi("medication", "user", True, True, {
  "metformin": (["I take metformin.", "Metformin is part of my daily meds."],
                ["Metformin 500 mg, twice a day with meals.", "My metformin dose is 500mg at breakfast and dinner."]),
  "levothyroxine": (["I'm on levothyroxine for my thyroid.", "Thyroid medication every morning - levothyroxine."],
                    ["Levothyroxine 75 mcg, on an empty stomach.",
                     "I take 75 micrograms of L-thyroxine half an hour before breakfast."]),
  "cetirizine": (["Cetirizine for hay fever, that's on my list too.", "I use an antihistamine, cetirizine."],
                 ["Cetirizine 10 mg, only from April to June.",
                  "The antihistamine is seasonal: one 10mg tablet a day in pollen season."])})
multi("camera_gear", "user", False, True, {
  "fuji_body": (["My camera is a Fujifilm.", "I shoot on a Fuji body."],
                ["It's an X-T4 with the battery grip.", "The Fuji is an X-T4, bought used in 2022."]),
  "prime_35": (["I've got a 35mm prime lens.", "There's a 35 mm lens in my kit."],
               ["The 35mm is the f/1.4, my walkaround lens.", "My 35 is the fast f1.4 version."]),
  "drone": (["I fly a drone for aerial shots.", "A drone is part of my photo kit."],
            ["It's a DJI Mini 3, under 250 g so no licence needed.",
             "The DJI Mini weighs 249 grams, below the registration limit."])})
multi("household", "user", True, True, {
  "partner": (["I live with my partner.", "My partner and I share the flat."],
              ["My partner Sam works night shifts at the hospital.", "Sam, my partner, is a nurse on nights."]),
  "daughter": (["My daughter lives with us.", "There's my daughter at home too."],
               ["My daughter Ella is 9 and in fourth grade.", "Ella is nine; school pick-up is at 3:30."]),
  "mother": (["My mum moved in with us.", "My mother lives in our house now."],
             ["Mum is 78 and needs help getting to her hospital appointments.",
              "My mother has used a wheelchair since her hip surgery."])})
multi("insurance", "user", True, True, {
  "private_health": (["I have private health insurance.", "My health cover is private, not statutory."],
                     ["It's with a private insurer, EUR 600 deductible a year.",
                      "My private health plan has a 600-euro annual excess."]),
  "liability": (["I carry personal liability insurance.", "Personal liability cover: yes, I have it."],
                ["The liability policy covers up to 10 million euros.", "My Haftpflicht has a ten million sum insured."]),
  "legal_protection": (["I've got legal expenses insurance.", "There's a legal protection policy in my name."],
                       ["The legal cover includes employment disputes, 3-month waiting period.",
                        "Employment-law cases are covered by my legal insurance after a three-month wait."])})
multi("kid_activity", "user", False, True, {
  "swimming": (["My son does swimming.", "Swimming club is one of the kids' things."],
               ["Swim practice is Tuesday and Thursday, 17:00 at the Hallenbad.",
                "Training at the indoor pool is twice a week, Tue and Thu at five."]),
  "piano_lessons": (["My daughter takes piano lessons.", "One of the kids is learning piano."],
                    ["Piano is Wednesdays at 4pm with Mrs. Okafor.",
                     "Her piano teacher comes to the house every Wednesday afternoon."]),
  "football": (["The kids play football.", "Football training is on the family calendar."],
               ["U10 football trains Saturday mornings, matches on Sundays.",
                "Saturday 9am training, games most Sundays - under-10s."])})
multi("hardware", "user", False, True, {
  "nas": (["I run a NAS at home.", "There's a network storage box in my home lab."],
          ["The NAS is a Synology DS920+ with 4x8 TB in SHR.", "My Synology holds 32 TB raw in an SHR volume."]),
  "raspberry_pi": (["I have a Raspberry Pi running at home.", "A Raspberry Pi is part of my home setup."],
                   ["The Pi 5 runs Pi-hole and a WireGuard endpoint.",
                    "My Raspberry Pi 5 does DNS filtering with Pi-hole."]),
  "gpu_box": (["I built a GPU workstation for side experiments.", "At home I've got a machine with a big GPU."],
              ["The GPU box has an RTX 4090 and 64 GB of RAM.", "It's a 4090 build with 64 gigs of memory."])})
multi("frequent_destinations", "user", True, True, {
  "london": (["I fly to London a lot.", "London is a regular trip for me."],
             ["London is usually the Canary Wharf office, two nights.",
              "In London I'm at our Canary Wharf site, Tuesday to Thursday."]),
  "singapore": (["Singapore comes up often in my travel.", "I go to Singapore several times a year."],
                ["Singapore trips are for the APAC sales kickoff, usually a week.",
                 "The Singapore visits are week-long APAC customer tours."]),
  "new_york": (["I'm in New York regularly.", "NYC is on my travel rotation."],
               ["New York means the Hudson Yards office and a red-eye back.",
                "For NYC I usually fly home overnight on the red-eye."])})
multi("emergency_contacts", "user", True, True, {
  "jonas": (["My brother Jonas is an emergency contact.", "In an emergency, call my brother Jonas."],
            ["Jonas lives 10 minutes away and has a spare key.", "My brother Jonas is reachable on +49 151 0000 1234."]),
  "aisha": (["Aisha, my neighbour, is on my emergency list.", "If I'm unreachable, Aisha next door can help."],
            ["Aisha is home most days and can check on my mum.", "Aisha from the flat below has my emergency instructions."]),
  "mei": (["Put my friend Mei down as an emergency contact.", "Mei is also someone to ring if something happens to me."],
          ["Mei is a doctor, so she's the one for medical emergencies.",
           "For anything medical, Mei is the best contact - she's a GP."])})

# ================================================================ set-valued, team scope
multi("test_hardware", "team", False, True, {
  "pixel_8": (["The team keeps a Pixel 8 for testing.", "We have a Google Pixel 8 in the device drawer."],
              ["Our Pixel 8 stays on Android 14 for regression runs.", "The test Pixel is pinned to Android 14, don't update it."]),
  "iphone_15": (["There's an iPhone 15 in our test kit.", "We test on a team iPhone 15."],
                ["The iPhone 15 is on iOS 17.4 and enrolled in our MDM.", "Our test iPhone is MDM-managed, iOS 17.4."]),
  "ipad_air": (["We have an iPad Air for tablet testing.", "An iPad Air is part of the team's test devices."],
               ["The iPad Air is the 5th gen with the M1 chip.", "Our tablet is an M1 iPad Air (5th generation)."]),
  "fire_tv": (["A Fire TV stick lives in our lab too.", "The team owns an Amazon Fire TV for the TV app."],
              ["The Fire TV is the 4K Max, plugged into the monitor in room 3.12.",
               "Our Fire TV Stick 4K Max is hooked up in meeting room 3.12."])})
multi("paid_tool_license", "team", False, True, {
  "figma": (["Our team pays for Figma.", "We have Figma seats on the team budget."],
            ["We have 6 Figma professional seats, renewed each January.", "Six Figma Pro licences, billed annually in January."]),
  "jetbrains": (["JetBrains licences are on our tab.", "The team holds JetBrains IDE licences."],
                ["It's the All Products Pack for 8 developers.", "We buy the JetBrains All Products Pack, eight seats."]),
  "miro": (["We pay for Miro too.", "Miro is a paid tool for our team."],
           ["Miro is on the Business plan, shared with the design folks.", "Our Miro subscription is Business tier, shared with design."])})
multi("support_macro", "team", False, True, {
  "refund_policy": (["We have a macro for refund questions.", "There's a canned reply about refunds."],
                    ["The refund macro quotes the 30-day money-back policy and links the form.",
                     "Our refund canned response explains the 30-day window and includes the form link."]),
  "password_reset": (["The team uses a password-reset macro.", "There's a saved reply for password resets."],
                     ["The reset macro walks people through the 'Forgot password' link and 2FA recovery.",
                      "Our password macro also covers recovering 2FA codes."]),
  "shipping_delay": (["We keep a macro for late deliveries.", "A canned answer for shipping delays exists."],
                     ["The delay macro offers a 10% voucher if the parcel is over 5 days late.",
                      "For parcels more than five days late, the macro gives a 10 percent voucher."])})
multi("runbook", "team", False, True, {
  "db_failover": (["We have a runbook for database failover.", "DB failover is documented in our runbooks."],
                  ["The failover runbook promotes the replica with patronictl and updates the DNS record.",
                   "Our DB failover steps: patronictl switchover, then repoint DNS."]),
  "cert_rotation": (["There's a runbook for rotating TLS certificates.", "Certificate rotation has a runbook."],
                    ["Cert rotation uses cert-manager; the runbook covers the manual fallback.",
                     "The manual cert-manager fallback is in the rotation runbook."]),
  "cache_flush": (["Our team wrote a runbook for flushing the cache.", "Flushing the CDN cache is a documented procedure for us."],
                  ["The cache flush runbook purges Fastly by surrogate key, never a full purge.",
                   "We purge Fastly per surrogate key, as the runbook says - no global purge."])})

# ================================================================ set-valued, project scope
multi("observability_tooling", "project", False, True, {
  "prometheus": (["Metrics for this project go to Prometheus.", "The project is scraped by Prometheus."],
                 ["Prometheus scrapes every 15s and keeps 15 days locally.",
                  "We scrape at a 15-second interval, 15 days of local retention."]),
  "grafana": (["Dashboards are in Grafana.", "We visualise everything in Grafana."],
              ["The main Grafana board is 'Checkout SLOs', folder Payments.", "Our key dashboard in Grafana is Checkout SLOs."]),
  "loki": (["Logs are shipped to Loki.", "The project's logs live in Loki."],
           ["Loki gets logs via Promtail, labelled by namespace and pod.", "Promtail ships to Loki with namespace and pod labels."]),
  "sentry": (["Errors are tracked in Sentry.", "We report exceptions to Sentry."],
             ["Sentry samples 20% of transactions and all errors.", "In Sentry we keep every error but only a fifth of the traces."])})
multi("sales_channel", "project", True, True, {
  "direct": (["This product is sold directly by our own reps.", "Direct sales is one route to market here."],
             ["Direct deals are closed by the field team for contracts above 50k.", "Our reps sell direct for anything over 50k a year."]),
  "partners": (["We also sell through resellers.", "Partners resell this product."],
               ["The reseller channel runs through two distributors in DACH.", "Two DACH distributors handle the partner channel."]),
  "marketplace": (["The product is listed on the AWS Marketplace.", "Customers can buy us through a cloud marketplace."],
                  ["On AWS Marketplace we offer private offers with annual billing.", "Private offers on AWS Marketplace, billed yearly."])})
multi("signed_nda", "project", False, True, {
  "northwind": (["There's a signed NDA with Northwind.", "Northwind signed our NDA."],
                ["The Northwind NDA is mutual and runs until 2027.", "Our mutual NDA with Northwind expires in 2027."]),
  "contoso": (["Contoso is under NDA with us for this project.", "We have an NDA in place with Contoso."],
              ["Contoso's NDA is one-way, only their disclosures are protected.",
               "It's a unilateral NDA with Contoso - it protects their info, not ours."]),
  "tailspin": (["Tailspin Toys signed an NDA too.", "An NDA with Tailspin is on file."],
               ["The Tailspin NDA excludes source code; three-year term.", "Tailspin's NDA has a 3-year term and carves out source code."])})
multi("backup_target", "project", False, True, {
  "s3_glacier": (["Backups are copied to S3 Glacier.", "We archive backups in Glacier."],
                 ["Glacier Deep Archive, with a 180-day minimum retention.",
                  "Our Glacier copies sit in Deep Archive for at least 180 days."]),
  "backblaze_b2": (["A second copy goes to Backblaze B2.", "We also push backups to Backblaze."],
                   ["B2 gets nightly restic snapshots, encrypted client-side.",
                    "restic sends encrypted snapshots to Backblaze every night."]),
  "offsite_tape": (["There's an offsite tape backup as well.", "Backups also end up on tape offsite."],
                   ["LTO-9 tapes go to the Iron Mountain vault every Friday.",
                    "Every Friday the LTO tapes are shipped to an offsite vault."])})
multi("alert_rules", "project", False, True, {
  "high_error_rate": (["We alert on a high error rate.", "There's an alert for elevated 5xx rates."],
                      ["The error-rate alert fires above 2% 5xx over 5 minutes.", "5xx above two percent for five minutes pages us."]),
  "disk_80": (["There's a disk usage alert.", "We get alerted when disks fill up."],
              ["Disk alert at 80% warning, 90% page.", "Disks warn at 80 percent and page at 90."]),
  "cert_expiry": (["We alert on expiring certificates.", "An alert watches our TLS certificate expiry dates."],
                  ["Cert expiry warns 21 days ahead and pages at 7.",
                   "We get a warning three weeks before a cert expires, a page one week before."])})
multi("customer_segments", "project", True, True, {
  "smb": (["This product targets small businesses.", "SMBs are one of our segments."],
          ["SMB here means under 50 employees, self-serve signup.",
           "Our small-business segment is companies below 50 staff, buying online."]),
  "mid_market": (["Mid-market companies are a target segment.", "We sell to the mid-market as well."],
                 ["Mid-market is 50-1000 employees, sales-assisted.",
                  "Companies between fifty and a thousand people get a sales-assisted motion."]),
  "enterprise": (["Enterprise customers are a segment for this project.", "We go after enterprise accounts too."],
                 ["Enterprise means 1000+ staff and a security review in every deal.",
                  "Every enterprise deal (over 1,000 employees) includes a security questionnaire."])})

# ---------------------------------------------------------------- prefixes, tools, chatter
CHANGE_PREFIX = {"E": ["Ignore my old answer, ", "Different now: ", "Not anymore, actually: ", "Revising this: "]}
ADD_PREFIX = {"E": ["Oh, and another thing: ", "Another one: ", "Throw this in too: "]}

# tool id -> (names, {failure kind: symptom wordings}); bank E uses every wording
TOOLS = {
  "ledger_recon": (["Ledgerbot", "ledger-recon", "the nightly reconciliation job"], {
      "mismatch": ["balance off by EUR 0.03 on account 4711", "3 unmatched bookings between bank feed and GL",
                   "reconciliation diff of -12.40 for cost centre 220"],
      "lock_timeout": ["lock wait timeout exceeded; try restarting transaction",
                       "could not obtain lock on relation journal_entries",
                       "deadlock detected after 50 s waiting on a row lock"]}),
  "shipyard": (["Shipyard", "shipyard deploy", "our in-house deploy tool"], {
      "image_pull": ["ImagePullBackOff for registry.acme.internal/checkout:4.2.1",
                     "manifest unknown: tag 4.2.1 not found",
                     "pull access denied for checkout, repository does not exist"],
      "rollout_stuck": ["rollout stuck at 2/6 replicas ready", "progress deadline exceeded after 600s",
                        "readiness probe failing on /healthz with HTTP 503"]}),
  "fhir_bridge": (["FHIR bridge", "fhir-gw", "the patient-records connector"], {
      "validation": ["Patient.birthDate missing in bundle entry 7",
                     "resource failed profile validation against de.basisprofil",
                     "unknown code system http://loinc.org version 2.76"],
      "auth": ["SMART token rejected: audience mismatch", "403 Forbidden, scope patient/*.read not granted",
               "client assertion JWT expired 2 minutes ago"]}),
  "receipt_ocr": (["receipt scanner", "ocr-receipts", "the expense-report OCR"], {
      "unreadable": ["confidence 0.41 below threshold on IMG_2231.jpg", "no total amount detected on the receipt",
                     "image too blurry to parse (sharpness 0.12)"],
      "currency": ["unsupported currency CHF on line 3", "could not determine the currency symbol",
                   "FX rate for JPY missing for 2025-03-14"]}),
  "tripdesk": (["TripDesk", "tripdesk-api", "the corporate booking portal"], {
      "payment_declined": ["card ending 4242 declined (do_not_honor)", "payment refused by issuer, code 05",
                           "3-D Secure challenge failed for the virtual card"],
      "fare_expired": ["fare no longer available, please re-price",
                       "price changed from 412.00 to 468.50 EUR during booking",
                       "booking session expired after 20 minutes"]}),
  "label_printer": (["the label printer", "zebra-zt410-02", "the shipping label station on floor 2"], {
      "offline": ["printer not responding on 10.20.4.17:9100", "device offline since 08:12",
                  "no route to host zebra-zt410-02"],
      "media": ["ribbon out", "paper jam at the cutter", "label stock not detected (media out)"]}),
}
OBS_FRAMES = {"E": ["{T} hiccup: {s}", "Ran {t} and got back: {s}",
                    "{T} gave an error ({s}); moving on.", "tool={t} status=failed detail={s}"]}

CHATTER = {"E": [
  # agent narration of on-screen actions
  "Opening the Settings tab now.", "Scrolling down to the attachments section.",
  "Clicking Export in the top-right corner.", "I'm switching over to the billing dashboard.",
  "Filtering the table to the last 7 days...", "now sorting by date, newest first",
  "Copying the link into the doc.", "ok, I've got the spreadsheet open",
  "Refreshing the page to see if it loads this time.", "Zooming in on the chart so I can read the labels.",
  # stalling
  "Give me a moment to pull that together.", "Hmm, still loading on my end.",
  "One moment while I double-check.", "Let me think about how to phrase this.",
  "Bear with me a little longer, nearly done.", "Chipping away at it...", "just a moment pls", "Still crunching.",
  # acknowledgements
  "Understood - carrying on.", "Gotcha, cheers.", "That works for me.", "Roger that.", "Yep, makes sense.",
  "Okay, will keep going then.", "Sure, no problem at all.", "Ack.", "Great, thanks for confirming.",
  "Thank you, I will proceed accordingly.",
  # small talk
  "How was your weekend?", "It's pouring here today.", "Hope the coffee machine is fixed by now.",
  "Did you catch the match last night?", "Enjoy your holiday!", "lol, classic",
  "Happy Monday, everyone.", "Long day, huh?",
  # pointers back into the chat
  "See my message above.", "Like I wrote a few messages up.", "Per the link I pasted earlier.",
  "As in my previous reply.", "Scroll up, I answered that already.", "Same as what I said before.",
  "Going back to your first question...", "Re: your earlier point about the report",
  "That's the screenshot from before.", "Apologies for the wait; I am reviewing the document now."]}
