#!/usr/bin/env bash
# Installs what the build needs (scripts/setup), then builds and runs the tests: the library's
# and the preview's routes in process (AnimateTests, AnimatePreviewTests), then the built tool's
# end to end (AnimateEndToEndTests: the command line, the preview in a browser, a new package
# built against this checkout).
# --fast runs the in-process ones only, for the edit-test loop; CI runs both.
# Other arguments go to `swift test` (e.g. --filter GradientTests).
set -euo pipefail
cd "$(dirname "$0")/.."
fast=0
args=()
for arg in "$@"; do
  if [ "$arg" = "--fast" ]; then fast=1; else args+=("$arg"); fi
done
if [ $fast -eq 1 ]; then
  scripts/setup
  swift build --build-tests
  exec swift test --skip-build --skip AnimateEndToEndTests ${args[@]+"${args[@]}"}
fi
scripts/setup --tests
swift build --build-tests
if [ ${#args[@]} -gt 0 ]; then
  exec swift test --skip-build "${args[@]}"
fi
swift test --skip-build --skip AnimateEndToEndTests
swift test --skip-build --filter AnimateEndToEndTests
