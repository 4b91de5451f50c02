#!/usr/bin/env bash
# Instructions per envelope of strict `event_create` validation natively,
# beside a bare `serde_json::Value` parse of the same lines, counted by
# callgrind (exact and repeatable on a noisy machine, unlike the clock).
# `EXAMPLE=secrets_lines MODES=scan` counts the `secrets.scan` call of each
# envelope instead (its `parse` is of the same call text).
# Each mode runs over the first N and the first 2N lines; the difference over
# N is the cost of one envelope, without start-up, file reading or the
# secret automaton's one-time build.
#   bash benches/instructions.sh EVENTS.ndjson [N]
# Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:?usage: benches/instructions.sh EVENTS.ndjson [N]}
n=${2:-1000}
example=${EXAMPLE:-validate_lines}
modes=${MODES:-verdict text value}
cargo build --quiet --release --example "$example"
bin=target/release/examples/$example
count() { # count MODE LINES -> instructions
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$corpus" "$2" "$1" 2>&1 |
    sed -n 's/.*Collected : *\([0-9]*\).*/\1/p; s/.*I *refs: *\([0-9,]*\).*/\1/p' | tr -d , | tail -1
}
per() { echo $(( ($(count "$1" $((2 * n))) - $(count "$1" "$n")) / n )); }
parse=$(per parse)
printf '| mode | instructions per envelope | × the speed of a Value parse |\n|---|---:|---:|\n'
printf '| parse (`serde_json::from_str::<Value>`) | %s | 1.00 |\n' "$parse"
for mode in $modes; do
  i=$(per "$mode")
  printf '| %s | %s | %s |\n' "$mode" "$i" "$(awk -v p="$parse" -v i="$i" 'BEGIN { printf "%.2f", p / i }')"
done
