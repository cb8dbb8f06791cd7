import PhotoSourceKit

/// Paints the picture of one demo photo: a scene for its theme, then its caption and size.
///
/// Every choice comes from a ``SeededGenerator`` seeded with the photo's path, so a photo is
/// the same pixels whenever and wherever it is painted.
enum DemoPainter {
    /// The picture of `photo` as displayed (upright).
    static func paint(_ photo: DemoPhoto) -> DemoCanvas {
        var random = SeededGenerator(text: photo.path)
        var canvas = DemoCanvas(width: photo.size.width, height: photo.size.height, alpha: photo.hasAlpha)
        let hue = random.int(in: 0...5)
        switch photo.theme {
        case .city: paintCity(&canvas, &random, hue: hue)
        case .sea: paintSea(&canvas, &random, hue: hue)
        case .mountains: paintMountains(&canvas, &random, hue: hue)
        case .forest: paintForest(&canvas, &random)
        case .portrait: paintPortrait(&canvas, &random, hue: hue)
        case .party: paintParty(&canvas, &random, hue: hue)
        case .sticker: paintSticker(&canvas, &random, hue: hue)
        case .chart: paintChart(&canvas, &random, hue: hue)
        case .scan: paintScan(&canvas, label: photo.label)
        }
        drawCaption(&canvas, photo: photo)
        return canvas
    }

    static let palette: [DemoColor] = [
        DemoColor(red: 231, green: 76, blue: 60), DemoColor(red: 241, green: 196, blue: 15),
        DemoColor(red: 46, green: 204, blue: 113), DemoColor(red: 52, green: 152, blue: 219),
        DemoColor(red: 155, green: 89, blue: 182), DemoColor(red: 230, green: 126, blue: 34),
    ]
    static let white = DemoColor(red: 255, green: 255, blue: 255)
    static let black = DemoColor(red: 0, green: 0, blue: 0)

    private static func sky(_ canvas: inout DemoCanvas, hue: Int, to horizon: Int) {
        let skies = [(DemoColor(red: 30, green: 90, blue: 180), DemoColor(red: 170, green: 210, blue: 240)),
                     (DemoColor(red: 250, green: 120, blue: 60), DemoColor(red: 255, green: 220, blue: 150)),
                     (DemoColor(red: 20, green: 24, blue: 70), DemoColor(red: 120, green: 80, blue: 160))]
        let (top, bottom) = skies[hue % skies.count]
        canvas.fillVerticalGradient(top: top, bottom: bottom, rows: 0..<max(1, horizon))
    }

    private static func paintCity(_ canvas: inout DemoCanvas, _ random: inout SeededGenerator, hue: Int) {
        let (w, h) = (canvas.width, canvas.height), ground = h * 4 / 5
        sky(&canvas, hue: hue, to: ground)
        canvas.fillCircle(centerX: w * random.int(in: 15...85) / 100, centerY: h / 5, radius: h / 12, DemoColor(red: 255, green: 236, blue: 140))
        canvas.fillRect(x: 0, y: ground, width: w, height: h - ground, DemoColor(red: 70, green: 70, blue: 78))
        var x = -random.int(in: 0...(w / 20))
        while x < w {
            let width = w * random.int(in: 6...14) / 100, top = ground - h * random.int(in: 20...65) / 100
            let wall = palette[random.int(in: 0...5)].mixed(with: DemoColor(red: 90, green: 90, blue: 100), 0.6)
            canvas.fillRect(x: x, y: top, width: width - max(1, w / 200), height: ground - top, wall)
            let window = max(2, width / 8)
            for row in stride(from: top + window, to: ground - window, by: window * 3) {
                for column in stride(from: x + window, to: x + width - 2 * window, by: window * 2) {
                    canvas.fillRect(x: column, y: row, width: window, height: window * 3 / 2, DemoColor(red: 255, green: 230, blue: 150))
                }
            }
            x += width
        }
    }

