import Dispatch
import Foundation
import ModelgenDiagnostics
import ModelgenYAML

/// The front of the pipeline: schema files in, one validated `Schema` and its diagnostics out.
public enum SchemaLoading {
    /// One input: where to read it and the name diagnostics and generated headers use for it.
    public struct Input: Sendable, Hashable {
        public var path: String
        public var displayPath: String

        public init(path: String, displayPath: String? = nil) {
            self.path = path
            self.displayPath = displayPath ?? path
        }
    }

    public struct Result: Sendable {
        /// `nil` when any file could not be read or parsed, or the model has errors.
        public var schema: Schema?
        /// Sorted by file (in input order), line and column.
        public var diagnostics: [Diagnostic]
    }

    /// Reads, loads and validates every file as one model, reporting all independent problems.
    public static func load(_ inputs: [Input], limits: YAMLLimits = .default) -> Result {
        load(inputs, limits: limits, classesResolvedAhead: SchemaValidator.classesResolvedAhead)
    }

    /// `load` with the number of classes from which the validator resolves ahead on a second
    /// thread (tests set it to prove that the result does not depend on it).
    static func load(_ inputs: [Input], limits: YAMLLimits = .default, classesResolvedAhead: Int) -> Result {
        pipelined(inputs.map(\.displayPath), limits: limits, classesResolvedAhead: classesResolvedAhead) { (index, send) throws(YAMLError) in
            try YAMLReader.events(path: inputs[index].path, displayPath: inputs[index].displayPath, limits: limits, into: send)
        }
    }

    /// The same for YAML text held in memory, as `(displayPath, text)` pairs.
    public static func load(sources: [(path: String, text: String)], limits: YAMLLimits = .default) -> Result {
        load(sources: sources, limits: limits, classesResolvedAhead: SchemaValidator.classesResolvedAhead)
    }

    static func load(sources: [(path: String, text: String)], limits: YAMLLimits = .default,
                     classesResolvedAhead: Int) -> Result {
        pipelined(sources.map(\.path), limits: limits, classesResolvedAhead: classesResolvedAhead) { (index, send) throws(YAMLError) in
            try YAMLReader.events(sources[index].text, file: sources[index].path, limits: limits, into: send)
        }
    }

    /// Parses the files with libyaml on a second thread while the calling thread builds each
    /// part's tree from the events and turns the part into declarations as soon as it is
    /// complete (libyaml takes about as long as the rest), then validates.
    ///
    /// The loader sees the parts in the order it would in one thread, and a file's first error
    /// is the one reported, so diagnostics and the suggestion budget come out the same. Each
    /// part's tree is released once it is loaded, so a file's whole tree never exists at once.
    ///
    /// The declarations are made on the calling thread, which validation then releases them
    /// on: memory is freed where it was allocated, so validation's helper thread and this one
    /// do not contend for one heap's lock (with the roles the other way round, they did,
    /// through most of validation).
    private static func pipelined(_ paths: [String], limits: YAMLLimits, classesResolvedAhead: Int,
                                  read: @escaping @Sendable (Int, (YAMLEvents) -> Bool) throws(YAMLError) -> Void) -> Result {
        let handOff = HandOff()
        let readerFinished = DispatchSemaphore(value: 0)
        Thread {
            readAll(paths, read: read, into: handOff)
            readerFinished.signal()
        }.start()
        var loading = Loading(limits: limits)
        while loading.handle(handOff.take(), stopping: handOff) {}
        readerFinished.wait()
        return loading.finish(order: paths, classesResolvedAhead: classesResolvedAhead)
    }

    /// The reading thread's work: every file's events, in order, to the loading thread.
    private static func readAll(_ paths: [String], read: (Int, (YAMLEvents) -> Bool) throws(YAMLError) -> Void,
                                into handOff: HandOff) {
        // A file's first and last messages go with a batch of events: waking the other thread
        // costs more than a small message.
        var pending: [Message] = []
        for (index, path) in paths.enumerated() {
            pending.append(.begin(path))
            do {
                try read(index) { events in
                    pending.append(.events(events))
                    handOff.send(pending)
                    pending = []
                    // The loading thread stops a file at its first error; so does the reading.
                    return !handOff.isStopped(index)
                }
                pending.append(.end)
            } catch {
                pending.append(.failed(error))
            }
        }
        pending.append(.done)
        handOff.send(pending)
    }

