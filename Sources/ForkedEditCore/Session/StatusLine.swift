/// What the app tells the session to say, besides what the keys themselves do: the session's
/// status line and pane titles hear only these, never strings set from outside.
public enum StatusReport {
    /// A transient message, replacing the one shown; the next key clears it.
    case message(String)
    /// A transient message after the one shown, if any (both stay until the next key).
    case messageAfterCurrent(String)
    /// A warning that stays, wrapped to the width, until Esc dismisses it.
    case warning(String)
    /// A state that holds until its source reports it over (`nil`), such as a sync server that
    /// cannot be reached: keys do not clear it.
    case standing(String?)
    /// Words shown in the title of the pane of the fork named `fork` instead of its state
    /// against main, for a fork the app knows more about ("offline since 10:42:07"); `nil`: its
    /// state again.
    case forkState(fork: String, note: String?)
    /// The whole document is read-only here, and why (shared with this login read-only); said
    /// when a key would edit. `nil`: the panes decide for themselves.
    case documentReadOnly(reason: String?)
    /// Where main goes beyond this editor, in words added to the merge key's message, given
    /// whether the merge changed main.
    case mainPublishing((_ mainChanged: Bool) -> String?)
}

/// The one owner of the status line's words and the pane titles' notes: what the keys said
/// (``message``), what the app reported (``StatusReport``), and what stays until dismissed.
public struct StatusLine {
    /// A transient message; the next key clears it.
    public internal(set) var message: String?
    /// A warning that stays until Esc dismisses it.
    public internal(set) var warning: String?
    /// A state shown for as long as it holds; keys do not clear it, its source does.
    public internal(set) var standingNotice: String?
    /// Why no pane may be edited, when the whole document is read-only here.
    public internal(set) var documentReadOnlyReason: String?
    /// Words shown in a fork's pane title instead of its state against main, by fork name.
    public internal(set) var forkStateNotes: [String: String] = [:]
    /// Where main goes beyond this editor, for the merge key's message; `nil` when main stays here.
    var mainPublishingNote: ((_ mainChanged: Bool) -> String?)?

    /// Takes in `report`; returns whether what is shown changed.
    mutating func receive(_ report: StatusReport) -> Bool {
        switch report {
        case .message(let text):
            return replace(\.message, with: text)
        case .messageAfterCurrent(let text):
            return replace(\.message, with: message.map { "\($0)  \(text)" } ?? text)
        case .warning(let text):
            return replace(\.warning, with: text)
        case .standing(let text):
            return replace(\.standingNotice, with: text)
        case .documentReadOnly(let reason):
            return replace(\.documentReadOnlyReason, with: reason)
        case .forkState(let fork, let note):
            guard forkStateNotes[fork] != note else { return false }
            forkStateNotes[fork] = note
            return true
        case .mainPublishing(let note):
            // Words made when a merge happens: nothing shown changes now.
            mainPublishingNote = note
            return false
        }
    }

    private mutating func replace(_ field: WritableKeyPath<StatusLine, String?>, with text: String?) -> Bool {
        guard self[keyPath: field] != text else { return false }
        self[keyPath: field] = text
        return true
    }
}
