"""Phrase bank D for gen.py (held out for a final blind run).

Written by a helper that never saw memcurator's code; only the harness files of the benchmark
(README.md, banks.py, banks_c.py, BANK_C.md, gen.py, score.py, run.sh), shared/SPEC.md and the
write policy were read.

Same shape as banks_c.py, self-contained and used whole (no even/odd split):
  single: S[key] = dict(id, scope, lex, kind="single", new, values={value_id: [surfaces]}, D=[frames])
  set:    SETS[key] = dict(id, scope, lex, kind="set", new, members={member_id: (base[], refined[])})
`new` = the attribute id exists in none of banks A, B, C. Shared attributes keep the attribute id
and value ids of the earlier banks (a third value added where A/B had two) but use new frames and
new surfaces only. `lex` = a generic attribute lexicon would plausibly list it (doc only).
"""

S = {}
SETS = {}


def single(key, scope, lex, new, values, frames, aid=None):
    S[key] = dict(id=aid or key, scope=scope, lex=lex, kind="single", new=new, values=values, D=frames)


def multi(key, scope, lex, new, members, aid=None):
    SETS[key] = dict(id=aid or key, scope=scope, lex=lex, kind="set", new=new, members=members)


# ---------------------------------------------------------------- shared with A/B/C, user scope
single("seat_preference", "user", True, False,
  {"window": ["the seat next to the porthole", "a window spot, A or F"],
   "aisle": ["an aisle spot so I can stretch my legs", "the seat by the gangway"],
   "exit_row": ["a row with extra legroom by the emergency doors", "the exit row (happy to help in an emergency)"]},
  ["seats -> {v}", "Re: flights - {v} whenever it's free.",
   "Not a fan of the middle seat, so {v} please.", "When the airline lets you choose, I'd go for {v}."])
single("timezone", "user", True, False,
  {"cet": ["CET (I'm in Vienna)", "UTC+1 in winter, UTC+2 in summer"],
   "pacific": ["PST/PDT", "Los Angeles time"],
   "ist": ["Indian Standard Time (UTC+05:30)", "Mumbai time"]},
  ["tz: {v}", "All the times you quote me should be in {v}, not UTC.",
   "I'm physically on {v}, so keep that in mind for calls.", "Calendar invites for me: please put them in {v}."])
single("diet", "user", True, False,
  {"vegetarian": ["no meat or fish, but cheese and eggs are fine", "lacto-ovo vegetarian"],
   "vegan": ["nothing of animal origin, honey included", "100% vegan"],
   "pescatarian": ["seafood but no meat", "a fish-eating vegetarian"]},
  ["diet = {v}", "For the team dinner, please note: {v}.",
   "Not a big meat eater - {v} is how I eat.", "My meals are {v}, in case you're ordering."])
single("working_hours", "user", True, False,
  {"early": ["roughly 7 a.m. to 3 p.m.", "an early shift, 0700-1500"],
   "late": ["roughly 11 a.m. to 7 p.m.", "a late shift, 1100-1900"],
   "standard": ["the classic nine-to-five", "office hours, 0900-1700"]},
  ["hours: {v}", "Don't expect me online outside {v}.",
   "My contract says {v} and I stick to it.", "fyi i'm around {v}, mon-fri"])
single("meeting_free_day@user", "user", False, False,
  {"tuesday": ["Tuesdays, start to finish", "all day Tuesday"],
   "thursday": ["on Thursdays, no exceptions", "Thursday from 9 to 6"],
   "friday": ["all day Friday", "Fridays, top to bottom"]},
  ["no-meetings day (me): {v}", "I decline any invite {v}.",
   "Not taking calls {v} - that's my maker time.", "Could you leave my calendar untouched {v}?"],
  aid="meeting_free_day")
single("code_review_rule@user", "user", False, False,
  {"two_approvals": ["two reviewers' thumbs-up", "a double approval"],
   "one_approval": ["just a single reviewer's thumbs-up", "one LGTM"],
   "owner_approval": ["an LGTM from the code owner", "the component owner's approval"]},
  ["My PRs wait for {v} - I'm strict about that.", "Re: my merges - {v}.",
   "Not comfortable merging my own stuff until there's {v}.", "personal merge bar -> {v}"],
  aid="code_review_rule")
