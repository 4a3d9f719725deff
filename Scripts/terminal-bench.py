#!/usr/bin/env python3
"""What a person at a terminal sees: forked-edit against nano on the same files, in one run.

Each editor runs in a pseudo-terminal of this script's own (120x40, TERM=xterm-256color,
C.UTF-8), so the times are those of the real binaries writing to a real terminal device, with
no multiplexer between them and the clock:

* first frame: from spawning the editor to the last byte of its first screen (the first moment
  the screen holds the file's first line and the editor's key hints, and then stays quiet for
  QUIET_START seconds);
* key to screen: from writing one typed character to the pty to the first screen bytes that
  show it, typing at most ten keys a second (the next key waits for the previous one to show, as
  a person watching the screen does);
* footprint (--footprint): 5,000 edits typed into the 10 MB file, saved every 500, then quit;
  the size of `.FILE.forked/` against the file.

Files: 10 KB, 1 MB and 10 MB of English-like lines, and a 1 MB single line, generated from a
fixed seed. nano is installed with apt-get where it is missing. Not part of `swift test`.

    swift build -c release --product forked-edit
    python3 Scripts/terminal-bench.py                 # all sizes, 41 keys each, 3 starts
    python3 Scripts/terminal-bench.py --sizes 10m --keys 60 --starts 5
    python3 Scripts/terminal-bench.py --footprint     # the hour-like session's disk use
"""

import argparse
import fcntl
import os
import pty
import random
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

ROWS, COLUMNS = 40, 120
QUIET_START = 0.5      # seconds of silence that end the first frame
QUIET_KEY = 0.03       # seconds of silence before the next key is typed
KEY_TIMEOUT = 10.0     # a key that has not shown after this long counts as this long
KEY_SPACING = 0.1      # at most ten keys a second
TYPED = b"qzxjkv"      # letters the status lines never print, typed in turn

WORDS = ("the of and to in is was for on that with as by at from his her they this be are "
         "which or had not but were their an have one all been more when who can there will "
         "would into time so about then them these some could other than only over such "
         "merge fork branch history keystroke garden river window letter morning evening "
         "quiet distant careful").split()


def english_lines(size, seed):
    """Deterministic lines of words, about 60 characters each, `size` bytes in all."""
    rng = random.Random(seed)
    out, total = [], 0
    while total < size:
        line = []
        length = 0
        target = rng.randint(30, 90)
        while length < target:
            word = rng.choice(WORDS)
            line.append(word)
            length += len(word) + 1
        text = " ".join(line)
        text = text[0].upper() + text[1:] + ".\n"
        out.append(text)
        total += len(text)
    return "".join(out)[:size - 1] + "\n"


def single_line(size, seed):
    text = english_lines(size + 200, seed).replace("\n", " ")
    return text[:size - 1] + "\n"


FILES = {
    "10k": ("10 KB", lambda: english_lines(10_000, 1)),
    "1m": ("1 MB", lambda: english_lines(1_000_000, 2)),
    "10m": ("10 MB", lambda: english_lines(10_000_000, 3)),
    "1mline": ("1 MB line", lambda: single_line(1_000_000, 4)),
}


class Terminal:
    """One editor in a pseudo-terminal: its output as timestamped chunks."""

    def __init__(self, argv, cwd):
        self.started = time.monotonic()
        pid, fd = pty.fork()
        if pid == 0:
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
                os.chdir(cwd)
                env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8",
                           SWIFT_BACKTRACE="interactive=no")
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.seen = bytearray()
        self.last_byte = None

    def read(self, timeout):
        """Bytes that arrive within `timeout` seconds, and when the last of them arrived."""
        ready, _, _ = select.select([self.fd], [], [], max(timeout, 0))
        if not ready:
            return b"", None
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            raise EOFError("the editor exited")
        if not data:
            raise EOFError("the editor exited")
        self.seen += data
        self.last_byte = time.monotonic()
        return data, self.last_byte

    def wait_quiet(self, quiet, limit=60.0):
        """Reads until nothing arrives for `quiet` seconds; the time of the last byte."""
        last = None
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            data, at = self.read(quiet)
            if not data:
                return last
            last = at
        raise TimeoutError("the editor kept writing for %.0f s" % limit)

    def first_frame(self, markers, limit=120.0):
        """Seconds from spawn to the last byte of the first screen holding every marker."""
        deadline = self.started + limit
        while not all(marker in self.seen for marker in markers):
            if time.monotonic() > deadline:
                raise TimeoutError("no first frame within %.0f s; the screen so far ends with %r"
                                   % (limit, bytes(self.seen[-300:])))
            self.read(deadline - time.monotonic())
        self.wait_quiet(QUIET_START)
        return self.last_byte - self.started

    def type_key(self, key):
        """Seconds from writing `key` to the first output chunk that shows it."""
        sent = time.monotonic()
        os.write(self.fd, key)
        deadline = sent + KEY_TIMEOUT
        while time.monotonic() < deadline:
            data, at = self.read(deadline - time.monotonic())
            if data and key in data:
                return at - sent
        return KEY_TIMEOUT

    def send(self, data):
        os.write(self.fd, data)

    def close(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        os.close(self.fd)


def percentile(values, fraction):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(round(fraction * (len(ordered) - 1)))))
    return ordered[index]


def editors(forked_edit):
    return {
        # nano's hint line and forked-edit's footer both end the first screen.
        "nano": (lambda path: ["nano", "--ignorercfiles", path], b"Help"),
        "forked-edit": (lambda path: [forked_edit, path], b"Quit"),
    }


