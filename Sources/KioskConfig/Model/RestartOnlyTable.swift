/// A table only a restart applies. `reloadable(from:)` keeps each as it runs,
/// `restartOnlyChanges(to:)` names it when the file changes it, and swipe-kiosk.toml(5) marks its keys.
public enum RestartOnlyTable: String, CaseIterable, Sendable {
    case display, control, metrics

    /// Whether `file` changes this table from `running`'s; outputs after the first come and go with a reload.
    func differs(_ running: KioskConfiguration, _ file: KioskConfiguration) -> Bool {
        switch self {
        case .display: running.display.withoutOutputs != file.display.withoutOutputs
        case .control: running.control != file.control
        case .metrics: running.metrics != file.metrics
        }
    }

    /// Puts `running`'s table into `result` (the file's, as a reload runs it).
    func keep(_ running: KioskConfiguration, in result: inout KioskConfiguration) {
        switch self {
        case .display:
            let file = result.display
            result.display = running.display
            // The first output is the display that opened; those beside it follow the file.
            result.display.outputs = (running.display.outputs.first ?? file.outputs.first).map { [$0] } ?? []
            if !result.display.outputs.isEmpty { result.display.outputs += file.secondaryOutputs }
        case .control:
            result.control = running.control
        case .metrics:
            result.metrics = running.metrics
        }
    }
}
