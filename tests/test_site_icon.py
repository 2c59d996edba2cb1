"""The site's icon where browsers look for it without being told."""


def test_the_favicon_browsers_ask_for_by_default_leads_to_the_site_icon(client):
    answer = client.get("/favicon.ico")
    assert answer.status_code == 301 and answer["Location"].endswith("favicon.svg")
