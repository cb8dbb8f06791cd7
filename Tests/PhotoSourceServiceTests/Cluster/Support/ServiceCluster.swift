import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// Two (or more) real `photosource serve` processes on one store, sharing one `sharedDirectory`,
/// behind nginx (``NginxProxy``), each instance's folders under one temporary folder.
///
/// The store: with `database` (a PostgreSQL URL) every instance has its own state folder; without
/// it the instances share one state folder and its SQLite file (several processes on one SQLite
/// file is what the SQLite build supports on one machine).
final class ServiceCluster {
    /// The instances, in start order (A, B).
    private(set) var instances: [ServeProcessTests.Server]
    /// nginx in front of them.
    let proxy: NginxProxy
    /// The folder every instance shares (`sharedDirectory`).
    let shared: URL
    private let configurations: [(state: URL, members: String)]

    private init(instances: [ServeProcessTests.Server], proxy: NginxProxy, shared: URL, configurations: [(state: URL, members: String)]) {
        self.instances = instances
        self.proxy = proxy
        self.shared = shared
        self.configurations = configurations
    }

    /// Starts `count` instances with the configuration members `members` (without braces; the
    /// harness adds keys, state folder, `sharedDirectory`, `publicBaseURL` = nginx's address), then nginx.
    /// `proxyPort`: nginx's port when the caller must know it first (a lab calling back), else a free one.
    static func start(
        in folder: URL, members: String, database: String? = nil, count: Int = 2, proxyPort chosen: Int? = nil
    ) async throws -> ServiceCluster {
        let shared = folder.appendingPathComponent("shared", isDirectory: true)
        let proxyPort = try chosen ?? LoopbackPort.free()
        var common = members + #", "sharedDirectory": "\#(shared.path)", "publicBaseURL": "http://127.0.0.1:\#(proxyPort)""#
        if let database { common += #", "database": "\#(database)""# }
        let configurations = (0..<count).map { index in
            (state: folder.appendingPathComponent(database == nil ? "state" : "state-\(index)", isDirectory: true), members: common)
        }
        var instances: [ServeProcessTests.Server] = []
        do {
            for configuration in configurations {
                instances.append(try await ServeProcessTests.start(state: configuration.state, configuration: configuration.members))
            }
            let proxy = try await NginxProxy.start(upstreams: instances.map { "127.0.0.1:\($0.baseURL.port ?? 0)" }, port: proxyPort)
            return ServiceCluster(instances: instances, proxy: proxy, shared: shared, configurations: configurations)
        } catch {
            for instance in instances { instance.process.terminate() }
            throw error
        }
    }

    /// `kill -9` of instance `index`, waiting until it is gone.
    func kill9(_ index: Int) async throws {
        try await OrderCrashTests.kill9(instances[index])
    }

    /// Stops instance `index` (SIGSTOP): it takes no job until ``resume(_:)``.
    func pause(_ index: Int) {
        kill(instances[index].process.processIdentifier, SIGSTOP)
    }

    /// Lets a paused instance run again (SIGCONT).
    func resume(_ index: Int) {
        kill(instances[index].process.processIdentifier, SIGCONT)
    }

    /// Stops every instance still running (SIGTERM) and nginx.
    func stop() async throws {
        for index in instances.indices { resume(index) }
        for instance in instances where instance.process.isRunning { try await OrderCrashTests.stop(instance) }
        try await proxy.stop()
    }

    /// nginx's address.
    var proxyBaseURL: URL { URL(string: proxy.baseURL)! }

    /// A JSON call to `base` (an instance's or nginx's address) with `token`.
    static func call(
        _ base: URL, _ path: String, method: String = "GET", token: String, body: String? = nil, key: String? = nil
    ) async throws -> (status: Int, json: [String: Any], text: String) {
        let server = ServeProcessTests.Server(process: Process(), baseURL: base, errors: Pipe())
        return try await OrderCrashTests.call(server, path, method: method, token: token, body: body, key: key)
    }

    /// The total of the `hb_requests` counters of the thumbnail route in every running instance's `/metrics`.
    func thumbnailRequestsServed() async throws -> Int {
        var total = 0
        for instance in instances where instance.process.isRunning {
            let (data, _) = try await URLSession.shared.data(from: instance.baseURL.appendingPathComponent("metrics"))
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n")
            where line.hasPrefix("hb_requests") && line.contains("thumbnails") {
                total += Int(Double(line.split(separator: " ").last ?? "0") ?? 0)
            }
        }
        return total
    }
}
