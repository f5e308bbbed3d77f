// swift-tools-version:6.0
import PackageDescription

// Module graph (see docs/DESIGN.md):
//   TesseraCore  <- TesseraCairo <- TesseraX11 <- tessera
//   TesseraCore  <- TesseraStore (the collection in SQLite; CSQLite) <- TesseraApp (app controller,
//                   start-up and saving policy, JSON files; no X11) <- tessera
//   TesseraCore <- TesseraAccessibility (the tree on the AT-SPI bus: dlopens libTesseraA11y.so,
//                   the CA11yBridge C target built against ATK) <- tessera
//   TesseraDesktop (XSETTINGS parsed and checked; pure, fed bytes by the shell) <- tessera
//   TesseraCore <- TesseraPortal (the desktop portal's appearance: dlopens libTesseraPortal.so, the
//                   CPortalBridge C target built against GIO) <- tessera
//   TesseraCore <- TesseraCairo <- TesseraFiles (pictures, thumbnails, type icons, opening: dlopens
//                   libTesseraFiles.so, the CFilesBridge C target built against gdk-pixbuf, librsvg, GIO) <- tessera
//   TesseraCore is pure Swift: no platform, no clock, no C libraries.
let package = Package(
    name: "Tessera",
    products: [
        .library(name: "TesseraCore", targets: ["TesseraCore"]),
        .executable(name: "tessera", targets: ["tessera"]),
        // The accessibility bridge, loaded by the app with dlopen only when an accessibility bus
        // is there: a start without one loads none of ATK, GObject or D-Bus.
        .library(name: "TesseraA11y", type: .dynamic, targets: ["CA11yBridge"]),
        // The desktop portal's client (GIO's GDBus), loaded the same way once a frame is shown and
        // only when a session bus is there: a start without one loads no GIO.
        .library(name: "TesseraPortal", type: .dynamic, targets: ["CPortalBridge"]),
        // The files helper (gdk-pixbuf, librsvg, GIO): pictures, thumbnails, type icons, opening.
        // Loaded the first time a tile made from a file is drawn or opened.
        .library(name: "TesseraFiles", type: .dynamic, targets: ["CFilesBridge"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        // Tests only: readable diffs of whole engine states (`expectNoDifference`).
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.0"),
        // Its issue reporting, routed into Swift Testing (custom-dump's failures are test failures).
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.0"),
    ],
    targets: [
        .systemLibrary(name: "CX11", path: "Sources/CX11", pkgConfig: "x11",
                       providers: [.apt(["libx11-dev", "libxext-dev"])]),
        // XTest and XFixes (reading the pointer's cursor back), for the end-to-end tests only: the
        // app does not load them.
        .systemLibrary(name: "CXTest", path: "Sources/CXTest", pkgConfig: "xtst",
                       providers: [.apt(["libxtst-dev", "libxfixes-dev"])]),
        .systemLibrary(name: "CXcursor", path: "Sources/CXcursor", pkgConfig: "xcursor",
                       providers: [.apt(["libxcursor-dev"])]),
        // RandR: the refresh rate of the monitor showing the window (frames are paced at it).
        .systemLibrary(name: "CXrandr", path: "Sources/CXrandr", pkgConfig: "xrandr",
                       providers: [.apt(["libxrandr-dev"])]),
        // XInput 2.2: touchpads' and fine wheels' scroll valuators, touchscreens, device hotplug.
        .systemLibrary(name: "CXi", path: "Sources/CXi", pkgConfig: "xi",
                       providers: [.apt(["libxi-dev"])]),
        // pixman (Cairo links it): frames converted to a visual Cairo does not paint (depth 16, 30).
        .systemLibrary(name: "CPixman", path: "Sources/CPixman", pkgConfig: "pixman-1",
                       providers: [.apt(["libpixman-1-dev"])]),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", path: "Sources/CPango", pkgConfig: "pangocairo",
                       providers: [.apt(["libpango1.0-dev"])]),
        // Only to find a face's file (to read it ahead): Pango loads fontconfig in any case.
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CAtk", path: "Sources/CAtk", pkgConfig: "atk-bridge-2.0",
                       providers: [.apt(["libatk1.0-dev", "libatk-bridge2.0-dev"])]),
        .systemLibrary(name: "CA11yAPI", path: "Sources/CA11yAPI"),
        .systemLibrary(name: "CGio", path: "Sources/CGio", pkgConfig: "gio-2.0",
                       providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CPortalAPI", path: "Sources/CPortalAPI"),
        .systemLibrary(name: "CGdkPixbuf", path: "Sources/CGdkPixbuf", pkgConfig: "librsvg-2.0",
                       providers: [.apt(["libgdk-pixbuf-2.0-dev", "librsvg2-dev"])]),
        .systemLibrary(name: "CFilesAPI", path: "Sources/CFilesAPI"),
        .target(name: "CFilesBridge", dependencies: ["CGdkPixbuf"]),
        // The app's half of the files service: the worker, the thumbnail cache, the icon theme.
        .target(name: "TesseraFiles", dependencies: ["TesseraCore", "TesseraCairo", "TesseraDesktop", "TesseraPlugins",
                                                     "CFilesAPI", "CCairo"]),
        .target(name: "CPortalBridge", dependencies: ["CGio"]),
        // The app's half of the portal client: loads libTesseraPortal.so (CPortalBridge) with dlopen.
        .target(name: "TesseraPortal", dependencies: ["TesseraCore", "CPortalAPI", "TesseraPlugins"]),
        // Finding and opening those dlopen'd libraries, for both.
        .target(name: "TesseraPlugins"),
        .target(name: "CA11yBridge", dependencies: ["CAtk"]),
        .target(name: "TesseraCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        .target(name: "TesseraCairo", dependencies: ["TesseraCore", "CCairo", "CPango", "CPixman", "CFontconfig", "CBilinear"]),
        // A turned image blended into a frame (pixman's pixels, a faster loop): see RotatedBlit.swift.
        .target(name: "CBilinear"),
        // XInput 2 read and translated (devices, scroll valuators, touches), apart from the shell.
        .target(name: "TesseraXInput", dependencies: ["TesseraCore", "CX11", "CXi"]),
        .target(name: "TesseraX11", dependencies: ["TesseraCore", "TesseraCairo", "TesseraXInput", "CX11", "CXcursor", "CXrandr", "CCairo",
                                                  "CPixman"]),
        .target(name: "TesseraStore", dependencies: ["TesseraCore", "CSQLite"]),
        .target(name: "TesseraApp", dependencies: ["TesseraCore", "TesseraStore"]),
        // What the desktop says (XSETTINGS parsed, checked): pure Swift, fed bytes by the shell.
        .target(name: "TesseraDesktop"),
        // The app's half of the accessibility bridge: loads libTesseraA11y.so (CA11yBridge) with dlopen.
        .target(name: "TesseraAccessibility", dependencies: ["TesseraCore", "CA11yAPI", "TesseraPlugins"]),
        .executableTarget(name: "tessera", dependencies: [
            "TesseraCore", "TesseraCairo", "TesseraX11", "TesseraStore", "TesseraApp", "TesseraAccessibility", "TesseraDesktop",
            "TesseraPortal", "TesseraPlugins", "TesseraFiles",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "TesseraTestSupport", path: "Tests/Support"),
        .testTarget(name: "TesseraCoreTests", dependencies: [
            "TesseraCore", .product(name: "CustomDump", package: "swift-custom-dump"),
            .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        ]),
        .testTarget(name: "TesseraPortalTests", dependencies: ["TesseraPortal", "TesseraCore", "CPortalBridge", "CGio"]),
        .testTarget(name: "TesseraDesktopTests", dependencies: ["TesseraDesktop"], exclude: ["xsettingsd.conf"]),
        .testTarget(name: "TesseraFilesTests", dependencies: ["TesseraTestSupport", "TesseraFiles", "TesseraCore", "TesseraDesktop", "CCairo"]),
        .testTarget(name: "TesseraStoreTests", dependencies: ["TesseraTestSupport", "TesseraStore", "TesseraCore", "CSQLite"]),
        .testTarget(name: "TesseraAppTests", dependencies: ["TesseraTestSupport", "TesseraApp", "TesseraStore", "TesseraCore"]),
        .testTarget(name: "TesseraCairoTests", dependencies: ["TesseraTestSupport", "TesseraCore", "TesseraCairo", "CCairo", "CPixman", "CBilinear"]),
        .testTarget(name: "TesseraX11Tests", dependencies: ["TesseraX11", "TesseraXInput", "TesseraCore", "TesseraCairo", "CX11", "CXi", "CPixman"]),
        .testTarget(name: "TesseraXInputTests", dependencies: ["TesseraXInput", "TesseraCore", "CX11", "CXi"]),
        .testTarget(name: "TesseraEndToEndTests", dependencies: ["TesseraCore", "TesseraStore", "CX11", "CXTest"],
                    exclude: ["Scripts"]),
    ]
)
