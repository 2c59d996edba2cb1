"""API interface for Web Push: the site's public VAPID key, and the player's push devices (a browser's
``PushSubscription`` each).  Thin: each view parses, calls one service or selector of ``push``/``selectors``,
and answers."""

from django.conf import settings
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from web.api_errors import ErrorSerializer
from web.serializers import StrictSerializer

from . import push
from .selectors import push_devices_for
from .vapid import vapid_keys

ERROR = ErrorSerializer


class PushKeySerializer(serializers.Serializer):
    public_key = serializers.CharField(
        help_text="The site's VAPID public key, base64url (an uncompressed P-256 point): pass it as "
                  "`applicationServerKey` to `pushManager.subscribe`.")


class PushKeyApi(APIView):
    @extend_schema(summary="The site's VAPID public key", responses={200: PushKeySerializer},
                   description="What a browser subscribes with; the same for every player.")
    def get(self, request):
        return Response({"public_key": vapid_keys().public_key})


class SubscriptionKeysSerializer(StrictSerializer):
    p256dh = serializers.CharField(max_length=200, help_text="The browser's P-256 public key, base64url.")
    auth = serializers.CharField(max_length=100, help_text="The browser's 16-byte auth secret, base64url.")


class SubscriptionRequestSerializer(StrictSerializer):
    """The browser's ``PushSubscription.toJSON()``, as it is."""

    # Bounded loosely here: past MAX_ENDPOINT_LENGTH the service refuses it with its own code.
    endpoint = serializers.CharField(max_length=4 * push.MAX_ENDPOINT_LENGTH, trim_whitespace=False,
                                     help_text=f"The push service's URL for this browser (at most "
                                               f"{push.MAX_ENDPOINT_LENGTH} characters).")
    keys = SubscriptionKeysSerializer()
    expirationTime = serializers.FloatField(  # noqa: N815  (the browser's own name)
        required=False, allow_null=True, min_value=0,
        help_text="When the browser lets the subscription lapse, in milliseconds since 1970; null: never.")


class PushDeviceSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="device.pk")
    name = serializers.CharField(source="label", help_text="The browser and system, guessed; for people.")
    endpoint = serializers.CharField(source="device.endpoint",
                                     help_text="Compare with the browser's own subscription to find this device.")
    created = serializers.DateTimeField(source="device.created_at")
    last_success = serializers.DateTimeField(source="device.last_success_at", allow_null=True,
                                             help_text="The last push the push service took; null: none yet.")
    last_failure = serializers.DateTimeField(source="device.last_failure_at", allow_null=True)
    last_error = serializers.CharField(source="device.last_error",
                                       help_text="The push service's status at the last failure (`429`, `503` ...).")
    expires = serializers.DateTimeField(source="device.expires_at", allow_null=True)


class PushSubscriptionListApi(APIView):
    """The player's devices: list them, or add (or renew) the one this browser subscribed."""

    @extend_schema(summary="List your push devices", responses={200: PushDeviceSerializer(many=True)},
                   description=f"Oldest first; at most {settings.WEBPUSH_DEVICES_PER_PLAYER}.")
    def get(self, request):
        return Response(PushDeviceSerializer(push_devices_for(user=request.user), many=True).data)

    @extend_schema(
        summary="Add this browser as a push device",
        request=SubscriptionRequestSerializer,
        responses={
            201: PushDeviceSerializer,
            200: OpenApiResponse(PushDeviceSerializer, description="The same endpoint again: its row updated."),
            400: OpenApiResponse(ERROR, description=(
                "`PUSH_ENDPOINT_REFUSED` (`details.reason`: `host` not a push service the site sends to, "
                "`scheme` not HTTPS, `private_address`, `malformed`, `length`), `PUSH_BAD_KEYS`, "
                "`UNKNOWN_FIELD`, `BAD_REQUEST`; nothing stored.")),
            409: OpenApiResponse(ERROR, description=(
                f"`PUSH_TOO_MANY_DEVICES`: {settings.WEBPUSH_DEVICES_PER_PLAYER} devices already; "
                "remove one first.")),
        },
        description="Takes the browser's `PushSubscription` JSON as it is: `endpoint`, `keys.p256dh`, `keys.auth` "
                    "and `expirationTime` (optional). An endpoint already stored, under any account, is updated "
                    "and belongs to you from now on (the browser is signed in as you).",
    )
    def post(self, request):
        data = SubscriptionRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        device, created = push.push_subscription_save(
            user=request.user, endpoint=values["endpoint"], p256dh=values["keys"]["p256dh"],
            auth=values["keys"]["auth"], expiration_time=values.get("expirationTime"),
            user_agent=request.META.get("HTTP_USER_AGENT", ""),
        )
        row = next(d for d in push_devices_for(user=request.user) if d["id"] == device.pk)
        answer = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(PushDeviceSerializer(row).data, status=answer)


class NoBodySerializer(StrictSerializer):
    """Takes no field."""


class PushSubscriptionApi(APIView):
    @extend_schema(
        summary="Remove one of your push devices", request=None,
        responses={204: None, 400: ErrorSerializer,
                   404: OpenApiResponse(ERROR, description="`PUSH_DEVICE_NOT_FOUND`: none of yours has this id "
                                                           "(another player's devices are never found).")},
        description="Nothing is pushed to it any more; 400 `UNKNOWN_FIELD` for a body with fields. The browser "
                    "keeps its subscription until the page unsubscribes it.",
    )
    def delete(self, request, subscription_id: int):
        NoBodySerializer(data=request.data).is_valid(raise_exception=True)
        push.push_subscription_delete(user=request.user, subscription_id=subscription_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
