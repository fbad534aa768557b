#!/usr/bin/env python3
"""Score a memcurator store against a gen.py truth.json, through the CLI only (see README.md).

score.py --truth DIR/truth.json --db URL [--label NAME] [--header] [--probes 200]
Reads `memcurator export --status all`, `memcurator log` and `memcurator as-of`, prints one row.
"""
import argparse, json, os, random, subprocess, sys
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

MC = os.environ.get("MEMCURATOR_BIN", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".venv", "bin", "memcurator"))
COLS = ["run", "keys", "cur_right", "dup_keys", "dup_%", "restate_as_new_ver", "contra_merged",
        "active:accepted", "asof_right", "obs_promoted", "chatter_kept", "facts_dropped"]


def cli(db, *args):
    out = subprocess.run([MC, *args, "--database-url", db], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"memcurator {' '.join(args)} failed: {out.stderr.strip()}")
    return [json.loads(l) for l in out.stdout.splitlines() if l.strip().startswith("{")]


def skey(scope):
    return json.dumps(scope, sort_keys=True)


class Store:
    """Which truth candidates each stored entry holds, built from the write log (in seq order)."""

    def __init__(self, truth, export, log):
        self.t = truth["candidates"]
        self.entries = {e["id"]: e for e in export}
        redirect = {e["id"]: e["superseded_by"] for e in export if e["status"] == "retired" and e["superseded_by"]}
        self.holder = {}                  # candidate -> entry (last placement wins)
        self.wording = defaultdict(list)  # entry -> candidates that set its wording (inserted/refined)
        self.contra = [0, 0]              # merged/refined fact candidates: contradicting, total
        self.accepted, self.rejected = set(), set()
        self.promoted, self.demoted = set(), set()
        for row in log:
            act, mid, cid = row["action"], row.get("memory_id"), row.get("candidate_key")
            if act == "rejected":
                self.rejected.update(row.get("related_ids") or [])
            elif act == "promoted":
                self.promoted.add(mid)
            elif act == "demoted":
                self.demoted.add(cid)
            if act not in ("inserted", "merged", "refined") or cid not in self.t:
                continue
            tc = self.t[cid]
            if act in ("merged", "refined") and "attribute" in tc and self.wording[mid]:
                prev = self.t.get(self.wording[mid][-1], {})
                bad = prev.get("attribute") != tc["attribute"] or (
                    tc["kind"] == "single" and prev.get("value") != tc["value"])
                self.contra[0] += bad
                self.contra[1] += 1
            self.holder[cid] = mid
            self.accepted.add(cid)
            if act in ("inserted", "refined"):
                self.wording[mid].append(cid)
        for cid, mid in list(self.holder.items()):
            seen = set()
            while mid in redirect and mid not in seen:
                seen.add(mid)
                mid = redirect[mid]
            self.holder[cid] = mid
        self.held = defaultdict(list)  # entry -> candidates it holds
        for cid, mid in self.holder.items():
            self.held[mid].append(cid)
        for mid in redirect:
            self.wording[redirect[mid]].extend(self.wording.get(mid, []))
        for mid in self.wording:
            self.wording[mid].sort(key=lambda c: self.t[c]["created_at"])

    def attrs(self, mid):
        return Counter(self.t[c]["attribute"] for c in self.held[mid] if "attribute" in self.t[c])

    def value(self, mid, attr, kind, upto=None):
        """single: the value of the statement whose wording the entry shows (its last inserted/refined
        candidate of that attribute, created <= upto); falls back to its latest candidate of the attribute.
        set: the members of every candidate of that attribute it holds (created <= upto)."""
        mine = [c for c in self.held[mid] if self.t[c].get("attribute") == attr
                and (upto is None or self.t[c]["created_at"] <= upto)]
        if kind == "set":
            return frozenset(self.t[c]["value"] for c in mine)
        words = [c for c in self.wording[mid] if c in mine]
        pick = words or sorted(mine, key=lambda c: self.t[c]["created_at"])
        return self.t[pick[-1]]["value"] if pick else None

    def facts_for(self, scope, attr, status=("active",), ids=None):
        pool = ids if ids is not None else self.entries
        return [m for m in pool if m in self.entries and self.entries[m]["type"] == "fact"
                and self.entries[m]["status"] in status and skey(self.entries[m]["scope"]) == scope
                and self.attrs(m).get(attr)]


