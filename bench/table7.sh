#!/bin/sh
# Times the real synchronisation code of the GPU-consistency paper's Table 7 (../shared/suite/
# spirv-benchmarks: CAS, ticket and TTAS locks, the XF barrier, and their mutants) one row at a time, with
# each solver, and prints each row's verdict against the paper's, its time, and issue 30's target beside it:
# every mutant's bug (a row expected to FAIL) <= 1 s, CAS lock 2x3 <= 3 s, ticket lock 2x3 <= 10 s, TTAS lock
# 2x2 <= 7 s, XF barrier 3x3 <= 1.5 s (the rows without a target are the dv2wg-4x1 variants, which are
# correct).
# Usage: [SOLVERS="z3 cvc5"] [RUNS=1] [TIMEOUT=120] [CATCHECK=./build/catcheck] bench/table7.sh
#   RUNS: runs of the whole table per solver; a row then shows the median and the spread (min-max) of its
#   times, and the target is judged on the median. TIMEOUT: seconds per row. CATCHECK: the binary, e.g. a
#   copy, so that build/ can be rebuilt while the bench runs.
set -e
cd "$(dirname "$0")/.."
# The manifest names its files from ../shared/suite's root; `run` finds them from there.
MANIFEST=../shared/suite/spirv-benchmarks/manifest.csv
for solver in ${SOLVERS:-z3 cvc5}; do
  run=1
  while [ "$run" -le "${RUNS:-1}" ]; do
    "${CATCHECK:-./build/catcheck}" run --manifest $MANIFEST --jobs 1 --solver $solver \
      --timeout "${TIMEOUT:-120}" --report /tmp/catcheck-table7-$solver-$run.json \
      > /tmp/catcheck-table7-$solver.txt || true
    run=$((run + 1))
  done
  python3 - "$solver" "${RUNS:-1}" <<'PY'
import json, statistics, sys
solver, runs = sys.argv[1], int(sys.argv[2])
reports = [json.load(open(f"/tmp/catcheck-table7-{solver}-{run}.json")) for run in range(1, runs + 1)]
targets_ms = {"caslock-2x3": 3000, "ticketlock-2x3": 10000, "ttaslock-2x2": 7000, "xf-barrier-3x3": 1500}
walls = ", ".join(f"{report['wall_ms'] / 1000:.1f}" for report in reports)
print(f"{solver}: wall {walls} s ({runs} run(s) of the table, one row at a time)")
for index, row in enumerate(reports[0]["rows"]):
    name = row["test"].split("/")[-1].removesuffix(".spvasm")
    times = [report["rows"][index]["wall_ms"] for report in reports]
    results = {r["rows"][index].get("result", "?") if r["rows"][index]["status"] != "timeout" else "TIMEOUT"
               for r in reports}
    got = "/".join(sorted(results))
    median = statistics.median(times)
    spread = f" ({min(times):.0f}-{max(times):.0f})" if runs > 1 else ""
    target = targets_ms.get(name, 1000 if row["expected"] == "FAIL" else None)
    judged = (f"target <= {target / 1000:g} s: {'meets' if median <= target and got == row['expected'] else 'MISSES'}"
              if target else "")
    print(f"  {name:28s} bound={row['bound']:2d} expected={row['expected']:5s} got={got:7s} "
          f"{median:9.1f} ms{spread}  {judged}")
PY
done
