"""Curating term cards in the admin: the form, retiring cards, and CSV import (all or nothing) and export."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from lexicons.models import TermCard

pytestmark = pytest.mark.django_db

HEADER = "id,language,side_a,side_b,alternatives,active\n"
GOOD = ',nl,"appel, stoel, rivier, vlieger, uil","brood, tent, trommel, kikker, sok",uil: oehoe,1\n'


@pytest.fixture
def curator(client, make_user):
    user = make_user(username="curator", is_staff=True, is_superuser=True)
    client.force_login(user)
    return client


def upload(text: str):
    return SimpleUploadedFile("deck.csv", text.encode("utf-8"), content_type="text/csv")


def test_the_card_list_offers_import_and_export(curator, deck):
    page = curator.get(reverse("admin:lexicons_termcard_changelist")).content.decode()
    assert reverse("admin:lexicons_termcard_import") in page
    assert reverse("admin:lexicons_termcard_export") in page


def test_a_file_with_a_bad_row_is_refused_with_its_row_number_and_writes_nothing(curator, deck):
    before = TermCard.objects.count()
    text = HEADER + GOOD + ',nl,"appel, stoel","brood, tent, trommel, kikker, sok",,1\n'
    response = curator.post(reverse("admin:lexicons_termcard_import"), {"file": upload(text)})
    assert response.status_code == 200
    page = response.content.decode()
    assert "nothing was written" in page
    assert "Row 3: Side A: A side needs 5 terms separated by commas, not 2." in page
    assert TermCard.objects.count() == before


def test_a_good_file_is_imported(curator, deck):
    response = curator.post(reverse("admin:lexicons_termcard_import"), {"file": upload(HEADER + GOOD)})
    assert response.status_code == 302
    assert TermCard.objects.filter(language="nl").get().alternatives == "uil: oehoe"


def test_a_file_that_is_not_utf8_is_refused(curator, deck):
    bad = SimpleUploadedFile("deck.csv", "id;café".encode("latin-1"), content_type="text/csv")
    response = curator.post(reverse("admin:lexicons_termcard_import"), {"file": bad})
    assert "The file is not UTF-8 text." in response.content.decode()


def test_export_gives_one_language_as_csv(curator, deck):
    TermCard.objects.create(language="nl", side_a="appel, stoel, rivier, vlieger, uil",
                            side_b="brood, tent, trommel, kikker, sok")
    response = curator.get(reverse("admin:lexicons_termcard_export") + "?language=nl")
    assert response["Content-Type"].startswith("text/csv")
    lines = response.content.decode().splitlines()
    assert lines[0] == HEADER.strip()
    assert len(lines) == 2 and ",nl," in lines[1]
    everything = curator.get(reverse("admin:lexicons_termcard_export")).content.decode().splitlines()
    assert len(everything) == 1 + 62 + 1


def test_the_export_action_gives_the_selected_cards(curator, deck):
    picked = list(TermCard.objects.order_by("pk").values_list("pk", flat=True)[:3])
    response = curator.post(reverse("admin:lexicons_termcard_changelist"),
                            {"action": "export_csv", "_selected_action": picked})
    assert [line.split(",")[0] for line in response.content.decode().splitlines()[1:]] == [str(p) for p in picked]


def test_retiring_cards_takes_them_out_of_the_draw(curator, deck):
    picked = list(TermCard.objects.order_by("pk").values_list("pk", flat=True)[:3])
    curator.post(reverse("admin:lexicons_termcard_changelist"), {"action": "retire", "_selected_action": picked})
    assert set(TermCard.objects.filter(active=False).values_list("pk", flat=True)) == set(picked)


def test_the_form_refuses_a_side_of_four_and_stores_one_spelling(curator):
    url = reverse("admin:lexicons_termcard_add")
    data = {"language": "en", "side_a": "ant,bee,owl,fox", "side_b": "bread, tent, drum, frog, sock",
            "alternatives": "", "active": "on"}
    response = curator.post(url, data)
    assert response.status_code == 200
    assert "A side needs 5 terms separated by commas, not 4." in response.content.decode()
    assert TermCard.objects.count() == 0
    data["side_a"] = "ant,bee,owl ,fox,  elk"
    data["alternatives"] = "owl:hooter"
    assert curator.post(url, data).status_code == 302
    card = TermCard.objects.get()
    assert (card.side_a, card.alternatives) == ("ant, bee, owl, fox, elk", "owl: hooter")
