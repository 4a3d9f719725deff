import MacroTesting
import Testing

@Suite("@ForkedModel diagnostics", .macros(MacroSpecs.unversioned, record: .missing))
struct ForkedModelDiagnosticTests {
    @Test("a class, enum, actor or protocol is rejected at its keyword")
    func notAStruct() {
        assertMacro {
            """
            @ForkedModel
            class Note {
                var text: String = ""
            }

            @ForkedModel
            enum Mode {
                case edit
            }

            @ForkedModel
            actor Store {
            }

            @ForkedModel
            protocol Editable {
            }
            """
        } diagnostics: {
            """
            @ForkedModel
            class Note {
            ┬────
            ╰─ 🛑 @ForkedModel can only be applied to a struct, not to a class
                var text: String = ""
            }

            @ForkedModel
            enum Mode {
            ┬───
            ╰─ 🛑 @ForkedModel can only be applied to a struct, not to an enum
                case edit
            }

            @ForkedModel
            actor Store {
            ┬────
            ╰─ 🛑 @ForkedModel can only be applied to a struct, not to an actor
            }

            @ForkedModel
            protocol Editable {
            ┬───────
            ╰─ 🛑 @ForkedModel can only be applied to a struct, not to a protocol
            }
            """
        }
    }

    @Test("a let is rejected with a fix-it to var")
    func letProperty() {
        assertMacro {
            """
            @ForkedModel
            struct Note {
                let id: Int = 0
                @Merged var text: String = ""
            }
            """
        } diagnostics: {
            """
            @ForkedModel
            struct Note {
                let id: Int = 0
                ┬──
                ╰─ 🛑 'id' is a 'let'; a @ForkedModel property must be a 'var' so the merge can set it
                   ✏️ Replace 'let' with 'var'
                @Merged var text: String = ""
            }
            """
        } fixes: {
            """
            @ForkedModel
            struct Note {
                var id: Int = 0
                @Merged var text: String = ""
            }
            """
        } expansion: {
            """
            struct Note {
                var id: Int = 0
                var text: String = ""
            }

            extension Note: Forked::Mergeable {
                func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
                    var result = self
                    result.id = ForkedModel::PropertyMerging.mostRecentChange(self.id, withSubordinate: other.id, commonAncestor: commonAncestor.id)
                    result.text = try ForkedModel::PropertyMerging.merge(self.text, withSubordinate: other.text, commonAncestor: commonAncestor.text, using: ForkedMerge::TextMerger())
                    return result
                }
            }
            """
        }
    }

    @Test("a stored property without a default value is rejected; an optional var has one")
    func missingDefault() {
        assertMacro {
            """
            @ForkedModel
            struct Note {
                var title: String
                @Merged var tags: Set<String>
                var subtitle: String?
            }
            """
        } diagnostics: {
            """
            @ForkedModel
            struct Note {
                var title: String
                    ┬────
                    ╰─ 🛑 'title' needs a default value; every stored property of a @ForkedModel struct must have one
                @Merged var tags: Set<String>
                            ┬───
                            ╰─ 🛑 'tags' needs a default value; every stored property of a @ForkedModel struct must have one
                var subtitle: String?
            }
            """
        }
    }

