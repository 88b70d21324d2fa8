#!/bin/sh
# Minimises the correct programs of the GPU-consistency paper's Table 7 (../shared/suite/spirv-benchmarks:
# CAS, ticket and TTAS locks, the XF barrier) at the paper's grid (each file's @Config) and bound (the
# benchmark manifest's), for the data-race property under the Vulkan model, one program at a time, and
# prints for each: the wall time, the number of checks, every synchronisation point with its status and the
# relaxations that break it. Then it checks the answer against each mutant the paper finds racy (acq2rx: an
# acquire to relaxed; rel2rx: a release to relaxed; dv2wg: device scope to workgroup, every atomic at once):
# some instruction the mutant changes must be reported necessary, with that very relaxation among the ones
# that break it. A dv2wg mutant narrows all scopes together; minimize narrows one at a time, so an
# instruction whose scope alone may be narrowed is listed as such.
# Usage: [SOLVER=z3] [TIMEOUT=600] [PROGRAMS="caslock ticketlock ttaslock xf-barrier"] [CONFIG=T,S,W]
#        [BOUND=K] [CATCHECK=./build/catcheck] bench/minimize-table7.sh
#        (TIMEOUT: seconds per minimisation; CONFIG / BOUND: a smaller grid or bound than the paper's, for a
#        quick run: at the paper's sizes one check of a correct lock takes minutes)
# Measured on 2026-12-01 (2 shared cores, load about 9, z3), CONFIG=1,1,2 (one invocation in each of two
# workgroups) at the paper's bounds (BOUND=4 for the XF barrier): ticket lock 12 checks 2.3 s, CAS lock 6
# checks 195 s, TTAS lock 7 checks 8.6 s, XF barrier 19 checks 1.1 s; every racy mutant agrees.
# Measured on 2026-12-02 at the paper's grids and bounds (a fuzzer on the other core): CAS lock 2x3 bound 2,
# 6 checks in 29.3 s, both points necessary, agreeing with its three mutants. XF barrier 3x3 bound 9: no
# answer within 20 minutes (TIMEOUT=1200); its first pass (27 checks, `-v` logs each) found every barrier
# removal and every device -> workgroup narrowing breaking cat_spec, and the workgroup -> subgroup
# narrowings holding (at 3x3 a workgroup is one subgroup); single checks there take 1 s to 2 minutes.
# Measured on 2026-12-02 after the closure encoding from below and z3's second search (two fuzzers and the
# cvc5 Table 7 run on the same 2 cores), TIMEOUT=2400: CAS lock 2x3 6 checks 20.9 s; ticket lock 2x3 bound 1
# 12 checks 370.5 s (every device scope necessary but the unlock's relaxed load of the owner, which may
# narrow to subgroup); TTAS lock 2x2 bound 4 7 checks 58.3 s; every racy mutant agrees. XF barrier 3x3
# bound 9: no answer within 40 minutes.
# Measured on 2026-12-02 once checks look for witnesses at smaller bounds first (check/Check.h; a PTX fuzzer
# on the other core), TIMEOUT=2400: CAS lock 6 checks 17.0 s; ticket lock 12 checks 232.2 s; TTAS lock 7
# checks 51.2 s; XF barrier 3x3 bound 9 55 checks 84.1 s: all four barriers necessary (removal breaks
# cat_spec) with their workgroup scopes narrowed to subgroup (at 3x3 a workgroup is one subgroup), every
# device scope and every acquire and release necessary; every racy mutant agrees. At grid 1,3,3 (three
# subgroups per workgroup) the XF barrier itself races under both model sets, so `--also 1,3,3` stops there.
set -e
cd "$(dirname "$0")/.."
SUITE=$(realpath ../shared/suite)/spirv-benchmarks
OUT=/tmp/catcheck-minimize-table7
mkdir -p $OUT
for program in ${PROGRAMS:-caslock ticketlock ttaslock xf-barrier}; do
  file=$(ls $SUITE/$program-[0-9]*x[0-9]*.spvasm)
  bound=${BOUND:-$(grep ",spirv-benchmarks/$(basename "$file")," $SUITE/manifest.csv | cut -d, -f6)}
  start=$(date +%s.%N)
  status=0
  timeout "${TIMEOUT:-600}" "${CATCHECK:-./build/catcheck}" minimize models/vulkan.cat "$file" --property cat_spec \
    --bound "$bound" ${CONFIG:+--config $CONFIG} --solver "${SOLVER:-z3}" --format json > $OUT/$program.json \
    || status=$?
  end=$(date +%s.%N)
  python3 - "$program" "$file" "$bound" "$status" "$start" "$end" $OUT/$program.json $SUITE "${CONFIG:-@Config}" <<'PY'
