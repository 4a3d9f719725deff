import Foundation
import Testing
@testable import Forked

/// Files read as text: valid UTF-8 straight into a string, NUL bytes called binary, anything
/// else not UTF-8; the same answers as Foundation's validation, on edge cases and random bytes.
@Suite struct TextFileContentsTests {
    /// The verdict the slow way: any NUL is binary, then the standard library's validation.
    private func expected(_ bytes: [UInt8]) -> TextBytes.Verdict {
        if bytes.contains(0) { return .binary }
        return String(validating: bytes, as: UTF8.self) == nil ? .notUTF8 : .text
    }

    private func classify(_ bytes: [UInt8]) -> TextBytes.Verdict {
        bytes.withUnsafeBufferPointer { TextBytes.classify($0) }
    }

    private static let tableCases: [([UInt8], TextBytes.Verdict)] = [
        ([], .text),
        (Array("plain ASCII text, longer than one word\n".utf8), .text),
        (Array("é 👍🏽 \u{10FFFF} \u{FFFF} \u{E000}".utf8), .text),
        ([0xC0, 0x80], .notUTF8),                       // overlong NUL
        ([0xE0, 0x9F, 0xBF], .notUTF8),                 // overlong three-byte form
        ([0xED, 0xA0, 0x80], .notUTF8),                 // a surrogate
        ([0xF4, 0x90, 0x80, 0x80], .notUTF8),           // past U+10FFFF
        ([0xF5, 0x80, 0x80, 0x80], .notUTF8),
        ([0xE2, 0x82], .notUTF8),                       // cut short at the end
        (Array("abcdefg".utf8) + [0xE2, 0x82, 0x41], .notUTF8),
        (Array("abcdefgh".utf8) + [0x00] + Array("ijklmnop".utf8), .binary),
        ([0xFF, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x00], .binary),   // invalid first, NUL later
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00], .binary),   // a PNG header
    ]

    @Test(arguments: tableCases)
    func edgeCases(bytes: [UInt8], verdict: TextBytes.Verdict) {
        #expect(classify(bytes) == verdict)
        #expect(expected(bytes) == verdict)
    }

    @Test func randomBytesAgreeWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        // Bytes near the boundaries of the UTF-8 table, mixed into ASCII runs of every alignment.
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                                    0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator) ? UInt8(ascii: "a") : interesting.randomElement(using: &generator) ?? 0
            }
            #expect(classify(bytes) == expected(bytes), "\(bytes)")
        }
        // Valid text of random scalars is text.
        for _ in 0..<2_000 {
            let scalars = (0..<Int.random(in: 0...40, using: &generator)).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 1...0x10FFFF, using: &generator))
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            #expect(classify(Array(text.utf8)) == .text)
        }
    }

    @Test func aFileIsReadStraightIntoText() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("text-contents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func read(_ bytes: [UInt8]) throws -> TextFileContents {
            let path = directory.appendingPathComponent("file").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return try OwnedFileDescriptor(opening: path, .readOnly).readAllText()
        }
        let long = String(repeating: "line of text, é\n", count: 50_000)
        #expect(try read(Array(long.utf8)) == .text(long))
        #expect(try read([]) == .text(""))
        #expect(try read(Array("a\u{0}b".utf8)) == .binary)
        #expect(try read([0x61, 0xFF, 0x62]) == .notUTF8)
    }

    @Test func aFileThatGrowsWhileReadIsReadWhole() throws {
        // A FIFO's length is 0 to fstat, so every byte arrives past the first guess.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("text-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        let text = String(repeating: "grows ü\n", count: 4_000)
        let writer = Thread {
            // Opening blocks until the reader opens the other end.
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            handle.write(Data(text.utf8))
            try? handle.close()
        }
        writer.start()
        let contents = try OwnedFileDescriptor(opening: path, .readOnly).readAllText()
        #expect(contents == .text(text))
    }
}
