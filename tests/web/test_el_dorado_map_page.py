"""The El Dorado map on a match page and a replay: one image to a screen reader, named for its
map and described by the summary of the match, in the reader's language."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client

from games.play.services.lobby import MatchSpec, create_match
from tests.helpers import finished_match
from tests.i18n.english import english

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}


class _Page(HTMLParser):
    """The page's images (role="img": their attributes) and the text of every element with an
    id, descendants included."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.images: list[dict[str, str | None]] = []
        self.text: dict[str, list[str]] = {}
        self._open: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("role") == "img":
            self.images.append(values)
        if values.get("id"):
            self.text.setdefault(values["id"], [])
        if tag not in VOID:
            self._open.append(values.get("id"))

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for element in self._open:
            if element is not None:
                self.text[element].append(data)

    def read(self, element: str) -> str:
        return " ".join(" ".join(self.text[element]).split())


def _parse(html: str) -> _Page:
    page = _Page()
    page.feed(html)
    page.close()
    return page


def _map_image(page: _Page) -> tuple[str, list[str]]:
    """The one described image on the page: its name and what describes it."""
    (image,) = [i for i in page.images if i.get("aria-describedby")]
    described = image["aria-describedby"].split()
    assert described and all(element in page.text for element in described)
    return image["aria-label"], [page.read(element) for element in described]


def _match_page(language: str, user_factory, name: str) -> str:
    user = user_factory(name, language=language)
    client = Client()
    client.force_login(user)
    match = create_match(
        user,
        MatchSpec(game="el-dorado", players=2, bots=("greedy",), options={"map": "home-stretch"}),
    )
    response = client.get(f"/matches/{match.pk}/")
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
def test_the_match_map_is_one_image_named_for_its_map_and_described_by_the_summary(user_factory):
    page = _parse(_match_page("en", user_factory, "hanako"))
    name, description = _map_image(page)
    assert name == "Map: Home Stretch"
    explorers, blockades = description
    assert "hanako (you): explorer 1: start space 1 at" in explorers
    assert "; explorer 2: start space 3 at" in explorers
    assert "spaces from El Dorado" in explorers
    assert "blockade between tiles" in blockades
    # The panel that tells the map in words holds the summary, below the image.
    assert "The map in words" in page.read("ed-words")
    assert explorers in page.read("ed-words")


@pytest.mark.django_db
def test_in_japanese_the_map_is_named_and_described_in_japanese(user_factory):
    page = _parse(_match_page("ja", user_factory, "hanako"))
    name, description = _map_image(page)
    assert name.startswith("マップ：")
    assert "（あなた）" in description[0] and "エルドラドまで" in description[0]
    for text in description:
        assert english(f"<p>{text}</p>", {"hanako", "greedy", "bot"}) == []


@pytest.mark.django_db(transaction=True)  # the bots move after each commit
def test_a_replay_map_is_an_image_described_by_that_steps_summary(user_factory):
    user = user_factory("hanako")
    match = finished_match(user, game="el-dorado")
    client = Client()
    client.force_login(user)
    first = _parse(client.get(f"/matches/{match.pk}/replay/?step=0").content.decode())
    name, (explorers, blockades) = _map_image(first)
    assert name.startswith("Map: ")
    assert "start space 1 at" in explorers and "(you)" not in explorers
    last = match.actions.count()
    end = _parse(client.get(f"/matches/{match.pk}/replay/?step={last}").content.decode())
    _, (explorers_at_end, _) = _map_image(end)
    assert "reached El Dorado" in explorers_at_end
