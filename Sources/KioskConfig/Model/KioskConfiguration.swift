import KioskEngine

/// The whole kiosk as one TOML file describes it. Every setting has a default, so an empty file
/// is a valid configuration: one transparent screen over the pattern background.
public struct KioskConfiguration: Hashable, Sendable {
    /// Where the daemon looks when no path is given.
    public static let defaultPath = "/etc/swipe-kiosk/kiosk.toml"

    public var display = DisplayConfiguration()
    public var input = InputConfiguration()
    public var camera = CameraConfiguration()
    public var transition = TransitionConfiguration()
    public var background = BackgroundConfiguration()
    public var indicator = IndicatorConfiguration()
    public var tabs = TabBarConfiguration()
    public var idle = IdleConfiguration()
    public var power = PowerConfiguration()
    public var control = ControlConfiguration()
    public var metrics = MetricsConfiguration()
    public var mqtt = MqttConfiguration()
    public var limits = LimitsConfiguration()
    public var sound = SoundConfiguration()
    /// `[[value]]`: the named texts `{name}` placeholders show.
    public var values: [ValueConfiguration] = []
    /// In swipe order; never empty.
    public var screens: [ScreenConfiguration] = [ScreenConfiguration(name: "home")]
    /// The name of the screen shown at start and after `[idle] return-home-after`.
    public var home = "home"

    /// What the file still accepts but should change (deprecated keys), for the log and `check-config`.
    public var warnings: [ConfigDiagnostic] = []

    /// Every setting at its default, as an omitted section reads.
    public init() {}

    /// The screen `home` names.
    public var homeScreen: ScreenConfiguration {
        screens.first { $0.name == home } ?? screens[0]
    }

    /// The tabs the bar shows: the configured ones, or one per screen.
    public var effectiveTabs: [TabConfiguration] {
        tabs.tabs.isEmpty ? screens.map { TabConfiguration(screen: $0.name) } : tabs.tabs
    }

    init(reading root: TableReader) {
        display = DisplayConfiguration(reading: root.table("display"))
        input = InputConfiguration(reading: root.table("input"))
        camera = CameraConfiguration(reading: root.table("camera"))
        transition = TransitionConfiguration(reading: root.table("transition"))
        background = BackgroundConfiguration(reading: root.table("background"))
        indicator = IndicatorConfiguration(reading: root.table("indicator"))
        tabs = TabBarConfiguration(reading: root.table("tabs"))
        let idleTable = root.table("idle")
        power = PowerConfiguration(reading: root.table("power"), idle: idleTable)
        idle = IdleConfiguration(reading: idleTable)
        control = ControlConfiguration(reading: root.table("control"))
        metrics = MetricsConfiguration(reading: root.table("metrics"))
        mqtt = MqttConfiguration(reading: root.table("mqtt"))
        limits = LimitsConfiguration(reading: root.table("limits"))
        sound = SoundConfiguration(reading: root.table("sound"))
        let valueTables = root.tables("value")
        values = valueTables.map(ValueConfiguration.init(reading:))
        var screenTables = root.tables("screen")
        if screenTables.count > ConfigBounds.maximumScreens {
            let limit = ConfigBounds.maximumScreens
            root.diagnostics.keyError("screen \(limit + 1) is more than the \(limit) screens a kiosk may have"
                                      + " (each is built and laid out at start and at every reload); use fewer screens",
                                      at: screenTables[limit].path)
            screenTables = Array(screenTables.prefix(limit))
        }
        let readScreens = screenTables.map(ScreenConfiguration.init(reading:))
        if !readScreens.isEmpty { screens = readScreens }
        let homeName = root.nonEmptyString("home")
        home = homeName ?? screens[0].name
        root.finishReading()
        checkReferences(screenTables: screenTables, root: root, homeGiven: homeName != nil)
        checkOutputReferences(diagnostics: root.diagnostics)
        // A device mapped to the first output is one of the first output's, as an unmapped one is.
        for index in input.calibrations.indices where input.calibrations[index].output == display.outputs.first?.connector {
            input.calibrations[index].output = nil
        }
        warnings = root.diagnostics.warnings
        ValueReferenceCheck(values: values, diagnostics: root.diagnostics)
            .check(self, valueTables: valueTables, screenTables: screenTables)
        checkMqttUsers(valueTables: valueTables, screenTables: screenTables, diagnostics: root.diagnostics)
        checkDiscoveryIDs(screenTables: screenTables, diagnostics: root.diagnostics)
    }

    /// Names must be unique, and everything that names a screen must name one that exists.
    private func checkReferences(screenTables: [TableReader], root: TableReader, homeGiven: Bool) {
        let diagnostics = root.diagnostics
        var firstTableByName: [String: TableReader] = [:]
        for (screen, table) in zip(screens, screenTables) where !screen.name.isEmpty {
            if let first = firstTableByName[screen.name] {
                let firstLine = diagnostics.locator.valuePosition(of: first.path.appending("name"))?.line
                diagnostics.valueError("duplicate screen name \"\(MessageText.shortened(screen.name))\""
                                       + (firstLine.map { " (first used on line \($0))" } ?? ""),
                                       at: table.path.appending("name"))
            } else {
                firstTableByName[screen.name] = table
            }
        }
        let names = screens.map(\.name).filter { !$0.isEmpty }
        func checkScreenName(_ name: String, what: String, at path: ConfigPath) {
            guard !name.isEmpty, !names.contains(name) else { return }
            diagnostics.valueError("\(what) names screen \"\(MessageText.shortened(name))\", which does not exist; screens: "
                                   + names.map { "\"\(MessageText.shortened($0))\"" }.joined(separator: ", ")
                                   + TableReader.hint(for: name, among: names), at: path)
        }
        if homeGiven {
            checkScreenName(home, what: "home", at: root.path.appending("home"))
        }
        for (index, tab) in tabs.tabs.enumerated() {
            let path = ConfigPath.root.appending("tabs").appending("tab").appending(index: index).appending("screen")
            checkScreenName(tab.screen, what: "tab", at: path)
        }
        for (screen, table) in zip(screens, screenTables) {
            var buttonNames: Set<String> = []
            checkButtons(in: screen.elements, elementsPath: table.path.appending("element"), names: &buttonNames,
                         diagnostics: diagnostics, check: checkScreenName)
        }
    }

    /// Buttons must name screens that exist, and be named uniquely on their screen (`names`).
    private func checkButtons(in elements: [ElementConfiguration], elementsPath: ConfigPath, names: inout Set<String>,
                              diagnostics: DiagnosticCollector, check: (String, String, ConfigPath) -> Void) {
        for (index, element) in elements.enumerated() {
            let path = elementsPath.appending(index: index)
            switch element.kind {
            case .button(let button):
                if let target = button.target { check(target, "button", path.appending("target")) }
                if !button.name.isEmpty, !names.insert(button.name).inserted {
                    diagnostics.valueError("duplicate button name \"\(button.name)\" on this screen", at: path.appending("name"))
                }
            case .scroll(let scroll):
                checkButtons(in: scroll.content, elementsPath: path.appending("content"), names: &names,
                             diagnostics: diagnostics, check: check)
            default:
                break
            }
        }
    }
}
