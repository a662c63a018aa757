#!/usr/bin/env python3
"""Lock acquisitions and reference counting per decoded (or encoded) object (issue 50), counted by callgrind.

Runs `mapping-benchmark SCALE 1 --only SHAPE.decode` (or `authors.encode`) under callgrind,
counting from the measured call's start (`measuredRun`; the freeing of what it made is counted
too), and prints the calls to the lock functions (pthread mutexes and read-write locks) and to
Swift's retain and release functions, in all and per object decoded (or encoded). Deterministic: the
same build gives the same counts, so that a change is judged by them and not by a timing.

    cd Benchmarks && swift build -c release --product mapping-benchmark
    python3 per-object-counts.py            # authors (200 authors, 4,200 objects), flat (1,000), authors.encode
    python3 per-object-counts.py authors    # one of them
    python3 per-object-counts.py --on-model # the retains and releases on the shared model alone

`--on-model` counts, with `Tools/class-counts.c` preloaded (built with `cc`), the calls that count
a reference on the `ObjectModel` itself, which every thread decoding with it shares: the whole
process at two scales, and the difference per object the larger scale adds. The shapes'
processes make their objects twice (once to set up the encoders, once measured), the graph's
once.
"""

import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BINARY = os.path.join(HERE, ".build", "release", "mapping-benchmark")

# name: (scale argument, objects decoded or encoded at that scale, the benchmark measured)
SHAPES = {
    "authors": (200, 200 * 21, "authors.decode"),  # an author, ten books, ten pricings
    "flat": (200, 200 * 5, "flat.decode"),  # records are five times the scale
    "authors.encode": (200, 200 * 21, "authors.encode"),  # the same objects written
}

GROUPS = {
    "locks": re.compile(r"^(pthread_mutex_(timed)?lock|pthread_mutex_trylock|pthread_rwlock_(rd|wr)lock|pthread_spin_lock)$"),
    "retains": re.compile(r"^swift_(unknownObject|bridgeObject|nonatomic_)?retain(_n)?$"),
    "releases": re.compile(r"^swift_(unknownObject|bridgeObject|nonatomic_)?release(_n)?$"),
}


def calls_by_function(out_file):
    """The number of calls to each function in a callgrind output file, by name."""
    names = {}
    calls = {}
    callee = None
    with open(out_file, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if line.startswith(("fn=", "cfn=")):
                key, _, rest = line.rstrip("\n").partition("=")
                match = re.match(r"\((\d+)\)(?: (.*))?", rest)
                if match:
                    if match.group(2):
                        names[match.group(1)] = match.group(2)
                    name = names.get(match.group(1), rest)
                else:
                    name = rest
                if key == "cfn":
                    # Without a recursion level (`'2`) or a symbol version (`@@GLIBC_2.2.5`).
                    callee = re.sub(r"@.*$", "", re.sub(r"'\d+$", "", name))
            elif line.startswith("calls=") and callee is not None:
                calls[callee] = calls.get(callee, 0) + int(line.split("=", 1)[1].split()[0])
                callee = None
    return calls


def count(shape):
    scale, objects, measured = SHAPES[shape]
    with tempfile.TemporaryDirectory() as folder:
        out_file = os.path.join(folder, "callgrind.out")
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=" + out_file,
                # Counts from the decode's start: call counts are kept outside a toggled
                # collection too, so they are zeroed there instead (what follows the decode
                # is the process's exit).
                "--zero-before=*measuredRun*",
                BINARY,
                str(scale),
                "1",
                "--only",
                measured,
            ],
            check=True,
            cwd=HERE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1"),
        )
        calls = calls_by_function(out_file)
    totals = {group: sum(n for name, n in calls.items() if pattern.match(name)) for group, pattern in GROUPS.items()}
    print(
        f"{shape:14} {objects:6} objects   "
        + "   ".join(f"{group} {totals[group]:8,} ({totals[group] / objects:6.2f} an object)" for group in GROUPS)
    )


# name: (the arguments at the smaller scale, at the larger, the objects the larger adds)
ON_MODEL = {
    "authors.decode": (["200", "1", "--only", "authors.decode"], ["400", "1", "--only", "authors.decode"], 2 * 4200),
    "flat.decode": (["200", "1", "--only", "flat.decode"], ["400", "1", "--only", "flat.decode"], 2 * 1000),
    "authors.encode": (["200", "1", "--only", "authors.encode"], ["400", "1", "--only", "authors.encode"], 4200),
    "graph.merge": (["0", "1", "--graph-only", "1000"], ["0", "1", "--graph-only", "2000"], 1000),
}
MODEL_METADATA = "$s17ModelMapperSchema06ObjectA0CN"  # ObjectModel's type metadata


def count_on_model():
    symbols = subprocess.run(["nm", BINARY], check=True, capture_output=True, text=True).stdout
    offsets = [line.split()[0] for line in symbols.splitlines() if line.endswith(" " + MODEL_METADATA)]
    if not offsets:
        sys.exit(f"{MODEL_METADATA} is not in {BINARY}")
    with tempfile.TemporaryDirectory() as folder:
        library = os.path.join(folder, "class-counts.so")
        source = os.path.join(HERE, "Tools", "class-counts.c")
        subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", library, source, "-ldl"], check=True)
        environment = dict(os.environ, LD_PRELOAD=library, COUNT_ISA_OFFSET=offsets[0])

        def counts(arguments):
            result = subprocess.run(
                [BINARY] + arguments, cwd=HERE, env=environment, capture_output=True, text=True, check=True
            )
            match = re.search(r"class-counts: retains (\d+) releases (\d+)", result.stderr)
            if not match:
                sys.exit(f"no counts from {' '.join(arguments)}:\n{result.stderr}")
            return int(match.group(1)), int(match.group(2))

        for name, (smaller, larger, added) in ON_MODEL.items():
            (retains, releases), (more_retains, more_releases) = counts(smaller), counts(larger)
            print(
                f"{name:15} on the model: retains {retains:7,} -> {more_retains:7,} "
                f"({(more_retains - retains) / added:5.2f} an object)   releases {releases:7,} -> {more_releases:7,} "
                f"({(more_releases - releases) / added:5.2f} an object)"
            )


def main():
    if not os.path.exists(BINARY):
        sys.exit(f"{BINARY} is missing: swift build -c release --product mapping-benchmark, in {HERE}")
    if sys.argv[1:] == ["--on-model"]:
        count_on_model()
        return
    for shape in sys.argv[1:] or list(SHAPES):
        if shape not in SHAPES:
            sys.exit(f"shapes: {', '.join(SHAPES)}")
        count(shape)


if __name__ == "__main__":
    main()
