"""Reportlab's C accelerator is a declared dependency (pyproject.toml: rl-accel): without it
reportlab encodes every map image in pure Python, about half of a big report's time (issue 18)."""

import types


def test_reportlab_encodes_images_with_its_c_accelerator():
    from reportlab.lib import rl_accel

    assert isinstance(rl_accel.asciiBase85Encode, types.BuiltinFunctionType)
    assert rl_accel.asciiBase85Decode(rl_accel.asciiBase85Encode(b"umpire")) == b"umpire"
