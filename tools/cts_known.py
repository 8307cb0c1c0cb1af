"""Compares CTS passes' results with tests/cts_known_failures.txt (tools/cts.sh runs it; stdlib only).

    python3 tools/cts_known.py KNOWN PASS=RESULTS.tsv... [--partial] [--new DIR]

RESULTS.tsv is what ../shared/cts/run.sh writes (test, pass|fail|crash|notrun, seconds, message).
A test that did not pass (fail, crash, or not run) must be listed for that pass; a listed test must
fail there, unless marked flaky. --partial (a filtered run): listed tests that were not selected are
not reported. Prints a summary per pass and every mismatch; --new: writes each pass's unlisted
failures to DIR/PASS-new.txt, in the list's format. Exit 1 on any mismatch."""
import os
import sys

PASSES = ("full", "plain", "fusion", "sse2", "avx2")    # CI runs the first three (tools/cts.sh)
CI_PASSES = set(PASSES[:3])


class Entry:
    def __init__(self, where, reason, line):
        words = where.split()
        self.flaky = "flaky" in words
        self.passes = set(PASSES) if "all" in words else {w for w in words if w != "flaky"}
        self.reason, self.line = reason, line


def read_known(path):
    """test -> Entry; a malformed line is fatal (the list is code)."""
    known = {}
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = [x.strip() for x in line.split("|", 2)]
            if len(fields) != 3 or not fields[0] or not fields[2]:
                sys.exit(f"{path}:{n}: not 'TEST | WHERE | REASON': {line}")
            bad = set(fields[1].split()) - set(PASSES) - {"all", "flaky"}
            if bad or not set(fields[1].split()) - {"flaky"}:
                sys.exit(f"{path}:{n}: WHERE is 'all' or pass names ({', '.join(PASSES)}), 'flaky' optional: "
                         f"{fields[1]!r}")
            if fields[0] in known:
                sys.exit(f"{path}:{n}: {fields[0]} listed twice (first on line {known[fields[0]].line})")
            known[fields[0]] = Entry(fields[1], fields[2], n)
    return known


def read_results(path):
    results = {}
    with open(path) as f:
        for raw in f:
            test, outcome, _, message = (raw.rstrip("\n").split("\t") + [""] * 4)[:4]
            results[test] = outcome, message
    return results


def compare(known, name, results, partial):
    """(summary line, mismatch lines, unlisted failures) of one pass."""
    new, fixed, listed = [], [], 0
    for test, (outcome, message) in results.items():
        entry = known.get(test)
        applies = entry is not None and name in entry.passes
        if outcome != "pass":
            if applies:
                listed += 1
            else:
                new.append((test, outcome, message))
        elif applies and not entry.flaky:
            fixed.append(test)
    stale = [] if partial else [t for t, e in known.items() if name in e.passes and t not in results
                                and e.passes != set(PASSES)]
    passed = sum(1 for o, _ in results.values() if o == "pass")
    summary = (f"{name}: {passed}/{len(results)} passed, {len(results) - passed - len(new)} listed failures; "
               f"{len(new)} unlisted failures, {len(fixed)} listed tests passed" +
               (f", {len(stale)} listed tests not in this pass" if stale else ""))
    lines = [f"  {name}: unlisted {outcome}: {test}: {message[:160]}" for test, outcome, message in new]
    lines += [f"  {name}: listed (line {known[t].line}) but passes, remove it from the list: {t}" for t in fixed]
    lines += [f"  {name}: listed for this pass (line {known[t].line}) but not in it: {t}" for t in stale]
    return summary, lines, new


def main(argv):
    partial = "--partial" in argv
    args = [a for a in argv if a != "--partial"]
    new_dir = None
    if "--new" in args:
        at = args.index("--new")
        new_dir = args[at + 1]
        del args[at:at + 2]
    if len(args) < 2:
        sys.exit(__doc__)
    known = read_known(args[0])
    runs = dict(a.split("=", 1) for a in args[1:])
    mismatches, summaries = [], []
    for name, path in runs.items():
        if name not in PASSES:
            sys.exit(f"unknown pass {name}: {', '.join(PASSES)}")
        summary, lines, new = compare(known, name, read_results(path), partial)
        summaries.append(summary)
        mismatches += lines
        if new_dir is not None:
            with open(os.path.join(new_dir, f"{name}-new.txt"), "w") as f:
                f.writelines(f"{t} | {name} | {o}: {m}\n" for t, o, m in new)
    if not partial and CI_PASSES <= set(runs):     # tests listed for every pass must exist somewhere
        everywhere = set().union(*(read_results(p) for p in runs.values()))
        mismatches += [f"  listed (line {e.line}) but in no pass: {t}" for t, e in known.items()
                       if e.passes == set(PASSES) and t not in everywhere]
    shown = mismatches[:200] + ([f"  ... {len(mismatches) - 200} more"] if len(mismatches) > 200 else [])
    print("\n".join(shown + summaries))
    verdict = "cts: the known failures list matches" if not mismatches else f"cts: {len(mismatches)} mismatches"
    print(verdict)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
