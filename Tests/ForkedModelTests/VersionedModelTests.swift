import Foundation
import ForkedModel
import Testing

@Suite("@ForkedModel(version:)")
struct VersionedModelTests {
    /// What a build with model version 3 would have written.
    private func noteFromNewerBuild() throws -> VersionedNote {
        let json = #"{"title":"from the future","pinned":true,"modelVersion":3,"color":"red"}"#
        return try JSONDecoder().decode(VersionedNote.self, from: Data(json.utf8))
    }

    @Test("the model knows its version and new values record it")
    func recordsVersion() throws {
        #expect(VersionedNote.modelVersion == 2)
        #expect(VersionedNote().forkedModelVersion == 2)
        let decoded = try JSONDecoder().decode(VersionedNote.self, from: JSONEncoder().encode(VersionedNote(title: "a")))
        #expect(decoded.forkedModelVersion == 2)
        try decoded.checkModelVersion()
    }

    @Test("data from a newer version is refused with a typed error, on either side of a merge")
    func refusesNewerData() throws {
        let newer = try noteFromNewerBuild()
        let expected = ModelVersionError(dataVersion: 3, supportedVersion: 2)
        #expect(throws: expected) { try newer.checkModelVersion() }
        let local = VersionedNote(title: "local")
        #expect(throws: expected) { try local.merged(withSubordinate: newer, commonAncestor: local) }
        #expect(throws: expected) { try newer.merged(withSubordinate: local, commonAncestor: local) }
        #expect(throws: expected) { try local.merged(withSubordinate: local, commonAncestor: newer) }
        #expect(expected.description.contains("version 3"))
    }

    @Test("data from an older version merges and comes out at the current version")
    func upgradesOlderData() throws {
        let json = #"{"title":"old","pinned":false,"modelVersion":1}"#
        let older = try JSONDecoder().decode(VersionedNote.self, from: Data(json.utf8))
        try older.checkModelVersion()
        var dominant = older
        dominant.pinned = true
        var subordinate = older
        subordinate.title = "renamed"
        let merged = try dominant.merged(withSubordinate: subordinate, commonAncestor: older)
        #expect(merged.title == "renamed")
        #expect(merged.pinned)
        #expect(merged.forkedModelVersion == 2)
    }

    @Test("the original Forked's spellings: version 0, currentModelVersion, modelVersion, canLoadModelVersion")
    func originalSpellings() throws {
        #expect(FirstReleaseNote.currentModelVersion == 0)
        #expect(FirstReleaseNote().modelVersion == 0)
        #expect(FirstReleaseNote().canLoadModelVersion)
        #expect(VersionedNote.currentModelVersion == 2)
        #expect(VersionedNote().modelVersion == 2)
        #expect(VersionedNote().canLoadModelVersion)
        #expect(try !noteFromNewerBuild().canLoadModelVersion)
        let ancestor = FirstReleaseNote(title: "a")
        var edited = ancestor
        edited.title = "b"
        #expect(try edited.merged(withSubordinate: ancestor, commonAncestor: ancestor).title == "b")
    }

    @Test("code written for the original compiles: the memberwise initialiser takes modelVersion:, and data without one counts as version 0")
    func originalMemberwiseLabel() throws {
        let restored = VersionedNote(title: "restored", pinned: true, modelVersion: 1)
        #expect(restored.modelVersion == 1)
        #expect(restored.forkedModelVersion == 1)
        let unversioned = VersionedNote(title: "before versions", modelVersion: nil)
        #expect(unversioned.forkedModelVersion == 0)
        #expect(unversioned.canLoadModelVersion)
        let decoded = try JSONDecoder().decode(VersionedNote.self, from: Data(#"{"title":"legacy","pinned":false}"#.utf8))
        #expect(decoded.modelVersion == nil)
        try decoded.checkModelVersion()
        let merged = try decoded.merged(withSubordinate: decoded, commonAncestor: decoded)
        #expect(merged.modelVersion == 2, "a merge stamps the merging build's version")
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(restored)) as? [String: Any]
        #expect(encoded?["modelVersion"] as? Int == 1, "coded under the original's key")
    }
}
