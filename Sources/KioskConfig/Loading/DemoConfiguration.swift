/// The built-in demo (`swipe-kiosk demo`; `simulate` and `run` without --config), parsed through the same loader as any file.
public enum DemoConfiguration {
    /// The same text as Config/demo.toml; a test keeps the two identical.
    public static let toml = """
# SwipeKiosk built-in demo: `swipe-kiosk demo`, and `simulate` or `run` without --config, use exactly this file.
# Three screens over a generated background, on a 1280x800 headless display (or a real one with
# backend = "auto"). Swipe left and right, or tap the tabs.

home = "camera"

[display]
backend = "headless"
size = "1280x800"

[camera]
source = "pattern"

[transition]
style = "overlap"
duration = 0.33

[background]
blur-radius = 24
tint = "#ffffff40"

[indicator]
enabled = true
position = "top"

[tabs]
enabled = true
position = "bottom"

[[screen]]
name = "camera"
title = "Camera"
background = "transparent"

  [[screen.element]]
  type = "text"
  x = 40
  y = 48
  width = 1200
  height = 60
  text = "Swipe left"
  font-size = 44
  weight = "bold"
  align = "center"

[[screen]]
name = "card"
title = "Card"
background = "transparent"

  [[screen.element]]
  type = "card"
  x = 340
  y = 110
  width = 600
  height = 520
  colors = ["#ffffff", "#6dd5fa", "#2980b9"]
  corner-radius = 28
  title = "SwipeKiosk"
  text = "Interactive screen-to-screen transitions on a Linux touch panel."
  text-color = "#1b2a3a"

  [[screen.element]]
  type = "button"
  x = 490
  y = 540
  width = 300
  height = 60
  title = "Back to the camera"
  target = "camera"

[[screen]]
name = "red"
title = "Red"
background = "#d01010"

  [[screen.element]]
  type = "text"
  x = 80
  y = 300
  width = 1120
  height = 120
  text = "A plain colour screen"
  font-size = 56
  weight = "bold"
  align = "center"

  [[screen.element]]
  type = "text"
  x = 80
  y = 420
  width = 1120
  height = 60
  text = "Swipe right to go back"
  font-size = 26
  color = "#ffffffcc"
  align = "center"
"""

    /// The parsed demo; the tests guarantee it parses without a diagnostic.
    public static var configuration: KioskConfiguration {
        switch ConfigurationLoader.parse(toml, fileName: "<demo>") {
        case .success(let configuration):
            return configuration
        case .failure(let error):
            preconditionFailure("the built-in demo configuration does not load:\n\(error)")
        }
    }
}
