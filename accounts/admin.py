from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import User


@admin.register(User)
class SiteUserAdmin(UserAdmin):
    fieldsets = (
        *UserAdmin.fieldsets,
        ("Preferences", {"fields": ("display_name", "time_zone", "language", "vacation_until")}),
    )
    # Set only by starting or ending a vacation, which keeps the player's vacations with it.
    readonly_fields = ("vacation_until",)
    list_display = ("username", "display_name", "email", "date_joined", "is_staff")
