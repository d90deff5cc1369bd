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
    upstream marias {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        location /static/ {{
            alias {static}/;
            gzip_static on;
            expires 30d;
        }}
        location / {{
            proxy_pass http://marias;
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


class Cluster:
    """Redis, ``nodes`` gunicorn nodes and nginx on loopback, over ``database_url``.

    The database must be migrated (:meth:`prepare` does it and collects each node's static
    files). ``base`` is the proxy's address; ``node_base(i)`` a node's own."""

    def __init__(self, state: Path, database_url: str, *, nodes: int = 2, port: int = 0,
                 workers: int = 2, threads: int = 8, access_log: bool = False,
                 secret_key: str | None = None) -> None:
        self.state = state
        self.database_url = database_url
        self.count = nodes
        self.port = port or free_port()
        self.workers, self.threads = workers, threads
        self.access_log = access_log
        self.redis_port = free_port()
        self.node_ports = [free_port() for _ in range(nodes)]
        self.nodes: list[subprocess.Popen | None] = [None] * nodes
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

    def node_base(self, index: int) -> str:
        return f"http://127.0.0.1:{self.node_ports[index]}"

    def node_dir(self, index: int) -> Path:
        return self.state / f"node{index + 1}"

    def env(self, index: int) -> dict[str, str]:
        """A node's environment: the same database, Redis and secret key, its own var dir."""
        env = dict(os.environ)
        env.pop("DJANGO_DEBUG", None)
        env.pop("DJANGO_CACHE_URL", None)
        env.update({
            "DATABASE_URL": self.database_url, "REDIS_URL": self.redis_url,
            "DJANGO_SECRET_KEY": self.secret_key, "DJANGO_BEHIND_PROXY": "1",
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DJANGO_PUBLIC_URL": self.base, "MARIAS_VAR_DIR": str(self.node_dir(index)),
            "GUNICORN_WORKERS": str(self.workers), "GUNICORN_THREADS": str(self.threads),
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
        directory = self.node_dir(index)
        directory.mkdir(exist_ok=True)
        log = (directory / "gunicorn.log").open("a")
        command = [str(GUNICORN), "-c", "python:marias_admin.gunicorn_conf",
                   "marias_admin.wsgi:application",
                   "--bind", f"127.0.0.1:{self.node_ports[index]}",
                   "--control-socket", str(directory / "gunicorn.ctl")]
        if self.access_log:
            command += ["--access-logfile", str(directory / "access.log"),
                        "--access-logformat", "%(t)s %(m)s %(U)s %(q)s %(s)s %(D)s"]
        # Its own session (process group): killing the node kills its workers with it.
        self.nodes[index] = subprocess.Popen(command, cwd=ROOT, env=self.env(index), stdout=log,
                                             stderr=subprocess.STDOUT, start_new_session=True)
        if wait:
            self.wait_node(index)

    def wait_node(self, index: int) -> None:
        wait_http(self.node_base(index) + "/", self.nodes[index], 90,
                  self.node_dir(index) / "gunicorn.log")

    def kill_node(self, index: int) -> None:
        """The machine dies: SIGKILL to the node's master and workers, requests in flight
        are cut."""
        process = self.nodes[index]
        if process is not None and process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        self.nodes[index] = None

    def start_nginx(self) -> None:
        for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (self.state / "nginx-tmp" / name).mkdir(parents=True, exist_ok=True)
        servers = "\n".join(f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=3s;"
                            for port in self.node_ports)
        conf = self.state / "nginx.conf"
        # As root nginx would hand its workers to "nobody", who may not read the checkout.
        user = "user root;\n" if os.geteuid() == 0 else ""
        conf.write_text(NGINX_CONF.format(
            user=user, state=self.state, servers=servers, port=self.port,
            static=self.node_dir(0) / "static"))
        self.nginx = subprocess.Popen(
            [NGINX, "-c", str(conf), "-p", str(self.state), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=(self.state / "nginx.log").open("a"),
            start_new_session=True)
        wait_http(self.base + "/", self.nginx, 20, self.state / "nginx-error.log")

    def stop(self) -> None:
        """Everything this object started, gently first."""
        processes = [p for p in (self.nginx, *self.nodes, self.redis) if p is not None]
        for process in processes:
            if process.poll() is None:
                process.terminate()
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)
        self.nginx, self.redis = None, None
        self.nodes = [None] * self.count

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
    parser.add_argument("--workers", type=int, default=2, help="processes per node")
    parser.add_argument("--threads", type=int, default=8, help="threads per process")
    parser.add_argument("--state", type=Path, default=ROOT / "var" / "cluster")
    parser.add_argument("--no-demo", action="store_true", help="skip the demo tournaments")
    args = parser.parse_args()
    database_url = os.environ.get("DATABASE_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("DATABASE_URL must name PostgreSQL: run "
                         "`bash scripts/with-postgres.sh .venv/bin/python scripts/cluster.py` "
                         "(what `make cluster` does)")
    cluster = Cluster(args.state, database_url, nodes=args.nodes, port=args.port,
                      workers=args.workers, threads=args.threads, access_log=True)
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
        print(f"Cluster: nginx on {cluster.base}/ (static files from "
              f"{cluster.node_dir(0) / 'static'}), Redis {cluster.redis_url}, "
              f"{cluster.count} nodes: "
              + ", ".join(cluster.node_base(i) for i in range(cluster.count)))
        print(f"Logs and state in {cluster.state}; Ctrl+C stops everything.", flush=True)
        while not stopping:
            for index, node in enumerate(cluster.nodes):
                if node is not None and node.poll() is not None:
                    print(f"node {index + 1} ended (exit {node.returncode}); restarting it")
                    cluster.start_node(index)
            time.sleep(1)
    finally:
        cluster.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
