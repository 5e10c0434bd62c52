#!/usr/bin/env bash
# ParseTestServer as users get it, from a package outside this repository: Examples/ServerTesting
# (an app's models and tests) depends on it by path and runs ParseClient calls against it in its
# tests; then `swift run parse-test-server` serves on a port that curl talks to. (That
# docs/Testing.md shows the example's test file as it is, DocSnippetTests check.) .ci/run runs it.
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
sed -e "s|path: \"../../ParseTestServer\"|path: \"$root/ParseTestServer\"|" -e "s|path: \"../..\"|path: \"$root\"|" \
    "$root/Examples/ServerTesting/Package.swift" >"$app/Package.swift"
grep -q "path: \"$root/ParseTestServer\"" "$app/Package.swift" || fail "the copy's Package.swift does not point at $root"
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
echo "All ParseTestServer checks passed."
