from tests.service.wsclients import close_consumer_connections  # noqa: F401  (a fixture)