single("standup_mode@user", "user", False, False,
  {"async_slack": ["as a short written post in Slack", "in a Slack thread, async"],
   "live_call": ["on a quick Zoom", "as a live video huddle"],
   "in_person": ["standing up in the office", "in the room, face to face"]},
  ["My personal pick is to do standup {v}.", "Standup, speaking for myself: {v}.",
   "I give my daily update most easily {v}.", "Not one for long syncs; I'd keep my own standup {v}."],
  aid="standup_mode")
single("date_format", "user", True, False,
  {"iso": ["year-month-day (2025-07-04)", "ISO dates like 2025-12-31"],
   "us": ["month/day/year, e.g. 07/04/2025", "American order (12/31/2025)"],
   "european": ["day.month.year (04.07.2025)", "31/12/2025-style, day first"]},
  ["dates -> {v}", "Please format dates as {v} in my reports.",
   "I misread anything that isn't {v}.", "Date style for me: {v}."])

# ---------------------------------------------------------------- shared, team scope
single("standup_mode", "team", False, False,
  {"async_slack": ["asynchronously via Geekbot in Slack", "as written check-ins in #standup"],
   "live_call": ["live on Google Meet at 9:30", "as a live call, cameras optional"],
   "in_person": ["in person at the team pod", "in the office, standing at the kanban wall"]},
  ["Re: standup - we do it {v}.", "The team's daily is run {v}.",
   "Our standup convention: {v}.", "We're not doing a hybrid standup; it's {v} for the whole team."])
single("code_review_rule", "team", False, False,
  {"two_approvals": ["two approving reviewers", "a pair of LGTMs from teammates"],
   "one_approval": ["one approving reviewer", "a single teammate LGTM"],
   "owner_approval": ["sign-off from the owner listed in CODEOWNERS", "the owning squad's LGTM"]},
  ["Team merge policy: {v}, no exceptions.", "Branch protection on our repos requires {v}.",
   "We don't merge anything unless it has {v}.", "merging in our team -> {v}"])
single("meeting_free_day@team", "team", False, False,
  {"wednesday": ["on Wednesdays, by team agreement", "the whole of Wednesday"],
   "friday": ["on Fridays, the whole day", "on the last workday of the week"],
   "monday": ["on Monday, to start the week quietly", "each Monday"]},
  ["Team calendar rule: nothing gets booked {v}.", "Our team is meeting-free {v}.",
   "No team syncs {v} - that's how we protect focus time.", "As agreed in the retro, we hold no meetings {v}."],
  aid="meeting_free_day")
single("sprint_length", "team", True, False,
  {"one_week": ["one week", "a seven-day cycle"],
   "two_weeks": ["a fortnight", "a 14-day cycle"],
   "three_weeks": ["three full weeks", "a 21-day cycle"]},
  ["sprint len -> {v}", "Each sprint in our team lasts {v}.",
   "We plan in sprints of {v}.", "Our iteration length is {v}, kickoff to review."])

# ---------------------------------------------------------------- shared, project scope
single("release_cadence", "project", True, False,
  {"weekly": ["once every week, on Tuesdays", "every seven days"],
   "biweekly": ["every second week", "once per fortnight"],
   "monthly": ["once per calendar month", "at the start of each month"]},
  ["release cadence: {v}", "This project ships a new version {v}.",
   "We tag and publish {v}, not more often.", "Customers get a release from us {v}."])
single("ticket_tool", "project", True, False,
  {"jira": ["our Jira Cloud project", "Jira (project key ACME)"],
   "linear": ["the Linear team space", "Linear, in the ACME team"],
   "github_issues": ["GitHub Issues on the repo", "plain GitHub issues"]},
  ["Bugs for this repo go into {v}.", "Tracking: {v}.",
   "We don't use spreadsheets for tasks here - everything lives in {v}.",
   "If you need to file a ticket for this project, use {v}."])

# ---------------------------------------------------------------- new, user scope
single("quiet_hours@user", "user", False, True,
  {"19_to_07": ["7pm to 7am", "19:00-07:00 local"],
   "21_to_07": ["9 in the evening until 7 in the morning", "21:00-07:00 local"],
   "22_to_08": ["10pm through 8am", "22:00-08:00 local"]},
  ["My quiet hours are {v}.", "quiet hrs: {v}, pls no pings",
   "Please don't message me {v} unless prod is down.", "Do-not-disturb on my phone runs {v}."],
  aid="quiet_hours")
single("default_meeting_length@user", "user", False, True,
  {"25_min": ["25 minutes", "a 25-min slot"],
   "50_min": ["50 minutes", "fifty minutes, leaving ten to breathe"],
   "15_min": ["a quarter of an hour", "15 min"]},
  ["When you set up a call with me, make it {v}.", "meetings w/ me default to {v}",
   "I'm not a fan of the full hour, so {v} is my default.", "Default length for my invites: {v}."],
  aid="default_meeting_length")
