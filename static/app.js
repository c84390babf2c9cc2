/* Small helpers for every page (the pages work without them): the service worker, and a
   banner while the connection is down; when it returns the page catches up by itself. */
(function () {
  "use strict";
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch(function () {});
  }
  var banner = null;
  function offline() {
    if (!banner) banner = document.getElementById("offline-banner");
    if (banner && banner.hidden) {
      banner.hidden = false;
      document.documentElement.classList.add("is-offline");
    }
  }
  function online() {
    if (!banner) banner = document.getElementById("offline-banner");
    if (banner && !banner.hidden) {
      banner.hidden = true;
      document.documentElement.classList.remove("is-offline");
      window.location.reload(); /* catch up with every move made meanwhile */
    }
  }
  window.addEventListener("offline", offline);
  window.addEventListener("online", online);
  document.addEventListener("htmx:sendError", offline);
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail && e.detail.xhr && e.detail.xhr.status > 0 && navigator.onLine) online();
  });
  document.addEventListener("DOMContentLoaded", function () {
    if (!navigator.onLine) offline();
    /* copy buttons (hidden without JavaScript: the text can still be selected by hand) */
    document.querySelectorAll("[data-copy]").forEach(function (button) {
      var source = document.getElementById(button.getAttribute("data-copy"));
      if (!source || !navigator.clipboard) return;
      button.hidden = false;
      button.addEventListener("click", function () {
        navigator.clipboard.writeText(source.value || source.textContent).then(function () {
          button.classList.add("done");
        }).catch(function () { source.select(); });
      });
    });
  });
})();
