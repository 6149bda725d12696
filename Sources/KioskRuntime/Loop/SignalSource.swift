import CLinux
import Glibc

/// Signals as readable events (signalfd), so SIGTERM and SIGHUP are handled in the loop,
/// between frames, and never interrupt drawing.
public final class SignalSource {
    public let fileDescriptor: Int32
    private var previousMask = sigset_t()

    /// Blocks `signals` for this thread and routes them to the returned source.
    public init(signals: [Int32]) throws(SystemCallError) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        guard pthread_sigmask(SIG_BLOCK, &mask, &previousMask) == 0 else { throw SystemCallError("pthread_sigmask") }
        fileDescriptor = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fileDescriptor >= 0 else { throw SystemCallError("signalfd") }
    }

    deinit {
        close(fileDescriptor)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    }

    /// Whether SIGTERM or SIGINT waits, blocked, for this thread: long work (start-up, drawing
    /// ahead) asks between its steps, so a stop is seen at once. Reads nothing: the signal stays
    /// pending for `readPending`.
    public static func isStopPending() -> Bool {
        var pending = sigset_t()
        guard sigpending(&pending) == 0 else { return false }
        return sigismember(&pending, SIGTERM) == 1 || sigismember(&pending, SIGINT) == 1
    }

    /// The signals that arrived since the last call, in order.
    public func readPending() -> [Int32] {
        var received: [Int32] = []
        var info = signalfd_siginfo()
        while read(fileDescriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            received.append(Int32(info.ssi_signo))
        }
        return received
    }
}
