/// The version of ModelMapper: of the library, of `modelgen` (`modelgen --version`) and of the
/// plugins, which are released together. Its history is in `CHANGELOG.md`.
///
/// For example, to say which release wrote a file:
///
/// ```swift
/// print("written by ModelMapper \(ModelMapperVersion.current)")   // written by ModelMapper 0.9.0
/// ```
public enum ModelMapperVersion {
    /// The release, as [semantic versioning](https://semver.org) spells it. Before 1.0.0 a
    /// minor release may change the API; `CHANGELOG.md` says where.
    public static let current = "0.9.0"
}
