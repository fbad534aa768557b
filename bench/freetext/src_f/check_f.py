#!/usr/bin/env python3
"""Checks for phrase bank F (stdlib only): structure, counts, uniqueness within F,
no overlap with banks A-E, `new` flags, tool ids. Exit 0 and "OK" when all hold.

Normalisation for equality: lower-case, strip, drop trailing punctuation/whitespace.
Usage: python3 src/check_f.py [--render FILE]   (--render writes every frame x surface for reading)
"""
import os, re, string, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import banks, banks_c, banks_d, banks_e, banks_f  # noqa: E402

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
    F = banks_f
    old = (strings_of(banks, ["A", "B"]) + strings_of(banks_c, ["C"]) + strings_of(banks_d, ["D"])
           + strings_of(banks_e, ["E"]) + GEN_OBS_AB)
    old_norm = {norm(s) for s in old}
    mine = strings_of(F, ["F"])

    # uniqueness within F and overlap with A-E
    seen = {}
    for s in mine:
        n = norm(s)
        if not n:
            errors.append(f"empty string {s!r}")
        if n in seen:
            errors.append(f"duplicate within F: {s!r} ~ {seen[n]!r}")
        seen[n] = s
        if n in old_norm:
            errors.append(f"equals an earlier bank's string: {s!r}")

    # structure: single-valued
    frames, surfaces = 0, 0
    ph = re.compile(r"\{[^}]*\}")
    for key, spec in F.S.items():
        if set(spec) != {"id", "scope", "lex", "kind", "new", "values", "F"}:
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
        if len(spec["F"]) != 4:
            errors.append(f"{key}: {len(spec['F'])} frames")
        for fr in spec["F"]:
            frames += 1
            if ph.findall(fr) not in (["{v}"], ["{V}"]):
                errors.append(f"{key}: frame placeholders {fr!r}")
            first = fr.split()[0]
            if fr[:1].isupper() and len(first) > 1 and first.strip(string.punctuation).isupper():
                warns.append(f"{key}: frame starts with an acronym (lower-cased after a change prefix): {fr!r}")
            if fr.startswith("{V}"):
                warns.append(f"{key}: frame starts with {{V}}: {fr!r}")

    # structure: set-valued
    members, msents = 0, 0
    for key, spec in F.SETS.items():
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
    for key, spec in list(F.S.items()) + list(F.SETS.items()):
        sk = (spec["id"], spec["scope"])
        if sk in per_scope:
            errors.append(f"{key}: id {spec['id']} twice at scope {spec['scope']}")
        per_scope[sk] = key

    # new flags
    old_ids = ids_of(banks) | ids_of(banks_c) | ids_of(banks_d) | ids_of(banks_e)
    for key, spec in list(F.S.items()) + list(F.SETS.items()):
        if spec["new"] != (spec["id"] not in old_ids):
            errors.append(f"{key}: new={spec['new']} but id {'absent from' if spec['id'] not in old_ids else 'in'} A-E")
    shared = sorted({s["id"] for s in list(F.S.values()) + list(F.SETS.values()) if s["id"] in old_ids})
    # shared attributes must keep the earlier banks' value ids
    for key, spec in F.S.items():
        if spec["id"] in old_ids:
            for mod in (banks, banks_c, banks_d, banks_e):
                for s2 in mod.S.values():
                    if s2["id"] == spec["id"] and s2["scope"] == spec["scope"] and set(s2["values"]) != set(spec["values"]):
                        errors.append(f"{key}: value ids {sorted(spec['values'])} differ from {mod.__name__} {sorted(s2['values'])}")

    # prefixes, tools, observation frames, chatter
    if len(F.CHANGE_PREFIX["F"]) != 4:
        errors.append("change prefixes != 4")
    if len(F.ADD_PREFIX["F"]) != 3 or not all(p.endswith(": ") for p in F.ADD_PREFIX["F"]):
        errors.append("add prefixes: need 3, each ending in ': '")
    old_tools = set(banks.TOOLS) | set(banks_c.TOOLS) | set(banks_d.TOOLS) | set(banks_e.TOOLS)
    if len(F.TOOLS) != 6:
        errors.append(f"{len(F.TOOLS)} tools")
    for t, (names, kinds) in F.TOOLS.items():
        if t in old_tools:
            errors.append(f"tool id {t} reused")
        if len(names) != 3 or len(kinds) != 2 or any(len(v) != 3 for v in kinds.values()):
            errors.append(f"tool {t}: shape")
    for fr in F.OBS_FRAMES["F"]:
        got = sorted(ph.findall(fr))
        if got not in (["{s}", "{t}"], ["{T}", "{s}"]):
            errors.append(f"obs frame placeholders {fr!r}")
    if len(F.OBS_FRAMES["F"]) != 4:
        errors.append("obs frames != 4")
    chatter = F.CHATTER["F"]
    if len(chatter) < 40:
        errors.append(f"only {len(chatter)} chatter lines")

    # counts and thresholds
    specs = list(F.S.values()) + list(F.SETS.values())
    ids = {s["id"] for s in specs}
    new_ids = {i for i in ids if i not in old_ids}
    if len(specs) < 50:
        errors.append(f"only {len(specs)} specs")
    if len(new_ids) < 40:
        errors.append(f"only {len(new_ids)} new ids")
    extractor = re.compile(r"^(User|Prefers|Project|The project|The team|Team |Uses |Operates|Listens|Writes|Has |"
                           r"Usually|Charges|Keeps|Currently|Concentrates|Reads )")
    all_frames = [fr for s in F.S.values() for fr in s["F"]]
    n_extr = sum(1 for fr in all_frames if extractor.match(fr))

    # two-scope topics
    by_id = {}
    for s in specs:
        by_id.setdefault(s["id"], set()).add(s["scope"])
    two = sorted(i for i, sc in by_id.items() if len(sc) > 1)

    print(f"specs {len(specs)} (single {len(F.S)}, set {len(F.SETS)}; set share {len(F.SETS) / len(specs):.0%}); "
          f"distinct ids {len(ids)}, new ids {len(new_ids)}, shared {shared}")
    for lvl in ("user", "team", "project"):
        print(f"  {lvl}: single {sum(1 for s in F.S.values() if s['scope'] == lvl)}, "
              f"set {sum(1 for s in F.SETS.values() if s['scope'] == lvl)}")
    print(f"two-scope ids: {two}")
    print(f"frames {frames} (extractor-style by prefix heuristic: {n_extr} = {n_extr / frames:.0%}), "
          f"surfaces {surfaces}, members {members} / member sentences {msents}")
    print(f"change prefixes {len(F.CHANGE_PREFIX['F'])}, add prefixes {len(F.ADD_PREFIX['F'])}, tools {len(F.TOOLS)}, "
          f"tool names {sum(len(n) for n, _ in F.TOOLS.values())}, symptoms "
          f"{sum(len(v) for _, k in F.TOOLS.values() for v in k.values())}, obs frames {len(F.OBS_FRAMES['F'])}, "
          f"chatter {len(chatter)}")
    print(f"bank F strings {len(mine)}, earlier normalised strings {len(old_norm)}")

    if "--render" in sys.argv:
        path = sys.argv[sys.argv.index("--render") + 1]
        with open(path, "w") as f:
            for key, spec in F.S.items():
                for fr in spec["F"]:
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
