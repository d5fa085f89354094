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
  // Steppers: a − and a + beside each number field, 44 px, for thumbs at the table.
  document.querySelectorAll("form.checker-form input[type=number]").forEach(function (input) {
    var wrap = document.createElement("span");
    wrap.className = "stepper";
    input.parentNode.insertBefore(wrap, input);
    [["−", "stepDown", "-1"], ["+", "stepUp", "+1"]].forEach(function (spec, index) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "secondary step";
      button.textContent = spec[0];
      button.setAttribute("aria-label", (input.labels[0] ? input.labels[0].textContent : input.name) + " " + spec[2]);
      button.addEventListener("click", function () {
        if (input.value === "" && input.getAttribute("data-default")) input.value = input.getAttribute("data-default");
        try { input[spec[1]](); } catch (e) { return; }
        input.dispatchEvent(new Event("change", { bubbles: true }));
      });
      if (index === 0) wrap.appendChild(button);
      else { wrap.appendChild(input); wrap.appendChild(button); }
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
