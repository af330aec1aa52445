"""The new-match form, one per game (each game has its own options and seat range)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.bots.registry import bot_levels
from games.engines import el_dorado
from games.engines.registry import get_engine
from games.help.el_dorado import map_name
from games.models import Pace
from games.play.services.lobby import CORRESPONDENCE_MOVE_SECONDS, LIVE_MOVE_SECONDS, MatchSpec
from games.seat_names import bot_name

OPEN_SEAT = ""


def time_choices() -> list[tuple[str, str]]:
    """The time controls, said in the reader's language (a callable: read per form)."""
    live = [
        (
            f"live:{s}",
            ngettext("Live · %(minutes)s min per move", "Live · %(minutes)s min per move", s // 60)
            % {"minutes": s // 60},
        )
        for s in LIVE_MOVE_SECONDS
    ]
    correspondence = [
        (
            f"correspondence:{s}",
            ngettext(
                "Correspondence · %(days)s day per move",
                "Correspondence · %(days)s days per move",
                s // 86400,
            )
            % {"days": s // 86400},
        )
        for s in CORRESPONDENCE_MOVE_SECONDS
    ]
    return [*live, *correspondence]


def map_choices() -> list[tuple[str, str]]:
    """El Dorado's maps by the names the site gives them, in the reader's language."""
    return [(key, map_name(key)) for key in el_dorado.map_names()]


class NewMatchForm(forms.Form):
    game = forms.CharField(widget=forms.HiddenInput)
    players = forms.TypedChoiceField(coerce=int, label=_("Players"))
    time_control = forms.ChoiceField(
        choices=time_choices, initial="live:120", label=_("Time control")
    )
    rated = forms.BooleanField(required=False, initial=True, label=_("Rated"))
    private = forms.BooleanField(
        required=False, label=_("Private (only people with the invite link can join)")
    )

    game_key = ""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        engine = get_engine(self.game_key)
        self.fields["game"].initial = self.game_key
        counts = range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1)
        self.fields["players"].choices = [
            (n, ngettext("%(count)s player", "%(count)s players", n) % {"count": n}) for n in counts
        ]
        self.fields["players"].initial = min(4, engine.MAX_PLAYERS)
        levels = [(OPEN_SEAT, gettext("Open seat (a person joins)"))] + [
            (level, bot_name(level)) for level in bot_levels(self.game_key)
        ]
        for position in range(2, engine.MAX_PLAYERS + 1):
            self.fields[f"seat_{position}"] = forms.ChoiceField(
                choices=levels,
                required=False,
                label=gettext("Seat %(number)s") % {"number": position},
            )

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("seat_")]

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("opt_")]

    def clean_game(self) -> str:
        if self.cleaned_data["game"] != self.game_key:
            raise forms.ValidationError(gettext("This form is for another game."))
        return self.game_key

    def options(self) -> dict[str, Any]:
        return {}

    def to_spec(self) -> MatchSpec:
        data = self.cleaned_data
        pace, seconds = data["time_control"].split(":")
        bots = tuple(
            data[f"seat_{position}"]
            for position in range(2, data["players"] + 1)
            if data.get(f"seat_{position}")
        )
        return MatchSpec(
            game=self.game_key,
            players=data["players"],
            options=self.options(),
            bots=bots,
            rated=data["rated"],
            pace=Pace(pace),
            move_seconds=int(seconds),
            private=data["private"],
        )


class IncanGoldForm(NewMatchForm):
    game_key = "incan-gold"
    opt_artifact_values = forms.ChoiceField(
        label=_("Artifact values"),
        choices=[
            ("incan-gold", _("Incan Gold: 5, 7, 8, 10, 12")),
            ("diamant", _("Diamant: first three taken 5, then 10")),
        ],
        initial="incan-gold",
    )
    opt_quick_start = forms.BooleanField(
        required=False,
        initial=True,
        label=_("Quick start (a hazard as first card is followed by another card at once)"),
    )

    def options(self) -> dict[str, Any]:
        return {
            "artifact_values": self.cleaned_data["opt_artifact_values"],
            "quick_start": self.cleaned_data["opt_quick_start"],
        }


class ElDoradoForm(NewMatchForm):
    game_key = "el-dorado"
    opt_map = forms.ChoiceField(label=_("Map"), choices=map_choices, initial=el_dorado.DEFAULT_MAP)
    opt_caves = forms.BooleanField(required=False, label=_("Caves (tokens next to cave mountains)"))

    def options(self) -> dict[str, Any]:
        return {"map": self.cleaned_data["opt_map"], "caves": self.cleaned_data["opt_caves"]}


FORMS: dict[str, type[NewMatchForm]] = {"incan-gold": IncanGoldForm, "el-dorado": ElDoradoForm}
