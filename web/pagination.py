"""Every list the API answers comes in pages: ``?limit=`` (default 50, at most 100) and ``?offset=``,
answered as ``{"count", "next", "previous", "results"}`` (DRF's limit/offset pagination; the schema
documents both the parameters and the wrapper).  A list view sets ``pagination_class`` and returns
``paginated(self, request, rows, render)``."""

from collections.abc import Callable, Sequence
from typing import Any

from django.db.models import QuerySet
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.response import Response


class ApiPagination(LimitOffsetPagination):
    default_limit = 50
    max_limit = 100


def paginated(view, request, rows: QuerySet[Any] | Sequence[Any], render: Callable[[list], list]) -> Response:
    """One page of ``rows`` (a queryset is sliced in the database), each page rendered by ``render``."""
    paginator = ApiPagination()
    page = paginator.paginate_queryset(rows, request, view=view)
    assert page is not None  # only a pagination without a default limit answers None
    return paginator.get_paginated_response(render(page))
