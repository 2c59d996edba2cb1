"""API interface for accounts: exchange a username and password for a token; find players by name
(the new-game form's opponent autocomplete)."""

from allauth.account.forms import LoginForm
from allauth.account.utils import has_verified_email
from allauth.core import ratelimit
from django.conf import settings
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api_errors import ErrorSerializer
from core.errors import RATE_LIMITED, AppError
from core.policies import MAY_ACT, policy_check

from .selectors import PLAYER_SEARCH_LIMIT, players_search
from .services import user_token_get_or_create

BAD_CREDENTIALS = "BAD_CREDENTIALS"
EMAIL_UNVERIFIED = "EMAIL_UNVERIFIED"
MSG_BAD_CREDENTIALS = "Unable to log in with those credentials."
MSG_RATE_LIMITED = "Too many login attempts; wait a few minutes and try again."
MSG_EMAIL_UNVERIFIED = "Confirm your e-mail address first: follow the link in the e-mail we sent you."


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"}, trim_whitespace=False)


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
            200: inline_serializer("TokenResponse", {"token": serializers.CharField()}),
            400: ErrorSerializer,
            403: ErrorSerializer,
            429: ErrorSerializer,
        },
        description="400 `BAD_CREDENTIALS`; 403 `EMAIL_UNVERIFIED` or `PLAYER_SUSPENDED`; 429 `RATE_LIMITED` "
                    "(the login form's limits, counted together with it).",
    )
    def post(self, request):
        data = TokenRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        django_request = request._request
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
        return Response({"token": user_token_get_or_create(user=user).key})


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
