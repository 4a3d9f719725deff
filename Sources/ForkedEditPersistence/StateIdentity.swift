import Forked
import Foundation

/// The identity of a state directory (``ForkedDirectoryLayout/identity``): 16 random bytes made
/// with the directory and named in each journal header it writes. A journal whose header names
/// another identity was copied (or planted) from another directory and is never replayed.
enum StateIdentity {
    /// The directory's identity, made (private, atomically) when it has none yet: a directory
    /// from before identities gets one at its next open.
    static func ensure(in layout: ForkedDirectoryLayout) throws -> Data {
        if let existing = read(layout) { return existing }
        let identity = Data((0..<16).map { _ in UInt8.random(in: .min ... .max) })
        do {
            try AtomicFile.write(identity, to: layout.identity)
        } catch {
            throw PersistenceError.fileSystem(path: layout.identity.path, reason: "\(error)")
        }
        return identity
    }

    /// The identity written in `layout`'s directory, or `nil` when there is none (or it is not
    /// one: then ``ensure(in:)`` replaces it, and journals naming the old one are set aside).
    static func read(_ layout: ForkedDirectoryLayout) -> Data? {
        guard let data = try? Data(contentsOf: layout.identity), data.count == 16 else { return nil }
        return data
    }
}
