#!/bin/sh
# Side by side against an earlier build, so that no family gets slower unnoticed (issue 30): the
# thread-scaling families (bench/scaling.sh: MP, SB, LB at 200 threads, IRIW at 80, PTX and Vulkan) and the
# Table 7 rows (../shared/suite/spirv-benchmarks), each run by both binaries in turn (new, old, new, old ...)
# RUNS times; prints the median wall time of each, their ratio, and both verdicts (which must agree).
# Usage: bench/versus.sh BASELINE [RUNS] [--quick]
#   BASELINE: a catcheck binary, or a git revision, built once (Release, target catcheck) into
#             /tmp/catcheck-baseline-REV; RUNS: default 3; --quick: the scaling families only.
#   CATCHECK: the new binary (default ./build/catcheck). A row the old build cannot read (0901b69 reads no
#   SPIR-V) shows the new time and the old build's message instead of a ratio.
set -e
cd "$(dirname "$0")/.."
BASELINE=${1:?usage: bench/versus.sh BASELINE [RUNS] [--quick]}
RUNS=${2:-3}
QUICK=${3:-}
NEW=${CATCHECK:-./build/catcheck}

if [ ! -x "$BASELINE" ]; then
  REV=$(git rev-parse --short "$BASELINE")
  TREE=/tmp/catcheck-baseline-$REV
  if [ ! -x "$TREE/build/catcheck" ]; then
    [ -d "$TREE" ] || git worktree add --detach "$TREE" "$REV" > /dev/null
    # Older revisions may stop at GCC 12's -Wrestrict false positives under -O3: not fatal here.
    cmake -S "$TREE" -B "$TREE/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CXX_FLAGS="-Wno-error=restrict -Wno-error" > /dev/null
    cmake --build "$TREE/build" --target catcheck > /dev/null
  fi
  BASELINE=$TREE/build/catcheck
fi

DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
sh bench/scaling.sh --generate "$DIR" mp sb lb -- 200
sh bench/scaling.sh --generate "$DIR" iriw -- 80
{
  for f in "$DIR"/*.litmus; do
    model=models/ptx-v7.5.cat
    case $f in *vulkan*) model=models/vulkan.cat ;; esac
    echo "$(basename "$f" .litmus),$model,$f"
  done
  if [ "$QUICK" != "--quick" ]; then
    tail -n +2 ../shared/suite/spirv-benchmarks/manifest.csv | while IFS=, read -r _ test model _ property bound _; do
      echo "$(basename "$test" .spvasm),models/$model,../shared/suite/$test --property $property --bound $bound"
    done
  fi
} > "$DIR/rows.csv"

python3 - "$NEW" "$BASELINE" "$RUNS" "$DIR/rows.csv" <<'PY'
import statistics, subprocess, sys, time
new, old, runs, rows = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]

def run(binary, model, args):
    start = time.perf_counter()
    done = subprocess.run([binary, model] + args.split(), capture_output=True, text=True)
    verdict = next((l.split()[1] for l in done.stdout.splitlines() if l.startswith("Result:")), None)
    if verdict is None:  # an input this build does not read (an older one, before SPIR-V): its message
        verdict = "no verdict: " + (done.stderr.strip().splitlines() or ["exit %d" % done.returncode])[0]
    return time.perf_counter() - start, verdict

print(f"new: {new}\nold: {old}\n{runs} runs each, alternating; medians of wall time")
print(f"{'row':34s} {'new (s)':>9s} {'old (s)':>9s} {'new/old':>8s}  verdicts")
for line in open(rows):
    name, model, args = line.rstrip("\n").split(",", 2)
    times = {new: [], old: []}
    verdicts = {}
    for _ in range(runs):
        for binary in (new, old):
            seconds, verdicts[binary] = run(binary, model, args)
            times[binary].append(seconds)
    a, b = statistics.median(times[new]), statistics.median(times[old])
    if verdicts[old].startswith("no verdict"):
        print(f"{name:34s} {a:9.2f} {'-':>9s} {'-':>8s}  {verdicts[new]}; old: {verdicts[old]}", flush=True)
        continue
    agree = verdicts[new] if verdicts[new] == verdicts[old] else f"DIFFER new {verdicts[new]} old {verdicts[old]}"
    print(f"{name:34s} {a:9.2f} {b:9.2f} {a / b:8.2f}  {agree}", flush=True)
PY
