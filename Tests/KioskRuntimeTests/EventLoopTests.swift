import CLinux
import Glibc
@testable import KioskRuntime
import XCTest

final class EventLoopTests: XCTestCase {
    func testRunsTheHandlerOfAReadableDescriptorOnly() throws {
        let loop = try EventLoop()
        var pipeA: [Int32] = [0, 0], pipeB: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&pipeA), 0)
        XCTAssertEqual(pipe(&pipeB), 0)
        defer { pipeA.forEach { close($0) }; pipeB.forEach { close($0) } }
        var woke: [String] = []
        try loop.watch(pipeA[0]) { woke.append("a") }
        try loop.watch(pipeB[0]) { woke.append("b") }

        XCTAssertEqual(try loop.runOnce(timeoutMilliseconds: 0), 0, "nothing is readable yet")
        _ = write(pipeB[1], "x", 1)
        XCTAssertEqual(try loop.runOnce(timeoutMilliseconds: 100), 1)
        XCTAssertEqual(woke, ["b"])

        loop.unwatch(pipeB[0])
        XCTAssertEqual(try loop.runOnce(timeoutMilliseconds: 0), 0, "an unwatched fd no longer wakes the loop")
    }

    func testTimerWakesTheLoopAndCountsExpirations() throws {
        let loop = try EventLoop()
        let timer = try TimerSource()
        var fired = 0
        try loop.watch(timer.fileDescriptor) {
            fired += Int(timer.acknowledge())
        }
        timer.schedule(after: 0.001)
        XCTAssertEqual(try loop.runOnce(timeoutMilliseconds: 1000), 1)
        XCTAssertEqual(fired, 1)
        XCTAssertEqual(try loop.runOnce(timeoutMilliseconds: 0), 0, "a one-shot timer fires once")
    }

    func testSignalsArriveAsEventsInsteadOfInterrupting() throws {
        let signals = try SignalSource(signals: [SIGHUP, SIGUSR2])
        let loop = try EventLoop()
        var received: [Int32] = []
        try loop.watch(signals.fileDescriptor) { received += signals.readPending() }
        // Aimed at this thread: the process has other threads, which do not block the signal.
        pthread_kill(pthread_self(), SIGUSR2)
        XCTAssertEqual(try loop.runOnce(timeoutMilliseconds: 1000), 1)
        XCTAssertEqual(received, [SIGUSR2])
    }
}
