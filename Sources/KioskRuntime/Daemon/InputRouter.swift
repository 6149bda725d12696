import KioskEngine
import KioskInput
import Logging

/// Takes touches from every source (touch devices through the event loop, a replay through its
/// timer) to the scene, after the wake filter: a touch that wakes a dimmed or dark panel only wakes it.
final class InputRouter {
    private let context: DaemonContext
    private unowned let sceneHost: SceneHost
    private unowned let idle: IdleController
    private unowned let power: PowerController
    private unowned let pacer: RenderPacer
    /// The live sources, for the descriptors they hold, with the output beside the first their touches go to (nil: the first).
    private var sources: [(source: any TouchSource, output: OutputDeck?)] = []
    /// The touches that woke a dimmed or dark panel: they only wake it, they do not swipe.
    private var wakingTouches: Set<Int> = []
    /// Count the touches that change the picture, for a replay's latency report.
    var measuresLatency = false
    /// Devices came or went.
    var onDevicesChanged: () -> Void = {}
    /// Called with the number of touch events each batch brings, before they are handled.
    var onTouches: (Int) -> Void = { _ in }
    /// Sees each touch of the first output before its scene does (web pages follow theirs).
    var onSceneTouch: (TouchEvent) -> Void = { _ in }

    init(context: DaemonContext, sceneHost: SceneHost, idle: IdleController, power: PowerController, pacer: RenderPacer) {
        self.context = context
        self.sceneHost = sceneHost
        self.idle = idle
        self.power = power
        self.pacer = pacer
    }

    private var loop: EventLoop { context.loop }
    private var logger: Logger { context.logger }

    /// Open touch devices' paths, from every source that has devices (the touch monitor).
    var openDevices: [String] {
        sources.flatMap(\.source.openDevices)
    }

    /// Watches `source`'s descriptors; its touches go to the scene from now on (to `output`'s, when given).
    func add(_ source: any TouchSource, output: OutputDeck? = nil) throws {
        for descriptor in source.fileDescriptors {
            try loop.watch(descriptor) { [unowned self, unowned source] in readable(descriptor, of: source, output: output) }
        }
        sources.append((source, output))
    }

    /// Forgets every live source of the first output (a reload with other `[input]` settings).
    func removeSources() {
        for entry in sources where entry.output == nil { entry.source.fileDescriptors.forEach(loop.unwatch) }
        sources.removeAll { $0.output == nil }
    }

    /// Forgets the sources whose touches go to the output `name`.
    func removeSources(of name: String) {
        for entry in sources where entry.output?.name == name { entry.source.fileDescriptors.forEach(loop.unwatch) }
        sources.removeAll { $0.output?.name == name }
    }

    private func readable(_ descriptor: Int32, of source: any TouchSource, output: OutputDeck?) {
        let update = source.readReady(fileDescriptor: descriptor)
        for message in update.messages { logger.notice("\(message)") }
        for warning in update.warnings { logger.warning("\(warning)") }
        // Removals first: a closed descriptor's number can come straight back for a new device.
        update.removedFileDescriptors.forEach(loop.unwatch)
        for added in update.addedFileDescriptors {
            do {
                try loop.watch(added) { [unowned self, unowned source] in readable(added, of: source, output: output) }
            } catch {
                logger.error("cannot watch a new touch device: \(error)")
            }
        }
        if !update.addedFileDescriptors.isEmpty || !update.removedFileDescriptors.isEmpty { onDevicesChanged() }
        deliver(update.touches, to: output)
    }

    /// Takes `touches` from any source to the scene (`output`'s, when given), or only wakes the panel with them.
    func deliver(_ touches: [TouchEvent], to output: OutputDeck? = nil) {
        guard !touches.isEmpty else { return }
        onTouches(touches.count)
        let wasAsleep = power.state != .awake
        power.touched()
        idle.touched()
        let container = sceneHost.container
        for touch in touches {
            // Every finger down while the panel was dim or dark, and any landing with it, only wakes it.
            if wasAsleep || (touch.phase == .began && context.clock.now - power.wokeAt < 0.05) { wakingTouches.insert(touch.id) }
            if wakingTouches.contains(touch.id) {
                if touch.phase == .ended || touch.phase == .cancelled { wakingTouches.remove(touch.id) }
                continue
            }
            context.eventsLog?.touch(touch, t: context.logTime(touch.time))
            if let output {
                output.sceneHost.container.handle(touch)
                continue
            }
            onSceneTouch(touch)
            guard measuresLatency else {
                container.handle(touch)
                continue
            }
            // Latency counts the touches that change the picture; the others never reach the screen.
            let before = ViewTreeSignature.of(sceneHost.scene.rootView)
            container.handle(touch)
            if ViewTreeSignature.of(sceneHost.scene.rootView) != before { pacer.inputChangedPicture(at: touch.time) }
        }
        idle.reschedule()
        let target = output?.pacer ?? pacer
        target.requestFrame()
        target.renderIfIdle()
    }
}
