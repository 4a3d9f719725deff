import Forked

extension EditorSession {
    /// Applies one input event. Failures (a merge or a save that went wrong) are reported on
    /// the status line rather than thrown, so the editor stays usable.
    public func handle(_ event: InputEvent) {
        do {
            switch event {
            case .resize(let columns, let rows):
                size = (max(0, columns), max(0, rows))
                if !isTooSmall { try applyWaitingKeys() }
            case .key(let key):
                try handle(key)
            }
        } catch {
            message = "Error: \(error)"
        }
        scrollPanesToCursors()
    }

    /// How many keys wait for a usable terminal size at most (a bound on memory for a terminal
    /// left tiny while input keeps coming); more than that are not kept.
    static let waitingKeyLimit = 100_000

    /// Whether the terminal is too small to show the editor.
    var isTooSmall: Bool {
        if case .tooSmall = EditorLayout(columns: size.columns, rows: size.rows) { return true }
        return false
    }

    private func handle(_ key: Key) throws {
        if isTooSmall {
            // Nothing can be seen, so nothing changes now: keys wait for a usable size and are
            // applied then, in order. Quitting (and answering the quit question, which the
            // small screen shows) works at once: what was typed before it is applied first, so
            // the question knows about it and nothing typed is lost.
            if let prompt, input.waitingKeys.isEmpty {
                try carryOut(prompt.answer(key))
            } else if KeyMap.action(for: key) == .quit {
                try applyWaitingKeys()
                if let prompt { try carryOut(prompt.answer(key)) } else { try perform(.quit) }
            } else if input.waitingKeys.count < Self.waitingKeyLimit {
                input.waitingKeys.append(key)
            }
            return
        }
        try apply(key)
    }

    /// Applies the keys that waited for a usable size, in order.
    private func applyWaitingKeys() throws {
        guard !input.waitingKeys.isEmpty else { return }
        let keys = input.waitingKeys
        input.waitingKeys.removeAll()
        for key in keys { try apply(key) }
    }

    /// Applies one key to a screen large enough to show what it does.
    private func apply(_ key: Key) throws {
        if showsHelp {
            // Any key closes help, and does nothing else, so a stray key cannot edit unseen.
            showsHelp = false
            return
        }
        if let prompt {
            try carryOut(prompt.answer(key))
            return
        }
        if historyView != nil {
            try handleHistoryKey(key)
            return
        }
        if input.insertsNextKeyVerbatim {
            input.insertsNextKeyVerbatim = false
            message = nil
            if let text = Self.verbatimText(of: key) {
                try perform(.insert(text))
                return
            }
        }
        if key == .escape, warning != nil {
            warning = nil
            return
        }
        if key == .escape, searchQuery != nil {
            searchQuery = nil
            message = nil
            return
        }
        guard let action = KeyMap.action(for: key) else { return }
        message = nil
        try perform(action)
    }

