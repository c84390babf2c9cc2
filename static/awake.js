/* During a game (the table and card pages): keep the screen awake (Wake Lock API, where the
   browser has it) and give a short vibration when it becomes this phone's turn or pick. Each
   has an off switch (the checkboxes of .screen-options, shown only with JavaScript), remembered
   in localStorage. The page says whether this phone has a move to make in `data-my-move` on
   its game element (#table, #game), which htmx swaps as the game goes on. */
(function () {
  "use strict";
  var KEYS = {awake: "copenhagen.awake", buzz: "copenhagen.vibrate"};
  var lock = null;

  function on(name) {
    try { return window.localStorage.getItem(KEYS[name]) !== "off"; } catch (e) { return true; }
  }
  function remember(name, value) {
    try { window.localStorage.setItem(KEYS[name], value ? "on" : "off"); } catch (e) { /* private mode */ }
  }
  function gameOver() {
    var game = document.querySelector("[data-my-move]");
    return !game || game.getAttribute("data-over") === "1";
  }
  function keepAwake() {
    if (!("wakeLock" in navigator) || !on("awake") || lock || gameOver()
        || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      l.addEventListener("release", function () { lock = null; });
    }).catch(function () { lock = null; });
  }
  function letSleep() {
    if (lock) { lock.release().catch(function () {}); lock = null; }
  }
  var myMove = null;
  function checkTurn() {
    var game = document.querySelector("[data-my-move]");
    var now = game ? game.getAttribute("data-my-move") === "1" : false;
    if (myMove === false && now && on("buzz") && "vibrate" in navigator) navigator.vibrate(200);
    myMove = now;
    if (gameOver()) letSleep(); else keepAwake();
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".screen-options input[data-option]").forEach(function (box) {
      var name = box.getAttribute("data-option");
      if (name === "awake" && !("wakeLock" in navigator)) return;
      if (name === "buzz" && !("vibrate" in navigator)) return;
      box.checked = on(name);
      box.closest("label").hidden = false;
      box.closest(".screen-options").hidden = false;
      box.addEventListener("change", function () {
        remember(name, box.checked);
        if (name === "awake") { if (box.checked) keepAwake(); else letSleep(); }
      });
    });
    checkTurn();
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") keepAwake();
  });
  document.addEventListener("htmx:afterSettle", checkTurn);
})();
