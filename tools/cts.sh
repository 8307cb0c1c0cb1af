#!/usr/bin/env bash
# The Khronos conformance suite (../shared/cts/run.sh, beside the repository) in three passes, each
# compared with tests/cts_known_failures.txt (tools/cts_known.py: an unlisted failure, or a listed
# test that passes, fails the run):
#   full    the `full` configuration, as the library runs by default;
#   plain   the `main` configuration with the plain row loops (PVX_SIMD=plain);
#   fusion  the `main` configuration with every fusable pass fused (PVX_FUSION=1);
#   sse2, avx2  (by hand, not by default) the `main` configuration at that row-loop level.
# main is built on its own (~1 min more; its tests keep the full build's names, so one list serves).
#
#   tools/cts.sh [--python PY] [--pass full,plain,fusion] [--filter PATTERN] [--work DIR]
#
#   --python  the Python whose pyopenvx is tested (default: the repository's .venv/bin/python)
#   --pass    the passes to run, comma-separated (default: full,plain,fusion)
#   --filter  the CTS's --filter ('Group.*', 'Group.Test/*', ':' separates, '-' excludes); listed
#             tests the filter leaves out are then not reported
#   --work    the CTS builds and results (default: .cts in the repository); each pass's results
#             are kept in WORK/results/PASS.tsv, its unlisted failures in WORK/results/PASS-new.txt
# CTS_RUN overrides the runner's path. Each configuration is built once per library build (cmake and
# a C++ compiler) and reused. Exit 0 only if every pass matches the list.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUN=${CTS_RUN:-$ROOT/../shared/cts/run.sh}
PY=$ROOT/.venv/bin/python; PASSES=full,plain,fusion; FILTER=''; WORK=$ROOT/.cts
while (($#)); do
  case $1 in
    --python) PY=$2; shift 2 ;;
    --pass) PASSES=$2; shift 2 ;;
    --filter) FILTER=$2; shift 2 ;;
    --work) WORK=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "cts.sh: unknown argument $1 (see --help)"; exit 2 ;;
  esac
done
[[ -f $RUN ]] || { echo "cts.sh: no CTS runner at $RUN (set CTS_RUN)"; exit 2; }
[[ $PY = /* ]] || PY=$PWD/$PY
WORK=$(mkdir -p "$WORK" && cd "$WORK" && pwd)
mkdir -p "$WORK/results"

status=0; args=()
IFS=, read -ra passes <<<"$PASSES"
for p in "${passes[@]}"; do
  case $p in
    full) config=full envs=() ;;
    plain) config=main envs=(PVX_SIMD=plain) ;;
    fusion) config=main envs=(PVX_FUSION=1) ;;
    sse2|avx2) config=main envs=(PVX_SIMD=$p) ;;
    *) echo "cts.sh: unknown pass $p (full, plain, fusion, sse2, avx2)"; exit 2 ;;
  esac
  rm -f "$WORK"/*/cts-$config/runs/cts-$config/results.tsv
  echo "== cts $p: configuration $config, ${envs[*]:-default settings}${FILTER:+, filter $FILTER}"
  start=$(date +%s)
  env "${envs[@]}" bash "$RUN" --python "$PY" --config $config ${FILTER:+--filter "$FILTER"} --work "$WORK" \
    | tee "$WORK/results/$p.out"
  echo "== cts $p: $(($(date +%s) - start)) s"
  results=$(ls "$WORK"/*/cts-$config/runs/cts-$config/results.tsv 2>/dev/null | head -n 1)
  if [[ -z $results && -n $FILTER ]] && grep -q ' 0/0 passed (no test selected' "$WORK/results/$p.out"; then
    continue                           # e.g. an NN group in a pass of the main configuration
  elif [[ -z $results ]]; then
    echo "cts.sh: pass $p gave no results (see above)"
    status=1
    continue
  fi
  cp "$results" "$WORK/results/$p.tsv"
  args+=("$p=$WORK/results/$p.tsv")
done
((${#args[@]})) || { echo "cts.sh: no pass ran a test"; exit 1; }
python3 "$ROOT/tools/cts_known.py" "$ROOT/tests/cts_known_failures.txt" "${args[@]}" ${FILTER:+--partial} \
  --new "$WORK/results" || status=1
exit $status