    /// Carries out an editing action on the focused pane or the session.
    public func perform(_ action: EditorAction) throws {
        switch action {
        case .insert(let text):
            try edit { $0.insert(text, typing: true) }
        case .paste(let text):
            try edit { $0.insert(text) }
        case .deleteBackward:
            try edit { $0.deleteBackward() }
        case .deleteForward:
            try edit { $0.deleteForward() }
        case .undo:
            guard !panes[focusedPane].state.history.isEmpty else {
                message = "Nothing to undo in \(forks[focusedPane].name)"
                return
            }
            try edit { $0.undo() }
        case .redo:
            guard panes[focusedPane].state.history.canRedo else {
                message = "Nothing to redo in \(forks[focusedPane].name)"
                return
            }
            try edit { $0.redo() }
        case .move(let movement):
            panes[focusedPane].state.move(movement, pageHeight: paneTextSize.height)
        case .select(let movement):
            panes[focusedPane].state.move(movement, pageHeight: paneTextSize.height, selecting: true)
        case .cut, .copy:
            guard let text = panes[focusedPane].state.selectedText else {
                message = "Nothing selected: Shift with the arrows selects"
                return
            }
            clipboardState.put(text)
            if action == .cut {
                try edit { $0.deleteSelection() }
            } else {
                message = "Copied \(Self.count(text.count, "character")): ^U pastes"
            }
        case .pasteClipboard:
            guard !clipboard.isEmpty else {
                message = "Nothing cut or copied yet: ^K cuts, ^C copies the selection"
                return
            }
            let text = clipboard
            try edit { $0.insert(text) }
        case .click(let row, let column):
            guard case .regular(let regions) = EditorLayout(columns: size.columns, rows: size.rows),
                  let index = regions.paneTexts.indices.first(where: { regions.paneTexts[$0].contains(row: row, column: column) })
            else { return }
            focusedPane = index
            let state = panes[index].state
            let line = min(state.topLine + row - regions.paneTexts[index].row, state.buffer.lineCount - 1)
            let display = state.leftColumn + column - regions.paneTexts[index].column
            let character = state.buffer.column(atDisplayColumn: display, inLine: line)
            panes[index].state.setCursor(TextPosition(line: line, column: character))
        case .scroll(let lines):
            for _ in 0..<abs(lines) {
                panes[focusedPane].state.move(lines < 0 ? .up : .down, pageHeight: paneTextSize.height)
            }
        case .switchPane:
            focusedPane = 1 - focusedPane
        case .merge:
            let names = editableForks.map(\.name)
            let nothingToMerge = names.count == 1
                ? "Nothing to merge: \(names[0]) is in sync with main"
                : "Nothing to merge: \(names[0]) and \(names[1]) are in sync"
            // With an observer, main may have moved elsewhere (another process), so only the
            // merge itself can tell whether there was anything to merge.
            let wasInSync = try editableForks.allSatisfy { try resource.status(of: $0) == .inSync }
            if wasInSync && observer == nil {
                message = nothingToMerge + (statusLine.mainPublishingNote?(false).map { "; \($0)" } ?? "")
                return
            }
            let textsBefore = paneTexts
            let mainBefore = try resource.resource(of: .main)?.text
            let conflicts = try mergeForksMarkingConflicts()
            let mainChanged = try resource.resource(of: .main)?.text != mainBefore
            message = (wasInSync && paneTexts == textsBefore ? nothingToMerge : (names.count == 1
                ? "Merged \(names[0]) into main and main back into it"
                : "Merged \(names[0]) and \(names[1]) through main") + Self.keptConflictsNote(conflicts))
                + (statusLine.mainPublishingNote?(mainChanged).map { "; \($0)" } ?? "")
        case .toggleLowerView:
            lowerViewMode = lowerViewMode == .liveMerge ? .commonAncestor : .liveMerge
        case .toggleHelp:
            showsHelp = true
        case .search:
            prompt = .search(PromptField(text: searchQuery ?? "", selected: true))
        case .findAgain(let forward):
            guard let query = searchQuery else {
                message = "Nothing to find yet: ^F searches"
                return
            }
            find(query, forward: forward)
        case .goToLine:
            prompt = .goToLine(PromptField())
        case .replace:
            if refusesEditingFocusedPane() { return }
            prompt = .replaceText(PromptField(text: searchQuery ?? ""))
        case .insertNextKeyVerbatim:
            input.insertsNextKeyVerbatim = true
            message = "^V: the next key is typed as it is (Tab types a tab)"
        case .save:
            if fileName == nil || file.saveWasRefused {
                prompt = .fileName(typed: "")
            } else {
                try save()
            }
        case .showHistory:
            try openHistoryView()
        case .reloadFromDisk:
            try reloadFromDisk()
        case .toggleSoftWrap:
            softWrap.toggle()
            message = softWrap ? "Soft wrap on: long lines wrap at the pane's width (F6 turns it off)" : "Soft wrap off"
        case .saveAs:
            prompt = .fileName(typed: fileName ?? "")
        case .quit:
            if isModified {
                prompt = .saveBeforeQuit
            } else {
                isFinished = true
            }
        }
    }

    /// Whether the focused pane shows a fork another process edits, or the whole document is
    /// read-only here; if so, says so on the status line.
    func refusesEditingFocusedPane() -> Bool {
        if let documentReadOnlyReason {
            message = documentReadOnlyReason
            return true
        }
        guard panes[focusedPane].isReadOnly else { return false }
        message = "\(panes[focusedPane].fork.name) is read-only here: another process edits it"
        return true
    }

