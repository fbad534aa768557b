"""Phrase banks for gen.py. Two disjoint banks, A (tuning) and B (held out).

Single-valued attribute: (id, scope, lexicon?, values, frames_A, frames_B).
  values: {value_id: [4 surfaces]}; bank A uses surfaces 0 and 2, bank B 1 and 3.
  frames: sentences with {v}; A and B frames are written separately.
Set-valued attribute: (id, scope, lexicon?, members) where a member is
  {member_id: (base[4], refined[4])}: full sentences, same A/B split.
`lexicon?` says whether a generic attribute lexicon would plausibly list it (doc only).
Attributes listed in ONLY_A / ONLY_B exist in one bank only (about a quarter).
"""

S = {}  # single-valued
def single(aid, scope, lex, values, fa, fb):
    S[aid] = dict(id=aid, scope=scope, lex=lex, kind="single", values=values, A=fa, B=fb)

single("seat_preference", "user", True,
  {"window": ["a window seat", "the window", "seats by the window", "window-side seats"],
   "aisle": ["an aisle seat", "the aisle", "seats on the aisle", "aisle-side seats"]},
  ["I prefer {v} when I fly.", "Please always book {v} for me.", "On flights I want {v}.", "For any trip, {v} is what I like."],
  ["Seat-wise, put me in {v}.", "I'd rather sit in {v} on planes.", "My usual pick on a plane is {v}.", "When booking travel, grab {v} if you can."])
single("timezone", "user", True,
  {"cet": ["Central European Time", "CET", "Berlin time", "the Paris/Berlin timezone"],
   "pacific": ["US Pacific time", "PT", "San Francisco time", "the Pacific timezone"],
   "ist": ["India Standard Time", "IST", "Bangalore time", "the Indian timezone"]},
  ["I work on {v}.", "My timezone is {v}.", "Schedule things for me in {v}.", "I'm based in {v} these days."],
  ["Use {v} for all my meeting invites.", "I keep my calendar in {v}.", "Assume {v} when you talk about times with me.", "Clock-wise I live in {v}."])
single("coffee_order", "user", False,
  {"oat_flat_white": ["a flat white with oat milk", "an oat flat white", "flat white, oat milk", "oat-milk flat whites"],
   "black_americano": ["a black americano", "americano, no milk", "a plain black americano", "americanos without milk"],
   "decaf_latte": ["a decaf latte", "decaf latte", "a decaffeinated latte", "decaf lattes"]},
  ["I take {v} in the morning.", "My coffee order is {v}.", "If you grab coffee for me, get {v}.", "Coffee-wise I'm a {v} person."],
  ["When the team does a coffee run, I'll have {v}.", "Order me {v} at the cafe.", "I drink {v} every day.", "The barista knows me for {v}."])
single("preferred_editor", "user", True,
  {"vim": ["Vim", "vim", "Neovim-style vim", "plain vi/vim"],
   "vscode": ["VS Code", "Visual Studio Code", "vscode", "Code (the Microsoft editor)"],
   "emacs": ["Emacs", "emacs", "GNU Emacs", "emacs with evil-mode"]},
  ["I write code in {v}.", "My editor of choice is {v}.", "Set up snippets for {v}, that's what I use.", "I do all my editing in {v}."],
  ["Give me instructions for {v}, it's my editor.", "I live in {v} all day.", "My dev setup is built around {v}.", "Keybindings should match {v}."])
single("oncall_day", "user", False,
  {"monday": ["Mondays", "Monday", "the start of the week (Monday)", "every Monday"],
   "wednesday": ["Wednesdays", "Wednesday", "midweek on Wednesday", "every Wednesday"],
   "friday": ["Fridays", "Friday", "the end of the week (Friday)", "every Friday"]},
  ["My on-call rotation changes on {v}.", "I pick up the pager on {v}.", "On-call handover for me happens on {v}.", "I'm on call starting {v}."],
  ["The pager rotates to me on {v}.", "My on-call shift begins {v}.", "Handoff of the on-call phone is {v} for me.", "Expect me to be on call from {v}."])
single("meeting_free_day", "user", False,
  {"tuesday": ["Tuesday", "Tuesdays", "every Tuesday", "on Tuesdays"],
   "thursday": ["Thursday", "Thursdays", "every Thursday", "on Thursdays"],
   "friday": ["Friday", "Fridays", "every Friday", "on Fridays"]},
  ["I keep {v} free of meetings.", "Please don't book me for meetings on {v}.", "My no-meeting day is {v}.", "{V} is my focus day, no calls."],
  ["I block my calendar {v} for deep work.", "Avoid scheduling me {v}.", "I protect {v} from meetings.", "No meetings for me {v}, please."])
