import MacroTesting
import Testing

@Suite("@ForkedModel expansion", .macros(MacroSpecs.unversioned, record: .missing))
struct ForkedModelExpansionTests {
    @Test("properties without @Merged merge by most recent change")
    func mostRecentChangeProperties() {
        assertMacro {
            """
            @ForkedModel
            struct Cursor {
                var position: Int = 0
                var label: String = ""
                var anchor: Int?
            }
            """
        } expansion: {
            """
            struct Cursor {
                var position: Int = 0
                var label: String = ""
                var anchor: Int?
            }

            extension Cursor: Forked::Mergeable {
                func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
                    var result = self
                    result.position = ForkedModel::PropertyMerging.mostRecentChange(self.position, withSubordinate: other.position, commonAncestor: commonAncestor.position)
                    result.label = ForkedModel::PropertyMerging.mostRecentChange(self.label, withSubordinate: other.label, commonAncestor: commonAncestor.label)
                    result.anchor = ForkedModel::PropertyMerging.mostRecentChange(self.anchor, withSubordinate: other.anchor, commonAncestor: commonAncestor.anchor)
                    return result
                }
            }
            """
        }
    }

    @Test("@Merged picks text, array, set and dictionary merges from the declared type")
    func defaultStrategies() {
        assertMacro {
            """
            @ForkedModel
            struct Note {
                @Merged var text: String = ""
                @Merged var lines: [String] = []
                @Merged var order: Array<Int> = []
                @Merged var tags: Set<String> = []
                @Merged var scores: [String: Int] = [:]
                @Merged var counts: Dictionary<String, Int> = [:]
                @Merged var qualified: Swift.String = ""
            }
            """
        } expansion: {
            """
            struct Note {
                var text: String = ""
                var lines: [String] = []
                var order: Array<Int> = []
                var tags: Set<String> = []
                var scores: [String: Int] = [:]
                var counts: Dictionary<String, Int> = [:]
                var qualified: Swift.String = ""
            }

            extension Note: Forked::Mergeable {
                func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
                    var result = self
                    result.text = try ForkedModel::PropertyMerging.merge(self.text, withSubordinate: other.text, commonAncestor: commonAncestor.text, using: ForkedMerge::TextMerger())
                    result.lines = try ForkedModel::PropertyMerging.merge(self.lines, withSubordinate: other.lines, commonAncestor: commonAncestor.lines, using: ForkedMerge::ArrayMerger())
                    result.order = try ForkedModel::PropertyMerging.merge(self.order, withSubordinate: other.order, commonAncestor: commonAncestor.order, using: ForkedMerge::ArrayMerger())
                    result.tags = try ForkedModel::PropertyMerging.merge(self.tags, withSubordinate: other.tags, commonAncestor: commonAncestor.tags, using: ForkedMerge::SetMerger())
                    result.scores = try ForkedModel::PropertyMerging.merge(self.scores, withSubordinate: other.scores, commonAncestor: commonAncestor.scores, using: ForkedMerge::DictionaryMerger())
                    result.counts = try ForkedModel::PropertyMerging.merge(self.counts, withSubordinate: other.counts, commonAncestor: commonAncestor.counts, using: ForkedMerge::DictionaryMerger())
                    result.qualified = try ForkedModel::PropertyMerging.merge(self.qualified, withSubordinate: other.qualified, commonAncestor: commonAncestor.qualified, using: ForkedMerge::TextMerger())
                    return result
                }
            }
            """
        }
    }

    @Test("@Merged on any other type merges through its own Mergeable conformance")
    func mergeableDefault() {
        assertMacro {
            """
            @ForkedModel
            struct Tally {
                @Merged var count: AccumulatingInt = .init()
                @Merged var child: Child = Child()
            }
            """
        } expansion: {
            """
            struct Tally {
                var count: AccumulatingInt = .init()
                var child: Child = Child()
            }

            extension Tally: Forked::Mergeable {
                func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
                    var result = self
                    result.count = try ForkedModel::PropertyMerging.merge(self.count, withSubordinate: other.count, commonAncestor: commonAncestor.count)
                    result.child = try ForkedModel::PropertyMerging.merge(self.child, withSubordinate: other.child, commonAncestor: commonAncestor.child)
                    return result
                }
            }
            """
        }
    }

