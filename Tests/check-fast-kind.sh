#!/bin/sh
# The fast kind (`make test-fast`) is pure and in-process: its folders hold no sleeps, start no
# programs and assert nothing about the wall clock. Sleeps and programs belong to
# Tests/KioskProcessTests (the binary, brokers, buses, tools) and Tests/KioskWindowTests (Xvfb);
# speed goals belong to `swipe-kiosk bench`. Fails naming each file and line that breaks a rule.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
fast="Tests/KioskEngineTests Tests/KioskCompositorTests Tests/KioskTouchTests Tests/KioskDisplayTests
      Tests/KioskInputTests Tests/KioskCameraTests Tests/KioskConfigTests Tests/KioskRuntimeTests
      Tests/KioskWebProtocolTests
      Tests/KioskTestSupport Tests/Fixtures"
sources="--include=*.swift --include=*.c --include=*.h"
status=0

# Waiting on the wall clock, and starting programs (Foundation's Process, posix_spawn, the process helpers).
pattern='(^|[^A-Za-z_])(usleep|sleep|nanosleep)[[:space:]]*\(|Thread\.sleep|Task\.sleep|Process\(\)|posix_spawn|BuiltBinary|KioskProcess|MosquittoBroker\(|PrivateBus\(|XvfbServer|Command\.run'
if found=$(grep -rnE "$pattern" $sources $fast); then
    echo "$found" >&2
    echo "check-fast-kind: the lines above sleep or start a program; move the test to Tests/KioskProcessTests (or KioskWindowTests for Xvfb)" >&2
    status=1
fi

# Reading the wall clock (or a monotonic one: both run at the host's pace), or XCTest's measure {}.
# A fast test runs on the manual clocks (ManualDaemonClock, ManualFrameClock) and asserts what the
# code did: the state it left, the work it counted, where a parser stopped. Its duration depends on
# the load of the machine, so an assertion on it either fails on a busy host or asserts nothing.
# The one exception: a deadline in the shared harness (Tests/KioskTestSupport) that only bounds how
# long a loop waits for something from outside (inotify, a child's exit). It decides nothing but when
# to give up: the harness returns the awaited condition, never the time taken, and the test asserts
# that condition. Each such line ends with the marker "// wall clock: bounds a wait"; the marker counts in Tests/KioskTestSupport
# only, so a test file cannot use it to time itself (a harness helper returning a duration is an
# assertion's input and belongs with the process tests, as LoopTurnTimer does).
marker='// wall clock: bounds a wait$'
clock='Date\(\)|Date\.now|DispatchTime\.now|DispatchWallTime\.now|clock_gettime|gettimeofday|ContinuousClock|SuspendingClock|CFAbsoluteTimeGetCurrent|systemUptime|(^|[^A-Za-z_])measure(Metrics)?[[:space:]]*[({]'
if found=$(grep -rnE "$clock" $sources $fast | grep -vE "^Tests/KioskTestSupport/[^:]+:[0-9]+:.*$marker"); then
    echo "$found" >&2
    echo "check-fast-kind: the lines above read the clock in a fast test; assert what the code did (state, counted work, an error's position) on the manual clocks, and put speed goals in swipe-kiosk bench" >&2
    status=1
fi

[ "$status" = 0 ] && echo "check-fast-kind: no sleeps, no subprocesses, no wall-clock reads in the fast tests"
exit "$status"
