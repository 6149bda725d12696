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
        size = table.formatted("size", expected: "a size \"WxH\"", parse: PixelSize.init(parsing:)) ?? size
        refreshRate = table.number("refresh-rate", default: refreshRate, in: 1...240)
        buffers = table.integer("buffers", default: buffers, in: 2...3)
        waitForOutput = table.bool("wait-for-output", default: waitForOutput)
        table.finishReading()
    }
}
