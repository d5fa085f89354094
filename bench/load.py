"""Load through HTTP, beside the bare Django view in the same run (issue 29; ``make bench``).

Starts make serve's gunicorn (gunicorn.conf.py: threaded workers, the site preloaded; DEBUG
off, the production settings plus /bench/bare/ and without the per-client rate limit and CPU
quota, bench/load_site/settings.py; WEB_CONCURRENCY or 2 x cores + 1 workers) on 127.0.0.1:8150
(BENCH_PORT) over a copy of var/db.sqlite3, then drives each case with wrk (16
connections, LOAD_SECONDS each, 5 by default; LOAD_CASES=battle,hunt picks cases) as a phone's
browser would: ``Accept-Encoding: gzip``, ``Accept-Language: ru``.

An *uncached* case sends distinct questions (a list longer than the run can use; a case that
runs through its list says so), so the answer cache never hits; a *cached* case repeats one.
Each line: requests per second, p50/p99 latency, the gunicorn workers' CPU per request (from
/proc, the steadier figure on a shared machine), its ratios to the bare view measured at the
start and the end of the run (req/s over bare's; bare's CPU per request over its own, what the
req/s ratio would be on an idle machine), and non-2xx answers. The machine's load average
is printed with the figures: only ratios within one run compare.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote, urlencode

ROOT = Path(__file__).resolve().parent.parent
PORT = int(os.environ.get("BENCH_PORT", "8150"))
BASE = f"http://127.0.0.1:{PORT}"
CONNECTIONS = int(os.environ.get("LOAD_CONNECTIONS", "16"))
SECONDS = int(os.environ.get("LOAD_SECONDS", "5"))
#: How long gunicorn may take to start: each worker reads the site and search tables (~10 s CPU,
#: a minute at load 12; tests/serving waits as long).
START_SECONDS = 300
DISTINCT = 30_000
WARM = int(os.environ.get("LOAD_WARM", "100"))
"""Questions each case asks before it is measured (other ones than the measured), so that the
workers run as after a while in service: modules loaded, engines' tables built."""
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")

Request = tuple[str, str, str | None]  # method, path, JSON body


# ---- the questions -----------------------------------------------------------------------------


def battles(rng: random.Random) -> Iterator[Request]:
    """Battles to the end: 1-10 units (0-3 elite), 0-3 leadership a side, any settlement."""

    def army() -> dict[str, int]:
        elite = rng.randint(0, 3)
        return {"regular": rng.randint(1, 10 - elite), "elite": elite,
                "leadership": rng.randint(0, 3)}  # fmt: skip

    while True:
        body = {"attacker": army(), "defender": army(),
                "settlement": rng.choice(["none", "town", "city"])}  # fmt: skip
        yield "POST", "/api/wotr/battle/", json.dumps(body)


def hunts(rng: random.Random) -> Iterator[Request]:
    """Hunt rolls: dice, Free Peoples dice in the box, corruption, re-rolls, Mordor or not."""
    while True:
        body = {
            "hunt_dice": rng.randint(1, 5),
            "fp_dice_in_box": rng.randint(0, 4),
            "corruption": rng.randint(0, 11),
            "rerolls": {"stronghold": rng.random() < 0.5, "army": rng.random() < 0.5,
                        "nazgul": rng.random() < 0.5},
            "mordor_step": rng.choice([None, None, 0, 1, 2, 3, 4]),
        }  # fmt: skip
        yield "POST", "/api/wotr/hunt/", json.dumps(body)


def thinned_setups(rng: random.Random) -> Iterator[tuple[dict, dict]]:
    """(position, piece): a setup piece in a position of its own (never the same twice in a run,
    so no position read is reused): the setup with two to four other regions' armies thinned,
    the Fellowship's progress and corruption and the hunt box's dice changed."""
    sys.path.insert(0, str(ROOT))
    from adjudicator.games.wotr.position import standard_setup
    from bench.moves import pieces

    setup = standard_setup()
    every = pieces(setup)
    position = setup.to_dict()
    thinnable = sorted(r for r, by in position["armies"].items()
                       if any(u.get("regular", 0) > 1 for u in by.values()))  # fmt: skip
    seen: set[str] = set()
    while True:
        piece = rng.choice(every)
        changed = json.loads(json.dumps(position))
        others = [r for r in thinnable if r != piece.get("from")]
        for region in rng.sample(others, rng.randint(2, 4)):
            for units in changed["armies"][region].values():
                if units.get("regular", 0) > 1:
                    units["regular"] -= rng.randint(1, units["regular"] - 1)
        changed["fellowship"].update(progress=rng.randint(0, 3), corruption=rng.randint(0, 6))
        changed["hunt_box"] = {"shadow_dice": rng.randint(0, 3)}
        text = json.dumps(changed)
        if text in seen:
            continue
        seen.add(text)
        yield changed, piece


