#!/usr/bin/env bash
# Seeds each fuzz target's corpus with the project's fixtures (plans, twins,
# handoffs) and the plan template. Run from anywhere; corpora live in
# fuzz/corpus/<target>/ (not committed).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
for target in read_twin read_plan cell_hygiene; do
  mkdir -p "$here/corpus/$target"
  find "$here/../fixtures" "$here/../templates" -name '*.md' -print0 |
    while IFS= read -r -d '' f; do
      cp "$f" "$here/corpus/$target/$(echo "$f" | sha256sum | cut -c1-16).md"
    done
done
