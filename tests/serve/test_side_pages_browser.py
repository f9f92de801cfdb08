"""The side pages in a real headless browser (issue 24): Debian's Chromium, driven through its
chromedriver by Selenium, against `umpire serve`'s server on loopback.  .ci/run installs both;
without them the test is skipped (apt-get install chromium chromium-driver)."""

from __future__ import annotations

import shutil
import threading

import pytest

from umpire.actions import new_game
from umpire.core.engine import journal
from umpire.core.store.db import open_game
from umpire.serve.app import create_app
from umpire.serve.links import make_links

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
if not (CHROMIUM and DRIVER):
    pytest.skip("Chromium and chromedriver are not installed (apt-get install chromium chromium-driver)",
                allow_module_level=True)


@pytest.fixture()
def served(tmp_path, sample_scenario):
    from waitress.server import create_server
    location = new_game(sample_scenario, tmp_path / "g.umpire", seed="web")
    links = make_links(open_game(location).side_ids())
    server = create_server(create_app(location, links), host="127.0.0.1", port=0, threads=2)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield location, links, f"http://127.0.0.1:{server.effective_port}"
    server.close()


@pytest.fixture()
def browser(tmp_path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={tmp_path / 'chromium'}", "--window-size=390,844"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(120)
    yield driver
    driver.quit()


def test_a_side_page_shows_its_map_and_forces_and_takes_its_orders(served, browser, tmp_path):
    from selenium.webdriver.common.by import By
    location, links, base = served
    browser.get(links.url(base, "nato"))
    assert "US Task Force 2-32" in browser.title
    image = browser.find_element(By.CSS_SELECTOR, "img.map")
    browser.set_script_timeout(120)
    loaded = browser.execute_async_script(
        "const img = arguments[0], done = arguments[1];"
        "if (img.complete) done(img.naturalWidth); else img.onload = () => done(img.naturalWidth);", image)
    assert loaded > 300                                   # the side's map picture arrived and decoded
    rows = browser.find_elements(By.CSS_SELECTOR, "#forces tr")
    assert len(rows) > 5
    # fits a phone: nothing runs off the right edge but the tables' own cells
    assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth + 1")
    browser.save_screenshot(str(tmp_path / "phone.png"))
    assert (tmp_path / "phone.png").stat().st_size > 10_000
    box = browser.find_element(By.NAME, "orders")
    box.clear()
    box.send_keys('side = "nato"\nturn = 1\n[commands]\n"A/2-32" = "overwatch"\n')
    browser.find_element(By.CSS_SELECTOR, "#orders button").click()
    from selenium.webdriver.support.ui import WebDriverWait
    # the answer is a new page: wait for it (the orders are checked and journaled first)
    said = WebDriverWait(browser, 120).until(lambda b: b.find_element(By.ID, "said"))
    assert "Orders received" in said.text and "ok" in said.get_attribute("class")
    assert journal(location)[-1].kind == "orders" and journal(location)[-1].side_id == "nato"


def test_another_sides_secret_or_none_sees_nothing_of_it(served, browser):
    from selenium.webdriver.common.by import By
    location, links, base = served
    browser.get(links.url(base, "warpac"))
    text = browser.find_element(By.TAG_NAME, "body").text
    nato = [u for u in open_game(location).units.values() if u.side == "nato"]
    assert "US Task Force 2-32" not in text.split("\n")[0] and all(f"\n{u.id} " not in text for u in nato)
    for url in (f"{base}/s/{'x' * 32}/", f"{base}/", f"{base}/s/{links.tokens['nato'][:-2]}/"):
        browser.get(url)
        text = browser.find_element(By.TAG_NAME, "body").text       # the browser's own "not found"
        assert "404" in text and "Kaltenbach" not in text and "Task Force" not in text and "Guards" not in text
