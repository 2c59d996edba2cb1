import pytest

from leagues import services


@pytest.fixture
def players(make_user):
    return [make_user(username=f"p{i:02d}") for i in range(12)]


@pytest.fixture
def make_league(players):
    """A toy league (one-move games) with ``n`` of the players registered."""

    def make(n=8, **overrides):
        settings = {"name": "Toy league", "kind": "toy", "options": {"target": 3}, "division_min": 3,
                    "division_max": 5, "promote": 1, "relegate": 1}
        settings.update(overrides)
        league = services.league_create(creator=players[0], **settings)
        for user in players[:n]:
            services.league_join(league_id=league.pk, user=user, token=league.invite_token)
        return league

    return make
