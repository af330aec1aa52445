"""`make bench BASE=...` on tiny sizes, this tree against itself: every figure comes out.

No timing is asserted: only that the probe runs in a tree, and the table is complete."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from bench import compare

TREE = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def found():
    return compare.run(TREE, TREE, rounds=1, sizes=compare.TINY, log=lambda *a, **k: None)


def test_each_side_reports_every_figure(found):
    for side in ("base", "current"):
        (figures,) = found[side]
        assert figures["tree"] == str(TREE)
        assert figures["greedy_rates"] and all(rate > 0 for rate in figures["greedy_rates"])
        for name in ("el-dorado greedy", "el-dorado expert", "incan-gold expert"):
            decided = figures["decisions"][name]
            assert (
                len(decided["view_us"])
                == len(decided["decide_us"])
                == compare.TINY[
                    "ig_expert" if name.startswith("incan") else name.replace("el-dorado ", "ed_")
                ]
            )
        for game in ("incan-gold", "el-dorado"):
            assert len(figures["site"][game]["ms"]) == compare.TINY["site_moves"]


def test_the_table_has_a_bound_and_a_verdict_for_each_gated_figure(found):
    rows = compare.rows(found)
    gated = [r for r in rows if r.bound]
    assert {r.verdict for r in gated} <= {"PASS", "FAIL"}
    assert any(r.figure.startswith("El Dorado 4p greedy") and r.bound == "min" for r in rows)
    assert sum(r.figure.startswith("site ") and r.bound == "max" for r in rows) == 2
    assert all(math.isfinite(r.ratio) and r.ratio > 0 for r in rows)
    text = compare.table(rows)
    assert "player_view lines" in text and "holds" in text


def test_the_line_count_is_the_same_for_the_same_tree(found):
    base, current = found["base"][0]["lines"], found["current"][0]["lines"]
    assert base == current
    for game in ("el-dorado", "incan-gold"):
        names = base[game]["names"]
        assert f"games.engines.{game.replace('-', '_')}" in names[0]
        assert any(name.endswith(".player_view") for name in names)
        assert base[game]["lines"] >= base[game]["code_lines"] > 0


def test_a_folder_is_used_as_the_base_as_it_is():
    with compare.base_tree(str(TREE)) as (folder, label):
        assert folder == TREE and label == str(TREE)


def test_a_base_that_is_neither_a_folder_nor_a_commit_stops_with_a_sentence():
    with (
        pytest.raises(SystemExit, match="neither a folder nor a commit"),
        compare.base_tree("no-such-commit-or-folder"),
    ):
        pass
