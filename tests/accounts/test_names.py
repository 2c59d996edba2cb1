"""Names that cannot be faked (accounts/names.py): sign-up refuses a username that looks like another
player's name, a reserved word or a badge, and stores the NFKC form; the profile refuses such a display
name unless it is the player's own username; an existing name stands; moderators and bots wear badges
that are markup, not text."""

import pytest
from django import forms

from accounts.admin import UserChangeAdminForm, UserCreationAdminForm
from accounts.lookalikes import look_alike, skeleton
from accounts.models import User
from accounts.names import NAME_BADGE, NAME_LOOKS_TAKEN, NAME_RESERVED

PASSWORD = "quiet-harbour-lantern-47"
CYRILLIC_A, CYRILLIC_O, CYRILLIC_VE = "\u0430", "\u043e", "\u0412"


def sign_up(client, settings, username):
    settings.ACCOUNT_RATE_LIMITS = False
    return client.post("/accounts/signup/", {"username": username, "email": "new@example.com",
                                             "password1": PASSWORD, "password2": PASSWORD})


def error_codes(response, field):
    return [error.code for error in response.context["form"].errors.as_data().get(field, [])]


def save_display_name(client, user, name):
    client.force_login(user)
    return client.post("/accounts/profile/", {"display_name": name, "time_zone": "Europe/Amsterdam",
                                              "language": "en"})


# --- the skeleton -------------------------------------------------------------------------------------

@pytest.mark.parametrize("first,second", [
    (f"{CYRILLIC_A}lice", "alice"),  # Cyrillic а
    ("ａｌｉｃｅ", "alice"),  # fullwidth
    (f"r{CYRILLIC_O}ot1", "root1"),  # Cyrillic о
    ("ALICE", "alice"),
    ("Iucy", "lucy"),  # capital i for a small L
    ("r00t", "root"),
    ("𝔭𝒶ỿ𝕡𝕒ℓ", "paypal"),
])
def test_lookalikes_look_alike(first, second):
    assert look_alike(first, second)


@pytest.mark.parametrize("first,second", [("alice", "alicia"), ("josé", "jose"), ("bob", "bobb"), ("dora", "nora")])
def test_different_names_do_not(first, second):
    assert not look_alike(first, second)


def test_the_skeleton_maps_a_letter_to_its_prototype_sequence():
    assert skeleton("modern") == skeleton("rnodern")


# --- sign-up ------------------------------------------------------------------------------------------

@pytest.mark.django_db
@pytest.mark.parametrize("lookalike", [f"{CYRILLIC_A}lice", "AIice", "a1ice"])
def test_sign_up_refuses_a_lookalike_of_an_existing_username(client, settings, alice, lookalike):
    response = sign_up(client, settings, lookalike)
    assert response.status_code == 200
    assert error_codes(response, "username") == [NAME_LOOKS_TAKEN]
    assert "alice" in response.content.decode()  # the message names what it looks like
    assert list(User.objects.values_list("username", flat=True)) == ["alice"]


@pytest.mark.django_db
def test_sign_up_refuses_the_fullwidth_form_of_an_existing_username(client, settings, alice):
    response = sign_up(client, settings, "ａｌｉｃｅ")
    assert response.status_code == 200
    assert error_codes(response, "username") == ["username_taken"]  # it is "alice" once normalised
    assert list(User.objects.values_list("username", flat=True)) == ["alice"]


@pytest.mark.django_db
def test_sign_up_refuses_a_lookalike_of_the_superuser(client, settings, make_user):
    make_user(username="root1", is_superuser=True, is_staff=True)
    response = sign_up(client, settings, f"r{CYRILLIC_O}ot1")
    assert error_codes(response, "username") == [NAME_LOOKS_TAKEN]
    assert User.objects.count() == 1


@pytest.mark.django_db
def test_sign_up_refuses_a_lookalike_of_a_display_name(client, settings, make_user):
    make_user(username="t_vanderberg", display_name="Tom")
    response = sign_up(client, settings, "tom")
    assert error_codes(response, "username") == [NAME_LOOKS_TAKEN]
    assert not User.objects.filter(username="tom").exists()


@pytest.mark.django_db
@pytest.mark.parametrize("username,code", [
    ("moderator", NAME_RESERVED), ("Admin", NAME_RESERVED), ("letterpost_support", NAME_RESERVED),
    ("bot_of_doom", NAME_BADGE),
])
def test_sign_up_refuses_reserved_words_and_badges(client, settings, username, code):
    response = sign_up(client, settings, username)
    assert error_codes(response, "username") == [code]
    assert not User.objects.exists()


@pytest.mark.django_db
def test_sign_up_accepts_an_unrelated_name(client, settings, alice):
    assert sign_up(client, settings, "dora").status_code == 302
    assert User.objects.filter(username="dora").exists()


@pytest.mark.django_db
def test_sign_up_stores_the_nfkc_form(client, settings):
    assert sign_up(client, settings, "ｄｏｒａ").status_code == 302
    assert list(User.objects.values_list("username", flat=True)) == ["dora"]


# --- display names ------------------------------------------------------------------------------------

@pytest.fixture
def bob_named(make_user):
    return make_user(username="bob", display_name="Bobby B.")


