import KioskEngine

/// Copies the damaged rectangles of a frame into scan-out memory, row by row.
enum DamageCopy {
    /// Copies each rectangle of `frame`, clipped to both the frame and the target, to `target`
    /// (`targetWidth` x `targetHeight` pixels, `targetPitch` bytes per row). Returns the pixels copied.
    @discardableResult
    static func copy(
        _ rects: [PixelRect], from frame: PixelBuffer,
        to target: UnsafeMutableRawPointer, targetPitch: Int, targetWidth: Int, targetHeight: Int
    ) -> Int {
        let limit = PixelRect(x: 0, y: 0, width: min(frame.width, targetWidth), height: min(frame.height, targetHeight))
        let source = UnsafeRawPointer(frame.pixels)
        var copied = 0
        for rect in rects {
            guard let area = rect.intersection(limit) else { continue }
            let rowBytes = area.width * 4
            for row in area.y..<area.maxY {
                let from = source + row * frame.stride + area.x * 4
                let to = target + row * targetPitch + area.x * 4
                to.copyMemory(from: from, byteCount: rowBytes)
            }
            copied += area.area
        }
        return copied
    }
}
