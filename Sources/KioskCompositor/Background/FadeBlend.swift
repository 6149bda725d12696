/// The fused pass where the blurred copy fades over the camera: both read, the output written once.
///
/// out = camera x (1 - w) + blurred x w per byte, with w in 256ths. Written over bytes with 16-bit
/// products so the optimiser turns it into plain SIMD multiplies (pmullw) without overflow checks.
enum FadeBlend {
    static func blendRow(camera: UnsafePointer<UInt32>, blurred: UnsafePointer<UInt32>,
                         into output: UnsafeMutablePointer<UInt32>, count: Int, weight: Int) {
        let w = UInt16(min(max(weight, 0), 256)), inverse = 256 &- w
        let a = UnsafeRawPointer(camera).assumingMemoryBound(to: UInt8.self)
        let b = UnsafeRawPointer(blurred).assumingMemoryBound(to: UInt8.self)
        let out = UnsafeMutableRawPointer(output).assumingMemoryBound(to: UInt8.self)
        for i in 0..<(count &* 4) {
            let mixed = UInt16(a[i]) &* inverse &+ UInt16(b[i]) &* w
            out[i] = UInt8(truncatingIfNeeded: mixed &>> 8)
        }
    }
}
