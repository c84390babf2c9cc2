/* Turn-based tables: the count of games waiting for your move on the installed app's icon
   (Badging API, where the browser has it); after this device's first move in a turn-based
   game, the offer to be notified when it is your move (never asked on page load: the browser's
   question comes only when the player presses the button); on My games, this device's
   notifications (all, only my move, none) and unsubscribing. The service worker (sw.js) shows
   the notifications. */
(function () {
  "use strict";

  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; }
    catch (e) { return ""; }
  }

  function keyBytes(text) {
    const pad = "=".repeat((4 - (text.length % 4)) % 4);
    const raw = atob((text + pad).replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(raw, (c) => c.charCodeAt(0));
  }

  function pushable() {
    return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  }

  function ios() {
    return /iPhone|iPad|iPod/.test(navigator.userAgent) && !navigator.standalone;
  }

  function save(sub, level) {
    const body = Object.assign({}, sub.toJSON());
    if (level) body.level = level;
    return fetch("/me/push/subscriptions", {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrf(), "HX-Request": "true"},
      body: JSON.stringify(body),
    }).then((r) => r.json());
  }

  function current() {
    if (!pushable()) return Promise.resolve(null);
    return navigator.serviceWorker.ready.then((reg) => reg.pushManager.getSubscription());
  }

  function badge() {
    const el = document.querySelector("[data-waiting]");
    if (!el || !("setAppBadge" in navigator)) return;
    const n = parseInt(el.getAttribute("data-waiting"), 10) || 0;
    (n ? navigator.setAppBadge(n) : navigator.clearAppBadge()).catch(function () {});
  }

  function offer() {
    const box = document.querySelector(".push-offer");
    if (!box) return;
    if (ios() && !pushable()) {
      box.querySelector(".push-on").hidden = true;
      box.querySelector(".push-ios").hidden = false;
      box.hidden = false;
      return;
    }
    if (!pushable() || Notification.permission === "denied") return;
    current().then((sub) => { box.hidden = !!sub; }).catch(function () {});
  }

  function turnOn(box) {
    const said = box.querySelector(".push-said");
    Notification.requestPermission().then((answer) => {
      if (answer !== "granted") { said.textContent = box.dataset.saidNo; return null; }
      return navigator.serviceWorker.ready
        .then((reg) => reg.pushManager.subscribe({
          userVisibleOnly: true, applicationServerKey: keyBytes(box.dataset.pushKey)}))
        .then((sub) => save(sub, null))
        .then(() => { said.textContent = box.dataset.saidOn; box.querySelector(".push-on").hidden = true; });
    }).catch(() => { said.textContent = box.dataset.saidNo; });
  }

  function settings() {
    const box = document.querySelector(".push-settings");
    if (!box) return;
    current().then((sub) => {
      if (!sub) return null;
      return save(sub, null).then((answer) => {
        if (answer && answer.level) box.querySelector("#push-level").value = answer.level;
        box.hidden = false;
      });
    }).catch(function () {});
  }

  document.addEventListener("click", (event) => {
    const on = event.target.closest(".push-on");
    if (on) { turnOn(on.closest(".push-offer")); return; }
    const box = event.target.closest(".push-settings");
    if (!box) return;
    const said = box.querySelector(".push-said");
    if (event.target.closest(".push-save")) {
      current().then((sub) => sub && save(sub, box.querySelector("#push-level").value))
        .then(() => { said.textContent = box.dataset.saidSaved; });
    } else if (event.target.closest(".push-off")) {
      current().then((sub) => {
        if (!sub) return null;
        const endpoint = sub.endpoint;
        return sub.unsubscribe().then(() => fetch("/me/push/subscriptions", {
          method: "DELETE", credentials: "same-origin",
          headers: {"Content-Type": "application/json", "X-CSRFToken": csrf()},
          body: JSON.stringify({endpoint: endpoint}),
        }));
      }).then(() => { said.textContent = box.dataset.saidOff; });
    }
  });

  function ready() { badge(); offer(); settings(); }
  document.addEventListener("DOMContentLoaded", ready);
  document.addEventListener("htmx:afterSwap", () => { badge(); offer(); });
})();