@pytest.mark.django_db
@pytest.mark.parametrize("name", [
    "bob", "BOB", f"{CYRILLIC_VE}{CYRILLIC_O}b", f"b{CYRILLIC_O}b", "bo\u200bb",  # his username
    "Bobby B.", "bobby  b.", f"B{CYRILLIC_O}bby B.",  # his display name
])
def test_a_display_name_like_another_players_name_is_refused(client, alice, bob_named, name):
    response = save_display_name(client, alice, name)
    assert response.status_code == 200
    assert error_codes(response, "display_name") == [NAME_LOOKS_TAKEN]
    alice.refresh_from_db()
    assert (alice.display_name, alice.time_zone) == ("", "UTC")  # nothing saved


@pytest.mark.django_db
@pytest.mark.parametrize("name,code", [
    ("Wordsmith", NAME_LOOKS_TAKEN),  # the bot's display name
    ("w0rdsmith", NAME_LOOKS_TAKEN),  # its username, a zero for the o
    ("Turnspell Bot", NAME_BADGE),
])
def test_a_display_name_like_a_bots_name_is_refused(client, alice, make_user, name, code):
    make_user(username="wordsmith", display_name="Wordsmith", is_bot=True)
    make_user(username="turnspell-bot", display_name="Turnspell Bot", is_bot=True)
    response = save_display_name(client, alice, name)
    assert error_codes(response, "display_name") == [code]
    alice.refresh_from_db()
    assert alice.display_name == ""


@pytest.mark.django_db
@pytest.mark.parametrize("name", [
    "Moderator", "ADMIN", "Letterpost", "administrator", "System", "staff", "Support",
    f"M{CYRILLIC_O}derator", "M.o.d-erator", "Letterpost Support", "the admin",
])
def test_a_reserved_word_is_refused(client, alice, name):
    response = save_display_name(client, alice, name)
    assert error_codes(response, "display_name") == [NAME_RESERVED]
    alice.refresh_from_db()
    assert alice.display_name == ""


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["Alice (bot)", "Alice 🤖", "[mod] Alice", "Alice BOT", "Alice (M0D)", "✅ Alice"])
def test_a_display_name_with_badge_text_is_refused(client, alice, name):
    response = save_display_name(client, alice, name)
    assert error_codes(response, "display_name") == [NAME_BADGE]
    alice.refresh_from_db()
    assert alice.display_name == ""


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["alice", "Alice", "Alice A.", "Robot Fan", "Abbot"])
def test_ones_own_username_and_ordinary_names_are_accepted(client, alice, bob_named, name):
    assert save_display_name(client, alice, name).status_code == 302
    alice.refresh_from_db()
    assert alice.display_name == name


@pytest.mark.django_db
def test_a_display_name_is_stored_normalised(client, alice):
    assert save_display_name(client, alice, "Ａｎｎ \u202eB.\u202c").status_code == 302
    alice.refresh_from_db()
    assert alice.display_name == "Ann B."  # NFKC, no direction override, one space


@pytest.mark.django_db
def test_an_existing_name_stands_when_the_rest_of_the_profile_changes(client, alice, bob_named):
    User.objects.filter(pk=alice.pk).update(display_name="Moderator")  # set before these rules
    assert save_display_name(client, alice, "Moderator").status_code == 302
    alice.refresh_from_db()
    assert (alice.display_name, alice.time_zone) == ("Moderator", "Europe/Amsterdam")
    # ... but changing it to something else is checked again
    assert error_codes(save_display_name(client, alice, "bob"), "display_name") == [NAME_LOOKS_TAKEN]


# --- the admin's user forms ---------------------------------------------------------------------------

@pytest.mark.django_db
def test_the_admin_cannot_create_a_lookalike(alice):
    form = UserCreationAdminForm(data={"username": f"{CYRILLIC_A}lice", "usable_password": "true",
                                       "password1": PASSWORD, "password2": PASSWORD})
    assert not form.is_valid()
    assert [e.code for e in form.errors.as_data()["username"]] == [NAME_LOOKS_TAKEN]


@pytest.mark.django_db
def test_the_admin_change_form_checks_changed_names_only(alice, bob_named):
    ChangeForm = forms.modelform_factory(User, form=UserChangeAdminForm, fields=["username", "display_name"])
    User.objects.filter(pk=alice.pk).update(display_name="Bobby B.")  # a clash from before these rules
    alice.refresh_from_db()
    assert ChangeForm(data={"username": "alice", "display_name": "Bobby B."}, instance=alice).is_valid()
    renamed = ChangeForm(data={"username": "B0B", "display_name": "Bobby B."}, instance=alice)
    assert not renamed.is_valid()
    assert [e.code for e in renamed.errors.as_data()["username"]] == [NAME_LOOKS_TAKEN]


# --- badges -------------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_a_moderator_wears_a_badge_on_the_profile_and_a_player_does_not(client, make_user):
    from moderation.groups import moderator_group_ensure

    moderator = make_user(username="maud")
    moderator.groups.add(moderator_group_ensure())
    make_user(username="petra")
    page = client.get("/accounts/players/maud/").content.decode()
    assert '<span class="mod-badge" title="A moderator of Letterpost"><span aria-hidden="true">MOD</span>' in page
    assert '<span class="visually-hidden">(moderator)</span>' in page
    assert "mod-badge" not in client.get("/accounts/players/petra/").content.decode()


@pytest.mark.django_db
def test_a_bots_badge_is_markup_beside_its_name(client, make_user):
    make_user(username="wordsmith", display_name="Wordsmith", is_bot=True)
    page = client.get("/accounts/players/wordsmith/").content.decode()
    assert '<h1>Wordsmith <span class="bot-badge" title="A bot: a computer player">' in page
    assert '<span class="visually-hidden">(bot)</span>' in page
