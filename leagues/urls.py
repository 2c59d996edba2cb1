from django.urls import path
from django.views.generic import RedirectView

from . import views

app_name = "leagues"
urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.league_new, name="new"),
    # The leaderboards moved to /ratings/.
    path("ratings/", RedirectView.as_view(url="/ratings/", permanent=True)),
    path("ratings/<str:key>/", RedirectView.as_view(url="/ratings/%(key)s/", permanent=True)),
    path("<int:league_id>/", views.league_detail, name="detail"),
    path("<int:league_id>/invite/<str:token>/", views.league_invite, name="invite"),
    path("<int:league_id>/join/", views.league_join, name="join"),
    path("<int:league_id>/leave/", views.league_leave, name="leave"),
    path("<int:league_id>/manage/", views.league_manage, name="manage"),
    path("<int:league_id>/manage/<slug:action>/", views.league_manage_action, name="manage_action"),
]
