#!/usr/bin/env bash
# Counts the file-system calls the main thread makes during `Tracker.init` + `start()` (issue 32, ACCEPTANCE 55),
# as the kernel sees them: runs `DeliveryBenchmark launch-once` under `strace -f`, which makes one launch between
# two marker calls (`access` of paths that do not exist), and counts the main thread's file-system calls in
# between, for a first launch and a relaunch, with an in-memory sink and with a `DeliverySink` (what
# `Tracker(writeKey:)` makes). Needs strace (Linux); prints `RESULT name=launch_main_fs_calls_… value=…` and
# the calls themselves. The runner first makes what UIKit has made before any app code runs (the main bundle's
# Info.plist, the process name, the current locale and time zone, a UUID), whose first use reads files. Opens of
# /dev/urandom are not counted: swift-corelibs' `UUID()` opens it for every UUID (Apple platforms' does not).
#
#   bash Benchmarks/LaunchSyscalls/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v strace >/dev/null || { echo "strace is not installed" >&2; exit 1; }
swift build -c release --product DeliveryBenchmark >/dev/null
binary=.build/release/DeliveryBenchmark
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for sink in memory delivery; do
  for launch in first relaunch; do
    trace="$work/trace-$sink-$launch"
    strace -f -qq -e trace=%file,getdents64,fsync,fdatasync,ftruncate -o "$trace" "$binary" launch-once "$work/storage-$sink" "$sink"
    # The main thread's id is the process id: the first field of the first line.
    main=$(head -1 "$trace" | cut -d' ' -f1)
    calls=$(awk -v main="$main" '
      $1 == main && /sightline-launch-begin/ { inside = 1; next }
      $1 == main && /sightline-launch-end/ { inside = 0 }
      inside && $1 == main && !/"\/dev\/urandom"/ { print }
    ' "$trace")
    count=$(printf '%s' "$calls" | grep -c . || true)
    echo "RESULT name=launch_main_fs_calls_${sink}_${launch} value=$count"
    [ -n "$calls" ] && printf '%s\n' "$calls" | sed 's/^/    /'
  done
done
