#!/bin/sh
# The running example of issue 10 (litmus/PTX/async/wgmma-tile.litmus: a TMA producer, an MMA issuer and an
# epilogue handing work over through mbarriers) with the epilogue widened to N threads, each waiting on
# mma_done, loading the accumulator and storing its own result: bench/mbarrier-epilogue.sh [N...]
# (default 4 8 16 32). Prints, per N, the events and the wall time of one `catcheck` run per property under
# models/ptx-v8.cat. The generated tests go to a temporary folder, never into the repository.
set -e
cd "$(dirname "$0")/.."
CATCHECK=${CATCHECK:-build/catcheck}
SIZES=${*:-4 8 16 32}
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
generate() {
  n=$1
  file="$DIR/wgmma-tile-epilogue-$n.litmus"
  {
    echo "PTX wgmma-tile-epilogue-$n"
    printf '{\nA=1; B=2; sA=0; sB=0; ACC=0; full=0; mma_done=0;'
    i=0; while [ $i -lt "$n" ]; do printf ' out%d=0;' $i; i=$((i + 1)); done
    printf '\n}\n'
    row() { printf ' %s |' "$1" "$2"; i=0; while [ $i -lt "$n" ]; do printf ' %s |' "$(echo "$3" | sed "s/#/$i/g")"; i=$((i + 1)); done; echo; }
    header=" P0@cta 0,gpu 0 | P1@cta 0,gpu 0"
    i=0; while [ $i -lt "$n" ]; do header="$header | P$((i + 2))@cta 0,gpu 0"; i=$((i + 1)); done
    echo "$header ;"
    row "mbarrier.init full, 1" "" "" | sed 's/|$/;/'
    row "mbarrier.init mma_done, 1" "" "" | sed 's/|$/;/'
    row "bar.cta.sync 0" "bar.cta.sync 0" "bar.cta.sync 0" | sed 's/|$/;/'
    row "mbarrier.arrive.expect_tx full, 32768" "mbarrier.wait.parity full, 0" "mbarrier.wait.parity mma_done, 0" | sed 's/|$/;/'
    row "cp.async.bulk sA, A, 16384, full" "tcgen05.mma ACC, sA, sB" "tcgen05.ld r0, ACC" | sed 's/|$/;/'
    row "cp.async.bulk sB, B, 16384, full" "tcgen05.commit mma_done" "tcgen05.wait.ld" | sed 's/|$/;/'
    row "" "" "st.weak out#, r0" | sed 's/|$/;/'
    printf 'exists\n(P2:r0 == 0)\n'
  } > "$file"
  echo "$file"
}
printf '%-8s %-18s %10s  %s\n' threads property "time (ms)" result
for n in $SIZES; do
  file=$(generate "$n")
  for property in program_spec cat_spec termination well_synchronized; do
    start=$(date +%s%N)
    result=$("$CATCHECK" models/ptx-v8.cat "$file" --property "$property" | sed -n 's/^Result: \([A-Z]*\).*/\1/p')
    end=$(date +%s%N)
    printf '%-8s %-18s %10d  %s\n' "$((n + 2))" "$property" $(((end - start) / 1000000)) "$result"
  done
done
