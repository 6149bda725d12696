import CLinux
import Foundation
import Glibc

/// What display hardware this machine has, for `swipe-kiosk list-devices`: every DRM card with its
/// connectors and modes, every fbdev device, and for anything that could not be opened, why.
public struct DeviceListing: Equatable {
    public struct Card: Equatable {
        public var path: String
        /// Why the card could not be read; nil when `connectors` is complete.
        public var problem: String?
        public var connectors: [Connector]
        /// The card's CRTCs in the kernel's order, each with the planes that can feed it.
        public var crtcs: [Crtc] = []
        /// Why the planes could not be listed; nil when `crtcs` is complete.
        public var planeProblem: String?
        /// Writeback connectors: where scan-out screenshots can be read back from the hardware.
        public var writebacks: [Writeback] = []
        /// Why the writeback connectors could not be listed; nil when `writebacks` is complete.
        public var writebackProblem: String?
    }

    /// A writeback connector: the CRTCs that can feed it, the connectors it can run beside on one
    /// CRTC (the driver's clone masks), and the formats it writes.
    public struct Writeback: Equatable {
        public var name: String
        public var crtcIDs: [UInt32]
        public var beside: [String]
        public var formats: [DRMFormat]
    }

    public struct Crtc: Equatable {
        public var id: UInt32
        public var planes: [DRMPlaneInfo]
    }

    public struct Connector: Equatable {
        public var name: String
        public var isConnected: Bool
        public var modes: [DisplayMode]
    }

    public struct Framebuffer: Equatable {
        public var path: String
        /// `WxH, N bits per pixel`, or why it could not be read.
        public var summary: String
    }

    public var cards: [Card]
    public var framebuffers: [Framebuffer]
    /// Machine-wide findings, such as no KMS driver being loaded.
    public var notes: [String]

    /// Scans `/dev/dri/card*` and `/dev/fb*`; never throws, reporting failures in the listing instead.
    public static func scan() -> DeviceListing {
        scan(
            driDirectoryExists: FileManager.default.fileExists(atPath: "/dev/dri"),
            cardPaths: DeviceNodes.drmCards(),
            openCard: { try LibDRMDevice(path: $0) },
            framebufferPaths: DeviceNodes.framebuffers(),
            describeFramebuffer: describeFramebuffer
        )
    }

    static func scan(
        driDirectoryExists: Bool,
        cardPaths: [String],
        openCard: (String) throws -> DRMDevice,
        framebufferPaths: [String],
        describeFramebuffer: (String) -> String
    ) -> DeviceListing {
        var notes: [String] = []
        if !driDirectoryExists {
            notes.append("no /dev/dri: no KMS driver is loaded (load the panel's DRM driver, e.g. vc4, i915, bochs, virtio-gpu)")
        } else if cardPaths.isEmpty {
            notes.append("/dev/dri has no card nodes: only render nodes, or the KMS driver failed to probe")
        }
        let cards = cardPaths.map { path -> Card in
            do {
                let device = try openCard(path)
                let connectors = try device.resources().connectorIDs.map { id -> Connector in
                    let info = try device.connector(id)
                    return Connector(name: info.name, isConnected: info.isConnected, modes: info.modes)
                }
                var card = Card(path: path, problem: nil, connectors: connectors)
                do {
                    let planes = try device.planes()
                    card.crtcs = try device.resources().crtcIDs.enumerated().map { index, id in
                        Crtc(id: id, planes: planes.filter { $0.canFeed(crtcIndex: index) })
                    }
                } catch {
                    card.planeProblem = "\(error)"
                }
                do {
                    // The kernel lists writeback connectors only to atomic clients that ask.
                    if device.enableAtomic(), let listed = try DRMWriteback.candidates(on: device) {
                        let panels = try listed.resources.connectorIDs.map(device.connector).filter { !$0.isWriteback }
                        card.writebacks = listed.writebacks.map { writeback in
                            Writeback(name: writeback.connector.name,
                                      crtcIDs: listed.resources.crtcIDs.indices.filter { writeback.crtcMask & 1 << UInt32($0) != 0 }
                                          .map { listed.resources.crtcIDs[$0] },
                                      beside: panels.filter { writeback.cloneMask & DRMWriteback.encoderMask(of: $0, in: listed.resources) != 0 }
                                          .map(\.name),
                                      formats: writeback.formats)
                        }
                    }
                } catch {
                    card.writebackProblem = "\(error)"
                }
                return card
            } catch {
                return Card(path: path, problem: "\(error)", connectors: [])
            }
        }
        if framebufferPaths.isEmpty {
            notes.append("no /dev/fb*: no framebuffer device (fbdev emulation is off or no fbdev driver is loaded)")
        }
        let framebuffers = framebufferPaths.map { Framebuffer(path: $0, summary: describeFramebuffer($0)) }
        return DeviceListing(cards: cards, framebuffers: framebuffers, notes: notes)
    }

