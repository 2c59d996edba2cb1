"""API interface for accounts: exchange a username and password for a token, list and revoke one's tokens;
find players by name (the new-game form's opponent autocomplete)."""

from allauth.account.forms import LoginForm
from allauth.account.utils import has_verified_email
from allauth.core import ratelimit
from django.conf import settings
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core import speed
from core.errors import RATE_LIMITED, AppError
from core.policies import MAY_ACT, policy_check
from web.api_errors import ErrorSerializer
from web.serializers import StrictSerializer

from .api_tokens import TOKENS_PER_USER, api_token_expires, api_token_issue, api_token_revoke, api_tokens_list
from .models import ApiToken
from .selectors import PLAYER_SEARCH_LIMIT, players_search

BAD_CREDENTIALS = "BAD_CREDENTIALS"
EMAIL_UNVERIFIED = "EMAIL_UNVERIFIED"
MSG_BAD_CREDENTIALS = "Unable to log in with those credentials."
MSG_RATE_LIMITED = "Too many login attempts; wait a few minutes and try again."
MSG_EMAIL_UNVERIFIED = "Confirm your e-mail address first: follow the link in the e-mail we sent you."


class TokenRequestSerializer(StrictSerializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"}, trim_whitespace=False)
    name = serializers.CharField(
        max_length=50, required=False, allow_blank=True, default="",
        help_text="What the token is for (your bot's name, say): shown in your list of tokens.",
    )


class TokenIssuedSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="The key: send `Authorization: Token <key>`. It is not shown again.")
    prefix = serializers.CharField(help_text="Its first characters, which name it in `GET /api/auth/tokens/`.")
    name = serializers.CharField()


class ObtainTokenApi(APIView):
    """The API's login: the same door as the login form.  allauth counts the attempts (``login`` per
    address, ``login_failed`` per address and per username: ``ACCOUNT_RATE_LIMITS``) and checks the
    password; an unverified e-mail address (when verification is mandatory) and a suspended player
    (``MAY_ACT``) get no token."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        request=TokenRequestSerializer,
        responses={
            200: TokenIssuedSerializer,
            400: ErrorSerializer,
            403: ErrorSerializer,
            429: ErrorSerializer,
        },
        description="A new token at each call (several programs, several tokens; at most "
                    f"{TOKENS_PER_USER}: the next one ends the one unused for longest). 400 `BAD_CREDENTIALS`, "
                    "`UNKNOWN_FIELD`; 403 `EMAIL_UNVERIFIED` or `PLAYER_SUSPENDED`; 429 `RATE_LIMITED` "
                    "(the login form's limits, counted together with it).",
    )
    def post(self, request):
        data = TokenRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        django_request = speed.django_request(request)
        if not ratelimit.consume(django_request, action="login"):
            raise AppError(RATE_LIMITED, MSG_RATE_LIMITED, 429)
        form = LoginForm(
            data={"login": data.validated_data["username"], "password": data.validated_data["password"]},
            request=django_request,
        )
        if not form.is_valid():
            codes = {error.code for errors in form.errors.as_data().values() for error in errors}
            if "too_many_login_attempts" in codes:
                raise AppError(RATE_LIMITED, MSG_RATE_LIMITED, 429)
            raise AppError(BAD_CREDENTIALS, MSG_BAD_CREDENTIALS)
        user = form.user
        if not user.is_active:
            raise AppError(BAD_CREDENTIALS, MSG_BAD_CREDENTIALS)
        if settings.ACCOUNT_EMAIL_VERIFICATION == "mandatory" and not has_verified_email(user):
            raise AppError(EMAIL_UNVERIFIED, MSG_EMAIL_UNVERIFIED, 403)
        policy_check(MAY_ACT, user=user)
        key = api_token_issue(user=user, name=data.validated_data["name"])
        return Response({"token": key, "prefix": key[: ApiToken.PREFIX_LENGTH], "name": data.validated_data["name"]})


class ApiTokenSerializer(serializers.Serializer):
    prefix = serializers.CharField(help_text="The key's first characters: revoke it by them. Never the key.")
    name = serializers.CharField()
    created = serializers.DateTimeField()
    last_used = serializers.DateTimeField(allow_null=True, help_text="To the hour; null: never used.")
    expires = serializers.DateTimeField(help_text="When it expires unless it is used before.")
    current = serializers.BooleanField(help_text="This request was made with it.")


def token_summary(token, request) -> dict:
    return {"prefix": token.prefix, "name": token.name, "created": token.created, "last_used": token.last_used,
            "expires": api_token_expires(token), "current": request.auth is not None and request.auth.pk == token.pk}


class ApiTokenListApi(APIView):
    """Your API tokens (never their keys)."""

    @extend_schema(summary="List your API tokens", responses={200: ApiTokenSerializer(many=True)},
                   description=f"Newest first; at most {TOKENS_PER_USER}.")
    def get(self, request):
        tokens = api_tokens_list(user=request.user)
        return Response(ApiTokenSerializer([token_summary(t, request) for t in tokens], many=True).data)


class NoBodySerializer(StrictSerializer):
    """Takes no field."""


class ApiTokenRevokeApi(APIView):
    @extend_schema(
        summary="Revoke one of your API tokens", request=None,
        responses={204: None, 400: ErrorSerializer, 404: ErrorSerializer},
        description="By the prefix `GET /api/auth/tokens/` shows. 404 `UNKNOWN_TOKEN`: none of yours starts with "
                    "it (another player's tokens are never found); 400 `UNKNOWN_FIELD` for a body with fields.",
    )
    def delete(self, request, prefix: str):
        NoBodySerializer(data=request.data).is_valid(raise_exception=True)
        api_token_revoke(user=request.user, prefix=prefix)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    name = serializers.CharField(help_text="The public name: the display name, else the username.")


class PlayerSearchApi(APIView):
    """Players to challenge: for the opponent field's autocomplete.  Signed-in players only."""

    @extend_schema(
        summary="Find players by the start of their username or display name",
        parameters=[OpenApiParameter("q", str, description="the start of a username or display name (any case)")],
        responses={200: PlayerSerializer(many=True)},
        description=f"Up to {PLAYER_SEARCH_LIMIT} active players, never yourself; an empty `q` finds nobody.",
    )
    def get(self, request):
        found = players_search(prefix=request.query_params.get("q", "")[:150], exclude=request.user)
        return Response(PlayerSerializer(found, many=True).data)
