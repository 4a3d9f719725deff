import MacroTesting
import Testing

@Suite("@Backed(by:) expansion", .macros(MacroSpecs.unversioned, record: .missing))
struct BackedExpansionTests {
    @Test("storage of the backing type beside accessors over it; @ForkedModel merges the storage")
    func expansion() {
        assertMacro {
            """
            @ForkedModel
            struct Note {
                @Backed(by: .mergeableValue) var title: String = ""
                @Backed(by: .mergeableArray) var counts: Array<Int> = []
                @Backed(by: .mergeableSet) var tags: Set<String> = []
                @Backed(by: .mergeableDictionary) var scores: [String: Int] = [:]
            }
            """
        } expansion: {
            """
            struct Note {
                var title: String {
                    @storageRestrictions(initializes: _title)
                    init(initialValue) {
                        _title = ForkedMerge::MergeableValue<String>(initialValue)
                    }
                    get {
                        _title.value
                    }
                    set {
                        _title.value = newValue
                    }
                }

                var _title: ForkedMerge::MergeableValue<String>
                var counts: Array<Int> {
                    @storageRestrictions(initializes: _counts)
                    init(initialValue) {
                        _counts = ForkedMerge::MergeableArray<Int>(initialValue)
                    }
                    get {
                        _counts.values
                    }
                    set {
                        _counts.values = newValue
                    }
                }

                var _counts: ForkedMerge::MergeableArray<Int>
                var tags: Set<String> {
                    @storageRestrictions(initializes: _tags)
                    init(initialValue) {
                        _tags = ForkedMerge::MergeableSet<String>(initialValue)
                    }
                    get {
                        _tags.values
                    }
                    set {
                        _tags.values = newValue
                    }
                }

                var _tags: ForkedMerge::MergeableSet<String>
                var scores: [String: Int] {
                    @storageRestrictions(initializes: _scores)
                    init(initialValue) {
                        _scores = ForkedMerge::MergeableDictionary<String, Int>(initialValue)
                    }
                    get {
                        _scores.dictionary
                    }
                    set {
                        _scores.dictionary = newValue
                    }
                }

                var _scores: ForkedMerge::MergeableDictionary<String, Int>
            }

            extension Note: Forked::Mergeable {
                func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
                    var result = self
                    result._title = try ForkedModel::PropertyMerging.merge(self._title, withSubordinate: other._title, commonAncestor: commonAncestor._title)
                    result._counts = try ForkedModel::PropertyMerging.merge(self._counts, withSubordinate: other._counts, commonAncestor: commonAncestor._counts)
                    result._tags = try ForkedModel::PropertyMerging.merge(self._tags, withSubordinate: other._tags, commonAncestor: commonAncestor._tags)
                    result._scores = try ForkedModel::PropertyMerging.merge(self._scores, withSubordinate: other._scores, commonAncestor: commonAncestor._scores)
                    return result
                }
            }
            """
        }
    }

    @Test("a backing type that does not fit the declared type, a missing type and @Merged beside @Backed are rejected")
    func mistakes() {
        assertMacro {
            """
            @ForkedModel
            struct Note {
                @Backed(by: .mergeableSet) var tags: [String] = []
                @Backed(by: .mergeableValue) var title = ""
                @Backed(by: .mergeableArray) @Merged var lines: [String] = []
            }
            """
        } diagnostics: {
            """
            @ForkedModel
            struct Note {
                @Backed(by: .mergeableSet) var tags: [String] = []
                            ┬────────────
                            ╰─ 🛑 '.mergeableSet' cannot back 'tags', which is an Array
                @Backed(by: .mergeableValue) var title = ""
                                                 ┬────
                                                 ╰─ 🛑 'title' needs a type annotation so @Backed can declare its storage
                @Backed(by: .mergeableArray) @Merged var lines: [String] = []
                                             ┬──────
                                             ╰─ 🛑 'lines' is marked both @Backed and @Merged; a backed property merges as its backing type, so remove one
            }
            """
        }
    }
}
