import Foundation
import KioskConfig
import KioskEngine
import KioskWebProtocol

/// One web element as the daemon keeps it: its view, the url it loads now, the host's shared
/// images and the daemon's copy of the page's newest frame (what the compositor draws), its pacing
/// and its faults.
final class WebPage {
    /// The element's id on the wire.
    let id: UInt32
    unowned let view: View
    /// The screen the element is on: the page is visible while it is in the view tree.
    unowned let screen: View
    let content: WebContent
    /// The url with its placeholders filled, as last sent to the host.
    var url: String
    var images: WebSharedImages?
    /// The newest frame, copied out of the host's slot damage rectangle by damage rectangle.
    var frame: PixelBuffer?
    var pacing: WebFramePacing
    /// The `visible` last sent, nil before the page is opened on a host.
    var sentVisible: Bool?
    /// The page did not load: its frame is not drawn (the element shows what is behind it) until it loads.
    var failed = false
    /// Why the page shows no frame (did not load, its process or the host went), for `render`.
    var failure: String?
    var loaded = false
    /// When the page last loaded and last drew (`render` waits for a loaded page to go quiet).
    var loadedAt: Double?
    var lastFrameAt: Double?
    /// The web process restarts of this page.
    var backoff = WebRestartBackoff()
    var openedAt = 0.0
    var reloadTimer: (any DaemonTimer)?
    /// Urls whose refusal was logged (each once).
    var refusedLogged: Set<String> = []

    init(id: UInt32, view: View, screen: View, content: WebContent, url: String) {
        self.id = id
        self.view = view
        self.screen = screen
        self.content = content
        self.url = url
        pacing = WebFramePacing(maxFps: content.maxFps)
    }

    /// The element's box in whole pixels: the size the host draws the page at.
    var size: (width: Int, height: Int) {
        (max(1, Int(view.frame.width.rounded(.up))), max(1, Int(view.frame.height.rounded(.up))))
    }

    /// The frame the compositor draws, or nil while the page has none or did not load.
    var shownFrame: PixelBuffer? { failed ? nil : frame }

    /// Copies the damaged parts of `slot` into the daemon's frame (the whole image when `damage`
    /// is empty). Rectangles are clipped to the image.
    func copy(slot: Int, damage: [WebRect]) {
        guard let images, slot < images.slots else { return }
        var copyAll = damage.isEmpty
        if frame == nil || frame?.width != images.width || frame?.height != images.height {
            frame = PixelBuffer(width: images.width, height: images.height)
            copyAll = true
        }
        guard let frame else { return }
        let whole = [WebRect(x: 0, y: 0, width: Int32(images.width), height: Int32(images.height))]
        let source = images.pixels(slot: slot)
        var changed: [PixelRect] = []
        for rect in copyAll ? whole : damage {
            let left = max(0, Int(rect.x)), top = max(0, Int(rect.y))
            let right = min(images.width, Int(rect.x) + Int(rect.width)), bottom = min(images.height, Int(rect.y) + Int(rect.height))
            guard right > left, bottom > top else { continue }
            for row in top..<bottom {
                let from = source + row * images.stride + left * 4
                let to = UnsafeMutableRawPointer(frame.pixels) + row * frame.stride + left * 4
                to.copyMemory(from: from, byteCount: (right - left) * 4)
            }
            changed.append(PixelRect(x: left, y: top, width: right - left, height: bottom - top))
        }
        // The compositor redraws only these (the element's box no more).
        frame.markChanged(changed)
    }

    /// `template` with each `{value}` filled from `value` (percent-encoded, so a value is one part of the url).
    static func resolve(_ template: String, value: (String) -> String?) -> String {
        guard template.contains("{"), let parsed = try? TextTemplate(parsing: template) else { return template }
        let safe = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        return parsed.render { name in value(name).map { $0.addingPercentEncoding(withAllowedCharacters: safe) ?? "" } }
    }

    /// The element's origin in the coordinates of `root` (the container's view, where touches land).
    func origin(in root: View) -> Point {
        var point = view.frame.origin
        var node = view.superview
        while let current = node, current !== root {
            point.x += current.frame.minX - current.boundsOrigin.x
            point.y += current.frame.minY - current.boundsOrigin.y
            node = current.superview
        }
        return point
    }
}