single("office_days@user", "user", False, True,
  {"mon_wed": ["Mondays and Wednesdays", "Mon + Wed"],
   "tue_thu": ["Tuesdays and Thursdays", "Tue/Thu"],
   "wed_only": ["Wednesdays only", "Wednesday, and no other day"]},
  ["office days (me) -> {v}", "I commute in on {v}.",
   "Book my desk for {v}; the rest of the week I'm home.", "If you want to grab me in person, I'm in on {v}."],
  aid="office_days")
single("expense_currency", "user", False, True,
  {"eur": ["euros (EUR)", "\u20ac"],
   "gbp": ["pounds sterling", "GBP (\u00a3)"],
   "usd": ["US dollars", "USD ($)"]},
  ["Reimburse me in {v}.", "expense reports -> {v}",
   "My corporate card settles in {v}.", "Please convert amounts to {v} when you file my expenses."])
single("home_airport", "user", True, True,
  {"fra": ["Frankfurt (FRA)", "Frankfurt Main"],
   "muc": ["Munich (MUC)", "the Franz Josef Strauss airport in Munich"],
   "ber": ["Berlin Brandenburg (BER)", "BER"]},
  ["Start all my trips from {v}.", "Home airport: {v}.",
   "I'd rather not fly out of anywhere but {v}.", "Flights for me should depart from {v}."])
single("merge_method", "user", False, True,
  {"squash": ["squash and merge", "a single squashed commit"],
   "rebase": ["rebase and merge", "a rebased, linear history"],
   "merge_commit": ["a plain merge commit", "merge commits with --no-ff"]},
  ["For my branches, land them via {v}.", "merge style (mine): {v}",
   "I'm not a fan of messy histories, so {v} it is.", "When you merge something of mine, please use {v}."])
single("pronouns", "user", True, True,
  {"she_her": ["she/her", "she and her"],
   "he_him": ["he/him", "he and him"],
   "they_them": ["they/them", "they and them"]},
  ["My pronouns are {v}.", "pronouns: {v}",
   "Please refer to me with {v} in docs and tickets.", "For the record, I go by {v}."])
single("email_signoff", "user", False, True,
  {"best": ["just 'Best'", "'Best,' plus my first name"],
   "cheers": ["'Cheers'", "a casual 'Cheers!'"],
   "kind_regards": ["'Kind regards'", "'Kind regards' and my full name"]},
  ["Sign my emails off with {v}.", "email sign-off: {v}",
   "When you draft replies for me, close with {v}.", "Not a fan of 'Thanks!' as a closing - use {v}."])
single("commute_mode", "user", False, True,
  {"bike": ["by bike", "on my e-bike"],
   "train": ["by train", "on the S-Bahn"],
   "car": ["by car", "driving my own car"]},
  ["I get to the office {v}.", "commute: {v}",
   "Most days I come in {v}.", "Plan travel time to work assuming I'm coming {v}."])
single("contracted_hours", "user", False, True,
  {"h40": ["40 hours a week", "full time (40h)"],
   "h32": ["32 hours a week", "a four-day week, 32h"],
   "h24": ["24 hours a week", "part time at 24h"]},
  ["My contracted hours are {v}.", "HR note: I work {v}.",
   "Plan my capacity at {v}.", "contract -> {v}"])
single("sales_territory", "user", False, True,
  {"dach": ["DACH (Germany, Austria, Switzerland)", "the German-speaking markets"],
   "nordics": ["the Nordics", "Sweden, Norway, Denmark and Finland"],
   "benelux": ["Benelux", "Belgium, the Netherlands and Luxembourg"]},
  ["My sales territory is {v}.", "Leads from {v} are mine.",
   "Route inbound deals for {v} to me.", "territory (mine): {v}"])
single("support_queue", "user", False, True,
  {"billing": ["the billing queue", "billing and refunds tickets"],
   "technical": ["the technical queue", "Tier-2 technical tickets"],
   "enterprise": ["the enterprise queue", "tickets from enterprise-plan customers"]},
  ["In Zendesk I work {v}.", "Assign me {v}.",
   "I don't pick up anything outside {v}.", "My support shift covers {v}."])

