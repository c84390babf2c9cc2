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
   When the page becomes visible again (a phone woken from sleep) it catches up at once, and
   after more than a moment hidden it opens its stream anew (asleep, the connection may have
   died without the browser noticing).
   Without EventSource, or without JavaScript, the page polls as it always did. */
(function () {
  "use strict";
  if (!window.EventSource) return;
  /* latest: the newest move the stream told of; askedAt: `latest` when the page last asked for
     its view (a move is asked for once, even if the answer somehow shows an older one);
     stale: something besides a move changed (a seat taken), or the page woke: look again */
  var source = null, url = null, live = false, latest = -1, askedAt = -1, stale = false;
  var asking = false, sent = false;
  var note = null, noteTimer = null, retryTimer = null, hiddenAt = null;
  var NOTE_AFTER = 1500; /* ms a drop lasts before the page says so (no flicker on a blip) */
  /* ms hidden after which the stream is opened anew on return: a phone asleep may have lost
     its connection without the browser noticing (no error comes, the poll stays silent) */
  var HIDDEN_RECONNECT = 2000;

  function poller() { return document.querySelector("[data-push]"); }
  function shown() {
    var el = document.querySelector("[data-push], [data-push-frame]");
    var n = el ? parseInt(el.getAttribute("data-seq"), 10) : NaN;
    return isNaN(n) ? -1 : n;
  }

  function say(down) {
    document.documentElement.setAttribute("data-push-state", down ? "down" : "live");
    if (!down) {
      clearTimeout(noteTimer);
      noteTimer = null;
      if (note) note.hidden = true;
      return;
    }
    /* counted from the drop: the browser's retries (an error each second while the server
       cannot be reached) must not put the note off again and again */
    if (noteTimer !== null) return;
    noteTimer = setTimeout(function () {
      noteTimer = null;
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

  /* Ask for the view when the stream told of a move the page does not show yet, or something
     else changed. Not while a request is out: its answer (often the move itself: the stream
     tells the phone that made a move before the answer reaches it) checks again. */
  function check() {
    var el = poller();
    var behind = latest > shown() && latest > askedAt;
    if (!el || !window.htmx || !(stale || behind)) return;
    if (document.querySelector(".htmx-request")) return;
    asking = true;
    sent = false;
    window.htmx.trigger(el, "push"); /* htmx sends at once, or not at all: */
    asking = false;
    /* an element just swapped in is not htmx's yet until its swap settles; then we look again */
    if (!sent) return;
    stale = false;
    askedAt = latest;
  }

  function connect(again) {
    var el = poller();
    if (!el) return; /* a frame of the bots' moves: the stream stays as it is */
    var where = el.getAttribute("data-push");
    if (source && where === url && !again && source.readyState !== 2) return;
    if (where !== url) latest = askedAt = -1;
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
      check();
    });
    source.addEventListener("table", function () {
      stale = true;
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
    if (asking) {
      sent = true;
      return;
    }
    if (live) e.preventDefault();
  });
  document.addEventListener("htmx:afterRequest", function () { check(); });
  document.addEventListener("htmx:load", function () { check(); });
  document.addEventListener("htmx:afterSettle", function () {
    connect(false);
    check();
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") {
      if (hiddenAt === null) hiddenAt = Date.now();
      return;
    }
    var away = hiddenAt === null ? 0 : Date.now() - hiddenAt;
    hiddenAt = null;
    if (!poller()) return;
    stale = true; /* look now: moves made while hidden show at once, not at the next timer */
    if (!source || source.readyState === 2 || !live || away >= HIDDEN_RECONNECT) connect(true);
    check();
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { connect(false); });
  } else {
    connect(false);
  }
})();
