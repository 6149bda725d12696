/// The part of a configuration only a restart applies: the display is opened, the bus name owned
/// and the metrics file written from start to exit. A reload applies the rest and keeps this part.
extension KioskConfiguration {
    /// The `[section] key` names whose values in `file` differ from this (running) configuration's
    /// in the part only a restart applies.
    public func restartOnlyChanges(to file: KioskConfiguration) -> [String] {
        let (old, new) = (self, file)
        var keys: [String] = []
        func check(_ changed: Bool, _ name: String) { if changed { keys.append(name) } }
        check(old.display.backend != new.display.backend, "[display] backend")
        check(old.display.device != new.display.device, "[display] device")
        check(old.display.connector != new.display.connector, "[display] connector")
        check(old.display.mode != new.display.mode, "[display] mode")
        check(old.display.rotation != new.display.rotation, "[display] rotation")
        check(old.display.size != new.display.size, "[display] size")
        check(old.display.refreshRate != new.display.refreshRate, "[display] refresh-rate")
        check(old.display.buffers != new.display.buffers, "[display] buffers")
        check(old.display.planes != new.display.planes, "[display] planes")
        check(old.display.waitForOutput != new.display.waitForOutput, "[display] wait-for-output")
        check(old.control.bus != new.control.bus, "[control] bus")
        check(old.metrics.textfile != new.metrics.textfile, "[metrics] textfile")
        check(old.metrics.interval != new.metrics.interval, "[metrics] interval")
        // A key added to these sections and not named above still shows, as its section.
        check(old.display.outputs.first != new.display.outputs.first, "[[display.output]] 1")
        // Outputs after the first come and go with a reload.
        for (section, changed) in [("[display]", old.display.withoutOutputs != new.display.withoutOutputs), ("[control]", old.control != new.control),
                                   ("[metrics]", old.metrics != new.metrics)]
        where changed && !keys.contains(where: { $0.hasPrefix(section) }) {
            keys.append(section)
        }
        return keys
    }

    /// `file` as a reload can run it: everything from the file but the part only a restart
    /// applies, which stays as it runs.
    public func reloadable(from file: KioskConfiguration) -> KioskConfiguration {
        var result = file
        result.display = display
        // The first output is the display that opened; those beside it follow the file.
        result.display.outputs = (display.outputs.first ?? file.display.outputs.first).map { [$0] } ?? []
        if !result.display.outputs.isEmpty { result.display.outputs += file.display.secondaryOutputs }
        result.control = control
        result.metrics = metrics
        return result
    }
}