    @Test("@Merged(using:) names a strategy explicitly, in every spelling")
    func explicitStrategies() {
        assertMacro {
            """
            @ForkedModel
            struct Board {
                @Merged(using: .textMerge) var comment: String = ""
                @Merged(using: .arrayMerge) var order: [Int] = []
                @Merged(using: .arrayOfIdentifiableMerge) var cards: [Card] = []
                @Merged(using: MergeStrategy.setMerge) var labels: Set<String> = []
                @Merged(using: ForkedModel::MergeStrategy.dictionaryMerge) var owners: [Card.ID: String] = [:]
                @Merged(using: .textMerge) var untyped = ""
                @Merged(using: .setMerge) var aliased: Labels = []
            }
            """
        } expansion: {
            """
            struct Board {
                var comment: String = ""
                var order: [Int] = []
                var cards: [Card] = []
                var labels: Set<String> = []
                var owners: [Card.ID: String] = [:]
                var untyped = ""
                var aliased: Labels = []
            }

            extension Board: Forked::Mergeable {
                func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
                    var result = self
                    result.comment = try ForkedModel::PropertyMerging.merge(self.comment, withSubordinate: other.comment, commonAncestor: commonAncestor.comment, using: ForkedMerge::TextMerger())
                    result.order = try ForkedModel::PropertyMerging.merge(self.order, withSubordinate: other.order, commonAncestor: commonAncestor.order, using: ForkedMerge::ArrayMerger())
                    result.cards = try ForkedModel::PropertyMerging.merge(self.cards, withSubordinate: other.cards, commonAncestor: commonAncestor.cards, using: ForkedMerge::ArrayOfIdentifiableMerger())
                    result.labels = try ForkedModel::PropertyMerging.merge(self.labels, withSubordinate: other.labels, commonAncestor: commonAncestor.labels, using: ForkedMerge::SetMerger())
                    result.owners = try ForkedModel::PropertyMerging.merge(self.owners, withSubordinate: other.owners, commonAncestor: commonAncestor.owners, using: ForkedMerge::DictionaryMerger())
                    result.untyped = try ForkedModel::PropertyMerging.merge(self.untyped, withSubordinate: other.untyped, commonAncestor: commonAncestor.untyped, using: ForkedMerge::TextMerger())
                    result.aliased = try ForkedModel::PropertyMerging.merge(self.aliased, withSubordinate: other.aliased, commonAncestor: commonAncestor.aliased, using: ForkedMerge::SetMerger())
                    return result
                }
            }
            """
        }
    }

    @Test("optionals keep their strategy and may omit the default value")
    func optionals() {
        assertMacro {
            """
            @ForkedModel
            struct Entry {
                @Merged var description: String?
                @Merged(using: .arrayOfIdentifiableMerge) var items: [Item]?
                @Merged var tags: Optional<Set<String>> = nil
                @Merged var child: Child?
                var title: String? = "untitled"
            }
            """
        } expansion: {
            """
            struct Entry {
                var description: String?
                var items: [Item]?
                var tags: Optional<Set<String>> = nil
                var child: Child?
                var title: String? = "untitled"
            }

            extension Entry: Forked::Mergeable {
                func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
                    var result = self
                    result.description = try ForkedModel::PropertyMerging.merge(self.description, withSubordinate: other.description, commonAncestor: commonAncestor.description, using: ForkedMerge::TextMerger())
                    result.items = try ForkedModel::PropertyMerging.merge(self.items, withSubordinate: other.items, commonAncestor: commonAncestor.items, using: ForkedMerge::ArrayOfIdentifiableMerger())
                    result.tags = try ForkedModel::PropertyMerging.merge(self.tags, withSubordinate: other.tags, commonAncestor: commonAncestor.tags, using: ForkedMerge::SetMerger())
                    result.child = try ForkedModel::PropertyMerging.merge(self.child, withSubordinate: other.child, commonAncestor: commonAncestor.child)
                    result.title = ForkedModel::PropertyMerging.mostRecentChange(self.title, withSubordinate: other.title, commonAncestor: commonAncestor.title)
                    return result
                }
            }
            """
        }
    }

