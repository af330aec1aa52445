"""The new-match form, one per game (each game has its own options and seat range)."""

from __future__ import annotations

from typing import Any

from django import forms

from games.bots.registry import bot_levels
from games.engines import el_dorado
from games.engines.registry import get_engine
from games.models import Pace
from games.play.services.lobby import CORRESPONDENCE_MOVE_SECONDS, LIVE_MOVE_SECONDS, MatchSpec
from games.seat_names import bot_name

OPEN_SEAT = ""

TIME_CHOICES = [
    *[(f"live:{s}", f"Live · {s // 60} min per move") for s in LIVE_MOVE_SECONDS],
    *[
        (f"correspondence:{s}", f"Correspondence · {s // 86400} day{'s' * (s > 86400)} per move")
        for s in CORRESPONDENCE_MOVE_SECONDS
    ],
]

MAP_CHOICES = list(el_dorado.map_names().items())


class NewMatchForm(forms.Form):
    game = forms.CharField(widget=forms.HiddenInput)
    players = forms.TypedChoiceField(coerce=int, label="Players")
    time_control = forms.ChoiceField(choices=TIME_CHOICES, initial="live:120")
    rated = forms.BooleanField(required=False, initial=True, label="Rated")
    private = forms.BooleanField(
        required=False, label="Private (only people with the invite link can join)"
    )

    game_key = ""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        engine = get_engine(self.game_key)
        self.fields["game"].initial = self.game_key
        counts = range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1)
        self.fields["players"].choices = [(n, f"{n} players") for n in counts]
        self.fields["players"].initial = min(4, engine.MAX_PLAYERS)
        levels = [(OPEN_SEAT, "Open seat (a person joins)")] + [
            (level, bot_name(level)) for level in bot_levels(self.game_key)
        ]
        for position in range(2, engine.MAX_PLAYERS + 1):
            self.fields[f"seat_{position}"] = forms.ChoiceField(
                choices=levels, required=False, label=f"Seat {position}"
            )

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("seat_")]

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("opt_")]

    def clean_game(self) -> str:
        if self.cleaned_data["game"] != self.game_key:
            raise forms.ValidationError("This form is for another game.")
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
        label="Artifact values",
        choices=[
            ("incan-gold", "Incan Gold: 5, 7, 8, 10, 12"),
            ("diamant", "Diamant: first three taken 5, then 10"),
        ],
        initial="incan-gold",
    )
    opt_quick_start = forms.BooleanField(
        required=False,
        initial=True,
        label="Quick start (a hazard as first card is followed by another card at once)",
    )

    def options(self) -> dict[str, Any]:
        return {
            "artifact_values": self.cleaned_data["opt_artifact_values"],
            "quick_start": self.cleaned_data["opt_quick_start"],
        }


class ElDoradoForm(NewMatchForm):
    game_key = "el-dorado"
    opt_map = forms.ChoiceField(label="Map", choices=MAP_CHOICES, initial=el_dorado.DEFAULT_MAP)
    opt_caves = forms.BooleanField(required=False, label="Caves (tokens next to cave mountains)")

    def options(self) -> dict[str, Any]:
        return {"map": self.cleaned_data["opt_map"], "caves": self.cleaned_data["opt_caves"]}


FORMS: dict[str, type[NewMatchForm]] = {"incan-gold": IncanGoldForm, "el-dorado": ElDoradoForm}
