import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes mapped read-only into memory, unmapped when this value's lifetime ends.
///
/// Reading a megabyte file with `read` copies it into fresh memory, whose pages the kernel
/// first clears; a mapping shares the pages the file is cached in. `forked-edit merge` maps its
/// three inputs this way. The mapping is private and read-only, but it follows the file: map
/// only files nothing truncates meanwhile (such as the temporary files git gives a merge
/// driver), since reading past a truncated end stops the process.
public struct MappedFile: ~Copyable {
    /// The file's bytes as they were mapped (empty for an empty file).
    public let bytes: UnsafeBufferPointer<UInt8>

    /// Maps all of `file`, which must be a regular file opened for reading.
    ///
    /// - Throws: ``ForkedError/fileSystem(path:reason:)`` when the file cannot be measured or mapped.
    public init(mapping file: borrowing OwnedFileDescriptor) throws {
        let length = try file.length()
        guard length > 0 else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        guard let count = Int(exactly: length) else {
            throw ForkedError.fileSystem(path: file.path, reason: "cannot map: \(length) bytes do not fit in memory")
        }
        bytes = UnsafeBufferPointer(start: try file.mapReadOnly(count: count).assumingMemoryBound(to: UInt8.self), count: count)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}

extension OwnedFileDescriptor {
    /// Maps the file's first `count` bytes read-only and private; ``MappedFile`` owns the mapping.
    func mapReadOnly(count: Int) throws -> UnsafeRawPointer {
        let address = withRawDescriptor { mmap(nil, count, PROT_READ, MAP_PRIVATE, $0, 0) }
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw Self.failure("cannot map", path: path, Errno(rawValue: errno))
        }
        return UnsafeRawPointer(address)
    }
}
