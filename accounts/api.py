"""API interface for accounts: exchange a username and password for a token; find players by name
(the new-game form's opponent autocomplete)."""

from django.contrib.auth import authenticate
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from .selectors import PLAYER_SEARCH_LIMIT, players_search
from .services import user_token_get_or_create


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"}, trim_whitespace=False)


class ObtainTokenApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        request=TokenRequestSerializer,
        responses={200: inline_serializer("TokenResponse", {"token": serializers.CharField()})},
    )
    def post(self, request):
        data = TokenRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = authenticate(request._request, **data.validated_data)
        if user is None:
            return Response(
                {"code": "BAD_CREDENTIALS", "message": "Unable to log in with those credentials."},
                status=status.HTTP_400_BAD_REQUEST,
            )
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
