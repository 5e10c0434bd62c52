import Foundation
import ParseRuntime

// The Bookstore and TodoList sample models exactly as modelgen generates them
// (Generated/Bookstore/Swift, Generated/TodoList/Swift), each schema in a namespace so that
// the names do not clash with the models of TestModels.swift. The only edit: type names in the
// file-scope extensions are qualified with their namespace.

/// The Bookstore sample schema.
public enum Bookstore {}

/// The TodoList sample schema.
public enum TodoApp {}

// MARK: Bookstore.Author (Generated/Bookstore/Swift/Author.swift)

extension Bookstore {
    public struct Author: ParseObject, Sendable {
        public var originalData: Data?
        public var objectId: String?
        public var createdAt: Date?
        public var updatedAt: Date?
        public var ACL: ParseACL?

        /// Required.
        public var name: String?

        public init() {}
    }
}

extension Bookstore.Author {
    /// A new `Author` with the given field values; every other field is `nil`.
    public init(
        name: String
    ) {
        self.init()
        self.name = name
    }

    public func merge(with object: Self) throws -> Self {
        var updated = try mergeParse(with: object)
        if updated.shouldRestoreKey(\.name, original: object) {
            updated.name = object.name
        }
        return updated
    }
}

extension Bookstore.Author {
    /// The keys of `Author`'s fields, typed by their values, for queries without string literals.
    public enum Field {
        public static let objectId = ParseField<Bookstore.Author, String>("objectId")
        public static let createdAt = ParseField<Bookstore.Author, Date>("createdAt")
        public static let updatedAt = ParseField<Bookstore.Author, Date>("updatedAt")
        public static let name = ParseField<Bookstore.Author, String>("name")
    }
}

// MARK: Bookstore.Book (Generated/Bookstore/Swift/Book.swift)

extension Bookstore {
    public struct Book: ParseObject, Sendable {
        public var originalData: Data?
        public var objectId: String?
        public var createdAt: Date?
        public var updatedAt: Date?
        public var ACL: ParseACL?

        /// Required. At most 300 characters.
        public var title: String?

        /// From 1450 to 2100.
        public var publishingYear: Int?

        /// The book's genre (one-to-many).
        public var genre: Genre?

        /// The book's ISBN (one-to-one).
        ///
        /// Unique.
        public var isbn: ISBN?

        public init() {}
    }
}

extension Bookstore.Book {
    /// A new `Book` with the given field values; every other field is `nil`.
    public init(
        title: String,
        publishingYear: Int? = nil,
        genre: Bookstore.Genre? = nil,
        isbn: Bookstore.ISBN? = nil
    ) {
        self.init()
        self.title = title
        self.publishingYear = publishingYear
        self.genre = genre
        self.isbn = isbn
    }

    public func merge(with object: Self) throws -> Self {
        var updated = try mergeParse(with: object)
        if updated.shouldRestoreKey(\.title, original: object) {
            updated.title = object.title
        }
        if updated.shouldRestoreKey(\.publishingYear, original: object) {
            updated.publishingYear = object.publishingYear
        }
        if updated.shouldRestoreKey(\.genre, original: object) {
            updated.genre = object.genre
        }
        if updated.shouldRestoreKey(\.isbn, original: object) {
            updated.isbn = object.isbn
        }
        return updated
    }
}

extension Bookstore.Book {
    /// The keys of `Book`'s fields, typed by their values, for queries without string literals.
    public enum Field {
        public static let objectId = ParseField<Bookstore.Book, String>("objectId")
        public static let createdAt = ParseField<Bookstore.Book, Date>("createdAt")
        public static let updatedAt = ParseField<Bookstore.Book, Date>("updatedAt")
        public static let title = ParseField<Bookstore.Book, String>("title")
        public static let publishingYear = ParseField<Bookstore.Book, Int>("publishingYear")
        public static let genre = ParseField<Bookstore.Book, Bookstore.Genre>("genre")
        public static let isbn = ParseField<Bookstore.Book, Bookstore.ISBN>("isbn")
        public static let authors = ParseField<Bookstore.Book, Bookstore.Author>("authors")
        public static let publishers = ParseField<Bookstore.Book, Bookstore.Publisher>("publishers")
    }
}

extension Bookstore.Book {
    /// Who wrote the book (many-to-many).
    ///
    /// The `authors` relation, to add or remove `Author` objects: save the operation
    /// that `add` or `remove` returns. Throws when this object has no `objectId` yet.
    public func authorsRelation() throws -> ParseRelation<Bookstore.Book> {
        try relation(Field.authors.name, className: Bookstore.Author.className)
    }

