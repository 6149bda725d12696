import CLinux
import Foundation
import Glibc

/// A command run without a shell, watched on the event loop so the loop never waits for it:
/// posix_spawn with the service's environment, stdout and stderr read through pipes as they
/// fill, the exit seen through a pidfd, and the whole process group killed at the timeout or when
/// its output passes `outputLimit`. What it leaves behind (even outside its group) is killed
/// through `ChildReaper` when its main process ends.
final class ChildProcess {
    /// How a run ended.
    struct Outcome: Equatable {
        /// The exit status, or 128 + the signal that killed it (as a shell reports it).
        var status: Int32
        var standardOutput: String
        var standardError: String
        var timedOut: Bool
        /// It printed more than `outputLimit` bytes and was killed for it.
        var outputCutOff = false
        /// Descendants still running when the main process ended, killed then ("pid 42 (sleep)").
        var killedDescendants: [String] = []
    }

    /// The most stdout and stderr a run may print together: a value needs a line, a log a few.
    /// Past it the run is killed, so endless output costs the loop nothing more.
    static let outputLimit = 64 * 1024


    let pid: pid_t
    private let loop: EventLoop
    private var outputPipe: Int32
    private var errorPipe: Int32
    private let exitDescriptor: Int32
    private var output = Data()
    private var errors = Data()
    private var status: Int32?
    private var timedOut = false
    private var outputCutOff = false
    private var killedDescendants: [String] = []
    private let reaper: ChildReaper
    private let run: Int
    private var timer: (any DaemonTimer)?
    private var completion: ((Outcome) -> Void)?

    /// Starts `argv` now; `completion` is called on the loop once it exited and its pipes closed.
    init(argv: [String], timeout: Double, loop: EventLoop, clock: any DaemonClock, reaper: ChildReaper,
         completion: @escaping (Outcome) -> Void) throws {
        precondition(!argv.isEmpty, "a command needs a program")
        self.loop = loop
        self.reaper = reaper
        self.completion = completion
        let (run, mark) = reaper.newRun()
        self.run = run
        let stdout = try Self.makePipe(), stderr = try Self.makePipe()
        defer { close(stdout.write); close(stderr.write) }
        do {
            pid = try Self.spawn(argv, mark: mark, stdout: stdout.write, stderr: stderr.write)
        } catch {
            close(stdout.read)
            close(stderr.read)
            throw error
        }
        outputPipe = stdout.read
        errorPipe = stderr.read
        exitDescriptor = pidfd_open(pid, 0)
        guard exitDescriptor >= 0 else {
            let error = SystemCallError("pidfd_open")
            kill(-pid, SIGKILL)
            waitpid(pid, nil, 0)
            close(outputPipe)
            close(errorPipe)
            throw error
        }
        reaper.started(run: run, pid: pid)
        try loop.watch(outputPipe) { [unowned self] in
            let (data, ended) = drain(outputPipe)
            output.append(data)
            if ended { outputPipe = forget(outputPipe) }
            cutOffIfOverLimit()
            finishIfDone()
        }
        try loop.watch(errorPipe) { [unowned self] in
            let (data, ended) = drain(errorPipe)
            errors.append(data)
            if ended { errorPipe = forget(errorPipe) }
            cutOffIfOverLimit()
            finishIfDone()
        }
        try loop.watch(exitDescriptor) { [unowned self] in reap() }
        let timer = try clock.makeTimer { [unowned self] in
            timedOut = true
            kill(-pid, SIGKILL)
        }
        timer.schedule(at: clock.now + timeout)
        self.timer = timer
    }

    deinit {
        timer?.cancel()
        if status == nil {
            kill(-pid, SIGKILL)
            waitpid(pid, nil, 0)
            _ = reaper.ended(run: run)
        }
        for descriptor in [outputPipe, errorPipe, exitDescriptor] where descriptor >= 0 {
            loop.unwatch(descriptor)
            close(descriptor)
        }
    }

    /// What the pipe holds now (up to what is left of `outputLimit`, and one byte more to tell it
    /// was passed), and whether it reached its end (or failed).
    private func drain(_ descriptor: Int32) -> (Data, ended: Bool) {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while output.count + errors.count + data.count <= Self.outputLimit {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: chunk[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return (data, ended: !(count < 0 && errno == EAGAIN))
            }
        }
        return (data, ended: false)
    }

    /// Past `outputLimit`: the run is killed and its pipes closed, so nothing more is read.
    private func cutOffIfOverLimit() {
        guard !outputCutOff, output.count + errors.count > Self.outputLimit else { return }
        outputCutOff = true
        kill(-pid, SIGKILL)
        if outputPipe >= 0 { outputPipe = forget(outputPipe) }
        if errorPipe >= 0 { errorPipe = forget(errorPipe) }
    }

    /// Stops watching and closes a pipe at its end; returns the "closed" marker to keep in its place.
    private func forget(_ descriptor: Int32) -> Int32 {
        loop.unwatch(descriptor)
        close(descriptor)
        return -1
    }

    private func reap() {
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return }
        loop.unwatch(exitDescriptor)
        // Low 7 bits: the terminating signal, 0 for a normal exit whose code is in the next byte.
        let signal = raw & 0x7F
        status = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
        timer?.cancel()
        killedDescendants = reaper.ended(run: run).map(\.description)
        // Whatever the group left behind must not hold the pipes open past the run: it is killed,
        // and what the pipes hold now is the whole output (a child that left the group is cut off).
        kill(-pid, SIGKILL)
        if outputPipe >= 0 {
            output.append(drain(outputPipe).0)
            outputPipe = forget(outputPipe)
        }
        if errorPipe >= 0 {
            errors.append(drain(errorPipe).0)
            errorPipe = forget(errorPipe)
        }
        cutOffIfOverLimit()
        finishIfDone()
    }

    private func finishIfDone() {
        guard let status, outputPipe < 0, errorPipe < 0, let completion else { return }
        self.completion = nil
        completion(Outcome(status: status, standardOutput: String(decoding: output.prefix(Self.outputLimit), as: UTF8.self),
                           standardError: String(decoding: errors.prefix(Self.outputLimit), as: UTF8.self), timedOut: timedOut,
                           outputCutOff: outputCutOff, killedDescendants: killedDescendants))
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SystemCallError("pipe") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    /// The child gets the pipes for stdout and stderr and the service's environment plus the run's
    /// mark, which its descendants inherit (`ProcessSpawner` does the rest).
    private static func spawn(_ argv: [String], mark: String, stdout: Int32, stderr: Int32) throws -> pid_t {
        let environment = [mark] + ProcessSpawner.currentEnvironment.filter { !$0.hasPrefix(ChildReaper.markName + "=") }
        return try ProcessSpawner.spawn(argv, descriptors: [(child: 1, parent: stdout), (child: 2, parent: stderr)],
                                        environment: environment)
    }
}
