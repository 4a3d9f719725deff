/// Random access to the character classes of a region, specialised for ASCII bytes (computed
/// on the fly) and for decoded characters (stored), so the hot loops avoid closure calls.
protocol CharacterClasses {
    subscript(_ index: Int) -> CharacterClass { get }
}

/// Classes of ASCII bytes, where every byte is a character.
struct ASCIIClasses: CharacterClasses {
    let bytes: UnsafeBufferPointer<UInt8>
    subscript(_ index: Int) -> CharacterClass { CharacterClass(asciiByte: bytes[index]) }

    /// ``CharacterClass/code`` of every byte value, for loops that classify every byte.
    static let codes: [UInt8] = (0...255).map { CharacterClass(asciiByte: UInt8($0)).code }
}

/// Classes computed once for decoded characters.
struct StoredClasses: CharacterClasses {
    let classes: [CharacterClass]
    subscript(_ index: Int) -> CharacterClass { classes[index] }
}
