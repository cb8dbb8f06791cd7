import PhotoImaging
import PhotoSourceKit

/// What the demo library contains: about 150 photos in albums up to three levels deep, plus one
/// album of 2,000 small scans to show paging. Everything is a pure function of this table.
enum DemoPlan {
    /// The album that shows paging.
    static let bigAlbum = "Archive/Scans"
    /// How many photos the big album has.
    static let bigAlbumCount = 2_000

    private struct Album {
        var path: String
        var theme: DemoPhoto.Theme
        var count: Int
    }

    private static let albums: [Album] = [
        Album(path: "Travel/Italy/Rome", theme: .city, count: 8),
        Album(path: "Travel/Italy/Venice", theme: .sea, count: 8),
        Album(path: "Travel/Italy/Florence", theme: .city, count: 6),
        Album(path: "Travel/Italy/Amalfi", theme: .sea, count: 6),
        Album(path: "Travel/Japan/Kyoto", theme: .forest, count: 8),
        Album(path: "Travel/Japan/Tokyo", theme: .city, count: 8),
        Album(path: "Travel/Japan/Osaka", theme: .city, count: 6),
        Album(path: "Travel/Iceland", theme: .mountains, count: 6),
        Album(path: "Family/2024/Summer", theme: .sea, count: 10),
        Album(path: "Family/2024/Birthday", theme: .party, count: 8),
        Album(path: "Family/2025/Winter", theme: .mountains, count: 10),
        Album(path: "Family/2025/Spring", theme: .forest, count: 8),
        Album(path: "Nature/Mountains", theme: .mountains, count: 8),
        Album(path: "Nature/Sea", theme: .sea, count: 8),
        Album(path: "Nature/Forest", theme: .forest, count: 6),
        Album(path: "Events/Wedding", theme: .party, count: 10),
        Album(path: "Portraits", theme: .portrait, count: 10),
        Album(path: "Graphics", theme: .sticker, count: 5),
        Album(path: "Graphics", theme: .chart, count: 3),
    ]

    /// Landscape sizes the ordinary photos cycle through (every fourth one is turned portrait).
    private static let sizes = [(640, 480), (800, 600), (1024, 768), (1280, 960), (1600, 1200), (1920, 1280)]

    /// Every photo, the big album last.
    static let photos: [DemoPhoto] = albumPhotos + specialPhotos + scans

    /// The ordinary photos of the albums above.
    private static let albumPhotos: [DemoPhoto] = albums.enumerated().flatMap { albumIndex, album in
        (1...album.count).map { number -> DemoPhoto in
            let name = album.theme == .chart ? "Chart" : album.theme == .sticker ? "Sticker" : lastComponent(album.path)
            let (w, h) = sizes[(number + albumIndex) % sizes.count]
            let portrait = album.theme == .portrait || number % 4 == 0
            var size = portrait ? PixelSize(width: h, height: w) : PixelSize(width: w, height: h)
            if album.theme == .sticker { size = PixelSize(width: 576 + 64 * number, height: 640) }
            let isPNG = album.theme == .sticker || album.theme == .chart
            return DemoPhoto(
                path: "\(album.path)/\(name) \(number).\(isPNG ? "png" : "jpg")",
                label: "\(name) \(number)", theme: album.theme, size: size, format: isPNG ? .png : .jpeg,
                orientation: isPNG ? .up : orientation(album: album.path, number: number),
                progressive: album.path.hasPrefix("Travel/Japan") && number % 2 == 1)
        }
    }

    /// A few large photos (up to 6000×4000), for print-size checks.
    private static let specialPhotos: [DemoPhoto] = [
        DemoPhoto(path: "Welcome.jpg", label: "Welcome", theme: .city, size: PixelSize(width: 1600, height: 1067), format: .jpeg),
        DemoPhoto(path: "Nature/Mountains/Summit.jpg", label: "Summit", theme: .mountains, size: PixelSize(width: 6000, height: 4000), format: .jpeg),
        DemoPhoto(path: "Nature/Sea/Horizon.jpg", label: "Horizon", theme: .sea, size: PixelSize(width: 4000, height: 3000), format: .jpeg),
        DemoPhoto(path: "Travel/Japan/Tokyo/Skyline.jpg", label: "Skyline", theme: .city, size: PixelSize(width: 4032, height: 3024), format: .jpeg, progressive: true),
        DemoPhoto(path: "Portraits/Tall.jpg", label: "Tall", theme: .portrait, size: PixelSize(width: 3000, height: 4000), format: .jpeg, orientation: .right),
    ]

    /// The 2,000 small scans of the big album.
    private static let scans: [DemoPhoto] = (1...bigAlbumCount).map { number in
        DemoPhoto(path: "\(bigAlbum)/Scan \(number).jpg", label: "Scan \(number)", theme: .scan, size: PixelSize(width: 320, height: 240), format: .jpeg)
    }

    /// Some portraits and family photos are stored turned, with an EXIF orientation to show them upright.
    private static func orientation(album: String, number: Int) -> ExifOrientation {
        switch (album, number) {
        case ("Portraits", 2), ("Portraits", 5), ("Portraits", 8), ("Family/2025/Winter", 4): .right
        case ("Portraits", 3): .left
        case ("Family/2024/Summer", 5): .down
        default: .up
        }
    }

    private static func lastComponent(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}