    @Test("a strategy that does not fit the type is rejected with a fix-it to the one that does")
    func strategyMismatch() {
        assertMacro {
            """
            @ForkedModel
            struct Note {
                @Merged(using: .setMerge) var text: String = ""
                @Merged(using: .textMerge) var lines: [String]? = nil
                @Merged(using: .dictionaryMerge) var tags: Set<String> = []
                @Merged(using: .arrayMerge) var scores: [String: Int] = [:]
                @Merged(using: .textMerge) var count: Int = 0
            }
            """
        } diagnostics: {
            """
            @ForkedModel
            struct Note {
                @Merged(using: .setMerge) var text: String = ""
                               ┬────────
                               ╰─ 🛑 '.setMerge' cannot merge 'text', which is a String
                                  ✏️ Use '.textMerge'
                @Merged(using: .textMerge) var lines: [String]? = nil
                               ┬─────────
                               ╰─ 🛑 '.textMerge' cannot merge 'lines', which is an Array
                                  ✏️ Use '.arrayMerge'
                @Merged(using: .dictionaryMerge) var tags: Set<String> = []
                               ┬───────────────
                               ╰─ 🛑 '.dictionaryMerge' cannot merge 'tags', which is a Set
                                  ✏️ Use '.setMerge'
                @Merged(using: .arrayMerge) var scores: [String: Int] = [:]
                               ┬──────────
                               ╰─ 🛑 '.arrayMerge' cannot merge 'scores', which is a Dictionary
                                  ✏️ Use '.dictionaryMerge'
                @Merged(using: .textMerge) var count: Int = 0
                               ┬─────────
                               ╰─ 🛑 '.textMerge' cannot merge 'count', which is 'Int'
                                  ✏️ Remove '@Merged'
            }
            """
        } fixes: {
            """
            @ForkedModel
            struct Note {
                @Merged(using: .textMerge) var text: String = ""
                @Merged(using: .arrayMerge) var lines: [String]? = nil
                @Merged(using: .setMerge) var tags: Set<String> = []
                @Merged(using: .dictionaryMerge) var scores: [String: Int] = [:]
                var count: Int = 0
            }
            """
        } expansion: {
            """
            struct Note {
                var text: String = ""
                var lines: [String]? = nil
                var tags: Set<String> = []
                var scores: [String: Int] = [:]
                var count: Int = 0
            }

            extension Note: Forked::Mergeable {
                func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
                    var result = self
                    result.text = try ForkedModel::PropertyMerging.merge(self.text, withSubordinate: other.text, commonAncestor: commonAncestor.text, using: ForkedMerge::TextMerger())
                    result.lines = try ForkedModel::PropertyMerging.merge(self.lines, withSubordinate: other.lines, commonAncestor: commonAncestor.lines, using: ForkedMerge::ArrayMerger())
                    result.tags = try ForkedModel::PropertyMerging.merge(self.tags, withSubordinate: other.tags, commonAncestor: commonAncestor.tags, using: ForkedMerge::SetMerger())
                    result.scores = try ForkedModel::PropertyMerging.merge(self.scores, withSubordinate: other.scores, commonAncestor: commonAncestor.scores, using: ForkedMerge::DictionaryMerger())
                    result.count = ForkedModel::PropertyMerging.mostRecentChange(self.count, withSubordinate: other.count, commonAncestor: commonAncestor.count)
                    return result
                }
            }
            """
        }
    }

    @Test("@Merged on a scalar with no strategy is rejected with a fix-it removing it")
    func scalarWithoutStrategy() {
        assertMacro {
            """
            @ForkedModel
            struct Note {
                @Merged var count: Int = 0
                @Merged var flag: Bool? = nil
            }
            """
        } diagnostics: {
            """
            @ForkedModel
            struct Note {
                @Merged var count: Int = 0
                ┬──────
                ╰─ 🛑 'count' is 'Int', which has no merge strategy; remove @Merged to let the most recent change win
                   ✏️ Remove '@Merged'
                @Merged var flag: Bool? = nil
                ┬──────
                ╰─ 🛑 'flag' is 'Bool', which has no merge strategy; remove @Merged to let the most recent change win
                   ✏️ Remove '@Merged'
            }
            """
        } fixes: {
            """
            @ForkedModel
            struct Note {
                var count: Int = 0
                var flag: Bool? = nil
            }
            """
        } expansion: {
            """
            struct Note {
                var count: Int = 0
                var flag: Bool? = nil
            }

            extension Note: Forked::Mergeable {
                func merged(withSubordinate other: Self, commonAncestor: Self) throws -> Self {
                    var result = self
                    result.count = ForkedModel::PropertyMerging.mostRecentChange(self.count, withSubordinate: other.count, commonAncestor: commonAncestor.count)
                    result.flag = ForkedModel::PropertyMerging.mostRecentChange(self.flag, withSubordinate: other.flag, commonAncestor: commonAncestor.flag)
                    return result
                }
            }
            """
        }
    }

    @Test("an unknown strategy is rejected")
    func unknownStrategy() {
        assertMacro {
            """
            @ForkedModel
            struct Note {
                @Merged(using: .lastWriterWins) var text: String = ""
                @Merged(using: strategy) var body: String = ""
            }
            """
        } diagnostics: {
            """
            @ForkedModel
            struct Note {
                @Merged(using: .lastWriterWins) var text: String = ""
                               ┬──────────────
                               ╰─ 🛑 '.lastWriterWins' is not a merge strategy; use one of .textMerge, .arrayMerge, .arrayOfIdentifiableMerge, .setMerge, .dictionaryMerge
                @Merged(using: strategy) var body: String = ""
                               ┬───────
                               ╰─ 🛑 'strategy' is not a merge strategy; use one of .textMerge, .arrayMerge, .arrayOfIdentifiableMerge, .setMerge, .dictionaryMerge
            }
            """
        }
    }

