#!/bin/sh
# The fast kind (`make test-fast`) is pure and in-process: its folders hold no sleeps and start no
# programs, which belong to Tests/KioskProcessTests (the binary, brokers, buses, tools) and
# Tests/KioskWindowTests (Xvfb). Fails naming each file and line that does.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
fast="Tests/KioskEngineTests Tests/KioskCompositorTests Tests/KioskTouchTests Tests/KioskDisplayTests
      Tests/KioskInputTests Tests/KioskCameraTests Tests/KioskConfigTests Tests/KioskRuntimeTests
      Tests/KioskTestSupport Tests/Fixtures"
# Waiting on the wall clock, and starting programs (Foundation's Process, posix_spawn, the process helpers).
pattern='(^|[^A-Za-z_])(usleep|sleep|nanosleep)[[:space:]]*\(|Thread\.sleep|Task\.sleep|Process\(\)|posix_spawn|BuiltBinary|KioskProcess|MosquittoBroker\(|PrivateBus\(|XvfbServer|Command\.run'
if found=$(grep -rnE "$pattern" --include='*.swift' --include='*.c' --include='*.h' $fast); then
    echo "$found" >&2
    echo "check-fast-kind: the lines above sleep or start a program; move the test to Tests/KioskProcessTests (or KioskWindowTests for Xvfb)" >&2
    exit 1
fi
echo "check-fast-kind: no sleeps, no subprocesses in the fast tests"
