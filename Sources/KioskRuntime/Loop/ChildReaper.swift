import CLinux
import Foundation
import Glibc
import KioskEngine

/// Keeps the processes that commands start from outliving their runs.
///
/// Every run gets a mark in its environment (`SWIPE_KIOSK_RUN=<daemon pid>-<run>`), which its
/// descendants inherit. With the daemon a child subreaper (`PR_SET_CHILD_SUBREAPER`), a descendant
/// that left its run's process group (`setsid`) is re-parented to the daemon when its parent
/// dies, where `sweep` finds it by that mark, kills it (and its group) and reaps it. A cgroup per
/// run would need a delegated cgroup tree, which neither a plain `run` nor the tests have.
final class ChildReaper {
    /// What a sweep killed, for the log: "pid 42 (sleep)".
    struct Killed: Equatable {
        var pid: pid_t
        var name: String
        var run: Int
        var description: String { "pid \(pid) (\(name))" }
    }

    static let markName = "SWIPE_KIOSK_RUN"
    private let daemon = getpid()
    private var nextRun = 1
    /// Main processes of runs under way, by run number.
    private var running: [Int: pid_t] = [:]
    private(set) var isSubreaper = false

    /// Makes this process the subreaper of everything it starts; logs nothing, returns why not.
    @discardableResult
    func becomeSubreaper() -> String? {
        guard !isSubreaper else { return nil }
        guard clinux_become_child_subreaper() == 0 else { return String(cString: strerror(errno)) }
        isSubreaper = true
        return nil
    }

    /// A new run's number and the environment entry that marks its processes.
    func newRun() -> (run: Int, mark: String) {
        defer { nextRun += 1 }
        return (nextRun, "\(Self.markName)=\(daemon)-\(nextRun)")
    }

    func started(run: Int, pid: pid_t) { running[run] = pid }

    /// The run's main process was reaped: kills what it left behind (among the daemon's children).
    func ended(run: Int) -> [Killed] {
        running[run] = nil
        return sweep { $0 == run }
    }

    /// Kills and reaps every re-parented process of a run that is no longer under way, or of
    /// `runs` when given; zombies are reaped quietly.
    func sweep(_ runs: ((Int) -> Bool)? = nil) -> [Killed] {
        var killed: [Killed] = []
        for child in Self.children(of: daemon) {
            guard let run = mark(of: child.pid), running[run] == nil || runs?(run) == true else { continue }
            guard running.values.contains(child.pid) == false else { continue }
            if child.state != "Z" {
                if child.group == child.pid { kill(-child.pid, SIGKILL) }
                kill(child.pid, SIGKILL)
                killed.append(Killed(pid: child.pid, name: child.name, run: run))
            }
            // A process just killed may take a moment to die: the next sweep reaps it then.
            waitpid(child.pid, nil, WNOHANG)
        }
        return killed
    }

    /// At daemon stop: kills every run and what it left, waiting up to `limit` seconds for them to go.
    func killEverything(limit: Double = 1) -> [Killed] {
        for pid in running.values { kill(-pid, SIGKILL) }
        let deadline = Date().addingTimeInterval(limit)
        var killed: [Killed] = []
        repeat {
            for found in sweep({ _ in true }) where !killed.contains(where: { $0.pid == found.pid }) {
                killed.append(found)
            }
            guard Self.children(of: daemon).contains(where: { mark(of: $0.pid) != nil }) else { break }
            usleep(5_000)
        } while Date() < deadline
        return killed
    }

    /// The run number in `pid`'s environment mark when it carries this daemon's.
    private func mark(of pid: pid_t) -> Int? {
        guard let environment = try? RegularFile.read("/proc/\(pid)/environ", upTo: 1 << 20).bytes else { return nil }
        let prefix = Array("\(Self.markName)=\(daemon)-".utf8)
        for entry in environment.split(separator: 0, omittingEmptySubsequences: true) where entry.starts(with: prefix) {
            return Int(String(decoding: entry.dropFirst(prefix.count), as: UTF8.self))
        }
        return nil
    }

    private struct ProcessEntry {
        var pid: pid_t
        var name: String
        var state: Character
        var group: pid_t
    }

    /// The processes whose parent is `parent`, from /proc/N/stat.
    private static func children(of parent: pid_t) -> [ProcessEntry] {
        var found: [ProcessEntry] = []
        for pid in candidates(of: parent) {
            guard let stat = try? RegularFile.read("/proc/\(pid)/stat", upTo: 4096).bytes else { continue }
            let text = String(decoding: stat, as: UTF8.self)
            // "pid (comm) S ppid pgrp ...": comm may hold spaces and parentheses, so split after its last ')'.
            guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") else { continue }
            let fields = text[text.index(after: close)...].split(separator: " ")
            guard fields.count > 2, pid_t(fields[1]) == parent, let group = pid_t(fields[2]),
                  let state = fields[0].first else { continue }
            found.append(ProcessEntry(pid: pid, name: String(text[text.index(after: open)..<close]), state: state, group: group))
        }
        return found
    }

    /// The pids that may be `parent`'s children: those its threads' `children` files list (a few
    /// reads), or every pid in /proc where the kernel has no such files (a scan that takes about
    /// a second on a busy machine, once per sweep).
    private static func candidates(of parent: pid_t) -> [pid_t] {
        let pids = { (folder: String) -> [pid_t]? in
            guard let directory = opendir(folder) else { return nil }
            defer { closedir(directory) }
            var pids: [pid_t] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if let pid = pid_t(name) { pids.append(pid) }
            }
            return pids
        }
        if let threads = pids("/proc/\(parent)/task"), access("/proc/\(parent)/task/\(parent)/children", R_OK) == 0 {
            return threads.flatMap { thread -> [pid_t] in
                guard let text = try? RegularFile.read("/proc/\(parent)/task/\(thread)/children", upTo: 1 << 20).bytes else { return [] }
                return String(decoding: text, as: UTF8.self).split(separator: " ").compactMap { pid_t($0) }
            }
        }
        return pids("/proc") ?? []
    }
}
