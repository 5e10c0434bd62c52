#!/usr/bin/env bash
# The three ways in, proven from Examples/Consumer as a user's package would use them:
# the build-tool plugin (runs when inputs change, never on a no-change build), the command
# plugin (writes the same bytes as `modelgen gen`), and `modelgen check` (2 when stale, 0 when fresh).
# Run from anywhere after `swift build` of the root package; .ci/run runs it after `swift test`.
#
# The consumer runs from a copy in a folder named `My Shop é`: a space and an accent in the
# path, as in `~/Documents/My App` on a Mac, must reach modelgen intact through both plugins.
# The script sticks to POSIX tools (no GNU-only `sed -i`), so it runs on macOS as well.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
modelgen="${MODELGEN:-$root/.build/debug/modelgen}"
logs="$(mktemp -d)"
work="$(mktemp -d)"
trap 'rm -rf "$logs" "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
pass() { echo "ok: $*"; }

consumer="$work/My Shop é"
mkdir -p "$consumer"
(cd "$root/Examples/Consumer" && tar -cf - --exclude=./.build .) | (cd "$consumer" && tar -xf -)
# The copy depends on this checkout by its absolute path instead of `../..`.
sed "s|path: \"../..\"|path: \"$root\"|" "$root/Examples/Consumer/Package.swift" >"$consumer/Package.swift"
grep -q "path: \"$root\"" "$consumer/Package.swift" || fail "the copy's Package.swift does not point at $root"
cd "$consumer"
echo "== from $consumer"

echo "== build-tool plugin"
rm -rf .build
swift build >"$logs/1.log" 2>&1 || { cat "$logs/1.log"; fail "the consumer does not build"; }
grep -q "modelgen: generating models of ShopModels" "$logs/1.log" || fail "the first build did not run modelgen"
if grep -E "warning:|error:" "$logs/1.log" | grep -v "/.build/checkouts/" | grep -q .; then
    grep -E "warning:|error:" "$logs/1.log"; fail "the consumer build has warnings"
fi
pass "a clean build generates ShopModels and has no warnings"
# SwiftPM reruns a build command once on the first no-change build after a clean one (see
# docs/Plugins.md); from then on a no-change build must not run modelgen.
swift build >"$logs/2.log" 2>&1
swift build >"$logs/3.log" 2>&1
if grep -q "modelgen: generating" "$logs/3.log"; then cat "$logs/3.log"; fail "a no-change build ran modelgen"; fi
pass "a no-change build runs modelgen zero times"
touch Sources/ShopModels/Shop.yaml
swift build >"$logs/4.log" 2>&1
grep -q "modelgen: generating models of ShopModels" "$logs/4.log" || { cat "$logs/4.log"; fail "touching the schema did not rerun modelgen"; }
pass "touching the schema reruns modelgen"
touch Sources/ShopModels/modelgen.yml
swift build >"$logs/5.log" 2>&1
grep -q "modelgen: generating models of ShopModels" "$logs/5.log" || fail "touching the config did not rerun modelgen"
pass "touching the config reruns modelgen"

echo "== consumer tests"
swift test >"$logs/test.log" 2>&1 || { cat "$logs/test.log"; fail "the consumer's tests failed"; }
pass "the consumer's tests pass"

echo "== command plugin"
"$modelgen" gen --quiet --config modelgen.yml --output "$logs/expected"
rm -rf Sources/CommittedModels/Generated
swift package --allow-writing-to-package-directory generate-models >"$logs/plugin.log" 2>&1 || { cat "$logs/plugin.log"; fail "generate-models failed"; }
diff -r "$logs/expected" Sources/CommittedModels/Generated || fail "the command plugin wrote other bytes than modelgen gen"
pass "the command plugin writes the same bytes as modelgen gen"
diff -r "$root/Examples/Consumer/Sources/CommittedModels/Generated" Sources/CommittedModels/Generated \
    || fail "the committed models in Examples/Consumer are stale"
pass "the committed models are what the plugin writes"

echo "== modelgen check"
mkdir -p "$logs/project"
cp -R modelgen.yml Schemas Sources "$logs/project/"
cd "$logs/project"
"$modelgen" check >"$logs/check0.log" 2>&1 || fail "check on fresh output did not exit 0"
awk '{ print } /^      body: string$/ { print "      views: int" }' Schemas/Blog.yaml >"$logs/Blog.yaml"
mv "$logs/Blog.yaml" Schemas/Blog.yaml
grep -q "^      views: int$" Schemas/Blog.yaml || fail "the schema edit did not apply"
set +e; "$modelgen" check >"$logs/check2.log" 2>&1; status=$?; set -e
[ "$status" = 2 ] || { cat "$logs/check2.log"; fail "check after a schema edit exited $status, not 2"; }
grep -q "^+    public var views: Int?" "$logs/check2.log" || { cat "$logs/check2.log"; fail "check printed no readable diff"; }
"$modelgen" gen --quiet
"$modelgen" check >/dev/null || fail "check after gen did not exit 0"
pass "check: 0 when fresh, 2 with a diff after a schema edit, 0 after gen"
echo "All consumer checks passed."
