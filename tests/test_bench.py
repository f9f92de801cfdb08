"""`umpire bench --quick`: every figure is printed and every fast path agrees with its baseline
on small games.  Correctness only: CI machines are too busy for the times to mean anything."""

import re

import pytest

from umpire.cli import main

LINE = re.compile(r"^([a-z0-9_]+): [0-9.]+(x| MB| ms)?  \((goal (>=|<=) [0-9.]+[^:]*: (met|NOT MET)|no goal); .+\)$")

FIGURES = {
    "los": ["los_batch_vs_exact"],
    "spotting": ["spotting_midgame_vs_pairwise", "spotting_night_vs_pairwise", "spotting_midgame_over_first",
                 "spotting_incremental_vs_full"],
    "startup": ["startup_status_over_python"],
    "maps": ["render_24_over_16", "render_24_peak_mb", "gui_zoomed_out_frame_p95_ms", "gui_scene_build_24_over_16"],
    "reports": ["report_all_sides_over_render"],
    "replay": ["replay_speedup", "replay_rerun_speedup", "report_earlier_turn_over_current"],
}


@pytest.mark.parametrize("group", list(FIGURES))
def test_quick_bench_prints_every_figure_of_a_group(group, capsys):
    assert main(["bench", group, "--quick"]) == 0
    lines = capsys.readouterr().out.splitlines()
    figures = [LINE.match(line) for line in lines[1:]]
    assert all(figures), lines
    assert [f.group(1) for f in figures] == FIGURES[group]
