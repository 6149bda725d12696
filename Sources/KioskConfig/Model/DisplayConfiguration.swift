import KioskEngine
import KioskOptions

/// `[display]`: where frames go.
public struct DisplayConfiguration: Hashable, Sendable {
    public var backend: DisplayBackend = .auto
    /// DRM card (`/dev/dri/card0`) or framebuffer (`/dev/fb0`); nil: the first one that works.
    public var device: String?
    /// DRM connector name such as `"HDMI-A-1"`; nil: the first connected one.
    public var connector: String?
    /// Nil: the connector's preferred mode.
    public var mode: ModeRequest?
    public var rotation: Rotation = .none
    /// The headless backend's frame size.
    public var size = PixelSize(width: 1280, height: 800)
    /// The headless backend's frame rate, in Hz.
    public var refreshRate: Double = 60
    /// Scan-out buffers: 2 (double) or 3 (triple buffering).
    public var buffers = 2
    /// `[[display.output]]`: several panels. Empty: the one display `[display]` describes. The
    /// first is that display (its settings are copied into `connector`, `mode`, `size` and `rotation`).
    public var outputs: [OutputConfiguration] = []

    /// The outputs opened beside the first one; a reload adds and removes these.
    public var secondaryOutputs: [OutputConfiguration] { Array(outputs.dropFirst()) }

    /// This `[display]` without its `[[display.output]]` tables (a restart compares the first on its own).
    public var withoutOutputs: DisplayConfiguration {
        var table = self
        table.outputs = []
        return table
    }
    /// Whether the camera may be scanned out from a KMS plane of its own under the UI (DRM with atomic only).
    public var planes: DisplayPlanes = .auto
    /// DRM with no connector connected: start anyway and light the panel when one is plugged in
    /// (true), or fail so `auto` falls back to fbdev or headless (false).
    public var waitForOutput = true

    /// The panel size the file asks for: `mode`'s, else `size` (the headless frame's and the
    /// desktop window's size; a DRM panel without `mode` uses its connector's preferred mode).
    public var panelSize: PixelSize { mode?.size ?? size }

    /// Every setting at its default, as an omitted section reads.
    public init() {}

    init(reading table: TableReader) {
        backend = table.choice("backend", default: backend)
        device = table.nonEmptyString("device")
        connector = table.nonEmptyString("connector")
        mode = table.formatted("mode", expected: "a mode \"WxH\" or \"WxH@Hz\"", parse: ModeRequest.init(parsing:))
        rotation = table.integerChoice("rotation", default: rotation)
        size = table.formatted("size", expected: "a size \"WxH\"", default: size, parse: PixelSize.init(parsing:))
        refreshRate = table.number("refresh-rate", default: refreshRate, in: 1...240)
        buffers = table.integer("buffers", default: buffers, in: 2...3)
        var outputTables = table.tables("output")
        if outputTables.count > ConfigBounds.maximumOutputs {
            let limit = ConfigBounds.maximumOutputs
            table.diagnostics.keyError("[[display.output]] \(limit + 1) is more than the \(limit) outputs a kiosk may drive"
                                       + " (each runs its own display thread and buffers); use fewer outputs",
                                       at: outputTables[limit].path)
            outputTables = Array(outputTables.prefix(limit))
        }
        outputs = outputTables.map(OutputConfiguration.init(reading:))
        planes = table.choice("planes", default: planes)
        waitForOutput = table.bool("wait-for-output", default: waitForOutput)
        table.finishReading()
        checkOutputs(table)
        if let first = outputs.first {
            if first.connector != "*" && !first.connector.isEmpty { connector = first.connector }
            mode = first.mode ?? mode
            size = first.size ?? size
            rotation = first.rotation
        }
    }

    /// Connectors are unique (`"*"` once), and the first output shows the touch deck.
    private func checkOutputs(_ table: TableReader) {
        let path = table.path.appending("output")
        var seen: Set<String> = []
        for (index, output) in outputs.enumerated() where !output.connector.isEmpty {
            if !seen.insert(output.connector).inserted {
                table.diagnostics.valueError("[[display.output]] \(index + 1): connector \"\(MessageText.shortened(output.connector))\" "
                                             + "is already used by an earlier output; give each output its own connector",
                                             at: path.appending(index: index).appending("connector"))
            }
        }
        if let first = outputs.first, first.screens != .main {
            table.diagnostics.valueError("[[display.output]] 1 shows the touch deck: its screens must be \"main\"; "
                                         + "give the list to a later output", at: path.appending(index: 0).appending("screens"))
        }
        for key in ["connector", "mode", "rotation"] where table.contains(key) && !outputs.isEmpty {
            table.diagnostics.warning("[display] \(key) is replaced by the first [[display.output]]'s; write it there",
                                      at: table.path.appending(key))
        }
    }
}
