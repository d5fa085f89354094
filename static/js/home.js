/* The home page's battle question answered in place: the battle page is fetched for the same
   link and its headline shown under the form, with a link to the whole answer. Without this
   script the form opens the battle page itself. */
(function () {
  "use strict";
  var form = document.getElementById("home-battle");
  var out = document.getElementById("home-battle-answer");
  if (!form || !out || !window.fetch || !window.DOMParser) return;
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    // checker.js has just disabled the fields at their defaults: the link leaves them out.
    var url = form.action + "?" + new URLSearchParams(new FormData(form)).toString();
    form.querySelectorAll(":disabled").forEach(function (input) { input.disabled = false; });
    out.textContent = "";
    out.setAttribute("aria-busy", "true");
    fetch(url, { credentials: "same-origin" }).then(function (response) {
      return response.text();
    }).then(function (html) {
      var page = new DOMParser().parseFromString(html, "text/html");
      var headline = page.getElementById("headline");
      var problems = page.getElementById("error-summary");
      var shown = (headline || problems);
      var line = document.createElement("p");
      line.className = headline ? headline.className : "verdict bad";
      line.id = "home-headline";
      line.textContent = shown ? shown.textContent.replace(/\s+/g, " ").trim() : form.getAttribute("data-failed");
      var link = document.createElement("a");
      link.href = url;
      link.className = "button secondary";
      link.id = "home-battle-full";
      link.textContent = form.getAttribute("data-full");
      out.appendChild(line);
      out.appendChild(link);
    }).catch(function () {
      window.location.href = url;
    }).then(function () {
      out.removeAttribute("aria-busy");
      if (out.scrollIntoView && out.getBoundingClientRect().bottom > window.innerHeight) {
        out.scrollIntoView({ block: "end" });
      }
    });
  });
})();
