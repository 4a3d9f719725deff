#!/usr/bin/env bash
# Fuzzes every decoder that reads what another login can send a `--sync` device (announcements,
# presence notes, commit rows, carried and stored deltas, the editor's presence and document
# deltas) with libFuzzer, for SECONDS (default 60). Not part of `swift test`.
#
#   bash Scripts/fuzz.sh 1800          # thirty minutes
#   .build/debug/forked-fuzz FILE...   # replay an input (a finding) in an ordinary build
#
# Builds `forked-fuzz` for libFuzzer in .build/fuzz (apart from the usual build: every module is
# instrumented), starts from seeds the encoders make, keeps its corpus in
# .build/fuzz/corpus and writes findings (crashing inputs) to .build/fuzz/findings/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
scratch=.build/fuzz
# Coverage and AddressSanitizer in every Swift module; libFuzzer's driver without its `main`
# (the macro plugin and the fuzz target have their own), from the toolchain's clang runtime.
runtime=$(find "$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib" -name 'libclang_rt.fuzzer_no_main-x86_64.a' | head -1)
[ -n "$runtime" ] || { echo "fuzz: this toolchain has no libclang_rt.fuzzer_no_main" >&2; exit 2; }
swift build -c release --scratch-path "$scratch" --product forked-fuzz \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
    -Xswiftc -DFUZZING -Xlinker "$runtime" -Xlinker -lstdc++
swift build --product forked-fuzz
mkdir -p "$scratch/corpus" "$scratch/findings" "$scratch/seeds"
.build/debug/forked-fuzz --write-seeds "$scratch/seeds"
# A crash must end the run with its input written, not wait for a key in the backtracer.
export SWIFT_BACKTRACE=enable=no
status=0
# Leak detection is off: at exit LeakSanitizer counts Swift's lazily made globals (a static key,
# runtime caches) as leaks. What an input makes the decoders hold is bounded by -rss_limit_mb.
export ASAN_OPTIONS=detect_leaks=0
"$scratch/release/forked-fuzz" -max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
    -print_final_stats=1 -artifact_prefix="$scratch/findings/" "$scratch/corpus" "$scratch/seeds" || status=$?
findings=$(find "$scratch/findings" -type f | wc -l)
echo "fuzz: ${seconds} s, exit ${status}, ${findings} finding(s) in $scratch/findings"
exit "$status"
