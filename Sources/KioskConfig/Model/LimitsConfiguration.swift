/// `[limits]`: what a config may cost the machine it runs on.
public struct LimitsConfiguration: Hashable, Sendable {
    /// The most memory the kiosk may need, in bytes (`memory = "256M"`); nil: half the machine's
    /// RAM (`MemoryBudget.defaultBytes`).
    public var memoryBytes: Int?

    /// Every setting at its default, as an omitted section reads.
    public init(memoryBytes: Int? = nil) {
        self.memoryBytes = memoryBytes
    }

    init(reading table: TableReader) {
        memoryBytes = table.formatted("memory", expected: "a size such as \"256M\", \"1G\" or \"1536K\" (at least 16M)",
                                      parse: Self.parseSize)
        table.finishReading()
    }

    /// Bytes from "256M", "1G", "1536K", "1.5G" or a plain number of bytes (K, M, G are 1024-based);
    /// nil for anything else, or below 16 MiB (not enough for any kiosk).
    public static func parseSize(_ text: String) -> Int? {
        var digits = Substring(text)
        var unit = 1.0
        if let last = digits.last?.uppercased() {
            let units: [String: Double] = ["K": 1024, "M": 1024 * 1024, "G": 1024 * 1024 * 1024]
            if let scale = units[last] {
                unit = scale
                digits = digits.dropLast()
                if digits.last == "i" || digits.last == "I" { return nil }
            } else if last == "B" {
                return nil
            }
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isNumber || $0 == "." }),
              let number = Double(digits), number.isFinite else { return nil }
        let bytes = number * unit
        guard bytes >= Double(16 << 20), bytes < Double(1 << 50) else { return nil }
        return Int(bytes)
    }
}
