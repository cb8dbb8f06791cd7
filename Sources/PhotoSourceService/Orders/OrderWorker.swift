import Foundation
import Logging
import PhotoSourceKit
public import ServiceLifecycle

/// Runs the order pipeline's jobs on this instance: a ServiceLifecycle service that claims a
/// job with a lease, renews the lease while the job runs, and retries a failed job with
/// exponential backoff and jitter until ``OrderSettings/maximumAttempts``.
///
/// On graceful shutdown it stops claiming and hands the jobs it is running back to the queue,
/// to run again at once on the next start (every step is idempotent). A killed instance's jobs
/// are taken over when their lease runs out.
public struct OrderWorker: Service {
    let pipeline: OrderPipeline
    /// This worker's lease-owner name: unique per process.
    let name = "worker-" + UUID().uuidString.prefix(8).lowercased()

    /// A worker running `pipeline`'s jobs.
    public init(pipeline: OrderPipeline) {
        self.pipeline = pipeline
    }

    private var settings: OrderSettings { pipeline.settings }

    /// Claims and runs jobs until the graceful shutdown.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                for _ in 0..<settings.workers {
                    group.addTask { await loop() }
                }
            }
        }
    }

    private func loop() async {
        while !Task.isCancelled {
            do {
                guard let job = try await pipeline.store.claimJob(worker: name, now: Date(), lease: settings.leaseSeconds) else {
                    try await Task.sleep(for: .seconds(settings.pollIntervalSeconds))
                    continue
                }
                await runLeased(job)
            } catch is CancellationError {
                return
            } catch {
                pipeline.logger.error("order worker: \(error)")
                try? await Task.sleep(for: .seconds(settings.pollIntervalSeconds))
            }
        }
    }

    private enum Ending: Sendable {
        case finished
        case failed(any Error)
        case leaseLost
        /// The renewer was stopped: the job's own ending is the one that counts.
        case renewerStopped
    }

    /// Runs `job` beside a task renewing its lease; a lost lease (the order was cancelled, or
    /// another worker took over) stops the job.
    private func runLeased(_ job: OrderJob) async {
        let pipeline = pipeline
        let name = name
        let lease = settings.leaseSeconds
        let ending = await withTaskGroup(of: Ending.self) { group in
            group.addTask {
                do {
                    try await pipeline.run(job, worker: name)
                    return .finished
                } catch {
                    return .failed(error)
                }
            }
            group.addTask {
                while true {
                    do {
                        try await Task.sleep(for: .seconds(lease / 3))
                        guard try await pipeline.store.renewLease(job: job.id, worker: name, until: Date().addingTimeInterval(lease)) else {
                            return .leaseLost
                        }
                    } catch is CancellationError {
                        return .renewerStopped
                    } catch {
                        pipeline.logger.warning("order worker: renewing the lease of \(job.id) failed: \(error)")
                    }
                }
            }
            var ending = Ending.finished
            while let next = await group.next() {
                if case .renewerStopped = next { continue }
                ending = next
                break
            }
            group.cancelAll()
            return ending
        }
        guard case .failed(let error) = ending else {
            if case .leaseLost = ending {
                pipeline.logger.info("order worker: \(job.id) is no longer ours; stopped")
                await pipeline.stopped(job)
            }
            return
        }
        await handle(error, of: job)
    }

    private func handle(_ error: any Error, of job: OrderJob) async {
        do {
            if error is CancellationError || Task.isCancelled {
                // Shutting down: back to the queue, to run again as soon as an instance is up.
                try await pipeline.store.retryJob(job.id, worker: name, runAfter: Date(), error: "interrupted by a shutdown")
            } else if job.attempts >= settings.maximumAttempts {
                pipeline.logger.warning("order worker: \(job.id) failed its last attempt (\(job.attempts)): \(error)")
                try await pipeline.giveUp(job, worker: name, error: error)
            } else {
                let delay = settings.retryDelay(afterAttempt: job.attempts)
                pipeline.logger.info("order worker: \(job.id) attempt \(job.attempts) failed (\(error)); again in \(Int(delay.rounded())) s")
                try await pipeline.store.retryJob(job.id, worker: name, runAfter: Date().addingTimeInterval(delay), error: "\(error)")
            }
        } catch {
            pipeline.logger.error("order worker: recording the failure of \(job.id) failed: \(error); its lease will run out")
        }
    }
}

extension OrderWorker {
    /// The worker of a service: the configuration's enabled destinations (built-in kinds), the
    /// asset store in the state folder, the store's job queue.
    static func make(_ dependencies: ServiceDependencies, logger: Logger) throws -> OrderWorker {
        let context = OrderDestinationContext(
            configuration: dependencies.configuration, statusSink: OrderStatusRecorder(store: try dependencies.orderStore()), logger: logger)
        let destinations = try OrderDestinationKinds.build(dependencies.configuration, context: context)
        return OrderWorker(pipeline: try OrderPipeline(dependencies: dependencies, destinations: destinations, logger: logger))
    }
}
