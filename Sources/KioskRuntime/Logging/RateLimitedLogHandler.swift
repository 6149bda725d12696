import Logging

/// Wraps a log handler: a line logged with `Logger.repeating(_:...)` passes only as its kind's
/// `LogRateLimiter` allows, and the first that passes after some were dropped says how many.
/// Every other line goes through as it is.
public struct RateLimitedLogHandler: LogHandler {
    /// The metadata key that carries a line's kind (never written out).
    static let kindKey = "kiosk-repeat-kind"
    private var inner: any LogHandler
    private let limiter: LogRateLimiter

    public init(wrapping inner: any LogHandler, limiter: LogRateLimiter) {
        self.inner = inner
        self.limiter = limiter
    }

    public var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    public var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    public func log(event: LogEvent) {
        guard case .string(let kind)? = event.metadata?[Self.kindKey] else { return inner.log(event: event) }
        var event = event
        event.metadata?[Self.kindKey] = nil
        if event.metadata?.isEmpty == true { event.metadata = nil }
        switch limiter.admit(kind) {
        case .drop:
            return
        case .log(let suppressed):
            if suppressed > 0 {
                event.message = Logger.Message(stringLiteral: "\(event.message) (\(suppressed) more like this were not logged: "
                                               + "at most \(limiter.burst) every \(Int(limiter.window)) s)")
            }
            inner.log(event: event)
        }
    }
}

extension Logger {
    /// Logs a line that input can repeat without end (one per rejected message): at most a
    /// few of `kind` a window pass, where the logger's handler is a `RateLimitedLogHandler` (the
    /// daemon's always is). `kind` names the code path (and a config name), never input.
    public func repeating(_ kind: String, _ level: Logger.Level = .warning, _ message: @autoclosure () -> String) {
        log(level: level, "\(message())", metadata: [RateLimitedLogHandler.kindKey: .string(kind)])
    }
}

extension Logger {
    /// This logger with its lines of a kind rate-limited (itself when they already are).
    public func rateLimited(by limiter: LogRateLimiter = LogRateLimiter()) -> Logger {
        guard !(handler is RateLimitedLogHandler) else { return self }
        var limited = self
        limited.handler = RateLimitedLogHandler(wrapping: handler, limiter: limiter)
        return limited
    }
}
