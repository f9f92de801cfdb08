"""Can Qt open a window on this X display?  Asked before any QApplication exists.

Qt's xcb platform plugin needs a dozen X libraries that a fresh Debian lacks (libxcb-cursor0,
libxcb-icccm4, libxcb-keysyms1...).  When one is missing Qt aborts the whole process, and its
message names the wrong library (it always asks for xcb-cursor), so the umpire is left guessing.
Here the plugin's dependencies are listed with `ldd` (which reads them without running Qt) and
the missing ones are named with the Debian/Ubuntu packages that provide them, in one line.

No Qt is imported: PySide6's folder is found with importlib's finder only.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

# The Debian/Ubuntu package of each library the xcb plugin and Qt's GUI module load.
PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
}
# What README.md tells a fresh Debian to install; tests/test_readme.py holds the two together.
DEBIAN_PACKAGES = ("libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxkbcommon-x11-0 "
                   "libegl1 libgl1 libfontconfig1 libdbus-1-3")


def uses_xcb(environ=os.environ, platform: str = sys.platform) -> bool:
    """Whether Qt will start its xcb (X11) plugin: on Linux when asked to, or by default on an X
    display outside a Wayland session (there Qt takes its wayland plugin first)."""
    if not platform.startswith("linux"):
        return False
    asked = environ.get("QT_QPA_PLATFORM", "")
    if asked:
        return asked.split(":")[0] == "xcb"
    return bool(environ.get("DISPLAY")) and not environ.get("WAYLAND_DISPLAY")


def xcb_plugin() -> Path | None:
    """PySide6's xcb platform plugin, or None when PySide6 carries none (a system Qt's own)."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    plugin = Path(list(spec.submodule_search_locations)[0]) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return plugin if plugin.is_file() else None


def not_found_in_ldd(output: str) -> list[str]:
    """The libraries `ldd` reports as 'not found', each once, in its order."""
    found = re.findall(r"^\s*(\S+)\s*=>\s*not found", output, re.MULTILINE)
    return list(dict.fromkeys(found))


def missing_libraries(plugin: Path) -> list[str]:
    """The libraries the plugin needs that the system lacks.  Without ldd, the known list is
    tried with the dynamic loader instead (less complete: a library outside it goes unnoticed)."""
    try:
        out = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.SubprocessError):
        missing = []
        for name in PACKAGES:
            try:
                ctypes.CDLL(name)
            except OSError:
                missing.append(name)
        return missing
    return not_found_in_ldd(out)


def install_line(missing: list[str]) -> str:
    """One line: what is missing and the packages to install."""
    packages = " ".join(dict.fromkeys(PACKAGES.get(lib, lib) for lib in missing))
    return (f"Qt cannot open a window: {', '.join(missing)} missing; on Debian/Ubuntu install them: "
            f"sudo apt-get install {packages}")


def display_reachable(display: str) -> bool:
    """Whether the X server of `display` answers (as Qt's xcb plugin first asks it); True when
    libxcb cannot be loaded to ask (then Qt speaks for itself)."""
    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return True
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    connection = xcb.xcb_connect(display.encode(), None)
    try:
        return xcb.xcb_connection_has_error(connection) == 0
    finally:
        xcb.xcb_disconnect(connection)


def window_problem(environ=os.environ) -> str | None:
    """Why Qt could not open a window here, in one line, or None when nothing stands in its way."""
    if not uses_xcb(environ):
        return None
    plugin = xcb_plugin()
    if plugin is None:
        return None
    missing = missing_libraries(plugin)
    if missing:
        return install_line(missing)
    display = environ.get("DISPLAY", "")
    if not display_reachable(display):      # Qt would abort with half a page about its plugins
        return (f"cannot reach the X display {display or '(DISPLAY is not set)'}: is the X server running, and "
                "is DISPLAY right? (for a picture without a screen, use `umpire render` or --screenshot)")
    return None
