import ArgumentParser
import KioskCamera
import KioskDisplay
import KioskInput
import KioskRuntime

struct ListDevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list-devices",
        abstract: "List displays, touch devices and cameras, and why any could not be opened.")

    func run() {
        print(DeviceListing.scan().report)
        print()
        print(TouchDeviceLister.report())
        print()
        print(CameraLister.report())
        print()
        print(WebHostReport.report())
    }
}
