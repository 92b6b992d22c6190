"""One process of idle websockets: spectators of quiet tables, connected before a load run and
held through it, as the open tabs of players waiting on correspondence games are.

Each socket connects to /ws/tables/<id>/ of a quiet table (one where nobody moves), reads its
sync frame, then only listens. The process says how many connected, holds them until told to
stop, and reports how many closed under it meanwhile.
"""
from __future__ import annotations

import asyncio

import orjson
import websockets

CONNECT_CONCURRENCY = 50


async def hold(targets: list[dict], ready_queue, stop_queue) -> dict:
    limit = asyncio.Semaphore(CONNECT_CONCURRENCY)
    closed = [0]

    async def connect(target: dict):
        origin = target["url"].replace("ws://", "http://").split("/ws/")[0]
        async with limit:
            socket = await websockets.connect(
                target["url"], origin=origin, additional_headers={"Cookie": target["cookie"]}, compression=None,
                open_timeout=120, ping_interval=None, max_size=2**24)
            first = orjson.loads(await socket.recv())
        assert first["type"] == "sync", first
        return socket

    async def listen(socket):
        try:
            async for _ in socket:
                pass
        except websockets.ConnectionClosed:
            pass
        if not stopping.is_set():
            closed[0] += 1

    stopping = asyncio.Event()
    sockets = await asyncio.gather(*(connect(target) for target in targets))
    listeners = [asyncio.create_task(listen(socket)) for socket in sockets]
    ready_queue.put(len(sockets))
    await asyncio.get_running_loop().run_in_executor(None, stop_queue.get)
    stopping.set()
    await asyncio.gather(*(socket.close() for socket in sockets), return_exceptions=True)
    await asyncio.gather(*listeners)
    return {"idle_sockets": len(sockets), "closed_while_held": closed[0]}


def idle_process(targets: list[dict], ready_queue, stop_queue, result_queue) -> None:
    """Entry point (multiprocessing, spawn): connect, say how many, hold, report."""
    try:
        result = asyncio.run(hold(targets, ready_queue, stop_queue))
    except BaseException as error:  # the parent must not wait forever
        ready_queue.put(0)
        result = {"failure": repr(error)}
    result_queue.put(result)
