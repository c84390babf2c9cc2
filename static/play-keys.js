/* Play by keyboard and screen reader on the game pages (#table, #game, #learn, #puzzle), which htmx
   replaces whole after every move:
   - the focus: after the player's own action it goes to the next decision the page marks
     with data-next (its first control), else back to the control pressed when the new page
     still has it (first, when it is marked data-stay: Rotate, pressed again and again), else to the page's status line (data-focus-anchor); a bot's move, a pushed
     move or a timer poll never moves it (the same control is focused again, without scrolling);
   - the building's grid (table[role=grid]) is one Tab stop: arrow keys, Home and End move
     between its cells (a roving tabindex, set here so that the page without script keeps
     plain links);
   - the page's live regions (#say, polite, and #say-now, assertive: in base.html, never
     swapped) receive the new sentences of each version of the page: the moves since the last
     one said ([data-news] [data-seq], worded by the server in the page's language), the turn
     line when it changes (assertive when the player's own move begins) and the score. */
(function () {
  "use strict";
  var ROOTS = "#table, #game, #learn, #puzzle";
  var CONTROLS = "a[href], button:not([disabled]), input:not([type=hidden]):not([disabled])," +
    " select:not([disabled]), textarea, summary, [tabindex]:not([tabindex='-1']), [data-cell]";
  var KEEP = 5; /* sentences kept in the polite region */
  var pressed = null; /* the key of the control of the player's own request, while it runs */
  var held = null; /* the key of the focused control when a poll's answer replaces it */
  var heldInside = false;
  var heard = {seq: null, turn: null, score: null, mine: null};

  function isPoll(el) {
    return !!(el && el.hasAttribute && (el.hasAttribute("data-push") ||
      el.hasAttribute("data-push-frame") || el.classList.contains("poll") ||
      el.classList.contains("poller")));
  }

  /* A name for a control that survives a swap: the same move, link or field in the new page. */
  function keyOf(el) {
    if (!el || el === document.body || !el.getAttribute) return null;
    if (el.getAttribute("data-cell")) return "cell:" + el.getAttribute("data-cell");
    if (el.getAttribute("data-key")) return "key:" + el.getAttribute("data-key");
    if (el.id) return "#" + el.id;
    var form = el.closest && el.closest("form");
    var text = (el.textContent || "").trim();
    if (form && (el.tagName === "BUTTON" || el.tagName === "INPUT")) {
      var move = form.querySelector("input[name=action]");
      if (move) return "move:" + move.value;
      if (el.name) return "field:" + el.name + ":" + (el.value || "");
      return "form:" + form.getAttribute("action") + ":" + text;
    }
    if (el.tagName === "A") return "link:" + el.getAttribute("href");
    if (el.tagName === "SUMMARY") return "summary:" + text;
    return null;
  }

  function byKey(root, key) {
    if (!key) return null;
    var all = root.querySelectorAll(CONTROLS);
    for (var i = 0; i < all.length; i++) {
      if (keyOf(all[i]) === key && visible(all[i])) return all[i];
    }
    return null;
  }

  function visible(el) {
    if (el.hasAttribute("data-cell")) return true; /* tabindex -1 cells are still reachable */
    return !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  }

  /* The first control of the element the page marks as the next decision. */
  function nextDecision(root) {
    var marks = root.querySelectorAll("[data-next]");
    for (var i = 0; i < marks.length; i++) {
      var mark = marks[i];
      if (mark.getAttribute("role") === "grid") {
        var cell = mark.querySelector("[data-cell][tabindex='0']") || mark.querySelector("[data-cell]");
        if (cell) return cell;
      }
      if (mark.matches(CONTROLS) && visible(mark)) return mark;
      var inner = mark.querySelectorAll(CONTROLS);
      for (var j = 0; j < inner.length; j++) if (visible(inner[j])) return inner[j];
    }
    return null;
  }

  function anchor(root) {
    return root.querySelector("[data-focus-anchor]") || root;
  }

  function focus(el, scroll) {
    if (!el) return;
    if (!el.hasAttribute("tabindex") && !el.matches(CONTROLS)) el.setAttribute("tabindex", "-1");
    el.focus({preventScroll: !scroll});
  }

  /* ---------------------------------------------------------------- the grid of the sheet */
  function cellsOf(grid) {
    var rows = [];
    grid.querySelectorAll("tr").forEach(function (tr) {
      var row = Array.prototype.slice.call(tr.querySelectorAll("[data-cell]"));
      if (row.length) rows.push(row);
    });
    return rows;
  }

  function roving(root) {
    root.querySelectorAll("table[role=grid]").forEach(function (grid) {
      var all = grid.querySelectorAll("[data-cell]");
      if (!all.length) return;
      var entry = grid.querySelector("[data-cell][data-entry]") || all[all.length - 1];
      all.forEach(function (c) { c.setAttribute("tabindex", c === entry ? "0" : "-1"); });
    });
  }

  document.addEventListener("keydown", function (e) {
    var el = e.target;
    if (!el || !el.hasAttribute || !el.hasAttribute("data-cell")) return;
    var grid = el.closest("table[role=grid]");
    if (!grid || e.altKey || e.metaKey) return;
    if (e.key === " " && el.tagName === "A") { e.preventDefault(); el.click(); return; }
    var rows = cellsOf(grid), r = -1, c = -1;
    for (var i = 0; i < rows.length && r < 0; i++) {
      var j = rows[i].indexOf(el);
      if (j >= 0) { r = i; c = j; }
    }
    if (r < 0) return;
    var last = rows.length - 1;
    switch (e.key) {
      case "ArrowUp": r = Math.max(0, r - 1); break;
      case "ArrowDown": r = Math.min(last, r + 1); break;
      case "ArrowLeft": c = Math.max(0, c - 1); break;
      case "ArrowRight": c = Math.min(rows[r].length - 1, c + 1); break;
      case "Home": c = 0; if (e.ctrlKey) r = last; break;
      case "End": c = rows[r].length - 1; if (e.ctrlKey) r = 0; break;
      case "PageUp": r = 0; break;
      case "PageDown": r = last; break;
      default: return;
    }
    e.preventDefault();
    var to = rows[r][Math.min(c, rows[r].length - 1)];
    if (to === el) return;
    el.setAttribute("tabindex", "-1");
    to.setAttribute("tabindex", "0");
    to.focus();
  });

  /* ---------------------------------------------------------------------- what is said */
  function say(text, now) {
    if (!text) return;
    var region = document.getElementById(now ? "say-now" : "say");
    if (!region) return;
    if (now) { region.textContent = text; return; }
    var p = document.createElement("p");
    p.textContent = text;
    region.appendChild(p);
    while (region.childNodes.length > KEEP) region.removeChild(region.firstChild);
  }

  function listen(root, quiet) {
    var news = root.querySelector("[data-news]");
    if (!news) return;
    var items = news.querySelectorAll("[data-seq]");
    var top = heard.seq === null ? -1 : heard.seq;
    var fresh = [];
    items.forEach(function (item) {
      var seq = parseInt(item.getAttribute("data-seq"), 10);
      if (heard.seq !== null && seq > heard.seq) fresh.push(item.textContent.trim());
      if (seq > top) top = seq;
    });
    heard.seq = top;
    var turn = news.getAttribute("data-turn") || "";
    var score = news.getAttribute("data-score") || "";
    var mine = root.getAttribute("data-my-move") === "1";
    if (!quiet) {
      var urgent = document.getElementById("say-now"); /* said before: not left to be read again */
      if (urgent && (fresh.length || turn !== heard.turn)) urgent.textContent = "";
      fresh.slice(-3).forEach(function (line) { say(line, false); });
      if (mine && heard.mine === false) say(news.getAttribute("data-your-move") || turn, true);
      else if (turn !== heard.turn) say(turn, false);
      if (score !== heard.score) say(score, false);
    }
    heard.turn = turn;
    heard.score = score;
    heard.mine = mine;
  }

  /* --------------------------------------------------------------- htmx's page swaps */
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (isPoll(e.detail.elt)) return;
    var active = document.activeElement;
    pressed = keyOf(active) || keyOf(e.detail.elt) || "";
  });

  document.addEventListener("htmx:beforeSwap", function (e) {
    var target = e.detail.target, active = document.activeElement;
    heldInside = !!(target && active && active !== document.body && target.contains(active));
    held = heldInside ? keyOf(active) : null;
  });

  document.addEventListener("htmx:afterSettle", function (e) {
    roving(document); /* every sheet's grid: the replay's and the others' sheets too */
    var root = document.querySelector(ROOTS);
    if (!root) return;
    var mine = pressed !== null && !isPoll(e.detail.elt);
    listen(root, false);
    var active = document.activeElement;
    var lost = !active || active === document.body || !document.contains(active);
    if (mine) {
      var key = pressed;
      pressed = null;
      var again = byKey(root, key);
      var stay = again && again.hasAttribute("data-stay") ? again : null;
      focus(stay || nextDecision(root) || again || anchor(root), true);
    } else if (lost && heldInside) {
      focus(byKey(root, held) || anchor(root), false);
    }
    held = null;
    heldInside = false;
  });

  /* A refused request swaps nothing: the player's control keeps the focus. */
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail && e.detail.failed && !isPoll(e.detail.elt)) pressed = null;
  });

  function start() {
    roving(document);
    var root = document.querySelector(ROOTS);
    if (root) listen(root, true);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
