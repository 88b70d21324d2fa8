#!/bin/sh
# Runs one libFuzzer target for SECONDS: bench/fuzz.sh TARGET SECONDS [JOBS]   (TARGET: cat ptx vulkan spirv csv)
# Configures and builds build-fuzz (clang-14, -DCATCHECK_FUZZ=ON: libFuzzer + ASan + UBSan) when needed,
# gathers a seed corpus for the target from ../shared/suite and our own tests and models (copied into
# build-fuzz/seeds/TARGET, never into the repository), keeps what the fuzzer learns in build-fuzz/corpus/TARGET
# and writes any crash, leak or timeout input to build-fuzz/finds/TARGET/. Ends with the run's executions,
# executions per second and coverage (libFuzzer's `cov:` edges and `ft:` features). Every find, once fixed,
# goes into tests/bad-input/ with its expected message, so the normal test run replays it.
# FUZZ_TIMEOUT (seconds, default 10) is libFuzzer's per-input limit, in wall time: raise it when the run
# shares the machine (at nice 19 beside a test run, an input of 0.5 s CPU passed 10 s of wall time).
set -e
cd "$(dirname "$0")/.."
TARGET=$1
SECONDS_TO_RUN=${2:-60}
SUITE=../shared/suite
BUILD=build-fuzz
case "$TARGET" in
  cat) SEEDS="models $SUITE/reference-models tests/bad-input/cat"; PATTERN='*.cat' ;;
  ptx) SEEDS="litmus/PTX $SUITE/litmus/PTX tests/bad-input/ptx"; PATTERN='*.litmus' ;;
  ptx-kernel) SEEDS="litmus/CUDA"; PATTERN='*.ptx' ;;
  vulkan) SEEDS="$SUITE/litmus/VULKAN tests/bad-input/vulkan"; PATTERN='*.litmus' ;;
  spirv) SEEDS="$SUITE/spirv tests/bad-input/spirv"; PATTERN='*.spvasm' ;;
  csv) SEEDS="$SUITE litmus tests/bad-input/manifest tests/bad-input/dat3m"; PATTERN='*.csv' ;;
  *) echo "usage: bench/fuzz.sh cat|ptx|ptx-kernel|vulkan|spirv|csv SECONDS" >&2; exit 2 ;;
esac
if [ ! -x "$BUILD/tests/fuzz/fuzz_$TARGET" ]; then
  [ -f "$BUILD/CMakeCache.txt" ] || cmake -S . -B "$BUILD" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 \
    -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only" -DCATCHECK_FUZZ=ON
  nice -n 5 cmake --build "$BUILD" --target "fuzz_$TARGET"
fi
rm -rf "$BUILD/seeds/$TARGET"
mkdir -p "$BUILD/seeds/$TARGET" "$BUILD/corpus/$TARGET" "$BUILD/finds/$TARGET"
for dir in $SEEDS; do
  [ -d "$dir" ] || continue
  find "$dir" -name "$PATTERN" -type f -size -64k | while read -r f; do
    cp "$f" "$BUILD/seeds/$TARGET/$(echo "$f" | sed 's|^[./]*||' | tr '/' '_')"
  done
done
echo "fuzz_$TARGET: $(ls "$BUILD/seeds/$TARGET" | wc -l) seeds, $SECONDS_TO_RUN s"
LOG="$BUILD/finds/$TARGET/fuzz.log"
# The models directory is found through CATCHECK_MODELS_DIR (an `include` in a fuzzed model reads it).
CATCHECK_MODELS_DIR="$PWD/models" ASAN_OPTIONS=detect_leaks=1 "$BUILD/tests/fuzz/fuzz_$TARGET" \
  -max_total_time="$SECONDS_TO_RUN" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -max_len=16384 \
  -dict="tests/fuzz/$TARGET.dict" -artifact_prefix="$BUILD/finds/$TARGET/" -print_final_stats=1 \
  "$BUILD/corpus/$TARGET" "$BUILD/seeds/$TARGET" > "$LOG" 2>&1 || status=$?
grep -E '^#[0-9]+.*(DONE|cov:)' "$LOG" | tail -1
grep -E 'stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$LOG" || true
ls "$BUILD/finds/$TARGET" | grep -v fuzz.log || echo "no finds"
exit ${status:-0}