    /// Who published the book (many-to-many).
    ///
    /// The `publishers` relation, to add or remove `Publisher` objects: save the operation
    /// that `add` or `remove` returns. Throws when this object has no `objectId` yet.
    public func publishersRelation() throws -> ParseRelation<Bookstore.Book> {
        try relation(Field.publishers.name, className: Bookstore.Publisher.className)
    }
}

// MARK: Bookstore.Genre (Generated/Bookstore/Swift/Genre.swift)

extension Bookstore {
    public struct Genre: ParseObject, Sendable {
        public var originalData: Data?
        public var objectId: String?
        public var createdAt: Date?
        public var updatedAt: Date?
        public var ACL: ParseACL?

        /// Required. Unique.
        public var name: String?

        public init() {}
    }
}

extension Bookstore.Genre {
    /// A new `Genre` with the given field values; every other field is `nil`.
    public init(
        name: String
    ) {
        self.init()
        self.name = name
    }

    public func merge(with object: Self) throws -> Self {
        var updated = try mergeParse(with: object)
        if updated.shouldRestoreKey(\.name, original: object) {
            updated.name = object.name
        }
        return updated
    }
}

extension Bookstore.Genre {
    /// The keys of `Genre`'s fields, typed by their values, for queries without string literals.
    public enum Field {
        public static let objectId = ParseField<Bookstore.Genre, String>("objectId")
        public static let createdAt = ParseField<Bookstore.Genre, Date>("createdAt")
        public static let updatedAt = ParseField<Bookstore.Genre, Date>("updatedAt")
        public static let name = ParseField<Bookstore.Genre, String>("name")
        public static let books = ParseField<Bookstore.Genre, Bookstore.Book>("books")
    }
}

extension Bookstore.Genre {
    /// The genre's featured books.
    ///
    /// The `books` relation, to add or remove `Book` objects: save the operation
    /// that `add` or `remove` returns. Throws when this object has no `objectId` yet.
    public func booksRelation() throws -> ParseRelation<Bookstore.Genre> {
        try relation(Field.books.name, className: Bookstore.Book.className)
    }
}

// MARK: Bookstore.ISBN (Generated/Bookstore/Swift/ISBN.swift)

extension Bookstore {
    public struct ISBN: ParseObject, Sendable {
        public var originalData: Data?
        public var objectId: String?
        public var createdAt: Date?
        public var updatedAt: Date?
        public var ACL: ParseACL?

        /// Required. Unique. 10 to 17 characters.
        public var value: String?

        public init() {}
    }
}

extension Bookstore.ISBN {
    /// A new `ISBN` with the given field values; every other field is `nil`.
    public init(
        value: String
    ) {
        self.init()
        self.value = value
    }

    public func merge(with object: Self) throws -> Self {
        var updated = try mergeParse(with: object)
        if updated.shouldRestoreKey(\.value, original: object) {
            updated.value = object.value
        }
        return updated
    }
}

extension Bookstore.ISBN {
    /// The keys of `ISBN`'s fields, typed by their values, for queries without string literals.
    public enum Field {
        public static let objectId = ParseField<Bookstore.ISBN, String>("objectId")
        public static let createdAt = ParseField<Bookstore.ISBN, Date>("createdAt")
        public static let updatedAt = ParseField<Bookstore.ISBN, Date>("updatedAt")
        public static let value = ParseField<Bookstore.ISBN, String>("value")
    }
}

// MARK: Bookstore.Publisher (Generated/Bookstore/Swift/Publisher.swift)

extension Bookstore {
    public struct Publisher: ParseObject, Sendable {
        public var originalData: Data?
        public var objectId: String?
        public var createdAt: Date?
        public var updatedAt: Date?
        public var ACL: ParseACL?

        /// Required.
        public var name: String?

        public init() {}
    }
}

extension Bookstore.Publisher {
    /// A new `Publisher` with the given field values; every other field is `nil`.
    public init(
        name: String
    ) {
        self.init()
        self.name = name
    }

    public func merge(with object: Self) throws -> Self {
        var updated = try mergeParse(with: object)
        if updated.shouldRestoreKey(\.name, original: object) {
            updated.name = object.name
        }
        return updated
    }
}

