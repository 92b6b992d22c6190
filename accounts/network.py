"""The client's address: the one place that decides which address a request comes from.

Everything that keys on an address (the sign-up quota, the login lockout of django-axes, DRF
throttles) calls `client_ip`. X-Forwarded-For is trusted only as far as the deployment says
it has proxies in front of the service (settings.TRUSTED_PROXIES, from SAMPAN_TRUSTED_PROXIES):

- 0 (the default): the header is ignored; the address is the peer's (REMOTE_ADDR), since any
  client can send any X-Forwarded-For.
- N: each of the N proxies appends the address it received the request from (nginx's
  $proxy_add_x_forwarded_for), so the N-th address from the right was written by our own first
  proxy and is the client's; anything left of it came from the client and is ignored. A header
  with fewer addresses (a request that skipped a proxy in front) gives its leftmost address; a
  header that is missing or not an address gives REMOTE_ADDR.
"""
from __future__ import annotations

import ipaddress

from django.conf import settings


def _address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_ip(request) -> str | None:
    """The client's address as this deployment can trust it (a normalised IPv4/IPv6 string), or
    None when the request has none (e.g. a request made in code)."""
    meta = request.META
    peer = meta.get("REMOTE_ADDR") or ""
    proxies = settings.TRUSTED_PROXIES
    forwarded = meta.get("HTTP_X_FORWARDED_FOR", "")
    if proxies > 0 and forwarded:
        hops = [hop for hop in forwarded.split(",") if hop.strip()]
        if hops:
            chosen = _address(hops[-proxies] if len(hops) >= proxies else hops[0])
            if chosen:
                return chosen
    return _address(peer)


def is_loopback(host: str) -> bool:
    """True for a loopback address or the name localhost."""
    host = host.strip().strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
