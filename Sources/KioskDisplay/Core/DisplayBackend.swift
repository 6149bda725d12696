/// Which kind of display to open; `auto` tries DRM, then fbdev, then headless (never a desktop window).
public enum DisplayBackend: String, Sendable, CaseIterable {
    case auto, drm, fbdev, headless, sdl
}