# ---------------------------------------------------------------- new, team scope
single("quiet_hours", "team", False, True,
  {"19_to_07": ["from seven at night to seven in the morning", "19:00 to 07:00 team time"],
   "21_to_07": ["from 21:00 until 07:00", "nine at night till seven"],
   "22_to_08": ["from 22:00 until 08:00", "ten at night to eight in the morning"]},
  ["Team quiet hours: {v}.", "Our team agreement is no Slack pings {v}.",
   "Nobody on the team expects replies {v}.", "We mute non-urgent channels {v} as a team."])
single("default_meeting_length", "team", False, True,
  {"25_min": ["twenty-five minutes", "25-minute blocks"],
   "50_min": ["fifty minutes", "50-minute blocks"],
   "15_min": ["fifteen minutes", "15-minute blocks"]},
  ["Team default: meetings are {v}.", "Our internal meetings are booked as {v}.",
   "Any team meeting runs {v} at most.", "The team calendar template uses {v} for every sync."])
single("office_days", "team", False, True,
  {"mon_wed": ["Monday and Wednesday", "Mon & Wed"],
   "tue_thu": ["Tuesday and Thursday", "Tue & Thu"],
   "wed_only": ["Wednesday alone", "Wednesday (just the one day)"]},
  ["Our team anchor days: {v}.", "The team is in the office together on {v}.",
   "Team rule: everyone comes in on {v}.", "We aren't a fully remote team - we meet up on {v}."])
single("support_hours", "team", False, True,
  {"business": ["Mon-Fri, 09:00-17:00 CET", "regular business hours only"],
   "extended": ["weekdays 07:00-22:00 CET", "extended hours, early morning to late evening"],
   "round_the_clock": ["24/7, including holidays", "around the clock, every day of the year"]},
  ["Our support hours are {v}.", "Team support coverage: {v}.",
   "Customers can reach the team {v}.", "We staff the help desk {v}."])
single("first_response_sla", "team", False, True,
  {"one_hour": ["60 minutes", "one hour"],
   "four_hours": ["4 hours", "four working hours"],
   "one_day": ["24 hours", "one business day"]},
  ["First-response SLA: {v}.", "We answer every new ticket within {v}.",
   "The team's target for a first reply is {v}.", "Customers shouldn't wait more than {v} for our first answer."])
single("postmortem_deadline", "team", False, True,
  {"two_days": ["two business days", "48 hours"],
   "five_days": ["five business days", "a working week"],
   "ten_days": ["ten business days", "two working weeks"]},
  ["Postmortems are due {v} after an incident.", "Postmortem deadline: {v}.",
   "We publish the incident write-up within {v}.", "The team gives itself {v} to finish a postmortem."])

# ---------------------------------------------------------------- new, project scope
single("maintenance_windows", "project", False, True,
  {"sun_0200_utc": ["Sunday 02:00-04:00 UTC", "early Sunday morning, 2 to 4 UTC"],
   "sat_2200_utc": ["Saturday 22:00-00:00 UTC", "late Saturday night, 10pm to midnight UTC"],
   "wed_0400_utc": ["Wednesday 04:00-05:00 UTC", "Wednesdays at 4am UTC for an hour"]},
  ["Maintenance windows for this project: {v}.", "maint. window -> {v}",
   "We only patch the servers {v}.", "Planned downtime here is scheduled for {v}."])
single("payment_terms", "project", True, True,
  {"net_30": ["net 30", "payment due 30 days after invoice"],
   "net_45": ["net 45", "45 days from the invoice date"],
   "net_60": ["net 60", "sixty days after invoicing"]},
  ["The client on this project pays on {v}.", "Payment terms for this engagement: {v}.",
   "Invoice this project with {v}.", "Finance says this contract is {v}."])
single("coverage_threshold", "project", False, True,
  {"pct70": ["70%", "seventy percent line coverage"],
   "pct80": ["80%", "eighty percent line coverage"],
   "pct90": ["90%", "ninety percent line coverage"]},
  ["CI fails if test coverage drops below {v}.", "Coverage gate: {v}.",
   "Minimum coverage in this repo is {v}.", "Don't merge anything that takes us under {v}."])
single("data_warehouse", "project", True, True,
  {"snowflake": ["Snowflake", "our Snowflake account"],
   "bigquery": ["BigQuery", "Google BigQuery"],
   "redshift": ["Redshift", "an Amazon Redshift cluster"]},
  ["Analytics for this project land in {v}.", "warehouse: {v}",
   "The dbt models here target {v}.", "We load the event data into {v} every night."])
