/* Small helpers for every page (the pages work without them): the service worker, a banner
   while the connection is down (when it returns the page catches up by itself), and how a
   refused htmx request (4xx) is shown. No page has inline script: the Content-Security-Policy
   forbids it, so every behaviour lives in files like this one. */
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
  /* A refusal (4xx) that carries the element it was meant to replace (the table with its
     message, the replay, the print form, the dice panel) is swapped in like any answer; any
     other refusal is shown in the page's #flash box (the card edition) above the game. */
  document.addEventListener("htmx:beforeSwap", function (e) {
    var xhr = e.detail.xhr, target = e.detail.target;
    if (!xhr || xhr.status < 400 || xhr.status >= 500) return;
    var body = xhr.responseText || "";
    if (target && target.id && body.indexOf('id="' + target.id + '"') >= 0) {
      e.detail.shouldSwap = true;
      e.detail.isError = false;
      return;
    }
    var flash = document.getElementById("flash");
    if (flash) {
      flash.innerHTML = body;
      flash.scrollIntoView({block: "nearest"});
      e.detail.shouldSwap = false;
    }
  });
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
