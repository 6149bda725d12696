import CKioskPixels
import KioskEngine

extension PixelRect {
    /// The rectangle as the pixel kernels take it: [x1, x2) across, [y1, y2) down.
    var kioskBox: kiosk_box {
        kiosk_box(x1: Int32(x), y1: Int32(y), x2: Int32(x + width), y2: Int32(y + height))
    }
}
