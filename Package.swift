// swift-tools-version: 6.0
import Foundation
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

/// Debian's hardening flags (debian/rules sets these from dpkg-buildflags): compile flags for the
/// project's own C targets, and `-Wl,…` link flags (`-z relro -z now`) for the executable.
let hardeningCFlags = (Context.environment["SWIPE_KIOSK_CFLAGS"] ?? "").split(separator: " ").map(String.init)
let hardeningLinkFlags = (Context.environment["SWIPE_KIOSK_LDFLAGS"] ?? "").split(separator: " ")
    .filter { $0.hasPrefix("-Wl,") }
    .flatMap { $0.dropFirst(4).split(separator: ",").flatMap { ["-Xlinker", String($0)] } }
let hardenedC: [CSetting] = hardeningCFlags.isEmpty ? [] : [.unsafeFlags(hardeningCFlags)]

let package = Package(
    name: "SwipeKiosk",
    products: [
        .executable(name: "swipe-kiosk", targets: ["swipe-kiosk"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        // System libraries (Debian -dev packages, found with pkg-config).
        systemLibrary("CDRM", pkgConfig: "libdrm", debian: "libdrm-dev"),
        systemLibrary("CEvdev", pkgConfig: "libevdev", debian: "libevdev-dev"),
        systemLibrary("CPixman", pkgConfig: "pixman-1", debian: "libpixman-1-dev"),
        // Text through Pango on FreeType (pangoft2), PNG through libpng: no cairo, whose Debian build
        // links X11 and xcb into the panel binary.
        systemLibrary("CPango", pkgConfig: "pangoft2", debian: "libpango1.0-dev"),
        systemLibrary("CPNG", pkgConfig: "libpng", debian: "libpng-dev"),
        systemLibrary("CTurboJPEG", pkgConfig: "libturbojpeg", debian: "libturbojpeg0-dev"),
        systemLibrary("CSystemd", pkgConfig: "libsystemd", debian: "libsystemd-dev"),
        systemLibrary("CGif", pkgConfig: "libgif", debian: "libgif-dev"),
        // GStreamer's core, app sink and video helpers; gstreamer-video-1.0's .pc brings the core's flags.
        systemLibrary("CGStreamer", pkgConfig: "gstreamer-video-1.0", debian: "libgstreamer-plugins-base1.0-dev"),
        // Debian's libyuv-dev has no pkg-config file: the module map links libyuv by name.
        .systemLibrary(name: "CYUV", path: "Sources/System/CYUV", providers: [.apt(["libyuv-dev"])]),
        // SDL2's functions loaded at run time (dlopen) for the desktop window: the panel binary does
        // not link SDL2 and its X11/Wayland libraries. Its headers come from libsdl2-dev.
        .target(name: "CKioskSDL", path: "Sources/System/CKioskSDL", cSettings: hardenedC + [.define("_REENTRANT")],
                linkerSettings: [.linkedLibrary("dl")]),
        systemLibrary("CMosquitto", pkgConfig: "libmosquitto", debian: "libmosquitto-dev"),
        // Kernel ioctl numbers and structs Swift cannot import as macros (V4L2, fbdev, KD, evdev).
        .target(name: "CLinux", path: "Sources/System/CLinux", cSettings: hardenedC),
        // The video pipeline (uridecodebin into an appsink): GObject calls and macros stay in C.
        .target(name: "CKioskVideo", dependencies: ["CGStreamer"], path: "Sources/System/CKioskVideo", cSettings: hardenedC,
                linkerSettings: [.linkedLibrary("gstapp-1.0")]),
        // The D-Bus interface's sd-bus vtable: its SD_BUS_* macros are C that Swift cannot import.
        .target(name: "CKioskBus", dependencies: ["CSystemd"], path: "Sources/System/CKioskBus", cSettings: hardenedC),

        // The options the config file names and the device modules take (display backend and mode,
        // camera source, fallback and pixel format): one definition each, no dependencies.
        .target(name: "KioskOptions"),
        // The engine: layers, controllers, transitions, gestures, touches. Foundation only.
        .target(name: "KioskEngine"),
        // Touch from evdev codes: decoding into the scene's frame, evemu recordings. Foundation only.
        .target(name: "KioskTouch", dependencies: ["KioskEngine"]),
        // The compositor's own pixel loops (box blur, fused fade) where pixman has no single call.
        .target(name: "CKioskPixels", cSettings: hardenedC),
        .target(name: "KioskCompositor", dependencies: ["KioskEngine", "CPixman", "CPango", "CPNG", "CTurboJPEG", "CGif", "CKioskPixels"]),
        .target(name: "KioskDisplay", dependencies: ["KioskOptions", "KioskEngine", "KioskTouch", "KioskCompositor", "CDRM", "CLinux", "CKioskSDL"]),
        .target(name: "KioskInput", dependencies: ["KioskEngine", "KioskTouch", "CEvdev", "CLinux"]),
        .target(name: "KioskCamera", dependencies: ["KioskOptions", "KioskCompositor", "CLinux", "CTurboJPEG", "CPixman", "CYUV", "CKioskPixels", "CKioskVideo"]),
        .target(name: "KioskConfig", dependencies: ["KioskOptions", "KioskEngine"]),
        .target(name: "KioskRuntime", dependencies: [
            "KioskOptions", "KioskEngine", "KioskTouch", "KioskCompositor", "KioskDisplay", "KioskInput", "KioskCamera", "KioskConfig",
            "KioskWebProtocol", "CSystemd", "CLinux", "CKioskBus", "CMosquitto", "CKioskVideo",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
        ]),
        // The daemon/web host wire protocol (issue 39): messages and SCM_RIGHTS over SOCK_SEQPACKET.
        // Glibc only, so the daemon uses it without linking WPE WebKit.
        .target(name: "KioskWebProtocol"),
        .executableTarget(name: "swipe-kiosk", dependencies: [
            "KioskRuntime", "KioskOptions", "KioskCamera",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: hardeningLinkFlags.isEmpty ? [] : [.unsafeFlags(hardeningLinkFlags)]),

        // Files the tests generate (pictures with hostile headers), shared by the test targets.
        .target(name: "KioskTestFixtures", dependencies: ["CKioskPixels"], path: "Tests/Fixtures"),
        .testTarget(name: "KioskEngineTests", dependencies: ["KioskEngine", "KioskTestFixtures"]),
        .testTarget(name: "KioskCompositorTests", dependencies: ["KioskCompositor", "KioskTestFixtures"],
                    resources: [.copy("Golden")]),
        .testTarget(name: "KioskTouchTests", dependencies: ["KioskTouch", "KioskTestFixtures"]),
        .testTarget(name: "KioskDisplayTests", dependencies: ["KioskDisplay", "KioskRuntime", "KioskTestFixtures", "KioskTestSupport"]),
        .testTarget(name: "KioskInputTests", dependencies: ["KioskInput"]),
        .testTarget(name: "KioskCameraTests", dependencies: ["KioskCamera", "KioskTestFixtures"]),
        .testTarget(name: "KioskConfigTests", dependencies: ["KioskConfig", "KioskTestFixtures"]),
        .testTarget(name: "KioskWebProtocolTests", dependencies: ["KioskWebProtocol"]),
        // Tests by kind (README "Testing"): the targets above are fast (pure and in-process, `make test-fast`);
        // KioskProcessTests runs the built binary and other programs (`make test-process`), KioskWindowTests
        // opens windows on Xvfb (`make test-window`).
        .testTarget(name: "KioskRuntimeTests", dependencies: ["KioskRuntime", "KioskWebProtocol", "KioskTestFixtures", "KioskTestSupport"]),
        // The in-process daemon harness, manual clocks and fakes the runtime, process and window tests share.
        .target(name: "KioskTestSupport", dependencies: ["KioskRuntime", "KioskTestFixtures", "CLinux"], path: "Tests/KioskTestSupport"),
        // Subprocess helpers: the built binary, a private D-Bus, a Mosquitto broker, signals.
        .target(name: "KioskProcessSupport", dependencies: ["KioskTestSupport"], path: "Tests/KioskProcessSupport"),
        .testTarget(name: "KioskProcessTests", dependencies: [
            "KioskRuntime", "KioskCamera", "KioskCompositor", "swipe-kiosk", "KioskTestFixtures", "KioskTestSupport", "KioskProcessSupport",
            "KioskWebProtocol",
        ]),
        .testTarget(name: "KioskWindowTests", dependencies: ["KioskRuntime", "swipe-kiosk", "KioskTestFixtures", "KioskTestSupport", "KioskProcessSupport"]),
    ]
)

// The web host (issue 39, docs/web.md): WPE WebKit 1.1 and WPEBackend-fdo in a program of its own, so
// the panel binary never links WebKit. Declared only where Debian 12's WPE 1.1 is installed (the Makefile's
// WEB_PACKAGES; SWIPE_KIOSK_WEB_HOST=0 leaves it out, =1 insists): Debian 13's arm64 root has WPE 2.0 only,
// and `swift build --build-tests` there builds every declared target.
func pkgConfigFileExists(_ name: String) -> Bool {
    let environment = Context.environment
    var folders = (environment["PKG_CONFIG_PATH"] ?? "").split(separator: ":").map(String.init)
    if let libdir = environment["PKG_CONFIG_LIBDIR"] {
        folders += libdir.split(separator: ":").map(String.init)
    } else {
        folders += ["/usr/lib/x86_64-linux-gnu/pkgconfig", "/usr/lib/aarch64-linux-gnu/pkgconfig", "/usr/lib/arm-linux-gnueabihf/pkgconfig",
                    "/usr/lib/pkgconfig", "/usr/share/pkgconfig", "/usr/local/lib/pkgconfig"]
    }
    return folders.contains { FileManager.default.fileExists(atPath: "\($0)/\(name).pc") }
}
let webHostWanted = Context.environment["SWIPE_KIOSK_WEB_HOST"].map { $0 == "1" }
    ?? (pkgConfigFileExists("wpe-webkit-1.1") && pkgConfigFileExists("wpebackend-fdo-1.0"))
if webHostWanted {
    package.targets.append(systemLibrary("CWPE", pkgConfig: "wpe-webkit-1.1", debian: "libwpewebkit-1.1-dev"))
    package.targets.append(systemLibrary("CWPEBackendFDO", pkgConfig: "wpebackend-fdo-1.0", debian: "libwpebackend-fdo-1.0-dev"))
    package.targets.append(.executableTarget(name: "swipe-kiosk-web", dependencies: ["KioskWebProtocol", "CWPE", "CWPEBackendFDO"],
                                             linkerSettings: hardeningLinkFlags.isEmpty ? [] : [.unsafeFlags(hardeningLinkFlags)]))
    package.products.append(.executable(name: "swipe-kiosk-web", targets: ["swipe-kiosk-web"]))
    // The process tests run the real host: built with them.
    if let tests = package.targets.first(where: { $0.name == "KioskProcessTests" }) {
        tests.dependencies.append("swipe-kiosk-web")
    }
}

// libFuzzer targets, declared only for `make fuzz` (SWIPE_KIOSK_FUZZ=1, built with -sanitize=fuzzer):
// they have no `main`, which the fuzzer supplies, so an ordinary build must not link them.
if Context.environment["SWIPE_KIOSK_FUZZ"] == "1" {
    let fuzzTargets: [(name: String, dependency: Target.Dependency)] = [
        ("FuzzEvemu", "KioskTouch"),
        ("FuzzConfig", "KioskConfig"),
        ("FuzzImage", "KioskCompositor"),
        ("FuzzCameraFormats", "KioskCamera"),
    ]
    for (name, dependency) in fuzzTargets {
        package.targets.append(.executableTarget(name: name, dependencies: [dependency], path: "Tests/Fuzz/\(name)",
                                                 swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
