"""The OpenAPI schema tells the truth about errors: every operation documents the ``{"code", "message"}``
refusals the API can answer, not only its success (schemathesis checks it in CI).

Views document their own specific refusals with ``extend_schema(responses=...)`` (409 ``STALE_VERSION``,
429 ``RATE_LIMITED`` ...). On top of those, this schema class adds the ones every operation of a kind
shares, unless the view documented that status itself:

- 400 for operations that take a body (a malformed or invalid body is refused with ``BAD_REQUEST``);
- 403 for operations that need a signed-in user, and for every operation that reads credentials (a
  bad token is refused even where anyone may ask; DRF answers 403 here, not 401, because session
  authentication comes first);
- 401 for every operation that reads a token: one unused too long is refused with ``TOKEN_EXPIRED``
  (``web.authentication``);
- 404 for operations with path parameters (no such object, or a path that is no URL of ours);
- 503 for every operation: a lost database connection is answered ``SERVICE_UNAVAILABLE``
  (``web.db_unavailable``), with nothing written.
"""

from drf_spectacular.openapi import AutoSchema as SpectacularAutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework.permissions import AllowAny

from core import speed
from web.api_errors import ErrorSerializer as ERROR
from web.authentication import TokenAuthentication

BODY_METHODS = {"POST", "PUT", "PATCH"}


class AutoSchema(speed.ResponseBodies, SpectacularAutoSchema):
    def more_responses(self, responses: dict) -> dict:
        for code, description in self._shared_errors():
            if code not in responses:
                responses[code] = self.response_for_code(OpenApiResponse(ERROR, description=description), code)
        return responses

    def _shared_errors(self) -> list[tuple[str, str]]:
        errors = []
        if self.method in BODY_METHODS:
            errors.append(("400", "The request is malformed or refused (`BAD_REQUEST` or a specific code)."))
        needs_user = not all(isinstance(permission, AllowAny) for permission in self.view.get_permissions())
        authenticators = self.view.get_authenticators()
        if any(isinstance(authenticator, TokenAuthentication) for authenticator in authenticators):
            errors.append(("401", "An API token unused for too long (`TOKEN_EXPIRED`): ask for a new one."))
        if needs_user or authenticators:
            errors.append(("403", "Not signed in, a bad token, or not allowed to do this."))
        if "{" in self.path:
            errors.append(("404", "No such object (`NOT_FOUND` or a specific code)."))
        errors.append(("503", "The database could not be reached for a moment (`SERVICE_UNAVAILABLE`): "
                              "nothing was written; send the request again."))
        return errors
