#!/usr/bin/env bash
# Instructions per URL, counted by callgrind, for weburl and ada: one run of
# one timed loop per (workload, list, implementation). Instruction counts do
# not depend on the machine's noise, so they show small changes that timing
# cannot.
#
#   bench/callgrind.sh                   # parse on every list, and relative
#   bench/callgrind.sh can_parse set_host  # other workloads
#
# Writes bench/target/callgrind/<impl>-<workload>-<list>.out, and for weburl's
# parse of kasztp the annotated profile (annotate-*.txt) with its top functions.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
if ! command -v valgrind >/dev/null; then
    echo "valgrind is not installed (Debian/Ubuntu: apt-get install -y valgrind)" >&2
    exit 1
fi
cargo build --quiet --release --manifest-path "$here/Cargo.toml"
bin="$here/target/release/weburl-bench"
out="$here/target/callgrind"
mkdir -p "$out"

workloads=("$@")
[ ${#workloads[@]} -gt 0 ] || workloads=(parse relative)

lists_for() {
    case $1 in
        parse | can_parse) echo kasztp userbait node_files isaacs_files web_links hosts ;;
        relative) echo relative ;;
        set_search | set_pathname | set_host) echo kasztp userbait node_files isaacs_files web_links ;;
        *) echo "unknown workload $1" >&2; exit 2 ;;
    esac
}

# Runs one loop under callgrind; prints "<urls> <instructions>".
count() {
    local impl=$1 workload=$2 list=$3
    local file="$out/$impl-$workload-$list.out"
    local line
    line=$(valgrind --tool=callgrind --toggle-collect='*bench_measured_loop*' \
        --callgrind-out-file="$file" -q \
        "$bin" --callgrind --impl "$impl" --workload "$workload" --list "$list")
    local urls=${line##*urls=}
    urls=${urls%% *}
    echo "$urls $(awk '/^summary:/ { print $2 }' "$file")"
}

per_url() { awk -v ir="$1" -v n="$2" 'BEGIN { printf "%.0f", ir / n }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# parse, can_parse and relative are compared with ada called from C++ (ada-native),
# the other workloads with ada through the crate.
echo "| workload | list | URLs | weburl Ir/URL | ada native Ir/URL | ada Ir/URL | weburl ÷ ada native | weburl ÷ ada |"
echo "|---|---|--:|--:|--:|--:|--:|--:|"
for workload in "${workloads[@]}"; do
    # For relative, ada parses the base string for every input; weburl given
    # the base as a string does the same work.
    mine_impls=(weburl)
    [ "$workload" = relative ] && mine_impls+=(weburl-strbase)
    native=no
    case $workload in parse | can_parse | relative) native=yes ;; esac
    for list in $(lists_for "$workload"); do
        read -r _ ir_ada < <(count ada "$workload" "$list")
        ir_native=
        [ $native = yes ] && read -r _ ir_native < <(count ada-native "$workload" "$list")
        for mine in "${mine_impls[@]}"; do
            read -r urls ir_mine < <(count "$mine" "$workload" "$list")
            label=$workload
            [ "$mine" = weburl ] || label="$workload ($mine)"
            a=$(per_url "$ir_mine" "$urls")
            b=$(per_url "$ir_ada" "$urls")
            n="–" rn="–"
            if [ -n "$ir_native" ]; then
                n=$(per_url "$ir_native" "$urls")
                rn=$(ratio "$a" "$n")
            fi
            echo "| $label | $list | $urls | $a | $n | $b | $rn | $(ratio "$a" "$b") |"
        done
    done
done

# Where weburl's instructions go when parsing kasztp.
profile="$out/weburl-parse-kasztp.out"
[ -f "$profile" ] || count weburl parse kasztp >/dev/null
annotated="$out/annotate-weburl-parse-kasztp.txt"
callgrind_annotate --auto=no --threshold=100 "$profile" >"$annotated"
callgrind_annotate --auto=no --inclusive=yes --threshold=100 "$profile" >"$out/annotate-inclusive-weburl-parse-kasztp.txt"
total=$(awk '/^summary:/ { print $2 }' "$profile")
echo
echo "weburl parse kasztp: top 10 functions by own instructions (inlined code counted where it lands)"
echo
echo "| Ir | share | function |"
echo "|--:|--:|---|"
# callgrind_annotate lists "Ir (pct)  file:function [object]" once per source
# file that contributed; sum those per function.
awk -v total="$total" '
    /^ *[0-9,]+ \( *[0-9.]+%\)  / {
        ir = $1; gsub(",", "", ir)
        line = $0
        sub(/^ *[0-9,]+ \( *[0-9.]+%\)  /, "", line)
        sub(/ \[[^]]*\]$/, "", line)
        fn = line
        sub(/^[^:]*:/, "", fn)
        if (fn == "" || line ~ /PROGRAM TOTALS/) next
        sum[fn] += ir
    }
    END { for (fn in sum) printf "%d\t%s\n", sum[fn], fn }
' "$annotated" | sort -rn | head -10 |
    awk -F '\t' -v total="$total" '{ printf "| %d | %.1f%% | `%s` |\n", $1, 100 * $1 / total, $2 }'
echo
echo "Full profiles: $annotated (self) and $out/annotate-inclusive-weburl-parse-kasztp.txt"