    private static func paintSea(_ canvas: inout DemoCanvas, _ random: inout SeededGenerator, hue: Int) {
        let (w, h) = (canvas.width, canvas.height), horizon = h * random.int(in: 40...60) / 100
        sky(&canvas, hue: hue, to: horizon)
        canvas.fillCircle(centerX: w * random.int(in: 20...80) / 100, centerY: horizon - h / 10, radius: h / 10, DemoColor(red: 255, green: 240, blue: 180))
        canvas.fillVerticalGradient(top: DemoColor(red: 20, green: 110, blue: 160), bottom: DemoColor(red: 5, green: 40, blue: 80), rows: horizon..<h)
        for _ in 0..<12 {
            let y = random.int(in: horizon...(h - 1)), length = w * random.int(in: 5...20) / 100
            canvas.fillRect(x: random.int(in: 0...w), y: y, width: length, height: max(1, h / 150), white.withAlpha(120))
        }
        let boatX = w * random.int(in: 20...70) / 100, boatY = horizon + (h - horizon) / 3, size = h / 8
        canvas.fillTriangle((boatX, boatY), (boatX + size, boatY), (boatX + size / 2, boatY - size * 3 / 2), white)
        canvas.fillRect(x: boatX - size / 4, y: boatY, width: size * 3 / 2, height: size / 3, DemoColor(red: 120, green: 60, blue: 30))
    }

    private static func paintMountains(_ canvas: inout DemoCanvas, _ random: inout SeededGenerator, hue: Int) {
        let (w, h) = (canvas.width, canvas.height), base = h * 3 / 4
        sky(&canvas, hue: hue, to: base)
        for index in 0..<4 {
            let peakX = w * random.int(in: 0...100) / 100, peakY = h * random.int(in: 15...45) / 100
            let spread = w * random.int(in: 30...55) / 100
            let rock = DemoColor(red: 80, green: 85, blue: 100).mixed(with: DemoColor(red: 40, green: 45, blue: 60), Double(index) / 4)
            canvas.fillTriangle((peakX - spread, base), (peakX + spread, base), (peakX, peakY), rock)
            let cap = (base - peakY) / 4
            canvas.fillTriangle((peakX - spread * cap / (base - peakY), peakY + cap), (peakX + spread * cap / (base - peakY), peakY + cap), (peakX, peakY), white)
        }
        canvas.fillVerticalGradient(top: DemoColor(red: 90, green: 140, blue: 70), bottom: DemoColor(red: 40, green: 80, blue: 40), rows: base..<h)
    }

    private static func paintForest(_ canvas: inout DemoCanvas, _ random: inout SeededGenerator) {
        let (w, h) = (canvas.width, canvas.height), ground = h * 2 / 3
        sky(&canvas, hue: 0, to: ground)
        canvas.fillVerticalGradient(top: DemoColor(red: 70, green: 150, blue: 60), bottom: DemoColor(red: 30, green: 90, blue: 30), rows: ground..<h)
        for _ in 0..<14 {
            let x = random.int(in: 0...w), foot = random.int(in: ground...(h - 1)), height = h * random.int(in: 20...40) / 100
            let green = DemoColor(red: 20, green: UInt8(random.int(in: 90...150)), blue: 40)
            canvas.fillRect(x: x - height / 20, y: foot - height / 5, width: height / 10, height: height / 5, DemoColor(red: 100, green: 60, blue: 30))
            canvas.fillTriangle((x - height / 3, foot - height / 5), (x + height / 3, foot - height / 5), (x, foot - height), green)
        }
    }

    private static func paintPortrait(_ canvas: inout DemoCanvas, _ random: inout SeededGenerator, hue: Int) {
        let (w, h) = (canvas.width, canvas.height)
        canvas.fillVerticalGradient(top: palette[hue].mixed(with: white, 0.6), bottom: palette[hue].mixed(with: black, 0.3))
        let skin = [DemoColor(red: 240, green: 200, blue: 170), DemoColor(red: 200, green: 150, blue: 110), DemoColor(red: 120, green: 80, blue: 55)][random.int(in: 0...2)]
        let head = min(w, h) / 6
        canvas.fillCircle(centerX: w / 2, centerY: h / 2 + head * 3, radius: w * 2 / 5, palette[(hue + 3) % 6])
        canvas.fillCircle(centerX: w / 2, centerY: h / 2 - head / 2, radius: head, skin)
        canvas.fillCircle(centerX: w / 2 - head / 3, centerY: h / 2 - head * 2 / 3, radius: max(1, head / 10), black)
        canvas.fillCircle(centerX: w / 2 + head / 3, centerY: h / 2 - head * 2 / 3, radius: max(1, head / 10), black)
        canvas.fillRect(x: w / 2 - head / 3, y: h / 2 - head / 8, width: head * 2 / 3, height: max(1, head / 12), DemoColor(red: 150, green: 50, blue: 50))
    }