single("working_hours", "user", True,
  {"early": ["7 to 3", "from 7am to 3pm", "early, 7:00-15:00", "an early 7-to-3 schedule"],
   "late": ["11 to 7", "from 11am to 7pm", "late, 11:00-19:00", "a late 11-to-7 schedule"],
   "standard": ["9 to 5", "from 9am to 5pm", "the usual 9:00-17:00", "a regular 9-to-5 schedule"]},
  ["I work {v}.", "My hours are {v}.", "You can reach me {v}.", "I'm online {v} on weekdays."],
  ["I keep {v} as my working day.", "Count on me being around {v}.", "My shift runs {v}.", "I'm available {v}, not outside that."])
single("notification_channel", "user", True,
  {"slack_dm": ["a Slack DM", "Slack direct messages", "a DM on Slack", "Slack DMs"],
   "email": ["email", "an email", "e-mail", "a message to my inbox"],
   "phone_push": ["a phone push notification", "push notifications on my phone", "a mobile push", "phone pushes"]},
  ["Notify me by {v}.", "The best way to ping me is {v}.", "Send alerts to me as {v}.", "I only really notice {v}."],
  ["Reach me via {v} when something needs me.", "If it's urgent, use {v}.", "I read {v} first, so use that.", "Route my notifications to {v}."])
single("pr_size_preference", "user", False,
  {"small": ["small PRs", "tiny, focused pull requests", "small pull requests", "one-change-per-PR"],
   "batched": ["big batched PRs", "larger PRs that bundle related changes", "batched pull requests", "fewer, bigger PRs"]},
  ["I like {v}.", "When you open changes for me, make them {v}.", "I review {v} much faster.", "Please stick to {v} on my repos."],
  ["For my code, go with {v}.", "I'd rather get {v}.", "I'm a fan of {v}.", "Keep to {v} when you send me things."])
single("lunch_time", "user", False,
  {"noon": ["at noon", "at 12", "around midday", "at twelve sharp"],
   "one_pm": ["at 1pm", "at one", "around 13:00", "at one o'clock"],
   "late": ["late, around 2pm", "at 2", "after 14:00", "at two"]},
  ["I have lunch {v}.", "Don't book me {v}, that's my lunch.", "I eat {v} every day.", "My lunch break is {v}."],
  ["I step away for lunch {v}.", "Lunch for me happens {v}.", "I'm offline {v} for lunch.", "Keep my calendar clear {v}; lunch."])
single("commit_style", "user", False,
  {"conventional": ["Conventional Commits", "conventional commit prefixes like feat: and fix:", "the conventional-commits format", "feat:/fix: style messages"],
   "freeform": ["plain free-form commit messages", "free-form messages", "short free-text commit messages", "whatever-reads-well messages"]},
  ["I write commits using {v}.", "Use {v} for my commits.", "My commit messages follow {v}.", "Stick to {v} when committing for me."],
  ["In my repos I go with {v}.", "Commit in {v}, please.", "I format commit messages as {v}.", "For commits, I want {v}."])
single("dark_mode", "user", True,
  {"dark": ["dark mode", "a dark theme", "dark themes", "the dark colour scheme"],
   "light": ["light mode", "a light theme", "light themes", "the light colour scheme"]},
  ["I use {v} everywhere.", "Set my tools to {v}.", "I prefer {v} in every app.", "My screens are always in {v}."],
  ["Switch dashboards to {v} for me.", "I find {v} easier on the eyes.", "Everything I run is on {v}.", "Default me to {v}."])
single("travel_class", "user", True,
  {"economy": ["economy", "economy class", "the cheapest economy fare", "coach"],
   "premium": ["premium economy", "premium eco", "premium economy seats", "the premium economy cabin"],
   "business": ["business class", "business", "a business seat", "the business cabin"]},
  ["Book me {v} on long flights.", "I fly {v}.", "For work travel, I take {v}.", "My travel policy lets me do {v}, and I use it."],
  ["Put long-haul trips in {v}.", "I always travel {v}.", "My fare class is {v}.", "Reserve {v} when I travel."])
single("hotel_preference", "user", False,
  {"quiet_high": ["a quiet room on a high floor", "high-floor quiet rooms", "a room far from the lift, high up", "upper-floor quiet rooms"],
   "near_lift": ["a room near the elevator", "rooms close to the lift", "a room by the elevators", "lift-adjacent rooms"]},
  ["At hotels I ask for {v}.", "Get me {v} when you book hotels.", "I sleep best in {v}.", "My hotel request is always {v}."],
  ["Request {v} at check-in for me.", "I like {v} in hotels.", "Hotel bookings: {v}, please.", "Note {v} on my hotel reservations."])
