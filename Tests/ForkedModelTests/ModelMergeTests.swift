import Foundation
import ForkedModel
import Testing

@Suite("@ForkedModel merges")
struct ModelMergeTests {
    private let ancestor = Profile(name: "Ada", age: 36)

    @Test("a property only the subordinate changed takes the subordinate's value")
    func subordinateChangeSurvives() throws {
        var subordinate = ancestor
        subordinate.age = 37
        let merged = try ancestor.merged(withSubordinate: subordinate, commonAncestor: ancestor)
        #expect(merged.age == 37)
        #expect(merged.name == "Ada")
    }

    @Test("changes to different properties on each side are both kept")
    func disjointChangesCombine() throws {
        var dominant = ancestor
        dominant.name = "Ada Lovelace"
        var subordinate = ancestor
        subordinate.age = 37
        subordinate.nickname = "Enchantress"
        let merged = try dominant.merged(withSubordinate: subordinate, commonAncestor: ancestor)
        #expect(merged == Profile(name: "Ada Lovelace", age: 37, nickname: "Enchantress"))
    }

    @Test("when both sides changed a property, the dominant side wins")
    func dominantWinsConflicts() throws {
        var dominant = ancestor
        dominant.name = "Countess"
        var subordinate = ancestor
        subordinate.name = "Augusta"
        subordinate.nickname = "Ada"
        let merged = try dominant.merged(withSubordinate: subordinate, commonAncestor: ancestor)
        #expect(merged.name == "Countess")
        #expect(merged.nickname == "Ada")
        let reversed = try subordinate.merged(withSubordinate: dominant, commonAncestor: ancestor)
        #expect(reversed.name == "Augusta")
    }

    @Test("a removal on one side merges like any other change")
    func optionalRemovalMerges() throws {
        var base = ancestor
        base.nickname = "Enchantress"
        var dominant = base
        dominant.age = 40
        var subordinate = base
        subordinate.nickname = nil
        let merged = try dominant.merged(withSubordinate: subordinate, commonAncestor: base)
        #expect(merged.nickname == nil)
        #expect(merged.age == 40)
    }

    @Test("@Merged on a custom Mergeable type uses its conformance; without @Merged the most recent change wins")
    func customMergeableType() throws {
        var dominant = ancestor
        dominant.visits.value += 2
        dominant.pageViews.value += 2
        var subordinate = ancestor
        subordinate.visits.value += 3
        subordinate.pageViews.value += 3
        let merged = try dominant.merged(withSubordinate: subordinate, commonAncestor: ancestor)
        #expect(merged.visits.value == 5)
        #expect(merged.pageViews.value == 2)
    }

    @Test("a nested model merges property by property")
    func nestedModelMerges() throws {
        let base = Team(lead: ancestor, motto: "Compute")
        var dominant = base
        dominant.lead.name = "Ada L."
        dominant.lead.visits.value = 1
        var subordinate = base
        subordinate.lead.age = 37
        subordinate.lead.visits.value = 4
        subordinate.motto = "Analyse"
        let merged = try dominant.merged(withSubordinate: subordinate, commonAncestor: base)
        #expect(merged.lead.name == "Ada L.")
        #expect(merged.lead.age == 37)
        #expect(merged.lead.visits.value == 5)
        #expect(merged.motto == "Analyse")
    }

    @Test("an optional nested model: added, edited against a removal, and edited on both sides")
    func optionalNestedModel() throws {
        let empty = Team()
        var added = empty
        added.deputy = Profile(name: "Charles")
        #expect(try empty.merged(withSubordinate: added, commonAncestor: empty).deputy?.name == "Charles")

        var removed = added
        removed.deputy = nil
        var edited = added
        edited.deputy?.age = 41
        #expect(try removed.merged(withSubordinate: edited, commonAncestor: added).deputy?.age == 41)

        var dominant = added
        dominant.deputy?.name = "Charles Babbage"
        var subordinate = added
        subordinate.deputy?.age = 41
        let merged = try dominant.merged(withSubordinate: subordinate, commonAncestor: added)
        #expect(merged.deputy == Profile(name: "Charles Babbage", age: 41))
    }

    @Test("merging goes through ValueMerging like any Mergeable value")
    func throughValueMerging() throws {
        var dominant = ancestor
        dominant.name = "Ada Lovelace"
        var subordinate = ancestor
        subordinate.age = 37
        let merged = try ValueMerging.merge(dominant, withSubordinate: subordinate, commonAncestor: ancestor)
        #expect(merged == Profile(name: "Ada Lovelace", age: 37))
    }

    @Test("a struct that declares Mergeable itself gets the generated merge")
    func explicitConformance() throws {
        let ancestor = ExplicitlyMergeable()
        let merged = try ExplicitlyMergeable(first: 1).merged(withSubordinate: ExplicitlyMergeable(second: 2), commonAncestor: ancestor)
        #expect(merged == ExplicitlyMergeable(first: 1, second: 2))
    }

    @Test("a model stays a plain Codable, Sendable value")
    func plainValue() throws {
        var team = Team(lead: ancestor, motto: "Compute")
        team.deputy = Profile(name: "Charles", visits: AccumulatingInt(value: 3))
        let decoded = try JSONDecoder().decode(Team.self, from: JSONEncoder().encode(team))
        #expect(decoded == team)
        let sendable: any Sendable = decoded
        #expect(sendable is Team)
    }
}
