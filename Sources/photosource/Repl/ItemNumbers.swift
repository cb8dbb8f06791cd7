/// The item numbers given to `select` and `unselect`: numbers and ranges such as `1 3-5,8`.
struct ItemNumbers: Sendable, Equatable {
    /// The ranges, in the order given (a single number is a one-element range).
    let ranges: [ClosedRange<Int>]

    /// Parses words such as `["1", "3-5,8"]`; words may also be separated by commas.
    static func parse(_ words: [String], command: String) throws(ReplInputError) -> ItemNumbers {
        var ranges: [ClosedRange<Int>] = []
        for token in words.flatMap({ $0.split(separator: ",") }) {
            let bounds = token.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count), let low = Int(bounds[0]), let high = Int(bounds[bounds.count - 1]) else {
                throw ReplInputError("`\(command)` takes item numbers such as 3 or ranges such as 3-7; \"\(token)\" is neither.")
            }
            guard low >= 1 else { throw ReplInputError("Items are numbered from 1.") }
            guard low <= high else { throw ReplInputError("The range \(token) runs backwards; write \(high)-\(low).") }
            ranges.append(low...high)
        }
        guard !ranges.isEmpty else {
            throw ReplInputError("`\(command)` needs item numbers, as in `\(command) 1 3-5`.")
        }
        return ItemNumbers(ranges: ranges)
    }

    /// The numbers in order, without repeats, cut off just past `available` so that a hostile
    /// range like `1-999999999` costs nothing: the first number past the page is kept, and
    /// the browser reports it.
    func numbers(upTo available: Int) -> [Int] {
        var seen = Set<Int>()
        var numbers: [Int] = []
        for range in ranges {
            let high = max(range.lowerBound, min(range.upperBound, available + 1))
            for number in range.lowerBound...high where seen.insert(number).inserted {
                numbers.append(number)
            }
        }
        return numbers
    }
}
