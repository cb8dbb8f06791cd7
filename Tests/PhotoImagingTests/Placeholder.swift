import Testing
@testable import PhotoImaging
