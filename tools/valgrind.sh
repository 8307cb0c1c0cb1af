#!/usr/bin/env bash
# The samples and a few C test programs under valgrind memcheck, against the installed library.
# PYTHONMALLOC=malloc makes every interpreter allocation visible to memcheck; the one interpreter
# defect left is suppressed (tools/valgrind-python.supp says what and why). Any error report, or
# a block definitely lost, fails the run.
#
#     tools/valgrind.sh [pytest node ids]        (PYTHON=... to pick the interpreter, default .venv)
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-$PWD/.venv/bin/python}
PACKAGE=$("$PYTHON" -c "from pyopenvx.paths import PACKAGE; print(PACKAGE)")
BUILD=$PWD/build/valgrind
TESTS=("$@")
[ ${#TESTS[@]} -gt 0 ] || TESTS=(
    "tests/test_image.py::test_c_program[image_basic.c]"
    tests/test_user_kernels.py::test_graph_manager_from_c
    "tests/test_fuzz.py::test_api_fuzz[1]")
export PYTHONMALLOC=malloc
MEMCHECK="valgrind -q --tool=memcheck --error-exitcode=99 --num-callers=40 \
--suppressions=$PWD/tools/valgrind-python.supp --leak-check=full --show-leak-kinds=definite \
--errors-for-leak-kinds=definite"

make -s -C samples_c PYTHON="$PYTHON" BUILD="$BUILD/samples" all udo >/dev/null
for sample in hello demo udo_classify; do
    echo "memcheck: $sample"
    LD_LIBRARY_PATH="$BUILD/samples" $MEMCHECK "$BUILD/samples/$sample" >/dev/null
done
PVX_CHECK_BUILD=$PACKAGE PVX_CHECK_PREFIX="$MEMCHECK" "$PYTHON" -m pytest -q -p no:cacheprovider "${TESTS[@]}"
echo "valgrind: clean"
