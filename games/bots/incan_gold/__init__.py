"""Incan Gold bots: functions of a seat's view (never the hidden state)."""

from __future__ import annotations

from .expert import expert_bot
from .simple import cautious_bot, random_bot

__all__ = ["cautious_bot", "expert_bot", "random_bot"]
