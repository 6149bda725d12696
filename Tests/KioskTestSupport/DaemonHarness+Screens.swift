import KioskEngine
@testable import KioskRuntime

/// Screens several test classes build (the in-process ones and their process-kind twins, which
/// run commands), and what they read back or do on them.
extension DaemonHarness {
    /// A headless 320x200 kiosk without a camera, `values` (its `[[value]]` tables) and one screen
    /// showing `text` in a 200x40 text element at `origin` (nil: the element's default place).
    package static func textScreenConfig(values: String, text: String, origin: (x: Int, y: Int)? = (20, 20)) -> String {
        let place = origin.map { "\n      x = \($0.x)\n      y = \($0.y)" } ?? ""
        return """
            [display]
            backend = "headless"
            size = "320x200"
            [camera]
            source = "none"
            \(values)
            [[screen]]
            name = "home"
            background = "#102030"
              [[screen.element]]
              type = "text"\(place)
              width = 200
              height = 40
              text = "\(text)"
            """
    }

    /// A headless 320x200 kiosk with slide transitions whose first screen has one 200x80 button at
    /// (60, 60), its keys `button`, and a second screen to swipe to.
    package static func buttonScreenConfig(button: String) -> String {
        """
        [display]
        backend = "headless"
        size = "320x200"
        [camera]
        source = "none"
        [transition]
        style = "slide"
        duration = 0.3
        [[screen]]
        name = "home"
        background = "#102030"
          [[screen.element]]
          type = "button"
          title = "Press"
          x = 60
          y = 60
          width = 200
          height = 80
          color = "#0080ff"
          \(button)
        [[screen]]
        name = "second"
        """
    }

    /// The strings the scene's text views show now.
    package var texts: [String] {
        var found: [String] = []
        daemon.sceneHost.scene.rootView.forEachInTree { view in
            if view.name == "text", case .text(let content) = view.content { found.append(content.string) }
        }
        return found
    }

    /// A finger down on `point`, held for `seconds`, then lifted where it landed.
    package func press(at point: Point, holding seconds: Double = 0.05, id: Int = 1) throws {
        try send([TouchEvent(id: id, phase: .began, location: point, time: clock.now)])
        clock.advance(to: clock.now + seconds)
        try send([TouchEvent(id: id, phase: .ended, location: point, time: clock.now)])
        settle()
    }
}
