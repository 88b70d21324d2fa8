#!/bin/sh
# Measures catcheck on suites of the reference manifest: wall time of the whole run, and median / 90th
# percentile of the per-check times, for each solver. Usage: bench/suite-times.sh [SUITE...]
# (default: PTXv6_0 PTXv7_5). Needs a built ./build/catcheck and ../shared/suite beside the checkout.
set -e
cd "$(dirname "$0")/.."
SUITES=${*:-"PTXv6_0 PTXv7_5"}
ARGS=""
for s in $SUITES; do ARGS="$ARGS --suite $s"; done
for solver in z3 cvc5; do
  ./build/catcheck run --manifest ../shared/suite/manifest.csv $ARGS --jobs 2 --solver $solver \
    --report /tmp/catcheck-bench-$solver.json > /tmp/catcheck-bench-$solver.txt || true
  python3 - "$solver" /tmp/catcheck-bench-$solver.json /tmp/catcheck-bench-$solver.txt <<'PY'
import json, sys, statistics
solver, path, summary = sys.argv[1], sys.argv[2], open(sys.argv[3]).read().strip().splitlines()[-1]
report = json.load(open(path))
times = sorted(r["times_ms"]["total"] for r in report["rows"] if r["status"] in ("agree", "disagree"))
p90 = times[min(len(times) - 1, int(0.9 * len(times)))] if times else 0
print(f"{solver:5s} checks={len(times)} wall={report['wall_ms'] / 1000:.2f}s median={statistics.median(times):.1f}ms "
      f"p90={p90:.1f}ms max={times[-1]:.1f}ms  [{summary}]")
PY
done
