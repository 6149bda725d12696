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
        // A key added to these tables and not named above still shows, as its table.
        check(old.display.outputs.first != new.display.outputs.first, "[[display.output]] 1")
        for table in RestartOnlyTable.allCases where table.differs(old, new) {
            let section = "[\(table.rawValue)]"
            if !keys.contains(where: { $0.hasPrefix(section) }) { keys.append(section) }
        }
        return keys
    }

    /// `file` as a reload can run it: everything from the file but the part only a restart
    /// applies, which stays as it runs.
    public func reloadable(from file: KioskConfiguration) -> KioskConfiguration {
        var result = file
        for table in RestartOnlyTable.allCases { table.keep(self, in: &result) }
        return result
    }
}
