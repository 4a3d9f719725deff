/// The file a session edits, as the session last read or wrote it: its name, how it is read and
/// written, its line endings, the text it held, and when it was last looked at. The one owner of
/// that state: the session asks it whether the file changed and tells it what was saved.
struct EditedFile {
    /// The file saves go to, or `nil` until the user names one.
    var name: String?
    /// Reads, writes and stamps files.
    let writer: any DocumentWriter
    /// The line breaks the file had, kept when saving.
    let lineEndings: LineEndings
    /// The text as last saved or opened (line breaks normalised).
    private(set) var savedText: String
    /// Whether the writer refused the file's name (read-only), so the next save asks for another.
    private(set) var saveWasRefused = false
    /// The stamp of the file when the editor last read or wrote it.
    private var stampSeen: FileStamp?
    /// When the file was last checked for changes made by other programs.
    private var lastCheck: ContinuousClock.Instant?

    /// A file opened with `savedText`. Read just before, so it is read again only when its stamp
    /// changes: the once-a-second check stays a `stat`, not a read of the whole file.
    init(name: String?, writer: any DocumentWriter, lineEndings: LineEndings, savedText: String) {
        self.name = name
        self.writer = writer
        self.lineEndings = lineEndings
        self.savedText = savedText
        stampSeen = name.flatMap(writer.stamp(ofFile:))
    }

    /// The file's text when another program changed it since it was last read or saved (line
    /// breaks normalised); `nil` when it did not (or there is no file). Without `force`, a file
    /// whose stamp is unchanged is not read.
    mutating func changeOnDisk(force: Bool) throws -> String? {
        guard let name else { return nil }
        let stamp = writer.stamp(ofFile: name)
        if !force, stamp == stampSeen { return nil }
        stampSeen = stamp
        guard let disk = try writer.read(fromFile: name) else { return nil }
        let text = LineEndings.normalize(disk).text
        return text == savedText ? nil : text
    }

    /// Records that the editor has taken in `text`, the file's content now.
    mutating func tookIn(_ text: String) {
        savedText = text
    }

    /// The file's text as on disk now (line breaks normalised), or `nil` when it is not there.
    func read() throws -> String? {
        guard let name, let disk = try writer.read(fromFile: name) else { return nil }
        return LineEndings.normalize(disk).text
    }

    /// Writes `text` with the file's line breaks.
    ///
    /// - Throws: ``SaveRefusal`` when the name cannot be written (the next save asks for another),
    ///   or what the writer threw.
    mutating func write(_ text: String) throws {
        guard let name else { return }
        do {
            try writer.write(lineEndings.apply(to: text), toFile: name)
        } catch let refusal as SaveRefusal {
            saveWasRefused = true
            throw refusal
        }
        saveWasRefused = false
        stampSeen = writer.stamp(ofFile: name)
        savedText = text
    }

    /// Whether a check for outside changes is due at `now` (at most one a second); if so, counts it made.
    mutating func isCheckDue(at now: ContinuousClock.Instant) -> Bool {
        if let lastCheck, now - lastCheck < .seconds(1) { return false }
        lastCheck = now
        return true
    }
}
