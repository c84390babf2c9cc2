// Dice only: an answer that carries the dice panel (marked X-Dice-Panel) replaces the panel
// even when it is a refusal (400) or a conflict (409), so the message and the fresh dice show.
document.addEventListener("htmx:beforeSwap", function (event) {
  var xhr = event.detail.xhr;
  if (xhr.status >= 400 && xhr.status < 500 && xhr.getResponseHeader("X-Dice-Panel") === "1") {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});
