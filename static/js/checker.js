/* Checker pages: a link that leaves out the defaults, a Share control, Edit opens the form.
   Progressive enhancement: without this script the form and the link still work. */
(function () {
  "use strict";
  document.querySelectorAll("form.checker-form").forEach(function (form) {
    form.addEventListener("submit", function () {
      // Leave fields at their default out of the URL: the server fills them in again.
      form.querySelectorAll("[data-default]").forEach(function (input) {
        if (input.value === input.getAttribute("data-default")) input.disabled = true;
      });
      form.querySelectorAll("input, select, textarea").forEach(function (input) {
        if (!input.disabled && input.name && input.value === "" && input.type !== "checkbox") input.disabled = true;
      });
      if (!form.querySelector("[name]:not(:disabled)")) {
        var first = form.querySelector("[name][data-default]");
        if (first) first.disabled = false;
      }
    });
  });
  document.querySelectorAll("[data-open]").forEach(function (link) {
    link.addEventListener("click", function () {
      var target = document.getElementById(link.getAttribute("data-open"));
      if (target) target.open = true;
    });
  });
  document.querySelectorAll("a[data-share]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      var url = link.href;
      if (navigator.share && window.matchMedia("(pointer: coarse)").matches) {
        event.preventDefault();
        navigator.share({ title: link.getAttribute("data-title") || document.title, url: url }).catch(function () {});
        return;
      }
      if (navigator.clipboard && window.isSecureContext) {
        event.preventDefault();
        navigator.clipboard.writeText(url).then(function () {
          link.setAttribute("data-state", "copied");
          link.textContent = link.getAttribute("data-copied");
        });
      }
    });
  });
  var summary = document.getElementById("error-summary");
  if (summary) summary.focus();
})();