def moves(rng: random.Random) -> Iterator[Request]:
    """Legal destinations of a setup piece, each question in a position of its own."""
    for position, piece in thinned_setups(rng):
        body = {"position": position, "piece": piece}
        yield "POST", "/api/wotr/moves/legal/", json.dumps(body)


#: Positions the moves page case stores (each a POST before the case runs), so that no page is
#: asked twice: a moves page costs 3 ms of CPU or more, so two cores answer at most ~700 a second;
#: 1,000 a second of the run leaves room.
SHARED_POSITIONS = int(os.environ.get("LOAD_POSITIONS", str(1000 * SECONDS)))


def store_position(position: dict) -> str:
    """The key the site gives a position stored through the API (its shared link's)."""
    sent = urllib.request.Request(
        BASE + "/api/wotr/moves/positions/", json.dumps({"position": position}).encode(),
        headers={"Content-Type": "application/json"},
    )  # fmt: skip
    with urllib.request.urlopen(sent) as answer:
        return json.load(answer)["key"]


def position_pages(rng: random.Random) -> Iterator[Request]:
    """The moves page (the board, its map and forms) opened on a shared position's link, as a
    player opens one: thinned setups with the Fellowship's corruption from 0 to 11, each
    stored through the API for its key first (eight at a time)."""
    positions = []
    for position, _piece in itertools.islice(thinned_setups(rng), SHARED_POSITIONS):
        position["fellowship"]["corruption"] = rng.randint(0, 11)
        positions.append(position)
    with ThreadPoolExecutor(8) as pool:
        keys = list(pool.map(store_position, positions))
    for key in dict.fromkeys(keys):
        yield "GET", f"/wotr/moves/?position={key}", None


def words() -> list[str]:
    lines = (ROOT / "bench" / "search_questions.txt").read_text(encoding="utf-8").splitlines()
    return [line.split("|")[2] for line in lines if line and not line.startswith("#")]


def searches(path: str) -> Callable[[random.Random], Iterator[Request]]:
    """The benchmark's questions, each with a word of another one added (distinct, real words)."""

    def generate(rng: random.Random) -> Iterator[Request]:
        questions = words()
        vocabulary = sorted({w for q in questions for w in q.split()})
        while True:
            q = f"{rng.choice(questions)} {rng.choice(vocabulary)}"
            yield "GET", f"{path}?q={quote(q)}", None

    return generate


def decks(rng: random.Random) -> Iterator[Request]:
    """Deck lists of 1-4 copies of a few Fellowship cards."""
    cards = ["Legolas, Greenleaf", "Gimli, Son of Gloin", "Goblin Archer", "Ancient Chieftain",
             "Aragorn, Ranger of the North", "Arwen, Elven Rider",
             "Boromir, Lord of Gondor"]  # fmt: skip
    while True:
        lines = [f"{rng.randint(1, 4)}x {card}" for card in rng.sample(cards, rng.randint(2, 6))]
        deck = "Ring-bearer: Frodo, Son of Drogo\nRing: The One Ring, The Ruling Ring\n"
        body = {"list": deck + "\n".join(lines), "format": "fellowship_block"}
        yield "POST", "/api/decks/validate/", json.dumps(body)


def battle_pages(rng: random.Random) -> Iterator[Request]:
    """The battles of the API's case asked on the battle page, settlement included."""
    for method, _path, body in battles(rng):
        data = json.loads(body)
        query = {f"{side}.{k}": v for side in ("attacker", "defender")
                 for k, v in data[side].items()}  # fmt: skip
        query["settlement"] = data["settlement"]
        yield method.replace("POST", "GET"), f"/wotr/battle/?{urlencode(query)}", None


