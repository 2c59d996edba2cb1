"""The one DRF exception handler: every API error leaves as ``{"code", "message"}`` (plus ``details``
where there are any) with its status, whichever app raised it."""

import contextlib

from django.core.exceptions import PermissionDenied
from django.db import DataError
from django.http import Http404
from django.utils import translation
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from core.errors import BAD_REQUEST, NOT_FOUND, AppError


def exception_handler(exc, context):
    if isinstance(exc, AppError):
        # Token clients never pass the session middleware that activates the profile's language.
        language = getattr(getattr(context.get("request"), "user", None), "language", None)
        with translation.override(language) if language else contextlib.nullcontext():
            return Response(exc.as_json(), status=exc.status)
    if isinstance(exc, Http404):
        return Response({"code": NOT_FOUND, "message": "Not found."}, status=status.HTTP_404_NOT_FOUND)
    if isinstance(exc, DataError):
        # A value the database cannot hold (a field without its own bound): refused, the write rolled back.
        set_rollback()
        return Response({"code": BAD_REQUEST, "message": "A value in the request cannot be stored."},
                        status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        response.data = {"code": BAD_REQUEST, "message": "The request is malformed.", "details": exc.detail}
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else "ERROR"
        response.data = {"code": code.upper(), "message": str(exc.detail)}
    return response


class ErrorSerializer(serializers.Serializer):
    """Documents the error body every endpoint answers with (named ``ApiError`` in the schema)."""

    code = serializers.CharField(help_text="stable, machine-readable: BAD_REQUEST, NOT_FOUND, NOT_YOUR_GAME ...")
    message = serializers.CharField(help_text="for people, in the user's language")
    details = serializers.JSONField(required=False, help_text="more about the refusal, when there is more")

    class Meta:
        ref_name = "ApiError"
