"""A request body over DATA_UPLOAD_MAX_MEMORY_SIZE gets a 413 JSON error instead of a 400 page."""
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse


class BodyTooLargeMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method in ("POST", "PUT", "PATCH"):
            try:
                request.body  # reads the body once, enforcing the size limit
            except RequestDataTooBig:
                return JsonResponse({"code": "too_large", "detail": "The request body is too large."}, status=413)
        return self.get_response(request)
