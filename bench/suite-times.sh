#!/bin/sh
# Measures catcheck on suites of the reference manifest, once per solver: wall time of the whole run and,
# per suite, the median / 90th percentile / maximum time per check (from the run's JSON report).
# Usage: [MANIFEST=FILE] bench/suite-times.sh [SUITE...]   (default: every suite of the litmus manifest).
# Needs ./build/catcheck and ../shared/suite beside the checkout. Examples: bench/suite-times.sh PTXv6_0;
# MANIFEST=../shared/suite/spirv-manifest.csv bench/suite-times.sh
set -e
cd "$(dirname "$0")/.."
ARGS=""
for s in "$@"; do ARGS="$ARGS --suite $s"; done
for solver in z3 cvc5; do
  ./build/catcheck run --manifest "${MANIFEST:-../shared/suite/manifest.csv}" $ARGS --jobs 2 --solver $solver \
    --report /tmp/catcheck-bench-$solver.json > /tmp/catcheck-bench-$solver.txt || true
  python3 - "$solver" /tmp/catcheck-bench-$solver.json <<'PY'
import collections, json, statistics, sys
solver, path = sys.argv[1], sys.argv[2]
report = json.load(open(path))
by_suite = collections.defaultdict(list)
for row in report["rows"]:
    by_suite[row["suite"]].append(row["times_ms"]["total"])
everything = sorted(t for times in by_suite.values() for t in times)
def line(name, times):
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return f"  {name:26s} checks={len(times):5d} median={statistics.median(times):8.1f}ms p90={p90:8.1f}ms max={times[-1]:8.1f}ms"
print(f"{solver}: wall {report['wall_ms'] / 1000:.1f}s (2 jobs)")
for suite in sorted(by_suite):
    print(line(suite, by_suite[suite]))
print(line("all", everything))
PY
done
