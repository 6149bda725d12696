import XCTest
@testable import KioskCompositor

/// fontconfig falls back without a word; FontSubstitution says when it did and to what.
final class FontSubstitutionTests: XCTestCase {
    func testAMissingFamilyNamesTheFontUsedInstead() throws {
        let used = try XCTUnwrap(FontSubstitution.substitute(for: "Surely Not Installed Family"))
        XCTAssertFalse(used.isEmpty)
        XCTAssertNotEqual(used, "Surely Not Installed Family")
    }

    func testInstalledAndGenericFamiliesAreNotSubstitutions() {
        // fonts-dejavu-core is in the Makefile's BUILD_PACKAGES.
        XCTAssertNil(FontSubstitution.substitute(for: "DejaVu Sans"))
        XCTAssertNil(FontSubstitution.substitute(for: "dejavu sans"))
        XCTAssertNil(FontSubstitution.substitute(for: "Surely Not Installed Family, DejaVu Sans"))
        XCTAssertNil(FontSubstitution.substitute(for: "Sans"))
        XCTAssertNil(FontSubstitution.substitute(for: "Monospace"))
    }
}
