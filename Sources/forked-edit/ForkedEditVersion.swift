/// The version `forked-edit --version` prints.
enum ForkedEditVersion {
    /// Semantic version of this build; bumped when a release is cut (see CHANGELOG.md).
    static let current = "0.1.0"
}
