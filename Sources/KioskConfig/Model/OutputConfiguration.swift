import KioskEngine
import KioskOptions

/// `[[display.output]]`: one panel of several. The first is the display `[display]` opens (its
/// connector, mode, size and rotation replace `[display]`'s); each later one is opened beside it.
public struct OutputConfiguration: Hashable, Sendable {
    /// The connector's name (`HDMI-A-1`), `"*"` for any other connected one; on the headless
    /// backend a free name that `ctl --output` and `[[input.device]] output` use.
    public var connector: String
    /// Nil: the connector's preferred mode (headless: `size` at `[display] refresh-rate`).
    public var mode: ModeRequest?
    /// The headless frame's size when `mode` is not given; nil: `[display] size`.
    public var size: PixelSize?
    public var rotation: Rotation = .none
    public var screens: OutputScreens = .main
    /// Seconds between steps through its own deck; nil: it stays until told.
    public var cycle: Double?

    /// Longest `cycle`: a day.
    public static let cycleRange = 1.0...86_400

    public init(connector: String, mode: ModeRequest? = nil, size: PixelSize? = nil, rotation: Rotation = .none,
                screens: OutputScreens = .main, cycle: Double? = nil) {
        self.connector = connector
        self.mode = mode
        self.size = size
        self.rotation = rotation
        self.screens = screens
        self.cycle = cycle
    }

    /// The headless frame size: `mode`'s, else `size`, else `fallback` (`[display] size`).
    public func panelSize(default fallback: PixelSize) -> PixelSize {
        mode?.size ?? size ?? fallback
    }

    init(reading table: TableReader) {
        connector = table.nonEmptyString("connector") ?? ""
        if !table.contains("connector") {
            table.diagnostics.keyError("\(table.tableName) needs a 'connector' key: a connector name such as \"HDMI-A-1\", "
                                       + "or \"*\" for any other connected one", at: table.path)
        }
        mode = table.formatted("mode", expected: "a mode \"WxH\" or \"WxH@Hz\"", parse: ModeRequest.init(parsing:))
        size = table.formatted("size", expected: "a size \"WxH\"", parse: PixelSize.init(parsing:))
        rotation = table.integerChoice("rotation", default: rotation)
        screens = Self.readScreens(table) ?? .main
        cycle = table.number("cycle", in: Self.cycleRange)
        if cycle != nil, screens == .main {
            table.valueError("cycle", "only an output with its own deck cycles; give it screens = [\"...\", \"...\"]")
        }
        table.finishReading()
    }

    private static func readScreens(_ table: TableReader) -> OutputScreens? {
        guard let node = table.node("screens", expected: "\"main\" or an array of screen names") else { return nil }
        switch node {
        case .string("main"):
            return .main
        case .string(let text):
            table.valueError("screens", "expected \"main\" (the touch deck) or an array of screen names, found \"\(MessageText.shortened(text))\"")
            return nil
        case .array:
            guard let names = table.strings("screens") else { return nil }
            guard !names.isEmpty else {
                table.valueError("screens", "must name at least one screen, or be \"main\"")
                return nil
            }
            return .deck(names)
        default:
            table.typeError("screens", expected: "\"main\" or an array of screen names", found: node)
            return nil
        }
    }
}
