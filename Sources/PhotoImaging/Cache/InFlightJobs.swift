import PhotoSourceKit

/// The cache's in-flight table: concurrent requests for one key share one job.
///
/// The job runs in an unstructured task, so it belongs to no single caller. Each caller waits on
/// its own continuation: a caller that is cancelled stops waiting (throwing `.cancelled`) without
/// disturbing the others, and when the last one leaves the job itself is cancelled and forgotten,
/// so the next request starts afresh.
actor InFlightJobs<Key: Hashable & Sendable, Value: Sendable> {
    private struct Job {
        let id: Int
        /// Raised when someone who needs the result now joins a job started for later.
        let urgency = PoolUrgency()
        var task: Task<Void, Never>?
        var waiters: [Int: CheckedContinuation<Value, any Error>] = [:]
    }

    private var jobs: [Key: Job] = [:]
    private var nextID = 0

    /// The number of jobs running (for tests).
    var count: Int { jobs.count }

    /// Joins the job for `key`, or starts `work` as that job when there is none.
    ///
    /// - Parameters:
    ///   - priority: the priority of a job this call starts.
    ///   - urgent: the caller needs the value now; a job it joins gets its urgency raised.
    ///   - onJoin: called when the call joins a job another caller started.
    ///   - work: the job, given its urgency to pass on to the decode pool.
    func value(
        for key: Key, priority: TaskPriority?, urgent: Bool = false, onJoin: @Sendable () -> Void,
        work: @escaping @Sendable (PoolUrgency) async throws -> Value
    ) async throws -> Value {
        let waiterID = makeID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: Self.cancelled)
                    return
                }
                if jobs[key] != nil {
                    jobs[key]!.waiters[waiterID] = continuation
                    if urgent { jobs[key]!.urgency.raise() }
                    onJoin()
                    return
                }
                let jobID = makeID()
                let job = Job(id: jobID, waiters: [waiterID: continuation])
                jobs[key] = job
                let urgency = job.urgency
                jobs[key]!.task = Task.detached(priority: priority) {
                    let result: Result<Value, any Error>
                    do {
                        result = .success(try await work(urgency))
                    } catch {
                        result = .failure(error)
                    }
                    await self.finish(key, jobID: jobID, with: result)
                }
            }
        } onCancel: {
            Task { await self.leave(key, waiterID: waiterID) }
        }
    }

    private func makeID() -> Int {
        nextID += 1
        return nextID
    }

    /// Hands the job's result to everyone still waiting.
    private func finish(_ key: Key, jobID: Int, with result: Result<Value, any Error>) {
        guard let job = jobs[key], job.id == jobID else { return }  // abandoned; a newer job may own the key
        jobs[key] = nil
        for continuation in job.waiters.values { continuation.resume(with: result) }
    }

    /// Resumes a cancelled waiter; cancels the job when it was the last one.
    private func leave(_ key: Key, waiterID: Int) {
        guard let continuation = jobs[key]?.waiters.removeValue(forKey: waiterID) else { return }
        continuation.resume(throwing: Self.cancelled)
        if let job = jobs[key], job.waiters.isEmpty {
            jobs[key] = nil
            job.task?.cancel()
        }
    }

    private static var cancelled: PhotoSourceError {
        PhotoSourceError(.cancelled, "The thumbnail request was cancelled.")
    }
}
