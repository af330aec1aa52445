"""El Dorado in words: names and effects of cards, cave tokens, terrain, blockades; the log's
lines, the buttons' text, refused moves and the rules page, in the reader's language."""

from games.help.el_dorado.choices import describe_choice
from games.help.el_dorado.errors import error_text
from games.help.el_dorado.maps import MAP_NAMES, map_name
from games.help.el_dorado.names import (
    blockade_effect,
    blockade_name,
    board_title,
    card_effect,
    card_help,
    card_kind_line,
    card_name,
    card_summary,
    kind_name,
    space_label,
    terrain_effect,
    terrain_name,
    token_effect,
    token_effect_by_slug,
    token_label,
    token_label_by_slug,
)
from games.help.el_dorado.narration import DETAILED_BY, describe_action, describe_event
from games.help.el_dorado.rules import rules_context

__all__ = [
    "DETAILED_BY",
    "MAP_NAMES",
    "blockade_effect",
    "blockade_name",
    "board_title",
    "card_effect",
    "card_help",
    "card_kind_line",
    "card_name",
    "card_summary",
    "describe_action",
    "describe_choice",
    "describe_event",
    "error_text",
    "kind_name",
    "map_name",
    "rules_context",
    "space_label",
    "terrain_effect",
    "terrain_name",
    "token_effect",
    "token_effect_by_slug",
    "token_label",
    "token_label_by_slug",
]