single("laptop_os", "user", True,
  {"macos": ["macOS", "a Mac", "a MacBook", "Mac OS"],
   "linux": ["Linux", "Ubuntu on a ThinkPad", "a Linux laptop", "Fedora"],
   "windows": ["Windows", "a Windows laptop", "Windows 11", "a Windows machine"]},
  ["I develop on {v}.", "My laptop runs {v}.", "Give me commands for {v}.", "I'm on {v} for work."],
  ["Everything I do is on {v}.", "My work machine is {v}.", "Assume {v} when you give me shell steps.", "I'm using {v} as my daily driver."])
single("keyboard_layout", "user", False,
  {"qwerty": ["QWERTY", "a standard QWERTY layout", "qwerty", "plain US QWERTY"],
   "dvorak": ["Dvorak", "a Dvorak layout", "dvorak", "Programmer Dvorak"],
   "colemak": ["Colemak", "a Colemak layout", "colemak", "Colemak-DH"]},
  ["I type on {v}.", "My keyboard layout is {v}.", "Shortcuts should assume {v}.", "I switched everything to {v}."],
  ["My keyboards are set to {v}.", "I use {v} for typing.", "Remember I'm on {v}.", "Keys map to {v} for me."])
single("parking", "user", False,
  {"ev_spot": ["an EV charging spot", "a spot with a charger", "an electric-car charging bay", "a charger space"],
   "bike_rack": ["a bike rack", "bike parking", "a place for my bicycle", "the bicycle cage"]},
  ["At the office I need {v}.", "Reserve {v} for me when I'm in.", "I always use {v} at work.", "My office commute needs {v}."],
  ["Book me {v} on office days.", "I rely on {v} at the office.", "Save {v} for me.", "I come in and need {v}."])
single("holiday_region", "user", False,
  {"de": ["German public holidays", "the German holiday calendar", "Bavarian holidays", "holidays in Germany"],
   "uk": ["UK bank holidays", "the British holiday calendar", "English bank holidays", "holidays in the UK"],
   "us": ["US federal holidays", "the American holiday calendar", "US holidays", "holidays in the States"]},
  ["I'm off on {v}.", "My calendar follows {v}.", "Plan around {v} for me.", "I observe {v}."],
  ["Count {v} as my days off.", "I take {v} off.", "My leave follows {v}.", "Block {v} in my calendar."])
single("diet", "user", True,
  {"vegetarian": ["vegetarian", "a vegetarian", "meat-free", "veggie"],
   "vegan": ["vegan", "a vegan", "fully plant-based", "strictly vegan"],
   "pescatarian": ["pescatarian", "a pescatarian", "fish but no meat", "pescetarian"]},
  ["I'm {v}.", "For team lunches, remember I'm {v}.", "I eat {v}.", "Order food for me as {v}."],
  ["Catering: I'm {v}.", "My diet is {v}.", "Keep me {v} on any food orders.", "I've been {v} for years."])
single("desk_location", "user", False,
  {"quiet_zone": ["the quiet zone on floor 3", "the third-floor quiet area", "quiet zone, level 3", "the silent section upstairs"],
   "window_row": ["the window row on floor 2", "the second-floor window desks", "window row, level 2", "the desks by the big windows"]},
  ["I sit in {v}.", "Book my desk in {v}.", "My hot desk is usually in {v}.", "Find me in {v} on office days."],
  ["Reserve a desk in {v} for me.", "I work from {v}.", "My spot is {v}.", "Desk bookings for me: {v}."])
single("pairing_preference", "user", False,
  {"afternoon_pairs": ["pair in the afternoons", "pair program after lunch", "do pairing sessions in the afternoon", "pair later in the day"],
   "solo": ["work solo and review async", "work alone", "avoid pairing and work by myself", "go solo"]},
  ["I like to {v}.", "I'd rather {v}.", "When possible I {v}.", "My habit is to {v}."],
  ["Usually I {v}.", "I tend to {v}.", "Schedule-wise, I {v}.", "Best for me is to {v}."])
single("shell", "user", True,
  {"zsh": ["zsh", "Z shell", "zsh with oh-my-zsh", "zsh"],
   "bash": ["bash", "Bash", "plain bash", "GNU bash"],
   "fish": ["fish", "the fish shell", "fish shell", "Fish"]},
  ["My shell is {v}.", "I use {v} in the terminal.", "Write shell snippets for {v}.", "I run {v}."],
  ["Terminal-wise I'm on {v}.", "Scripts should work in {v} for me.", "I script in {v}.", "My login shell is {v}."])
single("focus_hours", "user", False,
  {"mornings": ["mornings", "before noon", "the morning block", "the first half of the day"],
   "afternoons": ["afternoons", "after 2pm", "the afternoon block", "the second half of the day"]},
  ["I keep {v} for focus work.", "Don't interrupt me in {v}.", "{V} are my deep-work time.", "I do heads-down work in {v}."],
  ["I block {v} for focus.", "My no-interruption window is {v}.", "Leave {v} alone on my calendar.", "I concentrate best in {v}."])
