#!/bin/sh
# Kernel scale (issue 29): bench/kernels.sh [N...]   (N: block sizes of the curve, default 32 64 128 256)
# Runs the committed corpus kernels of litmus/CUDA on growing launches and prints
#  1. the curve: for the shared-memory tree reduction (reduce_tree_ok.ptx, PTX 7.5 model) and each of
#     cat_spec, termination and deterministic, one line per block size with wall time, peak memory (GNU time)
#     and verdict, then the growth exponent of time against block size fitted by least squares on log-log;
#  2. the rows of the issue's target table that the corpus has a kernel for, each beside its target:
#     the tree reduction at 64 / 256 / 1 024 threads (1 024 only with KERNELS_LARGE=1: each proof takes
#     10-15 s and about 2 GB, the FAIL row about 4 s), the reduction without its in-loop
#     __syncthreads (reduce_tree_nosync) FAIL, and the mbarrier pipeline of mbar_pipeline_ok (2 warps x 4
#     items) for every property; with KERNELS_LARGE=1 also bench/kernels/mbar_pipeline_4w8 (4 warps, two
#     pairs x 8 items) for every property;
#  3. tcgen05_mma_ok (one tcgen05.mma read back through tensor memory) at one warp and one warpgroup.
# A run over CATCHECK_TIMEOUT seconds (default 300) prints "timeout". Numbers go into closing notes, never
# into tests.
set -e
cd "$(dirname "$0")/.."
CATCHECK=${CATCHECK:-build/catcheck}
TIMEOUT=${CATCHECK_TIMEOUT:-300}
SIZES=${*:-32 64 128 256}
K=litmus/CUDA
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT

# run LABEL TARGET ARGS...: one catcheck run; prints "LABEL  seconds  MB  verdict  (target)" and leaves the
# seconds in $SECONDS_TAKEN.
run() {
  label=$1 target=$2
  shift 2
  if /usr/bin/time -f "%e %M" -o "$OUT.time" timeout "$TIMEOUT" "$CATCHECK" "$@" > "$OUT" 2>&1; then :; fi
  verdict=$(sed -n 's/^Result: \([A-Z]*\).*/\1/p' "$OUT" | head -1)
  [ -n "$verdict" ] || verdict=$(grep -q "Command exited with non-zero status 124" "$OUT.time" && echo timeout || echo error)
  set -- $(tail -1 "$OUT.time")
  SECONDS_TAKEN=$1
  printf '%-52s %8.2f s %7d MB  %-8s %s\n' "$label" "$1" $(($2 / 1024)) "$verdict" "$target"
}

reduction() {  # reduction FILE THREADS PROPERTY
  echo "$K/$1" --grid 1 --block "$2" --arg "0=buffer:$((4 * $2)):any" --arg 1=buffer:4 --bound 7 --property "$3"
}

echo "== curve: tree reduction (reduce_tree_ok.ptx, ptx-v7.5.cat, bound 7), time and peak memory by block size"
for property in cat_spec termination deterministic; do
  points=""
  for n in $SIZES; do
    # shellcheck disable=SC2046
    run "$property, block $n" "" models/ptx-v7.5.cat $(reduction reduce_tree_ok.ptx "$n" "$property")
    points="$points $n:$SECONDS_TAKEN"
  done
  echo "$points" | tr ' ' '\n' | awk -F: -v p="$property" 'NF == 2 && $2 > 0 {
      x = log($1); y = log($2); n++; sx += x; sy += y; sxx += x * x; sxy += x * y }
    END { if (n > 1) printf "%s: time grows as block^%.2f\n", p, (n * sxy - sx * sy) / (n * sxx - sx * sx) }'
done

echo "== targets (issue 29)"
for n in 64 256; do
  target=$([ "$n" = 64 ] && echo "<= 1 s" || echo "<= 10 s")
  for property in cat_spec termination deterministic; do
    [ "$property" = cat_spec ] && t="$target" || t="within 3x of cat_spec"
    # shellcheck disable=SC2046
    run "reduction $n threads, $property" "$t" models/ptx-v7.5.cat $(reduction reduce_tree_ok.ptx "$n" "$property")
  done
