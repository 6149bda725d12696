import Foundation
import KioskConfig
import Logging

/// Runs the source of every `[[value]]` (clock, file, command; `dbus` values wait for
/// `SetValue`) and feeds what they give into the store.
final class ValueSources {
    let store: ValueStore
    private let context: DaemonContext
    private let wallClock: any WallClock
    private var feeds: [any ValueFeed] = []
    /// The store as it was before `stage`, until the staged values start or are rolled back.
    private var beforeStaging: ValueStore.Snapshot?

    init(store: ValueStore, context: DaemonContext, wallClock: any WallClock) {
        self.store = store
        self.context = context
        self.wallClock = wallClock
    }

    /// Puts `values` in the store, at the texts they would start with, for a new scene to bind to;
    /// the running feeds go on until `start` replaces them, and `rollBack` undoes this.
    func stage(_ values: [ValueConfiguration]) {
        if beforeStaging == nil { beforeStaging = store.snapshot() }
        store.configure(values)
    }

    /// Puts the store back as it was before `stage` (the new scene was not built).
    func rollBack() {
        guard let snapshot = beforeStaging else { return }
        beforeStaging = nil
        store.restore(snapshot)
    }

    /// Stops the running feeds and starts those `values` describe; the store takes the new set.
    func start(_ values: [ValueConfiguration]) {
        beforeStaging = nil
        feeds = []
        store.configure(values)
        for value in values {
            let name = value.name
            let set: (String) -> Void = { [unowned store] text in store.set(name, to: text) }
            let log: (String) -> Void = { [logger = context.logger] line in logger.repeating("value \(name)", .warning, "value \"\(name)\": \(line)") }
            do {
                switch value.source {
                case .dbus, .mqtt:
                    // Set from outside: D-Bus, or the MQTT front end's subscriptions.
                    continue
                case .clock(let format):
                    feeds.append(try ClockFeed(format: format, wallClock: wallClock, clock: context.clock, set: set))
                case .file(let path, let maxLength):
                    feeds.append(try FileFeed(path: path, maxLength: maxLength, loop: context.loop, set: set, log: log))
                case .command(let spec):
                    feeds.append(try CommandFeed(spec: spec, loop: context.loop, clock: context.clock, reaper: context.reaper, set: set, log: log))
                }
            } catch {
                log("its \(value.source.kind.rawValue) source cannot start (\(error)); it shows \"\(value.initial)\"")
            }
        }
    }

    func stop() {
        feeds = []
    }

    /// The wall clock was set: the clock values show the new time at once.
    func wallClockWasSet() {
        feeds.forEach { $0.wallClockWasSet() }
    }
}
