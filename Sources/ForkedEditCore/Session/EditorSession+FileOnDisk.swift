import Forked

extension EditorSession {
    /// Reads the edited file and, when another program changed it since the editor last read or
    /// saved it, brings the change in (see ``OutsideChange``) with a note on the status line.
    ///
    /// - Parameter force: Read the file even when its stamp looks unchanged, as before a save.
    /// - Returns: Whether a change came in.
    /// - Throws: When the file exists but cannot be read as text; nothing changes then.
    @discardableResult
    public func takeInChangesOnDisk(force: Bool = false) throws -> Bool {
        guard let fileName, let text = try file.changeOnDisk(force: force) else { return false }
        let editable = editableForks
        let lastSeen = file.savedText
        let merge = { [resource] in try OutsideChange.merge(text, lastSeen: lastSeen, into: resource, forks: editable) }
        if let observer {
            try observer.editorSession(self, performMerge: merge)
        } else {
            try merge()
        }
        file.tookIn(text)
        let note = noteSaved(text, toFile: fileName)
        try reloadFromResource()
        message = "\(fileName) was changed by another program: merged into main and \(editable.map(\.name).joined(separator: " and "))"
            + (note.map { "; \($0)" } ?? "")
        return true
    }

    /// Reads the file now (bringing in what other programs changed, as the timer would) and
    /// makes the focused pane's fork hold the file's text, as one edit Ctrl-Z undoes: the
    /// pane's unsaved edits are set aside, never lost.
    func reloadFromDisk() throws {
        let fork = panes[focusedPane].fork
        guard let fileName else {
            message = "Nothing to reload: this text has no file yet (^O saves it under a name)"
            return
        }
        if refusesEditingFocusedPane() { return }
        guard let text = try file.read() else {
            message = "\(fileName) is not on disk: nothing to reload"
            return
        }
        try takeInChangesOnDisk(force: true)
        guard !panes[focusedPane].text.utf8.elementsEqual(text.utf8) else {
            message = "\(fork.name) already holds \(fileName) as it is on disk"
            return
        }
        try edit { $0.replaceText(with: text) }
        message = "Reloaded \(fork.name) from \(fileName): ^Z brings back what it held"
    }

    /// Checks the edited file for changes made by other programs, at most once a second: for
    /// the editor's idle loop. Returns whether the screen changed.
    public func checkFileOnDiskIfDue(now: ContinuousClock.Instant = .now) -> Bool {
        guard file.isCheckDue(at: now) else { return false }
        do {
            return try takeInChangesOnDisk()
        } catch {
            message = "Cannot read \(fileName ?? "the file") as changed outside the editor: \(error)"
            return true
        }
    }

    /// Tells the observer the file holds `text` now. A failure to note it is not thrown (the
    /// file itself is saved): it is returned, for the status line to add to what it says.
    func noteSaved(_ text: String, toFile path: String) -> String? {
        do {
            try observer?.editorSession(self, didSave: text, toFile: path)
            return nil
        } catch let notice as any SessionNotice {
            return notice.description
        } catch {
            return "outside changes to it cannot be told apart until the next save: \(error)"
        }
    }
}
