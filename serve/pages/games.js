// dipsat games: create a game and hand out its links; order with your link; the game master
// adjudicates; everyone reads every phase with its map. A token travels in the URL's fragment
// (#token=...), which a browser never sends to a server, and goes to the API in a header.
"use strict";

const $ = id => document.getElementById(id);
const gameId = (location.pathname.match(/^\/games\/([^/]+)$/) || [])[1];
const token = new URLSearchParams(location.hash.slice(1)).get("token");
let current = null;

function say(message, isError) {
  $(isError ? "error" : "message").textContent = message;
  $(isError ? "message" : "error").textContent = "";
}

function linkRow(label, href) {
  const url = location.origin + href;
  return el("p", {}, el("strong", {}, label + ": "), el("a", {href: url, "data-power": label}, url));
}

async function createPage() {
  $("create").hidden = false;
  const variants = await api("GET", "/api/variants");
  $("variant").replaceChildren(...variants.map(v => el("option", {value: v.name}, v.name)));
  $("create-form").addEventListener("submit", async event => {
    event.preventDefault();
    const body = {variant: $("variant").value, rules: $("rules").value || "datc", title: $("title").value,
                  when_ready: $("when-ready").checked};
    if ($("seed").value) body.seed = Number($("seed").value);
    if ($("hours").value) body.phase_hours = Number($("hours").value);
    try {
      const made = await api("POST", "/api/games", body);
      $("links").replaceChildren(el("h3", {}, "Game " + made.id + ": hand out the links"),
        linkRow("game master", made.links.gm), linkRow("public", made.links.public),
        ...Object.keys(made.tokens).map(p => linkRow(p, made.links[p])));
      document.body.dataset.created = made.id;
    } catch (e) { say(e.message, true); }
  });
  document.body.dataset.ready = "yes";
}

function board(n, alt) {
  // the public's maps are plain images; with a token the map is fetched with it in a header (a
  // token in an image's URL would be written in the server's access log) and shown as a blob
  const url = "/api/games/" + gameId + "/phases/" + n + "/board.svg";
  if (!token) return el("img", {src: url, alt, loading: "lazy"});
  const holder = el("div", {class: "map"});
  api("GET", url, undefined, token).then(svg => holder.replaceChildren(svgImage(svg, alt)))
    .catch(e => holder.replaceChildren(el("p", {class: "error"}, e.message)));
  return holder;
}

function render(g) {
  current = g;
  $("game-title").textContent = (g.title || "Game " + g.id) + " (" + g.variant + ")";
  $("game-facts").textContent = "Rules " + g.rules + "; now " + g.phase + " (phase " + g.phase_index + ")" +
    (g.deadline ? "; adjudicated at " + g.deadline : "") + (g.when_ready ? "; adjudicated when all have ordered" : "") +
    "; you are " + (g.role === "power" ? g.power : g.role === "gm" ? "the game master" : "the public") + ".";
  $("game-over").textContent = g.over ? "The game has ended: " + g.over : "";
  $("due").replaceChildren(...g.due.map(d => el("li", {}, d.power + (d.ordered ? ": ordered" : ": waiting"))));
  $("ordering").hidden = g.role === "public";
  if (g.role === "power" && document.activeElement !== $("my-orders")) $("my-orders").value = g.my_orders.join("\n");
  $("ordering-title").textContent = g.role === "power" ? g.power + "'s orders for " + g.phase : "Orders for " + g.phase;
  $("gm").hidden = g.role !== "gm";
  $("as-power-label").hidden = g.role !== "gm";
  if (g.role === "gm") {
    if (!$("as-power").options.length) $("as-power").replaceChildren(...["GM", ...g.powers].map(p => el("option", {value: p}, p)));
    $("pending").querySelector("tbody").replaceChildren(...Object.entries(g.pending).map(([p, lines]) =>
      el("tr", {}, el("td", {}, p), el("td", {}, lines.join("; ")))));
    $("record-link").onclick = async event => {
      event.preventDefault();
      const text = await api("GET", "/api/games/" + g.id + "/record.txt", undefined, token);
      const link = el("a", {href: URL.createObjectURL(new Blob([text], {type: "text/plain"})), download: g.id + ".txt"});
      link.click();
    };
    $("gm-links").replaceChildren(el("h4", {}, "The powers' links"),
      ...Object.entries(g.tokens).map(([p, t]) => linkRow(p, "/games/" + g.id + "#token=" + t)),
      linkRow("public", "/games/" + g.id));
  }
  $("board-now").replaceChildren(board(g.phase_index, "the board at " + g.phase));
  const phases = g.phases.map((p, n) => el("div", {class: "phase"}, el("h4", {}, p.phase),
    el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, "Power"), el("th", {}, "Order"), el("th", {}, "Result"), el("th", {}, "Reason"))),
      el("tbody", {}, ...p.orders.map(o => el("tr", {}, el("td", {}, o.power), el("td", {}, o.order),
                                             el("td", {class: "result-" + o.result.split(",")[0]}, o.result), el("td", {}, o.reason))),
                      ...p.added.map(o => el("tr", {}, el("td", {}, o.power), el("td", {}, "+ " + o.order), el("td", {}, o.result), el("td", {}, o.reason))))),
    el("p", {}, el("button", {type: "button", class: "to-sandbox", "data-phase": String(n)}, "Open in the sandbox")),
    board(n, p.phase + " orders and results")));
  $("phases").replaceChildren(...phases.reverse());
  document.body.dataset.phase = String(g.phase_index);
}

async function toSandbox(n) {
  const text = await api("GET", "/api/games/" + gameId + "/phases/" + n + "/case.txt", undefined, token);
  location.href = "/sandbox#" + new URLSearchParams({case: text}).toString();
}

async function refresh() {
  render(await api("GET", "/api/games/" + gameId, undefined, token));
}

async function gamePage() {
  $("game").hidden = false;
  $("submit-orders").addEventListener("click", async () => {
    const orders = $("my-orders").value.split("\n").map(s => s.trim()).filter(Boolean);
    const body = {phase: current.phase_index, orders};
    if (current.role === "gm") body.power = $("as-power").value;
    try {
      const got = await api("PUT", "/api/games/" + gameId + "/orders", body, token);
      say(got.orders.length + " order(s) of " + got.power + " recorded for phase " + got.phase + ".");
      await refresh();
    } catch (e) { say(e.message, true); }
  });
  $("phases").addEventListener("click", event => {
    const n = event.target.dataset && event.target.dataset.phase;
    if (n !== undefined) toSandbox(n).catch(e => say(e.message, true));
  });
  $("set-deadline").addEventListener("click", async () => {
    const value = $("deadline").value;
    const body = value ? {deadline: new Date(value).toISOString()} : {clear_deadline: true};
    try {
      render(await api("PATCH", "/api/games/" + gameId, body, token));
      say(value ? "The deadline is set." : "The deadline is cleared.");
    } catch (e) { say(e.message, true); }
  });
  $("adjudicate").addEventListener("click", async () => {
    try {
      render(await api("POST", "/api/games/" + gameId + "/adjudicate", {phase: current.phase_index}, token));
      say("Adjudicated; now " + current.phase + ".");
    } catch (e) { say(e.message, true); }
  });
  await refresh();
  document.body.dataset.ready = "yes";
}

(gameId ? gamePage() : createPage()).catch(e => say(e.message, true));