def hunt_pages(rng: random.Random) -> Iterator[Request]:
    """The hunts of the API's case asked on the hunt page, the Mordor track's step included
    (14,400 questions: a run's 30,000 draws give ~12,000 distinct)."""
    for _method, _path, body in hunts(rng):
        data = json.loads(body)
        asked = ("hunt_dice", "fp_dice_in_box", "corruption")
        query = {k: v for k, v in data.items() if k in asked}
        query.update({f"rerolls.{k}": "on" for k, v in data["rerolls"].items() if v})
        if data["mordor_step"] is not None:
            query["mordor_step"] = data["mordor_step"]
        yield "GET", f"/wotr/hunt/?{urlencode(query)}", None


def card_pages(rng: random.Random) -> Iterator[Request]:
    """The card list's pages and filters (the first page most often)."""
    while True:
        page = rng.choice([1, 1, 1, 2, 3, 4, 5])
        yield "GET", f"/cards/?page={page}" if page > 1 else "/cards/", None


def mordor_pages(rng: random.Random) -> Iterator[Request]:
    """Journey to Mordor's keep check on its page: each die's face or not rolled (one at least),
    some of the rolled dice kept, the player's hobbit, the place in the advanced game now and
    then."""
    faces = ["ring", "orc", "warrior", "nazgul", "gandalf"]
    places = ["bag_end", "rivendell", "moria", "lothlorien", "rohan", "helms_deep", "gondor"]
    while True:
        query = {"player_color": rng.choice(["yellow", "red", "blue", "green"])}
        for color in ("black", "yellow", "red", "blue", "green"):
            if rng.random() < 0.8:
                query[f"face_{color}"] = rng.choice(faces + ["white_tree"] * (color == "black"))
                if rng.random() < 0.4:
                    query[f"keep_{color}"] = "on"
        if len(query) == 1:  # no die rolled: no question (400)
            continue
        if rng.random() < 0.3:
            query.update(advanced="on", location=rng.choice(places))
        yield "GET", f"/mordor/keep/?{urlencode(query)}", None


def wojna_pages(rng: random.Random) -> Iterator[Request]:
    """Wojna o Pierścień's battle on its page: one to four units a side, the leaders' Morale
    now and then."""

    def units() -> str:
        return ", ".join(str(rng.randint(1, 6)) for _ in range(rng.randint(1, 4)))

    while True:
        query = {"attacker_units": units(), "defender_units": units()}
        for side in ("attacker", "defender"):
            if rng.random() < 0.5:
                query[f"{side}_morale"] = rng.randint(1, 5)
        yield "GET", f"/wojna/battle/?{urlencode(query)}", None


def tcg_pages(rng: random.Random) -> Iterator[Request]:
    """The TCG's skirmish calculator on its page: a companion against one to three minions."""
    while True:
        query: dict[str, object] = {"free_peoples-TOTAL_FORMS": 1, "free_peoples-INITIAL_FORMS": 0,
                 "free_peoples-0-name": "Aragorn", "free_peoples-0-strength": rng.randint(3, 12),
                 "free_peoples-0-vitality": rng.randint(1, 5),
                 "free_peoples-0-damage": rng.randint(0, 2)}  # fmt: skip
        minions = rng.randint(1, 3)
        query.update({"shadow-TOTAL_FORMS": minions, "shadow-INITIAL_FORMS": 0})
        for i in range(minions):
            query.update({f"shadow-{i}-name": f"Orc {i + 1}",
                          f"shadow-{i}-strength": rng.randint(2, 10),
                          f"shadow-{i}-vitality": rng.randint(1, 4)})  # fmt: skip
        yield "GET", f"/cards/calculators/skirmish/?{urlencode(query)}", None


def same(request: Request) -> Callable[[random.Random], Iterator[Request]]:
    return lambda _rng: itertools.repeat(request)


def first(generate: Callable[[random.Random], Iterator[Request]]) -> Request:
    return next(generate(random.Random(0)))