import glob, json, os, re, sys
program, file, bound, status, start, end, report, suite, grid = sys.argv[1:]
wall = float(end) - float(start)
if status != "0":
    print(f"{program}: exit {status} after {wall:.1f} s (124: timeout)")
    sys.exit(0)
r = json.load(open(report))
print(f"{os.path.basename(file)} grid {grid} bound {bound}: {r['checks']} checks, {r['time_ms'] / 1000:.1f} s "
      f"(wall {wall:.1f} s); verifies: {r['verifies']}")
for p in r["points"]:
    print(f"  line {p['line']:4d} {p['instruction']:60s} {p['status']}"
          + (f" -> {p['final']}" if p['status'] == 'relaxed' else ""))
    for x in p["refused"]:
        only = " (holds at the main size only)" if x["holds_at_main_size_only"] else ""
        print(f"       {x['step']}: breaks {x['breaks']['property']}{only}")

# The synchronisation instructions of a module in order, with their scope and semantics values resolved.
def sync_instructions(path):
    lines = open(path).read().split("\n")
    constants = {}
    for line in lines:
        m = re.match(r"\s*(%\w+) = OpConstant %\w+ (\d+)", line)
        if m:
            constants[m.group(1)] = int(m.group(2))
    result = []
    for number, line in enumerate(lines, 1):
        code = line.split(";")[0].split()
        if "=" in code:
            code = code[code.index("=") + 1:]
        if code and (code[0].startswith("OpAtomic") or code[0] in ("OpControlBarrier", "OpMemoryBarrier")):
            result.append((number, code[0], [constants.get(w) for w in code[1:]]))
    return result

wanted = {"acq2rx": "semantics Acquire -> relaxed", "rel2rx": "semantics Release -> relaxed",
          "dv2wg": "scope Device -> Workgroup"}
original = sync_instructions(file)
by_line = {p["line"]: p for p in r["points"]}
manifest = open(f"{suite}/manifest.csv").read()
for mutant in sorted(glob.glob(f"{suite}/{program}-*2*x*.spvasm")):
    kind = next((k for k in wanted if k in mutant), None)
    if kind is None or f"{os.path.basename(mutant)},vulkan.cat,VULKAN,cat_spec" not in manifest:
        continue
    if not re.search(re.escape(os.path.basename(mutant)) + r",.*,FAIL\n", manifest):
        continue  # a mutant the paper finds correct (dv2wg in one workgroup): nothing to explain
    changed = [o for o, m in zip(original, sync_instructions(mutant)) if o[2] != m[2]]
    breaking = [line for line, _, _ in changed
                if line in by_line and by_line[line]["status"] == "necessary"
                and wanted[kind] in [x["step"] for x in by_line[line]["refused"]]]
    lines = [line for line, _, _ in changed]
    print(f"  {os.path.basename(mutant)} ({kind} at line(s) {lines}): {wanted[kind]} breaks line(s) {breaking}: "
          f"{'agrees' if breaking else 'DISAGREES'}"
          + (f"; alone, line(s) {sorted(set(lines) - set(breaking))} may be relaxed so" if len(breaking) < len(lines) else ""))
PY
done
