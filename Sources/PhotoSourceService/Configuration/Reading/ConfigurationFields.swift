/// The fields of one JSON object of the configuration, read so that a bad value does not hide the
/// next one: with a ``ConfigurationProblemLog`` in the decoder (as `load` decodes), a missing,
/// mistyped or unknown field is logged with its JSON path and reading goes on (a default or a
/// placeholder stands in, and `load` fails at the end with every problem); without one, a bad
/// value throws as `Decodable` always does.
///
/// Adding a field to a settings block is one case in its `Keys` enum and one line in its
/// `init(from:)`: `retries: try fields.value(.retries, or: standard.retries)`.
struct ConfigurationFields<Key: CodingKey & CaseIterable> {
    private let container: KeyedDecodingContainer<Key>
    private let log: ConfigurationProblemLog?

    /// Reads the object `decoder` is at; with a log, a field not among `Key`'s cases is logged as
    /// unknown (a typo would otherwise be silently ignored) unless `allowingOtherFields`.
    init(_ decoder: any Decoder, allowingOtherFields: Bool = false) throws {
        container = try decoder.container(keyedBy: Key.self)
        log = decoder.configurationProblemLog
        guard let log, !allowingOtherFields else { return }
        let known = Set(Key.allCases.map(\.stringValue))
        let all = try decoder.container(keyedBy: AnyConfigurationKey.self)
        for key in all.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) where !known.contains(key.stringValue) {
            log.add("is not a field here; the fields are \(Key.allCases.map(\.stringValue).joined(separator: ", ")).", at: decoder.codingPath + [key])
        }
    }

    /// Reports a value that is read but not allowed: logged at `key`'s path, or thrown as a
    /// `DecodingError` without a log.
    func refuse(_ key: Key, _ message: String) throws {
        guard let log else { throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: message) }
        log.add(message, at: container.codingPath + [key])
    }

    /// Whether the file has `key` with a value other than `null`.
    func has(_ key: Key) -> Bool {
        container.contains(key) && ((try? container.decodeNil(forKey: key)) == false)
    }

    /// The value at `key`; `fallback` when it is absent or `null` (or, logged, of the wrong type).
    func value<T: Decodable>(_ key: Key, or fallback: @autoclosure () -> T) throws -> T {
        try optional(key) ?? fallback()
    }

    /// The value at `key`, `nil` when it is absent or `null` (or, logged, of the wrong type).
    func optional<T: Decodable>(_ key: Key, as type: T.Type = T.self) throws -> T? {
        do {
            return try container.decodeIfPresent(T.self, forKey: key)
        } catch {
            guard let log else { throw error }
            log.add(error)
            return nil
        }
    }

    /// The value at `key`, which must be there; logged, `placeholder` stands in when it is not
    /// (the load fails anyway).
    func required<T: Decodable>(_ key: Key, placeholder: @autoclosure () -> T) throws -> T {
        guard log != nil else { return try container.decode(T.self, forKey: key) }
        if !has(key) {
            log?.add("is missing.", at: container.codingPath + [key])
            return placeholder()
        }
        return try value(key, or: placeholder())
    }

    /// The list at `key`, element by element: logged, every bad element is reported, and then
    /// `nil` is returned (the field's default stands in, so the checks that follow never see a
    /// list whose later elements moved up a place and would be named at the wrong index).
    func list<T: Decodable>(_ key: Key, of type: T.Type = T.self) throws -> [T]? {
        guard let log else { return try container.decodeIfPresent([T].self, forKey: key) }
        guard has(key) else { return nil }
        do {
            let elements = try container.decode([Logged<T>].self, forKey: key).map(\.value)
            return elements.contains { $0 == nil } ? nil : elements.compactMap { $0 }
        } catch {
            log.add(error)
            return nil
        }
    }
}

/// Any key, for listing the fields an object has.
struct AnyConfigurationKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }
    init(intValue: Int) { (stringValue, self.intValue) = ("\(intValue)", intValue) }
}

/// One list element that always decodes (so a list decoder moves on to the next): its value, or
/// `nil` with the problem logged.
private struct Logged<T: Decodable>: Decodable {
    let value: T?

    init(from decoder: any Decoder) throws {
        do {
            value = try T(from: decoder)
        } catch {
            guard let log = decoder.configurationProblemLog else { throw error }
            log.add(error)
            value = nil
        }
    }
}
