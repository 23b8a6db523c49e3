// evalpress site script: draws the charts, folds the menu and the contents
// on a phone, sorts and filters tables, turns wide tables into cards on a
// phone, offers the rows shown for download, searches the site, and links
// the two sides of a run view. Every page reads without it.
(function () {
  "use strict";

  var phone = window.matchMedia("(max-width: 40rem)");
  var narrow = window.matchMedia("(max-width: 63.99rem)");
  function onChange(query, fn) {
    if (query.addEventListener) query.addEventListener("change", fn); else if (query.addListener) query.addListener(fn);
  }

  // Charts: options are JSON in a data attribute, written by the site's own
  // HTML templates (never an inline script element built from data).
  var dark = window.matchMedia("(prefers-color-scheme: dark)");
  var charts = [];
  function drawCharts() {
    if (typeof echarts === "undefined") return;
    charts.forEach(function (c) { c.dispose(); });
    charts = [];
    document.querySelectorAll(".chart[data-option]").forEach(function (el) {
      var option = JSON.parse(el.getAttribute("data-option"));
      var chart = echarts.init(el, dark.matches ? "dark" : null, { renderer: "canvas" });
      if (dark.matches) option.backgroundColor = "transparent";
      chart.setOption(option);
      charts.push(chart);
    });
  }
  drawCharts();
  onChange(dark, drawCharts);
  function resizeCharts() { charts.forEach(function (c) { c.resize(); }); }
  window.addEventListener("resize", resizeCharts);
  window.addEventListener("beforeprint", resizeCharts);
  window.addEventListener("afterprint", resizeCharts);

  // The menu and the contents: open beside the text on a wide screen,
  // folded on a narrow one, where the contents stay on screen as a bar.
  var menu = document.querySelector(".site-menu");
  var toc = document.querySelector(".toc > details");
  var folds = Array.prototype.slice.call(document.querySelectorAll("details.fold"));
  function fold() {
    if (menu) menu.open = !phone.matches;
    if (toc) toc.open = !narrow.matches;
    // Long sections fold on a phone, but never the one a link points into.
    folds.forEach(function (d) { d.open = !phone.matches; });
    unfoldTarget();
  }
  function unfoldTarget() {
    var id = location.hash.slice(1);
    try { id = decodeURIComponent(id); } catch (e) { return; }
    var target = id && document.getElementById(id);
    for (var el = target; el; el = el.parentElement) {
      if (el.tagName === "DETAILS" && el.classList.contains("fold") && !el.open) {
        el.open = true;
        target.scrollIntoView();
      }
    }
  }
  window.addEventListener("hashchange", unfoldTarget);
  fold();
  onChange(phone, fold);
  onChange(narrow, fold);
  if (toc) {
    toc.addEventListener("click", function (e) {
      if (narrow.matches && e.target.closest("a")) toc.open = false;
    });
    // The contents mark the section being read.
    var links = Array.prototype.slice.call(toc.querySelectorAll("a[href^='#']"));
    var targets = links.map(function (a) { return document.getElementById(decodeURIComponent(a.getAttribute("href").slice(1))); });
    var marking = false;
    var mark = function () {
      marking = false;
      var current = -1;
      targets.forEach(function (t, i) { if (t && t.getBoundingClientRect().top < 120) current = i; });
      links.forEach(function (a, i) { if (i === current) a.setAttribute("aria-current", "location"); else a.removeAttribute("aria-current"); });
    };
    window.addEventListener("scroll", function () {
      if (!marking) { marking = true; window.requestAnimationFrame(mark); }
    }, { passive: true });
    mark();
  }

  // Tables. A column's header names its figures; cells are read as the
  // numbers they show when the column holds numbers.
  function headerRow(table) {
    var rows = table.tHead ? table.tHead.rows : [];
    return rows.length ? rows[rows.length - 1] : null;
  }
  // columns returns, for a row, its cells by column (a cell spanning
  // several columns stands in each).
  function columns(row) {
    var out = [];
    Array.prototype.forEach.call(row.cells, function (c) {
      for (var k = 0; k < (c.colSpan || 1); k++) out.push(c);
    });
    return out;
  }
  function cellText(c) { return c ? c.textContent.replace(/\s+/g, " ").trim() : ""; }
  function headerText(th) {
    // A heading may name its column more fully than it shows (the
    // scorecard's "C1, Primary judge").
    if (th.hasAttribute("aria-label")) return th.getAttribute("aria-label");
    var b = th.querySelector("button");
    return cellText(b || th);
  }
  var numberAtStart = /^[^\d−-]{0,4}([−-]?\d+(?:\.\d+)?)/;
  function sortKey(c) {
    if (!c) return null;
    if (c.hasAttribute("data-value")) {
      var v = parseFloat(c.getAttribute("data-value"));
      return isNaN(v) ? null : v;
    }
    var m = numberAtStart.exec(cellText(c));
    return m ? parseFloat(m[1].replace("−", "-")) : null;
  }

  function makeSortable(table) {
    var head = headerRow(table);
    if (!head || !table.tBodies.length) return;
    var heads = columns(head);
    heads.forEach(function (th, col) {
      if (th.colSpan > 1 || th.hasAttribute("data-nosort") || heads.indexOf(th) !== col) return;
      var button = th.querySelector("button");
      if (!button) {
        button = document.createElement("button");
        button.type = "button";
        while (th.firstChild) button.appendChild(th.firstChild);
        th.appendChild(button);
      }
      if (!th.hasAttribute("aria-sort")) th.setAttribute("aria-sort", "none");
      button.addEventListener("click", function () { sortBy(table, th, col); });
    });
  }
  var collator = window.Intl ? new Intl.Collator(undefined, { numeric: true, sensitivity: "base" }) : null;
  function sortBy(table, th, col) {
    var ascending = th.getAttribute("aria-sort") !== "ascending";
    columns(headerRow(table)).forEach(function (h) { if (h.hasAttribute("aria-sort")) h.setAttribute("aria-sort", "none"); });
    th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows).map(function (r, i) {
      var c = columns(r)[col];
      return { row: r, i: i, n: sortKey(c), t: cellText(c) };
    });
    var numbers = rows.filter(function (r) { return r.n !== null; }).length;
    var numeric = numbers > 0 && numbers * 2 >= rows.filter(function (r) { return r.t !== "" && r.t !== "–"; }).length;
    rows.sort(function (a, b) {
      var r;
      if (numeric) {
        // Cells without a figure go last, either way.
        if (a.n === null || b.n === null) return a.n === b.n ? a.i - b.i : a.n === null ? 1 : -1;
        r = a.n - b.n;
      } else {
        r = collator ? collator.compare(a.t, b.t) : a.t < b.t ? -1 : a.t > b.t ? 1 : 0;
      }
      return (ascending ? r : -r) || a.i - b.i;
    });
    rows.forEach(function (r) { body.appendChild(r.row); });
  }
  document.querySelectorAll("table.sortable").forEach(makeSortable);
  // The explorer (explorer.js) sorts the tables it draws anew by this.
  window.evalpressSortable = makeSortable;

  // Cards: on a phone, a table wider than the screen shows each row as a
  // card, each figure with its column's name.
  function labelCells(table) {
    var head = headerRow(table);
    if (!head) return;
    var names = columns(head).map(headerText);
    Array.prototype.forEach.call(table.tBodies, function (body) {
      Array.prototype.forEach.call(body.rows, function (row) {
        var col = 0;
        Array.prototype.forEach.call(row.cells, function (c, i) {
          var span = c.colSpan || 1;
          if (i === 0 && c.tagName === "TH") c.classList.add("card-title");
          else if (span >= names.length) c.classList.add("card-title");
          else if (!c.hasAttribute("data-label") && names[col]) c.setAttribute("data-label", names[col]);
          col += span;
        });
      });
    });
  }
  // The explorer draws its own tables, anew at each change (explorer.js).
  var tables = Array.prototype.slice.call(document.querySelectorAll(".table-wrap > table")).filter(function (t) { return !t.closest(".explorer"); });
  function cardify() {
    tables.forEach(function (t) { t.classList.remove("cards"); });
    if (!phone.matches) return;
    var wide = tables.filter(function (t) {
      // A table of long figures (a kappa with its interval) is cards on
      // a phone even when it fits: its cells would each be a column of
      // short lines.
      return t.tHead && t.tBodies.length && !t.classList.contains("kv") &&
        (t.classList.contains("phone-cards") || t.scrollWidth > t.parentElement.clientWidth + 1);
    });
    wide.forEach(function (t) { labelCells(t); t.classList.add("cards"); });
  }
  cardify();
  onChange(phone, cardify);
  var cardTimer = 0;
  window.addEventListener("resize", function () {
    window.clearTimeout(cardTimer);
    cardTimer = window.setTimeout(cardify, 150);
  });

  // Filters and downloads: a table with data-filters gets, above it, a
  // choice per kind of filter it names (text, writer, section, criterion,
  // verdict) and links that download the rows and columns shown.
  function columnOf(table, name) {
    var heads = columns(headerRow(table));
    for (var i = 0; i < heads.length; i++) {
      if ((heads[i].getAttribute("data-col") || headerText(heads[i]).toLowerCase()) === name) return i;
    }
    return -1;
  }
  function distinct(values) {
    var seen = {}, out = [];
    values.forEach(function (v) { if (v !== "" && !seen[v]) { seen[v] = true; out.push(v); } });
    return out;
  }
  function choice(label, values, all) {
    var l = document.createElement("label");
    l.appendChild(document.createTextNode(label));
    var s = document.createElement("select");
    var o = document.createElement("option");
    o.value = "";
    o.textContent = all;
    s.appendChild(o);
    values.forEach(function (v) {
      var opt = document.createElement("option");
      opt.value = v;
      opt.textContent = v;
      s.appendChild(opt);
    });
    l.appendChild(s);
    return { label: l, select: s };
  }
  function csvField(v) { return /[",\n\r]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v; }

  function makeFilterable(table) {
    var kinds = (table.getAttribute("data-filters") || "").split(/\s+/).filter(Boolean);
    var head = headerRow(table);
    if (!head || !table.tBodies.length) return;
    var wrap = table.closest(".table-wrap") || table;
    var tools = table.id ? document.querySelector('.table-tools[data-for="' + table.id + '"]') : null;
    if (!tools) {
      tools = document.createElement("div");
      tools.className = "table-tools";
      if (table.id) tools.setAttribute("data-for", table.id);
      wrap.parentNode.insertBefore(tools, wrap);
    }
    tools.hidden = false;
    var heads = columns(head);
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);
    var criteria = [];
    heads.forEach(function (th, i) { if (th.hasAttribute("data-criterion")) criteria.push({ id: th.getAttribute("data-criterion"), col: i }); });
    var controls = {};
    kinds.forEach(function (kind) {
      var c;
      if (kind === "text") {
        var l = document.createElement("label");
        l.appendChild(document.createTextNode("Filter"));
        var input = document.createElement("input");
        input.type = "search";
        input.placeholder = "any text in a row";
        input.setAttribute("data-filter-kind", "text");
        l.appendChild(input);
        tools.appendChild(l);
        controls.text = { label: l, select: input };
        return;
      }
      if (kind === "writer" || kind === "section") {
        var col = columnOf(table, kind);
        if (col < 0) return;
        c = choice(kind === "writer" ? "Writer" : "Section", distinct(rows.map(function (r) { return cellText(columns(r)[col]); })), "all");
        c.col = col;
      } else if (kind === "criterion" && !criteria.length) {
        // A table of one criterion a row: a column of criteria to choose from.
        var ccol = columnOf(table, "criterion");
        if (ccol < 0) return;
        c = choice("Criterion", distinct(rows.map(function (r) { return cellText(columns(r)[ccol]); })), "all");
        c.col = ccol;
      } else if (kind === "criterion") {
        c = choice("Criterion", criteria.map(function (x) { return x.id; }), "all");
      } else if (kind === "verdict") {
        var verdicts = [];
        rows.forEach(function (r) {
          r.querySelectorAll("[data-verdict]").forEach(function (el) { verdicts.push(el.getAttribute("data-verdict")); });
          if (r.hasAttribute("data-verdict")) verdicts.push(r.getAttribute("data-verdict"));
        });
        c = choice("Verdict", distinct(verdicts), "any");
      } else {
        return;
      }
      c.select.setAttribute("data-filter-kind", kind);
      tools.appendChild(c.label);
      controls[kind] = c;
    });
    var shown = document.createElement("span");
    shown.className = "shown";
    shown.setAttribute("aria-live", "polite");
    tools.appendChild(shown);
    var name = table.getAttribute("data-download") || table.id || "table";
    var downloads = document.createElement("span");
    downloads.className = "downloads";
    downloads.appendChild(document.createTextNode("Download what is shown: "));
    var csvLink = document.createElement("a"), jsonLink = document.createElement("a");
    csvLink.textContent = "CSV";
    jsonLink.textContent = "JSON";
    csvLink.setAttribute("download", name + "-shown.csv");
    jsonLink.setAttribute("download", name + "-shown.json");
    csvLink.className = "download-shown-csv";
    jsonLink.className = "download-shown-json";
    downloads.appendChild(csvLink);
    downloads.appendChild(document.createTextNode(" · "));
    downloads.appendChild(jsonLink);
    tools.appendChild(downloads);

    var urls = [];
    function apply() {
      var query = controls.text ? controls.text.select.value.trim().toLowerCase().replace(/\s+/g, " ") : "";
      var writer = controls.writer ? controls.writer.select.value : "";
      var section = controls.section ? controls.section.select.value : "";
      var criterion = controls.criterion ? controls.criterion.select.value : "";
      var verdict = controls.verdict ? controls.verdict.select.value : "";
      // A chosen criterion hides the others' columns.
      var hidden = {};
      criteria.forEach(function (x) { if (criterion && x.id !== criterion) hidden[x.col] = true; });
      [head].concat(rows).forEach(function (r) {
        columns(r).forEach(function (c, i) { c.hidden = !!hidden[i] && c.colSpan === 1; });
      });
      var count = 0;
      rows.forEach(function (r) {
        var cells = columns(r);
        var show = true;
        if (query) show = cells.some(function (c) { return cellText(c).toLowerCase().indexOf(query) >= 0; });
        if (show && writer) show = cellText(cells[controls.writer.col]) === writer;
        if (show && section) show = cellText(cells[controls.section.col]) === section;
        if (show && criterion && controls.criterion.col !== undefined) show = cellText(cells[controls.criterion.col]) === criterion;
        if (show && verdict) {
          // With no criterion chosen, a row's own verdict (the page's
          // criterion) is the one filtered on; without one, any of its
          // criteria's.
          var marks = [];
          if (!criterion && r.hasAttribute("data-verdict")) marks.push(r.getAttribute("data-verdict"));
          else criteria.forEach(function (x) {
            if (criterion && x.id !== criterion) return;
            var c = cells[x.col];
            if (!c) return;
            if (c.hasAttribute("data-verdict")) marks.push(c.getAttribute("data-verdict"));
            c.querySelectorAll("[data-verdict]").forEach(function (el) { marks.push(el.getAttribute("data-verdict")); });
          });
          show = marks.indexOf(verdict) >= 0;
        }
        r.hidden = !show;
        if (show) count++;
      });
      shown.textContent = count + " of " + rows.length + " rows shown";
      // What is shown, for download: the visible rows and columns, as the
      // page shows them.
      var keep = [];
      heads.forEach(function (th, i) { if (!hidden[i] && !th.hasAttribute("data-nodownload") && heads.indexOf(th) === i) keep.push(i); });
      var names = keep.map(function (i) { return headerText(heads[i]); });
      var lines = [names.map(csvField).join(",")], objects = [];
      rows.forEach(function (r) {
        if (r.hidden) return;
        var cells = columns(r), values = keep.map(function (i) { return cellText(cells[i]); });
        lines.push(values.map(csvField).join(","));
        var o = {};
        names.forEach(function (n, k) { o[n] = values[k]; });
        objects.push(o);
      });
      urls.forEach(function (u) { URL.revokeObjectURL(u); });
      urls = [URL.createObjectURL(new Blob([lines.join("\r\n") + "\r\n"], { type: "text/csv" })),
        URL.createObjectURL(new Blob([JSON.stringify(objects, null, 2) + "\n"], { type: "application/json" }))];
      csvLink.href = urls[0];
      jsonLink.href = urls[1];
    }
    Object.keys(controls).forEach(function (k) {
      var el = controls[k].select;
      el.addEventListener("input", apply);
      el.addEventListener("change", apply);
    });
    apply();
    table.evalpressFilter = apply;
  }
  document.querySelectorAll("table[data-filters]").forEach(makeFilterable);

  // Search: the index is a script of the site's own (data/search.js),
  // loaded when the field is first used, so that it works from file://.
  // The form is made here, in the menu, not shipped in every page: without
  // a script it could not work, so a page read without one shows none.
  var menu = document.querySelector(".site-menu .menu-body");
  var root = document.body.getAttribute("data-root") || "";
  var form = null;
  if (menu) {
    form = document.createElement("form");
    form.className = "search";
    form.setAttribute("role", "search");
    form.innerHTML = '<label class="search-label" for="search-input">Search</label>' +
      '<input type="search" id="search-input" placeholder="Search this site" autocomplete="off" aria-controls="search-results" aria-describedby="search-status">' +
      '<p id="search-status" class="search-status" role="status"></p>' +
      '<ul id="search-results" class="search-results"></ul>';
    menu.appendChild(form);
  }
  if (form) {
    var input = form.querySelector("input");
    var list = form.querySelector(".search-results");
    var status = form.querySelector(".search-status");
    var loading = false;
    var load = function () {
      if (window.evalpressSearch || loading) return;
      loading = true;
      var s = document.createElement("script");
      s.src = root + "data/search.js";
      s.onload = function () { run(); };
      s.onerror = function () { status.textContent = "The search index could not be read."; };
      document.head.appendChild(s);
    };
    var words = function (s) { return s.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").split(/[^\p{L}\p{N}]+/u).filter(Boolean); };
    var run = function () {
      var q = words(input.value);
      while (list.firstChild) list.removeChild(list.firstChild);
      status.textContent = "";
      if (!q.length) return;
      if (!window.evalpressSearch) { status.textContent = "Loading the search index…"; load(); return; }
      var hits = [];
      window.evalpressSearch.entries.forEach(function (e) {
        if (!e.w) e.w = { t: words(e.t), x: words(e.x || ""), p: words(e.p || "") };
        var score = 0;
        var all = q.every(function (term) {
          var found = false;
          [["t", 10], ["p", 2], ["x", 1]].forEach(function (f) {
            e.w[f[0]].forEach(function (w) {
              if (w.indexOf(term) === 0) { score += w === term ? f[1] * 2 : f[1]; found = true; }
            });
          });
          return found;
        });
        if (all) hits.push({ e: e, score: score });
      });
      hits.sort(function (a, b) { return b.score - a.score; });
      status.textContent = hits.length === 0 ? "Nothing found." : hits.length === 1 ? "1 result" : hits.length + " results" + (hits.length > 30 ? ", the first 30 shown" : "");
      hits.slice(0, 30).forEach(function (h) {
        var li = document.createElement("li"), a = document.createElement("a");
        a.href = root + h.e.u;
        var t = document.createElement("span");
        t.className = "sr-title";
        t.textContent = h.e.t;
        a.appendChild(t);
        if (h.e.p && h.e.p !== h.e.t) {
          var where = document.createElement("span");
          where.className = "sr-where";
          where.textContent = h.e.p;
          a.appendChild(where);
        }
        if (h.e.x) {
          var x = document.createElement("span");
          x.className = "sr-text";
          x.textContent = snippet(h.e.x, q);
          a.appendChild(x);
        }
        li.appendChild(a);
        list.appendChild(li);
      });
    };
    var snippet = function (text, q) {
      var lower = text.toLowerCase(), at = -1;
      q.forEach(function (term) { var k = lower.indexOf(term); if (k >= 0 && (at < 0 || k < at)) at = k; });
      var from = Math.max(0, at - 60);
      var s = text.slice(from, from + 180);
      return (from > 0 ? "…" : "") + s + (from + 180 < text.length ? "…" : "");
    };
    input.addEventListener("focus", load);
    input.addEventListener("input", run);
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var first = list.querySelector("a");
      if (first) window.location.href = first.href;
    });
    input.addEventListener("keydown", function (e) {
      if (e.key === "ArrowDown") {
        var first = list.querySelector("a");
        if (first) { e.preventDefault(); first.focus(); }
      } else if (e.key === "Escape") {
        input.value = "";
        run();
      }
    });
    list.addEventListener("keydown", function (e) {
      var a = e.target.closest("a");
      if (!a) return;
      var li = a.parentNode;
      if (e.key === "ArrowDown" && li.nextSibling) { e.preventDefault(); li.nextSibling.firstChild.focus(); }
      if (e.key === "ArrowUp") { e.preventDefault(); if (li.previousSibling) li.previousSibling.firstChild.focus(); else input.focus(); }
    });
  }

  // Run view: hover or focus a run to light up its counterpart, select it to
  // bring the counterpart into view, n / p to step through runs, #run-N links.
  var pair = document.querySelector(".pair[data-runs]");
  if (!pair) return;
  var total = parseInt(pair.getAttribute("data-runs"), 10) || 0;
  var current = 0;
  // A run's marks are s-run-N in the section and e-run-N in the example.
  function marks(id) {
    return ["s", "e"].map(function (side) { return document.getElementById(side + "-run-" + id); }).filter(Boolean);
  }
  function light(id, on) { marks(id).forEach(function (m) { m.classList.toggle("active", on); }); }
  function show(id, from) {
    if (id < 1 || id > total) return;
    if (current) light(current, false);
    current = id;
    light(id, true);
    // Selected on one side, the run is brought into view on the other; a
    // permalink or a key brings the section's into view, at once on load.
    var side = from === "s" ? "e" : "s";
    var target = document.getElementById(side + "-run-" + id) || document.getElementById("s-run-" + id);
    if (target) target.scrollIntoView({ block: "center", behavior: from === "hash" ? "auto" : "smooth" });
  }
  document.querySelectorAll("mark.run").forEach(function (m) {
    var id = parseInt(m.id.slice(m.id.lastIndexOf("-") + 1), 10);
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
