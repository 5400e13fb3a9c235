#!/usr/bin/env bash
# Instructions per operation of compat/url and rust-url (callgrind), for
# the workloads of bench's `compat` binary: each run does one pass of one
# workload over one list; a run that does no pass (`none`) is subtracted.
# usage: compat/bench-callgrind.sh [WORKLOAD LIST]...   (default: all below)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench="$here/../bench"
cargo build --quiet --release --manifest-path "$bench/Cargo.toml" --bin compat
bin="$bench/target/release/compat"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if [ $# -eq 0 ]; then
    set -- parse kasztp parse userbait parse node_files parse isaacs_files parse web_links \
        join relative query_pairs "all five" parse+query_pairs "all five" set_query "all five" \
        "set_query in place" "all five"
fi
instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$bin" --count "$@" > "$out/stdout" 2> "$out/stderr"
    grep -E '^summary:' "$out/cg" | awk '{ print $2 }'
}
printf '%-18s %-13s %12s %12s %7s\n' workload list compat rust-url ratio
while [ $# -ge 2 ]; do
    workload=$1 list=$2
    shift 2
    none=$(instructions "$workload" "$list" none)
    n=$(awk '{ print $1; exit }' "$out/stdout")
    ours=$(instructions "$workload" "$list" compat)
    theirs=$(instructions "$workload" "$list" rust-url)
    awk -v w="$workload" -v l="$list" -v n="$n" -v a="$ours" -v b="$theirs" -v z="$none" \
        'BEGIN { x = (a - z) / n; y = (b - z) / n; printf "%-18s %-13s %12.0f %12.0f %7.3f\n", w, l, x, y, x / y }'
done
