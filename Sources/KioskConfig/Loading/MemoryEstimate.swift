import Foundation
import KioskEngine
import KioskOptions

/// What a configuration needs in memory at a display size, part by part, as the daemon keeps it:
/// the composed frame and the display's buffers, the camera's frames and the blur the overlap
/// transition fades in, the surfaces drawn for the screens in reach (the two on show during a
/// transition whatever they take, the rest within the surface cache's budget), the same for every
/// further `[[display.output]]` at its own size, each video at the size it is decoded to (its
/// box), the largest picture while it is decoded, and what each screen's views cost. Figures are
/// upper estimates; what the runtime keeps is read from `RuntimeMemory`, which it uses too.
public struct MemoryEstimate: Hashable, Sendable {
    /// One named part and its bytes.
    public struct Part: Hashable, Sendable {
        public var name: String
        public var bytes: Int
    }

    /// The display size the estimate is for.
    public var displaySize: PixelSize
    /// The parts, largest first.
    public var parts: [Part]

    /// All the parts together.
    public var totalBytes: Int { parts.reduce(0) { $0 + $1.bytes } }

    /// The program itself: the binary and its libraries (about 37 MB resident), the Swift
    /// runtime's, fonts' and libraries' heaps (about 4 MB), measured with one screen.
    static let baseBytes = 44 << 20
    /// A screen's views, layers and tab beside its surfaces: 5,000 coloured screens with a tab
    /// bar took 44 MB more than one (debug build, 1280x800 headless), about 9 KB each.
    static let bytesPerScreen = 16 << 10
    /// An element's view and layer beside its surface (5,000 more colour elements: about 8 MB).
    static let bytesPerElement = 4 << 10
    /// The margin a card's shadow adds around it, each side.
    static let shadowMargin = 48

    /// - Parameters:
    ///   - pictureSize: a picture file's pixel size from its header; nil when it cannot be read.
    ///   - soundBytes: what a sound file takes decoded (`soundEstimate`: from its size).
    public init(configuration: KioskConfiguration, displaySize: PixelSize, pictureSize: (String) -> PixelSize? = Self.headerSize,
                soundBytes: (String) -> Int = Self.soundEstimate) {
        self.displaySize = displaySize
        let frame = 4 * displaySize.width * displaySize.height
        var parts: [Part] = [Part(name: "the program", bytes: Self.baseBytes)]
        parts.append(Part(name: "the composed frame", bytes: frame))
        let display = configuration.display
        let scanOut = Self.scanOutBuffers(display)
        if scanOut > 0 {
            parts.append(Part(name: "the display's \(scanOut == 1 ? "copy" : "\(scanOut) buffers")", bytes: scanOut * frame))
        }
        switch configuration.camera.source {
        case .none:
            break
        case .video:
            // Decoded at most at the display's size (the background's box), and the blurred copy.
            parts.append(Part(name: "the video background's frames and blur",
                              bytes: Self.videoBytes(box: displaySize) + frame + frame / 64))
        case .v4l2, .pattern, .image:
            // The mailbox's frames at the display's size, the one the loop converts, and the blurred copy.
            parts.append(Part(name: "the camera's frames and blur", bytes: (RuntimeMemory.feedFrames + 1) * frame + frame / 64))
        }
        var screens = ScreenCosts()
        let surfaces = Self.surfacesInReach(configuration, size: displaySize, costs: &screens, pictureSize: pictureSize)
        parts.append(Part(name: "the surfaces of the screens in reach", bytes: surfaces))
        // Every further output: its own composed frame, display buffers and surface cache, at its own size.
        for output in display.secondaryOutputs {
            let size = Self.plannedSize(of: output, display: display)
            var ignored = ScreenCosts()
            let bytes = 4 * size.width * size.height * (1 + scanOut)
                + Self.surfacesInReach(configuration.deck(for: output), size: size, costs: &ignored, pictureSize: { _ in nil })
            parts.append(Part(name: "output \(MessageText.shortened(output.connector)) at \(size)", bytes: bytes))
        }
        if screens.largestPicture > 0 { parts.append(Part(name: "the largest picture decoded", bytes: screens.largestPicture)) }
        if screens.videos.count > 0 {
            let count = screens.videos.count
            parts.append(Part(name: "\(count) video element\(count == 1 ? "'s" : "s'") frames", bytes: screens.videos.bytes))
        }
        let sounds = configuration.soundPaths
        if !sounds.isEmpty {
            parts.append(Part(name: "\(sounds.count) decoded sound\(sounds.count == 1 ? "" : "s")",
                              bytes: sounds.reduce(0) { $0 + soundBytes($1) }))
        }
        if screens.videos.pages > 0 {
            let pages = screens.videos.pages
            parts.append(Part(name: "the web host and \(pages) page\(pages == 1 ? "" : "s")",
                              bytes: Self.webHostBytes(pages: pages) + screens.videos.pageFrames))
        }
        let count = configuration.screens.count
        parts.append(Part(name: "\(count) screen\(count == 1 ? "" : "s") and \(screens.elements) element\(screens.elements == 1 ? "" : "s")",
                          bytes: count * Self.bytesPerScreen + screens.elements * Self.bytesPerElement))
        self.parts = parts.sorted { $0.bytes > $1.bytes }
    }

