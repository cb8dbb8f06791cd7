public import Foundation
public import PhotoSourceKit

/// Turns encoded bytes into a thumbnail: sniff, check limits, decode (shrink-on-load), orient,
/// resample, encode. Synchronous and CPU-heavy: callers run it on the decode pool.
///
/// PLACEHOLDER: the imaging work replaces this body.
public enum ThumbnailRenderer {
    /// Renders `data` as described by `spec`, within `limits`.
    public static func render(_ data: Data, spec: ThumbnailSpec, limits: ImageLimits = .default) throws -> Thumbnail {
        throw PhotoSourceError(.unsupportedFormat, "Thumbnail rendering is not implemented yet.")
    }
}
