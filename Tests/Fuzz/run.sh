#!/bin/sh
# Runs libFuzzer targets built by `make fuzz-build` (release), each for SECONDS, from the seed
# corpus in Tests/Fuzz/Corpus/<corpus> (read only) plus a working corpus, logs and crash inputs in
# FUZZ_RUNS (swift build tidies its scratch path, so they live beside it).
# Usage: Tests/Fuzz/run.sh SECONDS [TARGET...]; exits non-zero when a target crashed.
set -eu
seconds=$1; shift
scratch=${FUZZ_SCRATCH:-.build-fuzz}
runs=${FUZZ_RUNS:-.build-fuzz-runs}
here=$(dirname "$0")
targets=${*:-FuzzEvemu FuzzConfig FuzzImage FuzzCameraFormats}

corpus_of() {
    case $1 in
        FuzzEvemu) echo evemu ;;
        FuzzConfig) echo config ;;
        FuzzImage) echo image ;;
        FuzzCameraFormats) echo camera-formats ;;
        *) echo "unknown fuzz target $1" >&2; exit 2 ;;
    esac
}

# Seconds one input may take. FuzzConfig's seed at the 1 MiB size cap (6,712 screens) takes about
# 3 s of CPU to load under AddressSanitizer and coverage, which a shared machine stretches past
# 10 s; a hang still stops the run.
timeout_of() {
    case $1 in
        FuzzConfig) echo 60 ;;
        *) echo 10 ;;
    esac
}

status=0
for target in $targets; do
    corpus=$(corpus_of "$target")
    work="$runs/corpus/$target"
    artifacts="$runs/artifacts/$target/"
    mkdir -p "$work" "$artifacts"
    echo "== $target: $seconds s"
    started=$(date +%s)
    # A decoder asking for gigabytes is a finding, as it would be on the kiosk: -malloc_limit_mb
    # stops at one allocation beyond three times the 160 MB pixel cap, with its stack. Leaks are
    # findings in every target.
    if ! "$scratch/release/$target" "$work" "$here/Corpus/$corpus" \
            -max_total_time="$seconds" -timeout="$(timeout_of "$target")" -rss_limit_mb=2048 -malloc_limit_mb=512 \
            -artifact_prefix="$artifacts" -print_final_stats=1 \
            > "$runs/$target.log" 2>&1; then
        status=1
        echo "$target FAILED; see $runs/$target.log and $artifacts" >&2
        tail -40 "$runs/$target.log" >&2
    fi
    executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$runs/$target.log")
    echo "$target: ${executed:-?} executions in $(($(date +%s) - started)) s, corpus $(find "$work" -type f | wc -l) files"
done
exit $status
