#!/usr/bin/env python3
"""Labelled free-text candidate stream for memcurator (see README.md).

gen.py --seed N --templates A|B|C|D|E|F|G|H|I|J|K|L|M|N --users 50 --days 30 --extractor subject_value|subject_only|text --out DIR
writes DIR/candidates.jsonl (sorted by created_at, ids c_NNNNNN) and DIR/truth.json.
Content is identical across extractor kinds for one seed and template bank: the extractor only
decides how much of `subject` the candidate carries.
"""
import argparse, json, os, random
from datetime import datetime, timedelta, timezone

import banks
import banks_c  # bank C (held out, added later; see BANK_C.md)
import banks_d  # bank D (held out, added later; see BANK_D.md)
import banks_e  # bank E (held out, added later; see BANK_E.md)
import banks_f  # bank F (held out, added later; see BANK_F.md)
import banks_g  # bank G (held out, added later; see BANK_G.md)
import banks_h  # bank H (held out, added later; see BANK_H.md)
import banks_i  # bank I (held out, added later; see BANK_I.md)
import banks_j  # bank J (held out, added later; see BANK_J.md)
import banks_k  # bank K (held out, added later; see BANK_K.md)
import banks_l  # bank L (held out, added later; see BANK_L.md)
import banks_m  # bank M (held out, added later; see BANK_M.md)
import banks_n  # bank N (held out, added later; see BANK_N.md)

ORG = "acme"


def scope_of(level, ident):
    return {"org_id": ORG, level: ident}


def skey(scope):
    return json.dumps(scope, sort_keys=True)


def cap(s):
    return s[:1].upper() + s[1:]


