#!/usr/bin/env bash
# Builds and runs one libFuzzer target of modelgen.
#
#   Fuzz/run.sh TARGET SECONDS        TARGET: yaml (the YAML reader) or schema (loader + validator)
#   Fuzz/run.sh TARGET repro FILE     runs one input (a crash artifact) through the target
#
# The pipeline modules are compiled straight from Sources/ with swiftc
# (-sanitize=fuzzer,address), outside the package graph, into Fuzz/.work/. The corpus grows in
# Fuzz/.work/corpus-TARGET, seeded from Schemas/, the invalid-schema corpus and the hostile
# corpus on every run. Crashes land in Fuzz/.work/artifacts/. A line per run is appended to
# Fuzz/.work/runs.log. Exit status: 0 when the run ended without a finding, else libFuzzer's.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
WORK="$ROOT/Fuzz/.work"
BUILD="$WORK/build"

usage() { echo "usage: Fuzz/run.sh yaml|schema SECONDS | Fuzz/run.sh yaml|schema repro FILE" >&2; exit 64; }
[ $# -ge 2 ] || usage
TARGET=$1
case "$TARGET" in
    # In dependency order, as Package.swift declares them.
    yaml) MODULES=(ModelgenDiagnostics ModelgenFileSystem ModelgenYAML); HARNESS=FuzzYAML.swift ;;
    schema) MODULES=(ModelgenDiagnostics ModelgenFileSystem ModelgenYAML ParseWire ModelgenSchema); HARNESS=FuzzSchema.swift ;;
    *) usage ;;
esac

SWIFTC=${SWIFTC:-swiftc}
# -package-name: the modules share `package` declarations, as in the package.
FLAGS=(-O -g -parse-as-library -sanitize=fuzzer,address -swift-version 6 -package-name modelgen -I "$BUILD" -I "$ROOT/Sources/CLibYAML")

# Each module is rebuilt when one of its sources is newer than its object.
build_module() {
    local module=$1
    local object="$BUILD/$module.o"
    local sources=("$ROOT/Sources/$module"/*.swift)
    local stale=0
    [ -f "$object" ] || stale=1
    for source in "${sources[@]}"; do [ "$source" -nt "$object" ] && stale=1; done
    [ "$stale" = 0 ] && return 0
    echo "==> compiling $module" >&2
    "$SWIFTC" "${FLAGS[@]}" -wmo -module-name "$module" -emit-module -emit-module-path "$BUILD/$module.swiftmodule" \
        -c "${sources[@]}" -o "$object"
}

mkdir -p "$BUILD" "$WORK/artifacts"
for module in "${MODULES[@]}"; do build_module "$module"; done
BINARY="$BUILD/fuzz-$TARGET"
objects=()
for module in "${MODULES[@]}"; do objects+=("$BUILD/$module.o"); done
if [ ! -x "$BINARY" ] || [ "$ROOT/Fuzz/Targets/$HARNESS" -nt "$BINARY" ] || [ -n "$(find "${objects[@]}" -newer "$BINARY")" ]; then
    echo "==> linking $BINARY" >&2
    # ld.gold warns "Cannot export local symbol" for Swift metadata: harmless.
    "$SWIFTC" "${FLAGS[@]}" -module-name "Fuzz_$TARGET" "$ROOT/Fuzz/Targets/$HARNESS" "${objects[@]}" -lyaml -o "$BINARY" 2> >(grep -v "Cannot export local symbol" >&2)
fi

# Symbolising a crash can stall; reproduce a finding with `repro` to get a symbolised trace.
export ASAN_OPTIONS=${ASAN_OPTIONS:-symbolize=0:detect_leaks=1}

if [ "$2" = repro ]; then
    [ $# -eq 3 ] || usage
    ASAN_OPTIONS=symbolize=1:detect_leaks=1 exec "$BINARY" "$3"
fi

SECONDS_TO_RUN=$2
CORPUS="$WORK/corpus-$TARGET"
SEEDS="$WORK/seeds-$TARGET"
rm -rf "$SEEDS"
mkdir -p "$CORPUS" "$SEEDS"
# Seeds: every sample schema, every case of the invalid and hostile corpora.
seed_dirs=()
for dir in Schemas Tests/ModelgenSchemaTests/InvalidSchemas Tests/ModelgenCLITests/Hostile; do
    [ -d "$ROOT/$dir" ] && seed_dirs+=("$ROOT/$dir")
done
find "${seed_dirs[@]}" -type f \( -name '*.yaml' -o -name '*.yml' \) -size -64k 2>/dev/null | while read -r file; do
    cp "$file" "$SEEDS/$(echo "${file#"$ROOT"/}" | tr '/' '_')"
done

LOG="$WORK/fuzz-$TARGET-$(date +%Y%m%d-%H%M%S).log"
echo "==> fuzzing $TARGET for $SECONDS_TO_RUN s (log: ${LOG#"$ROOT"/})" >&2
status=0
# -timeout: one input taking 10 s is a hang. -rss_limit_mb: 2 GB is a memory blow-up.
timeout --signal=KILL $((SECONDS_TO_RUN + 300)) "$BINARY" "$CORPUS" "$SEEDS" \
    -dict="$ROOT/Fuzz/yaml.dict" -max_total_time="$SECONDS_TO_RUN" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -len_control=100 -print_final_stats=1 -artifact_prefix="$WORK/artifacts/$TARGET-" \
    > "$LOG" 2>&1 || status=$?

execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$LOG" | grep -o '[0-9]*$' || echo "?")
coverage=$(grep -o 'cov: [0-9]*' "$LOG" | tail -1 | grep -o '[0-9]*' || echo "?")
corpus=$(find "$CORPUS" -type f | wc -l)
findings=$(grep -c -E '^==[0-9]+==ERROR|deadly signal|Fatal error|ERROR: libFuzzer' "$LOG" || true)
line="$(date -u +%Y-%m-%dT%H:%MZ) target=$TARGET seconds=$SECONDS_TO_RUN execs=$execs cov=$coverage corpus=$corpus findings=$findings status=$status"
echo "$line" | tee -a "$WORK/runs.log"
[ "$status" = 0 ] || { echo "==> see ${LOG#"$ROOT"/} and Fuzz/.work/artifacts/" >&2; tail -40 "$LOG" >&2; }
exit "$status"
