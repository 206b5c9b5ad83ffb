#!/usr/bin/env bash
# Run the C twin under AddressSanitizer and UndefinedBehaviorSanitizer.
#
# Builds the C twin's sources (dlxcli/engine/*.c, setup.py's) with
# -fsanitize=address,undefined into a
# throwaway copy of the package (the in-place .so of the checkout is never touched), makes that copy the
# one Python imports, and runs through it: the engine tests, the fuzz tests' seed corpus
# (tests/fuzz_corpus/), and a slice of the differential run against the Python twin.
# A sanitizer report aborts the process that found it; the script goes on with the
# other phases and exits non-zero if anything was found or failed.
#
# Usage: scripts/sanitize.sh [N]   (N differential problems, default 2000)
# Needs gcc with libasan/libubsan, and the repository's .venv (pytest, hypothesis).
set -uo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
python=${PYTHON:-$repo/.venv/bin/python}
differential_n=${1:-2000}

work=$(mktemp -d "${TMPDIR:-/tmp}/dlxcli-sanitize.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "== building the sanitized C twin in $work"
cp -r dlxcli "$work/" || exit 2
find "$work/dlxcli" \( -name '*.so' -o -name '__pycache__' \) -prune -exec rm -rf {} +
suffix=$("$python" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
includes=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
gcc -shared -fPIC -fsanitize=address,undefined -fno-sanitize-recover=undefined \
    -fno-omit-frame-pointer -O1 -g -Wall -Wextra -Wno-unused-parameter \
    -Wno-cast-function-type -Wno-missing-field-initializers \
    -I"$includes" dlxcli/engine/*.c -o "$work/dlxcli/engine/_dlx$suffix" || exit 2

libasan=$(gcc -print-file-name=libasan.so)
test -f "$libasan" || { echo "sanitize.sh: libasan not found ($libasan)" >&2; exit 2; }

# CPython leaks on purpose at exit, so leak detection is off; PYTHONMALLOC=malloc routes
# every PyMem_* allocation (the engine's arrays included) through the sanitized malloc
# instead of pymalloc's arenas, where ASan could not see an overflow. So every object
# the interpreter makes goes through it too, and at each malloc and free ASan records
# where it came from: 30 frames by default, of which all but the first few are the
# interpreter's own. Eight (the engine's function that allocated or freed a block and
# its callers) take a third fewer CPU seconds over the tests; what ASan checks is the
# same, and a report's stack of the bad access itself is whole.
export LD_PRELOAD=$libasan
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:strict_string_checks=1:malloc_context_size=8
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export PYTHONMALLOC=malloc
export DLXCLI_ENGINE=c
export PYTHONPATH=$work
# Bytecode is cached (the copy's in the copy), or each dlxcli process that the tests and
# the corpus phase start would compile the package anew, at the sanitized malloc's pace.
unset PYTHONDONTWRITEBYTECODE

# `python -m` puts the working directory first on sys.path: run from the copy.
cd "$work"
loaded=$("$python" -c '
import dlxcli.engine as engine, dlxcli.engine._dlx as dlx
asan = "libasan" in open("/proc/self/maps").read()
print(dlx.__file__, engine.ENGINE, "asan" if asan else "no-asan")')
echo "imported: $loaded"
case "$loaded" in
    "$work"/dlxcli/engine/_dlx*" c asan") ;;
    *) echo "sanitize.sh: the sanitized build is not the one imported" >&2; exit 2 ;;
esac

# Every phase runs even if an earlier one failed; the log is scanned for reports.
failed=()
log=$work/log

# The test files that reach the C core, less those that reach no line or branch of it
# (gcov, over _dlx.c, _learn.c and _memo.c) that these, the corpus phase and the
# differential run do not: test_engine_properties.py, test_fuzz.py and test_parallel's
# irregular-search test, a third of this phase's CPU seconds under the sanitized malloc
# (docs/robustness.md, "The sanitizer run"). The plain C twin runs them all.
tests=()
for name in test_engine.py test_reference.py test_exact_cover.py test_parallel.py \
            test_learn.py test_memo_count.py test_components.py; do
    if [ -f "$repo/tests/$name" ]; then tests+=("$repo/tests/$name"); fi
done
# The runs of a test over both twins on the C twin only: those on the Python twin reach
# no C code (the tests that compare the twins take each as a fixture of its own and run).
# A test is deselected by its id, relative to --rootdir (an absolute path deselects
# nothing: the irregular search ran here anyway until ci7).
echo "== pytest under the sanitizers (C twin): ${tests[*]##*/}"
"$python" -m pytest -q -p no:cacheprovider --rootdir "$repo" -c "$repo/pyproject.toml" \
    -m "not slow and not cluster and not on_python_twin" \
    --deselect "tests/test_parallel.py::test_no_piece_of_an_irregular_search_holds_much_of_it" \
    "${tests[@]}" 2>&1 | tee -a "$log" || failed+=("pytest")

echo "== fuzz corpus through the CLI under the sanitizers"
for input in "$repo"/tests/fuzz_corpus/*/*; do
    command=$(basename "$(dirname "$input")")
    args=()
    case "$command" in
        knuth) command=matrix; args=(--input-format knuth --count) ;;
    esac
    status=0
    "$python" -m dlxcli "$command" "${args[@]}" --node-limit 200000 "$input" \
        >/dev/null 2>"$work/stderr" || status=$?
    cat "$work/stderr" >>"$log"
    echo "  exit $status  $command ${args[*]} ${input#"$repo"/}"
    if [ "$status" -gt 3 ] || grep -q Traceback "$work/stderr"; then
        cat "$work/stderr" >&2
        failed+=("cli ${input#"$repo"/}")
    fi
done

echo "== differential run (C twin vs Python twin), $differential_n problems"
"$python" "$repo/scripts/differential.py" --n "$differential_n" --seed 5 2>&1 \
    | tee -a "$log" || failed+=("differential")

if grep -q -e "ERROR: AddressSanitizer" -e "runtime error:" "$log"; then
    failed+=("sanitizer report (see above)")
fi
if [ "${#failed[@]}" -gt 0 ]; then
    printf 'sanitize.sh: FAILED: %s\n' "${failed[@]}" >&2
    exit 1
fi
echo "sanitize.sh: no findings"
