"""Error views for paths no view answered: under ``/api/`` a 404 is JSON in the API's one error shape
(``{"code", "message"}``), as the schema documents; elsewhere Django's own page."""

from django.http import JsonResponse
from django.views.defaults import page_not_found


def not_found(request, exception):
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "NOT_FOUND", "message": "Not found."}, status=404)
    return page_not_found(request, exception)
