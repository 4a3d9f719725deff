import Foundation

/// One three-way merge case from the shared corpus (Fixtures/merge-cases.jsonl).
struct MergeCase: Decodable, Sendable {
    var name: String
    var source: String
    var ancestor: String
    var dominant: String
    var subordinate: String
    var expectedAnyOf: [String]
    var notes: String

    enum CodingKeys: String, CodingKey {
        case name, source, ancestor, dominant, subordinate, notes
        case expectedAnyOf = "expected_any_of"
    }
}

/// Loads the corpus bundled with the tests.
enum MergeCorpus {
    /// Every case, keyed by name, or the reason loading failed.
    static let loaded: Result<[String: MergeCase], any Error> = Result {
        guard let url = Bundle.module.url(forResource: "merge-cases", withExtension: "jsonl", subdirectory: "Fixtures") else {
            throw CocoaError(.fileNoSuchFile)
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        var cases: [String: MergeCase] = [:]
        for line in text.split(separator: "\n") where !line.isEmpty {
            let mergeCase = try JSONDecoder().decode(MergeCase.self, from: Data(line.utf8))
            cases[mergeCase.name] = mergeCase
        }
        return cases
    }

    /// Case names in file order, for parameterised tests.
    static let names: [String] = {
        guard let url = Bundle.module.url(forResource: "merge-cases", withExtension: "jsonl", subdirectory: "Fixtures"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            (try? JSONDecoder().decode(MergeCase.self, from: Data(line.utf8)))?.name
        }
    }()
}
