import KioskEngine
import KioskInput
import Logging

/// Takes touches from every source (touch devices through the event loop, a replay through its
/// timer) to the scene of the output each source belongs to, after the wake filter: a touch that
/// wakes a dimmed or dark panel only wakes it.
final class InputRouter {
    private let context: DaemonContext
    private unowned let outputs: OutputSet
    private unowned let idle: IdleController
    private unowned let power: PowerController
    /// The live sources, for the descriptors they hold, with the output their touches go to.
    private var sources: [(source: any TouchSource, output: Output)] = []
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

    init(context: DaemonContext, outputs: OutputSet, idle: IdleController, power: PowerController) {
        self.context = context
        self.outputs = outputs
        self.idle = idle
        self.power = power
    }

    private var loop: EventLoop { context.loop }
    private var logger: Logger { context.logger }

    /// Open touch devices' paths, from every source that has devices (the touch monitor).
    var openDevices: [String] {
        sources.flatMap(\.source.openDevices)
    }

    /// Watches `source`'s descriptors; its touches go to `output`'s scene from now on.
    func add(_ source: any TouchSource, output: Output) throws {
        for descriptor in source.fileDescriptors {
            try loop.watch(descriptor) { [unowned self, unowned source] in readable(descriptor, of: source, output: output) }
        }
        sources.append((source, output))
    }

    /// Forgets the sources whose touches go to `output`.
    func removeSources(of output: Output) {
        for entry in sources where entry.output === output { entry.source.fileDescriptors.forEach(loop.unwatch) }
        sources.removeAll { $0.output === output }
    }

    private func readable(_ descriptor: Int32, of source: any TouchSource, output: Output) {
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

    /// Takes `touches` from any source to `output`'s scene (the first's when nil), or only wakes the panel with them.
    func deliver(_ touches: [TouchEvent], to output: Output? = nil) {
        let output = output ?? outputs.first
        guard !touches.isEmpty else { return }
        onTouches(touches.count)
        let wasAsleep = power.state != .awake
        power.touched()
        idle.touched()
        let sceneHost = output.sceneHost, container = sceneHost.container
        let isFirst = output === outputs.first
        for touch in touches {
            // Every finger down while the panel was dim or dark, and any landing with it, only wakes it.
            if wasAsleep || (touch.phase == .began && context.clock.now - power.wokeAt < 0.05) { wakingTouches.insert(touch.id) }
            if wakingTouches.contains(touch.id) {
                if touch.phase == .ended || touch.phase == .cancelled { wakingTouches.remove(touch.id) }
                continue
            }
            context.eventsLog?.touch(touch, t: context.logTime(touch.time))
            if isFirst { onSceneTouch(touch) }
            guard measuresLatency else {
                container.handle(touch)
                continue
            }
            // Latency counts the touches that change the picture; the others never reach the screen.
            let before = ViewTreeSignature.of(sceneHost.scene.rootView)
            container.handle(touch)
            if ViewTreeSignature.of(sceneHost.scene.rootView) != before { output.pacer.inputChangedPicture(at: touch.time) }
        }
        idle.reschedule()
        output.pacer.requestFrame()
        output.pacer.renderIfIdle()
    }
}
