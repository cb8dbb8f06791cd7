import ArgumentParser

/// `photosource`: browse photo sources interactively, or list and inspect them from scripts.
@main
struct Root: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photosource",
        abstract: "Browse photo sources, and list or inspect their items from scripts.",
        discussion: """
            SOURCE is one of:
              demo          the demo library that ships with photosource
              local:PATH    a folder: subfolders are albums, JPEG and PNG files photos
              cloud:URL     a photo cloud like the one photosource demo-cloud runs
              urls:FILE     a list of photo URLs and file paths, one per line
            Only public addresses are contacted, plus the origin of a cloud:URL and the origins \
            given with --allow-origin or PHOTOSOURCE_ALLOW_ORIGINS (comma-separated).
            """,
        version: PhotosourceVersion.current,
        subcommands: [
            Browse.self, List.self, Info.self, Get.self, Fetch.self, Check.self, MakeThumbnails.self, DemoCloudServer.self, DemoLabServer.self,
            DemoEditorServer.self, DemoUploadsServer.self,
            Serve.self, CatalogCommand.self,
        ])
}
