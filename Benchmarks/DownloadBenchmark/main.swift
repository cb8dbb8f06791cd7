// The download benchmark's Swift side; Benchmarks/download.sh runs it beside `curl --parallel`.
//
//   download-bench fetch URL_LIST ORIGIN [CONCURRENCY]  fetch every URL (one per line), print "seconds requests bytes"
//   download-bench policy [ITERATIONS]                   cost of the address policy checks, in ns per call
import Foundation

let arguments = CommandLine.arguments
switch arguments.dropFirst().first {
case "fetch" where arguments.count >= 4:
    let urls = try String(contentsOfFile: arguments[2], encoding: .utf8)
        .split(whereSeparator: \.isNewline).compactMap { URL(string: String($0)) }
    let concurrency = arguments.count > 4 ? Int(arguments[4]) ?? 16 : 16
    let result = try await FetchRun(urls: urls, trustedOrigin: arguments[3], concurrency: concurrency).run()
    print(String(format: "%.3f %d %d", result.seconds, result.requests, result.bytes))
case "policy":
    let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 1_000_000 : 1_000_000
    for line in PolicyCost(iterations: iterations).measure() { print(line) }
default:
    FileHandle.standardError.write(Data("usage: download-bench fetch URL_LIST ORIGIN [CONCURRENCY] | policy [ITERATIONS]\n".utf8))
    exit(2)
}
