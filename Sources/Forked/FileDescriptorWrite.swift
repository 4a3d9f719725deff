import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing a whole buffer through a file descriptor, which `write(2)` does not promise in one call.
enum FileDescriptorWrite {
    /// Writes all of `data` to `descriptor`, continuing after short writes and interrupted calls.
    ///
    /// - Throws: ``ForkedError/fileSystem(path:reason:)`` naming `path`, its reason starting with `failure`.
    static func writeAll(_ data: Data, to descriptor: Int32, path: String, failure: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw ForkedError.fileSystem(path: path, reason: "\(failure): \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
    }
}
