extension DemoLab {
    /// Fault injection, settable while the lab runs (``DemoLab/faults``, ``DemoLab/updateFaults(_:)``).
    /// The counted ones ("the next N") count down as orders and downloads happen.
    public struct Faults: Sendable, Hashable {
        /// The next this-many order requests get `500 Internal Server Error` (and are not recorded).
        public var serverErrorNextOrders: Int
        /// Added before every order response and between stages.
        public var latency: Duration
        /// Every callback is sent twice, with the same event id.
        public var duplicateCallbacks: Bool
        /// The lab claims the first asset's MD5 does not match and reports `failed`.
        public var reportWrongMD5: Bool
        /// The next this-many asset download attempts are abandoned before connecting (as if the
        /// lab's network failed); the lab tries again per ``Configuration/downloadAttempts``.
        public var refuseNextDownloads: Int
        /// Orders stop after `downloaded` and wait at this stage until it is cleared: at
        /// ``HoldStage/downloaded`` a cancel request is confirmed, at ``HoldStage/printing`` it is
        /// refused ("already printing"), as a real lab does.
        public var holdAt: HoldStage?

        /// Where orders can be held (``holdAt``).
        public enum HoldStage: String, Sendable, Hashable, CaseIterable {
            /// Downloaded, not yet printing: a cancel is confirmed.
            case downloaded
            /// On the printer: a cancel is refused.
            case printing
        }

        /// Creates a fault plan; the default injects nothing.
        public init(
            serverErrorNextOrders: Int = 0, latency: Duration = .zero, duplicateCallbacks: Bool = false,
            reportWrongMD5: Bool = false, refuseNextDownloads: Int = 0, holdAt: HoldStage? = nil
        ) {
            self.holdAt = holdAt
            self.serverErrorNextOrders = serverErrorNextOrders
            self.latency = latency
            self.duplicateCallbacks = duplicateCallbacks
            self.reportWrongMD5 = reportWrongMD5
            self.refuseNextDownloads = refuseNextDownloads
        }

        /// No faults.
        public static let none = Faults()

        /// Whether this order request gets a 500 (counting it down).
        mutating func takeOrderFailure() -> Bool {
            guard serverErrorNextOrders > 0 else { return false }
            serverErrorNextOrders -= 1
            return true
        }

        /// Whether this download attempt is abandoned (counting it down).
        mutating func takeDownloadRefusal() -> Bool {
            guard refuseNextDownloads > 0 else { return false }
            refuseNextDownloads -= 1
            return true
        }
    }
}
