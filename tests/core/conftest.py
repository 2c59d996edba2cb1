import pytest


@pytest.fixture
def speed_wing_on(settings):
    """A test of a piece of the speed wing (``core.speed``) turns it on, whatever the run's ``SPEED_WING``."""
    settings.SPEED_WING = True
