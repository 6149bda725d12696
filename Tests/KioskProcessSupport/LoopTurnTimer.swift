import Foundation

/// Times turns of the daemon's loop in real time, leaving out the turns in which the kernel
/// preempted the thread (an involuntary context switch): on a loaded host those measure the other
/// processes, not the code. A turn that blocks (a connect or a read that waits) switches out
/// voluntarily, so it still counts. It lives with the process tests: a fast test asserts no times
/// (Tests/check-fast-kind.sh).
package struct LoopTurnTimer {
    /// The longest turn that was not preempted, in seconds.
    package private(set) var longest = 0.0
    /// Turns left out because the thread was preempted during them.
    package private(set) var preempted = 0
    package private(set) var turns = 0

    package init() {}

    package mutating func measure<T>(_ turn: () throws -> T) rethrows -> T {
        let switches = Self.involuntarySwitches()
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try turn()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        turns += 1
        if Self.involuntarySwitches() == switches { longest = max(longest, seconds) } else { preempted += 1 }
        return result
    }

    /// Describes the measurement for a failure message.
    package var summary: String {
        String(format: "longest %.2f ms over %d turns (%d preempted, left out)", longest * 1000, turns - preempted, preempted)
    }

    private static func involuntarySwitches() -> Int {
        var usage = rusage()
        // RUSAGE_THREAD (1, Linux): Glibc declares it only under _GNU_SOURCE, which Swift's import lacks.
        getrusage(1, &usage)
        return usage.ru_nivcsw
    }
}
