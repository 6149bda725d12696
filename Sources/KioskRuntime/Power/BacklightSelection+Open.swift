import KioskConfig
import Logging

extension BacklightSelection {
    /// The backlight this selection names, or nil (none chosen, none found, or it cannot be
    /// used: then the log says why and what fixes it).
    func open(classFolder: String, logger: Logger) -> (any Backlight)? {
        do {
            switch self {
            case .none:
                return nil
            case .automatic:
                let backlight = try SysfsBacklight.first(under: classFolder)
                logger.info("backlight: \(backlight.folder) (max \(backlight.maxLevel))")
                return backlight
            case .folder(let folder):
                let backlight = try SysfsBacklight(folder: folder)
                logger.info("backlight: \(folder) (max \(backlight.maxLevel))")
                return backlight
            }
        } catch .noneFound(let searched) {
            logger.info("no backlight under \(searched): brightness and dimming do nothing")
            return nil
        } catch {
            logger.error("backlight: \(error)")
            return nil
        }
    }
}
