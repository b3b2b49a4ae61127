"""Bad-input sweep: many broken inputs and settings through ``phisift deid`` and ``phisift detect``.

Written from the outside, as a user's script would be: it imports nothing from
phisift and runs the installed command (``python -m phisift``) in child processes.
Each case builds its input in a fresh temporary folder with a planted fake name in
it, runs the command, and checks what the user gets:

* exit   the exit code: 2 for bad input; 0 only for inputs that are odd but valid
         (an empty file, one huge line), and then the output must be whole;
* 1line  exactly one line on stderr (``phisift: error: ...``) when it failed;
* tb     no Python traceback anywhere on stderr;
* file   the error line names the file (input, output, store or key) when a file is at fault;
* name   the planted name is in no message;
* left   nothing left behind by a failed run: no output, no hidden journal or
         half-built folder beside it, no run state in the store's folder;
* input  every input file byte-identical afterwards.

Usage:  python bench/bad_input_sweep.py [--only SUBSTRING] [--keep]
Prints one row per case and command, then the message of each failed run, and
exits 1 if any row fails. About 3 minutes on 2 cores (start-up dominates).
As root, "read-only output folder" uses ``chattr +i`` and "unreadable input" a
link to a write-only /proc file (root reads any file it owns a mode bit of).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

NAME = "Zebulon Quxworth"
NOTE = f"Patient {NAME} was seen on 2020-01-02 at Mercy Hospital, MRN 44718230."
ROOT = os.geteuid() == 0


@dataclass
class Case:
    """``build(folder)`` writes the input under folder/in and returns the path given to the command."""

    name: str
    build: Callable[[Path], str]
    args: tuple[str, ...] = ()
    output: str = "out.jsonl"  # deid's output under out/ ({in} for a path under in/, or a full path)
    commands: tuple[str, ...] = ("deid", "detect")
    valid: bool = False  # odd but valid input: exit 0 with a whole output is right too
    limit_bytes: int | None = None  # RLIMIT_FSIZE for the child (a full disk, cheaply)
    detect_output: bool = False  # detect writes to the case's output too (cases about the output path)
    resumable: bool = False  # a failure of the environment: hidden state may stay if the same command resumes
    file_named: bool = True  # the error line must name a file (not so for an unknown option value)
    prepare: Callable[[Path], None] | None = None  # after build, before the run (read-only folder ...)
    undo: Callable[[Path], None] | None = None


@dataclass
class Row:
    case: str
    command: str
    code: int
    one_line: bool
    traceback: bool
    name: bool
    left: list[str] = field(default_factory=list)
    input_same: bool = True
    message: str = ""
    valid: bool = False
    file: bool = True  # the line names a file (or needs not)

    @property
    def ok(self) -> bool:
        if self.traceback or self.name or not self.input_same:
            return False
        if self.code == 0:
            return self.valid
        return self.code == 2 and self.one_line and not self.left and self.file


# --------------------------------------------------------------------------- building inputs
def put(folder: Path, rel: str, data: str | bytes) -> Path:
    path = folder / "in" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path


def jsonl(*records) -> str:
    return "".join(json.dumps(r) + "\n" for r in records)


def notes(n: int = 3) -> str:
    return jsonl(*({"id": f"d{i}", "text": f"{NOTE} Visit {i}."} for i in range(n)))


BAD = b"\xff\xfe"  # never valid UTF-8
BOMB = ('<!DOCTYPE r [<!ENTITY a "' + NAME + '"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
        '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">'
        '<!ENTITY x "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">]>')


def i2b2(text: str | bytes, doctype: str = "") -> bytes:
    body = text.encode() if isinstance(text, str) else text
    return (b'<?xml version="1.0" encoding="UTF-8"?>\n' + doctype.encode() + b"\n<deIdi2b2><TEXT><![CDATA["
            + body + b"]]></TEXT><TAGS></TAGS></deIdi2b2>\n")


def parquet(folder: Path, rows: list[dict], schema=None) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = folder / "in" / "notes.parquet"
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), path)
    return path


def parquet_bad_footer(folder: Path) -> str:
    path = parquet(folder, [{"id": str(i), "text": f"{NOTE} {i}"} for i in range(50)])
    data = path.read_bytes()
    path.write_bytes(data[:-12] + b"\x00" * 8 + b"PAR1")  # footer length and metadata garbled
    return str(path)


def parquet_binary_text(folder: Path) -> str:
    import pyarrow as pa

    schema = pa.schema([("id", pa.string()), ("text", pa.binary())])
    return str(parquet(folder, [{"id": "a", "text": NOTE.encode() + BAD}], schema))


def parquet_int_text(folder: Path) -> str:
    import pyarrow as pa

    schema = pa.schema([("id", pa.string()), ("text", pa.int64())])
    return str(parquet(folder, [{"id": "a", "text": 5}], schema))


def truncated_gzip(folder: Path, name: str) -> str:
    data = gzip.compress(notes(50).encode())
    return str(put(folder, name, data[: len(data) // 2]))


def text_folder(folder: Path, files: dict[str, bytes | str]) -> str:
    for rel, data in files.items():
        put(folder, f"corpus/{rel}", data)
    return str(folder / "in" / "corpus")


def symlink_loop(folder: Path) -> str:
    corpus = Path(text_folder(folder, {"a.txt": NOTE}))
    (corpus / "loop").symlink_to(corpus, target_is_directory=True)
    (corpus / "l1.txt").symlink_to(corpus / "l2.txt")
    (corpus / "l2.txt").symlink_to(corpus / "l1.txt")
    return str(corpus)


def unreadable(folder: Path) -> str:
    corpus = Path(text_folder(folder, {"a.txt": NOTE}))
    if ROOT:  # root reads any file; a write-only /proc file refuses even root
        (corpus / "b.txt").symlink_to("/proc/sys/vm/compact_memory")
    else:
        put(folder, "corpus/b.txt", NOTE).chmod(0)
    return str(corpus)


def readonly_out(folder: Path) -> None:
    out = folder / "out"
    if ROOT:
        subprocess.run(["chattr", "+i", str(out)], check=True)
    else:
        out.chmod(0o555)


def writable_out(folder: Path) -> None:
    out = folder / "out"
    if ROOT:
        subprocess.run(["chattr", "-i", str(out)], check=False)
    out.chmod(0o755)


def key_file(folder: Path) -> str:
    put(folder, "secret.key", "0123456789abcdef" * 4 + "\n")
    return str(put(folder, "notes.jsonl", notes()))


CASES: list[Case] = [
    # --- empty, binary, truncated
    Case("empty .jsonl file", lambda f: str(put(f, "notes.jsonl", b"")), valid=True),
    Case("empty .csv file", lambda f: str(put(f, "notes.csv", b"")), output="out.csv", valid=True),
    Case("empty .parquet file", lambda f: str(put(f, "notes.parquet", b"")), output="out.parquet"),
    Case("binary file as .txt", lambda f: str(put(f, "note.txt", b"\x7fELF\x02\x01\x01" + NAME.encode()
                                                  + bytes(range(256)))), output="out.txt"),
    Case("binary file in a text folder",
         lambda f: text_folder(f, {"a.txt": NOTE, "b.txt": b"\x00\x01" + NAME.encode()}), output="out"),
    Case("truncated gzip named .jsonl.gz", lambda f: truncated_gzip(f, "notes.jsonl.gz")),
    Case("truncated gzip named .jsonl", lambda f: truncated_gzip(f, "notes.jsonl")),
    # --- invalid UTF-8, one per format
    Case("invalid UTF-8: jsonl", lambda f: str(put(f, "notes.jsonl", b'{"id": "a", "text": "' + NAME.encode() + BAD
                                                   + b'"}\n'))),
    Case("invalid UTF-8: csv", lambda f: str(put(f, "notes.csv", b"id,text\na," + NAME.encode() + BAD + b"\n")),
         output="out.csv"),
    Case("invalid UTF-8: tsv", lambda f: str(put(f, "notes.tsv", b"id\ttext\na\t" + NAME.encode() + BAD + b"\n")),
         output="out.tsv"),
    Case("invalid UTF-8: single .txt", lambda f: str(put(f, "note.txt", NAME.encode() + BAD)), output="out.txt"),
    Case("invalid UTF-8: text folder", lambda f: text_folder(f, {"a.txt": NOTE, "b.txt": NAME.encode() + BAD}),
         output="out"),
    Case("invalid UTF-8: brat .ann", lambda f: text_folder(f, {"a.txt": NOTE, "a.ann": b"T1\tPATIENT 8 24\t"
                                                               + NAME.encode() + BAD + b"\n"}), output="out"),
    Case("invalid UTF-8: i2b2 xml", lambda f: text_folder(f, {"a.xml": i2b2(NAME.encode() + BAD)}), output="out"),
    Case("invalid UTF-8: conll", lambda f: str(put(f, "notes.conll", b"Patient O\n" + NAME.encode() + BAD
                                                   + b" B-PATIENT\n")), output="out.conll"),
    Case("invalid UTF-8: fhir json", lambda f: str(put(f, "bundle.json", b'{"resourceType": "Bundle", "entry": '
                                                       b'[{"resource": {"resourceType": "Patient", "name": '
                                                       b'[{"family": "' + NAME.encode() + BAD + b'"}]}}]}')),
         output="out.json"),
    Case("invalid UTF-8: hl7 (read as ISO 8859-1, HL7's old default)", valid=True,
         build=lambda f: str(put(f, "msg.hl7", b"MSH|^~\\&|A|B|C|D|20200101||ORU^R01|1|P|2.5\r"
                                                 b"PID|1||123||" + NAME.encode() + BAD + b"\r")), output="out.hl7"),
    Case("invalid UTF-8: parquet text", parquet_binary_text, output="out.parquet"),
    # --- broken structure
    Case("huge line: one 3 MB JSONL note", lambda f: str(put(f, "notes.jsonl", jsonl(
        {"id": "a", "text": (NOTE + " ") * 40_000}))), valid=True),
    Case("huge CSV cell (3 MB)", lambda f: str(put(f, "notes.csv", "id,text\na,\"" + (NOTE + " ") * 40_000 + "\"\n")),
         output="out.csv", valid=True),
    Case("CSV ragged rows", lambda f: str(put(f, "notes.csv", f"id,text\na,{NOTE},extra,{NAME}\nb\n")),
         output="out.csv"),
    Case("CSV without a header", lambda f: str(put(f, "notes.csv", f"a,{NOTE}\nb,{NOTE}\n")), output="out.csv"),
    Case("CSV unterminated quote", lambda f: str(put(f, "notes.csv", f'id,text\na,"{NOTE}\n')), output="out.csv"),
    Case("CSV with a NUL byte", lambda f: str(put(f, "notes.csv", b"id,text\na," + NAME.encode() + b"\x00x\n")),
         output="out.csv"),
    Case("JSONL array line", lambda f: str(put(f, "notes.jsonl", notes(1) + json.dumps([NAME, 1]) + "\n"))),
    Case("JSONL string line", lambda f: str(put(f, "notes.jsonl", notes(1) + json.dumps(NAME) + "\n"))),
    Case("JSONL number and null lines", lambda f: str(put(f, "notes.jsonl", "42\nnull\n"))),
    Case("JSONL nested 100000 deep", lambda f: str(put(f, "notes.jsonl", '{"id": "a", "text": ' + "[" * 100_000
                                                       + "]" * 100_000 + "}\n"))),
    Case("JSONL text is a number", lambda f: str(put(f, "notes.jsonl", jsonl({"id": "a", "text": 5, "n": NAME})))),
    Case("JSONL spans past the text", lambda f: str(put(f, "notes.jsonl", jsonl(
        {"id": "a", "text": NOTE, "spans": [{"start": 8, "end": 999, "label": "PATIENT"}]})))),
    Case("Parquet corrupted footer", parquet_bad_footer, output="out.parquet"),
    Case("Parquet text column of integers", parquet_int_text, output="out.parquet"),
    Case("XML entity bomb", lambda f: text_folder(f, {"a.xml": i2b2(NOTE + " &x;", BOMB)}), output="out"),
    Case("XML external entity", lambda f: text_folder(f, {"a.xml": i2b2(NOTE + " &x;", '<!DOCTYPE r [<!ENTITY x '
                                                                       'SYSTEM "file:///etc/passwd">]>')}),
         output="out"),
    Case("FHIR not a resource", lambda f: str(put(f, "bundle.json", json.dumps({"name": NAME}))), output="out.json"),
    Case("HL7 garbage", lambda f: str(put(f, "msg.hl7", f"hello {NAME}\r")), output="out.hl7"),
    Case("BRAT broken offsets", lambda f: text_folder(f, {"a.txt": NOTE, "a.ann": f"T1\tPATIENT 8 999\t{NAME}\n"}),
         output="out"),
    Case("BRAT annotation line garbled", lambda f: text_folder(f, {"a.txt": NOTE, "a.ann": f"T1 {NAME}\n"}),
         output="out"),
    # --- the file system
    Case("missing input", lambda f: str(f / "in" / "nope.jsonl")),
    Case("unreadable input file in a folder", unreadable, output="out"),
    Case("folder with a symlink loop", symlink_loop, output="out", valid=True),
    Case("output in a read-only folder", lambda f: str(put(f, "notes.jsonl", notes())), prepare=readonly_out,
         undo=writable_out),
    Case("output folder in a read-only folder", lambda f: text_folder(f, {"a.txt": NOTE}), output="res",
         prepare=readonly_out, undo=writable_out),
    Case("output equal to input", detect_output=True, build=lambda f: str(put(f, "notes.jsonl", notes())),
         output="{in}/notes.jsonl"),
    Case("output inside the input folder", detect_output=True, build=lambda f: text_folder(f, {"a.txt": NOTE}),
         output="{in}/corpus/o"),
    Case("output is an existing folder for a file format", detect_output=True,
         build=lambda f: str(put(f, "notes.jsonl", notes())),
         output="out", prepare=lambda f: (f / "out" / "out").mkdir()),
    Case("disk full (file size limit 64 kB)", resumable=True, build=lambda f: str(put(f, "notes.jsonl", notes(400))),
         limit_bytes=64 * 1024),
    # --- settings
    Case("duplicate ids", lambda f: str(put(f, "notes.jsonl", jsonl({"id": "a", "text": NOTE},
                                                                    {"id": "a", "text": NOTE})))),
    Case("--id-field missing", lambda f: str(put(f, "notes.jsonl", notes())), args=("--id-field", "nope")),
    Case("--text-field missing", lambda f: str(put(f, "notes.csv", f"id,text\na,{NOTE}\n")),
         args=("--text-field", "body"), output="out.csv"),
    Case("--to bogus", file_named=False, build=lambda f: str(put(f, "notes.jsonl", notes())),
         args=("--to", "bogus"), commands=("deid",)),
    Case("--in-format bogus", file_named=False, build=lambda f: str(put(f, "notes.jsonl", notes())),
         args=("--in-format", "bogus")),
    Case("--in-format csv on JSONL", lambda f: str(put(f, "notes.jsonl", notes())), args=("--in-format", "csv")),
    Case("--in-format parquet on JSONL", lambda f: str(put(f, "notes.jsonl", notes())),
         args=("--in-format", "parquet")),
    Case("key file is the input", key_file, args=("--mode", "surrogate", "--key-file", "{in}/notes.jsonl"),
         commands=("deid",)),
    Case("key file is a folder", key_file, args=("--mode", "surrogate", "--key-file", "{in}"), commands=("deid",)),
    Case("config not TOML", lambda f: str(put(f, "notes.jsonl", notes())), args=("--config", "{in}/notes.jsonl")),
    Case("existing output without --overwrite", lambda f: str(put(f, "notes.jsonl", notes())),
         prepare=lambda f: [(f / "out" / n).write_text("earlier\n") for n in ("out.jsonl", "spans.jsonl")]),
]


# --------------------------------------------------------------------------- running
def hashes(folder: Path) -> dict[str, str]:
    out = {}
    for p in sorted(folder.rglob("*")) if folder.exists() else []:
        if p.is_symlink():
            out[str(p)] = "-> " + os.readlink(p)
        elif p.is_file():
            try:
                out[str(p)] = hashlib.sha256(p.read_bytes()).hexdigest()
            except OSError:
                out[str(p)] = f"unreadable {p.stat().st_size}"
    return out


def everything(folder: Path) -> set[str]:
    return {str(p) for p in folder.rglob("*")} if folder.exists() else set()


def command_line(case: Case, command: str, folder: Path, source: str) -> tuple[list[str], str]:
    """The child's arguments and the deid output path."""
    def expand(text: str) -> str:
        return text.replace("{in}", str(folder / "in"))

    target = expand(case.output) if case.output.startswith("{in}") else str(folder / "out" / case.output)
    common = ["--detectors", "rules,lexicon", "--store", str(folder / "store" / "store.sqlite"),
              *[expand(a) for a in case.args]]
    if command == "deid":
        return ["deid", source, target, *common] + ([] if "--mode" in case.args else ["--mode", "tag"]), target
    spans = target if case.detect_output else str(folder / "out" / "spans.jsonl")
    return ["detect", source, "-o", spans, *common], spans


