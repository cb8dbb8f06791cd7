import ArgumentParser

@main
struct Root: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "photosource", abstract: "Browse photo sources.")
}
