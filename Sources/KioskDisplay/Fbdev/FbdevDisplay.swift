import CLinux
import Glibc
import KioskEngine

/// A Linux framebuffer device (`/dev/fb0`): one mapped 32-bit buffer written in place.
///
/// Where the driver implements FBIO_WAITFORVSYNC, a timer wakes the loop just before the
/// expected vblank and the wait lines the tick up with it; elsewhere the timer alone paces ticks.
public final class FbdevDisplay: Display {
    public let size: (width: Int, height: Int)
    public let refreshRate: Double
    public var frameClock: any FrameClock { clock }
    /// True when ticks follow the driver's vblank rather than a timer alone.
    public let hasVsync: Bool
    public let path: String

    private let descriptor: Int32
    private let mapping: UnsafeMutableRawPointer
    private let mappingLength: Int
    private let visibleOrigin: UnsafeMutableRawPointer
    private let pitch: Int
    private let clock: VsyncFrameClock
    private var pacer: VsyncPacer
    private var tracker: DamageTracker
    private let timer: TimerDescriptor
    private let console: ConsoleGraphicsMode?
    private var isClosed = false
    /// How early the timer fires before an expected vblank, so the blocking wait stays short.
    private static let vsyncWaitLead = 0.002

    /// Opens and maps `options.framebufferPath`; only 32 bits per pixel with XRGB layout is accepted.
    public init(options: DisplayOptions, log: @escaping (String) -> Void) throws {
        path = options.framebufferPath
        let descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw DisplayError.systemCall("open", device: path, errno: errno) }
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        guard clinux_fb_get_variable_info(descriptor, &variable) == 0, clinux_fb_get_fixed_info(descriptor, &fixed) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw DisplayError.systemCall("FBIOGET_VSCREENINFO/FSCREENINFO", device: path, errno: code)
        }
        guard variable.bits_per_pixel == 32, variable.red.offset == 16, variable.green.offset == 8, variable.blue.offset == 0 else {
            Glibc.close(descriptor)
            throw DisplayError.unsupportedFormat(
                path: path,
                reason: "\(variable.bits_per_pixel) bits per pixel (red at bit \(variable.red.offset)); only 32-bit XRGB is supported, set it with `fbset -depth 32`")
        }
        let length = Int(fixed.smem_len)
        let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else {
            let code = errno
            Glibc.close(descriptor)
            throw DisplayError.systemCall("mmap", device: path, errno: code)
        }
        self.descriptor = descriptor
        mapping = mapped
        mappingLength = length
        pitch = Int(fixed.line_length)
        visibleOrigin = mapped + Int(variable.yoffset) * pitch + Int(variable.xoffset) * 4
        size = (Int(variable.xres), Int(variable.yres))
        refreshRate = Self.refreshRate(of: variable)
        clock = VsyncFrameClock(refreshInterval: 1 / refreshRate)
        pacer = VsyncPacer(refreshInterval: 1 / refreshRate, source: .timer)
        tracker = DamageTracker(bufferCount: 1, width: size.width, height: size.height)
        do {
            timer = try TimerDescriptor(device: path)
        } catch {
            munmap(mapped, length)
            Glibc.close(descriptor)
            throw error
        }
        hasVsync = clinux_fb_wait_for_vsync(descriptor) == 0
        console = ConsoleGraphicsMode.enterIfPossible(log: log)
        clock.onLinkAdded = { [weak self] in self?.scheduleFrame() }
        log("\(path): \(size.width)x\(size.height) at \(Int(refreshRate.rounded())) Hz, "
            + (hasVsync ? "ticks on FBIO_WAITFORVSYNC" : "no FBIO_WAITFORVSYNC, ticks by timer"))
    }

    deinit { close() }

    /// The refresh rate from the pixel clock (picoseconds per pixel) and the blanking totals; 60 Hz when unknown.
    static func refreshRate(of info: fb_var_screeninfo) -> Double {
        let horizontal = Double(info.xres + info.left_margin + info.right_margin + info.hsync_len)
        let vertical = Double(info.yres + info.upper_margin + info.lower_margin + info.vsync_len)
        guard info.pixclock > 0, horizontal > 0, vertical > 0 else { return 60 }
        let rate = 1e12 / Double(info.pixclock) / (horizontal * vertical)
        return (20...240).contains(rate) ? rate : 60
    }

    public var pollDescriptors: [Int32] { [timer.fileDescriptor] }

    public func handleReadable(_ descriptor: Int32) throws {
        guard descriptor == timer.fileDescriptor, timer.acknowledge() else { return }
        let tick = hasVsync && clinux_fb_wait_for_vsync(self.descriptor) == 0
            ? pacer.vsyncObserved(at: MonotonicClock.now())
            : pacer.timerFired(now: MonotonicClock.now())
        if let tick { clock.deliver(tick) }
        scheduleFrame()
    }

    public func scheduleFrame() {
        guard !isClosed else { return }
        let deadline = pacer.nextTimerDeadline(now: MonotonicClock.now(), wantsTicks: clock.wantsTicks)
        timer.arm(at: deadline.map { hasVsync ? $0 - Self.vsyncWaitLead : $0 })
    }

    public func present(_ frame: PixelBuffer, damage: [PixelRect]) throws {
        try DisplayError.requireSize(of: frame, width: size.width, height: size.height)
        guard !damage.isEmpty, !isClosed else { return }
        let rects = tracker.rectanglesToCopy(into: 0, damage: damage)
        DamageCopy.copy(rects, from: frame, to: visibleOrigin, targetPitch: pitch, targetWidth: size.width, targetHeight: size.height)
    }

    public func setPowerSaving(_ enabled: Bool) throws {
        guard !isClosed else { return }
        guard clinux_fb_set_blank(descriptor, enabled ? 1 : 0) == 0 else {
            throw DisplayError.systemCall("FBIOBLANK", device: path, errno: errno)
        }
    }

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        timer.arm(at: nil)
        console?.restore()
        munmap(mapping, mappingLength)
        Glibc.close(descriptor)
    }
}