    /// A sound file decoded: `RuntimeMemory.soundExpansion` times its size, at most
    /// `RuntimeMemory.soundMaximumBytes` (a longer one is refused); 0 when it cannot be read.
    public static func soundEstimate(_ path: String) -> Int {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else { return 0 }
        return min(size * RuntimeMemory.soundExpansion, RuntimeMemory.soundMaximumBytes)
    }

    /// A video shown in `box`: its feed's frames and its pipeline's at the box's size (frames are
    /// decoded at most at the size the box needs), and the decoder's own.
    public static func videoBytes(box: PixelSize) -> Int {
        (RuntimeMemory.feedFrames + RuntimeMemory.videoPipelineFrames) * 4 * box.width * box.height + RuntimeMemory.videoDecoderBytes
    }

    /// DRM scans out of its dumb buffers; a window or fbdev keeps a copy; the headless backend
    /// keeps none (issue 27: it shows the composed frame itself).
    private static func scanOutBuffers(_ display: DisplayConfiguration) -> Int {
        switch display.backend {
        case .drm, .auto: display.buffers
        case .sdl, .fbdev: 1
        case .headless: 0
        }
    }

    /// A further output's size: its mode or size, `[display] size` headless, else the assumed panel.
    private static func plannedSize(of output: OutputConfiguration, display: DisplayConfiguration) -> PixelSize {
        switch display.backend {
        case .headless, .sdl: output.panelSize(default: display.size)
        case .auto, .drm, .fbdev: output.mode?.size ?? output.size ?? MemoryBudget.assumedPanelSize
        }
    }

    /// What the screens of a configuration hold beside their surfaces, counted on the first output.
    private struct ScreenCosts {
        var elements = 0
        var largestPicture = 0
        var videos = VideoFrames()
    }

    /// The surfaces of `configuration`'s screens in reach at `size`: the two largest on show during
    /// a transition whatever they take, the rest within the surface cache's budget, and the tab bar.
    private static func surfacesInReach(_ configuration: KioskConfiguration, size: PixelSize, costs: inout ScreenCosts,
                                        pictureSize: (String) -> PixelSize?) -> Int {
        let scene = Size(width: Double(size.width), height: Double(size.height))
        var screenSurfaces: [Int] = []
        for screen in configuration.screens {
            var bytes = 0
            Self.surfaces(of: screen.elements, in: scene, bytes: &bytes, elements: &costs.elements, videos: &costs.videos) { path in
                // A picture past the decoders' limit is never decoded (`PictureCheck` reports it).
                if let size = pictureSize(path), size.width * size.height <= ImageFileHeader.maximumDecodedPixels {
                    costs.largestPicture = max(costs.largestPicture, 4 * size.width * size.height)
                }
            }
            screenSurfaces.append(bytes)
        }
        let onShow = screenSurfaces.sorted(by: >).prefix(2).reduce(0, +)
        let all = screenSurfaces.reduce(0, +)
        var surfaces = max(onShow, min(all, RuntimeMemory.surfaceCacheBytes))
        if configuration.tabs.enabled { surfaces += 4 * size.width * configuration.tabs.height }
        return surfaces
    }

