// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

/// Swift 6 language mode everywhere, plus upcoming features that make intent explicit.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "forked-edit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Forked", targets: ["Forked"]),
        .library(name: "ForkedMerge", targets: ["ForkedMerge"]),
        .library(name: "ForkedModel", targets: ["ForkedModel"]),
        .library(name: "ForkedHistory", targets: ["ForkedHistory"]),
        .library(name: "ForkedEditCore", targets: ["ForkedEditCore"]),
        .library(name: "ForkedEditPersistence", targets: ["ForkedEditPersistence"]),
        .library(name: "ForkedPostgres", targets: ["ForkedPostgres"]),
        .library(name: "ForkedEditSync", targets: ["ForkedEditSync"]),
        .executable(name: "forked-bench", targets: ["forked-bench"]),
        .executable(name: "forked-edit", targets: ["forked-edit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // MARK: Libraries, layered Forked <- ForkedMerge <- ForkedModel
        .target(
            name: "Forked", dependencies: [.product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strictSettings
        ),
        .target(name: "ForkedMerge", dependencies: ["Forked"], swiftSettings: strictSettings),
        .macro(
            name: "ForkedModelMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ForkedModel",
            dependencies: ["Forked", "ForkedMerge", "ForkedModelMacros"],
            swiftSettings: strictSettings
        ),

        // MARK: Every version of a resource, content-addressed (shared by local history and sync)
        .target(
            name: "ForkedHistory",
            dependencies: ["Forked", "ForkedMerge", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings
        ),

        // MARK: Sync between machines through PostgreSQL. Nothing else in the libraries depends on
        // it, so the core targets and their tests never wait for postgres-nio and NIO to build.
        .target(
            name: "ForkedPostgres",
            dependencies: [
                "Forked", "ForkedModel", "ForkedHistory",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: The editor: a pure core, no terminal in it
        .target(name: "ForkedEditCore", dependencies: ["Forked", "ForkedMerge", "ForkedModel"], swiftSettings: strictSettings),

        // MARK: The editor's state on disk: repository, journals, crash recovery, sharing
        .target(
            name: "ForkedEditPersistence", dependencies: ["Forked", "ForkedMerge", "ForkedEditCore", "ForkedHistory"],
            swiftSettings: strictSettings
        ),

        // MARK: The editor's --sync: a PostgresExchange joined to an editing session
        .target(
            name: "ForkedEditSync",
            dependencies: [
                "Forked", "ForkedHistory", "ForkedEditCore", "ForkedEditPersistence", "ForkedPostgres",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: The terminal: ncurses behind the core's TerminalBackend protocol
        .systemLibrary(name: "CNcurses", pkgConfig: "ncursesw", providers: [.apt(["libncursesw5-dev"])]),
        .target(name: "CTerminalSupport"),
        .target(
            name: "ForkedEditTerminal",
            dependencies: ["ForkedEditCore", "CNcurses", "CTerminalSupport"],
            swiftSettings: strictSettings
        ),

        // MARK: Executables
        .executableTarget(
            name: "forked-bench",
            dependencies: [
                "Forked", "ForkedMerge", "ForkedEditCore", "ForkedEditPersistence", "ForkedHistory", "ForkedPostgres",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "forked-edit",
            dependencies: [
                "ForkedEditCore", "ForkedEditTerminal", "ForkedMerge", "ForkedEditPersistence", "ForkedHistory", "ForkedPostgres",
                "ForkedEditSync",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // Linked as one static executable (the Swift runtime, Foundation, ncurses, libstdc++ and
            // the C library): `forked-edit merge` runs once per file as a git merge driver, and the
            // dynamic loader's symbol lookups in the shared libraries left were a quarter of a tiny
            // merge's time (2.2 ms against 1.2 ms static). The linker warns that name lookups
            // (getaddrinfo, getpwuid) need the C library the program was built with at run time:
            // SwiftPM builds it where it runs. Compiling with the flag too makes the module name
            // every static library it needs.
            swiftSettings: strictSettings + [.unsafeFlags(["-static-executable"], .when(platforms: [.linux]))],
            linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux]))]
        ),

        // MARK: Tests mirror Sources
        // A "machine" for the multi-process sync tests, run by ForkedPostgresTests as a separate process.
        // Decodes fuzz inputs; built with libFuzzer by Scripts/fuzz.sh, plainly it replays them.
        .executableTarget(
            name: "forked-fuzz", dependencies: ["ForkedPostgres", "ForkedEditCore", "ForkedEditPersistence"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "forked-sync-agent", dependencies: ["ForkedPostgres", "Forked", "ForkedMerge", "ForkedHistory", .product(name: "Logging", package: "swift-log")],
            path: "Tests/ForkedSyncAgent", swiftSettings: strictSettings
        ),
        // Starting programs and tmux from tests, and a seeded random generator, shared by the test targets.
        .target(name: "ForkedTestSupport", path: "Tests/ForkedTestSupport", swiftSettings: strictSettings),
        .testTarget(name: "ForkedTests", dependencies: ["Forked", "ForkedTestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "ForkedMergeTests",
            dependencies: ["ForkedMerge", "ForkedTestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ForkedModelTests",
            dependencies: [
                "ForkedModel",
                "ForkedModelMacros",
                .product(name: "MacroTesting", package: "swift-macro-testing"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "ForkedHistoryTests", dependencies: ["ForkedHistory", "ForkedTestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "ForkedPostgresTests",
            dependencies: [
                "ForkedPostgres", "Forked", "ForkedMerge", "ForkedModel", "ForkedHistory", "ForkedTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "ForkedEditCoreTests", dependencies: ["ForkedEditCore", "ForkedTestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "ForkedEditPersistenceTests",
            dependencies: ["ForkedEditPersistence", "ForkedEditCore", "Forked", "ForkedHistory", "ForkedTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ForkedEditSyncTests",
            dependencies: ["ForkedEditSync", "ForkedPostgres", "ForkedEditCore"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ForkedEditTerminalTests",
            dependencies: ["ForkedEditTerminal", "ForkedEditCore", "CNcurses"],
            swiftSettings: strictSettings
        ),
        // End to end: runs the built forked-edit binary; the libraries only craft
        // state the binary reads (a history as a peer's sync would leave it).
        .testTarget(name: "forked-editTests", dependencies: ["ForkedTestSupport", "ForkedHistory", "ForkedEditCore", "ForkedEditPersistence"], swiftSettings: strictSettings),
    ]
)
