import Glibc

/// Starts programs the daemon runs (commands, the web host) the one way: stdin from /dev/null,
/// the given descriptors moved into place, default signal handling and an empty mask (the daemon
/// blocks the signals it reads through signalfd), and a process group of its own, so stopping the
/// group reaches whatever the program starts in turn.
enum ProcessSpawner {
    /// Starts `argv` (looked up on PATH), with `descriptors` (the child's number -> the daemon's
    /// descriptor; dup2 clears close-on-exec on the copy) and `environment` ("NAME=value" entries;
    /// nil: the daemon's own).
    static func spawn(_ argv: [String], descriptors: [(child: Int32, parent: Int32)],
                      environment: [String]? = nil) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for descriptor in descriptors { posix_spawn_file_actions_adddup2(&actions, descriptor.parent, descriptor.child) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var arguments = argv.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid: pid_t = 0
        let result: Int32
        if let environment {
            var entries = environment.map { strdup($0) } + [nil]
            defer { entries.forEach { free($0) } }
            result = posix_spawnp(&pid, argv[0], &actions, &attributes, &arguments, &entries)
        } else {
            result = posix_spawnp(&pid, argv[0], &actions, &attributes, &arguments, environ)
        }
        guard result == 0 else { throw SystemCallError("cannot run \(argv[0])", code: result) }
        return pid
    }

    /// The daemon's environment as "NAME=value" entries.
    static var currentEnvironment: [String] {
        var entries: [String] = []
        var entry = environ
        while let variable = entry.pointee {
            entries.append(String(cString: variable))
            entry += 1
        }
        return entries
    }
}
