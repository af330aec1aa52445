from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import User


@admin.register(User)
class SiteUserAdmin(UserAdmin):
    fieldsets = (
        *UserAdmin.fieldsets,
        ("Preferences", {"fields": ("display_name", "time_zone", "language")}),
    )
    list_display = ("username", "display_name", "email", "date_joined", "is_staff")
