import KioskEngine

/// Where a frame lands in a destination for a fit: the part of the frame shown (`window`, in
/// frame pixels) and the destination pixels it covers (`target`), both whole pixels and centred.
/// `cover` is the background's aspect-fill; a video element uses its own `fit`, as a picture does.
struct FramePlacement: Hashable {
    var window: FrameWindow
    var target: FrameWindow

    init(fit: ImageFit, width: Int, height: Int, destinationWidth: Int, destinationHeight: Int) {
        let whole = FrameWindow(x: 0, y: 0, width: width, height: height)
        let all = FrameWindow(x: 0, y: 0, width: destinationWidth, height: destinationHeight)
        switch fit {
        case .cover:
            window = FrameWindow(width: width, height: height, destinationWidth: destinationWidth, destinationHeight: destinationHeight)
            target = all
        case .fill:
            window = whole
            target = all
        case .contain:
            let scale = min(Double(destinationWidth) / Double(width), Double(destinationHeight) / Double(height))
            let shownWidth = min(max(Int((Double(width) * scale).rounded()), 1), destinationWidth)
            let shownHeight = min(max(Int((Double(height) * scale).rounded()), 1), destinationHeight)
            window = whole
            target = Self.centred(width: shownWidth, height: shownHeight, in: all)
        case .center:
            let shownWidth = min(width, destinationWidth), shownHeight = min(height, destinationHeight)
            window = Self.centred(width: shownWidth, height: shownHeight, in: whole)
            target = Self.centred(width: shownWidth, height: shownHeight, in: all)
        }
    }

    private static func centred(width: Int, height: Int, in area: FrameWindow) -> FrameWindow {
        FrameWindow(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
    }
}