    @Test("computed and static properties are not merged; observed ones are")
    func skippedMembers() {
        assertMacro {
            """
            @ForkedModel
            struct Counter {
                static var shared = Counter()
                var value: Int = 0 {
                    didSet { print(value) }
                }
                var doubled: Int { value * 2 }
                var tripled: Int {
                    get { value * 3 }
                    set { value = newValue / 3 }
                }
                func reset() {}
            }
            """
        } expansion: {
            """
            struct Counter {
                static var shared = Counter()
                var value: Int = 0 {
                    didSet { print(value) }
                }
                var doubled: Int { value * 2 }
                var tripled: Int {
                    get { value * 3 }
                    set { value = newValue / 3 }
                }
                func reset() {}
            }

            extension Counter: Forked::Mergeable {
                func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
                    var result = self
                    result.value = ForkedModel::PropertyMerging.mostRecentChange(self.value, withSubordinate: other.value, commonAncestor: commonAncestor.value)
                    return result
                }
            }
            """
        }
    }

    @Test("a public model gets public witnesses; an empty model merges to itself")
    func accessAndEmptyModel() {
        assertMacro {
            """
            @ForkedModel
            public struct Settings {
                @Merged public var name: String = ""
            }

            @ForkedModel
            package struct Marker {
            }
            """
        } expansion: {
            """
            public struct Settings {
                public var name: String = ""
            }
            package struct Marker {
            }

            extension Settings: Forked::Mergeable {
                public func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
                    var result = self
                    result.name = try ForkedModel::PropertyMerging.merge(self.name, withSubordinate: other.name, commonAncestor: commonAncestor.name, using: ForkedMerge::TextMerger())
                    return result
                }
            }

            extension Marker: Forked::Mergeable {
                package func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
                    self
                }
            }
            """
        }
    }

    @Test("nested models are qualified and property names in backticks stay valid")
    func nestedModel() {
        assertMacro {
            """
            enum Library {
                @ForkedModel
                struct Shelf {
                    @Merged var books: [Book] = []
                    var `default`: Bool = false
                }
            }
            """
        } expansion: {
            """
            enum Library {
                struct Shelf {
                    var books: [Book] = []
                    var `default`: Bool = false
                }
            }

            extension Library.Shelf: Forked::Mergeable {
                func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
                    var result = self
                    result.books = try ForkedModel::PropertyMerging.merge(self.books, withSubordinate: other.books, commonAncestor: commonAncestor.books, using: ForkedMerge::ArrayMerger())
                    result.`default` = ForkedModel::PropertyMerging.mostRecentChange(self.`default`, withSubordinate: other.`default`, commonAncestor: commonAncestor.`default`)
                    return result
                }
            }
            """
        }
    }
}

@Suite("@ForkedModel(version:) expansion", .macros(MacroSpecs.versioned, record: .missing))
struct ForkedModelVersionExpansionTests {
    @Test("a version adds the stored version, the static version and the checks")
    func versionedModel() {
        assertMacro {
            """
            @ForkedModel(version: 2)
            public struct Note {
                @Merged public var text: String = ""
                public var pinned: Bool = false
            }
            """
        } expansion: {
            """
            public struct Note {
                public var text: String = ""
                public var pinned: Bool = false

                public var modelVersion: Int? = 2

                public var forkedModelVersion: Int {
                    modelVersion ?? 0
                }
            }

            extension Note: Forked::Mergeable, ForkedModel::VersionedModel {
                public static var modelVersion: Int {
                    2
                }

                public func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
                    try self.checkModelVersion()
                    try other.checkModelVersion()
                    try commonAncestor.checkModelVersion()
                    var result = self
                    result.modelVersion = Self.modelVersion
                    result.text = try ForkedModel::PropertyMerging.merge(self.text, withSubordinate: other.text, commonAncestor: commonAncestor.text, using: ForkedMerge::TextMerger())
                    result.pinned = ForkedModel::PropertyMerging.mostRecentChange(self.pinned, withSubordinate: other.pinned, commonAncestor: commonAncestor.pinned)
                    return result
                }
            }
            """
        }
    }
}