single("code_font", "user", False,
  {"fira": ["Fira Code", "fira code", "Fira Code with ligatures", "FiraCode"],
   "jetbrains": ["JetBrains Mono", "jetbrains mono", "the JetBrains monospace font", "JB Mono"]},
  ["My coding font is {v}.", "I code in {v}.", "Set the editor font to {v}.", "I use {v} in the terminal."],
  ["Configure {v} as my font.", "I like {v} for code.", "My monospace font is {v}.", "Fonts: {v} for me."])
single("screen_share_tool", "user", True,
  {"zoom": ["Zoom", "zoom", "a Zoom call", "Zoom meetings"],
   "meet": ["Google Meet", "Meet", "a Meet link", "gmeet"]},
  ["Send me {v} links for calls.", "I take calls on {v}.", "My meetings run on {v}.", "Use {v} when you set up a call with me."],
  ["I'm set up for {v}.", "Invite me over {v}.", "Calls with me happen on {v}.", "Default to {v} for my meetings."])
single("desk_setup", "user", False,
  {"standing": ["a standing desk", "standing", "a sit-stand desk raised up", "standing up"],
   "sitting": ["a regular sitting desk", "sitting", "a normal desk and chair", "sitting down"]},
  ["I work at {v}.", "Book me {v}.", "My desk setup is {v}.", "I'm most comfortable with {v}."],
  ["I'd like {v} at the office.", "My preference is {v}.", "Set me up with {v}.", "I do my work at {v}."])

# team / project scope
single("meeting_free_day_team", "team", False, None, None, None)  # placeholder, replaced below
del S["meeting_free_day_team"]
single("standup_mode", "team", False,
  {"async_slack": ["async in Slack", "asynchronous, written in Slack", "a Slack thread each morning", "async text updates in Slack"],
   "live_call": ["a live video call", "a live call at 9:30", "a quick video standup", "a daily live call"]},
  ["Our team's standups are {v}.", "The team does standup as {v}.", "Standup for our team is {v}.", "We run standups {v}."],
  ["Our daily standup happens as {v}.", "The team's standup format: {v}.", "We do the daily sync as {v}.", "Team standup = {v}."])
single("deploy_window", "team", False,
  {"weekday_mornings": ["weekday mornings only", "Monday to Thursday mornings", "mornings on weekdays", "before noon, Mon-Thu"],
   "afternoons": ["afternoons only", "after 2pm", "weekday afternoons", "post-lunch"],
   "anytime": ["any time during business hours", "whenever CI is green", "at any time", "anytime, no freeze"]},
  ["Our team deploys {v}.", "The deploy window for the team is {v}.", "We only ship to production {v}.", "Team rule: deploys go out {v}."],
  ["The team releases to prod {v}.", "Production deploys happen {v} for us.", "We push releases {v}.", "Our shipping window is {v}."])
single("code_review_rule", "team", False,
  {"two_approvals": ["two approvals", "two approving reviews", "a second reviewer as well", "2 approvals"],
   "one_approval": ["one approval", "a single approving review", "just one reviewer", "1 approval"],
   "owner_approval": ["approval from a code owner", "a CODEOWNERS sign-off", "the owning team's approval", "an owner's review"]},
  ["Every PR in our team needs {v}.", "Our review rule: merge only with {v}.", "The team requires {v} before merging.", "Nothing merges here without {v}."],
  ["Team policy is {v} on pull requests.", "We merge after {v}.", "PRs need {v} in this team.", "Merging requires {v}."])
single("incident_comm", "team", False,
  {"war_room": ["a Zoom war room", "a bridge call", "an incident video bridge", "a war-room call"],
   "slack_channel": ["a dedicated incident Slack channel", "an #inc- channel", "a fresh Slack channel per incident", "a Slack incident room"]},
  ["During incidents our team coordinates in {v}.", "Incidents are handled in {v}.", "For outages we open {v}.", "Our incident process runs through {v}."],
  ["When something breaks, the team moves to {v}.", "Outage coordination happens in {v}.", "We spin up {v} for incidents.", "Incident response lives in {v}."])
single("db_migration_rule", "team", False,
  {"dba_review": ["reviewed by a DBA", "signed off by the database team", "approved by a DBA first", "checked by the DB folks"],
   "self_serve": ["self-serve", "run by the author", "applied by whoever wrote them", "self-service"]},
  ["Schema migrations in our team are {v}.", "Our DB migrations must be {v}.", "Migrations here are {v}.", "The team's rule: migrations are {v}."],
  ["Database changes get {v}.", "Any migration we ship is {v}.", "For migrations we go {v}.", "Migrations = {v} in our team."])