def phisift(argv: list[str], folder: Path, limit: int | None = None) -> subprocess.CompletedProcess:
    def child_limits() -> None:
        if limit:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run([sys.executable, "-m", "phisift", *argv], capture_output=True, text=True, timeout=600,
                          stdin=subprocess.DEVNULL, preexec_fn=child_limits, cwd=folder)


def leftovers(folder: Path, before_out: set[str]) -> list[str]:
    """New files under out/ (hidden ones too), run states in the store's folder, hidden files under in/."""
    left = sorted(everything(folder / "out") - before_out)
    runs = folder / "store" / "store.sqlite.runs"
    left += [str(p) for p in runs.iterdir()] if runs.exists() else []
    left += sorted(str(p) for p in (folder / "in").rglob(".*")) if (folder / "in").exists() else []
    return left


def resumed_clean(argv: list[str], folder: Path, left: list[str]) -> list[str]:
    """After a failure of the environment, the same command (environment fixed) must finish and leave nothing;
    then only visible leftovers of the failed run count."""
    again = phisift(argv, folder)
    runs = folder / "store" / "store.sqlite.runs"
    clean = again.returncode == 0 and not list((folder / "out").rglob(".*")) and not (
        runs.exists() and any(runs.iterdir()))
    visible = [p for p in left if not Path(p).name.startswith(".") and str(runs) not in p]
    return visible + ([] if clean else ["(the same command did not resume clean)"])


