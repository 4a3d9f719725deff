import SystemPackage

/// Standard output and standard error, written with plain system calls.
///
/// Foundation's `FileHandle` copies the text into a `Data` first and, on the merge path git
/// starts once per file, its set-up is part of the start-up time; a megabyte of merged text
/// was copied once more on its way out.
enum StandardStream {
    /// Writes `text` to standard output; throws when it cannot be written whole (a full disk
    /// behind a redirection, a closed pipe), so the command can say so rather than exit 0.
    static func writeToOutput(_ text: String) throws(CommandFailure) {
        do {
            try write(text, to: .standardOutput)
        } catch {
            throw CommandFailure("cannot write to standard output (\(error))")
        }
    }

    /// Writes `text` to standard error. A message that cannot be shown has nowhere else to go,
    /// so a failure is ignored.
    static func writeToError(_ text: String) {
        try? write(text, to: .standardError)
    }

    private static func write(_ text: String, to descriptor: FileDescriptor) throws {
        var text = text
        try text.withUTF8 { buffer in
            // Not swift-system's generic `writeAll`: unspecialised, its `Result` makes the runtime
            // look up a conformance by scanning the whole binary's conformance records.
            var offset = 0
            while offset < buffer.count {
                offset += try descriptor.write(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[offset...]))
            }
        }
    }
}
