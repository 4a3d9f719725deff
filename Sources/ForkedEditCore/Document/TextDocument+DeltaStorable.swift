import Forked
import ForkedMerge
import Foundation

/// A document's new version is stored in the repository as what changed since the version it
/// replaces: the text's common start and end are kept, only the bytes between them written.
/// Typing into a 10 MB file then writes a few bytes per snapshot instead of the whole text; a
/// document stored whole is its text's bytes as they are (a change to an empty document), not
/// escaped JSON.
///
/// Encoding: a format byte (1); unsigned LEB128 numbers for the UTF-8 bytes kept from the start
/// of the base's text and from its end; the length of the bytes between them, then those bytes;
/// the number of cursors, then for each its fork name's length and UTF-8 bytes and its offset.
extension TextDocument: DeltaStorable {
    private static let deltaFormat: UInt8 = 1

    public func storedDelta(from base: TextDocument) -> Data? {
        var text = text
        var baseText = base.text
        return text.withUTF8 { new in
            baseText.withUTF8 { old in
                let kept = KeptBytes(old, new)
                let middle = UnsafeBufferPointer(rebasing: new[kept.prefix..<(new.count - kept.suffix)])
                // A change of most of the text is stored whole: a delta would save little.
                guard middle.count <= new.count / 2 + 64 else { return nil }
                return encoded(keeping: kept, middle: middle)
            }
        }
    }

    /// The document as a change to an empty one: its text's bytes as they are, no JSON escaping.
    public var storedBytes: Data? {
        var text = text
        return text.withUTF8 { encoded(keeping: KeptBytes(prefix: 0, suffix: 0), middle: $0) }
    }

    public init(storedBytes: Data) throws {
        self = try TextDocument(text: "").applyingStoredDelta(storedBytes)
    }

    /// The encoding of a change that keeps `kept` of the base's text around `middle`, with
    /// this document's cursors.
    private func encoded(keeping kept: KeptBytes, middle: UnsafeBufferPointer<UInt8>) -> Data {
        var data = Data(capacity: middle.count + 16 + cursors.count * 12)
        data.append(Self.deltaFormat)
        LEB128.append(kept.prefix, to: &data)
        LEB128.append(kept.suffix, to: &data)
        LEB128.append(middle.count, to: &data)
        data.append(middle)
        LEB128.append(cursors.count, to: &data)
        for (name, offset) in cursors.sorted(by: { $0.key < $1.key }) {
            let bytes = Array(name.utf8)
            LEB128.append(bytes.count, to: &data)
            data.append(contentsOf: bytes)
            // Offsets are never negative; one that is would not round-trip, and the repository
            // then stores the document as JSON.
            LEB128.append(offset, to: &data)
        }
        return data
    }

    public func applyingStoredDelta(_ delta: Data) throws -> TextDocument {
        var bytes = delta[...]
        guard bytes.popFirst() == Self.deltaFormat else { throw StoredDeltaFailure("an unknown delta format") }
        guard let prefix = LEB128.read(&bytes), let suffix = LEB128.read(&bytes), let count = LEB128.read(&bytes),
              count <= bytes.count
        else { throw StoredDeltaFailure("a truncated delta") }
        let middle = bytes.prefix(count)
        bytes = bytes.dropFirst(count)
        var baseText = text
        let newText: String? = try baseText.withUTF8 { old in
            guard prefix <= old.count, suffix <= old.count - prefix else {
                throw StoredDeltaFailure("a delta keeping \(prefix) + \(suffix) bytes of a \(old.count)-byte text")
            }
            var result = [UInt8]()
            result.reserveCapacity(prefix + middle.count + suffix)
            result.append(contentsOf: old[..<prefix])
            // As one copy: appending the `Data` itself would go byte by byte.
            middle.withUnsafeBytes { result.append(contentsOf: $0.assumingMemoryBound(to: UInt8.self)) }
            result.append(contentsOf: old[(old.count - suffix)...])
            return String(validating: result, as: UTF8.self)
        }
        guard let newText else { throw StoredDeltaFailure("a delta that cuts a character") }
        guard let cursorCount = LEB128.read(&bytes), cursorCount <= bytes.count else { throw StoredDeltaFailure("truncated cursors") }
        var cursors: [String: Int] = [:]
        for _ in 0..<cursorCount {
            guard let length = LEB128.read(&bytes), length <= bytes.count,
                  let name = String(validating: bytes.prefix(length), as: UTF8.self)
            else { throw StoredDeltaFailure("a truncated cursor name") }
            bytes = bytes.dropFirst(length)
            guard let offset = LEB128.read(&bytes) else { throw StoredDeltaFailure("a truncated cursor") }
            cursors[name] = offset
        }
        guard bytes.isEmpty else { throw StoredDeltaFailure("bytes after the cursors") }
        return TextDocument(text: newText, cursors: cursors)
    }
}

/// Why a stored delta does not fit the document it is applied to.
struct StoredDeltaFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// How many bytes a change keeps of its base's text: at the start, then at the end.
private struct KeptBytes {
    let prefix: Int
    let suffix: Int

    init(prefix: Int, suffix: Int) {
        self.prefix = prefix
        self.suffix = suffix
    }

    /// What `new` keeps of `old`.
    init(_ old: UnsafeBufferPointer<UInt8>, _ new: UnsafeBufferPointer<UInt8>) {
        prefix = CommonBytes.prefix(old, new)
        suffix = CommonBytes.suffix(old, new, limit: min(old.count, new.count) - prefix)
    }
}
