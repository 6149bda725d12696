import CKioskSDL
import Glibc
import KioskCompositor
import KioskEngine

/// A desktop window through SDL2 (X11 or Wayland) showing the panel as the person facing it sees
/// it: the frame turned back by the display's rotation, scaled to fit the desktop.
///
/// The mouse is a one-finger touchscreen (`PointerTouchscreen`); a desktop touchscreen reaches the
/// window as the mouse events SDL makes from touches. Ticks follow the refresh rate of the desktop
/// the window is on; with a vsync-capable renderer `SDL_RenderPresent` also waits for the vblank.
public final class SDLDisplay: InteractiveDisplay {
    public let size: (width: Int, height: Int)
    public let refreshRate: Double
    public let frameClock: any FrameClock
    public var onInput: ((WindowInput) -> Void)?
    /// The window's scale: window pixels per display pixel.
    public let scale: Double

    private let clock: VsyncFrameClock
    private var pacer: VsyncPacer
    private let frameTimer: TimerDescriptor
    /// SDL has no descriptor for its event queue: it is pumped on this timer.
    private let eventTimer: TimerDescriptor
    private let eventInterval = 0.005
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private let texture: OpaquePointer
    private let rotation: Rotation
    private let sceneSize: Size
    private var pointer: PointerTouchscreen
    private var blanked = false
    private var closed = false

    /// Opens a window for a display of the options' mode size (else their headless size), titled `title`.
    public init(options: DisplayOptions, title: String) throws {
        let width = options.mode?.size.width ?? options.headlessWidth
        let height = options.mode?.size.height ?? options.headlessHeight
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw DisplayError.invalidOption("window size \(width)x\(height) must be between 1x1 and 16384x16384")
        }
        guard kiosk_sdl_load() == 0 else {
            throw DisplayError.deviceUnavailable(
                path: "SDL window", reason: "SDL2 cannot be loaded (\(String(cString: kiosk_sdl_load_error()))); "
                    + "the desktop window needs it: apt install libsdl2-2.0-0")
        }
        // SDL turns the desktop's screensaver off by default; a preview window should not.
        kiosk_SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        guard kiosk_SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else {
            throw DisplayError.deviceUnavailable(
                path: "SDL window", reason: "\(Self.lastError()); is a desktop session running (DISPLAY or WAYLAND_DISPLAY set)?")
        }
        // Without a desktop SDL falls back to drivers that show nothing; only a request names them.
        let driver = kiosk_SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
        if ["offscreen", "dummy", "evdev"].contains(driver), getenv("SDL_VIDEODRIVER") == nil {
            kiosk_SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw DisplayError.deviceUnavailable(
                path: "SDL window", reason: "no desktop session (SDL found only its \(driver) driver); set DISPLAY or WAYLAND_DISPLAY")
        }
        size = (width, height)
        rotation = options.windowRotation
        let scene = rotation.sceneSize(displayWidth: width, displayHeight: height)
        sceneSize = Size(width: Double(scene.width), height: Double(scene.height))

        var usable = SDL_Rect()
        let fits = kiosk_SDL_GetDisplayUsableBounds(0, &usable) == 0 && usable.w > 0 && usable.h > 0
        scale = fits ? min(1, 0.9 * Double(usable.w) / Double(scene.width), 0.9 * Double(usable.h) / Double(scene.height)) : 1
        var mode = SDL_DisplayMode()
        let desktopRate = kiosk_SDL_GetCurrentDisplayMode(0, &mode) == 0 ? Double(mode.refresh_rate) : 0
        refreshRate = options.mode?.refreshRate ?? (desktopRate > 0 ? desktopRate : options.headlessRefreshRate)