def measure(editor, argv_for, hint, text, keys, starts, workdir):
    """First-frame seconds for each start, and the key-to-screen seconds of the last start."""
    first_line = text.split("\n", 1)[0].encode()[:20]
    frames, latencies = [], []
    for start in range(starts):
        directory = tempfile.mkdtemp(prefix="tb-", dir=workdir)
        path = os.path.join(directory, "text.txt")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        terminal = Terminal(argv_for(path), directory)
        try:
            frames.append(terminal.first_frame([first_line, hint]))
            if start == starts - 1:
                last_sent = 0.0
                for index in range(keys):
                    terminal.wait_quiet(QUIET_KEY)
                    pause = KEY_SPACING - (time.monotonic() - last_sent)
                    if pause > 0:
                        time.sleep(pause)
                    last_sent = time.monotonic()
                    latencies.append(terminal.type_key(TYPED[index % len(TYPED):][:1]))
        finally:
            terminal.close()
            shutil.rmtree(directory, ignore_errors=True)
    return frames, latencies


def footprint(forked_edit, workdir, edits, save_every):
    """Types `edits` characters into the 10 MB file, saving every `save_every`, then quits."""
    text = FILES["10m"][1]()
    directory = tempfile.mkdtemp(prefix="tb-", dir=workdir)
    path = os.path.join(directory, "big.txt")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    terminal = Terminal([forked_edit, path], directory)
    started = time.monotonic()
    try:
        terminal.first_frame([text.split("\n", 1)[0].encode()[:20], b"Quit"])
        rng = random.Random(7)
        for index in range(1, edits + 1):
            # Move somewhere now and then, as a writer does, then type.
            if index % 50 == 0:
                terminal.send(b"\x1b[6~" * rng.randint(0, 20))
                terminal.wait_quiet(QUIET_KEY)
            terminal.type_key(TYPED[index % len(TYPED):][:1])
            if index % save_every == 0:
                terminal.send(b"\x13")  # Ctrl-S
                terminal.wait_quiet(0.3)
        terminal.send(b"\x11")  # Ctrl-Q: everything is saved, so it quits at once
        try:
            while True:
                terminal.read(5.0)
        except EOFError:
            pass
    finally:
        terminal.close()
    seconds = time.monotonic() - started
    state = os.path.join(directory, ".big.txt.forked")
    sizes = {}
    for root, _, names in os.walk(state):
        for name in names:
            full = os.path.join(root, name)
            part = os.path.relpath(full, state).split(os.sep)[0]
            sizes[part] = sizes.get(part, 0) + os.path.getsize(full)
    file_size = os.path.getsize(path)
    total = sum(sizes.values())
    print("\n## Footprint: %d edits typed into %s, saved every %d, quit (%.0f s)\n"
          % (edits, FILES["10m"][0], save_every, seconds))
    print("| Path in .big.txt.forked/ | Bytes | vs the file |")
    print("|---|---|---|")
    for part, size in sorted(sizes.items(), key=lambda item: -item[1]):
        print("| `%s` | %s | %.2fx |" % (part, format(size, ","), size / file_size))
    print("| all | %s | %.2fx |" % (format(total, ","), total / file_size))
    shutil.rmtree(directory, ignore_errors=True)


def ensure_nano():
    if shutil.which("nano"):
        return
    print("nano is missing; installing it with apt-get", file=sys.stderr)
    for command in (["apt-get", "install", "-y", "nano"], ["apt-get", "update"],
                    ["apt-get", "install", "-y", "nano"]):
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if shutil.which("nano"):
            return
    sys.exit("nano could not be installed; it is this benchmark's baseline")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(os.path.dirname(__file__), "..",
                                                         ".build", "release", "forked-edit"))
    parser.add_argument("--sizes", default="10k,1m,10m,1mline")
    parser.add_argument("--keys", type=int, default=41)
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--footprint", action="store_true")
    parser.add_argument("--edits", type=int, default=5000)
    parser.add_argument("--save-every", type=int, default=500)
    arguments = parser.parse_args()
    forked_edit = os.path.abspath(arguments.binary)
    if not os.access(forked_edit, os.X_OK):
        sys.exit("%s is not built: swift build -c release --product forked-edit" % forked_edit)
    workdir = tempfile.mkdtemp(prefix="terminal-bench-")
    try:
        if arguments.footprint:
            footprint(forked_edit, workdir, arguments.edits, arguments.save_every)
            return
        ensure_nano()
        print("load average at start: %.2f %.2f %.2f" % os.getloadavg())
        print("\n| File | Editor | First frame, median (min–max) | First key | Key → screen p50 | p99 | worst |"
              " vs nano: first frame | key p50 |")
        print("|---|---|---|---|---|---|---|---|---|")
        for size in arguments.sizes.split(","):
            label, make = FILES[size]
            text = make()
            results = {}
            for name, (argv_for, hint) in editors(forked_edit).items():
                results[name] = measure(name, argv_for, hint, text, arguments.keys,
                                        arguments.starts, workdir)
            base_frame = statistics.median(results["nano"][0])
            base_key = statistics.median(results["nano"][1][1:])
            for name, (frames, keys) in results.items():
                frame = statistics.median(frames)
                # The first key is shown apart: an editor may do once-only work there (forked-edit
                # makes the file's state directory at the first edit); p50, p99 and worst are
                # of the keys after it.
                first, rest = keys[0], keys[1:]
                key = statistics.median(rest)
                print("| %s | %s | %.0f ms (%.0f–%.0f) | %.1f ms | %.1f ms | %.1f ms | %.1f ms | %.2fx | %.2fx |"
                      % (label, name, frame * 1e3, min(frames) * 1e3, max(frames) * 1e3, first * 1e3,
                         key * 1e3, percentile(rest, 0.99) * 1e3, max(rest) * 1e3,
                         frame / base_frame, key / base_key))
            sys.stdout.flush()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