extension Bookstore.Publisher {
    /// The keys of `Publisher`'s fields, typed by their values, for queries without string literals.
    public enum Field {
        public static let objectId = ParseField<Bookstore.Publisher, String>("objectId")
        public static let createdAt = ParseField<Bookstore.Publisher, Date>("createdAt")
        public static let updatedAt = ParseField<Bookstore.Publisher, Date>("updatedAt")
        public static let name = ParseField<Bookstore.Publisher, String>("name")
    }
}

// MARK: TodoApp.Priority (Generated/TodoList/Swift/Priority.swift)

extension TodoApp {
    public enum Priority: Int, Codable, CaseIterable, Hashable, Sendable {
        case low = 0
        case normal = 1
        case high = 2

        /// The title to show for the value.
        public var title: String {
            switch self {
            case .low: "Low"
            case .normal: "Normal"
            case .high: "High"
            }
        }
    }
}

// MARK: TodoApp.Reminder (Generated/TodoList/Swift/Reminder.swift)

extension TodoApp {
    public struct Reminder: Codable, Hashable, Sendable {
        /// Required.
        public var at: Date
        /// At most 7 elements.
        public var repeatDays: [Int]?
        /// Defaults to `"push"`.
        public var channel: String?

        public init(
            at: Date,
            repeatDays: [Int]? = nil,
            channel: String? = "push"
        ) {
            self.at = at
            self.repeatDays = repeatDays
            self.channel = channel
        }
    }
}

// MARK: TodoApp.Role (Generated/TodoList/Swift/Role.swift)

extension TodoApp {
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
}

extension TodoApp.Role {
    public func merge(with object: Self) throws -> Self {
        try mergeParse(with: object)
    }
}

extension TodoApp.Role {
    /// The keys of `Role`'s fields, typed by their values, for queries without string literals.
    public enum Field {
        public static let objectId = ParseField<TodoApp.Role, String>("objectId")
        public static let createdAt = ParseField<TodoApp.Role, Date>("createdAt")
        public static let updatedAt = ParseField<TodoApp.Role, Date>("updatedAt")
        public static let name = ParseField<TodoApp.Role, String>("name")
    }
}

// MARK: TodoApp.Status (Generated/TodoList/Swift/Status.swift)

extension TodoApp {
    public enum Status: String, Codable, CaseIterable, Hashable, Sendable {
        case open = "open"
        case inProgress = "in_progress"
        case done = "done"
    }
}

// MARK: TodoApp.TodoList (Generated/TodoList/Swift/TodoList.swift)

extension TodoApp {
    public struct TodoList: ParseObject, Sendable {
        public var originalData: Data?
        public var objectId: String?
        public var createdAt: Date?
        public var updatedAt: Date?
        public var ACL: ParseACL?

        /// Required. At most 200 characters.
        public var title: String?

        /// Who created the list.
        ///
        /// Required.
        public var owner: User?

        /// Defaults to `false`.
        public var archived: Bool?

        public init() {}
    }
}

extension TodoApp.TodoList {
    /// A new `TodoList` with the given field values; every other field is `nil`.
    public init(
        title: String,
        owner: TodoApp.User,
        archived: Bool? = nil
    ) {
        self.init()
        self.title = title
        self.owner = owner
        self.archived = archived
    }

    public func merge(with object: Self) throws -> Self {
        var updated = try mergeParse(with: object)
        if updated.shouldRestoreKey(\.title, original: object) {
            updated.title = object.title
        }
        if updated.shouldRestoreKey(\.owner, original: object) {
            updated.owner = object.owner
        }
        if updated.shouldRestoreKey(\.archived, original: object) {
            updated.archived = object.archived
        }
        return updated
    }
}

extension TodoApp.TodoList {
    /// The keys of `TodoList`'s fields, typed by their values, for queries without string literals.
    public enum Field {
        public static let objectId = ParseField<TodoApp.TodoList, String>("objectId")
        public static let createdAt = ParseField<TodoApp.TodoList, Date>("createdAt")
        public static let updatedAt = ParseField<TodoApp.TodoList, Date>("updatedAt")
        public static let title = ParseField<TodoApp.TodoList, String>("title")
        public static let owner = ParseField<TodoApp.TodoList, TodoApp.User>("owner")
        public static let archived = ParseField<TodoApp.TodoList, Bool>("archived")
        public static let members = ParseField<TodoApp.TodoList, TodoApp.User>("members")
        public static let editors = ParseField<TodoApp.TodoList, TodoApp.Role>("editors")
    }
}

extension TodoApp.TodoList {
    /// Users the list is shared with.
    ///
    /// The `members` relation, to add or remove `User` objects: save the operation
    /// that `add` or `remove` returns. Throws when this object has no `objectId` yet.
    public func membersRelation() throws -> ParseRelation<TodoApp.TodoList> {
        try relation(Field.members.name, className: TodoApp.User.className)
    }