single("api_style", "project", False, True,
  {"rest": ["REST with JSON", "plain REST endpoints"],
   "graphql": ["GraphQL", "a single GraphQL schema"],
   "grpc": ["gRPC", "gRPC with protobuf"]},
  ["The project's public API is {v}.", "API style here: {v}.",
   "Clients talk to us via {v}.", "We're not doing anything fancy - it's {v} all the way."])

# ---------------------------------------------------------------- set-valued, shared with A/B/C
multi("allergies", "user", True, False, {
  "shellfish": (["Shellfish allergy - please flag it for catering.", "I react to shellfish, so keep it off my plate."],
                ["Crayfish and langoustines count too.", "Oysters and clams are just as bad for me."]),
  "peanuts": (["Anything with peanuts: allergic.", "I carry an EpiPen because of peanuts."],
              ["Satay, pad thai, peanut sauce - all off the table for me.", "Check the frying oil too, peanut oil sets me off."]),
  "gluten": (["No gluten for me, medical reasons.", "I'm on a gluten-free diet out of necessity."],
             ["Coeliac disease, confirmed by biopsy.", "Spelt and couscous are also out, I'm coeliac."]),
  "penicillin": (["Record a penicillin allergy for me.", "Penicillin: allergic, I break out in a rash."],
                 ["Ampicillin and amoxicillin are excluded too.", "Any antibiotic from the penicillin group, amoxicillin included, is a no."])})
multi("pets", "user", True, False, {
  "dog": (["We have a dog at home.", "I'm a dog owner."],
          ["Our dog is a rescue greyhound named Pepper.", "Pepper, my greyhound, needs a walk at lunchtime."]),
  "cat": (["There's a cat in my flat.", "I live with a cat."],
          ["The cat is a grumpy tabby called Miso.", "Miso, my tabby, is 11 and on kidney meds."]),
  "parrot": (["We have a parrot, yes really.", "A parrot shares my apartment."],
             ["It's a cockatiel named Sunny who whistles the Tetris theme.", "Sunny the cockatiel turns 7 this spring."])})
multi("certifications", "user", False, False, {
  "aws_sa": (["I'm certified as an AWS Solutions Architect.", "AWS SA certification - got it."],
             ["It's the Associate-level AWS architect cert, from 2023.", "My AWS SA Associate expires in 2026."]),
  "cka": (["I passed the CKA.", "Kubernetes admin certification: yes, CKA."],
          ["My CKA was issued by the Linux Foundation in 2024.", "The CKA I hold is valid for two years from 2024."]),
  "pmp": (["Project management: I'm a PMP.", "PMP certified, yes."],
          ["My PMP renewal is due next year, 60 PDUs needed.", "I need 60 PDUs by next year to keep the PMP."]),
  "cissp": (["Security cert: CISSP.", "I've earned the CISSP."],
            ["CISSP since 2020, and an ISC2 member in good standing.", "My CISSP CPE credits are up to date for this cycle."])})

# ---------------------------------------------------------------- set-valued, new, user scope
multi("direct_reports", "user", False, True, {
  "lena": (["Lena reports to me.", "I'm Lena's manager."],
           ["Lena is the senior backend engineer in my group; our 1:1 is on Mondays.", "My 1:1 with Lena is every Monday at 11."]),
  "omar": (["Omar is one of my direct reports.", "I manage Omar."],
           ["Omar joined my team in March as a data analyst.", "Omar, the analyst I manage, is going for promotion this cycle."]),
  "yuki": (["Yuki is on my team as a direct report.", "I'm line manager for Yuki."],
           ["Yuki works part time for me, Tuesday to Thursday.", "Yuki, my QA engineer, is based in Osaka."])})
multi("hosted_meetings", "user", False, True, {
  "ops_review": (["I run the weekly ops review.", "The ops review is my meeting - I host it."],
                 ["My ops review is Thursdays at 14:00, 45 minutes, dashboards first.", "I chair the Thursday ops review and send the notes out afterwards."]),
  "hiring_sync": (["I own the hiring sync.", "The recruiting sync is on my calendar as organiser."],
                  ["The hiring sync I run is biweekly with the recruiters, Wednesdays at 10.", "Every other Wednesday I host the hiring sync and go through the pipeline."]),
  "vendor_call": (["I host the monthly vendor call.", "The call with our vendors is mine to run."],
                  ["The vendor call is the first Tuesday of the month with Twilio's account team.", "I run the monthly check-in with Twilio, first Tuesday, 30 minutes."])})
