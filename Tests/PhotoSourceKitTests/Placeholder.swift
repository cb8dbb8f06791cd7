import Testing
@testable import PhotoSourceKit
