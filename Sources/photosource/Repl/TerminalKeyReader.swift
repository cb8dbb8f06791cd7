import CEditLine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The keys ``LineEditor`` edits with, read for libedit (its `EL_GETCFN` function) so that a
/// window resized while the person types is noticed during the read (see ``WindowResizes``).
enum TerminalKeyReader {
    /// libedit's character reader: waits for a key on standard input or for a resize, and on a
    /// resize has libedit read the window's new size (here, on the reading thread, inside
    /// `el_gets`, which is where libedit's own signal handling would do it). Keys are decoded
    /// for the locale as libedit's built-in reader does; a byte the locale cannot decode is
    /// passed on as it is.
    static func nextKey(_ editLine: OpaquePointer?, into character: UnsafeMutablePointer<wchar_t>?) -> Int32 {
        guard let editLine, let character else { return -1 }
        let resizes = WindowResizes.shared
        var state = mbstate_t()
        while true {
            var waiting = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: resizes.readEnd, events: Int16(POLLIN), revents: 0)]
            if poll(&waiting, resizes.readEnd >= 0 ? 2 : 1, -1) < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if waiting[1].revents != 0 {
                resizes.drain()
                el_resize(editLine)
            }
            guard waiting[0].revents != 0 else { continue }
            var byte: CChar = 0
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 0 { return 0 }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return -1
            }
            var wide: wchar_t = 0
            switch mbrtowc(&wide, &byte, 1, &state) {
            case -2:
                continue  // part of a multibyte character
            case -1:
                state = mbstate_t()
                character.pointee = wchar_t(UInt8(bitPattern: byte))
            default:
                character.pointee = wide
            }
            return 1
        }
    }

}
