/// What a simulated run did, for the command's closing lines and for tests.
public struct SimulationSummary: Equatable, Sendable {
    public var inputEvents: Int
    public var touches: Int
    public var transitions: [TransitionRecord]
    public var finalScreen: Int
    /// Seconds on the virtual clock from the first event until everything settled.
    public var virtualDuration: Double
    /// False when a transition was still running when the run gave up waiting.
    public var settled: Bool
    /// What the recording's device sent that it should not (contacts past the limit), once each.
    public var warnings: [String] = []

    public var lines: [String] {
        var lines = ["\(inputEvents) input events, \(touches) touches, \(transitions.count) transitions"]
        for transition in transitions {
            lines.append("  \(transition.from) -> \(transition.to) \(transition.interactive ? "interactive" : "animated"): "
                         + (transition.completed.map { $0 ? "completed" : "cancelled" } ?? "still running"))
        }
        lines.append("ended on screen \(finalScreen) after \(String(format: "%.2f", virtualDuration)) s of virtual time"
                     + (settled ? "" : " (not settled)"))
        lines += warnings.map { "warning: \($0)" }
        return lines
    }
}

/// One transition as the events log saw it.
public struct TransitionRecord: Equatable, Sendable {
    public var from: Int
    public var to: Int
    public var interactive: Bool
    /// Nil while it has not ended.
    public var completed: Bool?
}
