/* Loads htmx: the pinned copy from its CDN when it answers within a few seconds, else the very
   same copy from this app (static/vendor/, same integrity hash), so that a table without
   internet still gets live updates. One copy only ever runs: the CDN is asked with fetch()
   first (cancelled after TIMEOUT ms), and the script element is added once the answer is
   known. The page works without htmx meanwhile (plain links and forms).
   htmx starts itself on DOMContentLoaded, or at once when the document is complete; a copy
   that arrives in between would wait for an event that has passed, so the element is added
   only before DOMContentLoaded is possible (never: this runs async) or once the page has
   loaded. */
(function () {
  "use strict";
  var me = document.currentScript;
  if (!me || window.htmx) return;
  var cdn = me.getAttribute("data-cdn");
  var local = me.getAttribute("data-local");
  var integrity = me.getAttribute("data-integrity") || "";
  var TIMEOUT = 4000;

  function whenLoaded(fn) {
    if (document.readyState === "complete") fn();
    else window.addEventListener("load", fn, {once: true});
  }

  function add(src, crossOrigin) {
    var s = document.createElement("script");
    s.src = src;
    if (integrity) s.integrity = integrity;
    if (crossOrigin) s.crossOrigin = "anonymous";
    document.head.appendChild(s);
    return s;
  }

  function fallback() {
    if (window.htmx || document.documentElement.hasAttribute("data-htmx-local")) return;
    document.documentElement.setAttribute("data-htmx-local", "");
    whenLoaded(function () { add(local, false); });
  }

  if (!cdn || cdn === local || !window.fetch || !window.AbortController) {
    if (cdn && cdn !== local) {
      whenLoaded(function () { add(cdn, true).addEventListener("error", fallback); });
    } else {
      whenLoaded(function () { add(local, false); });
    }
    return;
  }
  var stop = new AbortController();
  var timer = setTimeout(function () { stop.abort(); }, TIMEOUT);
  fetch(cdn, {mode: "cors", credentials: "omit", integrity: integrity, signal: stop.signal})
    .then(function (resp) {
      clearTimeout(timer);
      if (!resp.ok) throw new Error("htmx CDN answered " + resp.status);
      whenLoaded(function () {  /* now in the browser's cache: it runs at once */
        add(cdn, true).addEventListener("error", fallback);
      });
    })
    .catch(function () { clearTimeout(timer); fallback(); });
})();
