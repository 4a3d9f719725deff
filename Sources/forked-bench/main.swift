import Foundation

// forked-bench: times TextMerger against `git merge-file -p` on generated texts, then replays
// real merges from the editing-traces corpus when it is present, and times editor keystrokes
// headlessly. Further rows plug in as more producers of `BenchmarkRow`s.

if CommandLine.arguments.dropFirst().first == "sync-member" {
    do {
        try await SyncCrowdMember(arguments: CommandLine.arguments.dropFirst(2)).run()
        exit(0)
    } catch {
        print("forked-bench sync-member: \(error)")
        exit(1)
    }
}

let options: BenchmarkOptions
do {
    options = try BenchmarkOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    print(error)
    exit(2)
}

do {
    if options.syncOnly {
        guard let url = options.syncURL else {
            print("forked-bench: --sync-only needs --sync postgres://… (or FORKED_BENCH_SYNC)")
            exit(2)
        }
        try await SyncBenchmarks.print(url: url, devices: options.syncDevices)
        exit(0)
    }
    if options.persistenceOnly {
        print(ResultTable.render(try PersistenceBenchmark(options: options).run(), title: PersistenceBenchmark.title))
        exit(0)
    }
    if options.historyOnly {
        let rows = try HistoryBenchmark(options: options).run()
        guard !rows.isEmpty else {
            print("forked-bench: the editing traces (shared/corpus/traces/automerge-paper.json.gz) were not found")
            exit(2)
        }
        print(ResultTable.render(rows, title: HistoryBenchmark.title))
        print(TraceReplayBenchmark.attribution)
        exit(0)
    }
    if options.editorOnly {
        print(ResultTable.render(try EditorKeystrokeBenchmark(options: options).run(), title: EditorKeystrokeBenchmark.title,
                                 referenceHeader: EditorKeystrokeBenchmark.referenceHeader))
        exit(0)
    }
    if let files = options.files {
        let input = try MergeInput(
            ancestor: Array(Data(contentsOf: URL(fileURLWithPath: files.ancestor))),
            dominant: Array(Data(contentsOf: URL(fileURLWithPath: files.dominant))),
            subordinate: Array(Data(contentsOf: URL(fileURLWithPath: files.subordinate))),
            label: "files"
        )
        print(ResultTable.render(try input.measure(runs: options.runs), title: "Three-way merge of the given files, median of \(options.runs) runs"))
    } else {
        let synthetic = try SyntheticMergeBenchmark(options: options).run()
        print(ResultTable.render(
            synthetic,
            title: "Three-way text merge, edit every ~\(TextGenerator.editSpacing) chars per side, median of \(options.runs) runs"
        ))
        print("")
        print(ResultTable.render(
            try WorstCaseMergeBenchmark(runs: options.runs).run(),
            title: "Worst-case edit patterns against git merge-file, median of \(options.runs) runs"
        ))
    }
    let replay = options.replayTraces ? try TraceReplayBenchmark(options: options).run() : []
    if !replay.isEmpty {
        print("")
        print(ResultTable.render(replay, title: "Real merges from editing traces (all triples per file), median of \(options.runs) runs"))
        print(TraceReplayBenchmark.attribution)
    }
    if options.persistence, options.files == nil {
        print("")
        print(ResultTable.render(try PersistenceBenchmark(options: options).run(), title: PersistenceBenchmark.title))
    }
    if options.history, options.files == nil {
        let rows = try HistoryBenchmark(options: options).run()
        if !rows.isEmpty {
            print("")
            print(ResultTable.render(rows, title: HistoryBenchmark.title))
        }
    }
    if options.editor, options.files == nil {
        print("")
        print(ResultTable.render(try EditorKeystrokeBenchmark(options: options).run(), title: EditorKeystrokeBenchmark.title,
                                 referenceHeader: EditorKeystrokeBenchmark.referenceHeader))
    }
    if options.files == nil {
        print("")
        if let url = options.syncURL {
            try await SyncBenchmarks.print(url: url, devices: options.syncDevices)
        } else {
            print("Sync: not measured (give a PostgreSQL server with --sync postgres://user:password@host:port/db)")
        }
    }
} catch {
    print("forked-bench failed: \(error)")
    exit(1)
}