    /// Applies an edit to the focused pane and, when the text changed, stores it in the
    /// pane's fork and refreshes the live merge.
    func edit(_ change: (inout PaneState) -> Bool) throws {
        if refusesEditingFocusedPane() { return }
        guard change(&panes[focusedPane].state) else { return }
        let textEdit = panes[focusedPane].state.takeLastChange()
        let pane = panes[focusedPane]
        let fork = pane.fork
        var document = try resource.resource(of: fork) ?? TextDocument(text: "")
        // The pane's edit, applied by its range to the fork's text; joining the buffer's
        // lines is only for a change that did not come as an edit.
        document.text = textEdit.flatMap { $0.applied(to: pane.text) } ?? pane.state.buffer.text
        let cursor = pane.state.buffer.utf8Offset(of: pane.state.cursor)
        document.cursors[fork.name] = cursor
        try resource.update(fork, with: document)
        panes[focusedPane].text = document.text
        if let observer, let textEdit {
            let version = try resource.mostRecentVersion(of: fork)
            do {
                try observer.editorSession(
                    self, didApply: DocumentEdit(fork: fork, change: textEdit, cursorUTF8Offset: cursor, version: version)
                )
            } catch {
                warning = "Edits are not kept for crash recovery: \(error)"
            }
        }
        if defersLiveMerge {
            liveMergeState.isOutOfDate = true
            isModified = hasUnsavedEdits
        } else {
            try refreshLiveMerge()
        }
    }

    /// Makes the live merge of the panes as they are now, if an edit left it out of date
    /// (``defersLiveMerge``). Returns whether it did, and so whether the screen changed.
    public func settleLiveMerge() throws -> Bool {
        guard liveMergeState.isOutOfDate else { return false }
        try refreshLiveMerge()
        return true
    }

    /// Whether a pane this session edits differs from the saved text (a read-only pane's
    /// fork is another process's to save).
    var hasUnsavedEdits: Bool {
        panes.contains { !$0.isReadOnly && $0.text != file.savedText }
    }

    /// The two sides the live merge shows: both panes' forks; or, when one pane is read-only
    /// (a fork another process edits), the editable fork and main, since merging (F5) folds
    /// this session's fork into main, not into the other process's fork.
    var liveMergeSides: [(fork: Fork, text: String)] {
        get throws {
            guard let editable = panes.first(where: { !$0.isReadOnly }), panes.contains(where: \.isReadOnly) else {
                return panes.map { ($0.fork, $0.text) }
            }
            let main: String
            if let mainPane = panes.first(where: { $0.fork == .main }) {
                main = mainPane.text
            } else {
                main = try resource.resource(of: .main)?.text ?? ""
            }
            return [(editable.fork, editable.text), (.main, main)]
        }
    }

    /// Recomputes the live merge from the panes' texts (see ``liveMergeSides``).
    func refreshLiveMerge() throws {
        let sides = try liveMergeSides
        let times = try sides.map { try resource.lastChange(in: $0.fork) }
        // The most recent edit dominates; on a tie the left fork does, as in the merge itself
        // (forks with equal times are merged in name order there, and both are then unchanged).
        let dominant = times[1] > times[0] ? 1 : 0
        // The ancestor is the editable fork's with main when one side is main.
        let ancestorFork = sides[dominant].fork == .main ? sides[1 - dominant].fork : sides[dominant].fork
        let ancestor = try resource.commonAncestor(of: ancestorFork)?.text ?? ""
        liveMergeState.refresh(sides: sides.map { ($0.fork, $0.text) }, ancestor: ancestor, dominant: dominant)
        isModified = hasUnsavedEdits
    }

    /// Merges the editable forks into main and main back into them (through the observer,
    /// which may share the resource), then shows each pane's fork as it now is, with each
    /// cursor kept on the text it was on.
    func mergeForks() throws {
        let editable = editableForks
        let merge = { [resource] in try resource.syncMain(with: editable) }
        if let observer {
            try observer.editorSession(self, performMerge: merge)
        } else {
            try merge()
        }
        try reloadFromResource()
    }

    /// Merges, then writes the merged text to ``fileName``. Returns whether it was written.
    ///
    /// - Parameter takingInOutsideChanges: Whether to merge in first a change another program
    ///   made to the file (always, but for a file just named in Save As).
    @discardableResult
    func save(takingInOutsideChanges: Bool = true) throws -> Bool {
        guard let fileName else { return false }
        // A save never replaces text the editor has not seen: a change another program made
        // comes in first, merged like a fork's.
        let tookInOutsideChange: Bool
        do {
            tookInOutsideChange = takingInOutsideChanges ? try takeInChangesOnDisk(force: true) : false
        } catch {
            message = "Not saved: \(fileName) was changed by another program and cannot be read (\(error))"
            return false
        }
        let conflicts = try mergeForksMarkingConflicts()
        let text = try resource.resource(of: .main)?.text ?? ""
        do {
            try file.write(text)
        } catch let refusal as SaveRefusal {
            message = "Not saved: \(refusal.reason). Ctrl-S saves under another name"
            return false
        } catch {
            message = "Could not save \(fileName): \(error)"
            return false
        }
        isModified = hasUnsavedEdits
        let note = noteSaved(text, toFile: fileName)
        let lines = text.isEmpty ? 0 : mergedLineCount(text)
        let saved = "saved \(lines) line\(lines == 1 ? "" : "s") to \(fileName)"
        message = (tookInOutsideChange
            ? "Merged in a change another program made to \(fileName), then \(saved)"
            : "Merged and \(saved)") + Self.keptConflictsNote(conflicts) + (note.map { "; \($0)" } ?? "")
        return true
    }

