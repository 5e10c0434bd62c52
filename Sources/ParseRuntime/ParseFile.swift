import Foundation

/// A file stored by Parse: `{"__type":"File","name":"…","url":"…"}`.
///
/// Only `name` and `url` travel in object JSON; the other properties describe a file still to
/// be uploaded. Two saved files are equal when their URLs are; unsaved files compare by ``id``.
public struct ParseFile: ParseTypeable, Identifiable, Hashable, Sendable {
    /// The properties, kept in one shared immutable box: a file is one reference wide, so the
    /// models holding files stay small and cheap to copy, compare and compile. Setting a
    /// property makes a new box, so value semantics hold.
    private struct Fields: Sendable {
        var id: UUID
        var name: String
        var url: URL?
        var localURL: URL?
        var cloudURL: URL?
        var data: Data?
        var mimeType: String?
        var metadata: [String: String]?
        var tags: [String: String]?
    }

    private final class Storage: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private var storage: Storage

    private var fields: Fields {
        get { storage.fields }
        set { storage = Storage(newValue) }
    }

    /// A local identity, new for every instance created or decoded.
    public var id: UUID {
        get { fields.id }
        set { fields.id = newValue }
    }
    /// The file name; after upload, Parse's unique name.
    public var name: String {
        get { fields.name }
        set { fields.name = newValue }
    }
    /// The URL Parse serves the file from; `nil` until uploaded.
    public var url: URL? {
        get { fields.url }
        set { fields.url = newValue }
    }
    /// A local file to upload.
    public var localURL: URL? {
        get { fields.localURL }
        set { fields.localURL = newValue }
    }
    /// A remote file to fetch and upload.
    public var cloudURL: URL? {
        get { fields.cloudURL }
        set { fields.cloudURL = newValue }
    }
    /// The contents to upload.
    public var data: Data? {
        get { fields.data }
        set { fields.data = newValue }
    }
    /// The content type to upload with, such as `application/pdf`.
    public var mimeType: String? {
        get { fields.mimeType }
        set { fields.mimeType = newValue }
    }
    /// File adapter metadata to upload with.
    public var metadata: [String: String]? {
        get { fields.metadata }
        set { fields.metadata = newValue }
    }
    /// File adapter tags to upload with.
    public var tags: [String: String]? {
        get { fields.tags }
        set { fields.tags = newValue }
    }

    /// Whether the file has been uploaded, that is whether it has a ``url``.
    public var isSaved: Bool { url != nil }

    /// A file to upload from memory.
    /// - Parameters:
    ///   - name: The file name; `"file"` by default.
    ///   - data: The contents.
    ///   - mimeType: The content type; inferred from `name` when `nil`.
    ///   - metadata: File adapter metadata.
    ///   - tags: File adapter tags.
    public init(name: String = "file", data: Data, mimeType: String? = nil,
                metadata: [String: String]? = nil, tags: [String: String]? = nil) {
        self.init(name: name)
        self.data = data
        self.mimeType = mimeType
        self.metadata = metadata
        self.tags = tags
    }

    /// A file to upload from disk.
    /// - Parameters:
    ///   - name: The file name; `"file"` by default.
    ///   - localURL: The file on disk.
    ///   - mimeType: The content type; inferred from `name` when `nil`.
    ///   - metadata: File adapter metadata.
    ///   - tags: File adapter tags.
    public init(name: String = "file", localURL: URL, mimeType: String? = nil,
                metadata: [String: String]? = nil, tags: [String: String]? = nil) {
        self.init(name: name)
        self.localURL = localURL
        self.mimeType = mimeType
        self.metadata = metadata
        self.tags = tags
    }

    /// A file to fetch from `cloudURL` and upload.
    /// - Parameters:
    ///   - name: The file name; `"file"` by default.
    ///   - cloudURL: Where to fetch the contents.
    ///   - metadata: File adapter metadata.
    ///   - tags: File adapter tags.
    public init(name: String = "file", cloudURL: URL,
                metadata: [String: String]? = nil, tags: [String: String]? = nil) {
        self.init(name: name)
        self.cloudURL = cloudURL
        self.metadata = metadata
        self.tags = tags
    }

    /// A file already stored by Parse.
    /// - Parameters:
    ///   - name: Parse's name of the file.
    ///   - url: Where Parse serves it.
    public init(name: String, url: URL) {
        self.init(name: name)
        self.url = url
    }

    private init(name: String) {
        storage = Storage(Fields(id: UUID(), name: name))
    }

    /// Saved files are equal when their URLs are; otherwise files are equal when they are the
    /// same instance (same ``id``) and neither is saved.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        if let left = lhs.url, let right = rhs.url {
            return left == right
        }
        return lhs.url == nil && rhs.url == nil && lhs.id == rhs.id
    }

    /// Hashes the URL of a saved file, or the ``id`` of an unsaved one.
    public func hash(into hasher: inout Hasher) {
        if let url {
            hasher.combine(url)
        } else {
            hasher.combine(id)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type = "__type"
        case name
        case url
    }

    /// Decodes `{"__type":"File","name":...,"url":...}`.
    /// - Throws: `DecodingError.typeMismatch` when `__type` is not `File`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try container.checkParseType(["File"], forKey: .type, decoding: Self.self)
        self.init(name: try container.decode(String.self, forKey: .name))
        url = try container.decodeIfPresent(URL.self, forKey: .url)
    }

    /// Encodes `{"__type":"File","name":...,"url":...}` (`url` only when saved).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("File", forKey: .type)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(url, forKey: .url)
    }
}
