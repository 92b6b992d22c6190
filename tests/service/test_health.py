"""GET /healthz as a load balancer polls a server of the production profile: 200 while the server
reaches PostgreSQL and Redis, 503 naming the part that fails while Redis or the database is gone,
200 again once Redis is back; the server itself keeps running throughout."""
import psycopg
import requests

from tests.bench.harness import PG_ADMIN_URL, Service

DATABASE = "Database(alias='default')"
CACHE = "Cache(alias='default')"  # Redis in production


def health(base: str) -> tuple[int, dict]:
    answer = requests.get(f"{base}/healthz", headers={"Accept": "application/json"}, timeout=30)
    return answer.status_code, answer.json()


def test_the_health_check_follows_redis_and_the_database_going_and_coming_back():
    with Service(asgi_servers=1, worker=False, beat=False, private_redis=True) as service:
        base = service.http_urls[0]
        assert health(base) == (200, {DATABASE: "OK", CACHE: "OK"})

        service.stop_redis()
        status, parts = health(base)
        assert status == 503
        assert parts[DATABASE] == "OK" and parts[CACHE] != "OK"

        service.start_redis_server()
        assert health(base) == (200, {DATABASE: "OK", CACHE: "OK"})

        with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{service.name}" WITH (FORCE)')
        status, parts = health(base)
        assert status == 503
        assert parts[DATABASE] != "OK" and parts[CACHE] == "OK"
        # what a failure says names its kind only, not the database's address or its name
        assert service.name not in parts[DATABASE] and "127.0.0.1" not in parts[DATABASE]
        assert requests.get(f"{base}/healthz", timeout=30).status_code == 503  # its page for a person