    @Test("@Merged without a type annotation or strategy is rejected")
    func missingTypeAnnotation() {
        assertMacro {
            """
            @ForkedModel
            struct Note {
                @Merged var text = ""
                var plain = 0
            }
            """
        } diagnostics: {
            """
            @ForkedModel
            struct Note {
                @Merged var text = ""
                            ┬───
                            ╰─ 🛑 'text' needs a type annotation so @Merged can choose a strategy, or name one with @Merged(using:)
                var plain = 0
            }
            """
        }
    }

    @Test("several variables in one declaration are rejected with a fix-it splitting them")
    func severalVariables() {
        assertMacro {
            """
            @ForkedModel
            struct Point {
                var x = 0, y = 0
                public var name, title: String, note: String = ""
            }
            """
        } diagnostics: {
            """
            @ForkedModel
            struct Point {
                var x = 0, y = 0
                    ┬───────────
                    ╰─ 🛑 @ForkedModel needs one variable per declaration; split this declaration so each property can be merged
                       ✏️ Declare each variable on its own
                public var name, title: String, note: String = ""
                           ┬─────────────────────────────────────
                           ╰─ 🛑 @ForkedModel needs one variable per declaration; split this declaration so each property can be merged
                              ✏️ Declare each variable on its own
            }
            """
        } fixes: {
            """
            @ForkedModel
            struct Point {
                var x = 0
                var y = 0
                public var name: String
                public var title: String
                public var note: String = ""
            }
            """
        }
    }

    @Test("a tuple pattern is rejected")
    func tuplePattern() {
        assertMacro {
            """
            @ForkedModel
            struct Size {
                var (width, height) = (1, 1)
            }
            """
        } diagnostics: {
            """
            @ForkedModel
            struct Size {
                var (width, height) = (1, 1)
                    ┬──────────────
                    ╰─ 🛑 @ForkedModel cannot merge a tuple pattern; declare each property on its own
            }
            """
        }
    }

    @Test("@Merged on several variables is rejected by the compiler's peer-macro rule as well")
    func mergedOnSeveralVariables() {
        assertMacro {
            """
            @ForkedModel
            struct Note {
                @Merged var text = "", title = ""
            }
            """
        } diagnostics: {
            """
            @ForkedModel
            struct Note {
                @Merged var text = "", title = ""
                            ┬────────────────────
                │           ╰─ 🛑 @ForkedModel needs one variable per declaration; split this declaration so each property can be merged
                │              ✏️ Declare each variable on its own
                ┬──────
                ╰─ 🛑 peer macro can only be applied to a single variable
            }
            """
        }
    }

    @Test("a stored property inside #if is rejected rather than left out; computed ones there are fine")
    func conditionalProperty() {
        assertMacro {
            """
            @ForkedModel
            struct Note {
                var text: String = ""
                #if DEBUG
                var debugLabel: String = ""
                var debugDescription: String { text }
                #elseif TRACE
                #if os(Linux)
                var traceID: Int = 0
                #endif
                #endif
            }
            """
        } diagnostics: {
            """
            @ForkedModel
            struct Note {
                var text: String = ""
                #if DEBUG
                var debugLabel: String = ""
                    ┬─────────
                    ╰─ 🛑 'debugLabel' is declared inside '#if'; @ForkedModel cannot merge a property that may not exist, so declare it unconditionally
                var debugDescription: String { text }
                #elseif TRACE
                #if os(Linux)
                var traceID: Int = 0
                    ┬──────
                    ╰─ 🛑 'traceID' is declared inside '#if'; @ForkedModel cannot merge a property that may not exist, so declare it unconditionally
                #endif
                #endif
            }
            """
        }
    }

