"""The godip-compatible routes' JSON, status codes and headers, and dipsat's ``/api``: shapes
matched to godip's ``gae/`` server, errors as the command line words them."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("fastapi", reason="dipsat serve needs the 'serve' extra (pip install -e '.[serve]')")
from fastapi.testclient import TestClient  # noqa: E402

from dipsat.serve.app import create_app  # noqa: E402

FIELDS = ["Season", "Year", "Type", "Units", "Orders", "SupplyCenters", "Dislodgeds", "Dislodgers", "Bounces",
          "Resolutions"]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(":memory:", max_body=64 << 10))


def _phase(units: dict[str, tuple[str, str]], orders: dict[str, dict[str, list[str]]], **extra: object) -> dict:
    body = {"Season": "Spring", "Year": 1901, "Type": "Movement",
            "Units": {p: {"Type": t, "Nation": n} for p, (t, n) in units.items()}, "Orders": orders,
            "SupplyCenters": {}, "Dislodgeds": {}, "Dislodgers": {}, "Bounces": {}, "Resolutions": {}}
    body.update(extra)
    return body


def test_opening_phase_has_godips_ten_fields_in_order(client: TestClient) -> None:
    got = client.get("/Classical")
    assert got.status_code == 200
    assert got.headers["content-type"] == "application/json; charset=UTF-8"
    assert got.text.endswith("}\n") and "\n" not in got.text[:-1]  # json.NewEncoder: compact, one newline
    phase = got.json()
    assert list(phase) == FIELDS
    assert (phase["Season"], phase["Year"], phase["Type"]) == ("Spring", 1901, "Movement")
    assert phase["Units"]["stp/sc"] == {"Type": "Fleet", "Nation": "Russia"}
    assert len(phase["Units"]) == 22 and len(phase["SupplyCenters"]) == 22
    assert phase["Orders"] == phase["Dislodgeds"] == phase["Dislodgers"] == phase["Bounces"] == phase["Resolutions"] == {}


def test_variants_list_names_nations_and_phase_types(client: TestClient) -> None:
    got = client.get("/", headers={"accept": "application/json"}).json()
    assert got["Classical"]["Nations"] == ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
    assert got["Classical"]["UnitTypes"] == ["Army", "Fleet"]
    assert got["Classical"]["PhaseTypes"] == ["Movement", "Retreat", "Adjustment"]
    assert {"telepath", "vain_star", "sorcerous", "gathering", "hitchhiker"} <= set(got)


def test_bounce_names_the_rival_and_records_the_bounce(client: TestClient) -> None:
    body = _phase({"vie": ("Army", "Austria"), "war": ("Army", "Russia"), "stp/sc": ("Fleet", "Russia")},
                  {"Austria": {"vie": ["Move", "gal"]}, "Russia": {"war": ["Move", "gal"]}})
    got = client.post("/Classical", json=body).json()
    assert (got["Season"], got["Type"]) == ("Spring", "Retreat")
    assert got["Resolutions"] == {"stp/sc": "OK", "vie": "ErrBounce:war", "war": "ErrBounce:vie"}
    assert got["Bounces"] == {"gal": {"vie": True, "war": True}}
    assert got["Units"]["vie"] == {"Type": "Army", "Nation": "Austria"}


def test_dislodgement_gives_dislodgers_and_the_retreat_respects_them(client: TestClient) -> None:
    body = _phase({"mun": ("Army", "Germany"), "ruh": ("Army", "Germany"), "bur": ("Army", "France"),
                   "gas": ("Army", "France"), "mar": ("Army", "France"), "pic": ("Army", "France")},
                  {"Germany": {"mun": ["Move", "bur"], "ruh": ["Support", "mun", "bur"]},
                   "France": {"bur": ["Hold"], "gas": ["Move", "par"], "pic": ["Move", "par"]}})
    got = client.post("/Classical", json=body).json()
    assert got["Dislodgeds"] == {"bur": {"Type": "Army", "Nation": "France"}}
    assert got["Dislodgers"] == {"mun": "bur"}
    assert got["Bounces"] == {"par": {"gas": True, "pic": True}}
    assert got["Resolutions"]["ruh"] == "OK" and got["Resolutions"]["bur"] == "OK"
    # back to the attacker's origin, into the standoff: both refused; the unit is disbanded
    for dest in ("mun", "par"):
        retreat = dict(got, Orders={"France": {"bur": ["Move", dest]}})
        after = client.post("/Classical", json=retreat).json()
        assert (after["Season"], after["Type"]) == ("Fall", "Movement")
        assert "bur" in after["Units"] and after["Units"]["bur"]["Nation"] == "Germany"
        assert after["Resolutions"]["bur"] != "OK" and after["Dislodgeds"] == {}
    ok = client.post("/Classical", json=dict(got, Orders={"France": {"bur": ["Move", "bel"]}})).json()
    assert ok["Units"]["bel"] == {"Type": "Army", "Nation": "France"} and ok["Resolutions"] == {"bur": "OK"}


def test_support_cut_names_the_cutter(client: TestClient) -> None:
    body = _phase({"mun": ("Army", "Germany"), "ruh": ("Army", "Germany"), "bur": ("Army", "France"),
                   "bel": ("Army", "France")},
                  {"Germany": {"mun": ["Move", "bur"], "ruh": ["Support", "mun", "bur"]},
                   "France": {"bel": ["Move", "ruh"]}})
    got = client.post("/Classical", json=body).json()
    assert got["Resolutions"]["ruh"] == "ErrSupportBroken:bel"
    assert got["Resolutions"]["mun"] == "ErrBounce:bur"


def test_unknown_variant_is_404_bad_json_and_bad_orders_400(client: TestClient) -> None:
    got = client.get("/Nowhere")
    assert (got.status_code, got.text) == (404, 'Variant "Nowhere" not found\n')
    assert client.post("/Classical", content=b"{not json").status_code == 400
    bad = _phase({"vie": ("Army", "Austria")}, {"Austria": {"vie": ["Teleport", "gal"]}})
    got = client.post("/Classical", json=bad)
    assert got.status_code == 400 and "Teleport" in got.text
    wrong = _phase({"vie": ("Army", "Austria")}, {"Austria": {"vie": ["Move"]}})
    assert client.post("/Classical", json=wrong).status_code == 400
    assert client.post("/Classical?rules=nonsense", json=_phase({}, {})).status_code == 400


def test_order_of_a_missing_unit_is_a_resolution_not_an_error(client: TestClient) -> None:
    got = client.post("/Classical", json=_phase({"vie": ("Army", "Austria")}, {"Austria": {"bud": ["Move", "ser"]}}))
    assert got.status_code == 200
    assert got.json()["Resolutions"] == {"bud": "ErrMissingUnit", "vie": "OK"}


def test_wrong_method_is_405_and_cors_headers_are_godips(client: TestClient) -> None:
    assert client.put("/Classical").status_code == 405
    got = client.get("/Classical")
    for h in ("access-control-allow-origin", "access-control-allow-methods", "access-control-allow-headers"):
        assert got.headers[h] == "*"
    pre = client.options("/Classical", headers={"origin": "http://example.org", "access-control-request-method": "POST"})
    assert pre.status_code == 200 and pre.headers["access-control-allow-origin"] == "*"


def test_cors_can_be_limited_to_named_origins() -> None:
    limited = TestClient(create_app(":memory:", origins="http://a.example"))
    assert limited.get("/Classical", headers={"origin": "http://a.example"}).headers["access-control-allow-origin"] == "http://a.example"
    assert "access-control-allow-origin" not in limited.get("/Classical", headers={"origin": "http://b.example"}).headers


def test_options_list_each_nations_legal_orders(client: TestClient) -> None:
    got = client.get("/start-with-options/Classical").json()
    assert list(got) == ["phase", "options"]
    par = got["options"]["France"]["par"]
    assert par["Type"] == "Province"
    moves = par["Next"]["Move"]["Next"]["par"]["Next"]
    assert set(moves) == {"bur", "gas", "pic", "bre"}
    assert moves["bur"] == {"Type": "Province", "Next": {}}
    stp = got["options"]["Russia"]["stp"]["Next"]["Move"]["Next"]["stp/sc"]["Next"]
    assert set(stp) == {"bot", "fin", "lvn"}
    assert "Support" in got["options"]["Germany"]["mun"]["Next"]
    convoy = client.post("/resolve-with-options/Classical", json=_phase(
        {"lon": ("Army", "England"), "nth": ("Fleet", "England")}, {}, Type="Retreat")).json()
    london = convoy["options"]["England"]["lon"]["Next"]
    assert {"bel", "hol", "nwy", "den", "edi", "yor"} <= set(london["MoveViaConvoy"]["Next"]["lon"]["Next"])
    assert set(london["MoveViaConvoy"]["Next"]["lon"]["Next"]) <= set(london["Move"]["Next"]["lon"]["Next"])
    assert convoy["phase"]["Type"] == "Movement" and convoy["phase"]["Season"] == "Fall"
    assert set(convoy["options"]["England"]["nth"]["Next"]["Convoy"]["Next"]["nth"]["Next"]["lon"]["Next"]) >= {"bel", "nwy"}
    body = _phase({"vie": ("Army", "Austria")}, {"Austria": {"vie": ["Move", "gal"]}})
    after = client.post("/resolve-with-options/Classical", json=body).json()
    assert after["phase"]["Type"] == "Retreat" and after["options"]["Austria"] == {}


def test_body_limit_refuses_large_requests(client: TestClient) -> None:
    got = client.post("/api/adjudicate", content=b"{" + b" " * (70 << 10) + b"}", headers={"content-type": "application/json"})
    assert got.status_code == 413
    assert "larger than" in got.json()["error"]["message"]

    def chunks():  # no declared length: refused once the limit is passed
        yield b'{"case": "'
        for _ in range(80):
            yield b"x" * 1024
        yield b'"}'
    for path in ("/api/adjudicate", "/Classical"):
        streamed = client.post(path, content=chunks(), headers={"content-type": "application/json"})
        assert streamed.status_code == 413, (path, streamed.text)


def test_api_adjudicates_a_paradox_with_pictures_and_explanation(client: TestClient) -> None:
    text = client.get("/api/cases/datc_6F_convoys.txt/6.F.24").text
    got = client.post("/api/adjudicate", json={"case": text})
    assert got.status_code == 200
    case = got.json()["case"]
    assert case["passed"] and case["id"] == "6.F.24"
    phase = case["phases"][0]
    assert phase["paradoxes"] and phase["chains"]
    assert phase["board_before"].startswith("<svg") and phase["decision_graph"].startswith("<svg")
    assert "paradox" in case["text"].lower() or "cycle" in case["text"].lower()


def test_api_json_case_and_its_errors_are_the_command_lines(client: TestClient) -> None:
    ok = client.post("/api/adjudicate", json={"units": ["England: F North Sea"],
                                              "orders": ["England: F North Sea - Picardy"], "pictures": False})
    assert ok.json()["case"]["orders"][0]["actual"] == "illegal"
    bad = client.post("/api/adjudicate", json={"units": ["England: F Nort Sea"]})
    assert bad.status_code == 400
    assert bad.json() == {"error": {"file": "<request>", "line": 6, "message": "unknown province 'Nort Sea' in 'F Nort Sea'"}}
    assert client.post("/api/adjudicate", json={"rules": "nonsense"}).status_code == 400
    assert client.post("/api/adjudicate", json={"units": 3}).status_code == 422
    assert client.get("/api/cases/nope.txt/1").status_code == 404
    assert client.get("/api/variants/nowhere/opening").status_code == 404


def test_api_compare_lists_orders_whose_result_differs(client: TestClient) -> None:
    text = client.get("/api/cases/datc_6B_coasts.txt/6.B.2").text
    got = client.post("/api/compare", json={"case": text, "rules_a": "datc", "rules_b": "datc,coast_omitted=fails",
                                            "pictures": False}).json()
    assert got["orders"] and not got["same"]
    assert {got["orders"][0]["a"], got["orders"][0]["b"]} == {"succeeds", "fails"}


def test_api_lists_variants_rules_and_cases(client: TestClient) -> None:
    assert [v["name"] for v in client.get("/api/variants").json()][0] == "standard"
    assert "droidippy" in client.get("/api/rules").json()["presets"]
    assert any(c["id"] == "6.F.24" for c in client.get("/api/cases").json()["datc_6F_convoys.txt"])
    assert json.loads(client.get("/openapi.json").text)["paths"]["/api/adjudicate"]


def _mutated(client: TestClient, **changes: object) -> str:
    phase = client.get("/Classical").json()
    phase.update(changes)
    return json.dumps(phase)


HOSTILE = [
    {"Year": "abc"}, {"Year": None}, {"Year": True}, {"Year": 10 ** 30}, {"Season": "Winter"}, {"Type": "Build"},
    {"Units": []}, {"Units": {"vie": "x"}}, {"Units": {"xxx": {"Type": "Army", "Nation": "Austria"}}},
    {"Units": {"vie": {"Type": "Wizard", "Nation": "Austria"}}}, {"Units": {"vie": {"Type": "Army", "Nation": "Mars"}}},
    {"Orders": {"Austria": {"vie": ["Support", "zzz"]}}}, {"Orders": {"Austria": {"vie": ["Build", "Wizard"]}}},
    {"Orders": {"Austria": {"vie": ["Move", 3]}}}, {"Orders": {"Austria": {"vie": "Move"}}}, {"Orders": {"Austria": ["vie"]}},
    {"Orders": []}, {"Orders": {"Austria": {"vie": []}}}, {"Type": "Adjustment", "Season": "Spring"},
    {"Dislodgers": {"zzz": "vie"}}, {"Bounces": {"gal": ["vie"]}}, {"Bounces": {"gal": {"zzz": True}}},
    {"SupplyCenters": {"par": "Mars"}}, {"SupplyCenters": [1]},
    {"Type": "Retreat", "Orders": {"Austria": {"vie": ["Move", "gal"]}}},
    {"Type": "Adjustment", "Season": "Fall", "Orders": {"Russia": {"stp": ["Build", "Fleet"]}}},
]


@pytest.fixture(scope="module")
def quiet() -> TestClient:
    """A client that shows a server error as the response a user would get (500), not as an exception."""
    return TestClient(create_app(":memory:"), raise_server_exceptions=False)


@pytest.mark.parametrize("change", HOSTILE, ids=[str(i) for i in range(len(HOSTILE))])
def test_hostile_phase_is_answered_never_a_server_error(quiet: TestClient, change: dict) -> None:
    got = quiet.post("/Classical", content=_mutated(quiet, **change))
    assert got.status_code in (200, 400), got.text
    assert "Traceback" not in got.text


@pytest.mark.parametrize("body", ["null", "[]", "1", '"x"', "{}", '{"Season": "Spring"}', "{\"Units\": {}}"])
def test_hostile_bodies_get_400_or_422_everywhere(quiet: TestClient, body: str) -> None:
    for path in ("/Classical", "/resolve-with-options/Classical", "/api/adjudicate", "/api/compare", "/api/board",
                 "/api/games"):
        got = quiet.post(path, content=body, headers={"content-type": "application/json"})
        assert got.status_code in (200, 400, 422), (path, body, got.status_code, got.text)
        assert "Traceback" not in got.text


@pytest.mark.parametrize("variant", ["telepath", "vain_star", "sorcerous", "gathering", "hitchhiker"])
def test_every_variant_goes_round_trip_on_its_godip_route(client: TestClient, variant: str) -> None:
    """Each phase the route answers can be posted back (its own kinds of unit too) and is answered."""
    phase = client.get(f"/{variant}").json()
    kinds = set()
    for _ in range(3):
        got = client.post(f"/{variant}", json=phase)
        assert got.status_code == 200, got.text
        phase = got.json()
        kinds |= {u["Type"] for u in phase["Units"].values()}
    assert {"Army", "Fleet"} <= kinds
