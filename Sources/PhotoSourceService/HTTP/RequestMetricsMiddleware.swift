import Dispatch
import Hummingbird
import Metrics
import Prometheus
import Synchronization

/// Records every request in the registry `/metrics` emits, by the status the client was sent.
///
/// Hummingbird's `MetricsMiddleware` sees a thrown error before ``ProblemMiddleware`` renders it
/// and counts anything that is not an `HTTPResponseError` as a 500, so every customer 404, 401 or
/// 422 raised the 5xx series. This middleware runs outermost, after every error has become a
/// response, and records that response's status: `hb_requests` and
/// `http_server_request_duration` (by `http_route`, `http_request_method`,
/// `http_response_status_code`), `http_server_active_requests` (by method), and
/// `hb_request_errors` for the 5xx answers only (by route, method and `error_type`, the status).
/// The names are the ones Hummingbird's middleware used, so dashboards keep working.
///
/// It writes to the registry it is given (not the process-wide `MetricsSystem`), so each
/// service — and each test's — `/metrics` shows its own requests.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: RequestMetrics

    /// Records into `registry`.
    init(registry: PrometheusCollectorRegistry) {
        metrics = RequestMetrics(factory: PrometheusMetricsFactory(registry: registry))
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = DispatchTime.now().uptimeNanoseconds
        let active = metrics.activeRequests(method: request.method)
        active.increment()
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            // Nothing inside should throw (the problem and security-header middleware render
            // every error); if something does, the server answers as Hummingbird does.
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            metrics.record(route: context.endpointPath, method: request.method, status: status, since: start)
            active.decrement()
            throw error
        }
        let metrics = metrics
        let status = response.status
        let route = context.endpointPath
        let method = request.method
        let body = response.body
        // Recorded once the body is written (or failed to be), so durations include streaming it.
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            defer {
                metrics.record(route: route, method: method, status: status, since: start)
                active.decrement()
            }
            try await body.write(writer)
        }
        return response
    }
}

/// The metrics ``RequestMetricsMiddleware`` records, made once per route, method and status
/// (a lookup under a `Mutex`, not a registry lookup per request).
final class RequestMetrics: Sendable {
    private struct Key: Hashable {
        let route: String
        let method: HTTPRequest.Method
        let status: HTTPResponse.Status
    }

    private struct Series {
        let requests: Metrics.Counter
        let duration: Metrics.Timer
        let errors: Metrics.Counter?
    }

    private let factory: PrometheusMetricsFactory
    private let series = Mutex<[Key: Series]>([:])
    private let active = Mutex<[HTTPRequest.Method: Metrics.Meter]>([:])

    init(factory: PrometheusMetricsFactory) {
        self.factory = factory
    }

    /// The gauge of requests in flight for `method`.
    func activeRequests(method: HTTPRequest.Method) -> Metrics.Meter {
        active.withLock { meters in
            if let meter = meters[method] { return meter }
            let meter = Metrics.Meter(label: "http.server.active_requests", dimensions: [("http.request.method", method.rawValue)], factory: factory)
            meters[method] = meter
            return meter
        }
    }

    /// Counts one answered request and its duration from `start` (`DispatchTime` nanoseconds).
    func record(route: String?, method: HTTPRequest.Method, status: HTTPResponse.Status, since start: UInt64) {
        let key = Key(route: route ?? "NotFound", method: method, status: status)
        let series = series.withLock { table in
            if let known = table[key] { return known }
            let made = make(key)
            table[key] = made
            return made
        }
        series.requests.increment()
        series.duration.recordNanoseconds(Int64(clamping: DispatchTime.now().uptimeNanoseconds &- start))
        series.errors?.increment()
    }

    private func make(_ key: Key) -> Series {
        let dimensions = [
            ("http.route", key.route), ("http.request.method", key.method.rawValue), ("http.response.status_code", String(key.status.code)),
        ]
        let errors = key.status.code >= 500
            ? Metrics.Counter(
                label: "hb.request.errors",
                dimensions: [("http.route", key.route), ("http.request.method", key.method.rawValue), ("error.type", String(key.status.code))],
                factory: factory)
            : nil
        return Series(
            requests: Metrics.Counter(label: "hb.requests", dimensions: dimensions, factory: factory),
            duration: Metrics.Timer(label: "http.server.request.duration", dimensions: dimensions, preferredDisplayUnit: .seconds, factory: factory),
            errors: errors)
    }
}