done
if [ "${KERNELS_LARGE:-0}" = 1 ]; then
  # shellcheck disable=SC2046
  run "reduction 1024 threads, cat_spec" "<= 60 s, <= 4 GiB" models/ptx-v7.5.cat \
    $(reduction reduce_tree_ok.ptx 1024 cat_spec)
  for property in termination deterministic; do
    # shellcheck disable=SC2046
    run "reduction 1024 threads, $property" "within 3x of cat_spec, <= 4 GiB" models/ptx-v7.5.cat \
      $(reduction reduce_tree_ok.ptx 1024 "$property")
  done
  # shellcheck disable=SC2046
  run "reduction without __syncthreads, 1024 threads, FAIL" "<= 5 s" models/ptx-v7.5.cat \
    $(reduction reduce_tree_nosync.ptx 1024 cat_spec)
fi
# shellcheck disable=SC2046
run "reduction without __syncthreads, 256 threads, FAIL" "(1 024: <= 5 s)" models/ptx-v7.5.cat \
  $(reduction reduce_tree_nosync.ptx 256 cat_spec)
for property in cat_spec termination deterministic well_synchronized; do
  run "mbarrier pipeline 2 warps x 4 items, $property" "<= 2 s" models/ptx-v8.cat "$K/mbar_pipeline_ok.ptx" \
    --grid 1 --block 64 --arg 0=buffer:16:any --arg 1=buffer:16 --property "$property"
done
if [ "${KERNELS_LARGE:-0}" = 1 ]; then
  for property in cat_spec termination deterministic well_synchronized; do
    run "mbarrier pipeline 4 warps x 8 items, $property" "<= 20 s" models/ptx-v8.cat \
      bench/kernels/mbar_pipeline_4w8.ptx --grid 1 --block 128 --arg 0=buffer:64:any --arg 1=buffer:64 \
      --property "$property"
  done
fi

echo "== the same reduction in GLSL through SPIR-V (issue 29's starting table; models/vulkan.cat, every input 1)"
# litmus/SPIRV/reduction/reduce-tree-ok.comp at N invocations, generated here (glslangValidator, spirv-dis).
glsl_reduction() {  # glsl_reduction N -> the .spvasm path
  dir=$(mktemp -d)
  sed "s/16/$1/g; s/s = 8/s = $(($1 / 2))/" litmus/SPIRV/reduction/reduce-tree-ok.comp > "$dir/r.comp"
  glslangValidator -V --target-env vulkan1.1 "$dir/r.comp" -o "$dir/r.spv" > /dev/null
  ones=$(python3 -c "print(', '.join(['1'] * $1))")
  { echo "; @Config: $1, 1, 1"; echo "; @Input: %inb = {{$ones}}"; echo "; @Output: forall (%outb[0] == $1)"
    spirv-dis "$dir/r.spv"; } > "$dir/r.spvasm"
  echo "$dir/r.spvasm"
}
for n in 16 64 256; do
  file=$(glsl_reduction "$n")
  steps=$(python3 -c "import math; print(int(math.log2($n)) + 1)")
  for property in program_spec cat_spec deterministic termination; do
    run "GLSL reduction $n invocations, $property" "" models/vulkan.cat "$file" --bound "$steps" \
      --property "$property"
  done
  rm -rf "$(dirname "$file")"
done

echo "== tcgen05 (issue 28; no target): one mma of M 64 x N 8 x K 16 read back by every thread"
mma() {  # mma THREADS PROPERTY
  echo "$K/tcgen05_mma_ok.ptx" --grid 1 --block "$1" --arg 0=buffer:2048:any --arg 1=buffer:256:any \
    --arg 2=buffer:2048 --property "$2"
}
for property in cat_spec memory_safety termination; do
  # shellcheck disable=SC2046
  run "tcgen05 mma, 1 warp, $property" "" models/ptx-v8.cat $(mma 32 "$property")
done
# shellcheck disable=SC2046
run "tcgen05 mma, 4 warps (one warpgroup), cat_spec" "" models/ptx-v8.cat $(mma 128 cat_spec)