multi("programming_languages", "user", True, True, {
  "python": (["I code in Python.", "Python is one of the languages I program in."],
             ["Mostly Python for data pipelines, with type hints everywhere.", "My Python is mostly async FastAPI services."]),
  "typescript": (["I write TypeScript.", "TypeScript is in my toolbox."],
                 ["TypeScript on the front end, React in strict mode.", "My TypeScript work is Node backends with strict null checks."]),
  "kotlin": (["I program in Kotlin too.", "Kotlin is a language I'm productive in."],
             ["Kotlin for Android, mainly Jetpack Compose.", "I write Kotlin with coroutines for our Android app."]),
  "sql": (["I'm fluent in SQL.", "SQL - I write a lot of it."],
          ["Mostly analytical SQL with window functions.", "I write Postgres-flavoured SQL, CTEs all over the place."])})
multi("side_projects", "user", False, True, {
  "budget_app": (["I'm building a budgeting app on the side.", "Side project: a personal finance app."],
                 ["The budgeting app is Flutter plus a tiny Go backend.", "My finance app side project imports bank CSVs and tags spending."]),
  "home_automation": (["I tinker with home automation in my spare time.", "I have a home automation side project."],
                      ["It's Home Assistant on a Raspberry Pi 4 controlling the heating.", "My smart-home setup runs Zigbee sensors through Home Assistant."]),
  "blog": (["I write a tech blog on weekends.", "I keep a personal blog going."],
           ["The blog is a Hugo site about database internals.", "I post about Postgres internals on my Hugo blog about once a month."])})
multi("managed_accounts", "user", False, True, {
  "globex": (["Globex is one of my accounts.", "I'm the account manager for Globex."],
             ["Globex renews in March, 120 seats on the enterprise plan.", "My Globex contract is worth about $180k ARR."]),
  "initech": (["I handle the Initech account.", "Initech is in my book of business."],
              ["Initech is mid-market, 40 seats, renewing in September.", "At Initech my champion is their IT director, Bill."]),
  "umbrella": (["Umbrella Corp is my customer.", "I look after Umbrella as an account."],
               ["Umbrella is a pilot right now, 3 months, EUR 25,000.", "The Umbrella deal is still a paid pilot that ends in Q3."]),
  "hooli": (["I own the Hooli relationship.", "Hooli is an account of mine."],
            ["Hooli is the biggest logo on my list, multi-year, paid annually.", "For Hooli I coordinate with their procurement team every quarter."])})
multi("visas", "user", False, True, {
  "us_b1": (["I have a US visa.", "My passport has a valid US B-1 visa."],
            ["The B-1/B-2 visa is valid until 2029.", "My US visa is a 10-year B1/B2, issued in 2019."]),
  "uk_visitor": (["I hold a UK visitor visa.", "I can enter the UK on a visitor visa."],
                 ["My UK standard visitor visa is the long-term one, valid for 5 years.", "The UK visa is a five-year multiple-entry visitor visa."]),
  "japan_business": (["I've got a business visa for Japan.", "Japan: I have a visa for business trips there."],
                     ["The Japanese visa is multiple-entry, good for 90-day stays.", "My Japan business visa lets me stay up to 90 days per trip."])})
multi("instruments_played", "user", False, True, {
  "guitar": (["I play guitar.", "Guitar is one of my instruments."],
             ["Mostly fingerstyle acoustic guitar.", "I play a nylon-string classical guitar, fingerstyle."]),
  "piano": (["I play the piano.", "I'm a pianist in my free time."],
            ["Jazz piano, I take lessons on Saturdays.", "I'm learning jazz voicings on piano with a teacher."]),
  "cello": (["I also play cello.", "Cello is an instrument I play."],
            ["I play cello in an amateur orchestra on Tuesday evenings.", "Our community orchestra rehearses Tuesdays and I'm on second cello."])})

# ---------------------------------------------------------------- set-valued, new, team scope
multi("shared_mailboxes", "team", False, True, {
  "support": (["Our team monitors support@acme.com.", "The support@ mailbox belongs to us."],
              ["support@acme.com is triaged by whoever is on the morning rota.", "Emails to support@ get auto-forwarded into our Zendesk view."]),
  "billing": (["We also watch billing@acme.com.", "billing@ is one of our team's inboxes."],
              ["billing@ gets answered within a day; refunds over EUR 500 go to finance.", "For billing@ mail, anything about refunds above 500 euros is forwarded to finance."]),
  "security": (["The team handles security@acme.com too.", "security@ lands with us."],
               ["security@ reports get a PGP-encrypted acknowledgement within 24 hours.", "Vulnerability reports sent to security@ are acknowledged by us within a day."])})