    /// One line per card, connector and framebuffer, indented, for a terminal.
    public var report: String {
        var lines: [String] = ["DRM cards:"]
        if cards.isEmpty { lines.append("  none") }
        for card in cards {
            if let problem = card.problem {
                lines.append("  \(card.path): cannot open: \(problem)")
                continue
            }
            lines.append("  \(card.path):")
            if card.connectors.isEmpty { lines.append("    no connectors") }
            for connector in card.connectors {
                lines.append("    \(connector.name): \(connector.isConnected ? "connected" : "disconnected")")
                if !connector.modes.isEmpty {
                    lines.append("      modes: " + connector.modes.map(\.description).joined(separator: ", "))
                }
            }
            if let problem = card.planeProblem { lines.append("    planes: cannot list: \(problem)") }
            for crtc in card.crtcs {
                lines.append("    CRTC \(crtc.id): " + (crtc.planes.isEmpty ? "no planes" : "\(crtc.planes.count) planes"))
                for plane in crtc.planes {
                    let zpos = plane.zpos.map { ", zpos \($0)" } ?? ""
                    let crtcs = card.crtcs.indices.filter { plane.canFeed(crtcIndex: $0) }.map { String(card.crtcs[$0].id) }
                    lines.append("      plane \(plane.id) \(plane.kind.rawValue)\(zpos), CRTCs \(crtcs.joined(separator: " ")): "
                                 + plane.formats.map(\.description).joined(separator: " "))
                }
            }
            if let problem = card.writebackProblem { lines.append("    writeback connectors: cannot list: \(problem)") }
            for writeback in card.writebacks {
                let beside = writeback.beside.isEmpty ? "beside no other connector" : "beside " + writeback.beside.joined(separator: " ")
                lines.append("    \(writeback.name): writeback, CRTCs \(writeback.crtcIDs.map(String.init).joined(separator: " ")), \(beside): "
                             + writeback.formats.map(\.description).joined(separator: " "))
            }
        }
        lines.append("Framebuffers:")
        if framebuffers.isEmpty { lines.append("  none") }
        for framebuffer in framebuffers {
            lines.append("  \(framebuffer.path): \(framebuffer.summary)")
        }
        lines += notes.map { "note: \($0)" }
        return lines.joined(separator: "\n")
    }

    private static func describeFramebuffer(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return "cannot open: \(SystemErrorText.describe(errno))"
        }
        defer { Glibc.close(descriptor) }
        var info = fb_var_screeninfo()
        guard clinux_fb_get_variable_info(descriptor, &info) == 0 else {
            return "FBIOGET_VSCREENINFO failed: \(SystemErrorText.describe(errno))"
        }
        let rate = Int(FbdevDisplay.refreshRate(of: info).rounded())
        return "\(info.xres)x\(info.yres), \(info.bits_per_pixel) bits per pixel, about \(rate) Hz"
    }
}
