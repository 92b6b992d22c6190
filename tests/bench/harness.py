"""The production profile on this machine, as subprocesses: a fresh PostgreSQL database, a
Redis database, two uvicorn processes, a Celery worker and Celery beat (the deadline ticker).

    with Service() as service:
        service.http_urls, service.ws_urls, service.env, service.sql(...), service.call(...)

Everything listens on loopback only. Every process runs in its own process group and is
stopped on exit, and the database is dropped, whatever happened. The benchmarks and the
fault tests share this module.
"""
from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import psycopg
import redis

ROOT = Path(__file__).resolve().parents[2]
PYTHON = str(ROOT / ".venv" / "bin" / "python")
BIN = ROOT / ".venv" / "bin"
PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
SHARED_REDIS_PORT = 6379
# Redis databases the harness may take; one run claims one with a key that expires by itself.
REDIS_DBS = range(8, 16)
CLAIM_KEY = "sampan-harness-claim"
STARTUP_SECONDS = 60


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(check, what: str, seconds: float = STARTUP_SECONDS, interval: float = 0.1) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(interval)
    raise TimeoutError(f"{what} did not come up within {seconds} s")


def cpu_seconds(pid: int) -> float:
    """User + system CPU of one process and its reaped children, from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0.0
    ticks = sum(int(value) for value in fields[11:15])  # utime, stime, cutime, cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def rss_bytes(pid: int) -> int:
    """Resident memory of one process, from /proc."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except (FileNotFoundError, ProcessLookupError):
        pass
    return 0


def group_pids(pgid: int) -> list[int]:
    """The live processes of a process group (a prefork worker's children included)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:
            pids.append(int(entry.name))
    return pids


class Process:
    """One server process in its own process group, logging to a file."""

    def __init__(self, name: str, args: list[str], env: dict, log_dir: Path):
        self.name = name
        self.log_path = log_dir / f"{name}.log"
        with open(self.log_path, "ab") as log:
            self.popen = subprocess.Popen(
                args, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )

    @property
    def pid(self) -> int:
        return self.popen.pid

    def alive(self) -> bool:
        return self.popen.poll() is None

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Signal the whole group (a Celery worker's pool children too)."""
        try:
            os.killpg(self.pid, sig)
        except ProcessLookupError:
            pass
        if sig == signal.SIGKILL:
            self.popen.wait(timeout=10)

    def stop(self, grace: float = 10) -> None:
        if self.alive():
            self.kill(signal.SIGTERM)
            try:
                self.popen.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                pass
        self.kill(signal.SIGKILL)  # stragglers of the group, if any

    def cpu_seconds(self) -> float:
        return sum(cpu_seconds(pid) for pid in group_pids(self.pid))

    def rss_bytes(self) -> int:
        return sum(rss_bytes(pid) for pid in group_pids(self.pid))

    def log_tail(self, lines: int = 30) -> str:
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


# The ASGI servers the profile can run, started as the README's production section starts them.
APP = "config.asgi:application"
SERVERS = {name: (lambda port, app=APP, name=name: [str(ROOT / "scripts" / "serve.sh"), name, "127.0.0.1", str(port), app])
           for name in ("uvicorn", "daphne")}


