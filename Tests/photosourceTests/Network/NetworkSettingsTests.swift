import Testing
@testable import photosource

@Suite("Trusted origins from --allow-origin and PHOTOSOURCE_ALLOW_ORIGINS")
struct NetworkSettingsTests {
    @Test("options come first, then the variable's comma-separated entries, trimmed, without repeats")
    func merges() {
        let origins = NetworkSettings.origins(
            options: ["http://127.0.0.1:8080"],
            environment: ["PHOTOSOURCE_ALLOW_ORIGINS": " http://10.0.0.2:80 ,, http://127.0.0.1:8080,https://lan.example"])
        #expect(origins == ["http://127.0.0.1:8080", "http://10.0.0.2:80", "https://lan.example"])
    }

    @Test("no options and no variable trust nothing extra")
    func empty() {
        #expect(NetworkSettings.origins(options: [], environment: [:]).isEmpty)
    }
}
