import Crypto
import Foundation

/// Seals what a `NOTIFY` carries for one document with the document's channel key.
///
/// PostgreSQL has no privilege on `LISTEN`: any login on the database hears every notification
/// on a channel, and may send its own. So an announcement or a presence note travels sealed
/// (ChaCha20-Poly1305) with a random key kept in the document's row (`channel_key`), which only
/// those who may read the row can learn: a listener without that right sees an opaque tag and
/// ciphertext (no text, no document or device name), and cannot make a running device apply
/// text of its own, since a note that does not open with the key is dropped.
///
/// A sealed payload is `tag base64`: the tag (16 hex digits of a SHA-256 of the document's
/// name, authenticated with the ciphertext) lets a device skip other documents' notes without
/// trying their keys.
struct NotificationSeal: Sendable {
    /// The key's bytes, as the `channel_key` column holds them.
    let keyBytes: Data
    /// The tag of the document the key belongs to.
    let tag: String
    private let key: SymmetricKey

    /// The bytes of a key: 32.
    static let keyByteCount = 32

    /// A seal for `document` with `keyBytes`; `nil` unless they are a key's 32 bytes.
    init?(keyBytes: Data, document: String) {
        guard keyBytes.count == Self.keyByteCount else { return nil }
        self.keyBytes = keyBytes
        self.key = SymmetricKey(data: keyBytes)
        self.tag = Self.tag(of: document)
    }

    /// A seal with a new random key, for a document that has none yet.
    static func random(for document: String) -> NotificationSeal? {
        NotificationSeal(keyBytes: SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }, document: document)
    }

    /// The tag of `document`'s notifications.
    static func tag(of document: String) -> String {
        let digest = SHA256.hash(data: Data(("forked notification tag\u{0}" + document).utf8))
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.prefix(8).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// The tag a sealed payload names, or `nil` for a payload that is not sealed.
    static func tag(ofSealed payload: String) -> Substring? {
        guard let space = payload.firstIndex(of: " ") else { return nil }
        return payload[..<space]
    }

    /// The most a payload may hold before sealing so that the sealed payload stays under
    /// PostgreSQL's 8,000 bytes: base64 of it with the nonce and the tag, and the document's tag.
    static let maximumPlaintextBytes = 5_900

    /// `plaintext` sealed, as a notification's payload.
    func seal(_ plaintext: String) throws -> String {
        let box = try ChaChaPoly.seal(Data(plaintext.utf8), using: key, authenticating: Data(tag.utf8))
        return tag + " " + box.combined.base64EncodedString()
    }

    /// The text a payload sealed with this key for this document holds; `nil` for another
    /// document's, a forged or damaged one, or one that is not sealed.
    func open(_ payload: String) -> String? {
        guard Self.tag(ofSealed: payload) == Substring(tag),
              let combined = Data(base64Encoded: String(payload.dropFirst(tag.count + 1))),
              let box = try? ChaChaPoly.SealedBox(combined: combined),
              let opened = try? ChaChaPoly.open(box, using: key, authenticating: Data(tag.utf8))
        else { return nil }
        return String(validating: opened, as: UTF8.self)
    }
}
