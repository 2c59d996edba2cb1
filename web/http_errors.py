"""Error views for what no API view answered: under ``/api/`` every error is JSON in the API's one
error shape (``{"code", "message"}``), as the schema documents, with ``DEBUG`` off as well as on (a
path that is no URL of ours, a request Django itself refuses, a crash); elsewhere Django's own pages."""

from django.http import JsonResponse
from django.views import defaults


def _is_api(request) -> bool:
    return request.path.startswith("/api/")


def _json(code: str, message: str, status: int) -> JsonResponse:
    return JsonResponse({"code": code, "message": message}, status=status)


def not_found(request, exception):
    if _is_api(request):
        return _json("NOT_FOUND", "Not found.", 404)
    return defaults.page_not_found(request, exception)


def bad_request(request, exception):
    if _is_api(request):
        return _json("BAD_REQUEST", "The request is malformed.", 400)
    return defaults.bad_request(request, exception)


def permission_denied(request, exception):
    if _is_api(request):
        return _json("PERMISSION_DENIED", "You do not have permission to perform this action.", 403)
    return defaults.permission_denied(request, exception)


def server_error(request):
    if _is_api(request):
        return _json("SERVER_ERROR", "Something went wrong on our side.", 500)
    return defaults.server_error(request)