    /// Merges (``mergeForks()``) and marks, in the panes that now hold the merged text, the
    /// lines where it kept both versions of a conflict. Returns those lines.
    private func mergeForksMarkingConflicts() throws -> [Range<Int>] {
        _ = try settleLiveMerge()
        let conflicts = liveMerge.conflictLines
        let merged = conflicts.isEmpty ? nil : liveMerge.text
        try mergeForks()
        for index in panes.indices where !panes[index].isReadOnly && panes[index].text == merged {
            panes[index].state.markConflicts(conflicts)
        }
        return conflicts
    }

    private func mergedLineCount(_ text: String) -> Int {
        let breaks = ByteScanning.newlineCount(in: text)
        return text.utf8.last == UInt8(ascii: "\n") ? breaks : breaks + 1
    }

    /// The text a key types after Ctrl-V, or `nil` for keys that stay commands.
    private static func verbatimText(of key: Key) -> String? {
        switch key {
        case .tab: return "\t"
        case .enter: return "\n"
        case .text(let text), .paste(let text): return text
        default: return nil
        }
    }

    /// Carries out what the user answered to the status-line question.
    private func carryOut(_ answer: StatusPrompt.Answer) throws {
        switch answer {
        case .asking(let next):
            prompt = next
        case .cancelled:
            if case .fileName? = prompt {
                message = "Save cancelled"
            } else {
                message = nil
            }
            prompt = nil
            input.quitsAfterSaving = false
        case .fileName(let typed):
            let trimmed = typed.trimmingWhitespace()
            let name = file.writer.resolvedPath(trimmed)
            guard !trimmed.isEmpty else {
                message = "Type a file name, or Esc to cancel"
                return
            }
            prompt = nil
            let previous = fileName
            fileName = name
            // Another file is replaced, not merged with: what it held was never this document.
            if try save(takingInOutsideChanges: name == previous) {
                if input.quitsAfterSaving { isFinished = true }
            } else {
                // A name that could not be written does not stick: Ctrl-S goes back to the old one.
                fileName = previous
            }
            input.quitsAfterSaving = false
        case .saveAndQuit:
            prompt = nil
            if fileName == nil {
                input.quitsAfterSaving = true
                prompt = .fileName(typed: "")
            } else if try save() {
                isFinished = true
            }
        case .quitWithoutSaving:
            prompt = nil
            isFinished = true
        case .search(let query):
            prompt = nil
            guard !query.isEmpty else { return }
            searchQuery = query
            find(query, forward: true)
        case .replace(let query, let replacement):
            prompt = nil
            var count = 0
            try edit { state in
                count = state.replaceEvery(query, with: replacement)
                return count > 0
            }
            message = count == 0
                ? "\"\(query)\" is not in \(panes[focusedPane].fork.name)"
                : "Replaced \(Self.count(count, "match", plural: "matches")) of \"\(query)\": ^Z undoes them all"
        case .goToLine(let typed):
            prompt = nil
            let parts = typed.trimmingWhitespace().split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let line = Int(parts[0]), line >= 1,
                  parts.count == 1 || Int(parts[1]).map({ $0 >= 1 }) == true
            else {
                message = "Not a line number: '\(typed)' (type a line, or line:column)"
                return
            }
            let column = parts.count == 2 ? Int(parts[1]) ?? 1 : 1
            panes[focusedPane].state.setCursor(TextPosition(line: line - 1, column: column - 1))
        }
    }

    /// Moves the focused pane's cursor to the next or previous place of `query`.
    private func find(_ query: String, forward: Bool) {
        if panes[focusedPane].state.find(query, forward: forward) {
            message = "Found \"\(query)\": ^N next, ^P previous, Esc clears"
        } else {
            message = "\"\(query)\" is not in \(panes[focusedPane].fork.name)"
        }
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
