"""The API's door for writes: every POST, PUT, PATCH and DELETE by a signed-in user asks
``core.policies.MAY_ACT`` (moderation refuses a suspended player with 403 ``PLAYER_SUSPENDED``), so
no write endpoint can forget to.  A default permission class (``REST_FRAMEWORK`` in settings); pages
are held to the same policy by ``web.middleware.MayActMiddleware``."""

from rest_framework.permissions import SAFE_METHODS, BasePermission

from core.policies import MAY_ACT, policy_check


class MayAct(BasePermission):
    def has_permission(self, request, view) -> bool:
        user = request.user
        if request.method not in SAFE_METHODS and user is not None and user.is_authenticated:
            policy_check(MAY_ACT, user=user)  # an AppError answers in the API's error shape
        return True
