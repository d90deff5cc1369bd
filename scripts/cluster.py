"""A federation server's pieces on loopback: ``make cluster``.

PostgreSQL 15 (the database ``scripts/with-postgres.sh`` gives in ``DATABASE_URL``), Redis
(Debian's ``redis-server``: the cache of the public pages and the sessions' read-through
cache), two or more application nodes (gunicorn with the product's
``marias_admin/gunicorn_conf.py``, each with its own var directory as if it were its own
machine: nothing on one node's disk or in its memory is needed by another) and nginx in front,
serving the static files itself and spreading the rest over the nodes.

What the nodes share lives in PostgreSQL (results, sessions, PIN failures, django-axes' login
attempts, the round clock) or Redis (cached pages and their generations, the tournament
language); they share the secret key through the environment. A node that dies is taken out by
nginx (a refused connection is tried on the next node, also for a POST, since nothing was sent);
a request in flight on it when it died gets a 502 and the phone sends it again.

Each node runs two gunicorn pools of the same application (:class:`Pool`): the **readers**
take the anonymous GETs (spectators' standings, projector, public pages: nearly all served from
the shared cache in a few milliseconds), the **writers** everything else (POSTs, and every
request with a session cookie: scorekeepers' table pages, organisers, referees), started with
``nice +5``. nginx routes by method and session cookie. Measured under ``make loadtest
CLUSTER=1`` the spectators' pages queued behind the writes in the same processes (a cached
page costs 3 ms alone, seconds at p95 among table renders and hand POSTs); in their own
processes, with the kernel preferring them when both want the cores, their p95 fell to under
200 ms, and the writers use whatever CPU the readers leave (README, "Cluster"). Both pools
run on every node, so losing a node leaves both; either pool can serve any request (the split
is only a priority).

Used three ways: ``make cluster`` serves until Ctrl+C (``main``); ``scripts/loadtest.py
--cluster`` and ``scripts/cluster_test.py`` start a :class:`Cluster` over a database they
made. Everything binds 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = Path(sys.executable)
GUNICORN = PYTHON.parent / "gunicorn"
REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"

NGINX_CONF = """\
# Written by scripts/cluster.py; the production version is in docs/deployment.md.
{user}worker_processes 1;
pid {state}/nginx.pid;
error_log {state}/nginx-error.log warn;
events {{ worker_connections 4096; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path {state}/nginx-tmp/body;
    proxy_temp_path {state}/nginx-tmp/proxy;
    fastcgi_temp_path {state}/nginx-tmp/fastcgi;
    uwsgi_temp_path {state}/nginx-tmp/uwsgi;
    scgi_temp_path {state}/nginx-tmp/scgi;
    # A phone keeps its connection to the proxy between hands, longer than browsers keep an
    # idle connection (Chrome 300 s, Firefox 115 s): the browser closes first, so a POST never
    # goes out on a connection the proxy is closing at that moment.
    keepalive_timeout 310s;
    client_max_body_size 3m;
{upstreams}
    server {{
        listen 127.0.0.1:{port};
        location /static/ {{
            alias {static}/;
            gzip_static on;
            expires 30d;
        }}
        location / {{
            proxy_pass http://$marias_pool;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            # A node that refuses the connection (stopped, restarting) is skipped, also for a
            # POST: nothing was sent to it. A request already sent is never sent twice.
            proxy_next_upstream error timeout http_502 http_503;
            proxy_next_upstream_tries 3;
            proxy_connect_timeout 2s;
            proxy_read_timeout 120s;
        }}
    }}
}}
"""

# Spectators (an anonymous GET or HEAD: no session cookie) go to the readers, everything else
# (a POST, a logged-in scorekeeper, organiser or referee) to the writers.
ROUTING = """\
    map "$request_method:$cookie_sessionid" $marias_pool {
        default marias_writers;
        "GET:" marias_readers;
        "HEAD:" marias_readers;
    }
