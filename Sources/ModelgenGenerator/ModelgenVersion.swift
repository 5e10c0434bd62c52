/// modelgen's version: the one place it is written. `modelgen --version` prints it, the top
/// entry of CHANGELOG.md names it, and a release is tagged with it (docs/Releasing.md).
public enum ModelgenVersion {
    public static let current = "0.1.0"
}
