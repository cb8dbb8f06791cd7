@preconcurrency import Crypto
import Foundation
import PhotoNetworking
import PhotoSourceKit
import Synchronization

/// Sends the lab's status callbacks: JSON events signed with
/// `Webhook-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the lab's secret, each
/// with a stable event id (`evt_<order>_<stage>`), retried a few times, sent twice under the
/// ``DemoLab/Faults/duplicateCallbacks`` fault. An order that came in Gelato's shape is told in
/// Gelato's (``LabGelatoCallback``).
struct LabCallbackSender: Sendable {
    let state: LabState

    func send(_ record: DemoLab.OrderRecord, stage: String, message: String? = nil) async {
        guard let url = state.configuration.callbackURL else { return }
        if record.format == "gelato-v4" {
            await sendGelato(record, stage: stage, to: url)
            return
        }
        let callback = LabCallback(
            id: "evt_\(record.id)_\(stage)", type: "order.stage.changed", time: Date().formatted(.iso8601),
            data: .init(order: .init(
                id: record.id, merchantReference: record.merchantReference, stage: stage, message: message,
                shipments: stage == "shipped" ? [shipment(for: record)] : nil)))
        await post(callback, to: url)
    }

    /// The Gelato-shaped events of `record` reaching `stage` (``LabGelatoCallback``).
    private func sendGelato(_ record: DemoLab.OrderRecord, stage: String, to url: URL) async {
        let parcel = stage == "shipped" ? shipment(for: record) : nil
        var events = [LabGelatoCallback.statusUpdated(record, stage: stage, parcel: parcel)]
        if let parcel {
            events += record.lines.indices.map { LabGelatoCallback.trackingUpdated(record, line: $0, parcel: parcel) }
        }
        for event in events { await post(event, to: url) }
    }

    /// Posts `callback` (twice under the duplicate-callbacks fault).
    private func post(_ callback: some Encodable, to url: URL) async {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let body = try? encoder.encode(callback) else { return }
        let copies = state.controls.faults.withLock { $0.duplicateCallbacks } ? 2 : 1
        for _ in 0..<copies { await deliver(body, to: url) }
    }

    /// The demo parcel of `record`: carrier `DemoPost`, tracking number `DP` + the order's number,
    /// and a tracking page on the lab itself (`GET /tracking/{number}`).
    func shipment(for record: DemoLab.OrderRecord) -> LabCallback.Shipment {
        let number = "DP" + record.id.filter(\.isNumber).leftPadded(to: 9)
        let base = state.baseURL.withLock { $0 } ?? "http://127.0.0.1"
        return .init(carrier: .init(name: "DemoPost", service: "Tracked"), tracking: .init(number: number, url: "\(base)/tracking/\(number)"))
    }

    private func deliver(_ body: Data, to url: URL) async {
        for attempt in 1...state.configuration.callbackAttempts {
            if attempt > 1 {
                do { try await state.pause(state.configuration.retryDelay) } catch { return }
            }
            var request = HTTPRequest(url: url, method: "POST", body: body, options: state.options)
            request.setHeader("Content-Type", "application/json")
            request.setHeader("Webhook-Signature", Self.signature(body, secret: state.configuration.callbackSecret))
            do {
                _ = try await state.client.send(request)
                state.controls.record { $0.callbacksDelivered += 1 }
                return
            } catch {
                state.controls.record { $0.callbacksFailed += 1 }
                if (error as? PhotoSourceError)?.code == .cancelled { return }
            }
        }
    }

    /// `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.
    static func signature(_ body: Data, secret: String, at date: Date = Date()) -> String {
        let timestamp = Int64(date.timeIntervalSince1970.rounded(.down))
        var message = Data("\(timestamp).".utf8)
        message.append(body)
        let mac = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Data(secret.utf8)))
        return "t=\(timestamp),v1=" + mac.map { String(format: "%02x", $0) }.joined()
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
