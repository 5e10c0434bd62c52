#!/usr/bin/env bash
# ParseTestServer as users get it, from a package outside this repository: Examples/ServerTesting
# (an app's models and tests) depends on modelgen with the trait TestServer (by path here, by URL
# in an app) and runs ParseClient calls against ParseTestServer in its
# tests; then `swift run parse-test-server` serves on a port that curl talks to. (That
# docs/TestingParseCode.md shows the example's test file as it is, DocSnippetTests check.) .ci/run runs it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
server_pid=""
trap '[ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true; rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
pass() { echo "ok: $*"; }

app="$work/Server Testing"
mkdir -p "$app"
(cd "$root/Examples/ServerTesting" && tar -cf - --exclude=./.build .) | (cd "$app" && tar -xf -)
sed -e "s|path: \"../..\"|path: \"$root\"|" \
    "$root/Examples/ServerTesting/Package.swift" >"$app/Package.swift"
grep -q "path: \"$root\", traits: \[\"TestServer\"\]" "$app/Package.swift" || fail "the copy's Package.swift does not point at $root with the trait"
cd "$app"

echo "== the app's tests against ParseTestServer (from $app)"
swift test >"$work/test.log" 2>&1 || { cat "$work/test.log"; fail "the example's tests failed"; }
grep -q "Test run with 2 tests" "$work/test.log" || { cat "$work/test.log"; fail "the example did not run its 2 tests"; }
pass "a package outside the repository starts ParseTestServer and runs ParseClient calls against it"

echo "== swift run parse-test-server"
swift build --product parse-test-server >"$work/build.log" 2>&1 || { cat "$work/build.log"; fail "parse-test-server does not build"; }
bin="$(swift build --show-bin-path)"
"$bin/parse-test-server" --port 0 --app-id shop --master-key secret-master --data "$work/data.json" \
    >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 300); do grep -qs "listening at" "$work/server.log" && break; sleep 0.1; done
url="$(sed -n 's/^ParseTestServer listening at \([^ ]*\) .*/\1/p' "$work/server.log")"
[ -n "$url" ] || { cat "$work/server.log"; fail "parse-test-server did not say where it listens"; }
if grep -q "secret-master" "$work/server.log"; then fail "parse-test-server printed the master key"; fi
created="$(curl -s -X POST -H "X-Parse-Application-Id: shop" -H "Content-Type: application/json" -d '{"title":"Dune"}' "$url/classes/Book")"
echo "$created" | grep -q '"objectId"' || fail "creating an object answered: $created"
found="$(curl -s -H "X-Parse-Application-Id: shop" "$url/classes/Book")"
echo "$found" | grep -q '"title":"Dune"' || fail "finding it answered: $found"
refused="$(curl -s -o /dev/null -w '%{http_code}' -H "X-Parse-Application-Id: other" "$url/classes/Book")"
[ "$refused" = 403 ] || fail "a wrong application id answered $refused, not 403"
unknown="$(curl -s -w ' %{http_code}' -X POST -H "X-Parse-Application-Id: shop" "$url/push")"
case "$unknown" in *"does not implement POST /push"*" 501") ;; *) fail "an unimplemented route answered: $unknown" ;; esac
kill -INT "$server_pid"
wait "$server_pid" || fail "parse-test-server did not exit 0 on SIGINT"
server_pid=""
grep -q "ParseTestServer stopped" "$work/server.log" || fail "parse-test-server did not stop cleanly"
grep -q '"Dune"' "$work/data.json" || fail "parse-test-server did not save its data to --data"
pass "parse-test-server serves on a port, refuses a wrong app id, names what it does not implement, stops on Ctrl-C and saves its data"
"$bin/parse-test-server" --port 0 --app-id shop --data "$work/data.json" >"$work/server2.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 300); do grep -qs "listening at" "$work/server2.log" && break; sleep 0.1; done
url="$(sed -n 's/^ParseTestServer listening at \([^ ]*\) .*/\1/p' "$work/server2.log")"
[ -n "$url" ] || { cat "$work/server2.log"; fail "parse-test-server did not start again from its data"; }
found="$(curl -s -H "X-Parse-Application-Id: shop" "$url/classes/Book")"
echo "$found" | grep -q '"title":"Dune"' || fail "after a restart with --data, finding the book answered: $found"
kill -TERM "$server_pid"
wait "$server_pid" || fail "parse-test-server did not exit 0 on SIGTERM"
server_pid=""
printf 'not json' >"$work/bad.json"
if "$bin/parse-test-server" --port 0 --data "$work/bad.json" >"$work/server3.log" 2>&1; then
    fail "parse-test-server started from a file that is not its data"
