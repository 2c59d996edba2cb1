from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from .models import User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    fieldsets = BaseUserAdmin.fieldsets + (("Letterpost", {"fields": ("display_name", "time_zone", "language")}),)
    list_display = ("username", "email", "display_name", "is_active", "is_staff", "date_joined")
