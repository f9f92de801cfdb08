"""The side's page on a phone (tester's finding, issue 23/24): at 390 px the forces table ran past
the screen's edge, its State column cut and the page scrolling sideways.  In headless Chromium
(skipped without it): the page never scrolls sideways and every column of the forces table is on
the screen, its cells wrapping."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest

from umpire.actions import new_game
from umpire.core.scenario import load_scenario
from umpire.core.store.db import open_game
from umpire.serve.app import create_app
from umpire.serve.links import make_links

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if not (CHROMIUM and DRIVER):
    pytest.skip("Chromium and chromedriver are not installed (apt-get install chromium chromium-driver)",
                allow_module_level=True)


def test_the_forces_table_fits_a_390_px_screen(tmp_path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from waitress.server import create_server
    location = new_game(load_scenario(ROOT / "scenarios" / "kaltenbach-gap.toml"), tmp_path / "kg.umpire", seed="5")
    links = make_links(open_game(location).side_ids())
    server = create_server(create_app(location, links), host="127.0.0.1", port=0, threads=2)
    threading.Thread(target=server.run, daemon=True).start()
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                 f"--user-data-dir={tmp_path / 'chromium'}", "--window-size=390,844"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    try:
        driver.set_page_load_timeout(120)
        # the tester's window: 390 px, a desktop scroll bar taking its part (headless keeps 500+ itself)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})
        driver.get(links.url(f"http://127.0.0.1:{server.effective_port}", "nato"))
        assert driver.execute_script("return window.innerWidth") == 390
        width = driver.execute_script("return document.documentElement.clientWidth")     # less the scroll bar
        assert driver.execute_script("return document.documentElement.scrollWidth") <= width + 1
        rights = driver.execute_script(
            "return [...document.querySelectorAll('#forces th, #forces td')].map(c => c.getBoundingClientRect().right)")
        assert rights and max(rights) <= width + 1, (max(rights), width)
        driver.save_screenshot(str(tmp_path / "phone.png"))
    finally:
        driver.quit()
        server.close()
