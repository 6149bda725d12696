import Glibc

/// A view's shared memory: `slots` ARGB8888 images of `stride * height` bytes, back to back, in a
/// sealed memfd. The host creates it writable; the daemon maps the descriptor `buffers` brings
/// read-only, after checking its size and seals, so a shorter file can never fault its reads (SIGBUS).
public final class WebSharedImages {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let slots: Int
    /// The memfd (owned: closed with this object).
    public let fileDescriptor: Int32
    /// The first byte of slot 0.
    public let base: UnsafeMutableRawPointer
    public var byteCount: Int { stride * height * slots }

    /// The host's side: a new sealed memfd for `slots` images of `width` x `height`, cleared to transparent.
    public init(creatingWidth width: Int, height: Int, slots: Int = Int(WebProtocol.slotCount)) throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw WebSharedImagesError.badSize(width: width, height: height)
        }
        self.width = width
        self.height = height
        self.stride = width * 4
        self.slots = slots
        let size = stride * height * slots
        let fd = try Self.memfd(name: "swipe-kiosk-web")
        guard ftruncate(fd, off_t(size)) == 0 else {
            let code = errno
            close(fd)
            throw WebSharedImagesError.system(call: "ftruncate", errno: code)
        }
        _ = fcntl(fd, Self.addSeals, Self.sealShrink | Self.sealGrow | Self.sealSeal)
        guard let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            let code = errno
            close(fd)
            throw WebSharedImagesError.system(call: "mmap", errno: code)
        }
        self.fileDescriptor = fd
        self.base = map
    }

    /// The daemon's side: maps `fileDescriptor` (taking ownership) for a `buffers` message's images,
    /// refusing a file shorter than they need or one that may still shrink.
    public init(mapping fileDescriptor: Int32, width: UInt32, height: UInt32, stride: UInt32, slots: UInt8) throws {
        self.width = Int(width)
        self.height = Int(height)
        self.stride = Int(stride)
        self.slots = Int(slots)
        self.fileDescriptor = fileDescriptor
        let size = Int(stride) * Int(height) * Int(slots)
        guard width > 0, height > 0, width <= 16384, height <= 16384, Int(stride) >= Int(width) * 4 else {
            close(fileDescriptor)
            throw WebSharedImagesError.badSize(width: Int(width), height: Int(height))
        }
        var status = stat()
        guard fstat(fileDescriptor, &status) == 0, Int(status.st_size) >= size else {
            close(fileDescriptor)
            throw WebSharedImagesError.tooSmall(needed: size)
        }
        guard fcntl(fileDescriptor, Self.getSeals) & Self.sealShrink != 0 else {
            close(fileDescriptor)
            throw WebSharedImagesError.notSealed
        }
        guard let map = mmap(nil, size, PROT_READ, MAP_SHARED, fileDescriptor, 0), map != MAP_FAILED else {
            let code = errno
            close(fileDescriptor)
            throw WebSharedImagesError.system(call: "mmap", errno: code)
        }
        self.base = map
    }

    deinit {
        munmap(base, byteCount)
        close(fileDescriptor)
    }

    /// The first byte of `slot`'s image.
    public func pixels(slot: Int) -> UnsafeMutableRawPointer {
        precondition(slot >= 0 && slot < slots)
        return base + slot * stride * height
    }

    // memfd_create and the seal commands are GNU extensions the Glibc module does not import.
    private static let addSeals: Int32 = 1033      // F_ADD_SEALS
    private static let getSeals: Int32 = 1034      // F_GET_SEALS
    private static let sealSeal: Int32 = 0x1       // F_SEAL_SEAL
    private static let sealShrink: Int32 = 0x2     // F_SEAL_SHRINK
    private static let sealGrow: Int32 = 0x4       // F_SEAL_GROW
    private static let memfdFlags: UInt32 = 0x1 | 0x2 // MFD_CLOEXEC | MFD_ALLOW_SEALING

    private typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32

    /// A close-on-exec, sealable memfd named `name` (glibc's memfd_create, looked up by name).
    static func memfd(name: String) throws -> Int32 {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "memfd_create") else {
            throw WebSharedImagesError.system(call: "memfd_create", errno: ENOSYS)
        }
        let create = unsafeBitCast(symbol, to: MemfdCreate.self)
        let fd = create(name, memfdFlags)
        guard fd >= 0 else { throw WebSharedImagesError.system(call: "memfd_create", errno: errno) }
        return fd
    }
}

/// Why a view's shared memory could not be made or mapped.
public enum WebSharedImagesError: Error, Equatable, Sendable, CustomStringConvertible {
    case system(call: String, errno: Int32)
    case badSize(width: Int, height: Int)
    case tooSmall(needed: Int)
    case notSealed

    public var description: String {
        switch self {
        case let .system(call, code):
            return "web shared memory: \(call) failed: \(String(cString: strerror(code)))"
        case let .badSize(width, height):
            return "web shared memory: \(width)x\(height) is not a size a view can have (1 to 16384 pixels each way, stride at least 4 bytes a pixel)"
        case let .tooSmall(needed):
            return "web shared memory: the file is shorter than the \(needed) bytes its images need"
        case .notSealed:
            return "web shared memory: the file is not sealed against shrinking"
        }
    }
}
