#!/usr/bin/env bash
# Builds every fuzz target and runs each for a time budget.
# Usage: fuzz/ci.sh [seconds per target]   (default 30)
# The runs use a fixed seed (FUZZ_SEED, default 1): the same code explores
# the same inputs in the same order, so a CI failure can be replayed; set
# FUZZ_SEED=0 for a fresh random seed.
# Needs cargo-fuzz (`cargo install cargo-fuzz`); runs on stable with no
# sanitizer. A target that finds a crash stops the script with its status;
# the input is in fuzz/artifacts/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."

budget="${1:-30}"
targets=(parse parse_with_base setters differential host percent_encoding search_params fast_path)

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz is missing: cargo install cargo-fuzz" >&2
    exit 1
fi

echo "== building ${#targets[@]} fuzz targets"
cargo +stable fuzz build -s none

bash fuzz/seed_corpus.sh "${targets[@]}"

mkdir -p fuzz/target/ci-logs
for target in "${targets[@]}"; do
    echo "== $target: ${budget}s"
    log="fuzz/target/ci-logs/$target.log"
    status=0
    cargo +stable fuzz run -s none "$target" -- \
        -dict=fuzz/dict/url.dict \
        -seed="${FUZZ_SEED:-1}" \
        -max_total_time="$budget" \
        -print_final_stats=1 >"$log" 2>&1 || status=$?
    grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec)' "$log" || true
    if [ "$status" -ne 0 ]; then
        sed -n '/panicked/,/stack backtrace/p' "$log" >&2
        echo "== $target failed (status $status); log: $log, input: fuzz/artifacts/$target/" >&2
        exit "$status"
    fi
done
echo "== all ${#targets[@]} targets ran ${budget}s without a failure"