DISTINCT_QUESTIONS, ONE_QUESTION, NO_ANSWER_CACHE = "distinct", "one", "as generated"
#: name -> (questions, how they are sent): distinct questions are never repeated within the run
#: (the answer cache cannot hit); one question is the cached case; a path the answer cache does
#: not serve (the bare view, the card list, the map) gets its questions as generated.
CASES: dict[str, tuple[Callable[[random.Random], Iterator[Request]], str]] = {
    "bare": (same(("GET", "/bench/bare/", None)), NO_ANSWER_CACHE),
    "battle": (battles, DISTINCT_QUESTIONS),
    "battle cached": (same(first(battles)), ONE_QUESTION),
    "hunt": (hunts, DISTINCT_QUESTIONS),
    "hunt cached": (same(first(hunts)), ONE_QUESTION),
    "moves": (moves, DISTINCT_QUESTIONS),
    "search": (searches("/api/search/"), DISTINCT_QUESTIONS),
    "search cached": (same(first(searches("/api/search/"))), ONE_QUESTION),
    "deck validate": (decks, DISTINCT_QUESTIONS),
    "page battle": (battle_pages, DISTINCT_QUESTIONS),
    "page hunt": (hunt_pages, DISTINCT_QUESTIONS),
    "page /cards/": (card_pages, NO_ANSWER_CACHE),
    "page /search/": (searches("/search/"), DISTINCT_QUESTIONS),
    "page moves": (position_pages, DISTINCT_QUESTIONS),
    "page map": (same(("GET", "/wotr/moves/", None)), NO_ANSWER_CACHE),
    "page mordor": (mordor_pages, DISTINCT_QUESTIONS),
    "page wojna": (wojna_pages, DISTINCT_QUESTIONS),
    "page tcg": (tcg_pages, DISTINCT_QUESTIONS),
}


# ---- driving wrk -------------------------------------------------------------------------------

LUA = r"""
local data = dofile("%(data)s")
local requests, i = {}, 0
local headers = {["Accept-Encoding"] = "gzip", ["Accept-Language"] = "ru",
                 ["Content-Type"] = "application/json"}
function init(args)
  for n, r in ipairs(data) do requests[n] = wrk.format(r[1], r[2], headers, r[3]) end
end
function request()
  i = i %% #requests + 1
  return requests[i]
end
function done(summary, latency, _)
  io.write(string.format('{"requests": %%d, "seconds": %%f, "p50": %%f, "p99": %%f, ' ..
    '"non2xx": %%d, "errors": %%d}\n', summary.requests, summary.duration / 1e6,
    latency:percentile(50) / 1e3, latency:percentile(99) / 1e3, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
"""


def lua_string(text: str) -> str:
    return "[==[" + text + "]==]"


def write_script(workdir: Path, name: str, requests: list[Request]) -> Path:
    stem = name.replace(" ", "_").replace("/", "")
    data = workdir / f"{stem}.data.lua"
    rows = ",\n".join(
        f"{{{lua_string(m)}, {lua_string(p)}, {lua_string(b) if b is not None else 'nil'}}}"
        for m, p, b in requests
    )
    data.write_text(f"return {{\n{rows}\n}}\n", encoding="utf-8")
    script = workdir / f"{stem}.lua"
    script.write_text(LUA % {"data": data}, encoding="utf-8")
    return script


