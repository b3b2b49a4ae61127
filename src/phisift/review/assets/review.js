/* phisift review page. Runs from file://, talks to nothing.
 * Every piece of note text reaches the page through textContent or createTextNode,
 * never through innerHTML: a note is data, even when it contains markup. */
(function () {
  "use strict";

  var PAGE = 200;
  var STATUS_CLASS = ["st-plain", "st-exact", "st-miss", "st-fa", "st-mm", "st-mm"];
  var STATUS_NAME = ["", "exact match", "missed (false negative)", "false alarm (false positive)",
    "gold span with boundary/label mismatch", "found span with boundary/label mismatch"];
  var PRIORITY = [0, 1, 5, 2, 4, 3];
  // status filters: key, label, codes, swatch class
  var STATUS_FILTERS = [
    ["exact", "exact", [1], "st-exact"],
    ["miss", "missed", [2], "st-miss"],
    ["fa", "false alarm", [3], "st-fa"],
    ["mm", "boundary/label", [4, 5], "st-mm"]
  ];

  var INDEX = JSON.parse(document.getElementById("phisift-index").textContent);
  var LABELS = INDEX.labels, DOCS = INDEX.docs;
  var chunks = new Array(INDEX.chunks.count);
  var loading = {};

  var state = {
    labels: new Set(), statuses: new Set(), query: "",
    view: [], page: 0, pos: -1, renderToken: 0, textSearchReady: false
  };

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function fmt(n) { return Number(n).toLocaleString("en-US"); }
  function sum(obj) { var s = 0; for (var k in obj) s += obj[k]; return s; }

  /* ------------------------------------------------------------ data chunks */
  window.phisiftChunk = function (i, data) { chunks[i] = data; };

  function loadChunk(i) {
    if (chunks[i]) return Promise.resolve(chunks[i]);
    if (INDEX.chunks.inline) {
      var node = document.querySelector('script.phisift-chunk[data-chunk="' + Number(i) + '"]');
      chunks[i] = JSON.parse(node.textContent);
      return Promise.resolve(chunks[i]);
    }
    if (loading[i]) return loading[i];
    loading[i] = new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = INDEX.chunks.files[i];
      s.onload = function () { chunks[i] ? resolve(chunks[i]) : reject(new Error(INDEX.chunks.files[i])); };
      s.onerror = function () { delete loading[i]; reject(new Error(INDEX.chunks.files[i])); };
      document.head.appendChild(s);
    });
    return loading[i];
  }
  function docData(i) { var d = DOCS[i], c = chunks[d.c]; return c ? c[d.p] : null; }
  function loadAll() {
    var all = [];
    for (var i = 0; i < INDEX.chunks.count; i++) all.push(loadChunk(i));
    return Promise.all(all);
  }

  /* -------------------------------------------------------------- filtering */
  function hasAny(counts, set) {
    if (!counts) return false;
    var found = false;
    set.forEach(function (l) { if (counts[l]) found = true; });
    return found;
  }
  function matches(i) {
    var d = DOCS[i];
    if (state.labels.size && !hasAny(d.g, state.labels) && !hasAny(d.f, state.labels)) return false;
    if (state.statuses.size) {
      var ok = false;
      state.statuses.forEach(function (code) { if (d.s && d.s[code]) ok = true; });
      if (!ok) return false;
    }
    var q = state.query;
    if (!q) return true;
    if (d.n.toLowerCase().indexOf(q) >= 0) return true;
    var rec = docData(i);
    if (!rec) return false;
    return (rec.t && rec.t.toLowerCase().indexOf(q) >= 0) || (rec.d && rec.d.toLowerCase().indexOf(q) >= 0);
  }
  function refilter(keepDoc) {
    var current = state.pos >= 0 ? state.view[state.pos] : -1;
    var view = [];
    for (var i = 0; i < DOCS.length; i++) if (matches(i)) view.push(i);
    state.view = view;
    var pos = keepDoc === false ? -1 : view.indexOf(current);
    if (pos < 0 && view.length) pos = 0;
    state.pos = pos;
    state.page = pos >= 0 ? Math.floor(pos / PAGE) : 0;
    $("doc-count").textContent = view.length === DOCS.length ? fmt(DOCS.length) : fmt(view.length) + " of " + fmt(DOCS.length);
    renderList();
    renderDoc();
  }

  var searchTimer = null, hashTimer = null;
  function onSearch() {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(function () {
      state.query = $("search").value.trim().toLowerCase();
      if (state.query && !state.textSearchReady) {
        var info = $("search-state");
        info.hidden = false;
        info.textContent = "Loading texts for search…";
        loadAll().then(function () {
          state.textSearchReady = true;
          info.hidden = true;
          refilter();
        }, function (err) { info.textContent = "Could not load " + err.message + "; searching ids only."; });
      }
      refilter();
    }, 120);
  }

  /* --------------------------------------------------------------- sidebar */
  function labelChip(li, count, title) {
    var chip = el("button", "chip");
    chip.type = "button";
    chip.dataset.label = LABELS[li];
    chip.dataset.count = String(count);
    chip.title = title;
    var sw = el("span", "sw");
    sw.style.background = INDEX.colors[li];
    chip.appendChild(sw);
    chip.appendChild(el("span", "name", LABELS[li]));
    chip.appendChild(el("span", "n", fmt(count)));
    chip.addEventListener("click", function () {
      if (state.labels.has(li)) state.labels.delete(li); else state.labels.add(li);
      chip.classList.toggle("on", state.labels.has(li));
      $("clear-labels").hidden = state.labels.size === 0;
      refilter();
    });
    return chip;
  }

  function buildSidebar() {
    var rows = {};
    INDEX.table.forEach(function (r) { rows[r.label] = r; });
    var box = $("label-filters");
    var groups = {};
    var order = [];
    INDEX.order.forEach(function (li) {
      var cat = INDEX.categories[li];
      if (!groups[cat]) { groups[cat] = el("div", "cat"); groups[cat].appendChild(el("div", "cat-name", cat)); order.push(cat); }
      var r = rows[LABELS[li]] || {};
      var count = INDEX.evaluate ? (r.gold || 0) : (r.shown || 0);
      var title = INDEX.evaluate
        ? LABELS[li] + ": " + fmt(r.gold || 0) + " gold, " + fmt(r.found || 0) + " found"
        : LABELS[li] + ": " + fmt(count) + " spans";
      groups[cat].appendChild(labelChip(li, count, title));
    });
    order.forEach(function (cat) { box.appendChild(groups[cat]); });
    if (!INDEX.order.length) box.appendChild(el("p", "muted small", "No spans."));
    $("clear-labels").addEventListener("click", function () {
      state.labels.clear();
      box.querySelectorAll(".chip.on").forEach(function (c) { c.classList.remove("on"); });
      $("clear-labels").hidden = true;
      refilter();
    });

    if (INDEX.evaluate) {
      $("status-panel").hidden = false;
      var totals = [0, 0, 0, 0, 0, 0];
      DOCS.forEach(function (d) { if (d.s) for (var k = 0; k < 6; k++) totals[k] += d.s[k]; });
      var sbox = $("status-filters");
      STATUS_FILTERS.forEach(function (f) {
        var n = 0;
        f[2].forEach(function (code) { n += totals[code]; });
        var chip = el("button", "chip status");
        chip.type = "button";
        chip.dataset.status = f[0];
        chip.dataset.count = String(n);
        chip.title = f[2].map(function (c) { return STATUS_NAME[c]; }).join("; ");
        chip.appendChild(el("span", "sw " + f[3]));
        chip.appendChild(el("span", "name", f[1]));
        chip.appendChild(el("span", "n", fmt(n)));
        chip.addEventListener("click", function () {
          var on = !chip.classList.contains("on");
          chip.classList.toggle("on", on);
          f[2].forEach(function (code) { if (on) state.statuses.add(code); else state.statuses.delete(code); });
          refilter();
        });
        sbox.appendChild(chip);
      });
    }
  }

  function renderList() {
    var list = $("doclist");
    var frag = document.createDocumentFragment();
    var start = state.page * PAGE, end = Math.min(state.view.length, start + PAGE);
    for (var k = start; k < end; k++) {
      var d = DOCS[state.view[k]];
      var li = el("li", "doc-item" + (k === state.pos ? " sel" : ""));
      li.dataset.pos = String(k);
      li.setAttribute("role", "option");
      li.appendChild(el("span", "name", d.n));
      if (d.s) {
        if (d.s[2]) { var m = el("span", "pill miss", d.s[2]); m.title = "missed"; li.appendChild(m); }
        if (d.s[3]) { var f = el("span", "pill fa", d.s[3]); f.title = "false alarms"; li.appendChild(f); }
        if (d.s[4] + d.s[5]) { var b = el("span", "pill mm", d.s[4] + d.s[5]); b.title = "boundary/label mismatches"; li.appendChild(b); }
      }
      var n = el("span", "pill", sum(d.g || {}));
      n.title = INDEX.evaluate ? "gold spans" : "spans";
      li.appendChild(n);
      frag.appendChild(li);
    }
    list.replaceChildren(frag);
    if (!state.view.length) list.appendChild(el("li", "doc-item muted", "No document matches."));
    var pages = Math.max(1, Math.ceil(state.view.length / PAGE));
    $("page-info").textContent = state.view.length
      ? fmt(start + 1) + "–" + fmt(end) + " of " + fmt(state.view.length) + (pages > 1 ? " · page " + (state.page + 1) + "/" + pages : "")
      : "";
    $("page-prev").disabled = state.page <= 0;
    $("page-next").disabled = state.page >= pages - 1;
  }

  function select(pos) {
    if (pos < 0 || pos >= state.view.length) return;
    state.pos = pos;
    var page = Math.floor(pos / PAGE);
    if (page !== state.page) { state.page = page; renderList(); }
    else {
      var old = $("doclist").querySelector(".doc-item.sel");
      if (old) old.classList.remove("sel");
    }
    var item = $("doclist").querySelector('.doc-item[data-pos="' + pos + '"]');
    if (item) { item.classList.add("sel"); item.scrollIntoView({ block: "nearest" }); }
    renderDoc();
  }

  /* ------------------------------------------------------------ documents */
  function segments(text, marks, hits) {
    // Cut the text at every boundary; each piece knows which marks cover it.
    var cuts = [0, text.length];
    marks.forEach(function (m) { cuts.push(m.s, m.e); });
    hits.forEach(function (h) { cuts.push(h[0], h[1]); });
    cuts = Array.from(new Set(cuts)).filter(function (x) { return x >= 0 && x <= text.length; }).sort(function (a, b) { return a - b; });
    var out = [];
    for (var i = 0; i + 1 < cuts.length; i++) {
      var a = cuts[i], b = cuts[i + 1], cover = [], hit = false;
      for (var j = 0; j < marks.length; j++) if (marks[j].s <= a && marks[j].e >= b && marks[j].s < marks[j].e) cover.push(marks[j]);
      for (var h = 0; h < hits.length; h++) if (hits[h][0] <= a && hits[h][1] >= b) { hit = true; break; }
      out.push({ a: a, b: b, cover: cover, hit: hit });
    }
    return out;
  }

  function searchHits(text) {
    var q = state.query, hits = [];
    if (!q || !text) return hits;
    var low = text.toLowerCase(), at = low.indexOf(q);
    while (at >= 0 && hits.length < 5000) { hits.push([at, at + q.length]); at = low.indexOf(q, at + q.length); }
    return hits;
  }

  function describe(m) {
    var s = LABELS[m.l];
    if (m.st) s += " · " + STATUS_NAME[m.st];
    if (m.note) s += " · " + m.note;
    return s;
  }

  function renderText(box, text, marks, pane) {
    var frag = document.createDocumentFragment();
    segments(text, marks, searchHits(text)).forEach(function (seg) {
      var piece = text.slice(seg.a, seg.b);
      if (!seg.cover.length) {
        if (seg.hit) frag.appendChild(el("span", "q", piece));
        else frag.appendChild(document.createTextNode(piece));
        return;
      }
      var top = seg.cover[0];
      seg.cover.forEach(function (m) { if (PRIORITY[m.st] > PRIORITY[top.st]) top = m; });
      var span = el("span", "hl " + STATUS_CLASS[top.st] + (seg.hit ? " q" : ""), piece);
      span.style.backgroundColor = INDEX.colors[top.l];
      span.dataset.entry = String(top.k);
      span.dataset.label = LABELS[top.l];
      span.dataset.status = INDEX.statuses[top.st];
      span.dataset.pane = pane;
      if (seg.b === top.e) {  // name every label that ends here: "MEDICALRECORD / IDNUM" for a label mismatch
        var tags = [LABELS[top.l]];
        seg.cover.forEach(function (m) { if (m.e === seg.b && tags.indexOf(LABELS[m.l]) < 0) tags.push(LABELS[m.l]); });
        span.dataset.tag = tags.join(" / ");
      }
      span.title = seg.cover.map(describe).join("\n");
      frag.appendChild(span);
    });
    box.replaceChildren(frag);
  }

  function visible(m) {
    if (state.labels.size && !state.labels.has(m.l)) return false;
    if (state.statuses.size && !state.statuses.has(m.st)) return false;
    return true;
  }

  function countsBar(d) {
    var box = $("doc-counts");
    box.replaceChildren();
    if (d.s) {
      [[1, "exact", "exact"], [2, "miss", "missed"], [3, "fa", "false alarms"], [-1, "mm", "boundary/label"]].forEach(function (t) {
        var n = t[0] < 0 ? d.s[4] + d.s[5] : d.s[t[0]];
        var c = el("span", "count st " + t[1]);
        c.dataset.status = t[1];
        c.appendChild(el("b", null, n));
        c.appendChild(document.createTextNode(t[2]));
        box.appendChild(c);
      });
    }
    INDEX.order.forEach(function (li) {
      var n = d.g && d.g[li];
      if (!n) return;
      var c = el("span", "count");
      c.dataset.label = LABELS[li];
      c.dataset.count = String(n);
      c.style.backgroundColor = INDEX.colors[li];
      c.title = INDEX.evaluate ? "gold spans" : "spans";
      c.appendChild(document.createTextNode(LABELS[li]));
      c.appendChild(el("b", null, n));
      box.appendChild(c);
    });
  }

  function renderDoc() {
    var token = ++state.renderToken;
    var origBox = $("text-original"), deidBox = $("text-deid");
    if (state.pos < 0) {
      $("doc-title").textContent = "No document";
      $("doc-pos").textContent = "";
      $("doc-counts").replaceChildren();
      origBox.replaceChildren(el("p", "empty", "No document matches the filters."));
      deidBox.replaceChildren();
      return;
    }
    var i = state.view[state.pos], d = DOCS[i];
    $("doc-title").textContent = d.n;
    $("doc-pos").textContent = "document " + fmt(state.pos + 1) + " of " + fmt(state.view.length);
    $("doc-prev").disabled = state.pos <= 0;
    $("doc-next").disabled = state.pos >= state.view.length - 1;
    countsBar(d);
    clearTimeout(hashTimer);  // the address follows the document, but not on every key repeat
    hashTimer = setTimeout(function () { history.replaceState(null, "", "#doc=" + encodeURIComponent(d.n)); }, 250);
    loadChunk(d.c).then(function () {
      if (token !== state.renderToken) return;
      var rec = docData(i);
      var marks = (rec.e || []).map(function (e, k) { return { s: e[0], e: e[1], l: e[2], st: e[3], peer: e[4], note: e[5], k: k }; }).filter(visible);
      var reps = (rec.r || []).map(function (r, k) { return { s: r[0], e: r[1], l: r[2], st: 0, k: k, note: "" }; });
      if (state.labels.size) reps = reps.filter(function (m) { return state.labels.has(m.l); });
      if (INDEX.original) {
        if (rec.t !== undefined) renderText(origBox, rec.t, marks, "original");
        else origBox.replaceChildren(el("p", "empty", "No original text for this document."));
      }
      if (INDEX.deid) {
        if (rec.d !== undefined) {
          renderText(deidBox, rec.d, reps, "deid");
          var back = {};
          marks.forEach(function (m) { if (m.peer >= 0) back[m.peer] = m.k; });
          deidBox.querySelectorAll(".hl").forEach(function (s) {
            var k = back[s.dataset.entry];
            if (k !== undefined) s.dataset.peer = String(k);
          });
          var peerOf = {};
          marks.forEach(function (m) { if (m.peer >= 0) peerOf[m.k] = m.peer; });
          origBox.querySelectorAll(".hl").forEach(function (s) {
            var p = peerOf[s.dataset.entry];
            if (p !== undefined) s.dataset.peer = String(p);
          });
        } else deidBox.replaceChildren(el("p", "empty", "No de-identified text for this document."));
      }
      var firstHit = document.querySelector(".text .q");
      if (firstHit) firstHit.scrollIntoView({ block: "center" });
      else { origBox.scrollTop = 0; deidBox.scrollTop = 0; }
    }, function (err) {
      if (token !== state.renderToken) return;
      origBox.replaceChildren(el("p", "empty", "Could not load " + err.message + ": keep the data folder next to index.html."));
    });
  }

  function linkPeers(ev, on) {
    var s = ev.target.closest && ev.target.closest(".hl[data-peer]");
    if (!s) return;
    var other = s.dataset.pane === "original" ? $("text-deid") : $("text-original");
    other.querySelectorAll('.hl[data-entry="' + Number(s.dataset.peer) + '"]').forEach(function (p) { p.classList.toggle("linked", on); });
    s.classList.toggle("linked", on);
    if (on && ev.type === "click") {
      var first = other.querySelector('.hl[data-entry="' + Number(s.dataset.peer) + '"]');
      if (first) first.scrollIntoView({ block: "center", behavior: "smooth" });
    }
  }

  /* ------------------------------------------------------------ evaluation */
  function scoreTable(title, sc) {
    var t = el("table", "scores");
    var head = el("tr");
    [title, "precision", "recall", "F1", "TP", "FP", "FN"].forEach(function (h) { head.appendChild(el("th", null, h)); });
    t.appendChild(head);
    [["token (binary)", sc.token], ["entity, strict", sc.entity_strict]].forEach(function (row) {
      var tr = el("tr");
      tr.appendChild(el("td", null, row[0]));
      ["precision", "recall", "f1"].forEach(function (k) { tr.appendChild(el("td", null, row[1][k].toFixed(3))); });
      ["tp", "fp", "fn"].forEach(function (k) { tr.appendChild(el("td", null, fmt(row[1][k]))); });
      t.appendChild(tr);
    });
    var tr = el("tr");
    tr.appendChild(el("td", null, "entity, overlap"));
    tr.appendChild(el("td"));
    tr.appendChild(el("td", null, sc.entity_overlap_recall.toFixed(3)));
    for (var k = 0; k < 4; k++) tr.appendChild(el("td"));
    t.appendChild(tr);
    return t;
  }

  function labelTable() {
    var t = el("table", "scores");
    var cols = [["label", "label"], ["gold", "gold"], ["found", "found"], ["exact", "exact"], ["miss", "missed"],
      ["false-alarm", "false alarms"], ["mismatch-gold", "mismatch (gold)"], ["mismatch-found", "mismatch (found)"]];
    var head = el("tr");
    cols.forEach(function (c) { head.appendChild(el("th", null, c[1])); });
    t.appendChild(head);
    INDEX.table.forEach(function (r) {
      var tr = el("tr");
      cols.forEach(function (c, j) {
        var td = el("td", null, j === 0 ? r.label : fmt(r[c[0]] || 0));
        if (j === 0) td.style.boxShadow = "inset 4px 0 0 " + INDEX.colors[LABELS.indexOf(r.label)];
        tr.appendChild(td);
      });
      t.appendChild(tr);
    });
    return t;
  }

  function buildCharts() {
    var has = INDEX.charts.length || INDEX.scores;
    var tab = document.querySelector('.tab[data-view="charts"]');
    if (!has) return;
    tab.hidden = false;
    if (!INDEX.scores) tab.textContent = "Charts";
    var box = $("scores");
    if (INDEX.scores) {
      box.appendChild(el("h2", null, "Scores (" + fmt(INDEX.scores.documents) + " documents)"));
      box.appendChild(scoreTable("all PHI", INDEX.scores));
      box.appendChild(scoreTable("HIPAA subset", INDEX.scores.hipaa));
      box.appendChild(el("h2", null, "Spans per label"));
      box.appendChild(labelTable());
    }
    var cbox = $("charts");
    INDEX.charts.forEach(function (c) {
      var fig = el("figure", "chart");
      var img = el("img");
      img.src = c.src;
      img.alt = c.title;
      fig.appendChild(img);
      fig.appendChild(el("figcaption", null, c.title));
      cbox.appendChild(fig);
    });
  }

  function showView(name) {
    document.querySelectorAll(".tab").forEach(function (t) {
      var on = t.dataset.view === name;
      t.classList.toggle("active", on);
      t.setAttribute("aria-selected", on ? "true" : "false");
    });
    $("docs-view").hidden = name !== "docs";
    $("charts-view").hidden = name !== "charts";
  }

  /* ------------------------------------------------------------- start-up */
  function start() {
    document.title = INDEX.title;
    $("title").textContent = INDEX.title;
    var total = 0;
    INDEX.table.forEach(function (r) { total += INDEX.evaluate ? (r.gold || 0) : (r.shown || 0); });
    var what = INDEX.evaluate ? "gold spans compared with found spans"
      : INDEX.original ? "spans" : "replaced places";
    $("subtitle").textContent = fmt(DOCS.length) + " documents · " + fmt(total) + " " + what;
    var badge = $("phi-badge");
    if (INDEX.original) { badge.textContent = "contains original text"; badge.className = "badge phi"; badge.title = "This folder holds the original notes: treat it as PHI."; }
    else { badge.textContent = "de-identified text only"; badge.className = "badge safe"; }
    $("foot-version").textContent = "phisift " + INDEX.version + " · static page, nothing leaves this computer";
    if (INDEX.evaluate) $("pane-original-title").textContent = "Original · gold vs found";
    $("pane-original").hidden = !INDEX.original;
    $("pane-deid").hidden = !INDEX.deid;
    if (!(INDEX.original && INDEX.deid)) $("panes").classList.add("single");

    buildSidebar();
    buildCharts();

    $("search").addEventListener("input", onSearch);
    $("doclist").addEventListener("click", function (ev) {
      var li = ev.target.closest(".doc-item[data-pos]");
      if (li) select(Number(li.dataset.pos));
    });
    $("page-prev").addEventListener("click", function () { if (state.page > 0) select((state.page - 1) * PAGE); });
    $("page-next").addEventListener("click", function () { select(Math.min(state.view.length - 1, (state.page + 1) * PAGE)); });
    $("doc-prev").addEventListener("click", function () { select(state.pos - 1); });
    $("doc-next").addEventListener("click", function () { select(state.pos + 1); });
    document.querySelectorAll(".tab").forEach(function (t) { t.addEventListener("click", function () { showView(t.dataset.view); }); });
    ["text-original", "text-deid"].forEach(function (id) {
      var box = $(id);
      box.addEventListener("mouseover", function (ev) { linkPeers(ev, true); });
      box.addEventListener("mouseout", function (ev) { linkPeers(ev, false); });
      box.addEventListener("click", function (ev) { linkPeers(ev, true); });
    });
    document.addEventListener("keydown", function (ev) {
      if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
      var typing = ev.target && (ev.target.tagName === "INPUT" || ev.target.tagName === "TEXTAREA");
      if (typing) {
        if (ev.key === "Escape") ev.target.blur();
        else if (ev.key === "Enter") { ev.target.blur(); }
        return;
      }
      if (ev.key === "/") { ev.preventDefault(); $("search").focus(); $("search").select(); }
      else if (ev.key === "j" || ev.key === "ArrowDown" || ev.key === "ArrowRight") { ev.preventDefault(); select(state.pos + 1); }
      else if (ev.key === "k" || ev.key === "ArrowUp" || ev.key === "ArrowLeft") { ev.preventDefault(); select(state.pos - 1); }
    });

    var m = /^#doc=(.*)$/.exec(location.hash), want = null;
    if (m) { try { want = decodeURIComponent(m[1]); } catch (e) { want = null; } }
    refilter();
    if (want !== null) {
      var at = state.view.findIndex(function (i) { return DOCS[i].n === want; });
      if (at > 0) select(at);
    }
    document.body.dataset.ready = "1";
  }

  start();
})();