"""
# No reader pool (CLUSTER_READERS=0, to measure the difference): one pool serves everything.
ONE_POOL = """\
    map $request_method $marias_pool {
        default marias_writers;
    }
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_http(url: str, process: subprocess.Popen | None, seconds: float, log: Path) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2).read()
            return
        except OSError:
            if process is not None and process.poll() is not None:
                break
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer; see {log}")


@dataclass(frozen=True)
class Pool:
    """One gunicorn of a node: ``workers`` processes × ``threads`` threads, at CPU priority
    ``nice`` (0 normal; higher yields the cores to the other pool when both want them)."""

    name: str
    workers: int
    threads: int
    nice: int = 0


# Per node, on a 2-core machine with two nodes (`make loadtest CLUSTER=1`, see README "Cluster"):
# readers serve cached pages (a few ms of CPU each; a render when a result changed them);
# writers mostly wait for PostgreSQL, a few threads each.
READERS = Pool("readers", workers=2, threads=4)
WRITERS = Pool("writers", workers=2, threads=4, nice=5)


def pools_from_env() -> tuple[Pool, ...]:
    """The pools, changed by ``CLUSTER_READERS`` / ``CLUSTER_WRITERS`` (``WORKERSxTHREADS``,
    e.g. ``2x4``) and ``CLUSTER_WRITER_NICE`` (e.g. ``0`` to measure without priorities);
    ``CLUSTER_READERS=0``: no reader pool, the writers serve everything (the layout before
    the split, for comparison)."""

    def size(name: str, default: Pool) -> tuple[int, int]:
        text = os.environ.get(name, f"{default.workers}x{default.threads}")
        workers, _x, threads = text.partition("x")
        return int(workers), int(threads or 0)

    nice = int(os.environ.get("CLUSTER_WRITER_NICE", str(WRITERS.nice)))
    readers = Pool("readers", *size("CLUSTER_READERS", READERS))
    writers = Pool("writers", *size("CLUSTER_WRITERS", WRITERS), nice=nice)
    return (readers, writers) if readers.workers else (writers,)


