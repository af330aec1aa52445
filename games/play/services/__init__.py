"""Business processes of the game site: the only layer where engines, ORM and channels meet."""

from games.play.services.errors import ActionRefused, ServiceError, StaleVersion

__all__ = ["ActionRefused", "ServiceError", "StaleVersion"]