    /// Every video element's players: each keeps its frames at its box (`videoBytes`) and its
    /// pipeline, whether its screen is on show or paused.
    private struct VideoFrames {
        var count = 0
        var bytes = 0
        /// Web elements: each page's frames (`webFrameBytes`); the host's own memory is counted per page.
        var pages = 0
        var pageFrames = 0
    }

    /// A web page's frames at its box: the host's two shared slots and the daemon's copy.
    public static func webFrameBytes(box: PixelSize) -> Int {
        (RuntimeMemory.webPageSlots + 1) * 4 * box.width * box.height
    }

    /// The web host and its web processes for `pages` pages (PSS measured with WPE WebKit 2.38).
    public static func webHostBytes(pages: Int) -> Int {
        pages == 0 ? 0 : RuntimeMemory.webFirstPageBytes + (pages - 1) * RuntimeMemory.webFurtherPageBytes
    }

    /// The bytes of the surfaces `elements` draw in a container of `size`; each picture's path goes to `picture`.
    private static func surfaces(of elements: [ElementConfiguration], in size: Size, bytes: inout Int, elements count: inout Int,
                                 videos: inout VideoFrames, picture: (String) -> Void) {
        for element in elements {
            count += 1
            let rect = element.frame.rect(in: size)
            let width = Int(max(0, rect.width).rounded(.up)), height = Int(max(0, rect.height).rounded(.up))
            switch element.kind {
            case .scroll(let scroll):
                let content = Size(width: rect.width, height: scroll.contentHeight ?? rect.height)
                surfaces(of: scroll.content, in: content, bytes: &bytes, elements: &count, videos: &videos, picture: picture)
            case .card(let card) where card.shadow:
                bytes += 4 * (width + 2 * shadowMargin) * (height + 2 * shadowMargin)
            case .image(let image):
                picture(image.path)
                bytes += 4 * width * height
            case .web:
                videos.pages += 1
                videos.pageFrames += webFrameBytes(box: PixelSize(width: max(1, width), height: max(1, height)))
            case .video:
                videos.count += 1
                videos.bytes += videoBytes(box: PixelSize(width: max(1, width), height: max(1, height)))
            case .color, .gradient, .text, .card, .button:
                bytes += 4 * width * height
            }
        }
    }

    /// A picture's size from its header, for a regular file only (a FIFO is never opened).
    public static func headerSize(of path: String) -> PixelSize? {
        guard RegularFile.irregularKind(of: path) == nil, let header = ImageFileHeader(contentsOf: path) else { return nil }
        return PixelSize(width: header.width, height: header.height)
    }

    /// "1.3 GiB at 1280x800: 5000 screens and 0 elements 312 MiB, the composed frame 3.9 MiB, ...".
    public var description: String {
        "\(Self.format(totalBytes)) at \(displaySize): "
            + parts.filter { $0.bytes > 0 }.map { "\($0.name) \(Self.format($0.bytes))" }.joined(separator: ", ")
    }

    /// Bytes as "812 KiB", "96 MiB" or "1.3 GiB".
    public static func format(_ bytes: Int) -> String {
        let value = Double(bytes)
        if bytes >= 1 << 30 { return "\(oneDecimal(value / Double(1 << 30))) GiB" }
        if bytes >= 1 << 20 { return "\(oneDecimal(value / Double(1 << 20))) MiB" }
        return "\(Int((value / 1024).rounded(.up))) KiB"
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 || tenths >= 1000 ? "\(Int((value).rounded()))" : "\(tenths / 10).\(tenths % 10)"
    }
}