    /// Roles whose users may edit the list.
    ///
    /// The `editors` relation, to add or remove `Role` objects: save the operation
    /// that `add` or `remove` returns. Throws when this object has no `objectId` yet.
    public func editorsRelation() throws -> ParseRelation<TodoApp.TodoList> {
        try relation(Field.editors.name, className: TodoApp.Role.className)
    }
}

// MARK: TodoApp.TodoListItem (Generated/TodoList/Swift/TodoListItem.swift)

extension TodoApp {
    public struct TodoListItem: ParseObject, Sendable {
        public var originalData: Data?
        public var objectId: String?
        public var createdAt: Date?
        public var updatedAt: Date?
        public var ACL: ParseACL?

        /// Required. At most 200 characters.
        public var title: String?

        /// More about what to do (a field named like NSObject's description).
        public var description: String?

        /// Required.
        public var list: TodoList?

        public var assignee: User?

        /// Defaults to `.normal`.
        public var priority: Priority?

        /// Defaults to `.open`.
        public var status: Status?

        public var dueDate: Date?

        public var completedAt: Date?

        /// From 0 to 1000.
        public var estimateHours: Double?

        /// At most 20 elements.
        public var tags: [String]?

        public var reminder: Reminder?

        public var attachments: [ParseFile]?

        public var metadata: [String: JSONValue]?

        /// A Swift keyword as a field name.
        public var isDefault: Bool?

        /// Another keyword, escaped in Swift.
        public var `class`: String?

        public init() {}

        enum CodingKeys: String, CodingKey {
            case objectId
            case createdAt
            case updatedAt
            case ACL
            case title
            case description
            case list
            case assignee
            case priority
            case status
            case dueDate
            case completedAt
            case estimateHours
            case tags
            case reminder
            case attachments
            case metadata
            case isDefault = "default"
            case `class`
        }
    }
}

extension TodoApp.TodoListItem {
    /// A new `TodoListItem` with the given field values; every other field is `nil`.
    public init(
        title: String,
        list: TodoApp.TodoList,
        description: String? = nil,
        assignee: TodoApp.User? = nil,
        priority: TodoApp.Priority? = nil,
        status: TodoApp.Status? = nil,
        dueDate: Date? = nil,
        completedAt: Date? = nil,
        estimateHours: Double? = nil,
        tags: [String]? = nil,
        reminder: TodoApp.Reminder? = nil,
        attachments: [ParseFile]? = nil,
        metadata: [String: JSONValue]? = nil,
        isDefault: Bool? = nil,
        `class`: String? = nil
    ) {
        self.init()
        self.title = title
        self.list = list
        self.description = description
        self.assignee = assignee
        self.priority = priority
        self.status = status
        self.dueDate = dueDate
        self.completedAt = completedAt
        self.estimateHours = estimateHours
        self.tags = tags
        self.reminder = reminder
        self.attachments = attachments
        self.metadata = metadata
        self.isDefault = isDefault
        self.`class` = `class`
    }

    public func merge(with object: Self) throws -> Self {
        var updated = try mergeParse(with: object)
        if updated.shouldRestoreKey(\.title, original: object) {
            updated.title = object.title
        }
        if updated.shouldRestoreKey(\.description, original: object) {
            updated.description = object.description
        }
        if updated.shouldRestoreKey(\.list, original: object) {
            updated.list = object.list
        }
        if updated.shouldRestoreKey(\.assignee, original: object) {
            updated.assignee = object.assignee
        }
        if updated.shouldRestoreKey(\.priority, original: object) {
            updated.priority = object.priority
        }
        if updated.shouldRestoreKey(\.status, original: object) {
            updated.status = object.status
        }
        if updated.shouldRestoreKey(\.dueDate, original: object) {
            updated.dueDate = object.dueDate
        }
        if updated.shouldRestoreKey(\.completedAt, original: object) {
            updated.completedAt = object.completedAt
        }
        if updated.shouldRestoreKey(\.estimateHours, original: object) {
            updated.estimateHours = object.estimateHours
        }
        if updated.shouldRestoreKey(\.tags, original: object) {
            updated.tags = object.tags
        }
        if updated.shouldRestoreKey(\.reminder, original: object) {
            updated.reminder = object.reminder
        }
        if updated.shouldRestoreKey(\.attachments, original: object) {
            updated.attachments = object.attachments
        }
        if updated.shouldRestoreKey(\.metadata, original: object) {
            updated.metadata = object.metadata
        }
        if updated.shouldRestoreKey(\.isDefault, original: object) {
            updated.isDefault = object.isDefault
        }
        if updated.shouldRestoreKey(\.`class`, original: object) {
            updated.`class` = object.`class`
        }
        return updated
    }
}