    /// What the reading thread tells the loading thread.
    private enum Message: Sendable {
        /// A new file, by its display path.
        case begin(String)
        /// The next events of the file.
        case events(YAMLEvents)
        /// The file was parsed to its end.
        case end
        /// The file could not be read or parsed: what was loaded of it is dropped.
        case failed(YAMLError)
        /// Every file was read.
        case done
    }

    /// Messages from one thread to another, in order. Sending waits while `limit` messages
    /// are queued, so the reading thread runs at most that many batches of events ahead.
    private final class HandOff: @unchecked Sendable {
        private let condition = NSCondition()
        private var messages: [Message] = []
        private var waiting = false
        private var sendersWaiting = false
        private let limit = 64
        /// How many files the loading thread has begun, and whether the last of them failed.
        private var filesBegun = 0
        private var lastFailed = false

        func send(_ batch: [Message]) {
            condition.lock()
            while messages.count >= limit {
                sendersWaiting = true
                condition.wait()
            }
            messages.append(contentsOf: batch)
            if waiting { condition.signal() }
            condition.unlock()
        }

        /// Tells the reading thread that the file the loading thread is on has failed.
        func stop() {
            condition.withLock { lastFailed = true }
        }

        /// Tells it that the loading thread began another file.
        func begin() {
            condition.withLock {
                filesBegun += 1
                lastFailed = false
            }
        }

        /// Whether file `index` (in reading order) failed while loading: reading on is wasted.
        func isStopped(_ index: Int) -> Bool {
            condition.withLock { lastFailed && filesBegun == index + 1 }
        }

        /// Every message sent since the last call, waiting for one if there is none.
        func take() -> [Message] {
            condition.lock()
            defer { condition.unlock() }
            while messages.isEmpty {
                waiting = true
                condition.wait()
                waiting = false
            }
            var taken: [Message] = []
            swap(&taken, &messages)
            if sendersWaiting {
                sendersWaiting = false
                condition.broadcast()
            }
            return taken
        }
    }

    /// The files' declarations so far, and the diagnostics of reading and loading them.
    private struct Loading {
        let limits: YAMLLimits
        var files: [FileDeclarations] = []
        var collector = DiagnosticCollector()
        var filesRead = 0
        /// The file being loaded: the builder of its parts and its loader; `nil` once it failed.
        var current: (builder: YAMLStreamBuilder, loader: SchemaLoader)?

        init(limits: YAMLLimits) {
            self.limits = limits
        }

        /// Handles messages in order; `false` once every file has been read.
        mutating func handle(_ messages: [Message], stopping handOff: HandOff) -> Bool {
            for message in messages {
                switch message {
                case .begin(let path):
                    current = (YAMLStreamBuilder(file: path, limits: limits, sections: SchemaLoader.sections), SchemaLoader(path: path))
                    handOff.begin()
                case .events(let events):
                    guard var file = current.take() else { continue }
                    do throws(YAMLError) {
                        try file.builder.consume(events) { file.loader.load($0) }
                        current = file
                    } catch {
                        collector.append(error.diagnostic)
                        handOff.stop()
                    }
                case .end:
                    guard var file = current.take() else { continue }
                    filesRead += 1
                    files.append(file.loader.finish(file.builder.finish()))
                    collector.append(contentsOf: file.loader.diagnostics.diagnostics)
                case .failed(let error):
                    // Unless the file already failed while loading: only its first error counts.
                    guard current.take() != nil else { continue }
                    collector.append(error.diagnostic)
                case .done:
                    return false
                }
            }
            return true
        }

        mutating func finish(order: [String], classesResolvedAhead: Int) -> Result {
            // When a file could not be read, its declarations are missing: cross-file checks
            // would only report follow-ups ("unknown class") of the one real error.
            let everyFileRead = filesRead == order.count
            // The validator must hold the only reference, to release declarations as it goes.
            var declarations: [FileDeclarations] = []
            swap(&declarations, &files)
            var validator = SchemaValidator(files: consume declarations, classesResolvedAhead: classesResolvedAhead)
            let schema = validator.validate()
            if everyFileRead {
                collector.append(contentsOf: validator.diagnostics.diagnostics)
            }
            let failed = collector.hasErrors || !everyFileRead
            return Result(schema: failed ? nil : schema, diagnostics: collector.sorted(fileOrder: order))
        }
    }
}
