// Swagger UI draws its server picker as a <select> without a name (axe: select-name); it is
// named here as soon as it appears.
new MutationObserver(function () {
  var picker = document.getElementById("servers");
  if (picker && !picker.hasAttribute("aria-label")) {
    picker.setAttribute("aria-label", document.body.dataset.serversLabel);
  }
}).observe(document.body, { childList: true, subtree: true });
