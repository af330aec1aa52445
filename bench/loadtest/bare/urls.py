"""Routes of the bare baseline."""

from django.urls import path

from bench.loadtest.bare import views

urlpatterns = [
    path("healthz", views.healthz),
    path("page/", views.page),
    path("move/<int:match_id>/", views.move),
]
