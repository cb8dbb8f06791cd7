import Testing
@testable import SampleSources
