import KioskEngine

/// The largest display and element the kiosk draws, 8192 pixels a side (an 8K panel's 7680x4320
/// fits; the number of screens is bounded before parsing, in `ConfigBounds`). A side past it would ask for gigabytes in one surface (a
/// 16384x16384 display is a 1 GiB frame, several times over), so such a file is refused where
/// it says so, before anything is drawn or allocated. Documented in Config/kiosk.toml.
struct SizeBounds {
    /// The most pixels a display side or an element side may have.
    static let maximumSide = 8192

    let fileName: String
    let locator: SourceLocator

    func diagnostics(for configuration: KioskConfiguration) -> [ConfigDiagnostic] {
        var found: [ConfigDiagnostic] = []
        let display = ConfigPath.root.appending("display")
        var sizes = [("size", configuration.display.size)]
        if let mode = configuration.display.mode { sizes.append(("mode", mode.size)) }
        for (key, size) in sizes where size.width > Self.maximumSide || size.height > Self.maximumSide {
            found.append(diagnostic("[display] \(key) \(size) is larger than the \(Self.maximumSide)x\(Self.maximumSide) the kiosk can draw"
                                    + " (one frame would take \(MemoryEstimate.format(4 * size.width * size.height))); use the panel's size",
                                    at: display.appending(key)))
        }
        for (index, screen) in configuration.screens.enumerated() {
            check(screen.elements, at: ConfigPath.root.appending("screen").appending(index: index).appending("element"), into: &found)
        }
        return found
    }

    private func check(_ elements: [ElementConfiguration], at path: ConfigPath, into found: inout [ConfigDiagnostic]) {
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index: index)
            let width = element.frame.width ?? 0, height = element.frame.height ?? 0
            if width > Double(Self.maximumSide) || height > Double(Self.maximumSide) {
                let key = width > Double(Self.maximumSide) ? "width" : "height"
                let bytes = 4 * Int(width) * Int(height)
                found.append(diagnostic("the element is \(TableReader.format(width))x\(TableReader.format(height)) pixels;"
                                        + " each side may be at most \(Self.maximumSide)"
                                        + (bytes > 0 ? " (its surface alone would take \(MemoryEstimate.format(bytes)))" : ""),
                                        at: elementPath.appending(key)))
            }
            if case .scroll(let scroll) = element.kind {
                check(scroll.content, at: elementPath.appending("content"), into: &found)
            }
        }
    }

    private func diagnostic(_ message: String, at path: ConfigPath) -> ConfigDiagnostic {
        ConfigDiagnostic(file: fileName, position: locator.valuePosition(of: path) ?? SourcePosition(line: 1, column: 1), message: message)
    }
}
