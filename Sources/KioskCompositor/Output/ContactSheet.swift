import CPixman
import KioskEngine

/// Lays frames out in a grid, each scaled to one cell and labelled with its number: one picture
/// that shows a whole transition at a glance.
public struct ContactSheet {
    public var columns: Int
    /// Width of one cell; the height follows the first frame's aspect ratio.
    public var cellWidth: Int
    public var gap: Int
    /// Number printed on the first frame; later frames count up from it.
    public var firstNumber: Int

    public init(columns: Int = 5, cellWidth: Int = 320, gap: Int = 4, firstNumber: Int = 0) {
        self.columns = max(columns, 1)
        self.cellWidth = max(cellWidth, 8)
        self.gap = max(gap, 0)
        self.firstNumber = firstNumber
    }

    /// - Parameter numbers: the label of each frame; consecutive from `firstNumber` when nil.
    public func make(_ frames: [PixelBuffer], numbers: [Int]? = nil) -> PixelBuffer {
        guard let first = frames.first, first.width > 0, first.height > 0 else { return PixelBuffer(width: 1, height: 1) }
        let cellHeight = max(cellWidth * first.height / first.width, 1)
        let rows = (frames.count + columns - 1) / columns
        let sheet = PixelBuffer(width: gap + columns * (cellWidth + gap), height: gap + rows * (cellHeight + gap))
        sheet.fill(0xFF20_2020)
        let sheetImage = PixmanImage(sheet, opaque: true)
        for (index, frame) in frames.enumerated() {
            let x = gap + (index % columns) * (cellWidth + gap), y = gap + (index / columns) * (cellHeight + gap)
            let source = PixmanImage(frame, opaque: true)
            let scale = ProjectiveMatrix.scale(Double(cellWidth) / Double(frame.width), Double(cellHeight) / Double(frame.height))
                .concatenating(.translation(Double(x), Double(y)))
            source.setTransform(scale.pixmanSourceTransform)
            source.setFilter(bilinear: true)
            pixman_image_composite32(PIXMAN_OP_SRC, source.raw, nil, sheetImage.raw, Int32(x), Int32(y), 0, 0,
                                     Int32(x), Int32(y), Int32(cellWidth), Int32(cellHeight))
        }
        let size = max(Double(cellHeight) / 8, 10)
        let shaper = TextShaper()
        // Dark outline under white fill: readable on any frame. The outline is the glyphs' coverage
        // grown by half a stroke, as a stroke of the outlines drew it.
        let outline = max(size / 6, 2) / 2
        for index in frames.indices {
            let label = TextContent(String(numbers?[index] ?? firstNumber + index), fontSize: size,
                                    alignment: .left, bold: true, fontFamily: "DejaVu Sans")
            let layout = shaper.layout(label, width: Double(cellWidth), height: size * 1.5)
            let pad = Int(outline.rounded(.up))
            let glyphs = layout.coverage(width: cellWidth + 2 * pad, height: Int((size * 1.5).rounded(.up)) + 2 * pad, x: pad, y: pad)
            let x = gap + (index % columns) * (cellWidth + gap) + Int((size / 3).rounded()) - pad
            let y = gap + (index / columns) * (cellHeight + gap) - pad
            glyphs.dilated(by: outline).fill(sheet, with: Color(red: 0, green: 0, blue: 0, alpha: 0.8), x: x, y: y)
            glyphs.fill(sheet, with: .white, x: x, y: y)
        }
        return sheet
    }
}
