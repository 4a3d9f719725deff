import ForkedEditCore

/// Saves the editor's document to real files through ``AtomicFileWriter``.
final class FileDocumentWriter: DocumentWriter {
    func write(_ text: String, toFile path: String) throws {
        try AtomicFileWriter.write(text, to: path)
    }
}
