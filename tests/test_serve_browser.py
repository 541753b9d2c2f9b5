"""The sandbox and the game pages in a real browser: Debian's Chromium driven by Selenium through
Debian's chromium-driver, against ``dipsat serve`` on 127.0.0.1. Orders are typed, buttons
clicked and results read from the page; two powers order with their own links, the game master
adjudicates, the public page shows no secret.

`.ci/run` installs chromium and chromium-driver; without them (or without Selenium) these tests
skip and say why.
"""
from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="dipsat serve needs the 'serve' extra (pip install -e '.[serve]')")
pytest.importorskip("selenium", reason="the browser tests need Selenium (pip install -e '.[test]')")
from selenium import webdriver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

from serve_live import live_server  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                                reason="no Chromium and chromedriver here (.ci/run installs Debian's chromium and "
                                       "chromium-driver; apt-get install chromium chromium-driver)")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_server(tmp_path_factory.mktemp("db") / "browser.sqlite") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM  # type: ignore[assignment]
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1100",
                 "--disable-background-networking", "--disable-component-update", "--no-first-run"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=DRIVER))
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def wait(check: Callable[[], Any], timeout: float = 60) -> Any:
    """Poll ``check`` until it returns something true; fail after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while True:
        try:
            got = check()
        except Exception:  # noqa: BLE001 - the page is still changing
            got = None
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {check}")
        time.sleep(0.1)


def _ready(driver: Any) -> bool:
    return driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "yes"


def _errors(driver: Any) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def test_sandbox_types_orders_adjudicates_and_keeps_its_state_in_the_url(browser: Any, server: str) -> None:
    browser.get(server + "/sandbox")
    wait(lambda: _ready(browser))
    wait(lambda: browser.find_element(By.CSS_SELECTOR, "#board img"))  # the opening, drawn
    orders = browser.find_element(By.ID, "orders")
    orders.send_keys("France: A Paris - Burgundy\nGermany: A Munich - Burgundy\nGermany: A Berlin - Prussia")
    browser.find_element(By.ID, "adjudicate").click()
    rows = wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#result-table tbody tr"))
    results = {r.find_elements(By.TAG_NAME, "td")[0].text: r.find_elements(By.TAG_NAME, "td")[1].text for r in rows}
    assert results["A Paris - Burgundy"] == "fails"
    assert results["A Berlin - Prussia"] == "succeeds"
    assert "bounced" in browser.find_element(By.ID, "result-table").text
    assert len(browser.find_elements(By.CSS_SELECTOR, "#pictures img")) == 3  # before, after, decision graph
    url = browser.current_url
    assert "#case=" in url and "Munich" in url.replace("%20", " ").replace("+", " ")
    browser.get("about:blank")
    browser.get(url)  # the same situation from its link
    wait(lambda: _ready(browser))
    assert "Germany: A Berlin - Prussia" in browser.find_element(By.ID, "orders").get_property("value")
    assert _errors(browser) == []


def test_sandbox_loads_a_datc_paradox_and_explains_it(browser: Any, server: str) -> None:
    browser.get(server + "/sandbox")
    wait(lambda: _ready(browser))
    Select(browser.find_element(By.ID, "load")).select_by_value("datc_6F_convoys.txt|6.F.24")
    wait(lambda: "6.F.24" in browser.find_element(By.ID, "position").get_property("value"))
    browser.find_element(By.ID, "adjudicate").click()
    paradox = wait(lambda: browser.find_element(By.CSS_SELECTOR, "#paradoxes .paradox"))
    assert "paradox" in paradox.text or "cycle" in paradox.text
    assert "expected" not in browser.find_element(By.ID, "paradoxes").text.lower()  # no difference from the DATC
    browser.find_element(By.ID, "position").send_keys("\nEngland: F Nowhere")
    wait(lambda: "unknown province" in browser.find_element(By.ID, "error").text)
    assert all("/api/board" in e and "400" in e for e in _errors(browser))  # that mistake's answer, nothing else


def _links(browser: Any) -> dict[str, str]:
    return {a.get_attribute("data-power"): a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "#links a")}


def test_game_two_powers_order_the_master_adjudicates_the_public_sees_no_secret(browser: Any, server: str) -> None:
    browser.get(server + "/games")
    wait(lambda: _ready(browser))
    browser.find_element(By.ID, "title").send_keys("Browser test")
    browser.find_element(By.CSS_SELECTOR, "#create-form button").click()
    links = wait(lambda: _links(browser) if len(_links(browser)) == 9 else None)
    orders = {"France": "A Paris - Burgundy\nF Brest - English Channel", "Germany": "A Munich - Burgundy"}
    for power, text in orders.items():
        browser.get("about:blank")
        browser.get(links[power])
        wait(lambda: _ready(browser))
        assert power in browser.find_element(By.ID, "ordering-title").text
        browser.find_element(By.ID, "my-orders").send_keys(text)
        browser.find_element(By.ID, "submit-orders").click()
        wait(lambda: "recorded" in browser.find_element(By.ID, "message").text)
    browser.get("about:blank")
    browser.get(links["public"])
    wait(lambda: _ready(browser))
    page = browser.page_source
    assert "English Channel" not in page and "Burgundy" not in page
    assert "France: ordered" in browser.find_element(By.ID, "due").text
    browser.get("about:blank")
    browser.get(links["game master"])
    wait(lambda: _ready(browser))
    assert "English Channel" in browser.find_element(By.ID, "pending").text
    browser.execute_script("document.getElementById('deadline').value = '2031-05-01T12:00'")
    browser.find_element(By.ID, "set-deadline").click()
    wait(lambda: "adjudicated at 2031-05-01" in browser.find_element(By.ID, "game-facts").text)
    browser.find_element(By.ID, "adjudicate").click()
    wait(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-phase") == "1")
    wait(lambda: all(browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", i)
                     for i in browser.find_elements(By.CSS_SELECTOR, "#board-now img, #phases img"))
         and len(browser.find_elements(By.CSS_SELECTOR, "#board-now img, #phases img")) == 2)  # fetched with the token
    browser.get("about:blank")
    browser.get(links["public"])
    wait(lambda: _ready(browser))
    table = browser.find_element(By.CSS_SELECTOR, "#phases table").text
    assert "A Paris - Burgundy fails" in table and "F Brest - English Channel succeeds" in table
    images = browser.find_elements(By.CSS_SELECTOR, "#phases img, #board-now img")
    wait(lambda: all(browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", i)
                     for i in images))
    assert _errors(browser) == []
    browser.find_element(By.CSS_SELECTOR, "#phases button.to-sandbox").click()  # the phase in the sandbox
    wait(lambda: _ready(browser) and "/sandbox" in browser.current_url)
    assert "France: A Paris - Burgundy" in browser.find_element(By.ID, "orders").get_property("value")
    browser.find_element(By.ID, "adjudicate").click()
    rows = wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#result-table tbody tr"))
    assert any("A Paris - Burgundy" in r.text and "fails" in r.text for r in rows)
    assert _errors(browser) == []


def test_pages_name_an_unknown_game(browser: Any, server: str) -> None:
    browser.get(server + "/games/nosuchgame")
    assert "no game 'nosuchgame'" in wait(lambda: browser.find_element(By.ID, "error").text)
