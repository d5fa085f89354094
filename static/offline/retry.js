/* "This needs the network": the question is this page's address; asked again when back online. */
(function () {
  "use strict";
  var question = document.getElementById("offline-question");
  if (question) question.textContent = location.pathname + location.search;
  var retry = document.getElementById("offline-retry");
  if (retry) retry.addEventListener("click", function () { location.reload(); });
  window.addEventListener("online", function () { location.reload(); });
})();
