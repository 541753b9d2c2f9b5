// dipsat sandbox: a position and its orders as a case file; the board drawn as it is typed;
// Adjudicate; the results with their reasons, paradoxes, pictures and decision graph. The
// situation lives in the URL's fragment (#case=...), so it can be linked.
"use strict";

const $ = id => document.getElementById(id);
let drawTimer = null;
let drawn = "";

function caseText() {
  const orders = $("orders").value.replace(/\s+$/, "");
  return $("position").value.replace(/\s+$/, "") + "\nORDERS\n" + (orders ? orders + "\n" : "") + "END\n";
}

function setCase(text) {
  // split a case file at its first ORDERS line: the position above, the orders (and any later steps) below
  const lines = text.replace(/\r/g, "").split("\n");
  let cut = lines.findIndex(l => l.trim().toUpperCase() === "ORDERS");
  if (cut < 0) cut = lines.length;
  let rest = lines.slice(cut + 1);
  while (rest.length && rest[rest.length - 1].trim() === "") rest.pop();
  if (rest.length && rest[rest.length - 1].trim().toUpperCase() === "END") rest.pop();
  $("position").value = lines.slice(0, cut).join("\n");
  $("orders").value = rest.join("\n");
  syncControls();
  changed();
}

function headLine(word) {
  const m = $("position").value.match(new RegExp("^" + word + "\\s+(.+)$", "mi"));
  return m ? m[1].trim() : "";
}

function setHeadLine(word, value) {
  const re = new RegExp("^" + word + "\\s+.*$", "mi");
  const text = $("position").value;
  $("position").value = re.test(text) ? text.replace(re, word + " " + value) : text.replace(/^(CASE.*)$/mi, "$1\n" + word + " " + value);
  changed();
}

function syncControls() {
  const variant = headLine("VARIANT").split(",")[0].toLowerCase();
  if (variant && [...$("variant").options].some(o => o.value === variant)) $("variant").value = variant;
  if (headLine("RULES")) $("rules").value = headLine("RULES");
}

function changed() {
  history.replaceState(null, "", "#" + new URLSearchParams({case: caseText()}).toString());
  clearTimeout(drawTimer);
  drawTimer = setTimeout(draw, 350);
}

async function draw() {
  const position = $("position").value.replace(/\s+$/, "") + "\nORDERS\nEND\n";
  if (position === drawn) return;
  drawn = position;
  try {
    const got = await api("POST", "/api/board", {case: position});
    $("board").replaceChildren(svgImage(got.board, "the board"));
    $("error").textContent = "";
  } catch (e) {
    $("error").textContent = e.message;
  }
}

async function opening() {
  const variant = $("variant").value;
  const got = await api("GET", "/api/variants/" + encodeURIComponent(variant) + "/opening");
  const lines = ["CASE sandbox", "TITLE " + variant + " opening", "VARIANT " + got.variant, "RULES " + ($("rules").value || "datc"),
                 "PHASE " + got.phase, "UNITS", ...got.units, "CENTRES", ...got.centres];
  setCase(lines.join("\n") + "\nORDERS\nEND\n");
}

async function load() {
  const [file, id] = $("load").value.split("|");
  if (!file) return;
  const text = await api("GET", "/api/cases/" + encodeURIComponent(file) + "/" + encodeURIComponent(id));
  setCase(text);
  $("status").textContent = "Loaded " + id + " from " + file + ".";
}

async function adjudicate() {
  $("status").textContent = "Adjudicating…";
  $("error").textContent = "";
  try {
    const got = await api("POST", "/api/adjudicate", {case: caseText(), rules: $("rules").value});
    show(got.case);
    $("status").textContent = got.case.phases.length + " phase(s) adjudicated under " + got.case.rules + ".";
  } catch (e) {
    $("status").textContent = "";
    $("error").textContent = e.message;
  }
}

function show(c) {
  const body = $("result-table").querySelector("tbody");
  body.replaceChildren(...c.orders.map(o => resultRow([o.order, o.actual, o.reason, o.expected ?? ""], o.actual)));
  const paradoxes = [];
  c.phases.forEach(p => {
    for (const x of [...p.paradoxes, ...p.cycles]) {
      paradoxes.push(el("div", {class: "paradox"}, el("strong", {}, p.phase + ": " + (x.rule ? "paradox settled by " + x.rule : "cycle")),
        el("div", {}, "orders: " + x.orders.join("; ")),
        el("div", {}, "consistent resolutions: " + x.resolutions + (x.rule ? "; backup rule: " + x.rule : ""))));
    }
  });
  if (c.differences.length) paradoxes.push(el("div", {class: "error"}, "Differs from the case's expectations: " + c.differences.join("; ")));
  $("paradoxes").replaceChildren(...paradoxes);
  const pictures = [];
  c.phases.forEach(p => {
    const row = el("div", {class: "pictures"},
      el("figure", {}, svgImage(p.board_before, "orders and results"), el("figcaption", {}, p.phase + ": orders and results")),
      el("figure", {}, svgImage(p.board_after, "the board after"), el("figcaption", {}, "the board after")));
    if (p.decision_graph) row.append(el("figure", {}, svgImage(p.decision_graph, "decision graph"), el("figcaption", {}, "decision graph")));
    pictures.push(row);
  });
  $("pictures").replaceChildren(...pictures);
  $("explain").textContent = c.text;
  $("results").hidden = false;
}

async function copyCase() {
  const text = caseText();
  try {
    await navigator.clipboard.writeText(text);
    $("status").textContent = "The case file is on the clipboard.";
  } catch (e) {
    const link = el("a", {href: URL.createObjectURL(new Blob([text], {type: "text/plain"})), download: "sandbox.txt"}, "download it");
    $("status").replaceChildren("The clipboard is not available here: ", link, ".");
  }
}

async function start() {
  const [variants, rules, cases] = await Promise.all([api("GET", "/api/variants"), api("GET", "/api/rules"), api("GET", "/api/cases")]);
  $("variant").replaceChildren(...variants.map(v => el("option", {value: v.name}, v.name)));
  $("presets").replaceChildren(...Object.keys(rules.presets).map(p => el("option", {value: p})));
  for (const [file, list] of Object.entries(cases)) {
    const group = el("optgroup", {label: file});
    list.forEach(c => group.append(el("option", {value: file + "|" + c.id}, c.id + (c.title ? " " + c.title : ""))));
    $("load").append(group);
  }
  $("position").addEventListener("input", () => { syncControls(); changed(); });
  $("orders").addEventListener("input", changed);
  $("variant").addEventListener("change", () => headLine("VARIANT").split(",")[0] !== $("variant").value ? opening() : null);
  $("rules").addEventListener("change", () => setHeadLine("RULES", $("rules").value));
  $("load").addEventListener("change", load);
  $("opening").addEventListener("click", opening);
  $("adjudicate").addEventListener("click", adjudicate);
  $("copy").addEventListener("click", copyCase);
  const saved = new URLSearchParams(location.hash.slice(1)).get("case");
  if (saved) setCase(saved); else await opening();
  document.body.dataset.ready = "yes";
}

start().catch(e => { $("error").textContent = e.message; });