class Cluster:
    """Redis, ``nodes`` application nodes (each a reader and a writer pool) and nginx on
    loopback, over ``database_url``.

    The database must be migrated (:meth:`prepare` does it and collects each node's static
    files). ``base`` is the proxy's address; ``node_base(i)`` a node's own (its writer pool,
    which serves any request)."""

    def __init__(self, state: Path, database_url: str, *, nodes: int = 2, port: int = 0,
                 pools: tuple[Pool, ...] | None = None, access_log: bool = False,
                 secret_key: str | None = None) -> None:
        self.state = state
        self.database_url = database_url
        self.count = nodes
        self.port = port or free_port()
        self.pools = pools or pools_from_env()
        self.access_log = access_log
        self.redis_port = free_port()
        self.node_ports = [{pool.name: free_port() for pool in self.pools} for _ in range(nodes)]
        self.nodes: list[dict[str, subprocess.Popen]] = [{} for _ in range(nodes)]
        self.redis: subprocess.Popen | None = None
        self.nginx: subprocess.Popen | None = None
        state.mkdir(parents=True, exist_ok=True)
        key_file = state / "secret_key"
        if secret_key:  # the caller's (it made sessions with it)
            key_file.write_text(secret_key)
        if not key_file.exists():
            key_file.write_text(secrets.token_urlsafe(50))
            key_file.chmod(0o600)
        self.secret_key = key_file.read_text().strip()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def redis_url(self) -> str:
        return f"redis://127.0.0.1:{self.redis_port}/0"

    def node_base(self, index: int, pool: str = "writers") -> str:
        return f"http://127.0.0.1:{self.node_ports[index][pool]}"

    def node_dir(self, index: int) -> Path:
        return self.state / f"node{index + 1}"

    def logs(self, name: str) -> list[Path]:
        """Every pool's file ``name`` (``gunicorn.log``, ``access.log``) on every node."""
        return [self.node_dir(i) / pool.name / name
                for i in range(self.count) for pool in self.pools]

    def processes(self) -> list[subprocess.Popen]:
        """What runs now: nginx, Redis and every pool's gunicorn master."""
        return [p for p in (self.nginx, self.redis, *(
            process for node in self.nodes for process in node.values())) if p is not None]

    def env(self, index: int, pool: Pool | None = None) -> dict[str, str]:
        """A node's environment: the same database, Redis and secret key, its own var dir."""
        pool = pool or self.pools[-1]
        env = dict(os.environ)
        env.pop("DJANGO_DEBUG", None)
        env.pop("DJANGO_CACHE_URL", None)
        env.update({
            "DATABASE_URL": self.database_url, "REDIS_URL": self.redis_url,
            "DJANGO_SECRET_KEY": self.secret_key, "DJANGO_BEHIND_PROXY": "1",
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DJANGO_PUBLIC_URL": self.base, "MARIAS_VAR_DIR": str(self.node_dir(index)),
            "GUNICORN_WORKERS": str(pool.workers), "GUNICORN_THREADS": str(pool.threads),
            "DJANGO_SETTINGS_MODULE": "marias_admin.settings",
        })
        return env

    def prepare(self, *, migrate: bool = True) -> None:
        """Migrate the database once; collect the static files on every node (as each machine
        of a real cluster does on deployment; nginx serves the first node's)."""
        if migrate:
            subprocess.run([str(PYTHON), "manage.py", "migrate", "--noinput", "-v", "0"],
                           cwd=ROOT, env=self.env(0), check=True)
        jobs = [subprocess.Popen([str(PYTHON), "manage.py", "collectstatic", "--noinput",
                                  "-v", "0"], cwd=ROOT, env=self.env(i))
                for i in range(self.count)]
        if any(job.wait() for job in jobs):
            raise RuntimeError("collectstatic failed")

    # -- the pieces ----------------------------------------------------------------------------

    def start(self) -> None:
        self.start_redis()
        for index in range(self.count):
            self.start_node(index, wait=False)
        for index in range(self.count):
            self.wait_node(index)
        self.start_nginx()

    def start_redis(self) -> None:
        data = self.state / "redis"
        data.mkdir(exist_ok=True)
        # A cache: no snapshots, no append-only file; the sessions are in PostgreSQL too.
        self.redis = subprocess.Popen(
            [REDIS, "--bind", "127.0.0.1", "--port", str(self.redis_port), "--dir", str(data),
             "--save", "", "--appendonly", "no", "--maxmemory", "256mb",
             "--maxmemory-policy", "allkeys-lru", "--logfile", str(self.state / "redis.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.redis_port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"redis did not start; see {self.state / 'redis.log'}")

    def start_node(self, index: int, *, wait: bool = True) -> None:
        for pool in self.pools:
            self.start_pool(index, pool)
        if wait:
            self.wait_node(index)

    def start_pool(self, index: int, pool: Pool) -> None:
        directory = self.node_dir(index) / pool.name
        directory.mkdir(parents=True, exist_ok=True)
        log = (directory / "gunicorn.log").open("a")
        command = [str(GUNICORN), "-c", "python:marias_admin.gunicorn_conf",
                   "marias_admin.wsgi:application",
                   "--bind", f"127.0.0.1:{self.node_ports[index][pool.name]}",
                   "--control-socket", str(directory / "gunicorn.ctl")]
        if pool.nice:
            command = ["nice", "-n", str(pool.nice), *command]  # exec: the pid is gunicorn's
        if self.access_log:
            command += ["--access-logfile", str(directory / "access.log"),
                        "--access-logformat", "%(t)s %(m)s %(U)s %(q)s %(s)s %(D)s"]
        # Its own session (process group): killing the pool kills its workers with it.
        self.nodes[index][pool.name] = subprocess.Popen(
            command, cwd=ROOT, env=self.env(index, pool), stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True)

    def wait_node(self, index: int) -> None:
        for pool in self.pools:
            wait_http(self.node_base(index, pool.name) + "/", self.nodes[index].get(pool.name),
                      90, self.node_dir(index) / pool.name / "gunicorn.log")

    def kill_node(self, index: int) -> None:
        """The machine dies: SIGKILL to both pools' masters and workers, requests in flight
        are cut."""
        for process in self.nodes[index].values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
        self.nodes[index] = {}

    def start_nginx(self) -> None:
        for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.state / "nginx-tmp" / name).mkdir(parents=True, exist_ok=True)
        upstreams = ROUTING if len(self.pools) > 1 else ONE_POOL
        upstreams += "\n".join(
            f"    upstream marias_{pool.name} {{\n" + "\n".join(
                f"        server 127.0.0.1:{ports[pool.name]} max_fails=1 fail_timeout=3s;"
                for ports in self.node_ports) + "\n    }"
            for pool in self.pools)
        conf = self.state / "nginx.conf"
        # As root nginx would hand its workers to "nobody", who may not read the checkout.
        user = "user root;\n" if os.geteuid() == 0 else ""
        conf.write_text(NGINX_CONF.format(
            user=user, state=self.state, upstreams=upstreams, port=self.port,
            static=self.node_dir(0) / "static"))
        self.nginx = subprocess.Popen(
            [NGINX, "-c", str(conf), "-p", str(self.state), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=(self.state / "nginx.log").open("a"),
            start_new_session=True)
        wait_http(self.base + "/", self.nginx, 20, self.state / "nginx-error.log")

    def stop(self) -> None:
        """Everything this object started, gently first."""
        processes = self.processes()
        for process in processes:
            if process.poll() is None:
                process.terminate()
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                if process is self.redis:
                    process.kill()
                else:  # its own process group: the workers go with it
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
        self.nginx, self.redis = None, None
        self.nodes = [{} for _ in range(self.count)]

    def __enter__(self) -> Cluster:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=int(os.environ.get("CLUSTER_NODES", "2")))
    parser.add_argument("--port", type=int, default=int(os.environ.get("CLUSTER_PORT", "8080")),
                        help="nginx's port on 127.0.0.1")
    parser.add_argument("--state", type=Path, default=ROOT / "var" / "cluster")
    parser.add_argument("--no-demo", action="store_true", help="skip the demo tournaments")
    args = parser.parse_args()
    database_url = os.environ.get("DATABASE_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("DATABASE_URL must name PostgreSQL: run "
                         "`bash scripts/with-postgres.sh .venv/bin/python scripts/cluster.py` "
                         "(what `make cluster` does)")
    cluster = Cluster(args.state, database_url, nodes=args.nodes, port=args.port,
                      access_log=True)
    cluster.prepare()
    if not args.no_demo:
        subprocess.run([str(PYTHON), "manage.py", "bootstrap", "--site-url", cluster.base],
                       cwd=ROOT, env=cluster.env(0), check=True)
    stopping = False

    def stop(_signum: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        cluster.start()
        pools = ", ".join(f"{p.name} {p.workers}×{p.threads}" + (f" nice +{p.nice}" if p.nice
                                                                 else "") for p in cluster.pools)
        print(f"Cluster: nginx on {cluster.base}/ (static files from "
              f"{cluster.node_dir(0) / 'static'}), Redis {cluster.redis_url}, "
              f"{cluster.count} nodes ({pools}): "
              + ", ".join(cluster.node_base(i) for i in range(cluster.count)))
        print(f"Logs and state in {cluster.state}; Ctrl+C stops everything.", flush=True)
        while not stopping:
            for index, node in enumerate(cluster.nodes):
                for pool in cluster.pools:
                    process = node.get(pool.name)
                    if process is not None and process.poll() is not None:
                        print(f"node {index + 1}'s {pool.name} ended (exit "
                              f"{process.returncode}); restarting them")
                        cluster.start_pool(index, pool)
            time.sleep(1)
    finally:
        cluster.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
