import Glibc
import KioskEngine
import XCTest
@testable import KioskCamera

final class FrameMailboxTests: XCTestCase {
    private func isReadable(_ descriptor: Int32) -> Bool {
        var waiter = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&waiter, 1, 0) == 1
    }

    func testNewestFrameWinsAndOlderOnesAreReused() {
        let mailbox = FrameMailbox(width: 2, height: 2)
        XCTAssertFalse(isReadable(mailbox.signal.descriptor))
        let first = mailbox.writableBuffer()
        first.fill(1)
        mailbox.publish(first)
        let second = mailbox.writableBuffer()
        XCTAssertFalse(first === second)
        second.fill(2)
        mailbox.publish(second)
        XCTAssertTrue(isReadable(mailbox.signal.descriptor))

        let taken = mailbox.takeNewest()
        XCTAssertTrue(taken === second)
        XCTAssertEqual(taken?.sequence, 2)
        XCTAssertFalse(isReadable(mailbox.signal.descriptor))
        XCTAssertNil(mailbox.takeNewest())
        XCTAssertTrue(mailbox.writableBuffer() === first, "the dropped frame is filled again")
    }

    func testHandedOutFrameIsNotReusedUntilTheNextTake() {
        let mailbox = FrameMailbox(width: 2, height: 2)
        mailbox.publish(mailbox.writableBuffer())
        let shown = mailbox.takeNewest()
        let next = mailbox.writableBuffer()
        XCTAssertFalse(next === shown)
        mailbox.publish(next)
        _ = mailbox.takeNewest()
        XCTAssertTrue(mailbox.writableBuffer() === shown)
    }

    /// Two frames at most: a producer faster than the reader fills its unread frame again.
    func testAFasterProducerRefillsItsUnreadFrameInsteadOfMakingAThird() {
        let mailbox = FrameMailbox(width: 2, height: 2)
        let first = mailbox.writableBuffer()
        mailbox.publish(first)
        let shown = mailbox.takeNewest()
        XCTAssertTrue(shown === first)
        let second = mailbox.writableBuffer()
        second.fill(2)
        mailbox.publish(second)
        let third = mailbox.writableBuffer()
        XCTAssertTrue(third === second, "the unread frame is taken back, not a third buffer made")
        XCTAssertNil(mailbox.takeNewest(), "while it is refilled the reader keeps the frame it has")
        third.fill(3)
        mailbox.publish(third)
        let taken = mailbox.takeNewest()
        XCTAssertTrue(taken === third)
        XCTAssertEqual(taken?[0, 0], 3)
        XCTAssertTrue(mailbox.writableBuffer() === first, "the frame shown before comes back")
    }
}
