import KioskEngine
@testable import KioskDisplay

/// What the camera plane tests share: a fake card whose planes are as vkms's, and the camera
/// screen drawn over them.
enum CameraPlaneFixture {
    /// A 16x8 panel with atomic modesetting, its primary plane taking XR24 only and an overlay
    /// taking ARGB, as vkms's; `now` is the card's clock.
    static func card(now: @escaping () -> Double) -> FakeDRMDevice {
        let device = FakeDRMDevice.singleHDMI(modes: [DisplayMode(width: 16, height: 8, refreshRate: 60, isPreferred: true, index: 0)])
        device.atomicSupported = true
        device.planeList = [
            DRMPlaneInfo(id: 50, kind: .primary, possibleCrtcs: 0b11, formats: [.xrgb8888]),
            DRMPlaneInfo(id: 51, kind: .overlay, possibleCrtcs: 0b11, formats: [.argb8888, .xrgb8888]),
        ]
        device.now = now
        return device
    }

    /// The colour of the indicator dot at (2, 2), 2x2, over the camera.
    static let dotColor = Color(r: 230, g: 40, b: 40)

    /// A camera screen of the panel's size with an indicator dot over the feed.
    static func cameraScreen() -> View {
        let root = View(name: "camera screen", frame: Rect(x: 0, y: 0, width: 16, height: 8))
        root.content = .backgroundFeed
        let dot = View(name: "dot", frame: Rect(x: 2, y: 2, width: 2, height: 2))
        dot.backgroundColor = dotColor
        root.addSubview(dot)
        return root
    }

    /// The DRM display on `device` with `[display] planes = "auto"`.
    static func display(on device: FakeDRMDevice, now: @escaping () -> Double, log: @escaping (String) -> Void) throws -> DRMDisplay {
        let output = try DRMOutput.choose(on: device, connectorName: nil, modeRequest: nil)
        return try DRMDisplay(device: device, output: output, bufferCount: 2, hotplug: nil, console: nil, planes: .auto, now: now, log: log)
    }
}
