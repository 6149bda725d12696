import CPixman
import Foundation
import KioskCompositor
import KioskEngine

/// A still picture, or a folder of pictures shown in turn with a crossfade, aspect-filled.
///
/// Slide `i` is on screen from `i * interval`; the first `crossfade` seconds of each slide fade it
/// in over the one before, and the show loops. Slides are decoded when first needed and a few are
/// kept, so a large folder does not fill memory. Deterministic in time.
public final class ImageSource: TimedFrameSource {
    public let size: (width: Int, height: Int)
    public let paths: [String]
    public let interval: Double
    public let crossfade: Double
    /// Frames a second while a crossfade runs.
    public let framesPerSecond: Double
    private let describedPath: String
    private let log: (String) -> Void
    private var slides: [Int: PixelBuffer] = [:]
    private var slideUse: [Int] = []
    private var reportedFailures: Set<String> = []
    private let slot: FrameSlot<Picture>

    /// What one frame shows, so an unchanged picture is not drawn (and re-blurred) again.
    private enum Picture: Equatable {
        case still(slide: Int)
        case fading(from: Int, to: Int, weight: Double)
    }

    private static let slidesKept = 3

    public var summary: String {
        paths.count == 1 ? "image \(paths[0])" : "slideshow of \(paths.count) images in \(describedPath)"
    }

    /// - Parameters:
    ///   - path: a PNG/JPEG file, or a folder holding some (taken in name order).
    ///   - log: told once about each slide that cannot be decoded (it shows black instead).
    /// - Throws: `CameraError.badImage` when the path is missing, holds no pictures, or its first
    ///   picture cannot be decoded.
    public init(path: String, width: Int, height: Int, interval: Double = 8, crossfade: Double = 1,
                framesPerSecond: Double = 30, log: @escaping (String) -> Void = { _ in }) throws(CameraError) {
        precondition(width > 0 && height > 0, "image source of size \(width)x\(height)")
        size = (width, height)
        slot = FrameSlot(width: width, height: height)
        paths = try Self.picturePaths(at: path)
        describedPath = path
        self.interval = max(interval, 0.1)
        self.crossfade = min(max(crossfade, 0), self.interval)
        self.framesPerSecond = framesPerSecond > 0 ? framesPerSecond : 30
        self.log = log
        // A broken first picture is a configuration mistake worth stopping for.
        let first = try Self.load(paths[0], width: width, height: height)
        remember(first, at: 0)
    }

    /// The pictures a path names: the file itself, or the folder's PNG/JPEG files in name order.
    public static func picturePaths(at path: String) throws(CameraError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .badImage(path: path, reason: "no such file or folder")
        }
        guard isFolder.boolValue else { return [path] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .badImage(path: path, reason: "cannot list the folder (\(error.localizedDescription))")
        }
        let pictures = names.filter(ImageFileHeader.isPictureName).sorted()
        guard !pictures.isEmpty else {
            throw .badImage(path: path, reason: "the folder holds no .png, .jpg or .jpeg files")
        }
        return pictures.map { (path as NSString).appendingPathComponent($0) }
    }

    /// The picture for `time`; the same buffer and `sequence` as the last call while it is unchanged.
    public func frame(at time: Double) -> PixelBuffer {
        slot.frame(showing: picture(at: time)) { buffer in render(at: time, into: buffer) }
    }

    public func nextChange(after time: Double) -> Double? {
        guard paths.count > 1 else { return nil }
        let (index, phase) = position(at: time)
        if index > 0 && phase < crossfade {
            return min(time + 1 / framesPerSecond, Double(index) * interval + crossfade)
        }
        return Double(index + 1) * interval
    }

    public func render(at time: Double, into buffer: PixelBuffer) {
        precondition(buffer.width == size.width && buffer.height == size.height, "image buffer of the wrong size")
        switch picture(at: time) {
        case .still(let index):
            buffer.pixels.update(from: slide(index).pixels, count: buffer.rowLength * buffer.height)
        case let .fading(from, to, weight):
            buffer.pixels.update(from: slide(from).pixels, count: buffer.rowLength * buffer.height)
            Self.blend(slide(to), over: buffer, weight: weight)
        }
    }

    private func picture(at time: Double) -> Picture {
        let (index, phase) = position(at: time)
        guard paths.count > 1, index > 0, phase < crossfade, crossfade > 0 else {
            return .still(slide: index % paths.count)
        }
        return .fading(from: (index - 1) % paths.count, to: index % paths.count, weight: phase / crossfade)
    }

    /// The slide number (not wrapped) and seconds into it.
    private func position(at time: Double) -> (index: Int, phase: Double) {
        let clamped = max(time, 0)
        let index = Int((clamped / interval).rounded(.down))
        return (index, clamped - Double(index) * interval)
    }

    private func slide(_ index: Int) -> PixelBuffer {
        if let cached = slides[index] {
            slideUse.removeAll { $0 == index }
            slideUse.append(index)
            return cached
        }
        let picture: PixelBuffer
        do {
            picture = try Self.load(paths[index], width: size.width, height: size.height)
        } catch {
            if reportedFailures.insert(paths[index]).inserted { log("\(error); showing black for this slide") }
            picture = PixelBuffer(width: size.width, height: size.height)
            picture.fill(0xFF00_0000)
        }
        remember(picture, at: index)
        return picture
    }

    private func remember(_ picture: PixelBuffer, at index: Int) {
        slides[index] = picture
        slideUse.append(index)
        while slideUse.count > Self.slidesKept {
            slides[slideUse.removeFirst()] = nil
        }
    }

    private static func load(_ path: String, width: Int, height: Int) throws(CameraError) -> PixelBuffer {
        let decoded: PixelBuffer
        do {
            decoded = try ImageDecoder.decode(contentsOf: path, fitting: Size(width: Double(width), height: Double(height)))
        } catch let error as ImageDecodingError {
            throw .badImage(path: path, reason: error.reason)
        } catch {
            throw .badImage(path: path, reason: "\(error)")
        }
        guard decoded.width > 0, decoded.height > 0 else { throw .badImage(path: path, reason: "the picture is empty") }
        let fitted = PixelBuffer(width: width, height: height)
        AspectFillScaler.scale(decoded, into: fitted, overBlack: true)
        return fitted
    }

    /// Lays `top` over `bottom` at `weight` (0 = only bottom, 1 = only top); both opaque.
    static func blend(_ top: PixelBuffer, over bottom: PixelBuffer, weight: Double) {
        guard let source = AspectFillScaler.image(of: top), let destination = AspectFillScaler.image(of: bottom) else { return }
        let alpha = UInt16((min(max(weight, 0), 1) * 65535).rounded())
        var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: alpha)
        guard let mask = pixman_image_create_solid_fill(&color) else { return }
        defer {
            pixman_image_unref(source)
            pixman_image_unref(destination)
            pixman_image_unref(mask)
        }
        pixman_image_composite32(PIXMAN_OP_OVER, source, mask, destination, 0, 0, 0, 0, 0, 0,
                                 Int32(bottom.width), Int32(bottom.height))
    }
}
