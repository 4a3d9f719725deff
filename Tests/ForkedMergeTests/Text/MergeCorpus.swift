import Foundation
import ForkedMerge

/// One three-way merge case from the shared corpus (Fixtures/merge-cases.jsonl).
struct MergeCase: Decodable, Sendable {
    var name: String
    var source: String
    var ancestor: String
    var dominant: String
    var subordinate: String
    var expectedAnyOf: [String]
    var notes: String
    /// Whether a reported conflict that keeps every word either side added whole also passes
    /// (both sides changed one word: keeping both versions is as right as the blend listed).
    var conflictOK: Bool?

    enum CodingKeys: String, CodingKey {
        case name, source, ancestor, dominant, subordinate, notes
        case expectedAnyOf = "expected_any_of"
        case conflictOK = "conflict_ok"
    }

    /// Whether `report` passes the case: its text is one of the expected results, or (where the
    /// case allows it) it reports a conflict and holds, whole, every whitespace-separated word
    /// either side has and the ancestor has not.
    func accepts(_ report: TextMergeReport) -> Bool {
        // Compare scalar by scalar: Swift's == would accept any canonically equivalent form.
        if expectedAnyOf.contains(where: { Array($0.unicodeScalars) == Array(report.text.unicodeScalars) }) { return true }
        guard conflictOK == true, !report.conflicts.isEmpty else { return false }
        let ancestorWords = Set(ancestor.split(whereSeparator: \.isWhitespace).map(String.init))
        let outputWords = Set(report.text.split(whereSeparator: \.isWhitespace).map(String.init))
        let added = (dominant + " " + subordinate).split(whereSeparator: \.isWhitespace).map(String.init).filter { !ancestorWords.contains($0) }
        return added.allSatisfy { outputWords.contains($0) }
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
