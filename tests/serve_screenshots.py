"""Take the README's screenshots of ``dipsat serve``: the sandbox on DATC 6.F.24 and a game page.

Run: ``.venv/bin/python tests/serve_screenshots.py`` (needs Chromium and chromedriver, as the
browser tests); writes ``docs/pictures/serve-sandbox.png`` and ``docs/pictures/serve-game.png``.
"""
from __future__ import annotations

import json
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

from serve_live import live_server  # noqa: E402
from test_serve_browser import CHROMIUM, DRIVER, _ready, wait  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "docs" / "pictures"


def _call(url: str, method: str, body: dict, token: str | None = None) -> dict:
    headers = {"content-type": "application/json", **({"authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method=method)
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def main() -> None:
    from selenium import webdriver
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--window-size=1400,1500", "--hide-scrollbars"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=DRIVER))
    with tempfile.TemporaryDirectory() as folder, live_server(Path(folder) / "shots.sqlite") as server:
        driver.get(server + "/sandbox")
        wait(lambda: _ready(driver))
        Select(driver.find_element(By.ID, "load")).select_by_value("datc_6F_convoys.txt|6.F.24")
        wait(lambda: "6.F.24" in driver.find_element(By.ID, "position").get_property("value"))
        driver.find_element(By.ID, "adjudicate").click()
        wait(lambda: driver.find_elements(By.CSS_SELECTOR, "#pictures img"))
        time.sleep(1.5)
        driver.save_screenshot(str(OUT / "serve-sandbox.png"))
        game = _call(server + "/api/games", "POST", {"variant": "standard", "title": "Spring in the West"})
        orders = {"France": ["A Paris - Burgundy", "F Brest - English Channel", "A Marseilles - Spain"],
                  "Germany": ["A Munich - Burgundy", "F Kiel - Holland", "A Berlin - Kiel"],
                  "England": ["F London - North Sea", "F Edinburgh - Norwegian Sea", "A Liverpool - Yorkshire"]}
        for power, lines in orders.items():
            _call(f"{server}/api/games/{game['id']}/orders", "PUT", {"phase": 0, "orders": lines}, game["tokens"][power])
        _call(f"{server}/api/games/{game['id']}/adjudicate", "POST", {"phase": 0}, game["gm_token"])
        _call(f"{server}/api/games/{game['id']}/orders", "PUT", {"phase": 1, "orders": ["A Burgundy - Belgium"]},
              game["tokens"]["France"])
        driver.get(f"{server}/games/{game['id']}#token={game['tokens']['France']}")
        wait(lambda: _ready(driver))
        time.sleep(1.5)
        driver.save_screenshot(str(OUT / "serve-game.png"))
    driver.quit()
    print(f"wrote {OUT / 'serve-sandbox.png'} and {OUT / 'serve-game.png'}")


if __name__ == "__main__":
    main()
