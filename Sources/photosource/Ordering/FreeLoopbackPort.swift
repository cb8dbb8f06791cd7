import PhotoSourceKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A port on 127.0.0.1 that nothing listens on right now: bound with port 0 (the kernel picks
/// one), read back, released. The in-process order service and the demo lab each need the
/// other's address before either listens (the lab's callbacks go to the service, the service's
/// signed URLs name its own port), so the service's port is chosen first this way.
enum FreeLoopbackPort {
    /// `SOCK_STREAM | SOCK_CLOEXEC` by their Linux values (as `LoopbackSocket` in PhotoNetworking
    /// spells them: MemberImportVisibility otherwise attributes the Glibc constants to other modules).
    private static let streamCloseOnExec: Int32 = 1 | 0o2000000

    /// A free port; throws `.connection` when no socket can be bound.
    static func pick() throws -> Int {
        let fd = socket(AF_INET, streamCloseOnExec, 0)
        guard fd >= 0 else { throw PhotoSourceError(.connection, "Could not open a socket to find a free port (errno \(errno)).") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian  // 127.0.0.1
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let found = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard found, address.sin_port != 0 else {
            throw PhotoSourceError(.connection, "Could not find a free port on 127.0.0.1 (errno \(errno)).")
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
