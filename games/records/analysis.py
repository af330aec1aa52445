"""Post-game analysis on the replay page: asked for, worked out on the task queue, stored, and
read back as each player's accuracy, the turning points and a note on each decision.

Incan Gold only for now: El Dorado's turns need a planner the expert does not have yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.bots.incan_gold import analysis as ig_analysis
from games.models import Match, MatchAnalysis, Status
from games.play.services.state import logged_actions, start_state

GAMES = ("incan-gold",)
# Progress is written this often (in decisions), so a page polling it sees the bar move.
PROGRESS_EVERY = 10


def analysable(match: Match) -> bool:
    return match.status == Status.FINISHED and match.game in GAMES


def request_analysis(match: Match) -> MatchAnalysis:
    """The match's analysis, queued on the task queue if nobody had asked for it yet."""
    record, created = MatchAnalysis.objects.get_or_create(match=match)
    if created:
        from games.tasks import analyse_match

        transaction.on_commit(lambda: analyse_match.enqueue(match.pk))
    return record


def run_analysis(match_id: int) -> int:
    """Work out a finished match's analysis and store it; how many decisions were judged. Run
    twice, it does the work once more and stores the same result."""
    match = Match.objects.get(pk=match_id)
    record, _ = MatchAnalysis.objects.get_or_create(match=match)
    if record.finished is not None or not analysable(match):
        return record.done
    state, _ = start_state(match)

    def progress(done: int, total: int) -> None:
        if done % PROGRESS_EVERY == 0 or done == total:
            MatchAnalysis.objects.filter(pk=record.pk).update(done=done, total=total)

    decisions = ig_analysis.analyse(
        state,
        logged_actions(match),
        seed=match.seed,
        rollouts=settings.ANALYSIS_ROLLOUTS,
        progress=progress,
    )
    MatchAnalysis.objects.filter(pk=record.pk).update(
        done=len(decisions),
        total=len(decisions),
        decisions=[d.to_json() for d in decisions],
        finished=timezone.now(),
    )
    return len(decisions)


def decision_text(decision: ig_analysis.Decision, name: str) -> str:
    """A decision as the analysis tells it: what was chosen, and how much more or less the other
    choice would have brought home on average."""
    other = decision.returning if decision.choice == "continue" else decision.staying
    chosen = decision.staying if decision.choice == "continue" else decision.returning
    gap = other - chosen
    values = {"name": name, "carried": decision.carried, "gap": f"{abs(gap):.1f}"}
    if decision.choice == "return":
        if gap > 0:
            text = _(
                "%(name)s returned with %(carried)s gems: "
                "staying was worth %(gap)s more on average."
            )
        else:
            text = _(
                "%(name)s returned with %(carried)s gems: "
                "staying was worth %(gap)s less on average."
            )
    elif gap > 0:
        text = _(
            "%(name)s stayed with %(carried)s gems: returning was worth %(gap)s more on average."
        )
    else:
        text = _(
            "%(name)s stayed with %(carried)s gems: returning was worth %(gap)s less on average."
        )
    return text % values


@dataclass(frozen=True)
class Note:
    """One judged decision, ready for the page."""

    step: int
    seat: int
    text: str
    good: bool
    expert: str  # what the expert would have chosen, in words


def _note(decision: ig_analysis.Decision, names: Sequence[str]) -> Note:
    expert = (
        _("The expert would have stayed.")
        if decision.best == "continue"
        else _("The expert would have returned.")
    )
    return Note(
        step=decision.step,
        seat=decision.seat,
        text=decision_text(decision, names[decision.seat]),
        good=decision.good,
        expert=expert,
    )


def panel_context(match: Match, record: MatchAnalysis | None, step: int) -> dict[str, Any]:
    """What the analysis panel shows at a replay step: progress while it is worked out, then
    the players' accuracy, the turning points and the notes on the decisions of this step."""
    if record is None or record.finished is None:
        percent = round(100 * record.done / record.total) if record and record.total else 0
        return {"pending": True, "percent": percent}
    decisions = [ig_analysis.Decision.from_json(d) for d in record.decisions]
    names = match.seat_names()
    return {
        "pending": False,
        "players": [
            {
                "seat": s.seat,
                "name": names[s.seat],
                "accuracy": s.accuracy,
                "lost": s.lost,
                "decisions": s.decisions,
            }
            for s in ig_analysis.summaries(decisions, match.players)
        ],
        "turning_points": [_note(d, names) for d in ig_analysis.turning_points(decisions)],
        "here": [_note(d, names) for d in decisions if d.step == step],
        "tolerance": ig_analysis.TOLERANCE,
    }
