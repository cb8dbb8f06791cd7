/// `GET /v1/orders/{id}` as the REPL reads it: where the order stands, each line, each destination.
struct OrderSnapshot: Decodable, Sendable, Equatable {
    /// One photo of the order.
    struct Line: Decodable, Sendable, Equatable {
        struct Fitness: Decodable, Sendable, Equatable {
            let dpi: Int
            let verdict: String
        }

        let index: Int
        let itemId: String
        let product: String
        /// `pending`, `materialised` or `failed`.
        let state: String
        let errorCode: String?
        let message: String?
        let warnings: [String]
        let fileName: String?
        let byteCount: Int64?
        let md5: String?
        let pixelWidth: Int?
        let pixelHeight: Int?
        let fitness: Fitness?
    }

    /// One destination of the order.
    struct Destination: Decodable, Sendable, Equatable {
        let id: String
        let kind: String
        /// `pending`, `delivering`, `accepted`, `delivered`, `partiallyDelivered`, `failed`, `cancelled`.
        let state: String
        /// A print lab's last reported stage: `received`, `downloaded`, `printed`, `shipped`, `failed`.
        let stage: String?
        let externalId: String?
        let errorCode: String?
        let message: String?
        /// The parcel's carrier, tracking number and tracking page, once the lab has shipped.
        var tracking: Tracking? = nil
    }

    /// How a shipped parcel can be followed (`destinations[].tracking`); any field may be missing.
    struct Tracking: Decodable, Sendable, Equatable {
        var carrier: String?
        var number: String?
        var url: String?
    }

    let id: String
    let reference: String
    let product: String
    let status: String
    let items: [Line]
    let destinations: [Destination]

    /// The stages a print lab reports, in order.
    static let labStages = ["received", "downloaded", "printed", "shipped"]

    /// Whether nothing more will happen to the order.
    var isFinal: Bool { ["delivered", "partiallyDelivered", "failed", "cancelled"].contains(status) }

    /// Whether there is nothing more to follow: the order is final and every print lab that
    /// took it has shipped it or failed (a lab keeps reporting after the order is delivered).
    var isSettled: Bool {
        guard isFinal else { return false }
        return destinations.allSatisfy { destination in
            destination.kind != "printLab" || ["failed", "cancelled"].contains(destination.state)
                || destination.stage == "shipped" || destination.stage == "failed"
        }
    }
}
