// evalpress threshold explorer: on the results page, recomputes every
// verdict at the reader's thresholds from the public numbers of
// data/results.json (window.evalpressExplorer, set by data/explorer.js),
// by the same rules the build applies: each cell's verdicts, the counts per
// writer, the grid, each hypothesis's verdict, and a run limit x overlap
// limit view per writer. The address keeps the thresholds as config keys:
// results.html#c5.max_run=15&c5.max_overlap=0.12. It writes text only
// (textContent), never markup built from data.
(function () {
  "use strict";

  var data = window.evalpressExplorer;
  var root = document.getElementById("explorer");
  if (!data || !root) return;

  // The thresholds a reader may move: those whose inputs results.json
  // publishes. build is this build's value; kind says how it is read.
  var th = data.thresholds || {};
  var jt = (data.judged && data.judged.thresholds) || {};
  var controls = [
    { key: "c5.max_run", label: "C5 longest run limit (words)", build: th.max_run, kind: "int", crit: "C5" },
    { key: "c5.max_overlap", label: "C5 overlap limit (a share: 0.1 is 10%)", build: th.max_overlap, kind: "share", crit: "C5" },
    { key: "g1.tolerance", label: "G1 length tolerance (a share)", build: th.g1_tolerance, kind: "share", crit: "G1" },
    // N = 0 (not calibrated) is not offered: it leaves C1 unscored on the
    // fixtures too, which changes whose verdicts count.
    { key: "judged.c1_min_present", label: "C1 N: fewest bullets present", build: jt.c1_min_present || undefined, kind: "int", crit: "C1", min: 1 },
    { key: "judged.c2_max_undeveloped", label: "C2 largest undeveloped share", build: jt.c2_max_undeveloped, kind: "share", crit: "C2" }
  ].filter(function (c) { return typeof c.build === "number"; });
  var reg = data.registered_thresholds || {};
  var registeredOf = { "c5.max_run": reg.max_run, "c5.max_overlap": reg.max_overlap, "g1.tolerance": reg.g1_tolerance };

  var writers = (data.summary || []).map(function (s) { return s.model; });
  var cells = data.cells || [];
  // The sections in their order, each cell by writer and section, and the
  // runs (an episode's run a unit), in order.
  var sections = [], seenSection = {}, cellAt = {}, units = [], seenUnit = {};
  function unitOf(c) { return (c.episode || 0) * 1e6 + (c.repeat || 0); }
  cells.forEach(function (c, i) {
    if (!seenSection.hasOwnProperty(c.section)) { seenSection[c.section] = true; sections.push(c.section); }
    cellAt[c.model + "\u0000" + c.section] = i;
    if (!seenUnit.hasOwnProperty(unitOf(c))) { seenUnit[unitOf(c)] = true; units.push(unitOf(c)); }
  });
  units.sort(function (a, b) { return a - b; });
  var validJudges = ((data.judged && data.judged.judges) || []).filter(function (j) { return j.Valid; });
  var judgeName = {};
  validJudges.forEach(function (j) { judgeName[j.ID] = j.Name; });

  function parse(c, text) {
    if (!/^\s*\d+(\.\d+)?\s*$/.test(text)) return null;
    var v = c.kind === "int" ? parseInt(text, 10) : parseFloat(text);
    if (c.kind === "share" && (v < 0 || v > 1)) return null;
    if (c.min !== undefined && v < c.min) return null;
    return v;
  }

  // Verdicts, by the build's rules (reports/criteria): a value past its
  // limit fails the rule; an unscored or ambiguous outcome stays so.
  function outcome(verdict, rules) { return { verdict: verdict, rules: rules }; }
  function c5(rec, t) {
    var v = rec.values || {};
    if (rec.verdict === "unscored" || typeof v.run !== "number") return outcome(rec.verdict, rec.rules || []);
    var overlap = v.distinct > 0 ? v.shared / v.distinct : 0, rules = [];
    if (v.run > t["c5.max_run"]) rules.push("run");
    if (overlap > t["c5.max_overlap"]) rules.push("overlap");
    return outcome(rules.length ? "FAIL" : "pass", rules);
  }
  function g1(rec, t) {
    var l = rec.limits || {}, words = (rec.values || {}).words;
    if (typeof l.target !== "number" || typeof words !== "number") return outcome(rec.verdict, rec.rules || []);
    var allow = l.target * t["g1.tolerance"];
    var lo = Math.ceil(l.target - allow - 1e-9), hi = Math.floor(l.target + allow + 1e-9), rules = [];
    if (words < lo) rules.push("short");
    if (words > hi) rules.push("long");
    return outcome(rules.length ? "FAIL" : "pass", rules);
  }
  function judged(id, rec, t) {
    var v = rec.values || {};
    if (rec.verdict === "ambiguous") return outcome(rec.verdict, []);
    if (id === "C1") {
      if (rec.verdict === "unscored" && rec.reason !== "N not yet calibrated") return outcome(rec.verdict, []);
      if (t["judged.c1_min_present"] === 0) return outcome("unscored", []);
      return v.present < t["judged.c1_min_present"] ? outcome("FAIL", ["coverage"]) : outcome("pass", []);
    }
    if (id === "C2" && rec.verdict !== "unscored" && typeof v.undeveloped_share === "number") {
      return v.undeveloped_share > t["judged.c2_max_undeveloped"] ? outcome("FAIL", ["development"]) : outcome("pass", []);
    }
    return outcome(rec.verdict, rec.rules || []);
  }

  // keys are the columns of the counts: "C5", "G1", "C1/primary", ...
  var keys = [];
  function addKey(k) { if (keys.indexOf(k) < 0) keys.push(k); }
  cells.forEach(function (c) {
    Object.keys(c.criteria || {}).sort().forEach(function (id) {
      var rec = c.criteria[id];
      if (rec.judges) Object.keys(rec.judges).forEach(function (j) { if (judgeName[j]) addKey(id + "/" + j); });
      else addKey(id);
    });
  });
  // The headline first, then each judged criterion by judge in the
  // judges' order (the primary first), then the gates.
  var judgeOrder = validJudges.map(function (j) { return j.ID; });
  keys.sort(function (a, b) {
    var kind = function (k) { return k === "C5" ? 0 : k.indexOf("/") < 0 ? 2 : 1; };
    var pa = a.split("/"), pb = b.split("/");
    return kind(a) - kind(b) || (pa[0] < pb[0] ? -1 : pa[0] > pb[0] ? 1 : 0) || judgeOrder.indexOf(pa[1]) - judgeOrder.indexOf(pb[1]);
  });

  // verdictsAt returns, for each cell, its outcome by key at thresholds t.
  function verdictsAt(t) {
    return cells.map(function (c) {
      var out = {};
      Object.keys(c.criteria || {}).forEach(function (id) {
        var rec = c.criteria[id];
        if (rec.judges) {
          Object.keys(rec.judges).forEach(function (j) { if (judgeName[j]) out[id + "/" + j] = judged(id, rec.judges[j], t); });
        } else if (id === "C5") out[id] = c5(rec, t);
        else if (id === "G1") out[id] = g1(rec, t);
        else out[id] = outcome(rec.verdict, rec.rules || []);
      });
      return out;
    });
  }
  // talliesAt counts each writer's outcomes of key k.
  function tallies(verdicts, k, unit) {
    return writers.map(function (w) {
      var t = { model: w, pass: 0, fail: 0, unscored: 0, ambiguous: 0 };
      cells.forEach(function (c, i) {
        var o = verdicts[i][k];
        if (c.model !== w || !o || unit !== undefined && unitOf(c) !== unit) return;
        if (o.verdict === "pass") t.pass++;
        else if (o.verdict === "FAIL") t.fail++;
        else if (o.verdict === "unscored") t.unscored++;
        else if (o.verdict === "ambiguous") t.ambiguous++;
      });
      t.scored = t.pass + t.fail;
      return t;
    });
  }

  // Hypotheses, by the build's rule (reports/findings): the words of its
  // reasons too.
  function countsText(ts, what) {
    return what + ": " + ts.map(function (t) { return t.model + " " + t.fail + " of " + t.scored; }).join(", ");
  }
  // hypothesis decides h at the verdicts: in one run as judge does; over
  // several, by its rule: pooled, or each run on its own and the verdict
  // more than half of them reach.
  function hypothesis(h, verdicts) {
    var p = h.prediction || {};
    // A judge whose verdicts are no result decides nothing at any
    // threshold; nor does a tier that did not run; an order of medians
    // does not depend on a threshold.
    if (h.judge && !judgeName[h.judge] || p.kind === "median_order") return { verdict: h.verdict, reason: h.reason };
    if (units.length < 2) return judge(h, verdicts);
    if (p.runs !== "majority") {
      var pooled = judge(h, verdicts);
      return { verdict: pooled.verdict, reason: "over " + units.length + " runs, pooled: " + pooled.reason };
    }
    var count = { supported: 0, refuted: 0, inconclusive: 0 };
    units.forEach(function (u) { count[judge(h, verdicts, u).verdict]++; });
    var verdict = "inconclusive";
    ["supported", "refuted"].forEach(function (v) { if (2 * count[v] > units.length) verdict = v; });
    return { verdict: verdict, reason: "decided in each of " + units.length + " runs: supported in " + count.supported + ", refuted in " + count.refuted +
      ", inconclusive in " + count.inconclusive + "; the verdict is the one more than half reach" };
  }
  // judge decides h's prediction over the writers' FAIL counts at the
  // verdicts, in run unit alone when it is given.
  function judge(h, verdicts, unit) {
    var p = h.prediction || {}, crit = h.criterion || "C5";
    var key = h.judge ? crit + "/" + h.judge : crit;
    var ts = tallies(verdicts, key, unit);
    var what = h.judge ? crit + " FAIL counts by " + (judgeName[h.judge] || h.judge) : "FAIL counts";
    if (crit !== "C5" && !h.judge) what = crit + " FAIL counts";
    var by = function (m) { return ts.filter(function (t) { return t.model === m; })[0]; };
    if (p.kind === "fewest_fails" || p.kind === "most_fails") {
      var target = by(p.model);
      if (!target || target.scored === 0) return { verdict: "inconclusive", reason: p.model + " has no measured section. " + countsText(ts, what) };
      var others = 0, strictly = true;
      for (var i = 0; i < ts.length; i++) {
        var w = ts[i];
        if (w.model === p.model || w.scored === 0) continue;
        others++;
        if (w.scored !== target.scored) return { verdict: "inconclusive", reason: "writers were measured on different numbers of sections, so FAIL counts do not compare. " + countsText(ts, what) };
        if (p.kind === "fewest_fails" ? w.fail <= target.fail : w.fail >= target.fail) strictly = false;
      }
      if (!others) return { verdict: "inconclusive", reason: "no other writer to compare with. " + countsText(ts, what) };
      var word = p.kind === "fewest_fails" ? "fewest" : "most";
      return strictly ? { verdict: "supported", reason: p.model + " has strictly the " + word + " FAILs. " + countsText(ts, what) }
        : { verdict: "refuted", reason: p.model + " does not have strictly the " + word + " FAILs. " + countsText(ts, what) };
    }
    if (p.kind === "fails_at_most" || p.kind === "fails_at_least") {
      var fails = 0, measured = 0, who = "all writers";
      if (p.model) {
        var t = by(p.model) || { fail: 0, scored: 0 };
        fails = t.fail; measured = t.scored; who = p.model;
      } else ts.forEach(function (t) { fails += t.fail; measured += t.scored; });
      if (!measured) return { verdict: "inconclusive", reason: who + ": no measured section" };
      var atMost = p.kind === "fails_at_most", ok = atMost ? fails <= p.fails : fails >= p.fails;
      return { verdict: ok ? "supported" : "refuted", reason: "predicted " + (atMost ? "at most" : "at least") + " " + p.fails + " FAIL for " + who + "; observed " + fails + " of " + measured };
    }
    return { verdict: h.verdict, reason: h.reason };
  }

  // The thresholds in force: this build's, then the address's.
  var current = {};
  controls.forEach(function (c) { current[c.key] = c.build; });
  function fromHash() {
    var t = {}, bad = [];
    controls.forEach(function (c) { t[c.key] = c.build; });
    var hash = location.hash.slice(1);
    try { hash = decodeURIComponent(hash); } catch (e) { /* kept as written: its keys are then not understood */ }
    if (hash.indexOf("=") < 0) return { t: t, bad: bad, given: false };
    hash.split("&").forEach(function (pair) {
      var kv = pair.split("="), c = controls.filter(function (x) { return x.key === kv[0]; })[0];
      var v = c ? parse(c, kv[1] || "") : null;
      if (v === null) bad.push(pair); else t[c.key] = v;
    });
    return { t: t, bad: bad, given: true };
  }
  function toHash(t) {
    var parts = [];
    controls.forEach(function (c) { if (t[c.key] !== c.build) parts.push(c.key + "=" + t[c.key]); });
    return parts.join("&");
  }

  // The page's parts.
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function pct(x) { return (Math.round(x * 1000) / 10) + "%"; }
  function shown(c, v) { return c.kind === "share" ? v + " (" + pct(v) + ")" : String(v); }
  // The explorer's words and controls are made here, as the search form
  // is: a page read without scripts holds no text it does not show.
  (function () {
    var intro = el("p");
    intro.appendChild(document.createTextNode("Every number a verdict below is made from is public in "));
    intro.appendChild(el("a", { href: root.getAttribute("data-results") }, "results.json"));
    intro.appendChild(document.createTextNode(". Change a threshold and every cell's verdict, the FAILs per writer, the grid and each hypothesis's verdict are recomputed here, in your browser, by the rules the build applies; the address then keeps your thresholds, as the config keys "));
    intro.appendChild(el("code", {}, "build --set"));
    intro.appendChild(document.createTextNode(" takes. The rest of the page stays at this build's thresholds."));
    var error = el("p", { "class": "explorer-error warning", role: "alert" });
    error.hidden = true;
    var controls = el("form", { "class": "explorer-controls", "aria-label": "Thresholds" });
    var buttons = el("p", { "class": "explorer-buttons" });
    buttons.appendChild(el("button", { type: "reset" }, "Back to this build's thresholds"));
    controls.appendChild(buttons);
    [intro, error, controls, el("p", { "class": "explorer-mark", role: "status", "aria-live": "polite" }), el("div", { "class": "explorer-out" })]
      .forEach(function (e) { root.appendChild(e); });
  })();
  var form = root.querySelector(".explorer-controls");
  var mark = root.querySelector(".explorer-mark");
  var out = root.querySelector(".explorer-out");
  var inputs = {}, pending = 0;
  controls.forEach(function (c) {
    var id = "explore-" + c.key.replace(/\./g, "-");
    var label = el("label", { "for": id }, c.label);
    var input = el("input", { id: id, type: "number", min: String(c.min || 0), step: c.kind === "int" ? "1" : "any", inputmode: "decimal" });
    if (c.kind === "share") input.max = "1";
    var p = el("p", { "class": "explorer-control" });
    p.appendChild(label);
    p.appendChild(input);
    p.appendChild(el("span", { "class": "explorer-build" }, "this build: " + shown(c, c.build) + (registeredOf[c.key] !== undefined ? "; registered: " + shown(c, registeredOf[c.key]) : "")));
    form.insertBefore(p, form.querySelector(".explorer-buttons"));
    inputs[c.key] = input;
    input.addEventListener("input", function () {
      var v = parse(c, input.value);
      input.setAttribute("aria-invalid", v === null ? "true" : "false");
      if (v === null) return;
      current[c.key] = v;
      // One recomputation once the reader pauses, not one a keystroke.
      window.clearTimeout(pending);
      pending = window.setTimeout(function () { update(true); }, 120);
    });
  });
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  form.querySelector("button[type=reset]").addEventListener("click", function (e) {
    e.preventDefault();
    controls.forEach(function (c) { current[c.key] = c.build; });
    update(true);
  });

  function verdictCell(o, href) {
    var td = el("td", { "data-verdict": o ? o.verdict : "" });
    var text = o ? (o.verdict === "FAIL" ? "✗ FAIL" : o.verdict) : "–";
    if (href) td.appendChild(el("a", { href: href }, text)); else td.textContent = text;
    if (o && o.verdict === "FAIL" && o.rules.length) td.appendChild(el("span", { "class": "rules" }, o.rules.join(", ")));
    if (o && o.verdict === "FAIL") td.className = "fail";
    return td;
  }
  function table(cls, caption, heads) {
    var wrap = el("div", { "class": "table-wrap", role: "region", tabindex: "0", "aria-label": caption });
    var t = el("table", { "class": cls + " sortable" });
    t.appendChild(el("caption", {}, caption));
    var tr = el("tr");
    heads.forEach(function (h) { tr.appendChild(el("th", { scope: "col" }, h)); });
    t.appendChild(el("thead")).appendChild(tr);
    wrap.appendChild(t);
    return { wrap: wrap, body: t.appendChild(el("tbody")) };
  }
  function keyName(k) {
    var parts = k.split("/");
    return parts[1] ? parts[0] + ", " + (judgeName[parts[1]] || parts[1]) : k;
  }
  var base = document.body.getAttribute("data-root") || "";

  // The run limit x overlap limit view: one writer's FAILs of C5 at each
  // pair, the reader's pair marked.
  var runs = [4, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50];
  var overlaps = [0, 0.05, 0.1, 0.2, 0.3, 0.5];
  function c5Fails(w, maxRun, maxOverlap) {
    var n = 0, t = { "c5.max_run": maxRun, "c5.max_overlap": maxOverlap };
    cells.forEach(function (c) { if (c.model === w && c.criteria && c.criteria.C5 && c5(c.criteria.C5, t).verdict === "FAIL") n++; });
    return n;
  }
  // Every cell's verdicts fold on a phone, as the page's long sections do.
  var planeWriter = writers[0], everyOpen = !window.matchMedia("(max-width: 40rem)").matches && cells.length <= 1000;
  function plane(t) {
    var box = el("div", { "class": "explorer-plane" });
    var pick = el("label", { "for": "explore-plane-writer" }, "Writer ");
    var select = el("select", { id: "explore-plane-writer" });
    writers.forEach(function (w) { var o = el("option", { value: w }, w); if (w === planeWriter) o.selected = true; select.appendChild(o); });
    select.addEventListener("change", function () { planeWriter = select.value; update(false); document.getElementById("explore-plane-writer").focus(); });
    pick.appendChild(select);
    box.appendChild(pick);
    var rs = runs.indexOf(t["c5.max_run"]) < 0 ? runs.concat([t["c5.max_run"]]).sort(function (a, b) { return a - b; }) : runs;
    var os = overlaps.indexOf(t["c5.max_overlap"]) < 0 ? overlaps.concat([t["c5.max_overlap"]]).sort(function (a, b) { return a - b; }) : overlaps;
    var tb = table("explorer-plane-table", planeWriter + ": C5 FAILs by run limit (down, words) and overlap limit (across); your pair in bold, select a figure to use its pair",
      ["run"].concat(os.map(pct)));
    rs.forEach(function (r) {
      var tr = el("tr");
      tr.appendChild(el("th", { scope: "row" }, String(r)));
      os.forEach(function (o) {
        var td = el("td"), n = c5Fails(planeWriter, r, o);
        var b = el("button", { type: "button", "aria-label": n + " FAIL at " + r + " words and " + pct(o) }, String(n));
        b.addEventListener("click", function () { current["c5.max_run"] = r; current["c5.max_overlap"] = o; update(true); });
        td.appendChild(b);
        if (r === t["c5.max_run"] && o === t["c5.max_overlap"]) td.className = "current";
        tr.appendChild(td);
      });
      tb.body.appendChild(tr);
    });
    box.appendChild(tb.wrap);
    return box;
  }

  // sortable lets site.js sort a table drawn here, once (site.js sorts the
  // first drawing's tables itself as it loads, after this script).
  function sortable(t) {
    if (!window.evalpressSortable || t.hasAttribute("data-sortable")) return;
    t.setAttribute("data-sortable", "");
    window.evalpressSortable(t);
  }

  // drawMark says whose thresholds are in force, in the explorer and where
  // the rest of the page begins.
  function drawMark(t, changed) {
    mark.textContent = "";
    mark.className = "explorer-mark" + (changed.length ? " readers" : "");
    if (changed.length) {
      mark.appendChild(el("strong", {}, "Your thresholds, not the registered ones nor this build's: "));
      mark.appendChild(document.createTextNode(changed.map(function (c) { return c.key + " = " + shown(c, t[c.key]) + " (this build: " + shown(c, c.build) + ")"; }).join("; ") +
        ". The verdicts in this section are recomputed in your browser from the public numbers; the rest of the page is at this build's thresholds. The address keeps these thresholds."));
      if (changed.some(function (c) { return c.key.indexOf("judged.") === 0; })) {
        mark.appendChild(document.createTextNode(" Whose judged verdicts count was decided on the adversarial fixtures at this build's thresholds; their counts are not published, so here each judge keeps that standing: at yours, build --set may find a judge missing a fixture, and leave its verdicts out."));
      }
    } else {
      mark.appendChild(el("strong", {}, "This build's thresholds. "));
      mark.appendChild(document.createTextNode("Change one to see every verdict below recomputed at yours."));
    }
    var below = document.getElementById("explorer-below");
    if (changed.length && !below) {
      below = el("p", { id: "explorer-below", "class": "threshold-note", role: "note" });
      below.appendChild(el("strong", {}, "From here on, this build's thresholds."));
      below.appendChild(document.createTextNode(" Your thresholds apply in the explorer above only."));
      var after = document.querySelector("main noscript") || root;
      after.parentNode.insertBefore(below, after.nextSibling);
    } else if (!changed.length && below) {
      below.parentNode.removeChild(below);
    }
  }

  // drawHypotheses lists each hypothesis's verdict at the thresholds, and
  // the build's where it differs.
  function drawHypotheses(verdicts) {
    var hs = (data.hypotheses || []).map(function (h) { return { id: h.id, r: hypothesis(h, verdicts), build: h.verdict }; });
    if (!hs.length) return hs;
    out.appendChild(el("h3", { id: "explore-hypotheses" }, "Hypotheses at these thresholds"));
    var ul = el("ul", { "class": "explorer-hypotheses" });
    hs.forEach(function (h) {
      var li = el("li", { "data-hypothesis": h.id, "data-verdict": h.r.verdict });
      li.appendChild(el("strong", {}, h.id + " "));
      li.appendChild(el("span", { "class": "badge badge-" + h.r.verdict }, h.r.verdict));
      li.appendChild(document.createTextNode(" " + h.r.reason + "."));
      if (h.r.verdict !== h.build) li.appendChild(el("em", { "class": "explorer-was" }, " At this build's thresholds: " + h.build + "."));
      ul.appendChild(li);
    });
    out.appendChild(ul);
    return hs;
  }

  // drawCounts tables each key's FAILs per writer; it returns the tallies.
  function drawCounts(verdicts) {
    out.appendChild(el("h3", { id: "explore-counts" }, "FAILs per writer at these thresholds"));
    var counts = table("explorer-counts", "FAILs of the sections each criterion scored (down), per writer (across); a judged criterion per judge whose verdicts are results; G1 is a gate, counted apart",
      ["Criterion"].concat(writers));
    var byKey = {};
    keys.forEach(function (k) {
      byKey[k] = tallies(verdicts, k);
      var tr = el("tr", { "data-key": k });
      tr.appendChild(el("th", { scope: "row" }, keyName(k) + (k === "G1" ? " (gate)" : "")));
      byKey[k].forEach(function (x) {
        tr.appendChild(el("td", { "data-writer": x.model, "data-fail": String(x.fail), "data-scored": String(x.scored) }, x.fail + " of " + x.scored));
      });
      counts.body.appendChild(tr);
    });
    out.appendChild(counts.wrap);
    return byKey;
  }

  // drawGrid tables C5's verdicts, sections down and writers across.
  function drawGrid(verdicts) {
    out.appendChild(el("h3", { id: "explore-grid" }, "Sections by writers at these thresholds (C5)"));
    var grid = table("explorer-grid", "C5 verdict of every section (down) by every writer (across), with the rules it breaks", ["Section"].concat(writers));
    sections.forEach(function (s) {
      var tr = el("tr");
      tr.appendChild(el("th", { scope: "row" }, s));
      writers.forEach(function (w) {
        var i = cellAt.hasOwnProperty(w + "\u0000" + s) ? cellAt[w + "\u0000" + s] : -1;
        var td = verdictCell(i >= 0 ? verdicts[i].C5 : null, i >= 0 && cells[i].page ? base + cells[i].page : "");
        if (i >= 0) td.setAttribute("data-cell", String(i));
        tr.appendChild(td);
      });
      grid.body.appendChild(tr);
    });
    out.appendChild(grid.wrap);
  }

  // drawEvery folds every cell's verdicts, drawn only while open: a large
  // study has thousands of rows, too many to draw at each keystroke.
  function drawEvery(verdicts) {
    var every = el("details", { "class": "explorer-every" });
    every.appendChild(el("summary", {}, "Every cell's verdicts at these thresholds (" + cells.length + " cells)"));
    var draw = function () {
      if (!every.open || every.querySelector("table")) return;
      var all = table("explorer-cells", "Every cell's verdict under every criterion at these thresholds", ["Writer", "Section"].concat(keys.map(keyName)));
      cells.forEach(function (c, i) {
        var tr = el("tr", { "data-cell": String(i) });
        tr.appendChild(el("td", { "data-label": "Writer" }, c.model));
        tr.appendChild(el("td", { "data-label": "Section" }, c.section));
        keys.forEach(function (k) {
          var td = verdictCell(verdicts[i][k], "");
          td.setAttribute("data-key", k);
          td.setAttribute("data-label", keyName(k));
          tr.appendChild(td);
        });
        all.body.appendChild(tr);
      });
      // On a phone, a card a cell, each verdict with its criterion's name.
      if (window.matchMedia("(max-width: 40rem)").matches) all.body.parentNode.classList.add("cards");
      every.appendChild(all.wrap);
      sortable(all.body.parentNode);
    };
    every.addEventListener("toggle", function () { everyOpen = every.open; draw(); });
    every.open = everyOpen;
    draw();
    out.appendChild(every);
  }

  // update recomputes every verdict at the thresholds in force and draws
  // them; writeHash keeps the thresholds in the address.
  function update(writeHash) {
    var t = current;
    controls.forEach(function (c) {
      if (document.activeElement !== inputs[c.key]) inputs[c.key].value = String(t[c.key]);
    });
    if (writeHash && window.history && history.replaceState) {
      var h = toHash(t);
      history.replaceState(null, "", h ? "#" + h : location.pathname + location.search + "#explorer");
    }
    var verdicts = verdictsAt(t);
    drawMark(t, controls.filter(function (c) { return t[c.key] !== c.build; }));
    out.textContent = "";
    var hs = drawHypotheses(verdicts);
    var byKey = drawCounts(verdicts);
    drawGrid(verdicts);
    drawEvery(verdicts);
    if (controls.some(function (c) { return c.key === "c5.max_run"; })) {
      out.appendChild(el("h3", { id: "explore-plane" }, "Run limit by overlap limit (C5)"));
      out.appendChild(plane(t));
    }
    Array.prototype.forEach.call(out.querySelectorAll("table.sortable"), sortable);
    // What the explorer shows, for tests and for a reader's own scripts.
    window.evalpressExplorerState = {
      thresholds: JSON.parse(JSON.stringify(t)),
      cells: verdicts.map(function (v) { var o = {}; Object.keys(v).forEach(function (k) { o[k] = v[k].verdict; }); return o; }),
      counts: keys.map(function (k) { return { key: k, fails: byKey[k].map(function (x) { return x.fail; }), scored: byKey[k].map(function (x) { return x.scored; }) }; }),
      hypotheses: hs.map(function (h) { return { id: h.id, verdict: h.r.verdict, reason: h.r.reason }; })
    };
  }

  root.hidden = false;
  function load() {
    var h = fromHash();
    current = h.t;
    var note = root.querySelector(".explorer-error");
    note.textContent = h.bad.length ? "Not understood in the address, and left at this build's value: " + h.bad.join(", ") + "." : "";
    note.hidden = !h.bad.length;
    update(false);
    if (h.given) root.scrollIntoView();
  }
  window.addEventListener("hashchange", function () { if (location.hash.indexOf("=") >= 0) load(); });
  load();
})();
