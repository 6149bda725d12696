#!/usr/bin/env bash
# The host side of the systemd VM suites' assertions (Tests/e2e-systemd, Tests/e2e-arm64), sourced by
# their run.sh once the VM has stopped. Needs: $out (the run's output folder with serial.log),
# $qemu_status and $timeout (QEMU's exit status and run-time limit), and e2e (Tests/e2e/e2e.py).
# Every assertion prints "PASS name: detail" or "FAIL name: detail" and appends it to
# $out/assertions.txt; passed and failed count them.
passed=0 failed=0
assert() { # assert NAME COMMAND... : the command's output says what it saw
    local name=$1 detail status=0 verdict=PASS
    shift
    detail=$("$@" 2>&1 | tr '\n' ' ') || status=$?
    if [ $status = 0 ]; then passed=$((passed + 1)); else verdict=FAIL; failed=$((failed + 1)); fi
    echo "$verdict $name: $detail" | tee -a "$out/assertions.txt"
}
guest_check() { # the guest's own "E2E-CHECK NAME pass|fail DETAIL" line
    local line
    line=$(grep -a "^E2E-CHECK $1 " "$out/serial.log" | tr -d '\r')
    echo "${line:-the guest never checked $1}"
    [[ $line == "E2E-CHECK $1 pass"* ]]
}
vm_finished() {
    echo "QEMU exit status $qemu_status (124: killed at the ${timeout} s limit)"
    [ $qemu_status = 0 ] && grep -aq "^E2E-DONE" "$out/serial.log"
}
guest_png_shows() { # guest_png_shows SECTION PNG COLOUR: the PNG the guest sent base64-encoded in SECTION shows COLOUR
    e2e section "$1" "$out/serial.log" | base64 -d > "$out/$2" || return 1
    e2e expect-colour "$out/$2" "$3" 24
}
