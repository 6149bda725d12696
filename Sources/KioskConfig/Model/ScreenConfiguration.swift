import KioskEngine

/// `[[screen]]`: one page of the kiosk; swipes move between screens in file order.
public struct ScreenConfiguration: Hashable, Sendable {
    /// Unique; tabs, buttons and `home` refer to screens by it.
    public var name: String
    /// Shown on the screen's tab; nil: the name.
    public var title: String?
    public var background: ScreenBackground = .transparent
    /// The indicator's colour while this screen is up; nil: `[indicator] color`.
    public var indicatorColor: Color?
    /// Back to front.
    public var elements: [ElementConfiguration] = []

    public init(name: String, title: String? = nil, background: ScreenBackground = .transparent,
                indicatorColor: Color? = nil, elements: [ElementConfiguration] = []) {
        self.name = name
        self.title = title
        self.background = background
        self.indicatorColor = indicatorColor
        self.elements = elements
    }

    /// The title, or the name when there is none.
    public var displayTitle: String { title ?? name }

    init(reading table: TableReader) {
        name = table.nonEmptyString("name") ?? ""
        if !table.contains("name") {
            table.diagnostics.keyError("\(table.tableName) needs a 'name'", at: table.path)
        }
        title = table.string("title")
        background = table.formatted("background", expected: "\"transparent\" or a colour \"#RRGGBB\" / \"#RRGGBBAA\"",
                                     parse: ScreenBackground.init(parsing:)) ?? background
        indicatorColor = table.color("indicator-color")
        elements = table.tables("element").map(ElementConfiguration.init(reading:))
        table.finishReading()
    }
}
