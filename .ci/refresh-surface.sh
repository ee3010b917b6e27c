#!/usr/bin/env bash
# After public items were added or removed on purpose (a merge): record the root's public names
# again (tests/it/surface.txt, see tests/it/surface.rs), show what changed, and list every public
# item still missing its doc sentence (#![warn(missing_docs)]; CI's clippy -D warnings denies them).
set -euo pipefail
cd "$(dirname "$0")/.."
QUEENS_UPDATE_SURFACE=1 cargo test --quiet --test it surface::the_public_root_matches_the_snapshot >/dev/null
git --no-pager diff --no-color -U0 tests/it/surface.txt | grep -E '^[+-][^+-]' || echo "surface: no name added or removed"
missing=$(cargo check --quiet --lib --all-features --message-format=short 2>&1 | grep 'missing documentation' || true)
if [ -n "$missing" ]; then
  echo "$missing"
  echo "write a /// sentence for each item above"; exit 1
fi
echo "missing_docs: clean"
