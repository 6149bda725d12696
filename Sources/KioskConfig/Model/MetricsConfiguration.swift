/// `[metrics]`: the Prometheus text file node_exporter's textfile collector reads.
public struct MetricsConfiguration: Hashable, Sendable {
    /// Where the metrics are written (write-then-rename); nil: no file.
    public var textfile: String?
    /// Seconds between writes.
    public var interval: Double = 15

    /// Every setting at its default, as an omitted section reads.
    public init() {}

    init(reading table: TableReader) {
        textfile = table.formatted("textfile", expected: "an absolute path ending in .prom") { path in
            path.hasPrefix("/") && path.hasSuffix(".prom") ? path : nil
        }
        interval = table.number("interval", default: interval, in: 1...86_400)
        table.finishReading()
    }
}
