import Foundation

/// A 64-bit FNV-1a checksum, enough to tell a damaged or truncated file from a good one.
enum Checksum {
    /// The FNV-1a 64 hash of `data`.
    static func fnv1a64(_ data: Data) -> UInt64 {
        // Over the raw bytes: iterating `Data` itself costs a call per byte.
        data.withUnsafeBytes { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            return hash
        }
    }

    /// The checksum of `data` as 16 hexadecimal digits.
    static func of(_ data: Data) -> String {
        let digits = String(fnv1a64(data), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
