"""The services of playing: the only layer where engines, ORM and channels meet."""

from games.play.services.errors import ActionRefused, ServiceError, StaleVersion

__all__ = ["ActionRefused", "ServiceError", "StaleVersion"]
