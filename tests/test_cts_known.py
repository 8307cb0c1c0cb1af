"""tools/cts_known.py, the CTS results' check against tests/cts_known_failures.txt (CI's CTS step)."""
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HEADER = "# comment\n\n"


def check(tmp_path, known, *passes, partial=False):
    """(exit code, output) of the check of `known` lines against passes given as name -> {test: outcome}."""
    (tmp_path / "known.txt").write_text(HEADER + "".join(line + "\n" for line in known))
    args = []
    for name, results in passes:
        path = tmp_path / f"{name}.tsv"
        path.write_text("".join(f"{t}\t{o}\t0.1\tmsg of {t}\n" for t, o in results.items()))
        args.append(f"{name}={path}")
    p = subprocess.run([sys.executable, str(ROOT / "tools/cts_known.py"), str(tmp_path / "known.txt"), *args]
                       + (["--partial"] if partial else []) + ["--new", str(tmp_path)], capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


RESULTS = {"A.one/0/x y": "pass", "A.two": "fail", "B.three": "crash"}


def test_listed_failures_match(tmp_path):
    rc, out = check(tmp_path, ["A.two | all | off by one", "B.three | full | crashes"], ("full", RESULTS))
    assert rc == 0, out
    assert "full: 1/3 passed, 2 listed failures; 0 unlisted failures" in out


def test_an_unlisted_failure_fails_and_is_written_in_the_lists_format(tmp_path):
    rc, out = check(tmp_path, ["A.two | all | off by one"], ("full", RESULTS))
    assert rc == 1 and "unlisted crash: B.three" in out
    assert (tmp_path / "full-new.txt").read_text() == "B.three | full | crash: msg of B.three\n"


def test_a_listed_test_that_passes_fails(tmp_path):
    known = ["A.one/0/x y | all | was broken", "A.two | all | r", "B.three | all | r"]
    rc, out = check(tmp_path, known, ("full", RESULTS))
    assert rc == 1 and "but passes, remove it from the list: A.one/0/x y" in out


def test_flaky_accepts_either_outcome(tmp_path):
    known = ["A.one/0/x y | all flaky | fails 1 run in 5", "A.two | full flaky | r", "B.three | all | r"]
    assert check(tmp_path, known, ("full", RESULTS))[0] == 0


def test_an_entry_applies_to_the_passes_it_names(tmp_path):
    known = ["A.two | plain | only the plain loops", "B.three | all | r"]
    rc, out = check(tmp_path, known, ("full", {**RESULTS, "A.two": "pass"}), ("plain", RESULTS))
    assert rc == 0, out
    rc, out = check(tmp_path, known, ("full", RESULTS), ("plain", RESULTS))
    assert rc == 1 and "full: unlisted fail: A.two" in out


def test_not_run_counts_as_a_failure(tmp_path):
    rc, out = check(tmp_path, ["A.two | all | r", "B.three | all | r"], ("full", {**RESULTS, "C.four": "notrun"}))
    assert rc == 1 and "unlisted notrun: C.four" in out


def test_stale_entries_fail_unless_the_run_was_filtered(tmp_path):
    known = ["A.two | all | r", "B.three | all | r", "Gone.test | full | r", "Gone.too | all | r"]
    rc, out = check(tmp_path, known, ("full", RESULTS), ("plain", RESULTS), ("fusion", RESULTS))
    assert rc == 1 and "not in it: Gone.test" in out and "in no pass: Gone.too" in out
    assert check(tmp_path, known, ("full", RESULTS), partial=True)[0] == 0


@pytest.mark.parametrize("line", ["A.two all r", "A.two | | r", "A.two | often | r", "A.two | flaky | r",
                                  "A.two | all |"])
def test_a_malformed_line_is_refused(tmp_path, line):
    rc, out = check(tmp_path, [line], ("full", RESULTS))
    assert rc == 1 and "known.txt:3:" in out
