import Foundation

// LiveQuery: typed subscriptions over the client's one WebSocket (docs/LiveQuery.md).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension ParseClient {
    /// Subscribes to the objects matching `query`: the server then reports every object that is
    /// created in, enters, changes in, leaves or is deleted from the query's results, as the
    /// client's user (its session token) or its keys may read it.
    ///
    /// ```swift
    /// let subscription = try await client.subscribe(Product.query(Product.Field.unit == .litre))
    /// for try await event in subscription {
    ///     print(event.name, event.object.name ?? "")
    /// }
    /// ```
    ///
    /// It returns once the server confirmed the subscription (`subscribed`). All subscriptions of
    /// a client share one WebSocket to ``ParseClientConfiguration/liveQueryURL``, opened by the
    /// first and closed after the last; it reconnects by itself and subscribes again. The
    /// query's keys (``ParseQuery/keys(_:)``) limit the fields events carry.
    ///
    /// - Parameters:
    ///   - query: The objects to watch: its constraints, checked by the compiler as for
    ///     ``find(_:options:)``. LiveQuery has no order, paging or includes.
    ///   - fields: When given, a `create` or `update` is sent only when one of these fields
    ///     changed (Parse's `watch`); `enter`, `leave` and `delete` always are.
    /// - Returns: The events, in order.
    /// - Throws: ``ParseLiveQueryError/unsupportedConstraint(_:)`` for a constraint or option
    ///   Parse Server's LiveQuery cannot evaluate (nothing is sent),
    ///   ``ParseLiveQueryError/server(code:message:)`` when the server refuses the connection or
    ///   the subscription, ``ParseLiveQueryError/connection(_:)`` when it cannot be reached, and
    ///   ``ParseLiveQueryError/unavailable(reason:)`` on Linux without the package trait
    ///   `LiveQuery`.
    public func subscribe<T: ParseObject>(
        _ query: ParseQuery<T>, fields: [any ParseFieldKey<T>]? = nil
    ) async throws(ParseLiveQueryError) -> ParseSubscription<T> {
        let subscription = try query.liveQuerySubscription(watching: fields?.map(\.name))
        if Task.isCancelled { throw .cancelled }
        let (requestId, events) = try await liveQuery.subscribe(subscription)
        return ParseSubscription(requestId: requestId, events: events, connection: liveQuery, redactor: redactor())
    }

    /// A subscription to every object of a class the client may read, its events as Parse JSON
    /// (the on-device store applies them whatever the app's models). Ending the stream's
    /// iteration unsubscribes.
    package func syncSubscribe(className: String) async throws(ParseLiveQueryError) -> AsyncThrowingStream<LiveQueryRawEvent, any Error> {
        if Task.isCancelled { throw .cancelled }
        let query = LiveQuerySubscriptionQuery(className: className, whereJSON: .object([:]), keys: nil, watch: nil)
        return try await liveQuery.subscribe(query).1
    }
}
