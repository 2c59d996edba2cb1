from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm

from .forms import DisplayNameMixin
from .models import User
from .names import username_check


class UserCreationAdminForm(AdminUserCreationForm):
    class Meta(AdminUserCreationForm.Meta):
        model = User

    def clean_username(self):
        username = super().clean_username()  # None when it is taken (the error is recorded)
        if username:
            username_check(username)
        return username


class UserChangeAdminForm(DisplayNameMixin, UserChangeForm):
    """A name is checked only when it changes: the admin can still edit a player whose old name would
    not pass today."""

    class Meta(UserChangeForm.Meta):
        model = User

    def clean_username(self):
        username = self.cleaned_data["username"]
        if username != self.instance.username:
            username_check(username, user=self.instance)
        return username


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    form = UserChangeAdminForm
    add_form = UserCreationAdminForm
    fieldsets = BaseUserAdmin.fieldsets + (("Letterpost", {"fields": ("display_name", "time_zone", "language")}),)
    list_display = ("username", "email", "display_name", "is_active", "is_staff", "date_joined")
