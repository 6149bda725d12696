import Foundation
import KioskCompositor
import KioskEngine

/// `swipe-kiosk render`: screens at rest as PNG files, or one transition as frames and a GIF.
public struct RenderRunner {
    public let renderer: ScreenRenderer

    public init(renderer: ScreenRenderer) {
        self.renderer = renderer
    }

    /// Writes `screen` at rest to the PNG file `path`.
    public func renderScreen(_ screen: String, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try PNGWriter.write(try renderer.render(screen: screen), to: path)
    }

    /// Writes every screen at rest as `NAME.png` in `folder` (created if missing); returns the paths.
    public func renderAllScreens(into folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try renderer.configuration.screens.map { screen in
            let path = (folder as NSString).appendingPathComponent(screen.name + ".png")
            try PNGWriter.write(try renderer.render(screen: screen.name), to: path)
            return path
        }
    }

    /// Plays the transition from one screen to another, as a tab button starts it, on the virtual
    /// vsync; `demo`'s recorder writes the frames, the animated preview and the contact sheet.
    public func renderSwipe(_ swipe: String, into folder: String) throws -> FrameRecorder {
        let names = swipe.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard names.count == 2, names[0] != names[1] else { throw RenderError.badSwipe(swipe) }
        let (compositor, scene, clock) = try renderer.makeScene(on: names[0])
        guard let target = scene.index(ofScreen: names[1]) else {
            throw RenderError.unknownScreen(names[1], available: scene.screenNames)
        }
        let background = try renderer.makeBackground()
        let videos = try ScreenRenderer.videoStills(of: scene, screens: [scene.container.selectedIndex, target],
                                                    values: renderer.initialValues)
        let recorder = try FrameRecorder(outputDirectory: folder)
        compositor.render(root: scene.rootView, background: background?.frame(at: clock.now), videos: videos)
        try ScreenRenderer.requireContent(compositor)
        try recorder.record(renderer.picture(of: compositor))
        scene.container.select(index: target, animated: true)
        // Ten seconds of virtual time is far past any configured transition.
        let limit = clock.now + 10
        while scene.container.isTransitioning || clock.wantsTicks, clock.now < limit {
            let tick = clock.tick()
            compositor.render(root: scene.rootView, background: background?.frame(at: tick.timestamp), videos: videos)
            try ScreenRenderer.requireContent(compositor)
            try recorder.record(renderer.picture(of: compositor))
        }
        try recorder.finish(refreshRate: renderer.configuration.display.refreshRate)
        return recorder
    }
}
