"use strict";
// The searchkit plan viewer: reads the JSON document in #searchkit-data (its shape is
// documented in docs/visualise.md) and plays the plan. No network, no libraries.
(function () {
  const data = JSON.parse(document.getElementById("searchkit-data").textContent);
  const $ = (id) => document.getElementById(id);
  const board = $("board"), slider = $("slider"), movesList = $("moves");
  const pool = data.svg.pool;
  const last = data.moves.length;

  // Rebuild each step's list of pool indices from the per-step changes (see frames.py).
  const frames = [];
  let current = [];
  for (const step of data.svg.steps) {
    current = current.slice(0, step[0]);
    while (current.length < step[0]) current.push(-1);
    for (let k = 1; k < step.length; k += 2) current[step[k]] = step[k + 1];
    frames.push(current);
  }
  for (const [name, value] of Object.entries(data.svg.attrs)) {
    if (name !== "width" && name !== "height") board.setAttribute(name, value);
  }
  board.setAttribute("width", data.svg.attrs.width || 400);
  board.setAttribute("height", data.svg.attrs.height || 300);

  const number = (x) => x === null || x === undefined ? "-" :
    (Number.isInteger(x) ? x.toLocaleString("en-US") : String(+x.toPrecision(6)));
  const seconds = (s) => s < 1e-3 ? (s * 1e6).toPrecision(3) + " \u00b5s" :
    s < 1 ? (s * 1e3).toPrecision(3) + " ms" : s.toPrecision(3) + " s";
  const bytes = (b) => {
    const units = ["B", "KiB", "MiB", "GiB"];
    let i = 0;
    while (b >= 1024 && i < units.length - 1) { b /= 1024; i++; }
    return (i ? b.toPrecision(3) : b) + " " + units[i];
  };

  // Header: the details line.
  const details = $("details");
  for (const [label, value] of Object.entries(data.details || {})) {
    if (value === null || value === undefined || value === "") continue;
    if (details.childNodes.length) details.append(" \u00b7 ");
    const span = document.createElement("span");
    span.textContent = label === "status" ? value : label + " " + value;
    if (label === "status") span.className = value === "solved" ? "status-solved" : "status-other";
    details.append(span);
  }
  if (data.reason) details.append(" (" + data.reason + ")");

  // The move list, one chip per move; clicking a move shows the board after it.
  $("moves-count").textContent = last === 1 ? "(1 step)" : "(" + last + " steps)";
  const chips = data.moves.map((move, i) => {
    const li = document.createElement("li");
    const b = document.createElement("b");
    b.textContent = i + 1;
    li.append(b, move);
    li.dataset.step = i + 1;
    li.title = "cost so far " + number(data.costs[i + 1]);
    li.addEventListener("click", () => { pause(); show(i + 1); });
    movesList.append(li);
    return li;
  });
  if (!last) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = data.status === "solved" ? "none: the start is a goal" : "no plan";
    movesList.append(li);
  }

  // The search statistics.
  const stats = $("stats");
  const formats = {seconds: seconds, peak_bytes: bytes};
  for (const [name, value] of Object.entries(data.stats || {})) {
    const row = stats.insertRow();
    const th = document.createElement("th");
    th.textContent = name.replace(/_/g, " ");
    row.append(th);
    row.insertCell().textContent = typeof value === "number" && formats[name] ?
      formats[name](value) : (typeof value === "number" ? number(value) : String(value));
  }

  // Showing step k: the board after k actions, the slider, the readout, the highlighted move.
  let step = -1, timer = null, shownChip = null;
  function show(k) {
    k = Math.max(0, Math.min(last, k));
    if (k === step) return;
    step = k;
    board.innerHTML = frames[k].map((i) => pool[i]).join("");
    slider.value = k;
    document.body.dataset.step = k;
    $("step").textContent = "step " + k + " of " + last;
    $("cost").textContent = "cost " + number(data.costs[k]) + " of " + number(data.costs[last]);
    $("move").textContent = k ? data.moves[k - 1] : "start";
    if (shownChip) shownChip.classList.remove("current");
    chips.forEach((chip, i) => chip.classList.toggle("done", i < k - 1));
    shownChip = k ? chips[k - 1] : null;
    if (shownChip) {
      shownChip.classList.add("current");
      const top = shownChip.offsetTop, bottom = top + shownChip.offsetHeight;
      if (top < movesList.scrollTop || bottom > movesList.scrollTop + movesList.clientHeight) {
        movesList.scrollTop = top - movesList.clientHeight / 2;
      }
    }
    $("first").disabled = $("back").disabled = k === 0;
    $("next").disabled = $("last").disabled = k === last;
  }

  function play() {
    if (!last) return;
    if (step === last) show(0);
    document.body.classList.add("playing");
    $("play").setAttribute("aria-label", "pause");
    const tick = () => {
      show(step + 1);
      if (step === last) pause();
      else timer = setTimeout(tick, 600 / Number($("speed").value));
    };
    timer = setTimeout(tick, 600 / Number($("speed").value));
  }
  function pause() {
    clearTimeout(timer);
    timer = null;
    document.body.classList.remove("playing");
    $("play").setAttribute("aria-label", "play");
  }
  const playing = () => timer !== null;

  $("first").addEventListener("click", () => { pause(); show(0); });
  $("back").addEventListener("click", () => { pause(); show(step - 1); });
  $("next").addEventListener("click", () => { pause(); show(step + 1); });
  $("last").addEventListener("click", () => { pause(); show(last); });
  $("play").addEventListener("click", () => playing() ? pause() : play());
  slider.max = last;
  slider.addEventListener("input", () => { pause(); show(Number(slider.value)); });
  document.addEventListener("keydown", (event) => {
    if (event.target === slider || event.target.tagName === "SELECT") return;
    const keys = {ArrowRight: () => show(step + 1), ArrowLeft: () => show(step - 1),
                  Home: () => show(0), End: () => show(last)};
    if (event.key === " ") playing() ? pause() : play();
    else if (keys[event.key]) { pause(); keys[event.key](); }
    else return;
    event.preventDefault();
  });

  // The optional chart (data.chart, filled by tools that trace the search): line series of
  // [x, y] points on shared axes, with labelled vertical marks (e.g. IDA* iterations).
  function drawChart(chart) {
    const svgNS = "http://www.w3.org/2000/svg";
    const plot = $("chart-plot");
    const W = 720, H = 260, L = 64, R = 16, T = 16, B = 40;
    const el = (name, attrs, text) => {
      const e = document.createElementNS(svgNS, name);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      if (text !== undefined) e.textContent = text;
      plot.append(e);
      return e;
    };
    const points = chart.series.flatMap((s) => s.points);
    if (!points.length) return;
    const xmax = Math.max(1, ...points.map((p) => p[0]), ...(chart.marks || []).map((m) => m.x));
    const ymax = Math.max(1, ...points.map((p) => p[1]));
    const xmin = Math.min(0, ...points.map((p) => p[0]));
    const X = (x) => L + (W - L - R) * (x - xmin) / (xmax - xmin || 1);
    const Y = (y) => H - B - (H - T - B) * y / ymax;
    el("path", {d: `M${L} ${T}V${H - B}H${W - R}`, stroke: "#6b7280", fill: "none"});
    el("text", {x: L - 6, y: T + 4, "text-anchor": "end", "font-size": 11}, number(ymax));
    el("text", {x: L - 6, y: H - B, "text-anchor": "end", "font-size": 11}, "0");
    el("text", {x: W - R, y: H - B + 16, "text-anchor": "end", "font-size": 11}, number(xmax));
    el("text", {x: (L + W - R) / 2, y: H - 8, "text-anchor": "middle", "font-size": 12},
       chart.x_label || "");
    for (const mark of chart.marks || []) {
      el("line", {x1: X(mark.x), x2: X(mark.x), y1: T, y2: H - B, stroke: "#9ca3af",
                  "stroke-dasharray": "4 3", class: "chart-mark"});
      el("text", {x: X(mark.x) + 3, y: T + 10, "font-size": 10, fill: "#6b7280"}, mark.label || "");
    }
    const colours = ["#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c"];
    chart.series.forEach((series, i) => {
      const colour = colours[i % colours.length];
      el("polyline", {points: series.points.map((p) => X(p[0]) + "," + Y(p[1])).join(" "),
                      fill: "none", stroke: colour, "stroke-width": 1.5,
                      class: "chart-series", "data-name": series.name});
      el("rect", {x: L + 10 + 120 * i, y: T + 2, width: 12, height: 4, fill: colour});
      el("text", {x: L + 26 + 120 * i, y: T + 8, "font-size": 11}, series.name);
    });
    $("chart-title").textContent = chart.title || "The search over time";
    $("chart").hidden = false;
  }
  if (data.chart && Array.isArray(data.chart.series)) drawChart(data.chart);

  show(0);
})();