def truth_at(key, at):
    val = None
    for when, v in key["history"]:
        if when <= at:
            val = v
    return frozenset(val) if isinstance(val, list) else val


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--truth", required=True)
    p.add_argument("--db", required=True)
    p.add_argument("--label", default="run")
    p.add_argument("--probes", type=int, default=200)
    p.add_argument("--header", action="store_true")
    p.add_argument("--detail", help="write per-key verdicts (JSON) here")
    a = p.parse_args()
    truth = json.load(open(a.truth))
    st = Store(truth, cli(a.db, "export", "--status", "all"), cli(a.db, "log"))
    keys = truth["keys"]
    detail = {}

    # 1. current value right per key; duplicates
    right = dups = 0
    for k, key in keys.items():
        sc = skey(key["scope"])
        E = st.facts_for(sc, key["attribute"])
        want = truth_at(key, "9999")
        got = [st.value(m, key["attribute"], key["kind"]) for m in E]
        ok = len(E) == 1 and got[0] == want
        right += ok
        dups += len(E) > 1
        detail[k] = {"active": len(E), "ok": ok}

    # 2. supersessions between fact entries: same truth value on both sides?
    same = total = 0
    for m, e in st.entries.items():
        new = e.get("superseded_by")
        if e["status"] != "superseded" or e["type"] != "fact" or new not in st.entries:
            continue
        at = st.attrs(m)
        if not at:
            continue
        attr = at.most_common(1)[0][0]
        kind = st.t[next(c for c in st.held[m] if st.t[c].get("attribute") == attr)]["kind"]
        total += 1
        same += kind == "set" or st.value(m, attr, kind) == st.value(new, attr, kind)

    # 3. active facts per accepted fact candidate
    facts_acc = [c for c in st.accepted if ("attribute" in st.t[c] or st.t[c]["label"] == "chatter")
                 and c not in st.demoted]
    facts = [c for c, tc in st.t.items() if "attribute" in tc]
    dropped = sum(1 for c in facts if c in st.rejected or c in st.demoted)
    active = sum(1 for e in st.entries.values() if e["type"] == "fact" and e["status"] == "active")

    # 4. as-of probes: (scope, time) pairs, every key of that scope known by then, until N probes
    rng = random.Random(7)
    by_scope = defaultdict(list)
    for k, key in keys.items():
        by_scope[skey(key["scope"])].append(k)
    start = datetime.fromisoformat(truth["meta"]["start"].replace("Z", "+00:00"))
    span = (datetime.fromisoformat(truth["meta"]["end"].replace("Z", "+00:00")) - start).total_seconds()
    probes, pairs = [], []
    scopes = sorted(by_scope)
    while len(probes) < a.probes and len(pairs) < 10 * a.probes:
        sc = rng.choices(scopes, weights=[len(by_scope[x]) for x in scopes])[0]  # fewer CLI calls
        at = (start + timedelta(seconds=rng.uniform(0.2, 1.0) * span)).strftime("%Y-%m-%dT%H:%M:%SZ")
        ks = [k for k in by_scope[sc] if keys[k]["history"][0][0] <= at][: a.probes - len(probes)]
        if ks:
            pairs.append((sc, at))
            probes += [(sc, at, k) for k in ks]

    def asof(pair):
        sc, at = pair
        args = [x for lv, v in json.loads(sc).items() for x in ("--scope", f"{lv}={v}")]
        return pair, [e["id"] for e in cli(a.db, "as-of", *args, "--at", at)]

    with ThreadPoolExecutor(2) as ex:
        seen = dict(ex.map(asof, pairs))
    asof_ok = 0
    for sc, at, k in probes:
        key = keys[k]
        E = st.facts_for(sc, key["attribute"], status=("active", "superseded", "expired", "retired"),
                         ids=seen[(sc, at)])
        vals = [st.value(m, key["attribute"], key["kind"], upto=at) for m in E]
        want = truth_at(key, at)
        if key["kind"] == "set":
            ok = bool(E) and frozenset().union(*vals) == want
        else:
            ok = bool(E) and all(v == want for v in vals)
        asof_ok += ok

    # 5. observations: failures seen in >= 3 sessions, promoted after the passes?
    rep = [f for f, fl in truth["failures"].items() if fl["n_sessions"] >= 3]
    ent_of = defaultdict(set)
    for c, mid in st.holder.items():
        if st.t[c]["label"] == "observation":
            ent_of[st.t[c]["failure"]].add(mid)
    promoted = sum(1 for f in rep if ent_of[f] & st.promoted)

    chatter = [c for c, tc in st.t.items() if tc["label"] == "chatter"]
    n = len(keys)
    row = [a.label, n, f"{right / n:.3f}", dups, f"{100 * dups / n:.1f}",
           f"{same}/{total}" + (f" ({same / total:.3f})" if total else ""),
           f"{st.contra[0]}/{st.contra[1]} ({st.contra[0] / max(1, st.contra[1]):.3f})",
           f"{active}:{len(facts_acc)} (1:{len(facts_acc) / max(1, active):.1f})",
           f"{asof_ok}/{len(probes)} ({asof_ok / max(1, len(probes)):.3f})",
           f"{promoted}/{len(rep)}", f"{sum(c in st.accepted for c in chatter)}/{len(chatter)}",
           f"{dropped}/{len(facts)}"]
    if a.header:
        print(" | ".join(COLS))
    print(" | ".join(str(x) for x in row))
    if a.detail:
        json.dump(detail, open(a.detail, "w"), indent=0)


if __name__ == "__main__":
    main()
