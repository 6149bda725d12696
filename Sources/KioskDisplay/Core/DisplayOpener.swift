import KioskOptions

/// Opens the display the options ask for; `auto` falls back DRM -> fbdev -> headless.
public enum DisplayOpener {
    /// The opened display and one line per backend tried, saying what was chosen or why it failed.
    public struct Result {
        public let display: any Display
        /// The backend that opened it (never `auto`).
        public let backend: DisplayBackend
        public let log: [String]
    }

    /// Opens a display; `log` also receives the backends' own messages while they run.
    public static func open(_ options: DisplayOptions, log: @escaping (String) -> Void) throws -> Result {
        try open(options, attempts: [
            .drm: { try DRMDisplay(options: options, log: log) },
            .fbdev: { try FbdevDisplay(options: options, log: log) },
            .headless: {
                try HeadlessDisplay(width: options.headlessWidth, height: options.headlessHeight,
                                    refreshRate: options.headlessRefreshRate, virtualClock: options.headlessVirtualClock)
            },
            .sdl: { try SDLDisplay(options: options, title: options.windowTitle) },
        ])
    }

    /// The selection logic on its own, with the way each backend opens passed in.
    static func open(_ options: DisplayOptions, attempts: [DisplayBackend: () throws -> any Display]) throws -> Result {
        let order: [DisplayBackend] = options.backend == .auto ? [.drm, .fbdev, .headless] : [options.backend]
        var lines: [String] = []
        for backend in order {
            guard let attempt = attempts[backend] else { continue }
            do {
                let display = try attempt()
                lines.append("display: using \(backend.rawValue) (\(display.size.width)x\(display.size.height) at \(Int(display.refreshRate.rounded())) Hz)")
                return Result(display: display, backend: backend, log: lines)
            } catch {
                // A backend asked for by name must not silently become another one.
                guard options.backend == .auto else { throw error }
                lines.append("display: \(backend.rawValue) unavailable: \(error)")
            }
        }
        throw DisplayError.invalidOption("no display backend could be opened: " + lines.joined(separator: "; "))
    }
}