single("retro_cadence", "team", False,
  {"every_sprint": ["every sprint", "at the end of each sprint", "once per sprint", "each sprint"],
   "monthly": ["monthly", "once a month", "on the last Friday of the month", "every month"]},
  ["Our team holds retros {v}.", "We do retrospectives {v}.", "Retros happen {v}.", "The team's retro cadence is {v}."],
  ["Retrospectives are scheduled {v}.", "We look back {v} in a retro.", "The team reflects {v}.", "Retro: {v}."])
single("branch_naming", "team", False,
  {"ticket": ["feat/TICKET-123 style", "named after the ticket id", "ticket-prefixed", "JIRA-key based"],
   "initials": ["initials/short-topic style", "prefixed with your initials", "name-prefixed", "owner-initials based"]},
  ["Branches in our team are {v}.", "We name branches {v}.", "Our branch names are {v}.", "Team convention: branches {v}."],
  ["Branch names should be {v}.", "Use {v} branch names here.", "We keep branches {v}.", "Branching convention is {v}."])
single("vacation_approval", "team", False,
  {"manager": ["manager approval", "the manager's sign-off", "approval by the EM", "a manager OK"],
   "calendar": ["just a calendar entry", "only putting it on the team calendar", "a calendar note", "a shared-calendar entry"]},
  ["Time off in our team needs {v}.", "Vacation here requires {v}.", "For leave we need {v}.", "Our PTO rule: {v}."],
  ["Taking days off means {v}.", "PTO requests need {v} in this team.", "Leave needs {v}.", "Holidays: {v}."])
single("staging_refresh", "project", False,
  {"sunday": ["every Sunday", "on Sundays", "weekly on Sunday night", "each Sunday"],
   "nightly": ["every night", "nightly", "each night at 2am", "daily overnight"],
   "on_demand": ["on demand", "only when someone asks", "by request", "manually when needed"]},
  ["The staging DB is refreshed {v}.", "Staging gets a fresh copy of prod data {v}.", "We reload the staging database {v}.", "Staging data is reset {v}."],
  ["The staging snapshot is restored {v}.", "Staging is rebuilt from prod {v}.", "Fresh staging data lands {v}.", "Staging resets {v}."])
single("ci_provider", "project", True,
  {"gha": ["GitHub Actions", "GH Actions", "Actions workflows", "GitHub's CI"],
   "jenkins": ["Jenkins", "our Jenkins server", "a Jenkins pipeline", "Jenkins jobs"],
   "buildkite": ["Buildkite", "Buildkite pipelines", "buildkite", "our Buildkite agents"]},
  ["The project's CI runs on {v}.", "We build this project with {v}.", "CI for this repo is {v}.", "The project uses {v} for CI."],
  ["Builds for the project go through {v}.", "The pipeline lives in {v}.", "Tests run in {v} here.", "CI = {v} for this project."])
single("primary_language", "project", True,
  {"python": ["Python", "Python 3", "python", "CPython 3.11"],
   "go": ["Go", "Golang", "go", "Go 1.22"],
   "rust": ["Rust", "rust", "stable Rust", "Rust 2021"]},
  ["The project is written in {v}.", "This codebase is mostly {v}.", "The service is implemented in {v}.", "We code this project in {v}."],
  ["The project's main language is {v}.", "Most of the repo is {v}.", "Code here is {v}.", "The project builds on {v}."])
single("branch_strategy", "project", False,
  {"trunk": ["trunk-based development", "merging straight to main", "short-lived branches off main", "trunk-based flow"],
   "gitflow": ["git-flow with a develop branch", "gitflow", "release branches plus develop", "the git-flow model"]},
  ["The project uses {v}.", "We follow {v} in this repo.", "Branching here is {v}.", "Our branching model is {v}."],
  ["The repo works with {v}.", "Branch strategy: {v}.", "We stick to {v} on this project.", "Changes land via {v}."])
single("release_cadence", "project", True,
  {"weekly": ["weekly", "every week", "each Wednesday", "once a week"],
   "biweekly": ["every two weeks", "biweekly", "every other Thursday", "fortnightly"],
   "monthly": ["monthly", "once a month", "on the first Monday of the month", "every month"]},
  ["The project releases {v}.", "We cut a release {v}.", "New versions ship {v}.", "Releases go out {v}."],
  ["The release train leaves {v}.", "We tag a release {v}.", "Versions are published {v}.", "Shipping cadence: {v}."])
single("feature_flag_tool", "project", False,
  {"launchdarkly": ["LaunchDarkly", "LD flags", "launchdarkly", "LaunchDarkly toggles"],
   "inhouse": ["our in-house flag service", "the homegrown flags table", "internal flags", "a custom flag service"],
   "unleash": ["Unleash", "an Unleash server", "unleash", "Unleash toggles"]},
  ["Feature flags in this project live in {v}.", "We toggle features with {v}.", "The project's flags are managed in {v}.", "Flags go through {v} here."],
  ["Rollouts are gated by {v}.", "Feature toggles use {v}.", "Dark launches run on {v}.", "We flag features in {v}."])
