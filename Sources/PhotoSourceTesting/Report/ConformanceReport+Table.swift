extension ConformanceReport {
    /// The rows of the table: check name, status, message (for front ends that lay out their own).
    public var rows: [[String]] {
        results.map { [$0.name, $0.status.rawValue, $0.message] }
    }

    /// The results as an aligned plain-text table with a header, one check per line.
    public var table: String {
        let header = ["check", "status", "details"]
        let all = [header] + rows
        let nameWidth = all.map { $0[0].count }.max() ?? 0
        let statusWidth = all.map { $0[1].count }.max() ?? 0
        return all.map { row in
            pad(row[0], nameWidth) + "  " + pad(row[1], statusWidth) + "  " + row[2]
        }.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
