import KioskConfig
import KioskDisplay
import KioskEngine
import KioskInput
import KioskTouch
import Logging

/// Every output of the daemon, the first first (`[[display.output]]` 1, 2, ...), each an `Output` on
/// the daemon's one loop. The first is opened with the daemon and lives as long; the others are
/// opened at start and added, rebuilt and removed as a reload's file says. A failing output beside
/// the first is logged and left out; the daemon and the other outputs run on.
final class OutputSet {
    /// Opens the display of an output beside the first; `DaemonParts.makeOutputDisplay`.
    typealias DisplayFactory = (OutputConfiguration, DisplayConfiguration) throws -> any Display
    /// Makes the touch source for an output: its name (nil: the devices no `[[input.device]] output`
    /// maps elsewhere), `[input]` and its touch surface.
    typealias TouchSourceFactory = (String?, InputConfiguration, TouchSurface) throws -> (any TouchSource)?

    private let context: DaemonContext
    private let makeDisplay: DisplayFactory
    private let makeTouchSource: TouchSourceFactory
    /// Where the outputs' touch sources are watched; set once, right after both are made.
    weak var input: InputRouter?
    /// Builds an output's scene through the root (the daemon's binds values and buttons).
    var makeSceneBuilder: (SceneRoot) -> SceneBuilder = { $0.sceneBuilder() }
    /// Wires a newly opened output's callbacks (the daemon's observers).
    var onOpened: (Output) -> Void = { _ in }
    /// Outputs were added or removed.
    var onOutputsChanged: () -> Void = {}
    /// In `[[display.output]]` order; the first is the touch deck and never leaves.
    private(set) var all: [Output]
    private var inputConfiguration: InputConfiguration?
    private var dark = false

    /// The set of the first output alone; `apply` opens the others.
    init(first: Output, context: DaemonContext, makeDisplay: @escaping DisplayFactory,
         makeTouchSource: @escaping TouchSourceFactory) {
        all = [first]
        self.context = context
        self.makeDisplay = makeDisplay
        self.makeTouchSource = makeTouchSource
    }

    private var logger: Logger { context.logger }

    /// The first output: the touch deck.
    var first: Output { all[0] }

    /// The outputs beside the first.
    var others: ArraySlice<Output> { all.dropFirst() }

    /// The output called `name`.
    func output(named name: String) -> Output? {
        all.first { $0.name == name }
    }

    /// The settings the first output runs with: its `[[display.output]]`, turned as `[display]` says.
    static func firstSettings(_ configuration: KioskConfiguration) -> OutputConfiguration {
        var settings = configuration.display.outputs.first ?? OutputConfiguration(connector: "*")
        settings.rotation = configuration.display.rotation
        return settings
    }

    /// Brings the outputs in line with `configuration`: the first shows `firstScene` (already built,
    /// so a reload whose touch deck cannot be built is refused before anything changes), those
    /// beside it no longer named close, those still named show its deck, new ones open.
    func apply(_ configuration: KioskConfiguration, firstScene: KioskScene?) {
        if let firstScene { first.show(firstScene, settings: Self.firstSettings(configuration)) }
        let wanted = configuration.display.secondaryOutputs
        let names = wanted.enumerated().map { Self.name(of: $1, index: $0 + 1) }
        var changed = false
        // An output whose panel settings changed is opened again with them.
        let reopened = Set(zip(wanted, names).compactMap { settings, name in
            output(named: name).flatMap { $0.sharesPanel(with: settings) ? nil : name }
        })
        for output in others where reopened.contains(output.name) {
            logger.notice("output \(output.name): its mode, size or rotation changed; opening it again")
            stop(output)
        }
        for output in others where !names.contains(output.name) && !reopened.contains(output.name) {
            logger.notice("output \(output.name): removed by the config; closed")
            stop(output)
            changed = true
        }
        all = [first] + others.filter { names.contains($0.name) && !reopened.contains($0.name) }
        let inputChanged = configuration.input != inputConfiguration
        inputConfiguration = configuration.input
        if inputChanged { restartTouchInput(of: first, configuration.input) }
        var kept = [first]
        for (settings, name) in zip(wanted, names) {
            if let output = output(named: name) {
                do {
                    let scene = try output.buildScene(for: configuration, settings: settings, makeSceneBuilder: makeSceneBuilder)
                    output.show(scene, settings: settings)
                } catch {
                    logger.error("output \(name): the new config's screens could not be built (\(error)); it shows the old ones")
                }
                if inputChanged { restartTouchInput(of: output, configuration.input) }
                kept.append(output)
            } else if let output = open(settings, name: name, configuration: configuration,
                                        initialScreen: settings.screens == .main ? first.currentScreen : nil) {
                kept.append(output)
                changed = true
            }
        }
        all = kept
        if changed { onOutputsChanged() }
    }

