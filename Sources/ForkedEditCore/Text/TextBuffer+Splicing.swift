import Foundation

extension TextBuffer {
    /// This buffer's ``text``, built from `oldText` (typically the text before the latest
    /// edit) by copying the bytes of the lines that did not change and joining only the rest.
    ///
    /// An edit changes a few lines of a document of thousands; re-joining every line costs
    /// about a millisecond per keystroke on a megabyte, while matching the unchanged lines
    /// against `oldText` is one byte comparison each. The result is always exactly ``text``,
    /// whatever `oldText` is: lines only count as unchanged when their bytes are identical,
    /// so an unrelated `oldText` just means every line is joined.
    func text(splicingInto oldText: String) -> String {
        let spliced: String? = oldText.utf8.withContiguousStorageIfAvailable { old in
            // The leading lines found, each with its "\n", in `old`, from its start.
            var head = 0
            var start = 0
            while head < lines.count - 1,
                  let length = TextBuffer.match(lines[head], in: old, at: start), start + length < old.count,
                  old[start + length] == UInt8(ascii: "\n") {
                start += length + 1
                head += 1
            }
            // The trailing lines found, each with the "\n" before it, in `old`, from its end;
            // at least one line is left between them so the middle is never negative.
            var tail = 0
            var end = old.count
            while lines.count - 1 - tail > head {
                let line = lines[lines.count - 1 - tail]
                let lineStart = end - line.utf8.count
                guard lineStart - 1 >= start, TextBuffer.match(line, in: old, at: lineStart) != nil,
                      old[lineStart - 1] == UInt8(ascii: "\n")
                else { break }
                end = lineStart - 1
                tail += 1
            }
            let middle = lines[head..<(lines.count - tail)].joined(separator: "\n")
            var result = String()
            result.reserveCapacity(start + middle.utf8.count + (old.count - end))
            result += oldText.utf8Slice(0, start)
            result += middle
            result += oldText.utf8Slice(end, old.count)
            return result
        }
        return spliced ?? text
    }

    /// The byte count of `line` when its bytes are found in `bytes` at `offset`, else `nil`.
    private static func match(_ line: String, in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let found: Bool? = line.utf8.withContiguousStorageIfAvailable { lineBytes in
            guard offset >= 0, offset + lineBytes.count <= bytes.count else { return false }
            guard let lineBase = lineBytes.baseAddress, let base = bytes.baseAddress else { return true }
            return memcmp(base + offset, lineBase, lineBytes.count) == 0
        }
        return found == true ? line.utf8.count : nil
    }
}
