import Foundation

/// The events of a LiveQuery subscription, made by ``ParseClient/subscribe(_:fields:)``: an
/// `AsyncSequence` of ``ParseLiveQueryEvent``, in the order the server sent them.
///
/// ```swift
/// let subscription = try await client.subscribe(Product.query(Product.Field.unit == .litre))
/// for try await event in subscription {
///     switch event {
///     case .create(let product), .enter(let product), .update(let product): show(product)
///     case .leave(let product), .delete(let product): hide(product)
///     }
/// }
/// ```
///
/// Iterate it once. Leaving the loop, cancelling the task that iterates it, or dropping a
/// subscription never iterated unsubscribes (the server is sent `unsubscribe`; the client's
/// WebSocket closes with its last subscription). The loop ends by throwing
/// ``ParseLiveQueryError`` when the server ends the subscription with an error or an event's
/// object cannot be decoded. Across a reconnection it simply goes on; events published while
/// the connection was down are not delivered.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct ParseSubscription<T: ParseObject>: AsyncSequence, Sendable {
    /// An event.
    public typealias Element = ParseLiveQueryEvent<T>
    /// What the loop throws.
    public typealias Failure = ParseLiveQueryError

    /// The subscription's number on the client's connection (its `requestId`).
    public let requestId: Int
    private let events: AsyncThrowingStream<LiveQueryRawEvent, any Error>
    private let connection: LiveQueryConnection
    private let redactor: Redactor

    init(requestId: Int, events: AsyncThrowingStream<LiveQueryRawEvent, any Error>, connection: LiveQueryConnection, redactor: Redactor) {
        self.requestId = requestId
        self.events = events
        self.connection = connection
        self.redactor = redactor
    }

    /// The iterator; when it goes away (the loop ended), the subscription ends.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: events.makeAsyncIterator(), ending: Ending(requestId: requestId, connection: connection), redactor: redactor)
    }

    /// Ends the subscription now: the loop over it finishes (without error).
    public func cancel() async {
        await connection.unsubscribe(requestId)
    }

    /// Reads the events and decodes their objects as `T`.
    public struct Iterator: AsyncIteratorProtocol {
        /// An event.
        public typealias Element = ParseLiveQueryEvent<T>
        /// What ``next()`` throws.
        public typealias Failure = ParseLiveQueryError

        private var base: AsyncThrowingStream<LiveQueryRawEvent, any Error>.Iterator
        private let ending: Ending
        private let redactor: Redactor

        fileprivate init(base: AsyncThrowingStream<LiveQueryRawEvent, any Error>.Iterator, ending: Ending, redactor: Redactor) {
            self.base = base
            self.ending = ending
            self.redactor = redactor
        }

        /// The next event, or `nil` once the subscription has ended.
        public mutating func next() async throws(ParseLiveQueryError) -> ParseLiveQueryEvent<T>? {
            while true {
                let raw: LiveQueryRawEvent?
                do {
                    raw = try await base.next()
                } catch let error as ParseLiveQueryError {
                    throw error
                } catch {
                    throw .connection(redactor.scrub("\(error)"))
                }
                guard let raw else { return nil }
                let object: T
                do {
                    object = try ParseDecoder().decode(T.self, from: JSONValue.object(raw.object))
                } catch {
                    throw .decoding(ParseDecodingFailure.from(error, status: 0, redactor: redactor))
                }
                // Names the server may add later are skipped.
                if let event = ParseLiveQueryEvent(name: raw.name, object: object) {
                    return event
                }
            }
        }
    }

    /// Unsubscribes when the iterator that holds it goes away.
    fileprivate final class Ending: Sendable {
        let requestId: Int
        let connection: LiveQueryConnection

        init(requestId: Int, connection: LiveQueryConnection) {
            self.requestId = requestId
            self.connection = connection
        }

        deinit {
            let requestId = self.requestId
            let connection = self.connection
            Task { await connection.unsubscribe(requestId) }
        }
    }
}
