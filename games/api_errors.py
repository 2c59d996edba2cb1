"""Maps every API error to the one shape clients rely on: ``{"code", "message"}`` with a stable code."""

import contextlib

from django.http import Http404
from django.utils import translation
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from .errors import GameError


def exception_handler(exc, context):
    if isinstance(exc, GameError):
        # Token clients never pass the session middleware that activates the profile's language.
        language = getattr(getattr(context.get("request"), "user", None), "language", None)
        with translation.override(language) if language else contextlib.nullcontext():
            return Response(exc.as_json(), status=exc.status)
    if isinstance(exc, Http404):
        return Response({"code": "NOT_FOUND", "message": "Not found."}, status=status.HTTP_404_NOT_FOUND)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        response.data = {"code": "BAD_REQUEST", "message": "The request is malformed.", "details": exc.detail}
    elif isinstance(exc, exceptions.APIException):
        code = exc.get_codes() if isinstance(exc.get_codes(), str) else "ERROR"
        response.data = {"code": code.upper(), "message": str(exc.detail)}
    return response