single("ticket_tool", "project", True,
  {"jira": ["Jira", "JIRA", "the Jira board", "Atlassian Jira"],
   "linear": ["Linear", "linear", "the Linear workspace", "Linear.app"]},
  ["Tickets for this project are tracked in {v}.", "We track issues in {v}.", "The project's backlog lives in {v}.", "File bugs in {v} for this project."],
  ["Work items go into {v}.", "Our issues are in {v}.", "The project uses {v} for tickets.", "Bugs are logged in {v}."])
single("log_level_default", "project", False,
  {"info": ["INFO", "info level", "the INFO level", "info"],
   "debug": ["DEBUG", "debug level", "the DEBUG level", "debug"]},
  ["The project logs at {v} by default.", "Default log level here is {v}.", "Services in this project run with {v} logging.", "We ship with {v} logs on."],
  ["Logging defaults to {v}.", "Log verbosity is {v} unless overridden.", "Runtime logging is set to {v}.", "The log level is {v} out of the box."])
single("doc_format", "project", True,
  {"markdown": ["Markdown in the repo", "markdown files next to the code", "docs-as-code Markdown", "README-style Markdown"],
   "confluence": ["Confluence", "the Confluence space", "Confluence pages", "the wiki on Confluence"]},
  ["The project's docs live in {v}.", "We write documentation as {v}.", "Design docs go in {v}.", "Documentation here is {v}."],
  ["Docs for the project are kept in {v}.", "Write-ups go to {v}.", "We document in {v}.", "Docs: {v}."])
single("hotfix_process", "project", False,
  {"cherry_pick": ["cherry-picked onto the release branch", "cherry-picks into release", "backported by cherry-pick", "picked onto the release branch"],
   "roll_forward": ["roll-forward only, from main", "shipped from main as a new release", "rolled forward, never patched", "roll-forward"]},
  ["Hotfixes in this project are {v}.", "We handle hotfixes as {v}.", "Urgent fixes get {v}.", "The hotfix policy is {v}."],
  ["Emergency patches go {v}.", "A prod fix here is {v}.", "Hotfixes: {v}.", "When prod breaks, fixes are {v}."])
single("backup_schedule", "project", False,
  {"nightly_snapshot": ["a nightly snapshot at 2am", "nightly snapshots", "one snapshot every night", "a 2am snapshot"],
   "hourly_wal": ["hourly WAL shipping", "WAL archiving every hour", "continuous WAL, hourly", "hourly log shipping"]},
  ["The project's database is backed up with {v}.", "Backups here use {v}.", "We protect the DB with {v}.", "Our backup schedule is {v}."],
  ["The DB gets {v}.", "Backups run as {v}.", "Data safety comes from {v}.", "Backup policy: {v}."])

# same topics at two scopes: a team convention and one user's preference
S["meeting_free_day@team"] = dict(id="meeting_free_day", scope="team", lex=False, kind="single",
  values={"wednesday": ["Wednesday", "Wednesdays", "every Wednesday", "on Wednesdays"],
          "friday": ["Friday", "Fridays", "every Friday", "on Fridays"]},
  A=["Our team keeps {v} meeting-free.", "No team meetings {v}; that's the convention.", "The team's no-meeting day is {v}.", "Team-wide, {v} is for focus, no meetings."],
  B=["We as a team don't meet {v}.", "The team calendar stays empty {v}.", "Team agreement: nothing scheduled {v}.", "Our squad protects {v} from meetings."])
S["code_review_rule@user"] = dict(id="code_review_rule", scope="user", lex=False, kind="single",
  values={"two_approvals": ["two approvals", "two reviewers", "a second pair of eyes too", "2 approvals"],
          "one_approval": ["one approval", "a single reviewer", "just one review", "1 approval"]},
  A=["For my own PRs I want {v}.", "I personally ask for {v} on my changes.", "I don't merge my code without {v}.", "My rule for my PRs is {v}."],
  B=["On my pull requests I wait for {v}.", "Personally, I need {v} before I merge.", "My changes get {v}.", "I ask reviewers for {v} on my work."])
S["standup_mode@user"] = dict(id="standup_mode", scope="user", lex=False, kind="single",
  values={"async_slack": ["async in Slack", "written updates in Slack", "a Slack post", "async text"],
          "live_call": ["a live call", "live video", "a quick call", "face to face on video"]},
  A=["Personally I prefer standups as {v}.", "I'd rather give my update as {v}.", "For me, standup works best as {v}.", "I like doing my standup as {v}."],
  B=["My own preference for standup: {v}.", "If it were up to me, standup would be {v}.", "I personally do better with {v} for standup.", "I'd pick {v} for standups."])

