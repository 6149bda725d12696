import KioskConfig
import KioskDisplay
import KioskEngine
import KioskInput
import KioskTouch
import Logging

/// The outputs beside the first (`[[display.output]]` 2, 3, ...): opened at start, added, rebuilt
/// and removed as a reload's file says, each an `OutputDeck` on the daemon's one loop. A failing
/// output is logged and left out; the daemon and the other outputs run on.
final class OutputSet {
    /// Opens the display of an output; `DaemonParts.makeOutputDisplay`.
    typealias DisplayFactory = (OutputConfiguration, DisplayConfiguration) throws -> any Display
    /// Makes the touch source of the devices `[[input.device]] output` maps to the named output.
    typealias TouchSourceFactory = (String, InputConfiguration, TouchSurface) throws -> (any TouchSource)?

    private let context: DaemonContext
    private let makeDisplay: DisplayFactory
    private let makeTouchSource: TouchSourceFactory
    private unowned let input: InputRouter
    /// Builds a deck's scene through the root (the daemon's binds values and buttons).
    var makeSceneBuilder: (SceneRoot) -> SceneBuilder = { $0.sceneBuilder() }
    /// An output's screen changed: its name, from, to.
    var onScreenChanged: (_ output: String, _ from: String, _ to: String) -> Void = { _, _, _ in }
    /// A frame reached an output: its name and the seconds its composition took.
    var onFramePresented: (_ output: String, _ seconds: Double) -> Void = { _, _ in }
    /// Outputs were added or removed.
    var onOutputsChanged: () -> Void = {}
    private(set) var decks: [OutputDeck] = []
    private var inputConfiguration: InputConfiguration?
    private var dark = false

    init(context: DaemonContext, makeDisplay: @escaping DisplayFactory, makeTouchSource: @escaping TouchSourceFactory,
         input: InputRouter) {
        self.context = context
        self.makeDisplay = makeDisplay
        self.makeTouchSource = makeTouchSource
        self.input = input
    }

    private var logger: Logger { context.logger }

    /// The deck called `name`.
    func deck(named name: String) -> OutputDeck? {
        decks.first { $0.name == name }
    }

    /// Brings the outputs in line with `configuration`: those no longer named close, those still
    /// named show its deck, new ones open. `mainScreen` is where a new mirror starts.
    func apply(_ configuration: KioskConfiguration, mainScreen: String) {
        let wanted = configuration.display.secondaryOutputs
        let names = wanted.enumerated().map { Self.name(of: $1, index: $0 + 1) }
        var changed = false
        // An output whose panel settings changed is opened again with them.
        let reopened = Set(zip(wanted, names).compactMap { output, name in
            deck(named: name).flatMap { $0.sharesPanel(with: output) ? nil : name }
        })
        for deck in decks where reopened.contains(deck.name) {
            logger.notice("output \(deck.name): its mode, size or rotation changed; opening it again")
            input.removeSources(of: deck.name)
            deck.stop()
        }
        decks.removeAll { reopened.contains($0.name) }
        for deck in decks where !names.contains(deck.name) {
            logger.notice("output \(deck.name): removed by the config; closed")
            input.removeSources(of: deck.name)
            deck.stop()
            changed = true
        }
        decks.removeAll { !names.contains($0.name) }
        let inputChanged = configuration.input != inputConfiguration
        inputConfiguration = configuration.input
        var kept: [OutputDeck] = []
        for (output, name) in zip(wanted, names) {
            if let deck = deck(named: name) {
                do {
                    try deck.reconfigure(configuration, output: output, makeSceneBuilder: makeSceneBuilder)
                } catch {
                    logger.error("output \(name): the new config's screens could not be built (\(error)); it shows the old ones")
                }
                if inputChanged { restartTouchInput(of: deck, configuration.input) }
                kept.append(deck)
            } else if let deck = open(output, name: name, configuration: configuration,
                                      initialScreen: output.screens == .main ? mainScreen : nil) {
                kept.append(deck)
                changed = true
            }
        }
        decks = kept
        if changed { onOutputsChanged() }
    }

    private func open(_ output: OutputConfiguration, name: String, configuration: KioskConfiguration,
                      initialScreen: String?) -> OutputDeck? {
        var opened: (any Display)?
        var made: OutputDeck?
        do {
            let display = try makeDisplay(output, configuration.display)
            opened = display
            let deck = try OutputDeck(output: output, name: name, configuration: configuration, display: display,
                                      initialScreen: initialScreen, context: context, makeSceneBuilder: makeSceneBuilder)
            deck.onScreenChanged = { [unowned self] from, to in onScreenChanged(name, from, to) }
            deck.onFramePresented = { [unowned self] seconds in onFramePresented(name, seconds) }
            made = deck
            try deck.start()
            if dark { deck.setDark(true) }
            restartTouchInput(of: deck, configuration.input)
            logger.notice("output \(name): \(deck.mode), showing \(deck.isMirror ? "the touch deck" : deck.screenNames.joined(separator: ", "))")
            return deck
        } catch {
            // One panel that cannot be opened leaves the others running.
            if let made { made.stop() } else { opened?.close() }
            logger.error("output \(name): cannot open it: \(error); the other outputs run on")
            return nil
        }
    }

    private func restartTouchInput(of deck: OutputDeck, _ configuration: InputConfiguration) {
        input.removeSources(of: deck.name)
        guard configuration.calibrations.contains(where: { $0.output == deck.name }) else { return }
        do {
            guard let source = try makeTouchSource(deck.name, configuration, deck.geometry.touchSurface) else { return }
            try input.add(source, output: deck)
        } catch {
            logger.warning("output \(deck.name): touch input unavailable: \(error)")
        }
    }

    /// An output's name: its connector; an output written `"*"` is called `output-N` (N its place).
    static func name(of output: OutputConfiguration, index: Int) -> String {
        output.connector == "*" ? "output-\(index + 1)" : output.connector
    }

    /// Draws each output whose own frame clock made a frame due.
    func frameTickDelivered() {
        for deck in decks { deck.pacer.frameTickDelivered() }
    }

    /// The first output went to `screen`: the mirrors follow it.
    func mainScreenChanged(to screen: String) {
        for deck in decks { deck.follow(screen) }
    }

    /// The panels go dark together and wake together.
    func setDark(_ dark: Bool) {
        self.dark = dark
        for deck in decks { deck.setDark(dark) }
    }

    /// True when no output's animation wants ticks.
    var animationsAtRest: Bool { decks.allSatisfy(\.pacer.animationsAtRest) }

    /// Closes every output (the daemon stops).
    func stop() {
        for deck in decks {
            input.removeSources(of: deck.name)
            deck.stop()
        }
        decks = []
    }
}
