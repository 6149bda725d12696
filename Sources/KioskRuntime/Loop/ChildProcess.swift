import CLinux
import Foundation
import Glibc

/// A command run without a shell, watched on the event loop so the loop never waits for it:
/// posix_spawn with the service's environment, stdout and stderr read through pipes as they
/// fill, the exit seen through a pidfd, and the whole process group killed at the timeout.
final class ChildProcess {
    /// How a run ended.
    struct Outcome: Equatable {
        /// The exit status, or 128 + the signal that killed it (as a shell reports it).
        var status: Int32
        var standardOutput: String
        var standardError: String
        var timedOut: Bool
    }

    let pid: pid_t
    private let loop: EventLoop
    private var outputPipe: Int32
    private var errorPipe: Int32
    private let exitDescriptor: Int32
    private var output = Data()
    private var errors = Data()
    private var status: Int32?
    private var timedOut = false
    private var timer: (any DaemonTimer)?
    private var completion: ((Outcome) -> Void)?
    /// Output beyond this is dropped: a value needs a line, a log a few.
    private static let captureLimit = 64 * 1024

    /// Starts `argv` now; `completion` is called on the loop once it exited and its pipes closed.
    init(argv: [String], timeout: Double, loop: EventLoop, clock: any DaemonClock,
         completion: @escaping (Outcome) -> Void) throws {
        precondition(!argv.isEmpty, "a command needs a program")
        self.loop = loop
        self.completion = completion
        let stdout = try Self.makePipe(), stderr = try Self.makePipe()
        defer { close(stdout.write); close(stderr.write) }
        do {
            pid = try Self.spawn(argv, stdout: stdout.write, stderr: stderr.write)
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
        try loop.watch(outputPipe) { [unowned self] in
            let (data, ended) = drain(outputPipe)
            output.append(data)
            if ended { outputPipe = forget(outputPipe) }
            finishIfDone()
        }
        try loop.watch(errorPipe) { [unowned self] in
            let (data, ended) = drain(errorPipe)
            errors.append(data)
            if ended { errorPipe = forget(errorPipe) }
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
        }
        for descriptor in [outputPipe, errorPipe, exitDescriptor] where descriptor >= 0 {
            loop.unwatch(descriptor)
            close(descriptor)
        }
    }

    /// What the pipe holds now, and whether it reached its end (or failed).
    private func drain(_ descriptor: Int32) -> (Data, ended: Bool) {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                if output.count + errors.count + data.count < Self.captureLimit { data.append(contentsOf: chunk[0..<count]) }
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return (data, ended: !(count < 0 && errno == EAGAIN))
            }
        }
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
        finishIfDone()
    }

    private func finishIfDone() {
        guard let status, outputPipe < 0, errorPipe < 0, let completion else { return }
        self.completion = nil
        completion(Outcome(status: status, standardOutput: String(decoding: output, as: UTF8.self),
                           standardError: String(decoding: errors, as: UTF8.self), timedOut: timedOut))
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SystemCallError("pipe") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    /// The child gets /dev/null for stdin, the pipes for stdout and stderr, default signal
    /// handling and an empty mask (the daemon blocks the signals it reads through signalfd),
    /// and a process group of its own so a timeout kills its children too.
    private static func spawn(_ argv: [String], stdout: Int32, stderr: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var arguments = argv.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, argv[0], &actions, &attributes, &arguments, environ)
        guard result == 0 else { throw SystemCallError("cannot run \(argv[0])", code: result) }
        return pid
    }
}
