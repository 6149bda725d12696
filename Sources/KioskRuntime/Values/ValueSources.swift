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

    init(store: ValueStore, context: DaemonContext, wallClock: any WallClock) {
        self.store = store
        self.context = context
        self.wallClock = wallClock
    }

    /// Stops the running feeds and starts those `values` describe; the store takes the new set.
    func start(_ values: [ValueConfiguration]) {
        feeds = []
        store.configure(values)
        for value in values {
            let name = value.name
            let set: (String) -> Void = { [unowned store] text in store.set(name, to: text) }
            let log: (String) -> Void = { [logger = context.logger] line in logger.warning("value \"\(name)\": \(line)") }
            do {
                switch value.source {
                case .dbus:
                    continue
                case .clock(let format):
                    feeds.append(try ClockFeed(format: format, wallClock: wallClock, clock: context.clock, set: set))
                case .file(let path, let maxLength):
                    feeds.append(try FileFeed(path: path, maxLength: maxLength, loop: context.loop, set: set, log: log))
                case .command(let spec):
                    feeds.append(try CommandFeed(spec: spec, loop: context.loop, clock: context.clock, set: set, log: log))
                }
            } catch {
                log("its \(value.source.kind.rawValue) source cannot start (\(error)); it shows \"\(value.initial)\"")
            }
        }
    }

    func stop() {
        feeds = []
    }
}
