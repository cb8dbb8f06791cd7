import Testing
@testable import photosource