    @Test("@Merged outside a @ForkedModel struct is reported, since nothing would read it")
    func mergedOutsideModel() {
        assertMacro {
            """
            struct Plain {
                @Merged var text: String = ""
            }

            @ForkedModel
            struct Outer {
                var title: String = ""
                struct Inner {
                    @Merged var tags: Set<String> = []
                }
            }
            """
        } diagnostics: {
            """
            struct Plain {
                @Merged var text: String = ""
                ┬──────
                ╰─ 🛑 @Merged has no effect here; mark the enclosing struct @ForkedModel to merge its properties
            }

            @ForkedModel
            struct Outer {
                var title: String = ""
                struct Inner {
                    @Merged var tags: Set<String> = []
                    ┬──────
                    ╰─ 🛑 @Merged has no effect here; mark the enclosing struct @ForkedModel to merge its properties
                }
            }
            """
        }
    }

    @Test("a hand-written merge method is reported instead of clashing with the generated one")
    func mergeAlreadyImplemented() {
        assertMacro {
            """
            @ForkedModel
            struct Note: Mergeable {
                var text: String = ""
                func merged(withSubordinate other: Note, commonAncestor: Note) throws -> Note { self }
            }
            """
        } diagnostics: {
            """
            @ForkedModel
            struct Note: Mergeable {
                var text: String = ""
                func merged(withSubordinate other: Note, commonAncestor: Note) throws -> Note { self }
                     ┬─────
                     ╰─ 🛑 this struct already implements 'merged(withSubordinate:commonAncestor:)'; remove it to let @ForkedModel generate the merge, or remove @ForkedModel
            }
            """
        }
    }

    @Test("a lazy property is rejected")
    func lazyProperty() {
        assertMacro {
            """
            @ForkedModel
            struct Note {
                lazy var summary: String = ""
            }
            """
        } diagnostics: {
            """
            @ForkedModel
            struct Note {
                lazy var summary: String = ""
                ┬───
                ╰─ 🛑 'summary' is 'lazy'; a @ForkedModel property cannot be lazy because reading it would mutate the value being merged
            }
            """
        }
    }

    @Test("@Merged on a computed or static property or a function is rejected")
    func mergedMisplaced() {
        assertMacro {
            """
            @ForkedModel
            struct Note {
                @Merged var shout: String { "" }
                @Merged static var template: String = ""
                @Merged func reset() {}
            }
            """
        } diagnostics: {
            """
            @ForkedModel
            struct Note {
                @Merged var shout: String { "" }
                ┬──────
                ╰─ 🛑 @Merged cannot apply to the computed property 'shout'; only stored properties are merged
                @Merged static var template: String = ""
                ┬──────
                ╰─ 🛑 @Merged can only mark a stored property of a @ForkedModel struct
                @Merged func reset() {}
                ┬──────
                ╰─ 🛑 @Merged can only mark a stored property of a @ForkedModel struct
            }
            """
        }
    }

    @Test("every mistake in a model is reported, not only the first")
    func allMistakesReported() {
        assertMacro {
            """
            @ForkedModel
            struct Note {
                let a: Int = 0
                var b: Int
                @Merged(using: .setMerge) var c: String = ""
            }
            """
        } diagnostics: {
            """
            @ForkedModel
            struct Note {
                let a: Int = 0
                ┬──
                ╰─ 🛑 'a' is a 'let'; a @ForkedModel property must be a 'var' so the merge can set it
                   ✏️ Replace 'let' with 'var'
                var b: Int
                    ┬
                    ╰─ 🛑 'b' needs a default value; every stored property of a @ForkedModel struct must have one
                @Merged(using: .setMerge) var c: String = ""
                               ┬────────
                               ╰─ 🛑 '.setMerge' cannot merge 'c', which is a String
                                  ✏️ Use '.textMerge'
            }
            """
        }
    }
}

@Suite("@ForkedModel(version:) diagnostics", .macros(MacroSpecs.versioned, record: .missing))
struct ForkedModelVersionDiagnosticTests {
    @Test("a version must be a non-negative integer literal")
    func invalidVersion() {
        assertMacro {
            """
            @ForkedModel(version: -1)
            struct Note {
                var text: String = ""
            }

            @ForkedModel(version: currentVersion)
            struct Draft {
                var text: String = ""
            }
            """
        } diagnostics: {
            """
            @ForkedModel(version: -1)
                                  ┬─
                                  ╰─ 🛑 the model version must be a non-negative integer literal
            struct Note {
                var text: String = ""
            }

            @ForkedModel(version: currentVersion)
                                  ┬─────────────
                                  ╰─ 🛑 the model version must be a non-negative integer literal
            struct Draft {
                var text: String = ""
            }
            """
        }
    }
}
