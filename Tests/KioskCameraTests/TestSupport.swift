import Foundation
// channels(_:) and makeTemporaryFolder(), shared with the process tests.
@_exported import KioskTestFixtures
import KioskCompositor
import KioskEngine
import KioskOptions
@testable import KioskCamera

/// A scripted capture device behind the same protocol as the real V4L2 one.
final class FakeCaptureDevice: CaptureDevice {
    enum Delivery {
        case frame([UInt8])
        case flaggedCorrupt([UInt8])
        case timeout
        case gone
    }

    let path: String
    /// Results of successive `open()` calls; the last one repeats.
    var openResults: [Result<CaptureFormat, CameraError>]
    /// What successive waits for a frame yield; an empty script times out.
    var deliveries: [Delivery] = []
    private(set) var openCount = 0
    private(set) var closeCount = 0
    private(set) var isOpen = false
    private var openFormat: CaptureFormat?
    /// Frames come with a lease on their buffer, as from a V4L2 device exporting DMABUF.
    var exportsBuffers = false
    /// Indices of the buffers whose leases were let go, in order (the real device queues them again).
    let returned = ReturnedIndices()
    private var delivered = 0

    init(path: String = "/dev/video9", openResults: [Result<CaptureFormat, CameraError>]) {
        self.path = path
        self.openResults = openResults
    }

    func open() throws(CameraError) -> CaptureFormat {
        openCount += 1
        let result = openResults.count > 1 ? openResults.removeFirst() : openResults[0]
        switch result {
        case .success(let format):
            isOpen = true
            openFormat = format
            return format
        case .failure(let error):
            throw error
        }
    }

    func withNextFrame(timeout: Double, _ body: (CapturedFrame) throws(CameraError) -> Void) throws(CameraError) -> Bool {
        guard isOpen, let format = openFormat else { throw .deviceGone(device: path) }
        guard !deliveries.isEmpty else { return false }
        let delivery = deliveries.removeFirst()
        let bytes: [UInt8], flagged: Bool
        switch delivery {
        case .timeout: return false
        case .gone: throw .deviceGone(device: path)
        case .frame(let data): (bytes, flagged) = (data, false)
        case .flaggedCorrupt(let data): (bytes, flagged) = (data, true)
        }
        let failure: CameraError?
        if exportsBuffers {
            let storage = LeasedBytes(bytes)
            let index = delivered, returned = self.returned
            delivered += 1
            let lease = CaptureLease(id: CaptureBufferID(stream: 1, index: index), dmabufDescriptor: Int32(100 + index),
                                     pixelFormat: format.pixelFormat, size: PixelSize(width: format.width, height: format.height),
                                     bytesPerLine: format.bytesPerLine, bytes: UnsafeRawBufferPointer(storage.bytes), owner: storage,
                                     onRelease: { returned.append(index) })
            failure = Self.lend(CapturedFrame(pixelFormat: format.pixelFormat, width: format.width, height: format.height,
                                              bytesPerLine: format.bytesPerLine, bytes: UnsafeRawBufferPointer(storage.bytes),
                                              isFlaggedCorrupt: flagged, lease: lease), to: body)
        } else {
            failure = bytes.withUnsafeBytes { raw in
                Self.lend(CapturedFrame(pixelFormat: format.pixelFormat, width: format.width, height: format.height,
                                        bytesPerLine: format.bytesPerLine, bytes: raw, isFlaggedCorrupt: flagged), to: body)
            }
        }
        if let failure { throw failure }
        return true
    }

    func close() {
        if isOpen { closeCount += 1 }
        isOpen = false
    }

    private static func lend(_ frame: CapturedFrame, to body: (CapturedFrame) throws(CameraError) -> Void) -> CameraError? {
        do throws(CameraError) {
            try body(frame)
            return nil
        } catch {
            return error
        }
    }
}

/// A leased frame's bytes, freed with the lease.
final class LeasedBytes {
    let bytes: UnsafeMutableRawBufferPointer

    init(_ contents: [UInt8]) {
        bytes = .allocate(byteCount: max(contents.count, 1), alignment: 16)
        bytes.copyBytes(from: contents)
    }

    deinit { bytes.deallocate() }
}

/// Buffer indices handed back, from whichever thread lets a lease go.
final class ReturnedIndices: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int] = []

    func append(_ index: Int) { lock.withLock { values.append(index) } }
    var all: [Int] { lock.withLock { values } }
}

/// Collects log lines on the test's thread.
final class LogRecorder {
    private(set) var lines: [String] = []
    func record(_ line: String) { lines.append(line) }
}

/// BT.601 limited-range YUV of a few colours.
enum StudioYUV {
    static let red: (y: UInt8, u: UInt8, v: UInt8) = (81, 90, 240)
    static let green: (y: UInt8, u: UInt8, v: UInt8) = (145, 54, 34)
    static let blue: (y: UInt8, u: UInt8, v: UInt8) = (41, 240, 110)
    static let grey: (y: UInt8, u: UInt8, v: UInt8) = (126, 128, 128)
}

/// A YUYV frame of one colour.
func solidYUYV(width: Int, height: Int, _ color: (y: UInt8, u: UInt8, v: UInt8)) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<(width / 2 * height) { bytes += [color.y, color.u, color.y, color.v] }
    return bytes
}

/// A solid picture as a JPEG file in a temporary folder.
func writeSolidJPEG(_ color: UInt32, named name: String, in folder: URL, width: Int = 32, height: Int = 16) throws {
    let picture = PixelBuffer(width: width, height: height)
    picture.fill(color)
    guard let jpeg = JPEGEncoder.encode(picture, quality: 98) else { throw CocoaError(.fileWriteUnknown) }
    try Data(jpeg).write(to: folder.appendingPathComponent(name))
}
