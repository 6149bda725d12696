import KioskWebProtocol
import XCTest

/// The page's own origin and `allow` decide what it may load; anything else is refused.
final class WebOriginPolicyTests: XCTestCase {
    func testHTTPOriginsAndAllow() throws {
        let policy = try XCTUnwrap(WebOriginPolicy(url: "https://Kiosk.example/menu/index.html", allow: ["http://127.0.0.1:8123"]))
        XCTAssertTrue(policy.permits("https://kiosk.example/other.html"))
        XCTAssertTrue(policy.permits("https://kiosk.example:443/x.js"))
        XCTAssertTrue(policy.permits("http://127.0.0.1:8123/api"))
        XCTAssertTrue(policy.permits("data:image/png;base64,AAAA"))
        XCTAssertFalse(policy.permits("http://kiosk.example/"), "another scheme is another origin")
        XCTAssertFalse(policy.permits("https://kiosk.example.evil.example/"))
        XCTAssertFalse(policy.permits("https://evil.example/?https://kiosk.example/"))
        XCTAssertFalse(policy.permits("http://127.0.0.1:8124/"))
        XCTAssertFalse(policy.permits("https://user@kiosk.example/"))
        XCTAssertFalse(policy.permits("file:///etc/passwd"))
        XCTAssertFalse(policy.permits("ftp://kiosk.example/"))
    }

    func testAFilePageMayLoadItsOwnFolderOnly() throws {
        let policy = try XCTUnwrap(WebOriginPolicy(url: "file:///etc/swipe-kiosk/web/menu.html", allow: []))
        XCTAssertTrue(policy.permits("file:///etc/swipe-kiosk/web/style.css"))
        XCTAssertTrue(policy.permits("file:///etc/swipe-kiosk/web/img/a.png"))
        XCTAssertFalse(policy.permits("file:///etc/swipe-kiosk/kiosk.toml"))
        XCTAssertFalse(policy.permits("https://example.org/"))
    }

    func testUrlsThatAreNotPagesAreRefused() {
        XCTAssertNil(WebOriginPolicy(url: "menu.html", allow: []))
        XCTAssertNil(WebOriginPolicy(url: "file://relative/menu.html", allow: []))
        XCTAssertNil(WebOriginPolicy(url: "javascript://x", allow: []))
        XCTAssertNil(WebOriginPolicy(url: "https://a.example/", allow: ["file:///etc/"]))
        XCTAssertEqual(WebOriginPolicy.origin(of: "HTTPS://A.example:443/x?y"), "https://a.example")
        XCTAssertNil(WebOriginPolicy.origin(of: "file:///a.html"))
    }

    func testTheContentFilterBlocksAllButTheAllowedPrefixes() throws {
        let policy = try XCTUnwrap(WebOriginPolicy(url: "https://a.example/x", allow: ["http://127.0.0.1:8123"]))
        let json = policy.contentFilterJSON()
        XCTAssertTrue(json.hasPrefix(#"[{"trigger":{"url-filter":".*"},"action":{"type":"block"}}"#))
        XCTAssertTrue(json.contains(#"{"trigger":{"url-filter":"^https://a\\.example/"},"action":{"type":"ignore-previous-rules"}}"#), json)
        XCTAssertTrue(json.contains(#""url-filter":"^http://127\\.0\\.0\\.1:8123/""#), json)
    }
}
