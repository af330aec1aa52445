"""Incan Gold states now record every card turned and when each seat went home (state form 2):
the cached snapshots of the earlier form are rebuilt from the move log."""

from django.db import migrations


def rebuild_snapshots(apps, schema_editor):
    # The engines are pure and the state helpers read only fields these historical models have
    # (game, seed, players, options and the move log).
    from games.engines.incan_gold.state import JSON_VERSION, to_json
    from games.play.services.state import fold, logged_actions

    Match = apps.get_model("games", "Match")
    stale = Match.objects.filter(game="incan-gold", snapshot__isnull=False)
    for match in stale.iterator(chunk_size=200):
        if match.snapshot.get("version") == JSON_VERSION:
            continue
        match.snapshot = to_json(fold(match, logged_actions(match)).state)
        match.snapshot_version = match.version
        match.save(update_fields=["snapshot", "snapshot_version"])


class Migration(migrations.Migration):
    dependencies = [("games", "0007_match_analysis")]

    operations = [migrations.RunPython(rebuild_snapshots, migrations.RunPython.noop)]