multi("slack_channels", "team", False, True, {
  "team_payments": (["Our team channel is #team-payments.", "We chat in #team-payments."],
                    ["#team-payments is private, members only.", "Only team members can join #team-payments; it's a private channel."]),
  "payments_alerts": (["Alerts go to #payments-alerts.", "#payments-alerts is ours as well."],
                      ["#payments-alerts gets PagerDuty and Sentry notifications, nothing else.", "Only bots post in #payments-alerts: Sentry and PagerDuty."]),
  "payments_help": (["Other teams ask us questions in #payments-help.", "We run the #payments-help channel."],
                    ["#payments-help has a rotating responder who answers within 2 hours.", "Questions in #payments-help are picked up by the on-duty responder."])})
multi("vendors", "team", False, True, {
  "stripe": (["Stripe is one of our vendors.", "We manage the Stripe relationship."],
             ["Our Stripe contract is on custom pricing, 1.2% + 20c per charge.", "We pay Stripe a negotiated 1.2% plus 20 cents per transaction."]),
  "twilio": (["The team owns the Twilio vendor account.", "Twilio is a vendor we deal with."],
             ["Twilio bills us monthly, roughly $4,000 for SMS.", "We spend around four thousand dollars a month on Twilio SMS."]),
  "datadog": (["Datadog is on our vendor list.", "We're the ones paying for Datadog."],
              ["The Datadog contract renews every November, committed spend.", "Datadog is an annual commit that comes up for renewal in November."])})

# ---------------------------------------------------------------- set-valued, new, project scope
multi("data_sources", "project", False, True, {
  "salesforce": (["This pipeline pulls from Salesforce.", "Salesforce is one of the project's sources."],
                 ["We sync the Opportunity and Account objects from Salesforce every hour.", "Hourly Salesforce extracts cover Accounts and Opportunities."]),
  "prod_postgres": (["We ingest the production Postgres database.", "The prod Postgres DB feeds this project."],
                    ["Postgres changes come in through Debezium CDC.", "We read prod Postgres via change data capture with Debezium."]),
  "segment": (["Segment events are an input here.", "We take in Segment tracking data."],
              ["Segment delivers web and mobile events into a raw schema.", "Raw Segment tracks from web and iOS land in the segment_raw schema."]),
  "s3_logs": (["Application logs from S3 are a source too.", "The project reads log files from S3."],
              ["The S3 logs are gzipped JSON lines, partitioned by hour.", "We parse hourly-partitioned gzip JSONL logs from the S3 bucket."])})
multi("environments", "project", True, True, {
  "dev": (["There's a dev environment for this project.", "The project has a dev env."],
          ["Dev is rebuilt from scratch on every merge to main.", "Each merge to main redeploys a fresh dev stack."]),
  "staging": (["We have staging as well.", "A staging environment exists for the project."],
              ["Staging mirrors prod sizing at half scale.", "Our staging stack runs at 50% of production capacity."]),
  "prod": (["Production is the live environment, obviously.", "The project runs a prod environment."],
           ["Prod is multi-AZ with autoscaling between 4 and 20 pods.", "In production we autoscale from 4 to 20 pods across AZs."]),
  "sandbox": (["Customers get a sandbox environment too.", "There's a customer-facing sandbox."],
              ["The sandbox uses fake payment rails and resets every Sunday.", "Sandbox data is wiped weekly and payments there are simulated."])})
multi("supported_locales", "project", True, True, {
  "de_de": (["The UI is translated into German.", "German (de-DE) is a supported locale."],
            ["German copy goes through an agency, formal 'Sie' throughout.", "Our de-DE strings use the formal Sie form."]),
  "fr_fr": (["We ship a French locale.", "fr-FR is in our locale list."],
            ["French translations are done in-house by the Paris office.", "The Paris team maintains the fr-FR strings themselves."]),
  "ja_jp": (["Japanese is supported in the product.", "The app is localised for Japan."],
            ["ja-JP needs its own date format and full-width numbers in forms.", "For Japanese we handle full-width digits and era-style dates."]),
  "pt_br": (["Brazilian Portuguese is one of our locales.", "We support pt-BR."],
            ["pt-BR was added last quarter for the Sao Paulo launch.", "We localised into pt-BR for the launch in Sao Paulo."])})

