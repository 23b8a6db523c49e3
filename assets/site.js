// evalpress site script: draws the charts, sorts and filters tables, and links
// the two sides of a run view. Every page reads without it.
(function () {
  "use strict";

  // Charts: options are JSON in a data attribute, written by the site's own
  // HTML templates (never an inline script element built from data).
  var dark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  var charts = [];
  function drawCharts() {
    if (typeof echarts === "undefined") return;
    charts.forEach(function (c) { c.dispose(); });
    charts = [];
    document.querySelectorAll(".chart[data-option]").forEach(function (el) {
      var option = JSON.parse(el.getAttribute("data-option"));
      var chart = echarts.init(el, dark && dark.matches ? "dark" : null, { renderer: "canvas" });
      if (dark && dark.matches) option.backgroundColor = "transparent";
      chart.setOption(option);
      charts.push(chart);
    });
  }
  drawCharts();
  if (dark) {
    var onTheme = function () { drawCharts(); };
    if (dark.addEventListener) dark.addEventListener("change", onTheme); else if (dark.addListener) dark.addListener(onTheme);
  }
  window.addEventListener("resize", function () { charts.forEach(function (c) { c.resize(); }); });

  // Sortable tables: a button in each sortable header.
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var headers = table.querySelectorAll("thead th");
    headers.forEach(function (th, col) {
      var button = th.querySelector("button[data-sort]");
      if (!button) return;
      button.addEventListener("click", function () {
        var ascending = th.getAttribute("aria-sort") !== "ascending";
        headers.forEach(function (h) { if (h.hasAttribute("aria-sort")) h.setAttribute("aria-sort", "none"); });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        var numeric = button.getAttribute("data-sort") === "number";
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = a.cells[col], y = b.cells[col];
          var vx = numeric ? parseFloat(x.getAttribute("data-value")) : x.textContent.trim().toLowerCase();
          var vy = numeric ? parseFloat(y.getAttribute("data-value")) : y.textContent.trim().toLowerCase();
          var r = vx < vy ? -1 : vx > vy ? 1 : 0;
          return ascending ? r : -r;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });

  // Filters: a search box and a verdict choice per table.
  function applyFilters(id) {
    var table = document.getElementById(id);
    if (!table) return;
    var box = document.querySelector('[data-filter="' + id + '"]');
    var choice = document.querySelector('[data-filter-verdict="' + id + '"]');
    // The query matches as a phrase within a cell ("Model 2" is not "ACT 2").
    var query = box ? box.value.trim().toLowerCase().replace(/\s+/g, " ") : "";
    var verdict = choice ? choice.value : "";
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
      var cells = Array.prototype.map.call(row.cells, function (c) { return c.textContent.trim().toLowerCase().replace(/\s+/g, " "); });
      var show = (!query || cells.some(function (c) { return c.indexOf(query) >= 0; })) &&
        (!verdict || row.getAttribute("data-verdict") === verdict);
      row.hidden = !show;
    });
  }
  document.querySelectorAll("[data-filter], [data-filter-verdict]").forEach(function (el) {
    var id = el.getAttribute("data-filter") || el.getAttribute("data-filter-verdict");
    el.addEventListener("input", function () { applyFilters(id); });
    el.addEventListener("change", function () { applyFilters(id); });
  });

  // Run view: hover or focus a run to light up its counterpart, select it to
  // bring the counterpart into view, n / p to step through runs, #run-N links.
  var pair = document.querySelector(".pair[data-runs]");
  if (!pair) return;
  var total = parseInt(pair.getAttribute("data-runs"), 10) || 0;
  var current = 0;
  function marks(id) { return document.querySelectorAll('mark.run[data-run="' + id + '"]'); }
  function light(id, on) { marks(id).forEach(function (m) { m.classList.toggle("active", on); }); }
  function show(id, from) {
    if (id < 1 || id > total) return;
    if (current) light(current, false);
    current = id;
    light(id, true);
    var side = from === "s" ? "e" : "s";
    var target = document.getElementById(side + "-run-" + id) || document.getElementById("s-run-" + id);
    if (target) target.scrollIntoView({ block: "center", behavior: "smooth" });
    var other = document.getElementById((side === "s" ? "e" : "s") + "-run-" + id);
    if (other && from !== "s" && from !== "e") other.scrollIntoView({ block: "nearest" });
  }
  document.querySelectorAll("mark.run").forEach(function (m) {
    var id = parseInt(m.getAttribute("data-run"), 10);
    m.setAttribute("tabindex", "0");
    m.setAttribute("role", "button");
    m.setAttribute("aria-describedby", "run-help");
    m.addEventListener("mouseenter", function () { light(id, true); });
    m.addEventListener("mouseleave", function () { if (id !== current) light(id, false); });
    m.addEventListener("focus", function () { light(id, true); });
    m.addEventListener("blur", function () { if (id !== current) light(id, false); });
    var side = m.closest("[data-side]").getAttribute("data-side");
    var go = function () { history.replaceState(null, "", "#run-" + id); show(id, side); };
    m.addEventListener("click", go);
    m.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
  });
  function fromHash() {
    var m = /^#run-(\d+)$/.exec(location.hash);
    if (m) show(parseInt(m[1], 10), "hash");
  }
  window.addEventListener("hashchange", fromHash);
  fromHash();
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var tag = (e.target && e.target.tagName) || "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    var next = e.key === "n" ? current + 1 : e.key === "p" ? current - 1 : 0;
    if (!next || next < 1 || next > total) return;
    history.replaceState(null, "", "#run-" + next);
    show(next, "key");
    var mark = document.getElementById("s-run-" + next);
    if (mark) mark.focus({ preventScroll: true });
  });
})();