# set-valued attributes: member -> (base sentences, refined sentences)
SETS = {}
def setattr_(aid, scope, lex, members):
    SETS[aid] = dict(id=aid, scope=scope, lex=lex, kind="set", members=members)

setattr_("allergies", "user", True, {
  "shellfish": (["I have a shellfish allergy.", "I'm allergic to shellfish.", "Shellfish makes me sick, I'm allergic.", "No shellfish for me, allergy."],
                ["I can't eat shrimp.", "Shrimp gives me a reaction.", "Prawns are off limits for me.", "Keep shrimp away from my plate."]),
  "peanuts": (["I'm allergic to peanuts.", "Peanut allergy here.", "I can't have peanuts.", "Peanuts trigger my allergy."],
              ["Even peanut oil sets off my allergy.", "Satay sauce is a no for me, peanuts.", "Traces of peanut are enough to trigger it.", "Peanut butter is dangerous for me."]),
  "gluten": (["I'm gluten intolerant.", "I have to avoid gluten.", "I can't eat gluten.", "Gluten doesn't agree with me."],
             ["I'm coeliac, so no wheat at all.", "Regular bread and pasta are out for me.", "Even a little wheat flour bothers me.", "Barley and rye are also off limits."]),
  "penicillin": (["I'm allergic to penicillin.", "Penicillin allergy, for the records.", "I react badly to penicillin.", "Note my penicillin allergy."],
                 ["Amoxicillin gives me hives too.", "No amoxicillin for me either.", "Anything in the amoxicillin family is a no.", "I break out from amoxicillin as well."])})
setattr_("languages_spoken", "user", True, {
  "english": (["I speak English.", "English is fine for me.", "I'm fluent in English.", "You can talk to me in English."],
              ["I'm a native English speaker.", "English is my first language.", "I grew up speaking English.", "English is my mother tongue."]),
  "german": (["I speak German.", "I'm fluent in German.", "German works for me too.", "I can do meetings in German."],
             ["I speak Swiss German as well.", "I can follow Swiss German dialect.", "Schwiizerdütsch is fine with me.", "I understand the Swiss dialect."]),
  "spanish": (["I speak Spanish.", "I can handle Spanish.", "Spanish is one of my languages.", "I'm conversational in Spanish."],
              ["My Spanish is the Mexican variety.", "I learned Spanish in Mexico City.", "I speak Latin American Spanish.", "Mexican Spanish is what I speak."]),
  "hindi": (["I speak Hindi.", "Hindi works for me.", "I'm fluent in Hindi.", "I can talk in Hindi."],
            ["I also read Devanagari script.", "I can read Hindi in Devanagari.", "Written Hindi is fine for me too.", "I read and write Hindi."])})
setattr_("owned_services", "team", False, {
  "payments": (["Our team owns the payments API.", "The payments service belongs to our team.", "We're the owners of payments-api.", "Payments API is ours."],
               ["We own the card-authorisation path of payments.", "The payments refund worker is ours too.", "The payments webhook consumer is owned by us.", "We run the payments capture job."]),
  "ledger": (["Our team owns the ledger.", "The ledger service is ours.", "We maintain the ledger.", "Ledger is owned by us."],
             ["The ledger's nightly reconciliation job is ours.", "We own ledger reconciliation.", "Ledger balance checks are our job.", "The reconciliation cron of the ledger is ours."]),
  "notifications": (["We own the notifications service.", "Notifications are our team's.", "The notification sender belongs to us.", "We run notifications."],
                    ["The SMS gateway of notifications is ours.", "We own the push-notification fan-out.", "The email templating part of notifications is ours.", "Notification retries are our code."]),
  "search": (["Our team owns the search indexer.", "Search indexing is ours.", "We maintain the search service.", "The indexer belongs to us."],
             ["We own the reindex backfill job.", "The search synonym pipeline is ours.", "Indexer replay tooling is owned by us.", "The nightly reindex is our job."])})
setattr_("dependencies", "project", True, {
  "postgres": (["The project depends on Postgres.", "We store data in PostgreSQL.", "Postgres is a dependency of this project.", "This project needs a Postgres database."],
               ["We run Postgres 15 with logical replication.", "The Postgres read replica is used for reports.", "We rely on Postgres row-level security.", "Our Postgres runs on RDS Aurora."]),
  "redis": (["The project uses Redis.", "Redis is part of our stack.", "We depend on Redis.", "This service needs Redis."],
            ["Redis is used only as a cache, with a 5-minute TTL.", "We use Redis streams for jobs.", "Sessions live in Redis.", "Rate limits are kept in Redis."]),
  "kafka": (["The project consumes from Kafka.", "Kafka is one of our dependencies.", "We rely on Kafka.", "Events go through Kafka."],
            ["We use Kafka through the MSK cluster.", "Our Kafka topics are compacted.", "Kafka consumer group is payments-ledger.", "We read Kafka with exactly-once semantics."])})
