#!/bin/sh
# Thread-scaling families of issue 12, generated (never stored): bench/scaling.sh [FAMILY...] [-- N...]
# FAMILY: mp sb lb iriw (default all), N: thread counts (default 20 40 80 120 160 200). One thread per CTA
# (PTX) or workgroup (Vulkan), every location its own:
#   mp    a release/acquire chain: P0 writes data and releases f0, P_i acquires f_(i-1) and releases f_i, the
#         last thread acquires and reads data (exists: flag seen, data stale);
#   sb    a ring: P_i stores x_i and loads x_(i+1) (exists: every load reads 0);
#   lb    a ring: P_i loads x_i and stores x_(i+1) (exists: every load reads 1);
#   iriw  n/2 writers each store their own location; n/2 readers each load every location, reader k starting
#         at location k (exists: each reader sees its first location written and its second not).
# Prints one line per family, dialect and N: wall time of one `catcheck` run (program_spec, our models) and its
# verdict; a run over CATCHECK_TIMEOUT seconds (default 120) prints "timeout". With `--generate DIR` first, it
# only writes the tests into DIR as FAMILY-DIALECT-N.litmus (bench/versus.sh runs them).
set -e
cd "$(dirname "$0")/.."
CATCHECK=${CATCHECK:-build/catcheck}
TIMEOUT=${CATCHECK_TIMEOUT:-120}
FAMILIES=""
SIZES=""
GENERATE=""
if [ "${1:-}" = "--generate" ]; then GENERATE=$2; shift 2; fi
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then shift; SIZES="$*"; break; fi
  FAMILIES="$FAMILIES $1"; shift
done
FAMILIES=${FAMILIES:-mp sb lb iriw}
SIZES=${SIZES:-20 40 80 120 160 200}
if [ -n "$GENERATE" ]; then
  DIR=$GENERATE
  mkdir -p "$DIR"
else
  DIR=$(mktemp -d)
  trap 'rm -rf "$DIR"' EXIT
fi

# Instruction spellings per dialect: release store, acquire load, relaxed store, relaxed load, placement.
rel() { if [ "$D" = ptx ]; then echo "st.release.gpu $1, $2"; else echo "st.atom.rel.dv.sc0.semsc0 $1, $2"; fi; }
acq() { if [ "$D" = ptx ]; then echo "ld.acquire.gpu $1, $2"; else echo "ld.atom.acq.dv.sc0.semsc0 $1, $2"; fi; }
rst() { if [ "$D" = ptx ]; then echo "st.relaxed.gpu $1, $2"; else echo "st.atom.dv.sc0 $1, $2"; fi; }
rld() { if [ "$D" = ptx ]; then echo "ld.relaxed.gpu $1, $2"; else echo "ld.atom.dv.sc0 $1, $2"; fi; }
place() { if [ "$D" = ptx ]; then echo "P$1@cta $1,gpu 0"; else echo "P$1@sg 0, wg $1, qf 0"; fi; }

# cell T ROW: the instruction of thread T in row ROW for family F and size N ("" for none).
cell() {
  t=$1; row=$2
  case $F in
    mp)
      if [ "$t" -eq 0 ]; then
        [ "$row" -eq 0 ] && rst data 1; [ "$row" -eq 1 ] && rel f0 1
      elif [ "$t" -lt $((N - 1)) ]; then
        [ "$row" -eq 0 ] && acq r0 "f$((t - 1))"; [ "$row" -eq 1 ] && rel "f$t" r0
      else
        [ "$row" -eq 0 ] && acq r0 "f$((t - 1))"; [ "$row" -eq 1 ] && rld r1 data
      fi ;;
    sb) [ "$row" -eq 0 ] && rst "x$t" 1; [ "$row" -eq 1 ] && rld r0 "x$(((t + 1) % N))" ;;
    lb) [ "$row" -eq 0 ] && rld r0 "x$t"; [ "$row" -eq 1 ] && rst "x$(((t + 1) % N))" 1 ;;
    iriw)
      half=$((N / 2))
      if [ "$t" -lt "$half" ]; then
        [ "$row" -eq 0 ] && rst "x$t" 1
      elif [ "$row" -lt "$half" ]; then
        rld "r$row" "x$(((t - half + row) % half))"
      fi ;;
  esac
  return 0
}

rows() { if [ "$F" = iriw ]; then echo $((N / 2)); else echo 2; fi; }

condition() {
  case $F in
    mp) echo "(P$((N - 1)):r0 == 1 /\\ P$((N - 1)):r1 == 0)" ;;
    sb | lb)
      v=0; [ "$F" = lb ] && v=1
      c=""; t=0
      while [ $t -lt "$N" ]; do c="$c${c:+ /\\ }P$t:r0 == $v"; t=$((t + 1)); done
      echo "($c)" ;;
    iriw)
      c=""; t=$((N / 2))
      while [ $t -lt "$N" ]; do c="$c${c:+ /\\ }P$t:r0 == 1 /\\ P$t:r1 == 0"; t=$((t + 1)); done
      echo "($c)" ;;
  esac
}

generate() {
  file="$DIR/$F-$D-$N.litmus"
  {
    if [ "$D" = ptx ]; then echo "PTX $F-$N"; else echo "VULKAN $F-$N"; fi
    echo "{"; echo "}"
    header=""; t=0
    while [ $t -lt "$N" ]; do header="$header${header:+ | }$(place $t)"; t=$((t + 1)); done
    echo "$header ;"
    row=0
    while [ $row -lt "$(rows)" ]; do
      line=""; t=0
      while [ $t -lt "$N" ]; do line="$line${t:+}$( [ $t -gt 0 ] && printf ' | ')$(cell $t $row)"; t=$((t + 1)); done
      echo "$line ;"
      row=$((row + 1))
    done
    echo "exists"
    condition
  } > "$file"
  echo "$file"
}

if [ -n "$GENERATE" ]; then
  for F in $FAMILIES; do for D in ptx vulkan; do for N in $SIZES; do generate > /dev/null; done; done; done
  exit 0
fi

printf '%-6s %-7s %8s %12s  %s\n' family dialect threads "time (ms)" result
for F in $FAMILIES; do
  for D in ptx vulkan; do
    model=models/ptx-v7.5.cat; [ "$D" = vulkan ] && model=models/vulkan.cat
    for N in $SIZES; do
      file=$(generate)
      start=$(date +%s%N)
      result=$(timeout "$TIMEOUT" "$CATCHECK" "$model" "$file" 2>&1 | sed -n 's/^Result: \([A-Z]*\).*/\1/p') || true
      end=$(date +%s%N)
      [ -z "$result" ] && result=timeout
      printf '%-6s %-7s %8d %12d  %s\n' "$F" "$D" "$N" $(((end - start) / 1000000)) "$result"
    done
  done
done