def workers_cpu(master: int) -> float:
    """CPU seconds used so far by the gunicorn workers (children of ``master``)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:
            total += int(fields[11]) + int(fields[12])
    return total / CLOCK_TICKS


def run_case(workdir: Path, master: int, name: str) -> dict:
    generate, mode = CASES[name]
    requests = list(itertools.islice(generate(random.Random(29)), DISTINCT))
    if mode != NO_ANSWER_CACHE:
        requests = list(dict.fromkeys(requests))
    script = write_script(workdir, name, requests)
    cpu = workers_cpu(master)
    out = subprocess.run(
        ["wrk", "-t1", f"-c{CONNECTIONS}", f"-d{SECONDS}s", "--timeout", "10s",
         "-s", str(script), BASE],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    cpu = workers_cpu(master) - cpu
    result = json.loads(out.stdout.strip().splitlines()[-1])
    result.update(
        name=name,
        rps=result["requests"] / result["seconds"],
        cpu_ms=1000 * cpu / max(result["requests"], 1),
        distinct=len(requests) if mode == DISTINCT_QUESTIONS else None,
    )
    return result


def line(f: dict, bare: dict) -> str:
    flag = ""
    if f["distinct"] is not None and f["requests"] > f["distinct"]:  # wrk went round its list
        flag = (f"  (QUESTIONS REPEATED: {f['requests'] - f['distinct']} of {f['requests']}"
                f" asked again, {f['distinct']} distinct: cache hits)")  # fmt: skip
    return (f"{f['name']:15} {f['rps']:7.0f} req/s  p50 {f['p50']:6.1f} ms  p99 {f['p99']:6.1f} ms"
            f"  CPU {f['cpu_ms']:5.2f} ms/req  of bare: {f['rps'] / bare['rps']:5.2f} req/s,"
            f" {bare['cpu_ms'] / f['cpu_ms']:5.2f} CPU  non-2xx {f['non2xx'] + f['errors']}"
            f"{flag}")  # fmt: skip


def start_server(workdir: Path) -> subprocess.Popen:
    db = workdir / "db.sqlite3"
    shutil.copy(ROOT / "var" / "db.sqlite3", db)
    workers = os.environ.get("WEB_CONCURRENCY", str(2 * os.cpu_count() + 1))
    # make serve's gunicorn (gunicorn.conf.py: threaded workers, the site preloaded), without
    # the per-client CPU quota: every request of the bench comes from one client.
    env = {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SETTINGS_MODULE": "load_site.settings",
           "DATABASE_URL": f"sqlite:///{db}", "BIND": f"127.0.0.1:{PORT}",
           "CPU_THROTTLE_RATE": "1000000/min",
           "SEARCH_INDEX_DIR": str(ROOT / "var" / "search_index")}  # fmt: skip
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "gunicorn"), "-c", str(ROOT / "gunicorn.conf.py"),
         "adjudicator.wsgi", "--chdir", str(ROOT), "--pythonpath", str(ROOT / "bench"),
         "--workers", workers, "--log-level", "warning"],
        env=env, stdout=subprocess.DEVNULL,
    )  # fmt: skip
    started = time.monotonic()
    while time.monotonic() - started < START_SECONDS:
        try:
            with urllib.request.urlopen(BASE + "/bench/bare/", timeout=5):
                break
        except OSError:
            time.sleep(0.2)
    print(f"gunicorn, {workers} workers; wrk, {CONNECTIONS} connections, {SECONDS:.0f} s a case; "
          f"{os.cpu_count()} cores")  # fmt: skip
    return server


def check(request: Request) -> None:
    """Ask once; a refused question is the benchmark's bug: say which and why."""
    method, path, body = request
    sent = urllib.request.Request(BASE + path, body and body.encode(), method=method,
                                  headers={"Content-Type": "application/json"})  # fmt: skip
    try:
        with urllib.request.urlopen(sent):
            pass
    except urllib.error.HTTPError as error:
        raise SystemExit(f"{method} {path} {body}: {error.code} {error.read()[:500]!r}") from error


def main() -> int:
    if shutil.which("wrk") is None:
        print("wrk is needed (Debian: apt-get install wrk; `make bench` installs it)")
        return 1
    chosen = [c for c in os.environ.get("LOAD_CASES", "").split(",") if c] or list(CASES)
    names = ["bare", *[c for c in chosen if c != "bare"]]
    workdir = Path(tempfile.mkdtemp(prefix="adjudicator-load-"))
    server = start_server(workdir)
    try:
        for name in names:  # every case's questions must be answered 2xx; warms the workers
            generate, _ = CASES[name]
            for request in itertools.islice(generate(random.Random(1)), WARM):
                check(request)
        print(f"load average before: {os.getloadavg()[0]:.1f}")
        results = [run_case(workdir, server.pid, name) for name in names]
        results.append({**run_case(workdir, server.pid, "bare"), "name": "bare (again)"})
        bare = {key: (results[0][key] + results[-1][key]) / 2 for key in ("rps", "cpu_ms")}
        print(
            f"load average after: {os.getloadavg()[0]:.1f}; ratios to the bare view's mean "
            "(req/s: the case's over bare's; CPU: bare's CPU per request over the case's)"
        )
        for result in results:
            print(line(result, bare))
        return 1 if any(r["non2xx"] or r["errors"] for r in results) else 0
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
