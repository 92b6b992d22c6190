"""GET /healthz: whether this server reaches its database and its cache (Redis in production,
which also carries the channel layer and the task queue), for a load balancer or an orchestrator.

django-health-check runs the checks and answers as its page, JSON or OpenMetrics by the Accept
header (or `?format=`); a failing check names only its kind of failure. The answer is then 503,
Service Unavailable: this server is up, what it needs is not.
"""
from health_check.views import HealthCheckView


class HealthView(HealthCheckView):
    checks = ("health_check.checks.Database", "health_check.checks.Cache")

    async def get(self, request, *args, **kwargs):
        response = await super().get(request, *args, **kwargs)
        if response.status_code == 500:
            response.status_code = 503
        return response
