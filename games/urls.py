from django.urls import path

from games import views

urlpatterns = [
    path("play/", views.play, name="play"),
    path("leaderboards/", views.leaderboards, name="leaderboards"),
]
