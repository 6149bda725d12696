import KioskEngine

/// `type = "image"`: a PNG or JPEG file.
public struct ImageElement: Hashable, Sendable {
    public var path: String
    public var fit: ImageFit = .contain
    public var cornerRadius: Double = 0

    public init(path: String, fit: ImageFit = .contain, cornerRadius: Double = 0) {
        self.path = path
        self.fit = fit
        self.cornerRadius = cornerRadius
    }

    init(reading table: TableReader) {
        path = table.filePath("path") ?? ""
        if !table.contains("path") {
            table.diagnostics.keyError("an image element needs 'path': a PNG or JPEG file", at: table.path)
        }
        fit = table.choice("fit", default: fit)
        cornerRadius = table.number("corner-radius", default: cornerRadius, in: 0...8192)
    }
}
