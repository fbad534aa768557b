#!/usr/bin/env python3
"""Checks for phrase bank N (stdlib only; adapted from check_m.py): structure, counts, uniqueness within N
(except value surfaces planted on purpose in several attributes), no overlap with banks A-M, `new` flags, tool ids, word overlap between frames / surfaces. Exit 0 and "OK" when all hold.

Normalisation for equality: lower-case, strip, drop trailing punctuation/whitespace.
Usage: python3 src/check_n.py [--render FILE]   (--render writes every frame x surface for reading)
"""
import os, re, string, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import banks, banks_c, banks_d, banks_e, banks_f, banks_g, banks_h, banks_i, banks_j, banks_k, banks_l, banks_m, banks_n  # noqa: E402

# observation frames of banks A and B are hard-coded in gen.py (copied here for the overlap check)
GEN_OBS_AB = ["Call to {t} failed: {s}.", "{T} error: {s}", "{T} call did not complete ({s}).",
              "{T} returned a failure - {s}.", "Tool {t} broke: {s}", "Got '{s}' from {t}."]

TRAIL = string.punctuation + " \t\n\u2026"


def norm(s):
    return s.strip().lower().rstrip(TRAIL).strip()


def strings_of(mod, keys):
    """Every hand-written string of a bank module (for the given frame keys)."""
    out = []
    for spec in mod.S.values():
        for k in keys:
            out += list(spec.get(k) or [])
        for surfs in spec["values"].values():
            out += list(surfs)
    for spec in mod.SETS.values():
        for base, ref in spec["members"].values():
            out += list(base) + list(ref)
    for d in (mod.CHANGE_PREFIX, mod.ADD_PREFIX, mod.CHATTER, getattr(mod, "OBS_FRAMES", {})):
        for k in keys:
            out += list(d.get(k, []))
    for names, kinds in mod.TOOLS.values():
        out += list(names)
        for syms in kinds.values():
            out += list(syms)
    return out


def ids_of(mod):
    return {s["id"] for s in list(mod.S.values()) + list(mod.SETS.values())}


