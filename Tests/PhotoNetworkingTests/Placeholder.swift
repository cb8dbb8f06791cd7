import Testing
@testable import PhotoNetworking
