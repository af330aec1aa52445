"""Post-game analysis on the replay page: asked for, worked out on the task queue, stored, and
read back as each player's accuracy, the turning points and a note on each decision (Incan
Gold: each stay-or-return choice; El Dorado: each turn against the expert's)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.bots.el_dorado import analysis as ed_analysis
from games.bots.incan_gold import analysis as ig_analysis
from games.help.el_dorado.names import card_name
from games.models import Match, MatchAnalysis, Status
from games.play.services.state import logged_actions, start_state

GAMES = ("incan-gold", "el-dorado")
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

    decisions: list[Any]
    if match.game == "el-dorado":
        decisions = ed_analysis.analyse(
            state, logged_actions(match), seed=match.seed, progress=progress
        )
    else:
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


def _players(summaries: Sequence[Any], names: Sequence[str]) -> list[dict[str, Any]]:
    return [
        {
            "seat": s.seat,
            "name": names[s.seat],
            "accuracy": s.accuracy,
            "lost": s.lost,
            "decisions": s.decisions,
        }
        for s in summaries
    ]


def panel_context(match: Match, record: MatchAnalysis | None, step: int) -> dict[str, Any]:
    """What the analysis panel shows at a replay step: progress while it is worked out, then
    the players' accuracy, the turning points and the notes on the decisions of this step."""
    if record is None or record.finished is None:
        percent = round(100 * record.done / record.total) if record and record.total else 0
        return {"pending": True, "percent": percent}
    names = match.seat_names()
    if match.game == "el-dorado":
        return _el_dorado_context(match, record, step, names)
    decisions = [ig_analysis.Decision.from_json(d) for d in record.decisions]
    return {
        "pending": False,
        "players": _players(ig_analysis.summaries(decisions, match.players), names),
        "turning_points": [_note(d, names) for d in ig_analysis.turning_points(decisions)],
        "here": [_note(d, names) for d in decisions if d.step == step],
        "lost_heading": _("Gems given up"),
        "none_costly": _("No choice cost anyone two gems or more."),
        "how": _(
            "Each decision is judged by the expert bot from what the player could see then, "
            "over many simulated endings of the round; a choice within %(tolerance)s gems of "
            "the better one counts as good. Gems are estimates of what the round would bring "
            "home."
        )
        % {"tolerance": ig_analysis.TOLERANCE},
    }


def _el_dorado_context(
    match: Match, record: MatchAnalysis, step: int, names: Sequence[str]
) -> dict[str, Any]:
    judged = [ed_analysis.Turn.from_json(t) for t in record.decisions]
    return {
        "pending": False,
        "players": _players(ed_analysis.summaries(judged, match.players), names),
        "turning_points": [_turn_note(t, names) for t in ed_analysis.turning_points(judged)],
        "here": [_turn_note(t, names) for t in judged if t.step <= step <= t.last],
        "lost_heading": _("Rounds given up"),
        "none_costly": _("No turn cost anyone half a round or more."),
        "how": _(
            "Each turn is set beside the turn the expert bot plays from the same view. Both are "
            "measured alike: the spaces the explorers came nearer El Dorado (weighted by what "
            "the player's deck is good at), plus what a card bought is worth to the deck in "
            "spaces; a gap becomes rounds at the player's own pace in this match. A turn "
            "within %(tolerance)s space of the expert's counts as good."
        )
        % {"tolerance": ed_analysis.TOLERANCE},
    }


def turn_text(turn: ed_analysis.Turn, name: str) -> str:
    """What a player's turn did, by the expert's yardstick."""
    values = {"name": name, "spaces": f"{abs(turn.gained):.1f}"}
    if turn.bought:
        values["card"] = card_name(turn.bought)
        if turn.gained < 0:
            text = _("%(name)s went %(spaces)s spaces away from El Dorado and bought %(card)s.")
        else:
            text = _("%(name)s came %(spaces)s spaces nearer El Dorado and bought %(card)s.")
    elif turn.gained < 0:
        text = _("%(name)s went %(spaces)s spaces away from El Dorado and bought nothing.")
    else:
        text = _("%(name)s came %(spaces)s spaces nearer El Dorado and bought nothing.")
    return text % values


def expert_turn_text(turn: ed_analysis.Turn) -> str:
    """The turn the expert would have played, and the rounds it would have saved."""
    values = {
        "spaces": f"{max(0.0, turn.expert_gained):.1f}",
        "rounds": f"{turn.rounds:.1f}",
    }
    if turn.expert_bought:
        values["card"] = card_name(turn.expert_bought)
        text = _(
            "The expert would have come %(spaces)s spaces nearer and bought %(card)s: "
            "about %(rounds)s rounds sooner."
        )
    else:
        text = _(
            "The expert would have come %(spaces)s spaces nearer and bought nothing: "
            "about %(rounds)s rounds sooner."
        )
    return text % values


def _turn_note(turn: ed_analysis.Turn, names: Sequence[str]) -> Note:
    return Note(
        step=turn.step,
        seat=turn.seat,
        text=turn_text(turn, names[turn.seat]),
        good=turn.good,
        expert=expert_turn_text(turn),
    )