def main():
    errors, warns = [], []
    B = banks_n
    old = (strings_of(banks, ["A", "B"]) + strings_of(banks_c, ["C"]) + strings_of(banks_d, ["D"])
           + strings_of(banks_e, ["E"]) + strings_of(banks_f, ["F"]) + strings_of(banks_g, ["G"])
           + strings_of(banks_h, ["H"]) + strings_of(banks_i, ["I"]) + strings_of(banks_j, ["J"])
           + strings_of(banks_k, ["K"]) + strings_of(banks_l, ["L"]) + strings_of(banks_m, ["M"])
           + GEN_OBS_AB)
    old_norm = {norm(s) for s in old}
    mine = strings_of(B, ["N"])

    # uniqueness within N and overlap with A-M. A value surface may recur in other single-valued attributes
    # (planted: real values recur across attributes), never twice in one attribute id, never as another kind of string.
    surf_owner = {}  # normalised surface -> list of (spec key, attribute id, scope, value id)
    for key, spec in B.S.items():
        for v, surfs in spec["values"].items():
            for s in surfs:
                surf_owner.setdefault(norm(s), []).append((key, spec["id"], spec["scope"], v))
    shared_surf = {n: o for n, o in surf_owner.items() if len(o) > 1}
    for n, owners in shared_surf.items():
        aids = [o[1] for o in owners]
        if len(set(aids)) != len(aids):
            errors.append(f"surface {n!r} used twice by one attribute id: {owners}")
    seen = {}
    for s in mine:
        n = norm(s)
        if not n:
            errors.append(f"empty string {s!r}")
        if n in seen:
            if n not in shared_surf:
                errors.append(f"duplicate within N: {s!r} ~ {seen[n]!r}")
        seen[n] = s
        if n in old_norm:
            errors.append(f"equals an earlier bank's string: {s!r}")
    n_shared_total = sum(len(o) for o in shared_surf.values())
    if len(mine) - len(seen) != n_shared_total - len(shared_surf):
        errors.append("a shared surface also occurs as another kind of string")
    shared_levels = {}
    for n, owners in shared_surf.items():
        for lvl in {o[2] for o in owners}:
            if sum(1 for o in owners if o[2] == lvl) > 1:
                shared_levels[lvl] = shared_levels.get(lvl, 0) + 1
    if len(shared_surf) < 10:
        errors.append(f"only {len(shared_surf)} shared surfaces")
    for lvl in ("user", "team", "project"):
        if shared_levels.get(lvl, 0) < 2:
            errors.append(f"fewer than 2 surfaces shared by attributes of scope {lvl}")

    # structure: single-valued
    frames, surfaces, n_vfirst = 0, 0, 0
    ph = re.compile(r"\{[^}]*\}")
    for key, spec in B.S.items():
        if set(spec) != {"id", "scope", "lex", "kind", "new", "values", "N"}:
            errors.append(f"{key}: fields {sorted(spec)}")
        if spec["scope"] not in ("user", "team", "project") or spec["kind"] != "single":
            errors.append(f"{key}: scope/kind")
        if len(spec["values"]) != 3:
            errors.append(f"{key}: {len(spec['values'])} values")
        for v, surfs in spec["values"].items():
            if len(surfs) != 2:
                errors.append(f"{key}/{v}: {len(surfs)} surfaces")
            surfaces += len(surfs)
            for s in surfs:
                if ph.search(s):
                    errors.append(f"{key}/{v}: placeholder in surface {s!r}")
        if len(spec["N"]) != 4:
            errors.append(f"{key}: {len(spec['N'])} frames")
        for fr in spec["N"]:
            frames += 1
            if ph.findall(fr) not in (["{v}"], ["{V}"]):
                errors.append(f"{key}: frame placeholders {fr!r}")
            first = fr.split()[0]
            if fr[:1].isupper() and len(first) > 1 and first.strip(string.punctuation).isupper():
                warns.append(f"{key}: frame starts with an acronym (lower-cased after a change prefix): {fr!r}")
            if re.match(r"I'(m|ll|ve|d)\b", fr):
                errors.append(f"{key}: frame starts with a contraction of I (gen.py would write 'i'): {fr!r}")
            if fr.startswith("{V}"):
                bad = [x for surfs in spec["values"].values() for x in surfs if x[:1].isupper()]
                if bad:
                    errors.append(f"{key}: frame starts with {{V}} but surfaces start upper-case: {bad}")
                n_vfirst += 1

    # structure: set-valued
    members, msents = 0, 0
    for key, spec in B.SETS.items():
        if set(spec) != {"id", "scope", "lex", "kind", "new", "members"}:
            errors.append(f"{key}: fields {sorted(spec)}")
        if spec["scope"] not in ("user", "team", "project") or spec["kind"] != "set":
            errors.append(f"{key}: scope/kind")
        if not 3 <= len(spec["members"]) <= 4:
            errors.append(f"{key}: {len(spec['members'])} members")
        for m, (base, ref) in spec["members"].items():
            members += 1
            if len(base) != 2 or len(ref) != 2:
                errors.append(f"{key}/{m}: {len(base)} base, {len(ref)} refined")
            msents += len(base) + len(ref)
            for s in list(base) + list(ref):
                if ph.search(s):
                    errors.append(f"{key}/{m}: placeholder in {s!r}")

    # keys at two scopes keep their id; ids unique per scope
    per_scope = {}
    for key, spec in list(B.S.items()) + list(B.SETS.items()):
        sk = (spec["id"], spec["scope"])
        if sk in per_scope:
            errors.append(f"{key}: id {spec['id']} twice at scope {spec['scope']}")
        per_scope[sk] = key

    # new flags
    old_ids = ids_of(banks) | ids_of(banks_c) | ids_of(banks_d) | ids_of(banks_e) | ids_of(banks_f) | ids_of(banks_g) | ids_of(banks_h) | ids_of(banks_i) | ids_of(banks_j) | ids_of(banks_k) | ids_of(banks_l) | ids_of(banks_m)
    for key, spec in list(B.S.items()) + list(B.SETS.items()):
        if spec["new"] != (spec["id"] not in old_ids):
            errors.append(f"{key}: new={spec['new']} but id {'absent from' if spec['id'] not in old_ids else 'in'} A-M")
    shared = sorted({s["id"] for s in list(B.S.values()) + list(B.SETS.values()) if s["id"] in old_ids})
    # shared attributes must keep the earlier banks' value ids
    for key, spec in B.S.items():
        if spec["id"] in old_ids:
            for mod in (banks, banks_c, banks_d, banks_e, banks_f, banks_g, banks_h, banks_i, banks_j, banks_k, banks_l, banks_m):
                for s2 in mod.S.values():
                    if s2["id"] == spec["id"] and s2["scope"] == spec["scope"] and set(s2["values"]) != set(spec["values"]):
                        errors.append(f"{key}: value ids {sorted(spec['values'])} differ from {mod.__name__} {sorted(s2['values'])}")

    # prefixes, tools, observation frames, chatter
    if len(B.CHANGE_PREFIX["N"]) != 4:
        errors.append("change prefixes != 4")
    if len(B.ADD_PREFIX["N"]) != 3 or not all(p.endswith(": ") for p in B.ADD_PREFIX["N"]):
        errors.append("add prefixes: need 3, each ending in ': '")
    old_tools = set(banks.TOOLS) | set(banks_c.TOOLS) | set(banks_d.TOOLS) | set(banks_e.TOOLS) | set(banks_f.TOOLS) | set(banks_g.TOOLS) | set(banks_h.TOOLS) | set(banks_i.TOOLS) | set(banks_j.TOOLS) | set(banks_k.TOOLS) | set(banks_l.TOOLS) | set(banks_m.TOOLS)
    if len(B.TOOLS) != 6:
        errors.append(f"{len(B.TOOLS)} tools")
    for t, (names, kinds) in B.TOOLS.items():
        if t in old_tools:
            errors.append(f"tool id {t} reused")
        if len(names) != 3 or len(kinds) != 2 or any(len(v) != 3 for v in kinds.values()):
            errors.append(f"tool {t}: shape")
    for fr in B.OBS_FRAMES["N"]:
        got = sorted(ph.findall(fr))
        if got not in (["{s}", "{t}"], ["{T}", "{s}"]):
            errors.append(f"obs frame placeholders {fr!r}")
    if len(B.OBS_FRAMES["N"]) != 4:
        errors.append("obs frames != 4")
    chatter = B.CHATTER["N"]
    if len(chatter) < 40:
        errors.append(f"only {len(chatter)} chatter lines")

    # counts and thresholds
    specs = list(B.S.values()) + list(B.SETS.values())
    ids = {s["id"] for s in specs}
    new_ids = {i for i in ids if i not in old_ids}
    if len(specs) < 55:
        errors.append(f"only {len(specs)} specs")
    if len(new_ids) < 45:
        errors.append(f"only {len(new_ids)} new ids")
    extractor = re.compile(r"^(User|Prefers|Project|The project|The team|Team|Uses |Walks |Wakes |Runs |"
                           r"The studio |Needs |Has |Cuts |Finds |Misses |The project's |Keeps |Studies |Sticks |Trains |Starts |Relies |Practises |"
                           r"Carries |Anchoring scope the user |Holds |Gets |The user)")
    all_frames = [fr for s in B.S.values() for fr in s["N"]]
    n_extr = sum(1 for fr in all_frames if extractor.match(fr))

    # two-scope topics
    by_id = {}
    for s in specs:
        by_id.setdefault(s["id"], set()).add(s["scope"])
    two = sorted(i for i, sc in by_id.items() if len(sc) > 1)

    # word overlap (Jaccard over lower-case word tokens, placeholders dropped): frames of one attribute,
    # the two surfaces of one value, and surfaces of different values of one attribute
    def words(x):
        return set(re.findall(r"[a-z0-9]+", ph.sub(" ", x.lower())))

    def jac(a, b):
        wa, wb = words(a), words(b)
        return len(wa & wb) / len(wa | wb) if wa | wb else 0.0

    fj, sj, xj = [], [], []
    for spec in B.S.values():
        fr = spec["N"]
        fj += [jac(fr[i], fr[j]) for i in range(len(fr)) for j in range(i + 1, len(fr))]
        vals = list(spec["values"].values())
        for surfs in vals:
            sj.append(jac(surfs[0], surfs[1]))
        for i in range(len(vals)):
            for j in range(i + 1, len(vals)):
                xj.append(max(jac(a, b) for a in vals[i] for b in vals[j]))
    # two-scope topics keep the same value ids at both scopes
    for key, spec in B.S.items():
        for key2, spec2 in B.S.items():
            if key < key2 and spec["id"] == spec2["id"] and set(spec["values"]) != set(spec2["values"]):
                errors.append(f"{key} / {key2}: value ids differ")
    print(f"mean word Jaccard: frames of one attribute {sum(fj) / len(fj):.2f}; the 2 surfaces of one value "
          f"{sum(sj) / len(sj):.2f} ({sum(1 for x in sj if x == 0)} of {len(sj)} share no word); closest surfaces "
          f"of two values of one attribute {sum(xj) / len(xj):.2f} ({sum(1 for x in xj if x >= 0.5)} pairs >= 0.5)")
    print(f"frames starting with {{V}} (value first): {n_vfirst}")
    print(f"specs {len(specs)} (single {len(B.S)}, set {len(B.SETS)}; set share {len(B.SETS) / len(specs):.0%}); "
          f"distinct ids {len(ids)}, new ids {len(new_ids)}, shared {shared}")
    for lvl in ("user", "team", "project"):
        print(f"  {lvl}: single {sum(1 for s in B.S.values() if s['scope'] == lvl)}, "
              f"set {sum(1 for s in B.SETS.values() if s['scope'] == lvl)}")
    print(f"two-scope ids: {two}")
    print(f"frames {frames} (extractor-style by prefix heuristic: {n_extr} = {n_extr / frames:.0%}), "
          f"surfaces {surfaces}, members {members} / member sentences {msents}")
    print(f"change prefixes {len(B.CHANGE_PREFIX['N'])}, add prefixes {len(B.ADD_PREFIX['N'])}, tools {len(B.TOOLS)}, "
          f"tool names {sum(len(n) for n, _ in B.TOOLS.values())}, symptoms "
          f"{sum(len(v) for _, k in B.TOOLS.values() for v in k.values())}, obs frames {len(B.OBS_FRAMES['N'])}, "
          f"chatter {len(chatter)}")
    print(f"bank N strings {len(mine)} ({len(seen)} distinct after normalisation), earlier normalised strings {len(old_norm)}")
    print(f"shared value surfaces: {len(shared_surf)} strings in {n_shared_total} places; "
          f"shared within one scope level: {dict(sorted(shared_levels.items()))}")
    for n, owners in sorted(shared_surf.items()):
        print(f"  {n!r}: " + ", ".join(f"{o[1]}@{o[2]}={o[3]}" for o in owners))

    if "--render" in sys.argv:
        path = sys.argv[sys.argv.index("--render") + 1]
        with open(path, "w") as f:
            for key, spec in B.S.items():
                for fr in spec["N"]:
                    for v, surfs in spec["values"].items():
                        for s in surfs:
                            f.write(f"{key}\t{v}\t{fr.format(v=s, V=s[:1].upper() + s[1:])}\n")
        print(f"rendered -> {path}")

    for w in warns:
        print("WARN", w)
    for e in errors:
        print("ERROR", e)
    if errors:
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
