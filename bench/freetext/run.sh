#!/usr/bin/env bash
# run.sh SEED TEMPLATES [USERS] [DAYS]: generate the three extractor kinds, ingest each into a
# fresh SQLite store, run the nightly passes (backfill over the stream's dates), score; one row each.
# SCORE_ONLY=1 ./run.sh ... re-scores the stores a previous run left under runs/.
set -euo pipefail
SEED=${1:-1}; TPL=${2:-A}; USERS=${3:-50}; DAYS=${4:-30}
HERE=$(cd "$(dirname "$0")" && pwd)
MC=${MEMCURATOR_BIN:-$(cd "$HERE/../.." && pwd)/.venv/bin/memcurator}
END=$(python3 -c "import datetime as d;print(d.date(2025,3,1)+d.timedelta(days=$DAYS))")
mkdir -p "$HERE/runs"
ROWS=()
for KIND in subject_value subject_only text; do
  NAME="s${SEED}_${TPL}_u${USERS}_d${DAYS}_${KIND}"; OUT="$HERE/runs/$NAME"; DB="$OUT/store.db"
  URL="sqlite:///$DB"
  if [ -z "${SCORE_ONLY:-}" ]; then
  python3 "$HERE/gen.py" --seed "$SEED" --templates "$TPL" --users "$USERS" --days "$DAYS" --extractor "$KIND" --out "$OUT" >&2
  rm -f "$DB"*
  t0=$(date +%s)
  MEMCURATOR_DATABASE_URL=$URL "$MC" init >/dev/null
  MEMCURATOR_DATABASE_URL=$URL "$MC" ingest "$OUT/candidates.jsonl" --json > "$OUT/ingest.json"
  t1=$(date +%s)
  MEMCURATOR_DATABASE_URL=$URL "$MC" backfill --start 2025-03-01 --end "$END" --json > "$OUT/backfill.json" 2> "$OUT/backfill.log"
  t2=$(date +%s)
  else t2=$(date +%s); t0=$t2; t1=$t2; fi
  ROW=$(python3 "$HERE/score.py" --truth "$OUT/truth.json" --db "$URL" --label "$KIND" --detail "$OUT/detail.json")
  t3=$(date +%s)
  echo "$KIND: ingest $((t1-t0))s, backfill $((t2-t1))s, score $((t3-t2))s; $(cat "$OUT/ingest.json")" >&2
  ROWS+=("$ROW")
done
echo "seed $SEED, templates $TPL, $USERS users x $DAYS days"
(cd "$HERE" && python3 -c "import score; print(' | '.join(score.COLS))")
printf '%s\n' "${ROWS[@]}"
