"""Names nobody can mistake: a display name or a username may not read like a bot's name or the
site's, nor be another player's username or display name (ignoring case and spacing)."""

from __future__ import annotations

import pytest

from accounts.forms import SettingsForm, SignUpForm
from accounts.models import User
from tests.helpers import PASSWORD

pytestmark = pytest.mark.django_db

BOT_LIKE = [
    "Expert bot",
    "expert  BOT",
    "  Expert bot 2  ",
    "ExpertBot",
    "expert_bot#3",
    "Cautious-bot",
    "Greedy Bot 1",
    "random.bot",
    "bot",
    "BOT 7",
    "Expert 2 bot",
    "Ｅｘｐｅｒｔ ｂｏｔ",  # full-width letters read the same
    "Former player",
    "You",
    "admin",
    "Expedition",
]
ORDINARY = ["Ana the Bold", "Botticelli", "Robot Ana", "Expert at bots", "Bo2"]


def _settings(user: User, display_name: str) -> SettingsForm:
    data = {"display_name": display_name, "email": "", "time_zone": "UTC", "language": "en"}
    return SettingsForm(data, instance=user)


def _signup(username: str) -> SignUpForm:
    return SignUpForm({"username": username, "password1": PASSWORD, "password2": PASSWORD})


@pytest.fixture
def ana(user_factory):
    return user_factory("ana")


@pytest.fixture
def others(user_factory):
    user_factory("Bo")
    user_factory("cy", display_name="Captain Cy")


@pytest.mark.parametrize("name", BOT_LIKE)
def test_a_display_name_may_not_read_like_a_bot_or_the_site(ana, name):
    form = _settings(ana, name)
    assert not form.is_valid()
    assert form.has_error("display_name", "impersonates")
    assert "could be taken for a bot" in form.errors["display_name"][0]


@pytest.mark.parametrize("name", ["bo", " BO ", "captain cy", "Captain   CY", "  captain cy"])
def test_a_display_name_may_not_be_another_players_username_or_display_name(ana, others, name):
    form = _settings(ana, name)
    assert not form.is_valid()
    assert form.has_error("display_name", "taken")
    assert "another player's name" in form.errors["display_name"][0]


def test_a_display_name_kept_with_extra_spaces_still_counts_as_taken(ana, user_factory):
    # Kept before names were tidied: it still reads as "Captain Cy".
    user_factory("cy", display_name="Captain  Cy ")
    assert _settings(ana, "captain cy").has_error("display_name", "taken")


@pytest.mark.parametrize("name", ORDINARY)
def test_ordinary_names_are_accepted_and_kept_tidy(ana, others, name):
    form = _settings(ana, f"  {name.replace(' ', '   ')} ")
    assert form.is_valid(), form.errors
    form.save()
    ana.refresh_from_db()
    assert ana.display_name == name


def test_a_player_may_go_by_their_own_username_or_keep_their_display_name(ana, others):
    assert _settings(ana, "ANA").is_valid()
    cy = User.objects.get(username="cy")
    assert _settings(cy, "Captain Cy").is_valid()
    assert _settings(ana, "").is_valid()  # empty: the username is shown


def test_the_settings_page_shows_why_a_name_is_refused(auth_client):
    response = auth_client.post(
        "/settings/",
        {"display_name": "Expert bot 2", "email": "", "time_zone": "UTC", "language": "en"},
    )
    assert response.status_code == 200
    assert "“Expert bot 2” could be taken for a bot" in response.content.decode()
    auth_client.user.refresh_from_db()
    assert auth_client.user.display_name == ""


@pytest.mark.parametrize("name", ["Expert_bot", "expertbot2", "bot", "Greedy-Bot", "admin"])
def test_a_username_may_not_read_like_a_bot_or_the_site(db, name):
    form = _signup(name)
    assert not form.is_valid()
    assert form.has_error("username", "impersonates")


def test_a_username_may_not_be_another_players_display_name(others, user_factory):
    user_factory("di", display_name="Zed")
    form = _signup("zed")
    assert not form.is_valid()
    assert form.has_error("username", "taken")
    assert not _signup("BO").is_valid()  # and, as ever, not another's username


@pytest.mark.parametrize("name", ["Ana", "Botticelli", "robot_ana", "Bo2"])
def test_ordinary_usernames_are_accepted(others, name):
    assert _signup(name).is_valid(), _signup(name).errors
