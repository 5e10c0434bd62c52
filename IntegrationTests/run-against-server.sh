#!/usr/bin/env bash
# The end-to-end suite against a Parse Server outside the test process: every test talks to it
# through a ParseTestServer that forwards (so requests are recorded and faults injected as in
# process) and reads what it stores over REST with the master key. EACH TEST ERASES EVERY OBJECT
# AND CLASS ON THAT SERVER: point it only at a throwaway one. It must allow public file uploads and
# client class creation, and keep custom objectIds off and users private (.ci/parse-server.js).
#
#   MODELGEN_E2E_SERVER_URL=http://127.0.0.1:1337/parse MODELGEN_E2E_APPLICATION_ID=… \
#   MODELGEN_E2E_REST_API_KEY=… MODELGEN_E2E_MASTER_KEY=… bash run-against-server.sh
#
# Without MODELGEN_E2E_SERVER_URL it starts `parse-test-server` as that server, which is how
# .ci/run proves the remote path on every run; the `parse-server` job of ci.yml points it at npm's
# parse-server. The tests that need ParseTestServer in process (Cloud Code in Swift, data files,
# emails, allowCustomObjectId) are skipped, named, in a remote run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
server_pid=""
log="$(mktemp)"
trap '[ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true; rm -f "$log"' EXIT

if [ -z "${MODELGEN_E2E_SERVER_URL:-}" ]; then
    swift build --product parse-test-server >"$log" 2>&1 || { cat "$log"; echo "FAIL: parse-test-server does not build" >&2; exit 1; }
    export MODELGEN_E2E_APPLICATION_ID=remote-app MODELGEN_E2E_REST_API_KEY=remote-rest-key
    MODELGEN_E2E_MASTER_KEY="remote-master-$RANDOM$RANDOM"
    export MODELGEN_E2E_MASTER_KEY
    "$(swift build --show-bin-path)/parse-test-server" --port 0 --app-id "$MODELGEN_E2E_APPLICATION_ID" \
        --rest-api-key "$MODELGEN_E2E_REST_API_KEY" --master-key "$MODELGEN_E2E_MASTER_KEY" --allow-public-file-upload >"$log" 2>&1 &
    server_pid=$!
    for _ in $(seq 1 300); do grep -qs "listening at" "$log" && break; sleep 0.1; done
    MODELGEN_E2E_SERVER_URL="$(sed -n 's/^ParseTestServer listening at \([^ ]*\) .*/\1/p' "$log")"
    [ -n "$MODELGEN_E2E_SERVER_URL" ] || { cat "$log"; echo "FAIL: parse-test-server did not start" >&2; exit 1; }
    export MODELGEN_E2E_SERVER_URL
fi
echo "== the end-to-end suite against $MODELGEN_E2E_SERVER_URL"
swift test --filter ParseClientEndToEndTests