def ts(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ")


def bmod(bank):
    """Module holding the prefixes, tools and chatter of a bank."""
    return {"C": banks_c, "D": banks_d, "E": banks_e, "F": banks_f, "G": banks_g, "H": banks_h, "I": banks_i, "J": banks_j, "K": banks_k, "L": banks_l, "M": banks_m, "N": banks_n}.get(bank, banks)


def bank_attrs(bank):
    if bank in ("C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N"):
        mod = bmod(bank)
        return list(mod.S.values()) + list(mod.SETS.values())
    other = banks.ONLY_B if bank == "A" else banks.ONLY_A
    out = []
    for key, spec in list(banks.S.items()) + list(banks.SETS.items()):
        if spec["id"] in other:
            continue
        out.append(spec)
    return out


def pick_half(lst, bank):
    """Bank A uses the even-indexed phrasings, bank B the odd ones: disjoint banks. Banks C, D, E, F, G, H, I, J, K, L, M and N use all of their own."""
    if bank in ("C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N"):
        return lst
    return lst[0::2] if bank == "A" else lst[1::2]


class Gen:
    def __init__(self, a):
        self.a, self.bank = a, a.templates
        self.rng = random.Random(a.seed * 1000 + {"A": 0, "B": 1, "C": 2, "D": 3, "E": 4, "F": 5, "G": 6, "H": 7, "I": 8, "J": 9, "K": 10, "L": 11, "M": 12, "N": 13}[a.templates])
        self.start = datetime(2025, 3, 1, tzinfo=timezone.utc)
        self.rows, self.truth, self.keys, self.failures = [], [], {}, {}
        self.state = {}  # key -> value (single) | {member: refined?} (set)

    def key(self, scope, spec):
        k = skey(scope) + "|" + spec["id"]
        if k not in self.keys:
            self.keys[k] = {"scope": scope, "attribute": spec["id"], "kind": spec["kind"], "history": []}
        return k

    # -- one fact statement ------------------------------------------------------------
    def fact(self, scope, entity, spec, changed_in_session, when, change_p):
        rng, b = self.rng, self.bank
        k = self.key(scope, spec)
        hist = self.keys[k]["history"]
        if spec["kind"] == "single":
            vals = list(spec["values"])
            cur = self.state.get(k)
            if cur is None:
                v, label = rng.choice(vals), "new"
            elif k not in changed_in_session and rng.random() < change_p:
                prev = [h[1] for h in hist[:-1] if h[1] != cur]
                v = prev[-1] if prev and rng.random() < 0.35 else rng.choice([x for x in vals if x != cur])
                label = "change"
                changed_in_session.add(k)
            else:
                v, label = cur, "restate"
            if v != cur:
                self.state[k] = v
                hist.append([ts(when), v])
            frame = rng.choice(spec[b])
            surf = rng.choice(pick_half(spec["values"][v], b))
            text = frame.format(v=surf, V=cap(surf))
            if label == "change" and rng.random() < 0.5:
                p = rng.choice(bmod(b).CHANGE_PREFIX[b])
                text = p + (text[:1].lower() + text[1:] if not text.startswith("I ") else text)
            member = v
        else:
            mem = self.state.setdefault(k, {})
            unused = [m for m in spec["members"] if m not in mem]
            if not mem or (unused and rng.random() < 0.15):
                member = rng.choice(unused)
                label = "new" if not mem else "add"
                mem[member] = False
                hist.append([ts(when), sorted(mem)])
                text = rng.choice(pick_half(spec["members"][member][0], b))
                if label == "add" and rng.random() < 0.5:
                    text = rng.choice(bmod(b).ADD_PREFIX[b]) + text
            else:
                member = rng.choice(sorted(mem))
                base, refined = spec["members"][member]
                if not mem[member] and rng.random() < 0.3:
                    mem[member], label = True, "refine"
                    text = rng.choice(pick_half(refined, b))
                else:
                    label = "restate"
                    use_ref = mem[member] and rng.random() < 0.5
                    text = rng.choice(pick_half(refined if use_ref else base, b))
        subject = {"entity": entity, "attribute": spec["id"], "value": member}
        return text, subject, {"key": k, "attribute": spec["id"], "kind": spec["kind"], "value": member,
                               "label": label}

    def run(self):
        a, rng = self.a, self.rng
        attrs = bank_attrs(self.bank)
        by_scope = {lvl: [s for s in attrs if s["scope"] == lvl] for lvl in ("user", "team", "project")}
        n_teams, n_proj = max(2, a.users // 5), max(2, a.users // 6)
        TOOLS = bmod(self.bank).TOOLS
        tools = sorted(TOOLS)
        for ui in range(1, a.users + 1):
            uid, tid, pid = f"u_{ui:03d}", f"t_{ui % n_teams + 1:02d}", f"p_{rng.randrange(n_proj) + 1:02d}"
            mine = rng.sample(by_scope["user"], min(16, len(by_scope["user"])))
            recurring = [(t, rng.choice(sorted(TOOLS[t][1]))) for t in rng.sample(tools, 2)]
            for day in range(a.days):
                if rng.random() > 0.6:
                    continue
                sid = f"s_{uid}_d{day:02d}"
                when = self.start + timedelta(days=day, hours=rng.randint(7, 18), minutes=rng.randint(0, 50),
                                              seconds=rng.randint(0, 59))
                focus = [("user", uid, s) for s in rng.sample(mine, 3)]
                if rng.random() < 0.5:
                    focus.append(("team", tid, rng.choice(by_scope["team"])))
                if rng.random() < 0.3:
                    focus.append(("project", pid, rng.choice(by_scope["project"])))
                notes = []
                for t, kind in recurring:
                    if rng.random() < 0.35:
                        notes.append(("obs", t, kind))
                if rng.random() < 0.1:
                    t = rng.choice(tools)
                    notes.append(("obs", t, rng.choice(sorted(TOOLS[t][1]))))
                if rng.random() < 0.3:
                    notes.append(("chatter",))
                while len(notes) < 13:
                    notes.append(("fact", rng.choice(focus)))
                rng.shuffle(notes)
                changed = set()
                for turn, n in enumerate(notes):
                    when += timedelta(seconds=rng.randint(40, 150))
                    self.emit(n, uid, sid, turn, when, changed)
        self.rows.sort(key=lambda r: (r[0]["created_at"], r[1]))
        return self

    def emit(self, n, uid, sid, turn, when, changed):
        rng, b = self.rng, self.bank
        base = {"source": {"kind": "user_message", "ref": f"turn_{turn * 3 + 1}", "session_id": sid},
                "created_at": ts(when)}
        if n[0] == "fact":
            lvl, ident, spec = n[1]
            scope = scope_of(lvl + "_id", ident)
            text, subject, t = self.fact(scope, ident, spec, changed, when, 0.07 if lvl == "user" else 0.04)
            cand = dict(type="fact", scope=scope, content=text, confidence=round(rng.uniform(0.8, 0.98), 2), **base)
            if self.a.extractor == "subject_value":
                cand["subject"] = subject
            elif self.a.extractor == "subject_only":
                cand["subject"] = {"entity": subject["entity"], "attribute": subject["attribute"]}
        elif n[0] == "obs":
            tool, kind = n[1], n[2]
            names, kinds = bmod(b).TOOLS[tool]
            tname, symptom = rng.choice(pick_half(names, b)), rng.choice(pick_half(kinds[kind], b))
            frame = rng.choice({"A": ["Call to {t} failed: {s}.", "{T} error: {s}", "{T} call did not complete ({s})."],
                                "B": ["{T} returned a failure - {s}.", "Tool {t} broke: {s}", "Got '{s}' from {t}."],
                                "C": banks_c.OBS_FRAMES["C"], "D": banks_d.OBS_FRAMES["D"],
                                "E": banks_e.OBS_FRAMES["E"], "F": banks_f.OBS_FRAMES["F"],
                                "G": banks_g.OBS_FRAMES["G"], "H": banks_h.OBS_FRAMES["H"],
                                "I": banks_i.OBS_FRAMES["I"], "J": banks_j.OBS_FRAMES["J"],
                                "K": banks_k.OBS_FRAMES["K"], "L": banks_l.OBS_FRAMES["L"],
                                "M": banks_m.OBS_FRAMES["M"], "N": banks_n.OBS_FRAMES["N"]}[b])
            scope = scope_of("user_id", uid)
            fid = skey(scope) + "|" + tool + "/" + kind
            self.failures.setdefault(fid, {"scope": scope, "tool": tool, "failure": kind, "sessions": []})
            if sid not in self.failures[fid]["sessions"]:
                self.failures[fid]["sessions"].append(sid)
            base["source"]["kind"] = "tool_result"
            cand = dict(type="observation", scope=scope, content=frame.format(t=tname, T=cap(tname), s=symptom),
                        confidence=0.7, tool=tname, symptom=symptom, **base)
            t = {"failure": fid, "label": "observation"}
        else:
            cand = dict(type="fact", scope=scope_of("user_id", uid), content=rng.choice(bmod(b).CHATTER[b]),
                        confidence=0.9, **base)
            t = {"label": "chatter"}
        self.rows.append((cand, len(self.rows), t))

    def write(self, out):
        os.makedirs(out, exist_ok=True)
        cands = {}
        with open(os.path.join(out, "candidates.jsonl"), "w") as f:
            for i, (cand, _, t) in enumerate(self.rows, 1):
                cid = f"c_{i:06d}"
                f.write(json.dumps({"id": cid, **cand}) + "\n")
                cands[cid] = {**t, "created_at": cand["created_at"], "session": cand["source"]["session_id"]}
        for fid, fl in self.failures.items():
            fl["n_sessions"] = len(fl["sessions"])
        meta = {k: getattr(self.a, k) for k in ("seed", "templates", "users", "days", "extractor")}
        meta["start"], meta["end"] = ts(self.start), ts(self.start + timedelta(days=self.a.days))
        with open(os.path.join(out, "truth.json"), "w") as f:
            json.dump({"meta": meta, "candidates": cands, "keys": self.keys, "failures": self.failures}, f)
        return len(self.rows)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--templates", choices=["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N"], default="A")
    p.add_argument("--users", type=int, default=50)
    p.add_argument("--days", type=int, default=30)
    p.add_argument("--extractor", choices=["subject_value", "subject_only", "text"], default="subject_value")
    p.add_argument("--out", required=True)
    a = p.parse_args()
    n = Gen(a).run().write(a.out)
    print(f"{a.out}: {n} candidates")


if __name__ == "__main__":
    main()
