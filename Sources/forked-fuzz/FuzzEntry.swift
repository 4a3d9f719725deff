import Foundation

#if FUZZING
/// libFuzzer's driver, from its `fuzzer_no_main` runtime (`Scripts/fuzz.sh` links it and builds
/// with coverage and AddressSanitizer): the package's other executables keep their own `main`,
/// which libFuzzer's own `main` would collide with.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
struct FuzzWireInput {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv) { start, count in
            guard let start else { return 0 }
            FuzzInput.run(Data(bytes: start, count: count))
            return 0
        })
    }
}
#else
/// Without libFuzzer: runs the inputs named on the command line (files, or directories of
/// them, such as a fuzz corpus or the crash files libFuzzer writes) through the same decoders,
/// so that a finding can be replayed in an ordinary build. `--write-seeds DIR` writes valid
/// inputs for each decoder there, for a fuzzer to start from.
@main
struct ReplayFuzzInputs {
    static func main() throws {
        var arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "--write-seeds", let directory = arguments.dropFirst().first {
            let url = URL(fileURLWithPath: directory, isDirectory: true)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for (index, seed) in try FuzzInput.seeds().enumerated() {
                try seed.write(to: url.appendingPathComponent("seed-\(index)"))
            }
            return
        }
        var files = 0
        for argument in arguments {
            let url = URL(fileURLWithPath: argument)
            let listed = (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? [url]
            for file in listed {
                FuzzInput.run(try Data(contentsOf: file))
                files += 1
            }
        }
        print("forked-fuzz: \(files) inputs decoded without a trap")
    }
}
#endif