    private static func paintParty(_ canvas: inout DemoCanvas, _ random: inout SeededGenerator, hue: Int) {
        let (w, h) = (canvas.width, canvas.height)
        canvas.fillVerticalGradient(top: palette[hue].mixed(with: white, 0.7), bottom: palette[(hue + 2) % 6].mixed(with: white, 0.4))
        for _ in 0..<16 {
            let x = random.int(in: 0...w), y = random.int(in: 0...(h * 3 / 4)), radius = min(w, h) * random.int(in: 4...9) / 100
            canvas.fillRect(x: x, y: y + radius, width: max(1, radius / 20), height: h / 3, DemoColor(red: 90, green: 90, blue: 90))
            canvas.fillCircle(centerX: x, centerY: y, radius: radius, palette[random.int(in: 0...5)])
            canvas.fillCircle(centerX: x - radius / 3, centerY: y - radius / 3, radius: radius / 5, white.withAlpha(160))
        }
    }

    private static func paintSticker(_ canvas: inout DemoCanvas, _ random: inout SeededGenerator, hue: Int) {
        let (w, h) = (canvas.width, canvas.height), radius = min(w, h) * 2 / 5
        canvas.fillCircle(centerX: w / 2 + radius / 12, centerY: h / 2 + radius / 12, radius: radius, black.withAlpha(90))
        canvas.fillCircle(centerX: w / 2, centerY: h / 2, radius: radius, palette[hue])
        canvas.fillCircle(centerX: w / 2, centerY: h / 2, radius: radius * 3 / 4, white)
        let star = radius / 2
        canvas.fillTriangle((w / 2 - star, h / 2 + star / 3), (w / 2 + star, h / 2 + star / 3), (w / 2, h / 2 - star), palette[(hue + random.int(in: 1...5)) % 6])
        canvas.fillTriangle((w / 2 - star, h / 2 - star / 3), (w / 2 + star, h / 2 - star / 3), (w / 2, h / 2 + star), palette[(hue + 3) % 6].withAlpha(200))
    }

    private static func paintChart(_ canvas: inout DemoCanvas, _ random: inout SeededGenerator, hue: Int) {
        let (w, h) = (canvas.width, canvas.height), bars = 6
        canvas.fillRect(x: 0, y: 0, width: w, height: h, white)
        let slot = w * 8 / 10 / bars, floor = h * 4 / 5
        canvas.fillRect(x: w / 10, y: floor, width: w * 8 / 10, height: max(1, h / 200), black)
        for bar in 0..<bars {
            let top = floor - (floor - h / 6) * random.int(in: 20...100) / 100
            canvas.fillRect(x: w / 10 + bar * slot + slot / 6, y: top, width: slot * 2 / 3, height: floor - top, palette[(hue + bar) % 6])
        }
    }

    private static func paintScan(_ canvas: inout DemoCanvas, label: String) {
        let (w, h) = (canvas.width, canvas.height)
        let paper = DemoColor(red: 236, green: 222, blue: 190), edge = DemoColor(red: 120, green: 90, blue: 60)
        canvas.fillVerticalGradient(top: paper, bottom: paper.mixed(with: edge, 0.35))
        let border = max(2, min(w, h) / 24)
        for (x, y, width, height) in [(0, 0, w, border), (0, h - border, w, border), (0, 0, border, h), (w - border, 0, border, h)] {
            canvas.fillRect(x: x, y: y, width: width, height: height, edge)
        }
        let number = String(label.split(separator: " ").last ?? "")
        let scale = max(1, min(w / (DemoCanvas.textWidth(number, scale: 1) + 4), h / 16))
        canvas.drawText(number, x: (w - DemoCanvas.textWidth(number, scale: scale)) / 2, y: (h - 7 * scale) / 3, scale: scale, edge)
    }

    /// The caption (label, then "W x H") on a dark band at the bottom left.
    private static func drawCaption(_ canvas: inout DemoCanvas, photo: DemoPhoto) {
        let scale = max(1, min(canvas.width, canvas.height) / 110)
        let lines = [photo.label, "\(photo.size.width)x\(photo.size.height)"]
        let textWidth = lines.map { DemoCanvas.textWidth($0, scale: scale) }.max() ?? 0
        let lineHeight = 9 * scale, margin = 2 * scale
        let top = canvas.height - lines.count * lineHeight - 3 * margin
        canvas.fillRect(x: margin, y: top, width: textWidth + 2 * margin, height: lines.count * lineHeight + margin, black.withAlpha(150))
        for (index, line) in lines.enumerated() {
            canvas.drawText(line, x: 2 * margin, y: top + margin + index * lineHeight, scale: scale, white)
        }
    }
}
