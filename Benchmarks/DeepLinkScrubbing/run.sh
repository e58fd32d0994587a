#!/usr/bin/env bash
# The deep-link scrubber's cost for links at the 16 KB limit (docs/design/deep-link-scrubbing.md), in release:
# compiles main.swift with the scrubbing sources alone (they need nothing but Foundation) with `swiftc -O`, so
# the internal types are measured directly, and prints the median and 90th percentile of 200 runs per input.
#
#   bash Benchmarks/DeepLinkScrubbing/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
swiftc -O -o "$out/deep-link-benchmark" Benchmarks/DeepLinkScrubbing/main.swift \
  Sources/Tracking/Lifecycle/DeepLinkURL.swift Sources/Tracking/Lifecycle/DeepLinkQueryScrubber.swift \
  Sources/Tracking/Lifecycle/DeepLinkPathScrubber.swift Sources/Tracking/Lifecycle/DeepLinkPathTemplate.swift \
  Sources/Tracking/Lifecycle/DeepLinkSecretShape.swift Sources/Tracking/Configuration/DeepLinkQueryPolicy.swift \
  Sources/Tracking/Configuration/DeepLinkPathPolicy.swift
"$out/deep-link-benchmark"
