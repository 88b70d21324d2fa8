#!/bin/sh
# Minimises the correct programs of the GPU-consistency paper's Table 7 (../shared/suite/spirv-benchmarks:
# CAS, ticket and TTAS locks, the XF barrier) at the paper's grid (each file's @Config) and bound (the
# benchmark manifest's), for the data-race property under the Vulkan model, one program at a time, and
# prints for each: the wall time, the number of checks, every synchronisation point with its status and the
# relaxations that break it. Then it checks the issue's claim against the mutant files: every instruction a
# mutant weakens (acq2rx: an acquire to relaxed; rel2rx: a release to relaxed; dv2wg: device scope to
# workgroup) must be reported necessary, with that very relaxation among the ones that break it.
# Usage: [SOLVER=z3] [TIMEOUT=600] [PROGRAMS="caslock ticketlock ttaslock xf-barrier"] bench/minimize-table7.sh
#        (TIMEOUT: seconds per minimisation)
set -e
cd "$(dirname "$0")/.."
SUITE=$(realpath ../shared/suite)/spirv-benchmarks
OUT=/tmp/catcheck-minimize-table7
mkdir -p $OUT
for program in ${PROGRAMS:-caslock ticketlock ttaslock xf-barrier}; do
  file=$(ls $SUITE/$program-[0-9]*x[0-9]*.spvasm)
  bound=$(grep ",spirv-benchmarks/$(basename "$file")," $SUITE/manifest.csv | cut -d, -f6)
  start=$(date +%s.%N)
  status=0
  timeout "${TIMEOUT:-600}" ./build/catcheck minimize models/vulkan.cat "$file" --property cat_spec \
    --bound "$bound" --solver "${SOLVER:-z3}" --format json > $OUT/$program.json || status=$?
  end=$(date +%s.%N)
  python3 - "$program" "$file" "$bound" "$status" "$start" "$end" $OUT/$program.json $SUITE <<'PY'
import glob, json, os, re, sys
program, file, bound, status, start, end, report, suite = sys.argv[1:]
wall = float(end) - float(start)
if status != "0":
    print(f"{program}: exit {status} after {wall:.1f} s (124: timeout)")
    sys.exit(0)
r = json.load(open(report))
print(f"{os.path.basename(file)} bound {bound}: {r['checks']} checks, {r['time_ms'] / 1000:.1f} s "
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
for mutant in sorted(glob.glob(f"{suite}/{program}-*2*x*.spvasm")):
    kind = next((k for k in wanted if k in mutant), None)
    if kind is None:
        continue
    changed = [o for o, m in zip(original, sync_instructions(mutant)) if o[2] != m[2]]
    for line, opcode, _ in changed:
        p = by_line.get(line)
        steps = [x["step"] for x in p["refused"]] if p else []
        ok = p is not None and p["status"] == "necessary" and wanted[kind] in steps
        print(f"  {os.path.basename(mutant)}: line {line} {opcode}: "
              f"{'agrees' if ok else 'DISAGREES'} ({wanted[kind]} {'breaks it' if ok else 'not reported'})")
PY
done
