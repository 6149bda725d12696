import Foundation
import XCTest
@testable import KioskConfig

/// A font family that is not installed is a check-config warning naming it and what is drawn instead.
final class FontCheckTests: XCTestCase {
    func testAFamilyThatIsNotInstalledIsAWarningAtItsKey() throws {
        let path = try temporaryFile("""
            [[screen]]
            name = "a"
              [[screen.element]]
              type = "text"
              text = "Hello"
              font = "Helvetica Neue"
              [[screen.element]]
              type = "text"
              text = "default font"
              [[screen.element]]
              type = "button"
              title = "Go"
              action = "signal"
              name = "go"
              font = "Noto Sans"
            """)
        var asked: [String] = []
        let check = ConfigurationCheck(path: path, fontSubstitute: { family in
            asked.append(family)
            return family == "Helvetica Neue" ? "DejaVu Sans" : nil
        })
        XCTAssertTrue(check.isValid, check.report)
        XCTAssertEqual(asked, ["Helvetica Neue", "Noto Sans"], "only the families written in the file")
        XCTAssertEqual(check.configuration?.warnings.map(\.description), [
            "\(path):6:10: screen.element.font: no installed font family matches \"Helvetica Neue\"; text is drawn in "
                + "\"DejaVu Sans\" instead (install the font, or name one `fc-list : family` lists)",
        ])
        XCTAssertTrue(check.report.contains("warning: \(path):6:10: screen.element.font: no installed font family"), check.report)
    }
}
