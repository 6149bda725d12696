// Every camera pixel-format converter on arbitrary frames: the driver's width, height and line
// length are as untrusted as its bytes. Input: format (1 byte), width and height (2 bytes each),
// bytes per line (4 bytes), then the frame. Converted into a display-size frame, or refused.
import KioskEngine
import KioskOptions
@testable import KioskCamera

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCameraFormats(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    guard input.count >= 9 else { return 0 }
    func number(_ offset: Int, _ count: Int) -> Int {
        input[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }
    let formats = CameraPixelFormat.allCases
    let frame = CapturedFrame(pixelFormat: formats[Int(input[0]) % formats.count], width: number(1, 2),
                              height: number(3, 2), bytesPerLine: number(5, 4),
                              bytes: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(input)[9...]))
    let destination = PixelBuffer(width: 64, height: 48)
    try? FrameConverter(source: "/dev/video-fuzz").convert(frame, into: destination)
    return 0
}
