import Foundation
import KioskEngine

/// `video_cpu` in `swipe-kiosk bench`: what playing a video background costs the process.
public enum VideoBenchmark {
    /// A live 30 fps 1280x720 YUYV source through the real pipeline (appsink, the feed's thread,
    /// libyuv): one SMPTE picture repeated by `imagefreeze`, so what is measured is the pipeline's
    /// cost, not the test source's (`videotestsrc` drawing SMPTE bars 30 times a second takes about
    /// 5% of a core by itself; a decoder's cost depends on the clip and on the board's hardware).
    static let source = "videotestsrc pattern=smpte num-buffers=1 ! video/x-raw,format=YUY2,width=1280,height=720,framerate=30/1 "
        + "! imagefreeze is-live=true ! appsink name=sink"

    /// The process's CPU time per second of wall time, as a share of one core, while the test source
    /// plays into a display-size feed and this thread takes every frame, as the event loop does; the
    /// composition of the frames is not included (`camera_frame_ms` is its cost per frame). Nil when
    /// GStreamer cannot play the source.
    public static func cpuShare(displayWidth: Int, displayHeight: Int, seconds: Double = 5) -> Double? {
        let feed = LiveFeed(settings: CameraSettings(source: .video), displayWidth: displayWidth, displayHeight: displayHeight,
                            fallback: .black, makeDevice: { VideoPipelineDevice(description: source) }, log: { _ in })
        feed.start()
        defer { _ = feed.stop().wait(timeout: 5) }
        var waiter = pollfd(fd: feed.readinessDescriptor, events: Int16(POLLIN), revents: 0)
        let deadline = MonotonicClock.now() + 10
        // The first frames (and GStreamer's start) are not measured.
        var frames = 0
        while frames < 5 && MonotonicClock.now() < deadline {
            if poll(&waiter, 1, 100) > 0, feed.takeNewestFrame() != nil, feed.status.contains("YUYV") { frames += 1 }
        }
        guard frames == 5 else { return nil }
        let startCPU = cpuSeconds(), startWall = MonotonicClock.now()
        while MonotonicClock.now() - startWall < seconds {
            if poll(&waiter, 1, 100) > 0 { _ = feed.takeNewestFrame() }
        }
        return (cpuSeconds() - startCPU) / (MonotonicClock.now() - startWall)
    }

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
}
