/* The device page (/s/device): the QR code's link carries the code in its fragment, which
   browsers never send to the server (so no request log holds it); this copies it into the
   form and takes it out of the address bar. Without JavaScript the code is typed in. */
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var code = decodeURIComponent(window.location.hash.slice(1));
    var field = document.getElementById("device-code");
    if (field && /^[A-Za-z0-9-]{20,40}$/.test(code)) {
      field.value = code;
      history.replaceState(null, "", window.location.pathname);
    }
  });
})();