# ---------------------------------------------------------------- prefixes, tools, chatter
CHANGE_PREFIX = {"D": ["Quick update - ", "Things have moved on: ", "Overriding my earlier note: ",
                       "FYI, new setting: "]}
ADD_PREFIX = {"D": ["And another: ", "Plus, ", "To add to the list: "]}

# tool id -> (names, {failure kind: symptom wordings}); bank D uses every wording
TOOLS = {
  "crm_sync": (["CRM sync", "sfdc-sync", "the Salesforce connector"], {
      "auth": ["OAuth refresh token revoked (invalid_grant)", "401 from login.salesforce.com",
               "session expired for integration user crm-bot@acme.com"],
      "rate_limit": ["REQUEST_LIMIT_EXCEEDED: 100,000 API calls per 24h", "Bulk API throttled after 15,000 batches",
                     "daily API allowance used up at 23:10 UTC"]}),
  "payroll_export": (["payroll export", "payroll-export.sh", "the payroll job"], {
      "schema": ["column 'iban' missing in row 212", "expected 14 columns, got 13 in payroll_2025_03.csv",
                 "unknown cost centre code CC-9931"],
      "sftp_denied": ["SFTP login rejected for acme_payroll on sftp.payroll-provider.com:22",
                      "Permission denied (publickey) on port 22", "remote dir /inbound is not writable"]}),
  "warehouse_loader": (["warehouse loader", "wh-load", "the Snowpipe loader"], {
      "disk": ["staging volume /mnt/stage at 98% full", "ENOSPC writing /tmp/batch_0042.parquet",
               "only 312 MB free on loader-01"],
      "query_timeout": ["statement cancelled after 3600 s", "query exceeded the 60-minute warehouse timeout",
                        "COPY INTO aborted at 3,600,000 ms"]}),
  "helpdesk_webhook": (["helpdesk webhook", "zd-hook", "the Zendesk webhook"], {
      "tls": ["SSL: CERTIFICATE_VERIFY_FAILED for hooks.acme.io:443", "TLS alert: handshake failure (protocol_version)",
              "certificate for hooks.acme.io expired 3 days ago"],
      "http_5xx": ["502 Bad Gateway from ingress-7", "HTTP 503, upstream queue full (5000 pending)",
                   "500 Internal Server Error on POST /zendesk/events"]}),
  "flight_search": (["flight search", "fare-api", "the Amadeus lookup"], {
      "timeout": ["no fares returned within 25 s", "upstream GDS gave up at 25000 ms",
                  "fare-api.acme.travel:8443 read deadline exceeded"],
      "quota": ["monthly quota of 5,000 fare searches exhausted", "429: quota of 200 req/hour exceeded",
                "search budget used up (100%)"]}),
  "vpn_gateway": (["VPN gateway", "vpn-gw-2", "the WireGuard tunnel"], {
      "dns": ["NXDOMAIN for vpn.acme.net", "could not resolve vpn-gw-2.acme.net via 10.0.0.2",
              "DNS lookup for the gateway returned SERVFAIL"],
      "handshake": ["no handshake for 180 seconds from peer 203.0.113.7:51820",
                    "handshake did not complete after 5 attempts", "peer 203.0.113.7 unreachable on UDP 51820"]}),
}
OBS_FRAMES = {"D": ["[{t}] {s}", "{T} is failing: {s}",
                    "Heads-up from the tool run: {t} reported {s}.", "{T} -- {s} -- giving up for now"]}

CHATTER = {"D": [
  "on it, one moment", "pulling the latest numbers now", "let me open that ticket", "okay, scanning the thread",
  "bear with me, the page is slow", "hang tight", "thanks a ton", "morning all", "you're welcome!",
  "perfect, thank you", "sorry for the delay", "good catch", "ah, I see", "hmm, not sure yet",
  "let me get back to you in five", "typing...", "ok, retrying", "still waiting on the API",
  "that's everything for now", "nice one", "will do", "back at my desk now", "lunch, back in 30",
  "can you hear me ok?", "sorry, my connection dropped", "happy Friday!", "ugh, Mondays",
  "let me rephrase that", "one second, reading the error", "almost there", "done, I think",
  "give me two minutes to finish this", "thanks, that helps", "not sure I follow",
  "right, makes sense now", "let me try that again", "interesting, never seen that before",
  "I'll ping you when it's done", "noted, ta", "just a sec, my laptop is updating",
  "Let me look into it and circle back.", "Okay! Starting the export now.", "thx",
  "Sorry, wrong window.", "what were we talking about?"]}
