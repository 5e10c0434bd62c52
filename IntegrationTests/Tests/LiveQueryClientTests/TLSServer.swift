import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Testing

/// Runs `body` with the port of a TLS server on 127.0.0.1 whose certificate (self-signed, for
/// `localhost` and 127.0.0.1, made by `openssl` for this run) no client trusts. It serves nothing
/// after the handshake.
func withUntrustedTLSServer(_ body: (Int) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lq-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let key = directory.appendingPathComponent("key.pem").path
    let certificate = directory.appendingPathComponent("cert.pem").path
    let openssl = Process()
    openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    openssl.arguments = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
                         "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"]
    openssl.standardOutput = FileHandle.nullDevice
    openssl.standardError = FileHandle.nullDevice
    try openssl.run()
    openssl.waitUntilExit()
    try #require(openssl.terminationStatus == 0, "openssl could not make a certificate")

    let chain = try NIOSSLCertificate.fromPEMFile(certificate).map { NIOSSLCertificateSource.certificate($0) }
    let context = try NIOSSLContext(configuration: .makeServerConfiguration(
        certificateChain: chain, privateKey: .privateKey(try NIOSSLPrivateKey(file: key, format: .pem))))
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .childChannelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
            }
        }
        .bind(host: "127.0.0.1", port: 0)
        .get()
    do {
        try await body(channel.localAddress?.port ?? 0)
    } catch {
        try? await channel.close()
        throw error
    }
    try await channel.close()
}
