import Foundation
import NIOCore
import NIOPosix

/// Short words for why a connection could not be made or broke, for a status line: NIO's own
/// descriptions of these errors run over several lines of addresses and nested types.
enum NetworkFailureWording {
    /// What went wrong with the network in a few words, such as "connection refused".
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError:
            let reasons = unique(error.connectionErrors.map { describe($0.error) })
            if !reasons.isEmpty { return reasons.joined(separator: "; ") }
            if error.dnsAError != nil || error.dnsAAAAError != nil {
                return "the host name \(error.host) could not be resolved"
            }
            return "no address to connect to for \(error.host)"
        case let error as IOError:
            return systemMessage(error.errnoCode)
        case ChannelError.connectTimeout:
            return "the server did not answer in time"
        case ChannelError.ioOnClosedChannel, ChannelError.alreadyClosed, ChannelError.eof:
            return "the connection was closed"
        default:
            let text = String(describing: error)
            // One line, whatever the error: the status line has one row for it.
            let firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
            return firstLine.count > 120 ? String(firstLine.prefix(119)) + "…" : firstLine
        }
    }

    /// The C library's words for `code`, lower-cased to continue a sentence.
    private static func systemMessage(_ code: CInt) -> String {
        guard let message = strerror(code) else { return "system error \(code)" }
        let text = String(cString: message)
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    private static func unique(_ reasons: [String]) -> [String] {
        var seen = Set<String>()
        return reasons.filter { seen.insert($0).inserted }
    }
}
