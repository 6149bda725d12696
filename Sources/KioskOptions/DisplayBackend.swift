/// Which display backend drives the screen (`[display] backend`, `run --display`).
public enum DisplayBackend: String, CaseIterable, Sendable {
    /// DRM/KMS if a card with a connected connector exists, else fbdev, else headless.
    case auto
    case drm
    case fbdev
    /// No output device: frames are composed in memory on a timer (tests, benchmarks, CI).
    case headless
    /// A desktop window through SDL2 (X11 or Wayland): the kiosk developed on a laptop.
    case sdl
}
