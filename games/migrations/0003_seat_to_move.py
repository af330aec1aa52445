"""Seat.to_move: whether the game waits for the seat, stored so dashboards never decode states."""

from django.conf import settings
from django.db import migrations, models

ACTIVE = 1  # games.models.Status.ACTIVE; stored numbers never change meaning


def fill_to_move(apps, schema_editor):
    """Mark the awaited seats of every running match, from its state (snapshot or log)."""
    # The engines are pure and the state helper reads only fields these historical models
    # have (game, seed, players, options, snapshot, versions and the move log).
    from games.play.services.state import current_state, engine_for

    Match = apps.get_model("games", "Match")
    Seat = apps.get_model("games", "Seat")
    for match in Match.objects.filter(status=ACTIVE).iterator(chunk_size=200):
        engine = engine_for(match)
        state = current_state(match)
        waiting = set() if engine.is_over(state) else set(engine.to_act(state))
        if waiting:
            Seat.objects.filter(match=match, position__in=waiting).update(to_move=True)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_ratings"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="to_move",
            field=models.BooleanField(default=False),
        ),
        migrations.AddIndex(
            model_name="seat",
            index=models.Index(
                condition=models.Q(("to_move", True)), fields=["user"], name="seat_to_move_by_user"
            ),
        ),
        migrations.RunPython(fill_to_move, migrations.RunPython.noop),
    ]
