import CWPE
import CWPEBackendFDO
import Glibc
import KioskWebProtocol

// swipe-kiosk-web: the web host the daemon starts (issue 39, docs/web.md). It serves every page of
// the daemon over one SOCK_SEQPACKET socket (fd from --socket-fd), each page a WPE WebKit view whose
// frames it copies into the page's shared memory. WebKit's own processes are its children.

func fail(_ message: String, status: Int32) -> Never {
    logLine(message)
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let socket: Int32
switch WebHostArguments.parse(arguments) {
case let .success(fd):
    socket = fd
case let .failure(error):
    fail("\(error.message)\nusage: swipe-kiosk-web --socket-fd N (a SOCK_SEQPACKET socket the daemon passes; see docs/web.md)", status: 2)
}
guard fcntl(socket, F_GETFD) >= 0 else {
    fail("--socket-fd \(socket) is not an open file descriptor (the daemon passes its socket as fd 3)", status: 2)
}
// The daemon gone (even by SIGKILL) ends the host; and WebKit's processes, which die with their parent.
_ = cwpe_die_with_parent()
if getppid() == 1 { exit(0) }

// No accessibility bus on a kiosk: WebKit's ATK bridge would only warn that it found none.
setenv("NO_AT_BRIDGE", "1", 1)
// Mesa's llvmpipe, which WebKit's web process draws with when there is no GPU, compiles its shaders
// into writable and executable memory; under the unit's MemoryDenyWriteExecute=yes (inherited by
// WebKit's processes) it crashes the web process at its first paint. There, softpipe (no JIT, about
// 30 times slower: fine for static pages, not for animation) keeps pages working.
if let page = mmap(nil, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), page != MAP_FAILED {
    munmap(page, 4096)
} else if getenv("GALLIUM_DRIVER") == nil {
    setenv("GALLIUM_DRIVER", "softpipe", 1)
    logLine("writable and executable memory is refused (MemoryDenyWriteExecute): pages are drawn with Mesa's softpipe, "
        + "slowly; allow it for animated pages (docs/web.md)")
}

// The fdo backend's shared-memory export: no display server, no EGL, no /dev/dri.
guard wpe_loader_init("libWPEBackend-fdo-1.0.so.1") else { fail("cannot load libWPEBackend-fdo-1.0.so.1", status: 1) }
guard wpe_fdo_initialize_shm() else { fail("wpe_fdo_initialize_shm failed", status: 1) }

// The fdo backend's Wayland server runs on the default main context: every WebKit call is made on
// this thread, from this loop.
let loop = g_main_loop_new(nil, 0)!
let host = WebHost(socket: socket, loop: loop)
host.start()
g_main_loop_run(loop)
host.stop()
exit(0)
