import Foundation
import KioskCompositor
import KioskEngine

/// Writes a run of composed frames as `demo` shows them: every frame as a numbered PNG in
/// `frames/`, every few an animated GIF (`preview.gif`) and a contact sheet (`sheet.png`).
public final class FrameRecorder {
    public let outputDirectory: String
    public let framesDirectory: String
    /// Every how many frames one goes on the contact sheet.
    public var sheetEvery = 8
    /// Every how many frames one goes into the animated preview (2: 30 frames a second at 60 Hz).
    public var previewEvery = 2
    /// The animated preview's width; small enough to open anywhere.
    public var previewWidth = 480
    public private(set) var frameCount = 0
    private var previewFrames: [PixelBuffer] = []
    private var sheetFrames: [PixelBuffer] = []
    private var sheetNumbers: [Int] = []

    /// Creates `outputDirectory/frames`.
    public init(outputDirectory: String) throws {
        self.outputDirectory = outputDirectory
        framesDirectory = (outputDirectory as NSString).appendingPathComponent("frames")
        try FileManager.default.createDirectory(atPath: framesDirectory, withIntermediateDirectories: true)
    }

    public var previewPath: String { (outputDirectory as NSString).appendingPathComponent("preview.gif") }
    public var sheetPath: String { (outputDirectory as NSString).appendingPathComponent("sheet.png") }

    /// Writes `frame` as the next numbered PNG and keeps small copies for the preview and the sheet.
    public func record(_ frame: PixelBuffer) throws {
        let path = (framesDirectory as NSString).appendingPathComponent(String(format: "frame-%04d.png", frameCount))
        try PNGWriter.write(frame, to: path)
        if frameCount % sheetEvery == 0 {
            sheetFrames.append(frame.scaled(toWidth: 320))
            sheetNumbers.append(frameCount)
        }
        if frameCount % previewEvery == 0 {
            previewFrames.append(frame.scaled(toWidth: previewWidth))
        }
        frameCount += 1
    }

    /// Writes the animated preview, played at `refreshRate` frames a second, and the contact sheet.
    public func finish(refreshRate: Double) throws {
        try AnimatedGIFWriter(frameDelay: Double(previewEvery) / refreshRate, maxWidth: previewWidth)
            .write(previewFrames, to: previewPath)
        try PNGWriter.write(ContactSheet(columns: 6, cellWidth: 320).make(sheetFrames, numbers: sheetNumbers), to: sheetPath)
    }
}