    private func open(_ settings: OutputConfiguration, name: String, configuration: KioskConfiguration,
                      initialScreen: String?) -> Output? {
        var opened: (any Display)?
        var made: Output?
        do {
            let display = try makeDisplay(settings, configuration.display)
            opened = display
            let output = try Output(settings: settings, name: { name }, defaults: .beside, configuration: configuration,
                                    display: display, initialScreen: initialScreen, context: context,
                                    makeSceneBuilder: makeSceneBuilder)
            made = output
            onOpened(output)
            try output.start()
            output.pacer.render()
            if dark { output.setDark(true) }
            restartTouchInput(of: output, configuration.input)
            logger.notice("output \(name): \(output.mode), showing \(output.isMirror ? "the touch deck" : output.screenNames.joined(separator: ", "))")
            return output
        } catch {
            // One panel that cannot be opened leaves the others running.
            if let made { stop(made) } else { opened?.close() }
            logger.error("output \(name): cannot open it: \(error); the other outputs run on")
            return nil
        }
    }

    /// Its touch sources go, and it halts and closes.
    private func stop(_ output: Output) {
        input?.removeSources(of: output)
        output.halt()
        output.close()
    }

    /// Opens the touch devices the output takes, in place of those it had.
    private func restartTouchInput(of output: Output, _ configuration: InputConfiguration) {
        guard let input else { return }
        input.removeSources(of: output)
        let mapped = configuration.calibrations.contains { $0.output == output.name }
        guard output.defaults.takesUnmappedTouch || mapped else { return }
        do {
            let source = try makeTouchSource(output.defaults.takesUnmappedTouch ? nil : output.name, configuration, output.geometry.touchSurface)
            guard let source else { return }
            try input.add(source, output: output)
        } catch {
            // A kiosk without a touchscreen still shows its screens; devices can be fixed later.
            logger.warning("output \(output.name): touch input unavailable: \(error)")
        }
    }

    /// An output's name beside the first: its connector; one written `"*"` is called `output-N` (N its place).
    static func name(of output: OutputConfiguration, index: Int) -> String {
        output.connector == "*" ? "output-\(index + 1)" : output.connector
    }

    /// Draws each output whose own frame clock made a frame due.
    func frameTickDelivered() {
        for output in all { output.pacer.frameTickDelivered() }
    }

    /// The first output went to `screen`: the mirrors beside it follow.
    func firstScreenChanged(to screen: String) {
        for output in others { output.follow(screen) }
    }

    /// The panels go dark together and wake together.
    func setDark(_ dark: Bool) {
        self.dark = dark
        for output in all { output.setDark(dark) }
    }

    /// True when no output's animation wants ticks.
    var animationsAtRest: Bool { all.allSatisfy(\.pacer.animationsAtRest) }

    /// Ends what every output's scene runs and stops their pacing (the daemon stops); `close()` releases them.
    func halt() {
        for output in all { output.halt() }
    }

    /// Forgets every output's touch sources and closes every display (the daemon stops).
    func close() {
        for output in all {
            input?.removeSources(of: output)
            output.close()
        }
        all = [first]
    }
}
