"""Every API list comes in pages: ``limit`` (default 50, at most 100) and ``offset``,
answered as ``{"count", "next", "previous", "results"}``, as the schema documents."""

import pytest
from drf_spectacular.generators import SchemaGenerator

from games import services
from moderation import services as moderation_services

LISTS = ["/api/games/", "/api/seeks/", "/api/challenges/", "/api/reports/", "/api/moderation/actions/",
         "/api/leagues/", "/api/leagues/{league_id}/log/"]


@pytest.mark.parametrize("path", LISTS)
def test_the_schema_documents_each_list_as_pages(path):
    operation = SchemaGenerator().get_schema(request=None, public=True)["paths"][path]["get"]
    assert {"limit", "offset"} <= {p["name"] for p in operation["parameters"]}
    ref = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert ref.rsplit("/", 1)[1].startswith("Paginated")


@pytest.mark.django_db
def test_the_seek_list_comes_in_pages(make_user, api_for):
    players = [make_user(username=f"p{i}") for i in range(12)]
    for player in players:
        for _ in range(10):
            services.game_create(creator=player, kind="toy")
    api = api_for(players[0])
    first = api.get("/api/seeks/").json()
    assert first["count"] == 120 and len(first["results"]) == 50 and first["previous"] is None
    assert "offset=50" in first["next"]
    page = api.get("/api/seeks/?limit=5&offset=115").json()
    assert len(page["results"]) == 5 and page["next"] is None
    assert len(api.get("/api/seeks/?limit=1000").json()["results"]) == 100  # at most 100 a page
    ids = [g["id"] for offset in range(0, 120, 40) for g in api.get(f"/api/seeks/?limit=40&offset={offset}").json()
           ["results"]]
    assert len(set(ids)) == 120


@pytest.mark.django_db
def test_the_report_list_comes_in_pages(alice, make_user, api_for):
    for i in range(3):
        moderation_services.report_file(reporter=alice, username=make_user(username=f"r{i}").username, reason="other")
    body = api_for(alice).get("/api/reports/?limit=2").json()
    assert body["count"] == 3 and len(body["results"]) == 2
