// swift-tools-version: 6.0
import PackageDescription

/// A system library found through pkg-config, with the Debian package that provides it.
func systemLibrary(_ name: String, pkgConfig: String, debian: String) -> Target {
    .systemLibrary(
        name: name,
        path: "Sources/System/\(name)",
        pkgConfig: pkgConfig,
        providers: [.apt([debian])]
    )
}

let package = Package(
    name: "SwipeKiosk",
    products: [
        .executable(name: "swipe-kiosk", targets: ["swipe-kiosk"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // System libraries (Debian -dev packages, found with pkg-config).
        systemLibrary("CDRM", pkgConfig: "libdrm", debian: "libdrm-dev"),
        systemLibrary("CEvdev", pkgConfig: "libevdev", debian: "libevdev-dev"),
        systemLibrary("CPixman", pkgConfig: "pixman-1", debian: "libpixman-1-dev"),
        systemLibrary("CCairo", pkgConfig: "cairo", debian: "libcairo2-dev"),
        systemLibrary("CTurboJPEG", pkgConfig: "libturbojpeg", debian: "libturbojpeg0-dev"),
        systemLibrary("CSystemd", pkgConfig: "libsystemd", debian: "libsystemd-dev"),
        systemLibrary("CGif", pkgConfig: "libgif", debian: "libgif-dev"),
        systemLibrary("CSDL2", pkgConfig: "sdl2", debian: "libsdl2-dev"),
        // Kernel ioctl numbers and structs Swift cannot import as macros (V4L2, fbdev, KD, evdev).
        .target(name: "CLinux", path: "Sources/System/CLinux"),

        // The engine: layers, controllers, transitions, gestures, touch decoding. Foundation only.
        .target(name: "KioskEngine"),
        // The compositor's own pixel loops (box blur, fused fade) where pixman has no single call.
        .target(name: "CKioskPixels"),
        .target(name: "KioskCompositor", dependencies: ["KioskEngine", "CPixman", "CCairo", "CTurboJPEG", "CGif", "CKioskPixels"]),
        .target(name: "KioskDisplay", dependencies: ["KioskCompositor", "CDRM", "CLinux", "CSDL2"]),
        .target(name: "KioskInput", dependencies: ["KioskEngine", "CEvdev", "CLinux"]),
        .target(name: "KioskCamera", dependencies: ["KioskCompositor", "CLinux", "CTurboJPEG", "CPixman"]),
        .target(name: "KioskConfig", dependencies: ["KioskEngine", .product(name: "TOMLKit", package: "TOMLKit")]),
        .target(name: "KioskRuntime", dependencies: [
            "KioskEngine", "KioskCompositor", "KioskDisplay", "KioskInput", "KioskCamera", "KioskConfig",
            "CSystemd", "CLinux",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "swipe-kiosk", dependencies: [
            "KioskRuntime",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "KioskEngineTests", dependencies: ["KioskEngine"]),
        .testTarget(name: "KioskCompositorTests", dependencies: ["KioskCompositor"], resources: [.copy("Golden")]),
        .testTarget(name: "KioskDisplayTests", dependencies: ["KioskDisplay"]),
        .testTarget(name: "KioskInputTests", dependencies: ["KioskInput"]),
        .testTarget(name: "KioskCameraTests", dependencies: ["KioskCamera"]),
        .testTarget(name: "KioskConfigTests", dependencies: ["KioskConfig"]),
        // The runtime tests also drive the built `swipe-kiosk` binary as a subprocess, as systemd does.
        .testTarget(name: "KioskRuntimeTests", dependencies: ["KioskRuntime", "swipe-kiosk"]),
    ]
)
