#!/usr/bin/env bash
# Builds every fuzz target and runs each for a number of inputs.
# Usage: fuzz/ci.sh [inputs per target]
# The runs use a fixed seed (FUZZ_SEED, default 1): on a fresh corpus the
# same code explores the same inputs in the same order whatever the
# machine, so a CI run cannot find what the one before it missed by running
# faster, and a failure can be replayed. Each target runs until it has
# tried its number of inputs (the table below, or the argument) or for
# FUZZ_MAX_SECONDS (default 40), whichever comes first: a slower machine
# tries a prefix of the same sequence. Long exploratory runs are
# `cargo fuzz run` (fuzz/README.md); FUZZ_SEED=0 picks a random seed.
# Needs cargo-fuzz (`cargo install cargo-fuzz`); runs on stable with no
# sanitizer. A target that finds a crash stops the script with its status;
# the input is in fuzz/artifacts/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(parse parse_with_base setters differential host percent_encoding search_params fast_path url_pattern byte_class_scan psl compat)
# About 25-37 s of each target on the development machine (measured on a
# fresh corpus: inputs grow as the corpus does, so rates fall as a run goes).
declare -A default_runs=(
    [parse]=1200000 [parse_with_base]=900000 [setters]=270000 [differential]=450000
    [host]=700000 [percent_encoding]=2500000 [search_params]=400000 [fast_path]=900000
    [url_pattern]=30000
    [byte_class_scan]=600000 [psl]=250000 [compat]=60000
)

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz is missing: cargo install cargo-fuzz" >&2
    exit 1
fi

echo "== building ${#targets[@]} fuzz targets"
cargo +stable fuzz build -s none

bash fuzz/seed_corpus.sh "${targets[@]}"

mkdir -p fuzz/target/ci-logs
for target in "${targets[@]}"; do
    runs="${1:-${default_runs[$target]}}"
    echo "== $target: $runs inputs"
    log="fuzz/target/ci-logs/$target.log"
    status=0
    cargo +stable fuzz run -s none "$target" -- \
        -dict=fuzz/dict/url.dict \
        -seed="${FUZZ_SEED:-1}" \
        -runs="$runs" \
        -max_total_time="${FUZZ_MAX_SECONDS:-40}" \
        -print_final_stats=1 >"$log" 2>&1 || status=$?
    grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec)' "$log" || true
    if [ "$status" -ne 0 ]; then
        sed -n '/panicked/,/stack backtrace/p' "$log" >&2
        echo "== $target failed (status $status); log: $log, input: fuzz/artifacts/$target/" >&2
        exit "$status"
    fi
done
echo "== all ${#targets[@]} targets ran without a failure"
