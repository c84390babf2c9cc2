/* Loads htmx: the pinned copy from its CDN when it answers within a few seconds, else the very
   same copy from this app (static/vendor/, same integrity hash), so that a table without
   internet still gets live updates. One copy only ever runs: the CDN is asked with fetch()
   first (cancelled after TIMEOUT ms), and the script element is added once the answer is
   known. The page works without htmx meanwhile (plain links and forms). */
(function () {
  "use strict";
  var me = document.currentScript;
  if (!me || window.htmx) return;
  var cdn = me.getAttribute("data-cdn");
  var local = me.getAttribute("data-local");
  var integrity = me.getAttribute("data-integrity") || "";
  var TIMEOUT = 4000;

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
    add(local, false);
  }

  if (!cdn || cdn === local || !window.fetch || !window.AbortController) {
    if (cdn && cdn !== local) add(cdn, true).addEventListener("error", fallback);
    else fallback();
    return;
  }
  var stop = new AbortController();
  var timer = setTimeout(function () { stop.abort(); }, TIMEOUT);
  fetch(cdn, {mode: "cors", credentials: "omit", integrity: integrity, signal: stop.signal})
    .then(function (resp) {
      clearTimeout(timer);
      if (!resp.ok) throw new Error("htmx CDN answered " + resp.status);
      var s = add(cdn, true);  /* now in the browser's cache: it runs at once */
      s.addEventListener("error", fallback);
    })
    .catch(function () { clearTimeout(timer); fallback(); });
})();