setattr_("hobbies", "user", True, {
  "climbing": (["I go climbing on weekends.", "Climbing is my hobby.", "I'm into rock climbing.", "I boulder a lot."],
               ["I do lead climbing outdoors.", "I climb trad routes in summer.", "Multi-pitch climbing is my thing.", "I train on the hangboard for climbing."]),
  "chess": (["I play chess.", "Chess is a hobby of mine.", "I like playing chess.", "I'm a chess player."],
            ["I play blitz chess online.", "I do correspondence chess.", "I play rated chess tournaments.", "I like endgame studies in chess."]),
  "baking": (["I bake in my free time.", "Baking is my hobby.", "I love baking.", "I bake on Sundays."],
             ["I bake sourdough bread.", "I keep a sourdough starter.", "I make croissants from scratch.", "I bake layered pastries."])})
setattr_("pets", "user", True, {
  "dog": (["I have a dog.", "There's a dog at home.", "I own a dog.", "My dog lives with me."],
          ["My dog is a golden retriever.", "I have a golden named Max.", "Max, my retriever, needs walks at noon.", "My golden retriever Max is 4."]),
  "cat": (["I have a cat.", "There's a cat at home.", "I own a cat.", "My cat lives with me."],
          ["My cat is a Maine Coon.", "I have a big Maine Coon.", "My Maine Coon is called Luna.", "Luna the Maine Coon runs the house."]),
  "parrot": (["I have a parrot.", "There's a parrot at home.", "I keep a parrot.", "My parrot lives with me."],
             ["My parrot is an African grey.", "I have an African grey called Kiwi.", "Kiwi, my grey parrot, talks a lot.", "My African grey is 12."])})

ONLY_A = {"pr_size_preference", "lunch_time", "commit_style", "hotel_preference", "keyboard_layout",
          "parking", "holiday_region", "log_level_default", "doc_format", "hobbies"}
ONLY_B = {"shell", "focus_hours", "code_font", "screen_share_tool", "desk_setup", "branch_naming",
          "vacation_approval", "hotfix_process", "backup_schedule", "pets"}

CHANGE_PREFIX = {"A": ["Update: ", "Change of plan: ", "I've changed my mind: ", "Correction: "],
                 "B": ["Actually, ", "From now on, ", "Scratch that, ", "New info: "]}
ADD_PREFIX = {"A": ["Also: ", "One more: "], "B": ["On top of that, ", "Additionally, "]}

# tool failures: tool names and failure kinds, each with symptom wordings (A uses even, B odd)
TOOLS = {
  "search_api": (["search API", "search-api", "the search API", "searchsvc"], {
      "timeout": ["timeout after 30 s", "timed out", "connection timed out on replica-2", "request exceeded 30s deadline",
                  "read timeout", "no response within 30 seconds"],
      "rate_limit": ["429 too many requests", "rate limited", "hit the rate limit", "throttled with 429",
                     "quota exceeded", "rate-limit error"]}),
  "deploy_bot": (["deploy bot", "deploy-bot", "the deployment bot", "deploybot"], {
      "lock": ["deploy lock held by another run", "lock already taken", "could not acquire deploy lock", "deployment lock busy",
               "stale lock blocking deploy", "lock contention on deploy"],
      "auth": ["401 unauthorized", "token expired", "auth failed: 401", "credentials rejected",
               "expired service token", "unauthorized (401)"]}),
  "pg_replica": (["postgres replica", "pg replica", "the read replica", "pg-replica-2"], {
      "lag": ["replication lag over 60 s", "replica lagging behind", "lag > 1 min on replica", "replica 90 seconds behind",
              "high replication lag", "stale reads from lagging replica"],
      "conn": ["too many connections", "connection refused", "max_connections reached", "refused connection on 5432",
               "connection pool exhausted", "could not connect to replica"]}),
  "ci_runner": (["CI runner", "ci-runner", "the build runner", "CI agents"], {
      "oom": ["killed: out of memory", "OOM killed", "exit 137 (OOM)", "runner ran out of memory",
              "memory limit exceeded", "OOMKilled during tests"],
      "disk": ["no space left on device", "disk full", "ENOSPC while writing cache", "runner disk at 100%",
               "out of disk space", "disk quota exceeded"]}),
}

CHATTER = {"A": ["okay, checking now", "hmm, let me think", "one sec", "as I said above", "okay"],
           "B": ["let me look", "hold on", "right, give me a moment", "as mentioned earlier", "hmm"]}