def run_case(case: Case, command: str, work: Path) -> Row:
    folder = Path(tempfile.mkdtemp(prefix="sweep-", dir=work))
    (folder / "out").mkdir()
    source = case.build(folder)
    if case.prepare:
        case.prepare(folder)
    before_in, before_out = hashes(folder / "in"), everything(folder / "out")
    argv, target = command_line(case, command, folder, source)
    try:
        proc = phisift(argv, folder, case.limit_bytes)
    finally:
        if case.undo:
            case.undo(folder)
    left = leftovers(folder, before_out) if proc.returncode != 0 else []
    if case.resumable and proc.returncode != 0:
        left = resumed_clean(argv, folder, left)
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("phisift:")]
    row = Row(case.name, command, proc.returncode, len(lines) == 1 and len(errors) == 1,
              "Traceback" in proc.stderr, any(word in proc.stderr for word in NAME.split()),
              [p.replace(str(folder), "") for p in left], hashes(folder / "in") == before_in,
              (errors or lines or [""])[-1][:160], case.valid)
    row.file = not case.file_named or names_a_file(row.message, folder, argv)
    if row.code == 0 and case.valid and not Path(target).exists():
        row.valid = False  # exit 0 without an output
    return row


def names_a_file(message: str, folder: Path, argv: list[str]) -> bool:
    """Every file of a case lies in its folder, and the child runs in that folder: a message names
    a file when it holds the folder's path, or one of the command's paths as written relative to it
    (phisift shows paths relative to the working folder)."""
    paths = [a for a in argv if a.startswith(str(folder))]
    return str(folder) in message or any(os.path.relpath(a, folder) in message for a in paths)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="", help="Run the cases whose name holds this text.")
    parser.add_argument("--keep", action="store_true", help="Keep the temporary folders.")
    parser.add_argument("--messages", action="store_true", help="Also print every run's last stderr line.")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="phisift-sweep-"))
    rows: list[Row] = []
    try:
        for case in CASES:
            if args.only.lower() not in case.name.lower():
                continue
            for command in case.commands:
                rows.append(run_case(case, command, work))
                print(_line(rows[-1]), flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"kept {work}")
    failed = [r for r in rows if not r.ok]
    print(f"\n{len(rows) - len(failed)} of {len(rows)} runs pass")
    if args.messages:
        for r in rows:
            print(f"{r.case} / {r.command}: exit {r.code}: {r.message}")
    for r in failed:
        print(f"FAIL {r.case} / {r.command}: exit {r.code}; {r.message}" + (f"; left {r.left}" if r.left else ""))
    return 1 if failed else 0


HEADER = (f"{'case':48} {'cmd':6} {'exit':>4} {'1line':5} {'file':4} {'tb':3} {'name':4} {'left':4} {'input':5} "
          "verdict")


def _line(r: Row) -> str:
    if not hasattr(_line, "said"):
        print(HEADER)
        print("-" * len(HEADER))
        _line.said = True
    yes = lambda b: "yes" if b else "no"  # noqa: E731
    return (f"{r.case[:48]:48} {r.command:6} {r.code:>4} {yes(r.one_line):5} {yes(r.file) if r.code else '-':4} "
            f"{yes(r.traceback):3} {yes(r.name):4} "
            f"{yes(bool(r.left)):4} {'same' if r.input_same else 'CHANGED':5} {'ok' if r.ok else 'FAIL'}")


if __name__ == "__main__":
    sys.exit(main())
