import Foundation
import ParseRuntime

// Models written the way modelgen generates them, so the tests exercise the real contract.

/// A book.
public struct Book: ParseObject, Sendable {
    public static var className: String { "Books" }
    public var originalData: Data?
    public var objectId: String?
    public var createdAt: Date?
    public var updatedAt: Date?
    public var ACL: ParseACL?
    public var title: String?
    public var pageCount: Int?
    public var genre: Genre?
    public var coAuthors: [Author]?
    public var cover: ParseFile?
    public var location: ParseGeoPoint?
    public var area: ParsePolygon?
    public var blob: ParseBytes?
    public var published: Date?
    public var metadata: [String: JSONValue]?
    public var ingredients: [Ingredient]?
    public var status: Status?
    public var authors: ParseRelation<Book>?
    public init() {}

    public enum Status: String, Codable, Sendable {
        case draft
        case live = "LIVE"
    }

    enum CodingKeys: String, CodingKey {
        case originalData, objectId, createdAt, updatedAt, ACL
        case title, genre, cover, location, area, blob, published, metadata, ingredients, status, authors
        case pageCount = "pages"
        case coAuthors = "co_authors"
    }
}

extension Book {
    public func merge(with object: Self) throws -> Self {
        var updated = try mergeParse(with: object)
        if updated.shouldRestoreKey(\.title, original: object) { updated.title = object.title }
        if updated.shouldRestoreKey(\.pageCount, original: object) { updated.pageCount = object.pageCount }
        if updated.shouldRestoreKey(\.genre, original: object) { updated.genre = object.genre }
        if updated.shouldRestoreKey(\.metadata, original: object) { updated.metadata = object.metadata }
        if updated.shouldRestoreKey(\.ingredients, original: object) { updated.ingredients = object.ingredients }
        return updated
    }

    public func authorsRelation() throws -> ParseRelation<Book> { try relation("authors", className: "Author") }

    public enum Field {
        public static let title = ParseField<Book, String>("title")
        public static let pageCount = ParseField<Book, Int>("pages")
    }
}

/// A genre, the target of Book.genre.
public struct Genre: ParseObject, Sendable {
    public var originalData: Data?
    public var objectId: String?
    public var createdAt: Date?
    public var updatedAt: Date?
    public var ACL: ParseACL?
    public var name: String?
    public init() {}
}

/// An author, related to books.
public struct Author: ParseObject, Sendable {
    public var originalData: Data?
    public var objectId: String?
    public var createdAt: Date?
    public var updatedAt: Date?
    public var ACL: ParseACL?
    public var name: String?
    public init() {}
}

/// An embedded (non-Parse) struct.
public struct Ingredient: Codable, Hashable, Sendable {
    public var objectId: String?
    public var name: String?
    public var bestBefore: Date?
    public var photo: ParseFile?
    public init(objectId: String? = nil, name: String? = nil, bestBefore: Date? = nil, photo: ParseFile? = nil) {
        self.objectId = objectId
        self.name = name
        self.bestBefore = bestBefore
        self.photo = photo
    }
}

public struct User: ParseUser, Sendable {
    public var originalData: Data?
    public var objectId: String?
    public var createdAt: Date?
    public var updatedAt: Date?
    public var ACL: ParseACL?
    public var username: String?
    public var email: String?
    public var emailVerified: Bool?
    public var password: String?
    public var authData: [String: [String: String]?]?
    public var nickname: String?
    public var score: Double?
    public init() {}
}

public struct Role: ParseRole, Sendable {
    public typealias RoleUser = User
    public var originalData: Data?
    public var objectId: String?
    public var createdAt: Date?
    public var updatedAt: Date?
    public var ACL: ParseACL?
    public var name: String?
    public init() {}
}

public struct Installation: ParseInstallation, Sendable {
    public var originalData: Data?
    public var objectId: String?
    public var createdAt: Date?
    public var updatedAt: Date?
    public var ACL: ParseACL?
    public var deviceType: String?
    public var installationId: String?
    public var deviceToken: String?
    public var badge: Int?
    public var timeZone: String?
    public var channels: [String]?
    public var appName: String?
    public var appIdentifier: String?
    public var appVersion: String?
    public var parseVersion: String?
    public var localeIdentifier: String?
    public init() {}
}

public struct Session: ParseSession, Sendable {
    public var originalData: Data?
    public var objectId: String?
    public var createdAt: Date?
    public var updatedAt: Date?
    public var ACL: ParseACL?
    public var sessionToken: String = ""
    public var user: User = User()
    public var restricted: Bool?
    public var createdWith: [String: String] = [:]
    public var installationId: String = ""
    public var expiresAt: Date = Date(timeIntervalSince1970: 0)
    public init() {}
}

/// A model without its own `merge`, to exercise the default one.
public struct Note: ParseObject, Sendable {
    public var originalData: Data?
    public var objectId: String?
    public var createdAt: Date?
    public var updatedAt: Date?
    public var ACL: ParseACL?
    public var text: String?
    public var stars: Int?
    public var genre: Genre?
    public init() {}
}
