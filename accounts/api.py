"""API interface for accounts: exchange a username and password for a token."""

from django.contrib.auth import authenticate
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

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
