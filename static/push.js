/* Moves arrive at once: the game's push stream (Server-Sent Events, /push/<CODE>) wakes the
   page's existing htmx refresh (its poll element, which answers with the fresh fragment or a
   frame of the bots' moves). Our own few lines on the browser's EventSource rather than
   htmx's SSE extension: the stream carries no HTML (only move numbers: every page asks for
   its own view, a hand stays private), and the refresh it triggers is the poll htmx already
   does; one more vendored file with its CDN fallback would add a load for nothing.

   The poll element says where the stream is (`data-push`) and which move the page shows
   (`data-seq`). While the stream is live the poll's timer sends nothing; when it drops (or a
   proxy buffers it: no `ready` event comes through) the timer polls as before, and a small
   note says it is reconnecting. The stream resumes after the last move it gave
   (`?after=N`; the browser's own reconnect sends Last-Event-ID), so no move is skipped.
   When the page becomes visible again (a phone woken from sleep) it catches up at once.
   Without EventSource, or without JavaScript, the page polls as it always did. */
(function () {
  "use strict";
  if (!window.EventSource) return;
  var source = null, url = null, live = false, latest = -1, dirty = false, asked = false;
  var note = null, noteTimer = null, retryTimer = null;
  var NOTE_AFTER = 1500; /* ms a drop lasts before the page says so (no flicker on a blip) */

  function poller() { return document.querySelector("[data-push]"); }
  function shown() {
    var el = document.querySelector("[data-push], [data-push-frame]");
    var n = el ? parseInt(el.getAttribute("data-seq"), 10) : NaN;
    return isNaN(n) ? -1 : n;
  }

  function say(down) {
    document.documentElement.setAttribute("data-push-state", down ? "down" : "live");
    clearTimeout(noteTimer);
    if (!down) {
      if (note) note.hidden = true;
      return;
    }
    noteTimer = setTimeout(function () {
      var el = poller();
      if (!el || live) return;
      if (!note) {
        note = document.createElement("p");
        note.className = "push-note";
        note.setAttribute("role", "status");
        document.body.appendChild(note);
      }
      note.textContent = el.getAttribute("data-push-down") || "";
      note.hidden = false;
    }, NOTE_AFTER);
  }

  function check() {
    var el = poller();
    if (!el || !window.htmx || !dirty) return;
    if (document.querySelector(".htmx-request")) return; /* its answer checks again */
    dirty = false;
    asked = true;
    window.htmx.trigger(el, "push");
  }

  function connect(again) {
    var el = poller();
    if (!el) return; /* a frame of the bots' moves: the stream stays as it is */
    var where = el.getAttribute("data-push");
    if (source && where === url && !again && source.readyState !== 2) return;
    if (where !== url) latest = -1;
    if (source) source.close();
    clearTimeout(retryTimer);
    url = where;
    live = false;
    source = new EventSource(where + "?after=" + Math.max(latest, shown()));
    source.addEventListener("ready", function () {
      live = true;
      say(false);
      check();
    });
    source.addEventListener("move", function (e) {
      var n = parseInt(e.lastEventId || e.data, 10);
      if (n > latest) latest = n;
      if (n > shown()) {
        dirty = true;
        check();
      }
    });
    source.addEventListener("table", function () {
      dirty = true;
      check();
    });
    source.addEventListener("error", function () {
      live = false;
      say(true);
      if (source.readyState === 2) { /* the browser gave up (a 5xx, a 404): try later */
        retryTimer = setTimeout(function () { connect(true); }, 5000);
      }
    });
  }

  /* While the stream is live the poll's timer sends nothing; pushes and catch-ups pass. */
  document.addEventListener("htmx:beforeRequest", function (e) {
    var el = e.detail.elt;
    if (!el || !el.hasAttribute || !el.hasAttribute("data-push")) return;
    if (asked) {
      asked = false;
      return;
    }
    if (live) e.preventDefault();
  });
  document.addEventListener("htmx:afterRequest", function () { check(); });
  document.addEventListener("htmx:load", function () { check(); });
  document.addEventListener("htmx:afterSettle", function () {
    if (latest > shown()) dirty = true;
    connect(false);
    check();
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible" || !poller()) return;
    dirty = true; /* asleep, the stream may have died unnoticed: look now */
    if (!source || source.readyState === 2 || !live) connect(true);
    check();
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { connect(false); });
  } else {
    connect(false);
  }
})();
