import CTerminalSupport
import Foundation

/// Makes the process use a UTF-8 locale, as ncurses needs for wide characters.
enum UTF8Locale {
    /// Adopts the environment's locale and returns when its character set is UTF-8.
    ///
    /// A locale the environment asks for by a UTF-8 name but that is not installed
    /// (`LANG=en_US.UTF-8` on a minimal image) leaves the process in the "C" locale; the user
    /// clearly meant UTF-8, so the always-present `C.UTF-8` stands in for its character type.
    static func adoptFromEnvironment(_ environment: [String: String]) throws(TerminalStartupError) {
        if cts_adopt_environment_locale() == 1 { return }
        let codeset = String(cString: cts_locale_codeset())
        if asksForUTF8(environment), cts_adopt_utf8_character_locale() == 1 { return }
        throw .localeNotUTF8(codeset: codeset)
    }

    /// Switches the character type to UTF-8 regardless of the environment, for off-screen use.
    static func adoptForOffscreenUse() throws(TerminalStartupError) {
        if String(cString: cts_locale_codeset()) == "UTF-8" { return }
        if cts_adopt_utf8_character_locale() == 1 { return }
        throw .localeNotUTF8(codeset: String(cString: cts_locale_codeset()))
    }

    /// Whether the variable that decides the character type (POSIX precedence:
    /// `LC_ALL`, then `LC_CTYPE`, then `LANG`) names a UTF-8 locale.
    static func asksForUTF8(_ environment: [String: String]) -> Bool {
        let deciding = ["LC_ALL", "LC_CTYPE", "LANG"].lazy
            .compactMap { environment[$0] }
            .first { !$0.isEmpty }
        guard let name = deciding?.lowercased() else { return false }
        return name.hasSuffix(".utf-8") || name.hasSuffix(".utf8") || name.contains(".utf-8@") || name.contains(".utf8@")
    }
}
