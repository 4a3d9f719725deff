/// A model whose values record which version of the model wrote them, so that an older build
/// refuses to merge data written by a newer one instead of losing the properties it does not know.
///
/// `@ForkedModel(version: N)` conforms a struct to this protocol: it adds a stored
/// `forkedModelVersion` property (encoded by `Codable` with the other properties) and a static
/// `modelVersion` of `N`. The generated merge checks all three values first and throws
/// ``ModelVersionError`` when one of them is newer than this build's model. Call
/// ``checkModelVersion()`` after decoding to find out early.
///
/// Versioning only protects data written after it was introduced: add a version from the
/// model's first release, since an unversioned build has nothing to compare with.
public protocol VersionedModel: Sendable {
    /// The model version this build understands.
    static var modelVersion: Int { get }

    /// The model version of the build that created or last merged this value.
    var forkedModelVersion: Int { get }
}

extension VersionedModel {
    /// Throws when this value was written by a newer version of the model than this build knows.
    ///
    /// - Throws: ``ModelVersionError`` carrying both versions.
    public func checkModelVersion() throws(ModelVersionError) {
        guard forkedModelVersion <= Self.modelVersion else {
            throw ModelVersionError(dataVersion: forkedModelVersion, supportedVersion: Self.modelVersion)
        }
    }
}

/// The original Forked's spelling of the versioned-model API.
extension VersionedModel {
    /// The model version this build understands: the original Forked's name for ``modelVersion``.
    public static var currentModelVersion: Int { modelVersion }

    /// The model version that wrote this value: the original Forked's name for
    /// ``forkedModelVersion``. It is never `nil` here, since every value records its version.
    public var modelVersion: Int? { forkedModelVersion }

    /// Whether this build can merge this value: it was written by this model version or an
    /// older one. `false` is what ``checkModelVersion()`` throws about.
    public var canLoadModelVersion: Bool { forkedModelVersion <= Self.modelVersion }
}

/// Thrown when merging a ``VersionedModel`` value written by a newer version of the model
/// than this build supports: the merge would drop the properties the newer version added.
public struct ModelVersionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The version recorded in the data.
    public let dataVersion: Int
    /// The newest version this build can merge.
    public let supportedVersion: Int

    /// Creates the error for data of `dataVersion` met by a build that supports `supportedVersion`.
    public init(dataVersion: Int, supportedVersion: Int) {
        self.dataVersion = dataVersion
        self.supportedVersion = supportedVersion
    }

    /// Says which versions met, for logs and alerts.
    public var description: String {
        "The data was written by model version \(dataVersion), but this build supports versions up to \(supportedVersion); update the app to merge it."
    }
}
