import KioskEngine

/// Copies the damaged rectangles of a frame into scan-out memory, row by row.
enum DamageCopy {
    /// Copies each rectangle of `frame`, clipped to both the frame and the target, to `target`
    /// (`targetWidth` x `targetHeight` pixels, `targetPitch` bytes per row), the frame's pixel
    /// (x, y) landing on (x + `offsetX`, y + `offsetY`). Returns the pixels copied.
    @discardableResult
    static func copy(
        _ rects: [PixelRect], from frame: PixelBuffer,
        to target: UnsafeMutableRawPointer, targetPitch: Int, targetWidth: Int, targetHeight: Int,
        offsetX: Int = 0, offsetY: Int = 0
    ) -> Int {
        // The part of the frame, in its own coordinates, that lands inside the target.
        let frameBounds = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
        guard let limit = frameBounds.intersection(
            PixelRect(x: -offsetX, y: -offsetY, width: targetWidth, height: targetHeight)) else { return 0 }
        let source = UnsafeRawPointer(frame.pixels)
        var copied = 0
        for rect in rects {
            guard let area = rect.intersection(limit) else { continue }
            let rowBytes = area.width * 4
            for row in area.y..<area.maxY {
                let from = source + row * frame.stride + area.x * 4
                let to = target + (row + offsetY) * targetPitch + (area.x + offsetX) * 4
                to.copyMemory(from: from, byteCount: rowBytes)
            }
            copied += area.area
        }
        return copied
    }
}
