"""Target 7: `POST /v1/check` of a typical game against a trivial endpoint receiving the same body.

    .venv/bin/python bench/target7_api.py --requests 2000 --seconds 20

Starts the API (``api.create_app``, as ``flip7 serve`` builds it, with one extra route,
``POST /bench/echo``, which reads the body and answers its length) in a child process under uvicorn
on 127.0.0.1 (a free port the kernel picks), then runs a bounded load loop from this process: one
keep-alive HTTP client, both endpoints in alternating rounds, each endpoint at most ``--requests``
requests and ``--seconds`` seconds in all. Each request's body is another simulated game (``--players``
seats) as JSON Lines, the same games for both endpoints (``MAX_BODIES`` of them, then again):
the engine remembers lines across requests, so one body posted again and again would measure a
memo, not a check. The server is stopped at the end.

Target: ``/v1/check`` sustains ≥ 0.5× the requests/s of the trivial endpoint.
"""

from __future__ import annotations

import multiprocessing
import os
import socket
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import Verdict, parser, rate, report  # noqa: E402
from fastapi import Request  # noqa: E402  (module level: the route's annotation is resolved here)

from adjudicator.simulate import simulate  # noqa: E402

ROUNDS = 5
#: At most this many different games are posted (then they repeat).
MAX_BODIES = 2000


def process_cpu(pid: int) -> float | None:
    """The user + system CPU seconds process ``pid`` has used so far (None where ``/proc`` is not there)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def serve(sock: socket.socket, db: str) -> None:
    """Run the API with the echo route on an already bound socket (in the child process)."""
    import uvicorn

    from api import create_app
    from api.responses import SafeJSONResponse
    from api.settings import Settings

    app = create_app(Settings(db_path=Path(db)))

    @app.post("/bench/echo", include_in_schema=False)
    async def echo(request: Request) -> SafeJSONResponse:
        return SafeJSONResponse({"received": len(await request.body())})

    uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False)).run(sockets=[sock])


def main(argv: list[str] | None = None) -> list[Verdict]:
    """Run the benchmark, print the report, return the verdicts."""
    p = parser(__doc__, games=1)
    p.add_argument("--requests", type=int, default=2000, help="at most this many requests per endpoint (default 2000)")
    p.add_argument("--seconds", type=float, default=20.0, help="at most this long per endpoint, in seconds (default 20)")
    args = p.parse_args(argv)
    import httpx

    # a different game in every request (as a platform's traffic is): the engine remembers the lines
    # it has read across requests, and one body posted again and again would find every line known
    bodies = [game.text().encode() for game in simulate(min(args.requests, MAX_BODIES), args.players, seed=args.seed)]
    body = bodies[0]
    events = body.count(b"\n")
    # proto IPPROTO_TCP: asyncio sets TCP_NODELAY on accepted connections only then (else Nagle's
    # algorithm and delayed ACKs add ~40 ms to every response)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    port = sock.getsockname()[1]
    with tempfile.TemporaryDirectory(prefix="flip7-bench-") as tmp:
        server = multiprocessing.get_context("fork").Process(target=serve, args=(sock, str(Path(tmp) / "api.duckdb")), daemon=True)
        server.start()
        sock.close()
        done = {"/v1/check": 0, "/bench/echo": 0}
        spent = {"/v1/check": 0.0, "/bench/echo": 0.0}
        server_cpu: dict[str, float | None] = {"/v1/check": 0.0, "/bench/echo": 0.0}
        client_cpu = {"/v1/check": 0.0, "/bench/echo": 0.0}
        try:
            headers = {"Content-Type": "application/x-ndjson"}
            # TCP_NODELAY: without it, a body sent after its headers waits for a delayed ACK (~40 ms)
            transport = httpx.HTTPTransport(socket_options=[(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)])
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", headers=headers, timeout=30, transport=transport) as client:
                deadline = time.monotonic() + 30
                while True:  # wait for the server to answer
                    try:
                        client.get("/healthz")
                        break
                    except httpx.TransportError:
                        if time.monotonic() > deadline or not server.is_alive():
                            raise RuntimeError("the API server did not start") from None
                        time.sleep(0.05)
                for path in done:  # warm-up, and the check must really judge the game
                    answer = client.post(path, content=body)
                    answer.raise_for_status()
                    if path == "/v1/check":
                        assert answer.json()["valid"], answer.text[:300]
                per_round = max(1, args.requests // ROUNDS)
                for _ in range(ROUNDS):
                    for path in done:
                        cpu_before, client_before = process_cpu(server.pid or 0), time.process_time()
                        start = time.perf_counter()
                        limit = start + args.seconds / ROUNDS
                        for _ in range(per_round):
                            client.post(path, content=bodies[done[path] % len(bodies)]).raise_for_status()
                            done[path] += 1
                            if time.perf_counter() > limit:
                                break
                        spent[path] += time.perf_counter() - start
                        client_cpu[path] += time.process_time() - client_before
                        cpu_after, used = process_cpu(server.pid or 0), server_cpu[path]
                        server_cpu[path] = None if used is None or cpu_before is None or cpu_after is None else used + cpu_after - cpu_before
        finally:
            server.terminate()
            server.join(10)
    check_rps = done["/v1/check"] / spent["/v1/check"]
    echo_rps = done["/bench/echo"] / spent["/bench/echo"]
    rows = [
        ("bodies", f"{len(bodies):,} different games of {args.players} players, one a request (the first: {events} events, {len(body):,} bytes, JSON Lines)"),
        ("POST /bench/echo (reads the body, answers its length)", f"{done['/bench/echo']:,} requests in {spent['/bench/echo']:.2f} s = {rate(done['/bench/echo'], spent['/bench/echo'])} req/s"),
        ("POST /v1/check", f"{done['/v1/check']:,} requests in {spent['/v1/check']:.2f} s = {rate(done['/v1/check'], spent['/v1/check'])} req/s"),
    ]
    for path in done:
        used = server_cpu[path]
        on_server = "not measured (no /proc)" if used is None else f"{used / done[path] * 1e3:.3f} ms"
        rows.append((f"CPU time of one {path} request: server; client", f"{on_server}; {client_cpu[path] / done[path] * 1e3:.3f} ms"))
    check_cpu, echo_cpu = server_cpu["/v1/check"], server_cpu["/bench/echo"]
    if check_cpu is not None and echo_cpu is not None and check_cpu > 0:
        per_check = (check_cpu + client_cpu["/v1/check"]) / done["/v1/check"]
        per_echo = (echo_cpu + client_cpu["/bench/echo"]) / done["/bench/echo"]
        rows.append(("the same ratio in CPU time (server + client per request, trivial ÷ check)", f"{per_echo / per_check:.2f}×"))
    verdicts = [Verdict("/v1/check req/s ÷ trivial endpoint req/s", check_rps / echo_rps, 0.5)]
    notes = ["one keep-alive client on 127.0.0.1, requests in sequence; uvicorn, one worker process; client and server share the machine"]
    report("Target 7: API check against a trivial endpoint", rows, verdicts, notes)
    return verdicts


if __name__ == "__main__":
    main()
