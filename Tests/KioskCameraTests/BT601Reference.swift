import Foundation

/// BT.601 limited-range YUV to RGB in double precision: the reference libyuv's conversions are held to.
enum BT601Reference {
    static func rgb(y: UInt8, u: UInt8, v: UInt8) -> (red: Int, green: Int, blue: Int) {
        let luma = 255.0 / 219.0 * (Double(y) - 16)
        let cb = Double(u) - 128, cr = Double(v) - 128
        let red = luma + 255.0 / 224.0 * 1.402 * cr
        let green = luma - 255.0 / 224.0 * (1.772 * 0.114 / 0.587) * cb - 255.0 / 224.0 * (1.402 * 0.299 / 0.587) * cr
        let blue = luma + 255.0 / 224.0 * 1.772 * cb
        return (clamp(red), clamp(green), clamp(blue))
    }

    /// The reference as an opaque 0xAARRGGBB pixel.
    static func pixel(y: UInt8, u: UInt8, v: UInt8) -> UInt32 {
        let c = rgb(y: y, u: u, v: v)
        return 0xFF00_0000 | UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)
    }

    private static func clamp(_ value: Double) -> Int {
        Int(min(max(value.rounded(), 0), 255))
    }
}

/// A planar YUV picture with every sample chosen by a fixed pseudo-random sequence over the legal
/// ranges (Y 16...235, U and V 16...240), written out in each capture layout.
struct YUVTestPicture {
    let width: Int
    let height: Int
    /// One Y per pixel; U and V per chroma sample of the layout's grid.
    let luma: [UInt8]
    let chromaU: [UInt8]
    let chromaV: [UInt8]
    let chromaColumns: Int
    let chromaRows: Int

    init(width: Int, height: Int, chromaColumns: Int, chromaRows: Int, seed: UInt64 = 0x5EED) {
        self.width = width
        self.height = height
        self.chromaColumns = chromaColumns
        self.chromaRows = chromaRows
        var state = seed
        func next(_ range: ClosedRange<Int>) -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(range.lowerBound + Int(state >> 33) % (range.count))
        }
        luma = (0..<(width * height)).map { _ in next(16...235) }
        let chromaCount = ((width + chromaColumns - 1) / chromaColumns) * ((height + chromaRows - 1) / chromaRows)
        chromaU = (0..<chromaCount).map { _ in next(16...240) }
        chromaV = (0..<chromaCount).map { _ in next(16...240) }
    }

    private var chromaWidth: Int { (width + chromaColumns - 1) / chromaColumns }

    /// The reference pixel at (x, y).
    func expected(x: Int, y: Int) -> UInt32 {
        let c = (y / chromaRows) * chromaWidth + x / chromaColumns
        return BT601Reference.pixel(y: luma[y * width + x], u: chromaU[c], v: chromaV[c])
    }

    /// Packed 4:2:2 (chroma grid 2x1): YUYV, or UYVY when `lumaFirst` is false.
    func packed422(lumaFirst: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for pair in 0..<(width / 2) {
                let c = y * chromaWidth + pair
                let (y0, y1) = (luma[y * width + pair * 2], luma[y * width + pair * 2 + 1])
                bytes += lumaFirst ? [y0, chromaU[c], y1, chromaV[c]] : [chromaU[c], y0, chromaV[c], y1]
            }
        }
        return bytes
    }

    /// NV12 (chroma grid 2x2): the Y plane, then U and V interleaved.
    func nv12() -> [UInt8] {
        luma + zip(chromaU, chromaV).flatMap { [$0, $1] }
    }

    /// I420 (chroma grid 2x2): the Y plane, then the U plane, then the V plane.
    func i420() -> [UInt8] {
        luma + chromaU + chromaV
    }
}
