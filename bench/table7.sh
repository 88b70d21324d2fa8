#!/bin/sh
# Times the real synchronisation code of the GPU-consistency paper's Table 7 (../shared/suite/
# spirv-benchmarks: CAS, ticket and TTAS locks, the XF barrier, and their mutants) one row at a time, with
# each solver, and prints each row's verdict against the paper's and its time.
# Usage: [SOLVERS="z3 cvc5"] [TIMEOUT=120] [CATCHECK=./build/catcheck] bench/table7.sh   (TIMEOUT: seconds
# per row; CATCHECK: the binary, e.g. a copy, so that build/ can be rebuilt while the bench runs)
set -e
cd "$(dirname "$0")/.."
# The manifest names its files from ../shared/suite's root; `run` finds them from there.
MANIFEST=../shared/suite/spirv-benchmarks/manifest.csv
for solver in ${SOLVERS:-z3 cvc5}; do
  "${CATCHECK:-./build/catcheck}" run --manifest $MANIFEST --jobs 1 --solver $solver --timeout "${TIMEOUT:-120}" \
    --report /tmp/catcheck-table7-$solver.json > /tmp/catcheck-table7-$solver.txt || true
  python3 - "$solver" /tmp/catcheck-table7-$solver.json <<'PY'
import json, sys
solver, path = sys.argv[1], sys.argv[2]
report = json.load(open(path))
print(f"{solver}: wall {report['wall_ms'] / 1000:.1f}s (one row at a time)")
for row in report["rows"]:
    name = row["test"].split("/")[-1]
    got = row.get("result", "?") if row["status"] != "timeout" else "TIMEOUT"
    print(f"  {name:34s} bound={row['bound']:2d} expected={row['expected']:7s} got={got:7s} "
          f"{row['wall_ms']:9.1f} ms")
PY
done