fi
grep -q "is not a data file of parse-test-server" "$work/server3.log" || { cat "$work/server3.log"; fail "a bad --data file was not named"; }
[ "$(cat "$work/bad.json")" = "not json" ] || fail "a bad --data file was changed"
pass "--data: a restart finds the saved data; a file that is not one is refused and left alone"
echo "== modelgen import and drift over HTTP"
(cd "$root" && swift build --product modelgen >"$work/modelgen-build.log" 2>&1) || { cat "$work/modelgen-build.log"; fail "modelgen does not build"; }
modelgen="$(cd "$root" && swift build --show-bin-path)/modelgen"
"$bin/parse-test-server" --port 0 --app-id shop --master-key secret-master >"$work/server4.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 300); do grep -qs "listening at" "$work/server4.log" && break; sleep 0.1; done
url="$(sed -n 's/^ParseTestServer listening at \([^ ]*\) .*/\1/p' "$work/server4.log")"
[ -n "$url" ] || { cat "$work/server4.log"; fail "parse-test-server did not start for import"; }
master=(-H "X-Parse-Application-Id: shop" -H "X-Parse-Master-Key: secret-master" -H "Content-Type: application/json")
curl -s "${master[@]}" -X POST "$url/schemas/Score" -d '{"className":"Score","fields":{"points":{"type":"Number","required":true},"player":{"type":"Pointer","targetClass":"_User"}},"classLevelPermissions":{"find":{"*":true},"count":{"*":true},"get":{"*":true},"create":{"requiresAuthentication":true},"update":{"pointerFields":["player"]},"delete":{},"addField":{}}}' >"$work/created.json"
grep -q '"className":"Score"' "$work/created.json" || fail "creating the Score schema answered: $(cat "$work/created.json")"
curl -s "${master[@]}" -X PUT "$url/schemas/Score" -d '{"indexes":{"by_points":{"points":1}}}' >/dev/null
mkdir -p "$work/project"
(cd "$work/project" && PARSE_MASTER_KEY=secret-master "$modelgen" import --server "$url" --application-id shop --numbers int \
    --output Schemas/App.yaml >"$work/import.log" 2>&1) || { cat "$work/import.log"; fail "modelgen import --server failed"; }
if grep -q "secret-master" "$work/import.log" "$work/project/Schemas/App.yaml"; then fail "modelgen import printed the master key"; fi
for line in "  Score:" "      points: int!" "      player: pointer<_User>" "      - {fields: [points], name: by_points}" \
    "      create: authenticated" "      update: pointer:player"; do
    grep -qF -- "$line" "$work/project/Schemas/App.yaml" || { cat "$work/project/Schemas/App.yaml"; fail "the imported schema lacks: $line"; }
done
pass "modelgen import --server reads fields, indexes and permissions from the server, and prints no key"
(cd "$work/project" && PARSE_MASTER_KEY=secret-master "$modelgen" drift --server "$url" --application-id shop Schemas/App.yaml \
    >"$work/drift0.log" 2>&1) || { cat "$work/drift0.log"; fail "modelgen drift found drift right after import"; }
curl -s "${master[@]}" -X PUT "$url/schemas/Score" -d '{"fields":{"level":{"type":"String"}}}' >/dev/null
set +e
(cd "$work/project" && PARSE_MASTER_KEY=secret-master "$modelgen" drift --server "$url" --application-id shop Schemas/App.yaml \
    >"$work/drift2.log" 2>&1)
status=$?
set -e
[ "$status" = 2 ] || { cat "$work/drift2.log"; fail "modelgen drift exited $status after a field was added on the server, not 2"; }
grep -qxF "Score.level: the server has String, the schema has no such field" "$work/drift2.log" \
    || { cat "$work/drift2.log"; fail "modelgen drift did not name the added field"; }
kill -TERM "$server_pid"
wait "$server_pid" || true
server_pid=""
pass "modelgen drift: none right after import, exit 2 naming a field added on the server"
echo "All ParseTestServer checks passed."