        let centered = Int32(bitPattern: SDL_WINDOWPOS_CENTERED_MASK)
        guard let window = kiosk_SDL_CreateWindow(title, centered, centered,
                                            Int32((Double(scene.width) * scale).rounded()),
                                            Int32((Double(scene.height) * scale).rounded()),
                                            SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_RESIZABLE.rawValue) else {
            let reason = Self.lastError()
            kiosk_SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw DisplayError.deviceUnavailable(path: "SDL window", reason: "cannot open a window: \(reason)")
        }
        let accelerated = kiosk_SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        guard let renderer = accelerated ?? kiosk_SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            let reason = Self.lastError()
            kiosk_SDL_DestroyWindow(window)
            kiosk_SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw DisplayError.deviceUnavailable(path: "SDL window", reason: "no renderer: \(reason)")
        }
        // Renderer coordinates, and the mouse positions SDL reports, are scene pixels at any window size.
        kiosk_SDL_RenderSetLogicalSize(renderer, Int32(scene.width), Int32(scene.height))
        guard let texture = kiosk_SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGB888.rawValue,
                                              Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width), Int32(height)) else {
            let reason = Self.lastError()
            kiosk_SDL_DestroyRenderer(renderer)
            kiosk_SDL_DestroyWindow(window)
            kiosk_SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw DisplayError.deviceUnavailable(path: "SDL window", reason: "no \(width)x\(height) texture: \(reason)")
        }
        self.window = window
        self.renderer = renderer
        self.texture = texture
        pointer = PointerTouchscreen(size: sceneSize)
        clock = VsyncFrameClock(refreshInterval: 1 / refreshRate)
        frameClock = clock
        pacer = VsyncPacer(refreshInterval: 1 / refreshRate, source: .timer)
        frameTimer = try TimerDescriptor(device: "SDL window")
        eventTimer = try TimerDescriptor(device: "SDL window")
        eventTimer.arm(at: MonotonicClock.now())
        clock.onLinkAdded = { [weak self] in self?.scheduleFrame() }
        showFrame()
    }

    deinit { close() }

    public var pollDescriptors: [Int32] { closed ? [] : [frameTimer.fileDescriptor, eventTimer.fileDescriptor] }

    public func handleReadable(_ descriptor: Int32) throws {
        guard !closed else { return }
        if descriptor == eventTimer.fileDescriptor, eventTimer.acknowledge() {
            pumpEvents()
            if !closed { eventTimer.arm(at: MonotonicClock.now() + eventInterval) }
        } else if descriptor == frameTimer.fileDescriptor, frameTimer.acknowledge() {
            if let tick = pacer.timerFired(now: MonotonicClock.now()) { clock.deliver(tick) }
            scheduleFrame()
        }
    }

    public func scheduleFrame() {
        guard !closed else { return }
        frameTimer.arm(at: pacer.nextTimerDeadline(now: MonotonicClock.now(), wantsTicks: clock.wantsTicks))
    }

    public func present(_ frame: PixelBuffer, damage: [PixelRect]) throws {
        try DisplayError.requireSize(of: frame, width: size.width, height: size.height)
        guard !closed, let first = damage.first else { return }
        let changed = damage.dropFirst().reduce(first) { $0.union($1) }
        var rect = SDL_Rect(x: Int32(changed.x), y: Int32(changed.y), w: Int32(changed.width), h: Int32(changed.height))
        let start = UnsafeRawPointer(frame.pixels) + changed.y * frame.stride + changed.x * 4
        kiosk_SDL_UpdateTexture(texture, &rect, start, Int32(frame.stride))
        showFrame()
    }

    public func setPowerSaving(_ enabled: Bool) throws {
        blanked = enabled
        showFrame()
    }

    public func close() {
        guard !closed else { return }
        closed = true
        frameTimer.arm(at: nil)
        eventTimer.arm(at: nil)
        kiosk_SDL_DestroyTexture(texture)
        kiosk_SDL_DestroyRenderer(renderer)
        kiosk_SDL_DestroyWindow(window)
        kiosk_SDL_QuitSubSystem(SDL_INIT_VIDEO)
    }

    /// Draws the texture turned back by the rotation, centred in the scene's coordinates.
    private func showFrame() {
        kiosk_SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        kiosk_SDL_RenderClear(renderer)
        if !blanked {
            var target = SDL_Rect(x: Int32((Int(sceneSize.width) - size.width) / 2),
                                  y: Int32((Int(sceneSize.height) - size.height) / 2),
                                  w: Int32(size.width), h: Int32(size.height))
            kiosk_SDL_RenderCopyEx(renderer, texture, nil, &target, -Double(rotation.rawValue), nil, SDL_FLIP_NONE)
        }
        kiosk_SDL_RenderPresent(renderer)
    }

    private func pumpEvents() {
        var event = SDL_Event()
        while !closed, kiosk_SDL_PollEvent(&event) == 1 {
            let now = MonotonicClock.now()
            switch SDL_EventType(event.type) {
            case SDL_QUIT:
                onInput?(.closed)
            case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
                deliver(pointer.press(at: location(event.button.x, event.button.y), time: now))
            case SDL_MOUSEMOTION:
                deliver(pointer.move(to: location(event.motion.x, event.motion.y), time: now))
            case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
                deliver(pointer.release(time: now))
            case SDL_KEYDOWN where event.key.keysym.sym == SDLK_LEFT.rawValue:
                onInput?(.previousScreen)
            case SDL_KEYDOWN where event.key.keysym.sym == SDLK_RIGHT.rawValue:
                onInput?(.nextScreen)
            case SDL_WINDOWEVENT:
                // Uncovered or resized: the window's pixels must be drawn again from the texture.
                showFrame()
            default:
                break
            }
        }
    }

    private func location(_ x: Int32, _ y: Int32) -> Point {
        Point(x: min(max(Double(x), 0), sceneSize.width), y: min(max(Double(y), 0), sceneSize.height))
    }

    private func deliver(_ touches: [TouchEvent]) {
        if !touches.isEmpty { onInput?(.touches(touches)) }
    }

    private static func lastError() -> String {
        String(cString: kiosk_SDL_GetError())
    }
}
