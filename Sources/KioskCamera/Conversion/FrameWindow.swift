import KioskOptions

/// The whole-pixel part of a frame that aspect-fill leaves on screen, centred.
struct FrameWindow: Hashable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    init(width: Int, height: Int, destinationWidth: Int, destinationHeight: Int) {
        let fill = AspectFill(sourceWidth: width, sourceHeight: height,
                              destinationWidth: destinationWidth, destinationHeight: destinationHeight)
        let visibleWidth = min(max(Int(fill.visibleWidth.rounded()), 1), width)
        let visibleHeight = min(max(Int(fill.visibleHeight.rounded()), 1), height)
        self.init(x: (width - visibleWidth) / 2, y: (height - visibleHeight) / 2, width: visibleWidth, height: visibleHeight)
    }
}

extension CameraPixelFormat {
    /// The columns and rows one chroma sample covers.
    var chromaGrid: (columns: Int, rows: Int) {
        switch self {
        case .yuyv, .uyvy: (2, 1)
        case .nv12, .i420: (2, 2)
        case .rgb24, .bgr24, .xrgb32, .xbgr32, .mjpeg: (1, 1)
        }
    }
}
