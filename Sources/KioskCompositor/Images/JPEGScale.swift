import CTurboJPEG
import KioskEngine

/// Which of libjpeg-turbo's reductions (1/1 down to 1/8) a JPEG is decoded at.
enum JPEGScale {
    /// The smallest reduction of a `width`x`height` picture that still covers `target` on both
    /// sides and stays within `ImageFileHeader.maximumDecodedPixels`; the full size without a target.
    static func choose(width: Int, height: Int, covering target: Size?) -> (width: Int, height: Int) {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count), count > 0 else { return (width, height) }
        // Reductions only, largest result first.
        let sizes = UnsafeBufferPointer(start: factors, count: Int(count))
            .filter { $0.num > 0 && $0.denom > 0 && $0.num <= $0.denom }
            .map { (width: scaled(width, $0), height: scaled(height, $0)) }
            .sorted { $0.width > $1.width }
        let allowed = sizes.filter { $0.width * $0.height <= ImageFileHeader.maximumDecodedPixels }
        guard let largest = allowed.first else { return sizes.last ?? (width, height) }
        guard let target else { return largest }
        return allowed.last { Double($0.width) >= target.width && Double($0.height) >= target.height } ?? largest
    }

    /// libjpeg-turbo's TJSCALED: the side rounded up.
    private static func scaled(_ side: Int, _ factor: tjscalingfactor) -> Int {
        (side * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
    }
}
