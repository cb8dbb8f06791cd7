#if canImport(Glibc)
import Glibc
#endif

/// The process's open-file limit (`RLIMIT_NOFILE`), which caps how many connections it can hold.
///
/// Many systems start services with a soft limit of 1,024 while allowing far more (the hard
/// limit): ``raiseSoftLimit()`` lifts the soft limit to the hard one, so the connection cap, not
/// `EMFILE`, decides what happens under a flood of connections.
enum OpenFileLimit {
    /// The most descriptors the soft limit is raised to, however high the hard limit.
    static let ceiling: UInt64 = 1 << 20

    /// Raises the soft limit to the hard limit (at most ``ceiling``); the soft limit in force after.
    @discardableResult
    static func raiseSoftLimit() -> Int {
        var limits = rlimit()
        guard getrlimit(resource, &limits) == 0 else { return 1_024 }
        let wanted = min(UInt64(limits.rlim_max), ceiling)
        if UInt64(limits.rlim_cur) < wanted {
            var raised = limits
            raised.rlim_cur = rlim_t(wanted)
            if setrlimit(resource, &raised) == 0 { limits = raised }
        }
        return Int(min(UInt64(limits.rlim_cur), ceiling))
    }

    /// The soft limit now.
    static var current: Int {
        var limits = rlimit()
        guard getrlimit(resource, &limits) == 0 else { return 1_024 }
        return Int(min(UInt64(limits.rlim_cur), ceiling))
    }

    private static var resource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }
}
