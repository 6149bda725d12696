import Glibc
import KioskWebProtocol

/// An exported WebKit frame: 4-byte pixels (ARGB8888, or XRGB8888 when `opaque`).
struct WebFrameSource {
    let pixels: UnsafeRawPointer
    let stride: Int
    let width: Int
    let height: Int
    let opaque: Bool
}

/// Brings a slot up to date with a new frame and finds what changed against the slot on screen.
enum WebFrameCopy {
    /// Copies `source` into `target` (only rows that differ are written) and returns the damage:
    /// runs of changed rows, each as wide as its changed pixels, against `shown` (the whole view
    /// when nothing is shown yet). A source of another size fills what overlaps.
    static func copy(_ source: WebFrameSource, into target: UnsafeMutableRawPointer, shown: UnsafeRawPointer?,
                     width: Int, height: Int, stride: Int) -> [WebRect] {
        let columns = min(width, source.width), rows = min(height, source.height)
        let rowBytes = columns * 4
        var damage: [WebRect] = []
        var run: (top: Int, left: Int, right: Int)?
        func closeRun(at bottom: Int) {
            if let open = run {
                damage.append(WebRect(x: Int32(open.left), y: Int32(open.top), width: Int32(open.right - open.left),
                                      height: Int32(bottom - open.top)))
            }
            run = nil
        }
        for y in 0..<rows {
            let from = source.pixels + y * source.stride
            let to = target + y * stride
            if source.opaque {
                let input = from.assumingMemoryBound(to: UInt32.self), output = to.assumingMemoryBound(to: UInt32.self)
                for x in 0..<columns { output[x] = input[x] | 0xFF00_0000 }
            } else if memcmp(from, to, rowBytes) != 0 {
                memcpy(to, from, rowBytes)
            }
            guard let shown else { continue }
            let screen = shown + y * stride
            guard memcmp(to, screen, rowBytes) != 0 else {
                closeRun(at: y)
                continue
            }
            let new = UnsafeRawPointer(to).assumingMemoryBound(to: UInt32.self), old = screen.assumingMemoryBound(to: UInt32.self)
            var left = 0
            while new[left] == old[left] { left += 1 }
            var right = columns
            while new[right - 1] == old[right - 1] { right -= 1 }
            if let open = run {
                run = (open.top, min(open.left, left), max(open.right, right))
            } else {
                run = (y, left, right)
            }
        }
        closeRun(at: rows)
        if shown == nil { return [WebRect(x: 0, y: 0, width: Int32(width), height: Int32(height))] }
        return damage
    }
}
