#!/usr/bin/env bash
# Issue 29's many-core figures in one call of the device machine (16 cores; the device
# tool's `run`, which starts in the repository root with $OUT set). Builds the C core,
# then, each run a whole process and every answer checked:
#   1. `dlxcli sudoku --unique --jobs 16` on every Gecode 25x25 (goal: each under 5 s);
#   2. the first solutions with --jobs 16 (goal: each under 2 s);
#   1old, 2old (DEVICE16_OLD=1, the default): the same with the cubes' schedule before
#      branch tail30 (bench_parallel_proof.py --set MANY_JOBS=1000000000: the cubes in the
#      cut's order, the tail split's pieces DLX's), measured side by side on 16 cores;
#   4. (DEVICE16_FULL=1) OR-Tools CP-SAT with 16 workers on the same exact covers, first
#      solution and the proof of uniqueness (bench/proto/cpsat25.py --workers 16, as
#      wheels in .whl), the hardest first, each at most 30 s, none started after
#      DEVICE16_CPSAT_UNTIL seconds of the script (330);
#   3. (DEVICE16_FULL=1) `dlxcli generate sudoku --size 25 --count 16 --jobs 16 --seed 7`
#      (goal: under 2 min).
# DEVICE16_NAMES: the instances (all 18 Gecode 25x25 by default).
# Steps 1, 2, 1old and 2old take about 250 s. Usage (device tool): bash bench/device16.sh
# (carry .whl for step 4; with DEVICE16_FULL=1 it may take 600 s; DEVICE16_OLD=0
# DEVICE16_FULL=1 took 368 s in session 15)
set -u
out=${OUT:-/tmp/device16}
mkdir -p "$out"
exec > >(tee "$out/log.txt") 2>&1
lscpu | grep -E '^Model name|^CPU\(s\)'
uptime
export PYTHONPATH=$PWD:/tmp/site DLXCLI_ENGINE=c PYTHONUNBUFFERED=1
python3 setup.py build_ext --inplace -q > "$out/build.txt" 2>&1 || { tail "$out/build.txt"; exit 1; }
names=${DEVICE16_NAMES:-"example18 example19 example20 example21 example22 example23
       example24 example25 example26 example27 example28 example29 example30 example31
       example32 example33 example89 example90"}
cpsat_order=${DEVICE16_NAMES:-"example26 example27 example32 example18 example33 example21
       example28 example22 example25 example29 example31 example24 example30 example23
       example19 example20 example89 example90"}
old="--set MANY_JOBS=1000000000"
echo "== 1. --unique --jobs 16"
timeout 120 python3 bench/bench_parallel_proof.py --query unique --jobs 16 --cap 20 $names
echo "== 2. first solutions --jobs 16"
timeout 80 python3 bench/bench_parallel_proof.py --query first --jobs 16 --cap 10 $names
if [ "${DEVICE16_OLD:-1}" = 1 ]; then
    echo "== 1old. --unique --jobs 16, $old"
    timeout 120 python3 bench/bench_parallel_proof.py --query unique --jobs 16 --cap 20 $old $names
    echo "== 2old. first solutions --jobs 16, $old"
    timeout 100 python3 bench/bench_parallel_proof.py --query first --jobs 16 --cap 10 $old $names
fi
[ "${DEVICE16_FULL:-0}" = 1 ] || { uptime; exit 0; }
echo "== 4. CP-SAT, 16 workers (the hardest first; none started after ${DEVICE16_CPSAT_UNTIL:-330} s)"
if python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
        --target /tmp/site .whl/*.whl 2> /dev/null; then
    for name in $cpsat_order; do
        left=$(( ${DEVICE16_CPSAT_UNTIL:-330} - SECONDS ))
        [ "$left" -gt 5 ] || { echo "$name: not run (time)"; continue; }
        limit=$(( left < 30 ? left : 30 ))
        python3 -c "import sys; sys.path.insert(0, 'bench/proto'); from sudoku_xc import knuth_text;
print(knuth_text(open('bench/data/gecode25/$name.in').read().strip()), end='')" > /tmp/$name.dlx
        printf '%s: ' "$name"
        timeout $((limit + 10)) python3 bench/proto/cpsat25.py --workers 16 --unique --timeout $limit \
            /tmp/$name.dlx 2>&1 >/dev/null | grep '^c first'
    done
else
    echo "no OR-Tools wheels in .whl"
fi
echo "== 3. generate 16 minimal 25x25, --jobs 16"
start=$(date +%s.%N)
timeout 200 python3 -m dlxcli generate sudoku --size 25 --count 16 --jobs 16 --seed 7 \
    > "$out/generate.txt"
echo "status $?, $(python3 -c "import time; print(f'{time.time() - $start:.1f}')") s wall," \
     "$(grep -c . "$out/generate.txt") lines; uptime: $(uptime)"
uptime
