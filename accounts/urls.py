from django.urls import path

from . import views

urlpatterns = [
    path("profile/", views.profile_edit, name="profile_edit"),
    path("profile/tokens/<str:prefix>/revoke/", views.api_token_revoke_page, name="api_token_revoke"),
    path("vacation/", views.vacation, name="vacation"),
    path("players/<str:username>/", views.profile_detail, name="profile_detail"),
]
