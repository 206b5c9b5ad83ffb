#!/usr/bin/env bash
# What bounds issue 29's figures on 16 cores (device machine, one call; the device tool's
# `run` starts in the repository root with $OUT set). Each run a whole process, C twin:
#   1. the portfolio's Learner alone on one core (`sudoku --reason learn --jobs 1`: the
#      same search as the Learner that `--jobs N` races, decision for decision), to a first
#      solution, on the Gecode 25x25 whose first solution took over 2 s on 16 jobs: a first
#      solution under `--jobs N` is this one, so it comes no sooner than this search or
#      the cubes' proof that there is no other;
#   2. `sudoku --unique --jobs 1` on example27: what 16 jobs divide;
#   3. `--unique --jobs 16` on example26 and example27 again, two rounds (the spread), and
#      with 8 and 32 cubes a job instead of 16 (CUBES_PER_JOB);
#   4. 16 copies of one Learner search at once against one alone: what a core loses when
#      all 16 are busy (example22, `--reason learn`, first solution);
#   5. (DEVICE16_GENERATE=1) `generate sudoku --size 25 --count 16 --jobs 16 --seed 7`
#      again (bench/device16.sh's step 3), with the second each puzzle came out.
# About 250 s (380 with step 5). BOUNDS_FIRST, BOUNDS_ONE, BOUNDS_UNIQUE: the instances
# of steps 1, 2 and 3. Usage (device tool): bash bench/device16_bounds.sh
set -u
out=${OUT:-/tmp/device16}
mkdir -p "$out"
exec > >(tee "$out/bounds.txt") 2>&1
lscpu | grep -E '^Model name|^CPU\(s\)'
uptime
export PYTHONPATH=$PWD${PYTHONPATH:+:$PYTHONPATH} DLXCLI_ENGINE=c PYTHONUNBUFFERED=1
python3 setup.py build_ext --inplace -q > "$out/build.txt" 2>&1 || { tail "$out/build.txt"; exit 1; }
data=bench/data/gecode25
TIMEFORMAT='%R s wall, %U+%S CPU s'

first=${BOUNDS_FIRST:-"example18 example21 example22 example25 example26 example27 example32 example33"}
unique=${BOUNDS_UNIQUE:-"example26 example27"}

echo "== 1. the Learner alone to a first solution, --jobs 1"
for name in $first; do
    printf '%s: ' "$name"
    { time python3 -m dlxcli sudoku --reason learn "$data/$name.in" > "/tmp/$name.first"; } 2>&1
    cmp -s <(tr -s ' \n' '\n\n' < "/tmp/$name.first") <(tr -s ' \n' '\n\n' < "$data/$name.out") \
        || echo "  $name: WRONG ANSWER"
done
echo "== 2. --unique --jobs 1"
for name in ${BOUNDS_ONE:-example27}; do
    printf '%s: ' "$name"
    { time timeout 90 python3 -m dlxcli sudoku --unique "$data/$name.in"; } 2>&1 | tr '\n' ' '
    echo
done
for setting in "" "--set CUBES_PER_JOB=8" "--set CUBES_PER_JOB=32"; do
    echo "== 3. --unique --jobs 16, two rounds $setting"
    timeout 60 python3 bench/bench_parallel_proof.py --query unique --jobs 16 --rounds 2 --cap 20 \
        $setting $unique
done
echo "== 4. one Learner search alone, then 16 copies at once (example22, --reason learn)"
{ time python3 -m dlxcli sudoku --reason learn "$data/example22.in" > /dev/null; } 2>&1
copies=()
for k in $(seq 16); do
    ( { time python3 -m dlxcli sudoku --reason learn "$data/example22.in" > /dev/null; } 2> "/tmp/copy$k.txt" ) &
    copies+=($!)
done
wait "${copies[@]}"  # not the tee above
cat /tmp/copy*.txt
uptime
[ "${DEVICE16_GENERATE:-0}" = 1 ] || exit 0
echo "== 5. generate 16 minimal 25x25, --jobs 16 (when each puzzle came out, s)"
{ time timeout 170 python3 -m dlxcli generate sudoku --size 25 --count 16 --jobs 16 --seed 7 -q \
    | python3 -c 'import sys, time
began = time.perf_counter()
for line in sys.stdin:
    sys.stdout.write(line)
    sys.stderr.write(f"{time.perf_counter() - began:.1f} ")' > "$out/generate2.txt"; } 2>&1
echo "$(grep -c . "$out/generate2.txt") puzzles; $(uptime)"