extension TodoApp.TodoListItem {
    /// The keys of `TodoListItem`'s fields, typed by their values, for queries without string literals.
    public enum Field {
        public static let objectId = ParseField<TodoApp.TodoListItem, String>("objectId")
        public static let createdAt = ParseField<TodoApp.TodoListItem, Date>("createdAt")
        public static let updatedAt = ParseField<TodoApp.TodoListItem, Date>("updatedAt")
        public static let title = ParseField<TodoApp.TodoListItem, String>("title")
        public static let description = ParseField<TodoApp.TodoListItem, String>("description")
        public static let list = ParseField<TodoApp.TodoListItem, TodoApp.TodoList>("list")
        public static let assignee = ParseField<TodoApp.TodoListItem, TodoApp.User>("assignee")
        public static let priority = ParseField<TodoApp.TodoListItem, TodoApp.Priority>("priority")
        public static let status = ParseField<TodoApp.TodoListItem, TodoApp.Status>("status")
        public static let dueDate = ParseField<TodoApp.TodoListItem, Date>("dueDate")
        public static let completedAt = ParseField<TodoApp.TodoListItem, Date>("completedAt")
        public static let estimateHours = ParseField<TodoApp.TodoListItem, Double>("estimateHours")
        public static let tags = ParseField<TodoApp.TodoListItem, [String]>("tags")
        public static let reminder = ParseField<TodoApp.TodoListItem, TodoApp.Reminder>("reminder")
        public static let attachments = ParseField<TodoApp.TodoListItem, [ParseFile]>("attachments")
        public static let metadata = ParseField<TodoApp.TodoListItem, [String: JSONValue]>("metadata")
        public static let isDefault = ParseField<TodoApp.TodoListItem, Bool>("default")
        public static let `class` = ParseField<TodoApp.TodoListItem, String>("class")
    }
}

// MARK: TodoApp.User (Generated/TodoList/Swift/User.swift)

extension TodoApp {
    public struct User: ParseUser, Sendable {
        public var originalData: Data?
        public var objectId: String?
        public var createdAt: Date?
        public var updatedAt: Date?
        public var ACL: ParseACL?

        public var username: String?

        public var password: String?

        public var email: String?

        public var emailVerified: Bool?

        public var authData: [String: [String: String]?]?

        /// 1 to 80 characters.
        public var displayName: String?

        public var avatar: ParseFile?

        public var location: ParseGeoPoint?

        public init() {}
    }
}

extension TodoApp.User {
    /// A new `User` with the given field values; every other field is `nil`.
    public init(
        displayName: String? = nil,
        avatar: ParseFile? = nil,
        location: ParseGeoPoint? = nil
    ) {
        self.init()
        self.displayName = displayName
        self.avatar = avatar
        self.location = location
    }

    public func merge(with object: Self) throws -> Self {
        var updated = try mergeParse(with: object)
        if updated.shouldRestoreKey(\.displayName, original: object) {
            updated.displayName = object.displayName
        }
        if updated.shouldRestoreKey(\.avatar, original: object) {
            updated.avatar = object.avatar
        }
        if updated.shouldRestoreKey(\.location, original: object) {
            updated.location = object.location
        }
        return updated
    }
}

extension TodoApp.User {
    /// The keys of `User`'s fields, typed by their values, for queries without string literals.
    public enum Field {
        public static let objectId = ParseField<TodoApp.User, String>("objectId")
        public static let createdAt = ParseField<TodoApp.User, Date>("createdAt")
        public static let updatedAt = ParseField<TodoApp.User, Date>("updatedAt")
        public static let username = ParseField<TodoApp.User, String>("username")
        public static let password = ParseField<TodoApp.User, String>("password")
        public static let email = ParseField<TodoApp.User, String>("email")
        public static let emailVerified = ParseField<TodoApp.User, Bool>("emailVerified")
        public static let authData = ParseField<TodoApp.User, [String: [String: String]?]>("authData")
        public static let displayName = ParseField<TodoApp.User, String>("displayName")
        public static let avatar = ParseField<TodoApp.User, ParseFile>("avatar")
        public static let location = ParseField<TodoApp.User, ParseGeoPoint>("location")
    }
}
