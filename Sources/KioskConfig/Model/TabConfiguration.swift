/// `[[tabs.tab]]`: one button of the tab bar.
public struct TabConfiguration: Hashable, Sendable {
    /// The name of the screen this tab shows.
    public var screen: String
    /// Nil: the screen's title.
    public var title: String?

    public init(screen: String, title: String? = nil) {
        self.screen = screen
        self.title = title
    }

    init(reading table: TableReader) {
        screen = table.nonEmptyString("screen") ?? ""
        if !table.contains("screen") {
            table.diagnostics.keyError("\(table.tableName) needs a 'screen' key: the name of the screen it shows",
                                       at: table.path)
        }
        title = table.string("title")
        table.finishReading()
    }
}
