import Foundation

/// Pins fontconfig to the fonts the Makefile installs (fonts-dejavu-core, fonts-noto-core,
/// fonts-wqy-microhei), so text tests and goldens do not depend on what else a machine has.
/// pango-view run by a test inherits the same set through the environment.
///
/// Every test target's tests run in one process, in an order of their own: whatever lays out text
/// first (a compositor golden, an in-process daemon with a button) must pin first.
public enum TestFonts {
    /// Call before any text is laid out in the test process: fontconfig reads its file once, at its start.
    public static func pin() {
        precondition(pinned)
    }

    private static let pinned: Bool = {
        let directory = Self.directory
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("fonts.conf")
        // "Sans" is an alias fontconfig's system rules would give; here it names the same first choices
        // for every script, and fallback by language covers the rest from these three directories only.
        let config = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <dir>/usr/share/fonts/truetype/dejavu</dir>
              <dir>/usr/share/fonts/truetype/noto</dir>
              <dir>/usr/share/fonts/truetype/wqy</dir>
              <cachedir>\(directory.appendingPathComponent("cache").path)</cachedir>
              <alias binding="same">
                <family>Sans</family>
                <prefer>
                  <family>Noto Sans</family>
                  <family>Noto Naskh Arabic</family>
                  <family>Noto Sans Thai</family>
                  <family>WenQuanYi Micro Hei</family>
                  <family>DejaVu Sans</family>
                </prefer>
              </alias>
            </fontconfig>
            """
        try? config.write(to: file, atomically: true, encoding: .utf8)
        setenv("FONTCONFIG_FILE", file.path, 1)
        return true
    }()

    private static let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swipe-kiosk-test-fonts")

    /// The environment for a subprocess such as pango-view: Foundation's copy of it predates `pinned`.
    public static var environment: [String: String] {
        pin()
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = directory.appendingPathComponent("fonts.conf").path
        return environment
    }
}
