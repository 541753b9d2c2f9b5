// dipsat serve: what both pages use. Text goes in with textContent; pictures as <img> of a blob
// (an SVG shown as an image runs no script).
"use strict";

async function api(method, path, body, token) {
  const headers = {"accept": "application/json"};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers["authorization"] = "Bearer " + token;
  const response = await fetch(path, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  const type = response.headers.get("content-type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    const e = data && data.error ? data.error : {message: String(data)};
    const where = [e.file, e.line].filter(x => x !== null && x !== undefined).join(":");
    throw new Error((where ? where + ": " : "") + e.message);
  }
  return data;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

function svgImage(svg, alt) {
  const url = URL.createObjectURL(new Blob([svg], {type: "image/svg+xml"}));
  return el("img", {src: url, alt: alt || "board"});
}

function resultRow(cells, result) {
  const row = el("tr");
  cells.forEach((c, i) => row.append(el("td", i === 1 ? {class: "result-" + String(result).split(",")[0]} : {}, c ?? "")));
  return row;
}
