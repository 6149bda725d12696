import KioskEngine

/// Hears the container's transitions, writes them to the events log on the run's clock and
/// keeps a record of each for summaries.
final class TransitionLogger: ContainerControllerDelegate {
    private let log: EventsLog?
    private let now: () -> Double
    private let onBegan: () -> Void
    private let onEnded: (_ from: Int, _ to: Int, _ completed: Bool) -> Void
    /// False in the daemon, which runs for months: the log file is the record there.
    private let keepsRecords: Bool
    private(set) var transitions: [TransitionRecord] = []

    /// - Parameters:
    ///   - now: the run's clock in seconds (virtual in `simulate`, monotonic in `run`).
    ///   - onBegan: called as every transition begins.
    ///   - onEnded: called after every transition, completed or not (the tab bar follows it).
    init(log: EventsLog?, now: @escaping () -> Double, keepsRecords: Bool = true, onBegan: @escaping () -> Void = {},
         onEnded: @escaping (_ from: Int, _ to: Int, _ completed: Bool) -> Void) {
        self.log = log
        self.now = now
        self.keepsRecords = keepsRecords
        self.onBegan = onBegan
        self.onEnded = onEnded
    }

    func transitionDidBegin(from: Int, to: Int, interactive: Bool) {
        if keepsRecords {
            transitions.append(TransitionRecord(from: from, to: to, interactive: interactive, completed: nil))
        }
        log?.transitionBegan(t: now() * 1000, from: from, to: to, interactive: interactive)
        onBegan()
    }

    func transitionDidEnd(from: Int, to: Int, completed: Bool) {
        if let index = transitions.lastIndex(where: { $0.from == from && $0.to == to && $0.completed == nil }) {
            transitions[index].completed = completed
        }
        log?.transitionEnded(t: now() * 1000, from: from, to: to, completed: completed)
        onEnded(from, to, completed)
    }
}
