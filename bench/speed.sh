#!/bin/sh
# Issue 12's speed targets in one run, each measurement printed beside its target:
#  1. the whole litmus manifest with `catcheck run --jobs 2`, our models and the reference models: wall time
#     (target <= 30 s), per-suite median / p90 / max per row, the median of safety and race rows (<= 3 ms) and
#     of liveness rows (<= 15 ms), and the slowest row (<= 1 s);
#  2. one `catcheck MODEL TEST` process on a small litmus test, end to end (median of 20; target <= 10 ms),
#     and beside it the start-up floor: `catcheck --help`, which loads every library a check loads (cvc5 is a
#     module loaded on first use) and checks nothing;
#  3. the thread-scaling families (bench/scaling.sh): MP, SB, LB at 200 threads (<= 0.5 s), IRIW at 80
#     (<= 1 s) and 200 threads (<= 30 s), PTX and Vulkan.
# Usage: bench/speed.sh [--quick]   (--quick: our models only, IRIW-200 left out). Needs ./build/catcheck and
# ../shared/suite beside the checkout. Times depend on the machine: 2 cores here.
set -e
cd "$(dirname "$0")/.."
QUICK=${1:-}
MANIFEST=../shared/suite/manifest.csv

suite() {  # suite NAME MODELS-DIR
  ./build/catcheck run --manifest $MANIFEST --models "$2" --jobs 2 --report "/tmp/catcheck-speed-$1.json" \
    > /dev/null || true
  python3 - "$1" "/tmp/catcheck-speed-$1.json" <<'PY'
import collections, json, statistics, sys
name, path = sys.argv[1], sys.argv[2]
report = json.load(open(path))
by_suite = collections.defaultdict(list)
for row in report["rows"]:
    by_suite[row["suite"]].append(row["times_ms"]["total"])
def stats(times):
    times = sorted(times)
    return statistics.median(times), times[min(len(times) - 1, int(0.9 * len(times)))], times[-1]
def verdict(ok):
    return "meets" if ok else "MISSES"
wall = report["wall_ms"] / 1000
print(f"litmus manifest, {name} models: {len(report['rows'])} rows in {wall:.1f} s wall "
      f"(target <= 30 s: {verdict(wall <= 30)})")
for suite in sorted(by_suite):
    median, p90, worst = stats(by_suite[suite])
    print(f"  {suite:26s} rows={len(by_suite[suite]):5d} median={median:7.1f} ms p90={p90:7.1f} ms max={worst:8.1f} ms")
liveness = [t for s, ts in by_suite.items() if "Liveness" in s for t in ts]
safety = [t for s, ts in by_suite.items() if "Liveness" not in s for t in ts]
worst = max(t for ts in by_suite.values() for t in ts)
print(f"  safety and race rows: median {statistics.median(safety):.1f} ms (target <= 3 ms: "
      f"{verdict(statistics.median(safety) <= 3)})")
print(f"  liveness rows: median {statistics.median(liveness):.1f} ms (target <= 15 ms: "
      f"{verdict(statistics.median(liveness) <= 15)})")
print(f"  slowest row: {worst:.0f} ms (target <= 1000 ms: {verdict(worst <= 1000)})")
PY
}

single() {
  python3 - <<'PY'
import statistics, subprocess, time
times = []
for _ in range(20):
    start = time.perf_counter()
    subprocess.run(["./build/catcheck", "models/ptx-v7.5.cat", "litmus/PTX/MP-release-acquire.litmus"],
                   stdout=subprocess.DEVNULL, check=False)
    times.append((time.perf_counter() - start) * 1000)
median = statistics.median(times)
print(f"single process (MP-release-acquire, ptx-v7.5): median {median:.1f} ms of 20 "
      f"(target <= 10 ms: {'meets' if median <= 10 else 'MISSES'})")
floor = []
for _ in range(20):
    start = time.perf_counter()
    subprocess.run(["./build/catcheck", "--help"], stdout=subprocess.DEVNULL, check=False)
    floor.append((time.perf_counter() - start) * 1000)
print(f"  its floor, `catcheck --help` (start-up: loading z3 and the other shared libraries, nothing checked): "
      f"median {statistics.median(floor):.1f} ms of 20")
PY
}

scaling() {  # scaling FAMILIES SIZES TARGET-MS
  bench/scaling.sh $1 -- $2 | awk -v target="$3" 'NR > 1 {
    printf "  %-5s %-7s %4d threads %9s ms  %s  (target <= %d ms: %s)\n", $1, $2, $3, $4, $5, target,
      ($4 != "timeout" && $4 <= target) ? "meets" : "MISSES" }'
}

suite own models
[ "$QUICK" = --quick ] || suite reference ../shared/suite/reference-models
single
echo "scaling families (program_spec, our models, one thread per CTA / workgroup):"
scaling "mp sb lb" 200 500
scaling iriw 80 1000
[ "$QUICK" = --quick ] || CATCHECK_TIMEOUT=60 scaling iriw 200 30000
