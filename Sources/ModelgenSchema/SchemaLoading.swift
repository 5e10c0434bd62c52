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
        pipelined(inputs.map(\.displayPath), classesResolvedAhead: classesResolvedAhead) { (index, receive) throws(YAMLError) in
            try YAMLReader.stream(path: inputs[index].path, displayPath: inputs[index].displayPath, limits: limits,
                                  sections: SchemaLoader.sections, into: receive)
        }
    }

    /// The same for YAML text held in memory, as `(displayPath, text)` pairs.
    public static func load(sources: [(path: String, text: String)], limits: YAMLLimits = .default) -> Result {
        load(sources: sources, limits: limits, classesResolvedAhead: SchemaValidator.classesResolvedAhead)
    }

    static func load(sources: [(path: String, text: String)], limits: YAMLLimits = .default,
                     classesResolvedAhead: Int) -> Result {
        pipelined(sources.map(\.path), classesResolvedAhead: classesResolvedAhead) { (index, receive) throws(YAMLError) in
            try YAMLReader.stream(sources[index].text, file: sources[index].path, limits: limits,
                                  sections: SchemaLoader.sections, into: receive)
        }
    }

    /// Parses the files on the calling thread while a second thread turns each part into
    /// declarations as soon as it is parsed (the two take about the same time), then validates.
    ///
    /// The loader sees the parts in the order it would in one thread, so diagnostics and the
    /// suggestion budget come out the same. Each part's tree is released once it is loaded,
    /// so a file's whole tree never exists at once.
    private static func pipelined(_ paths: [String], classesResolvedAhead: Int,
                                  read: (Int, (YAMLStreamPart) -> Void) throws(YAMLError) -> YAMLStreamEnd) -> Result {
        let handOff = HandOff()
        let loaded = LoadedFiles()
        let loader = Thread {
            var loading = Loading()
            while loading.handle(handOff.take()) {}
            loaded.finish(loading)
        }
        loader.start()
        // Parts go over in batches: waking the other thread costs about as much as loading a part.
        var batch: [Message] = []
        func send(_ message: Message) {
            batch.append(message)
            guard batch.count == Self.batchSize else { return }
            handOff.send(batch)
            batch = []
            batch.reserveCapacity(Self.batchSize)
        }
        for (index, path) in paths.enumerated() {
            send(.begin(path))
            do {
                let end = try read(index) { send(.part($0)) }
                send(.end(end))
            } catch {
                send(.failed(error))
            }
        }
        batch.append(.done)
        handOff.send(batch)
        var loading = loaded.wait()
        return loading.finish(order: paths, classesResolvedAhead: classesResolvedAhead)
    }

    /// Parts sent to the loading thread at a time.
    private static let batchSize = 32

    /// What the reading thread tells the loading thread.
    private enum Message: Sendable {
        /// A new file, by its display path.
        case begin(String)
        case part(YAMLStreamPart)
        /// The file was read whole.
        case end(YAMLStreamEnd)
        /// The file could not be read: what was loaded of it is dropped.
        case failed(YAMLError)
        /// Every file was read.
        case done
    }

    /// Messages from one thread to another, in order. Sending never blocks; a message is a
    /// part of a file, so the queue never holds more than the tree a one-thread read would.
    private final class HandOff: @unchecked Sendable {
        private let condition = NSCondition()
        private var messages: [Message] = []
        private var waiting = false

        func send(_ batch: [Message]) {
            condition.lock()
            messages.append(contentsOf: batch)
            if waiting { condition.signal() }
            condition.unlock()
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
            return taken
        }
    }

    /// The loading thread's result, handed back to the thread that waits for it.
    private final class LoadedFiles: @unchecked Sendable {
        private let finished = DispatchSemaphore(value: 0)
        private var loading: Loading?

        func finish(_ loading: Loading) {
            self.loading = loading
            finished.signal()
        }

        func wait() -> Loading {
            finished.wait()
            return loading.take()!
        }
    }

    /// The files' declarations so far, and the diagnostics of reading and loading them.
    private struct Loading: Sendable {
        var files: [FileDeclarations] = []
        var collector = DiagnosticCollector()
        var filesRead = 0
        var current: SchemaLoader?

        /// Handles messages in order; `false` once every file has been read.
        mutating func handle(_ messages: [Message]) -> Bool {
            for message in messages {
                switch message {
                case .begin(let path):
                    current = SchemaLoader(path: path)
                case .part(let part):
                    current!.load(part)
                case .end(let end):
                    filesRead += 1
                    files.append(current!.finish(end))
                    collector.append(contentsOf: current!.diagnostics.diagnostics)
                    current = nil
                case .failed(let error):
                    current = nil
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
