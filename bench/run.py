"""Runs every benchmark in bench/: compiles each bench/*.c with the users' flags (-O2), runs it,
collects the JSON object it prints, runs bench/opencv.py (every standard kernel beside OpenCV and
our plain C, when opencv-python-headless is installed: the `bench` extra), bench/nn_numpy.py (the
NN layers beside numpy) and bench/python_face.py (the Pythonic layer's costs), prints one table and
writes bench/out/results.json.

    python bench/run.py [name ...]        (names: C benchmarks by file stem, "python_face", "opencv" or
                                           "nn_numpy")
"""
import importlib.util
import json
import shlex
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"


def user_flags():
    out = subprocess.run([sys.executable, "-m", "pyopenvx", "--cflags", "--libs"], capture_output=True,
                         text=True, check=True).stdout
    return shlex.split(out)


def run(source, flags):
    exe = OUT / source.stem
    subprocess.run(["gcc", "-std=gnu11", "-O2", f"-I{HERE}", str(source), *flags, "-pthread", "-lm", "-o", str(exe)],
                   check=True)
    proc = subprocess.run([str(exe)], capture_output=True, text=True, check=True, timeout=3600)  # long_runs: minutes
    return json.loads(proc.stdout)


def run_opencv():
    """bench/opencv.py in its own process (the table goes to stderr, the JSON to stdout)."""
    if importlib.util.find_spec("cv2") is None:
        print("opencv: not run (pip install opencv-python-headless, the `bench` extra)", file=sys.stderr)
        return None
    proc = subprocess.run([sys.executable, str(HERE / "opencv.py")], stdout=subprocess.PIPE, text=True,
                          check=True, timeout=3600)
    return json.loads(proc.stdout)


def run_numpy_nn():
    """bench/nn_numpy.py in its own process: the NN layers beside a numpy reference."""
    proc = subprocess.run([sys.executable, str(HERE / "nn_numpy.py")], stdout=subprocess.PIPE, text=True,
                          check=True, timeout=3600)
    return json.loads(proc.stdout)


def main(names):
    OUT.mkdir(exist_ok=True)
    flags = user_flags()
    sources = sorted(HERE.glob("*.c"))
    if names:
        sources = [s for s in sources if s.stem in names]
    results = [run(s, flags) for s in sources]
    for bench in results:
        for row in bench["results"]:
            if "target_ns" in row:            # objmodel: judged against the target, not plain C
                print(f"{bench['bench']:>18}  {row['name']:<44} ours {row['ours_ns']:>12.1f} ns   "
                      f"target  {row['target_ns']:>12.1f} ns   {'met' if row['met'] else 'NOT met'}")
                continue
            print(f"{bench['bench']:>18}  {row['name']:<44} ours {row['ours_ns']:>12.1f} ns   "
                  f"plain C {row['plain_c_ns']:>12.1f} ns   x{row['ratio']:.2f}")
    sys.stdout.flush()
    if not names or "python_face" in names:
        proc = subprocess.run([sys.executable, str(HERE / "python_face.py")], stdout=subprocess.PIPE, text=True,
                              check=True, timeout=3600)
        results.append(json.loads(proc.stdout))
        for row in results[-1]["results"]:
            cv2_ns = f"   cv2 {row['cv2_ns']:>9.1f} ns" if row.get("cv2_ns") else ""
            budget = f"   budget {row['budget_ns']} ns ({'met' if row['within_budget'] else 'NOT met'})" \
                if "budget_ns" in row else ""
            print(f"{'python_face':>18}  {row['name']:<44} ours {row['ours_ns']:>12.1f} ns   "
                  f"floor {row['plain_c_ns']:>12.1f} ns   x{row['ratio']:.2f}{cv2_ns}{budget}")
    if not names or "opencv" in names:
        opencv = run_opencv()
        if opencv is not None:
            results.append(opencv)
    if not names or "nn_numpy" in names:
        results.append(run_numpy_nn())
    (OUT / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
