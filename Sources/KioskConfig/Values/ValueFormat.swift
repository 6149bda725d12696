import Foundation

/// A printf-style pattern with exactly one conversion: `%d`/`%i` (rounded), `%f`/`%e`/`%g` for a
/// number with the usual flags, width and precision, or a plain `%s` for the text; `%%` is a percent sign.
/// Checked when the config is read, so formatting never meets a pattern it cannot fill.
public struct ValueFormat: Hashable, Sendable {
    public static let expectation = "a pattern with one conversion, e.g. \"%.1f °C\", \"%d %%\" or \"%s\""

    public let pattern: String
    private let prefix: String
    private let conversion: String
    private let suffix: String
    private let kind: Character

    public init?(pattern: String) {
        var prefix = "", suffix = "", conversion = ""
        var kind: Character?
        var scalars = Substring(pattern)
        while let first = scalars.first {
            scalars = scalars.dropFirst()
            guard first == "%" else {
                if kind == nil { prefix.append(first) } else { suffix.append(first) }
                continue
            }
            if scalars.first == "%" {
                scalars = scalars.dropFirst()
                if kind == nil { prefix.append("%") } else { suffix.append("%") }
                continue
            }
            guard kind == nil else { return nil }
            var spec = "%"
            while let c = scalars.first, "-+ 0#".contains(c) { spec.append(c); scalars = scalars.dropFirst() }
            var width = ""
            while let c = scalars.first, c.isASCII, c.isNumber { width.append(c); scalars = scalars.dropFirst() }
            spec += width
            if scalars.first == "." {
                spec.append("."); scalars = scalars.dropFirst()
                var precision = ""
                while let c = scalars.first, c.isASCII, c.isNumber { precision.append(c); scalars = scalars.dropFirst() }
                guard (Int(precision) ?? 0) <= 20 else { return nil }
                spec += precision
            }
            guard (Int(width) ?? 0) <= 64, let c = scalars.first, "dieEfgGs".contains(c), c != "s" || spec == "%" else { return nil }
            scalars = scalars.dropFirst()
            kind = c
            conversion = spec
        }
        guard let kind else { return nil }
        self.pattern = pattern
        self.prefix = prefix
        self.suffix = suffix
        self.conversion = conversion
        self.kind = kind
    }

    /// `text` through the pattern; nil when the pattern wants a number and `text` is not one.
    public func apply(to text: String) -> String? {
        let body: String
        switch kind {
        case "s":
            body = text
        case "d", "i":
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite,
                  abs(number) < 9.2e18 else { return nil }
            body = String(format: conversion + "lld", Int64(number.rounded()))
        default:
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else { return nil }
            body = String(format: conversion + String(kind), number)
        }
        return prefix + body + suffix
    }
}
