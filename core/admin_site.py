"""The admin site: open to staff, and to members of a role that needs it (moderators, dictionary
curators) without "staff status" set by hand; each sees only what their permissions allow."""

from django.conf import settings
from django.contrib import admin


class LetterpostAdminSite(admin.AdminSite):
    def has_permission(self, request) -> bool:
        user = request.user
        if not user.is_active:
            return False
        return user.is_staff or any(user.has_perm(p) for p in settings.ADMIN_ROLE_PERMISSIONS)
