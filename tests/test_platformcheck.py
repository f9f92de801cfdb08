"""Qt's missing X libraries named before Qt can abort (umpire/platformcheck.py)."""

import ctypes.util

import pytest

from umpire import platformcheck
from umpire.platformcheck import DEBIAN_PACKAGES, display_reachable, install_line, not_found_in_ldd, uses_xcb, window_problem

LDD = """\
\tlinux-vdso.so.1 (0x00007ffd)
\tlibxcb-cursor.so.0 => /lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007fa8)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-icccm.so.4 => not found
\tlibfoo-bar.so.3 => not found
"""


def test_the_missing_libraries_are_read_from_ldd():
    assert not_found_in_ldd(LDD) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libfoo-bar.so.3"]
    assert not_found_in_ldd("\tlibc.so.6 => /lib/libc.so.6 (0x1)\n") == []


def test_one_line_with_the_packages():
    line = install_line(["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libfoo-bar.so.3"])
    assert "\n" not in line
    assert line.endswith("sudo apt-get install libxcb-icccm4 libxcb-keysyms1 libfoo-bar.so.3")


def test_the_readme_names_what_a_fresh_debian_lacks():
    for package in ("libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1"):
        assert package in DEBIAN_PACKAGES.split()


def test_when_qt_takes_xcb():
    assert uses_xcb({"DISPLAY": ":0"}, "linux")
    assert not uses_xcb({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert uses_xcb({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert not uses_xcb({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0"}, "linux")
    assert not uses_xcb({"DISPLAY": ":0"}, "darwin")


def test_no_check_off_x(monkeypatch):
    monkeypatch.setattr(platformcheck, "missing_libraries", lambda plugin: ["libxcb-icccm.so.4"])
    assert window_problem({"QT_QPA_PLATFORM": "offscreen"}) is None
    if platformcheck.xcb_plugin() is not None:        # PySide6's wheels for Linux carry it
        assert "libxcb-icccm4" in window_problem({"DISPLAY": ":0"})


@pytest.mark.skipif(ctypes.util.find_library("xcb") is None, reason="no libxcb to ask an X server with")
def test_an_x_display_nobody_serves_is_named(monkeypatch):
    assert not display_reachable(":97")
    monkeypatch.setattr(platformcheck, "missing_libraries", lambda plugin: [])
    monkeypatch.setattr(platformcheck, "xcb_plugin", lambda: "libqxcb.so")
    line = window_problem({"DISPLAY": ":97"})
    assert line.startswith("cannot reach the X display :97") and "\n" not in line
