/// The result of `swipe-kiosk check-config`: every diagnostic, or a one-line summary of a valid file.
public struct ConfigurationCheck: Sendable {
    public let diagnostics: [ConfigDiagnostic]
    /// Set only when the file is valid, e.g.
    /// `kiosk.toml: OK — 3 screens, display drm 800x600, camera v4l2 /dev/video0, transition overlap 0.33 s`.
    public let summary: String?
    public let configuration: KioskConfiguration?

    /// The command exits 0 when this holds, 1 otherwise.
    public var isValid: Bool { diagnostics.isEmpty }

    /// What the command prints: the summary and any warnings, or one diagnostic a line.
    public var report: String {
        guard let summary else { return diagnostics.map(\.description).joined(separator: "\n") }
        return ([summary] + (configuration?.warnings ?? []).map { "warning: \($0)" }).joined(separator: "\n")
    }

    /// Loads and validates the file at `path`, the header of every picture it names, and a video
    /// background's file or folder.
    ///
    /// - Parameters:
    ///   - decodePicture: decodes a whole picture and says why it cannot be, or nil
    ///     (`check-config --deep`); without it only each picture's header is read.
    ///   - fontSubstitute: the family drawn for a `font` value none of whose families is
    ///     installed, nil when one is; each such value is a warning.
    ///   - probeVideo: tries to play a video file or folder that exists; returns what stops it
    ///     (GStreamer's message), or nil. The config module cannot play video, so the caller passes it.
    ///   - decodeSound: decodes a whole sound file and says why it cannot be, or nil (`--deep`);
    ///     without it each sound file is only opened.
    public init(path: String, decodePicture: ((String) -> String?)? = nil, fontSubstitute: ((String) -> String?)? = nil,
                probeVideo: @escaping (String) -> String? = { _ in nil }, decodeSound: ((String) -> String?)? = nil) {
        switch ConfigurationLoader.readText(path: path) {
        case .success(let text):
            var result = ConfigurationLoader.parse(text, fileName: path, folder: ConfigurationLoader.folder(of: path))
            if case .success(let configuration) = result {
                let locator = SourceLocator(text: text)
                let check = PictureCheck(fileName: path, locator: locator, decode: decodePicture)
                // One statement per check: Swift 6.0 gives up type-checking a long `+` chain.
                var problems = check.diagnostics(for: configuration)
                problems += VideoPathCheck(fileName: path, locator: locator, probe: probeVideo).diagnostics(for: configuration)
                problems += SoundFileCheck(fileName: path, locator: locator, decode: decodeSound).diagnostics(for: configuration)
                problems += WebPageCheck(fileName: path, locator: locator).diagnostics(for: configuration)
                problems += Self.memoryProblems(configuration, fileName: path)
                if !problems.isEmpty {
                    result = .failure(ConfigurationError(diagnostics: problems))
                } else if let fontSubstitute {
                    var checked = configuration
                    checked.warnings += FontCheck(locator: locator, fileName: path, substitute: fontSubstitute)
                        .warnings(for: configuration)
                    result = .success(checked)
                }
            }
            self.init(result: result, fileName: path)
        case .failure(let error):
            self.init(result: .failure(error), fileName: path)
        }
    }

    /// The memory budget at the display's size (a panel's preferred mode is not known before it
    /// is opened: 1920x1080 is assumed, and the daemon checks again at the real size).
    private static func memoryProblems(_ configuration: KioskConfiguration, fileName: String) -> [ConfigDiagnostic] {
        let planned = MemoryBudget.plannedSize(of: configuration.display)
        guard let problem = MemoryBudget(configuration.limits)
            .problem(with: configuration, displaySize: planned ?? MemoryBudget.assumedPanelSize) else { return [] }
        let assumed = planned == nil ? " (the panel's mode is not known before it is opened; this assumes \(MemoryBudget.assumedPanelSize))" : ""
        return [ConfigDiagnostic(file: fileName, position: nil, message: problem + assumed)]
    }

    init(result: Result<KioskConfiguration, ConfigurationError>, fileName: String) {
        switch result {
        case .success(let configuration):
            diagnostics = []
            self.configuration = configuration
            summary = "\(Self.lastComponent(of: fileName)): OK — \(Self.describe(configuration))"
        case .failure(let error):
            diagnostics = error.diagnostics
            configuration = nil
            summary = nil
        }
    }

    /// "3 screens, display drm 800x600, camera v4l2 /dev/video0, transition overlap 0.33 s".
    public static func describe(_ configuration: KioskConfiguration) -> String {
        let count = configuration.screens.count
        let screens = "\(count) screen\(count == 1 ? "" : "s")"
        return [screens, describeDisplay(configuration.display), describeCamera(configuration.camera),
                "transition \(configuration.transition.style.rawValue) "
                    + "\(TableReader.format(configuration.transition.duration)) s"].joined(separator: ", ")
    }

    static func describeDisplay(_ display: DisplayConfiguration) -> String {
        var parts = ["display", display.backend.rawValue]
        switch display.backend {
        case .headless:
            parts.append(display.size.description)
        case .sdl:
            parts.append(display.mode?.description ?? display.size.description)
        case .auto, .drm, .fbdev:
            if let device = display.device { parts.append(device) }
            if let connector = display.connector { parts.append(connector) }
            parts.append(display.mode?.description ?? "preferred mode")
        }
        if display.rotation != .none { parts.append("rotated \(display.rotation.degrees)°") }
        let others = display.secondaryOutputs
        if !others.isEmpty {
            parts.append("with " + others.map { output in
                switch output.screens {
                case .main: "\(output.connector) (mirror)"
                case .deck(let names): "\(output.connector) (\(names.joined(separator: ", ")))"
                }
            }.joined(separator: ", "))
        }
        return parts.joined(separator: " ")
    }

    static func describeCamera(_ camera: CameraConfiguration) -> String {
        switch camera.source {
        case .v4l2: "camera v4l2 \(camera.device)"
        case .image: "camera image \(camera.path ?? "")"
        case .video: "camera video \(camera.path ?? "")"
        case .pattern, .none: "camera \(camera.source.rawValue)"
        }
    }

    private static func lastComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