class Service:
    """The whole production profile; use as a context manager."""

    def __init__(self, asgi_servers: int = 2, worker: bool = True, beat: bool = True,
                 private_redis: bool = False, worker_concurrency: int = 2, env: dict | None = None,
                 server: str = "uvicorn", worker_nice: int = 0, collect_static: bool = False):
        self.asgi_count = asgi_servers
        self.server = server
        self.want_worker = worker
        self.want_beat = beat
        self.private_redis = private_redis
        self.worker_concurrency = worker_concurrency
        self.worker_nice = worker_nice  # the worker under `nice -n`: its bots yield the cores to the servers
        self.extra_env = env or {}
        self.collect_static = collect_static  # the pages' files gathered (and compressed) as the README does
        self.name = f"sampan_bench_{os.getpid()}_{secrets.token_hex(3)}"
        self.log_dir = Path(tempfile.mkdtemp(prefix=f"{self.name}-"))
        self.asgi: list[Process | None] = []
        self.asgi_ports: list[int] = []
        self.worker: Process | None = None
        self.beat: Process | None = None
        self.redis_server: Process | None = None
        self.redis_port = SHARED_REDIS_PORT
        self.redis_db: int | None = None
        self.created_db = False

    # --------------------------------------------------------------------- lifecycle

    def __enter__(self) -> "Service":
        if threading.current_thread() is threading.main_thread():
            # `timeout` and `kill` send SIGTERM: unwind, so that everything is stopped and dropped.
            signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        self._start_redis()
        self._create_database()
        self.env = self._environment()
        self.manage("migrate", "--noinput")
        if self.collect_static:
            self.manage("collectstatic", "--noinput")
        self.asgi_ports = [free_port() for _ in range(self.asgi_count)]
        self.asgi = [None] * self.asgi_count
        for index in range(self.asgi_count):
            self.start_asgi(index)
        if self.want_worker:
            self.start_worker()
        if self.want_beat:
            self.start_beat()

    def stop(self) -> None:
        for process in [*self.asgi, self.worker, self.beat]:
            if process is not None:
                process.stop()
        if self.created_db:
            with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
            self.created_db = False
        if self.collect_static:  # the logs stay for a look afterwards, the 20 MB of copies not
            shutil.rmtree(self.log_dir / "static", ignore_errors=True)
        if self.redis_server is not None:
            self.redis_server.stop()
            self.redis_server = None
        elif self.redis_db is not None:
            self.redis().flushdb()
            self.redis_db = None

    # --------------------------------------------------------------------- pieces

    def _start_redis(self) -> None:
        if self.private_redis:
            self.redis_port = free_port()
            self.redis_db = 0
            self.start_redis_server()
            return
        for db in REDIS_DBS:
            client = redis.Redis(host="127.0.0.1", port=self.redis_port, db=db)
            if client.set(CLAIM_KEY, self.name, nx=True, ex=6 * 3600):
                client.flushdb()
                client.set(CLAIM_KEY, self.name, ex=6 * 3600)
                self.redis_db = db
                return
        raise RuntimeError(f"Every Redis database {REDIS_DBS} is claimed by another harness.")

    def start_redis_server(self) -> None:
        """A private redis-server (the Redis fault test restarts it)."""
        args = ["redis-server", "--bind", "127.0.0.1", "--port", str(self.redis_port), "--save", "",
                "--appendonly", "no", "--dir", str(self.log_dir)]
        self.redis_server = Process("redis", args, os.environ.copy(), self.log_dir)
        wait_until(lambda: self.redis().ping(), "redis-server")

    def stop_redis(self) -> None:
        assert self.redis_server is not None, "only a private Redis is stopped"
        self.redis_server.kill()

    def redis(self) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=self.redis_port, db=self.redis_db)

    def _create_database(self) -> None:
        with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{self.name}"')
        self.created_db = True

    @property
    def database_url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:5432/{self.name}"

    def _environment(self) -> dict:
        env = {key: value for key, value in os.environ.items() if not key.startswith(("SAMPAN_", "DJANGO_"))}
        env.update(
            SAMPAN_PROFILE="production",
            DJANGO_SETTINGS_MODULE="config.settings",
            DATABASE_URL=self.database_url,
            REDIS_URL=f"redis://127.0.0.1:{self.redis_port}/{self.redis_db}",
            SAMPAN_REDIS_PREFIX=self.name,
            SECRET_KEY=secrets.token_hex(32),
            ALLOWED_HOSTS="127.0.0.1,localhost",
            SECURE_COOKIES="0",  # plain HTTP on loopback: no TLS to insist on
            SECURE_SSL_REDIRECT="0",
            SECURE_HSTS_SECONDS="0",
            PYTHONUNBUFFERED="1",
            PYTHONPATH=str(ROOT),
            # Loads and faults drive many all-bot tables of one owner as fast as they go.
            SAMPAN_AI_PACE_SECONDS="0",
            SAMPAN_MAX_OPEN_TABLES="100000",
            SAMPAN_MAX_RUNNING_TABLES="100000",
            SAMPAN_MAX_BOT_TABLES="100000",
        )
        if self.collect_static:
            env["STATIC_ROOT"] = str(self.log_dir / "static")
        env.update(self.extra_env)
        return env

    def manage(self, *args: str) -> str:
        done = subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=self.env, capture_output=True,
                              text=True, timeout=300)
        if done.returncode != 0:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
        return done.stdout

    def start_asgi(self, index: int) -> None:
        port = self.asgi_ports[index]
        self.asgi[index] = Process(f"{self.server}-{index}-{port}", SERVERS[self.server](port), self.env, self.log_dir)
        wait_until(lambda: self._http_ok(port), f"{self.server} on port {port}")

    def kill_asgi(self, index: int) -> None:
        self.asgi[index].kill()

    @staticmethod
    def _http_ok(port: int) -> bool:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games/", timeout=2) as response:
            return response.status == 200

    def start_worker(self) -> None:
        log_name = f"worker-{int(time.time() * 1000)}"
        niced = ["nice", "-n", str(self.worker_nice)] if self.worker_nice else []
        args = [*niced, str(BIN / "celery"), "-A", "config", "worker", "-Q", "ai,sampan", "-P", "prefork",
                "-c", str(self.worker_concurrency), "-n", f"{log_name}@{self.name}", "--without-gossip",
                "--without-mingle", "--without-heartbeat", "--loglevel", "INFO"]
        self.worker = Process(log_name, args, self.env, self.log_dir)
        wait_until(lambda: "ready." in self.worker.log_path.read_text(errors="replace"), "celery worker")

    def kill_worker(self) -> None:
        """kill -9 the worker and its pool children."""
        self.worker.kill(signal.SIGKILL)

    def start_beat(self) -> None:
        args = [str(BIN / "celery"), "-A", "config", "beat", "--schedule", str(self.log_dir / "beat-schedule"),
                "--loglevel", "INFO"]
        self.beat = Process("beat", args, self.env, self.log_dir)

    # --------------------------------------------------------------------- use

    @property
    def http_urls(self) -> list[str]:
        return [f"http://127.0.0.1:{port}" for port in self.asgi_ports]

    @property
    def ws_urls(self) -> list[str]:
        return [f"ws://127.0.0.1:{port}" for port in self.asgi_ports]

    def sql(self, query: str, params=()) -> list[tuple]:
        with psycopg.connect(self.database_url, autocommit=True) as connection:
            cursor = connection.execute(query, params)
            return cursor.fetchall() if cursor.description else []

    def vacuum(self) -> None:
        """VACUUM ANALYZE the service's database: this cluster runs without autovacuum, which
        a production one has, and each run of a benchmark should start from the same footing
        rather than from the dead rows of the runs before it."""
        self.sql("VACUUM (ANALYZE)")

    def table_activity(self) -> dict[str, dict[str, int]]:
        """PostgreSQL's counters of each of the service's tables so far (scans, rows read and
        written): the difference over a window shows where the database's work went."""
        columns = ("seq_scan", "seq_tup_read", "idx_scan", "idx_tup_fetch", "n_tup_ins", "n_tup_upd", "n_tup_del")
        rows = self.sql(f"SELECT relname, {', '.join(f'coalesce({c}, 0)' for c in columns)} FROM pg_stat_user_tables")
        return {name: dict(zip(columns, values)) for name, *values in rows}

    def call(self, target: str, **kwargs):
        """Run `module:function(**kwargs)` in a Django process of this service; returns its JSON."""
        done = subprocess.run([PYTHON, "-m", "tests.bench.django_call", target, json.dumps(kwargs)], cwd=ROOT,
                              env=self.env, capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            raise RuntimeError(f"{target} failed:\n{done.stderr[-4000:]}")
        return json.loads(done.stdout.strip().splitlines()[-1])

    def use_django_here(self) -> None:
        """Point this (non-test) process's Django at the service, for seeding from Python."""
        os.environ.update(self.env)
        sys.path.insert(0, str(ROOT))
        import django
        from django.apps import apps

        if not apps.ready:
            django.setup()
            return
        # A later service of the same run (one per N): settings are read once, so move the
        # process's connection to this service's database.
        import dj_database_url
        from django.db import connections

        connections.close_all()
        fresh = dj_database_url.parse(self.database_url)
        connections["default"].settings_dict.update({key: fresh[key] for key in ("NAME", "USER", "HOST", "PORT")})

    def processes(self) -> dict[str, Process]:
        named = {p.name: p for p in self.asgi if p is not None}
        for process in (self.worker, self.beat, self.redis_server):
            if process is not None:
                named[process.name] = process
        return named

    def cpu_snapshot(self) -> dict[str, float]:
        """CPU seconds so far of each service process, of PostgreSQL and of the shared Redis."""
        snapshot = {name: process.cpu_seconds() for name, process in self.processes().items()}
        snapshot["postgres (all backends)"] = sum(cpu_seconds(pid) for pid in pids_named("postgres"))
        if self.redis_server is None:
            snapshot["redis-server"] = sum(cpu_seconds(pid) for pid in pids_named("redis-server"))
        return snapshot

    def logs(self, lines: int = 30) -> str:
        return "\n".join(f"--- {name}\n{p.log_tail(lines)}" for name, p in self.processes().items())


def machine_load() -> dict:
    """How busy the whole machine is (other work shares these cores): load and CPU pressure."""
    pressure = Path("/proc/pressure/cpu").read_text().split()
    some_avg60 = next(field for field in pressure if field.startswith("avg60=")).split("=")[1]
    return {"cores": os.cpu_count(), "loadavg_1m": float(Path("/proc/loadavg").read_text().split()[0]),
            "cpu_pressure_some_avg60_pct": float(some_avg60)}


def baseline(database_url: str, redis_url: str, repeats: int = 200) -> dict:
    """How fast this machine is at this moment, for ratios that survive its noise: a fixed piece
    of pure Python, and a loopback round trip to PostgreSQL (SELECT 1) and to Redis (PING),
    medians in ms."""
    def python_work() -> None:
        sum(i * i for i in range(20_000))

    with psycopg.connect(database_url, autocommit=True) as connection:
        client = redis.Redis.from_url(redis_url)
        return {"python_20k_squares_ms": _median_ms(python_work, repeats // 4),
                "postgres_select_1_ms": _median_ms(lambda: connection.execute("SELECT 1"), repeats),
                "redis_ping_ms": _median_ms(client.ping, repeats)}


def _median_ms(call, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        began = time.perf_counter()
        call()
        times.append(time.perf_counter() - began)
    return round(1000 * sorted(times)[len(times) // 2], 3)


def percentile(values: list[float], fraction: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


FRACTIONS = {"p50": 0.50, "p95": 0.95, "p99": 0.99, "max": 1.0}


def percentiles_ms(seconds: list[float], names: tuple[str, ...] = ("p50", "p95", "p99", "max")) -> dict:
    """The `names` percentiles of `seconds`, in milliseconds to a tenth (None without values)."""
    return {name: round(1000 * value, 1) if (value := percentile(seconds, FRACTIONS[name])) is not None else None
            for name in names}


def pids_named(command: str) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() == command:
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids
