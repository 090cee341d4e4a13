#!/usr/bin/env bash
# Runs the release binary over every fixture plan with the read-only
# commands and fails if any run panics (exit 101 or a signal). The test
# suite runs a debug build whose dependencies' features are unified with
# the dev-dependencies', so a release-only fault (a regex that needs
# Unicode tables the release build leaves out) shows only here.
set -uo pipefail
bin=${1:?usage: release-smoke.sh path/to/planfile}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
cd "$(dirname "${BASH_SOURCE[0]}")/.."
failed=0
runs=0
while IFS= read -r plan; do
  dir=${plan%/docs/plans/*}
  slug=$(basename "$plan" .md)
  case $slug in *.decisions) continue ;; esac
  for args in "validate $slug" "validate --format json $slug" "check $slug" \
    "decisions list $slug" "decisions resolve $slug" "phase-graph --lint $slug"; do
    for mcp in none github; do
      runs=$((runs + 1))
      # shellcheck disable=SC2086
      (cd "$dir" && PE_MCP_SERVERS=$mcp "$bin" $args >/dev/null 2>/tmp/release-smoke.err)
      rc=$?
      if [ "$rc" -ge 101 ]; then
        echo "panic (exit $rc): (cd $dir && PE_MCP_SERVERS=$mcp planfile $args)"
        sed -n 1,5p /tmp/release-smoke.err
        failed=$((failed + 1))
      fi
    done
  done
done < <(find fixtures -path '*/docs/plans/*.md' | sort)
echo "$runs runs, $failed panicked"
[ "$failed" -eq 0 ]
