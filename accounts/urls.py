from django.urls import path

from . import views

urlpatterns = [
    path("profile/", views.profile_edit, name="profile_edit"),
    path("vacation/", views.vacation, name="vacation"),
    path("players/<str:username>/", views.profile_detail, name="profile_detail"),
]
