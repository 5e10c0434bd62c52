import BookstoreModels
import TodoListModels

// The client tests use the Bookstore and TodoList sample models exactly as modelgen generates
// them: the sample targets compile Generated/Bookstore/Swift and Generated/TodoList/Swift.
// Each schema gets a namespace here so its names do not clash with the models of TestModels.swift.

/// The Bookstore sample schema.
public enum Bookstore {
    public typealias Author = BookstoreModels.Author
    public typealias Book = BookstoreModels.Book
    public typealias Genre = BookstoreModels.Genre
    public typealias ISBN = BookstoreModels.ISBN
    public typealias Publisher = BookstoreModels.Publisher
}

/// The TodoList sample schema.
public enum TodoApp {
    public typealias Priority = TodoListModels.Priority
    public typealias Reminder = TodoListModels.Reminder
    public typealias Role = TodoListModels.Role
    public typealias Status = TodoListModels.Status
    public typealias TodoList = TodoListModels.TodoList
    public typealias TodoListItem = TodoListModels.TodoListItem
    public typealias User = TodoListModels.User
}
