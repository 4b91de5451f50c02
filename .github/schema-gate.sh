#!/usr/bin/env bash
# The step of the schema gate action (action.yml at the root): runs `hapi-a2a
# schema-check` once for the annotations (--format github: ten per level, a
# warning counting the rest, which follow as plain log lines) and once for
# the whole report, which goes to the job summary, then sets the output
# `breaking`. Exits as the CLI does:
# 0 compatible, 1 breaking, 2 an error. The CLI is `npx hapi-a2a@VERSION`,
# or the command in HAPI_A2A when that is set.
# Reads BASE, HEAD, POLICY, DIRECTION, VERSION, GITHUB_OUTPUT and
# GITHUB_STEP_SUMMARY.
set -uo pipefail
: "${BASE:?}" "${HEAD:?}" "${GITHUB_OUTPUT:?}" "${GITHUB_STEP_SUMMARY:?}"
POLICY=${POLICY:-strict}
DIRECTION=${DIRECTION:-full}
if [ -n "${HAPI_A2A:-}" ]; then
  read -r -a cli <<<"$HAPI_A2A"
else
  cli=(npx --yes "hapi-a2a@${VERSION:-0.1.0}")
fi
args=(schema-check --base "$BASE" --head "$HEAD" --policy "$POLICY" --direction "$DIRECTION")

annotated=$(mktemp)
trap 'rm -f "$annotated"' EXIT
"${cli[@]}" "${args[@]}" --format github | tee "$annotated"
code=${PIPESTATUS[0]}
report=$("${cli[@]}" "${args[@]}" --format human 2>&1)
annotations=$(grep -c '^not annotated: ' "$annotated")
{
  echo "## Schema gate: \`$BASE\` → \`$HEAD\` ($POLICY, $DIRECTION)"
  echo
  case "$code" in
    0) echo "Compatible." ;;
    1) echo "**Breaking.**" ;;
    *) echo "**The gate could not decide** (exit $code)." ;;
  esac
  if [ "$annotations" -gt 0 ]; then
    echo
    echo "$annotations changes or problems could not be annotated (GitHub shows 10 annotations of each level per step); all are in the report below."
  fi
  echo
  echo '```text'
  printf '%s\n' "$report"
  echo '```'
} >>"$GITHUB_STEP_SUMMARY"
if [ "$code" = 1 ]; then echo "breaking=true" >>"$GITHUB_OUTPUT"; else echo "breaking=false" >>"$GITHUB_OUTPUT"; fi
exit "$code"
