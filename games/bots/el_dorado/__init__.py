"""Bots for The Quest for El Dorado: random, greedy and expert (each acts from its view only)."""

from .expert import expert_bot
from .greedy import greedy_bot
from .simple import random_bot

__all__ = ["expert_bot", "greedy_bot", "random_bot"]
