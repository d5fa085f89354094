// The section page's permalink: select on focus, a copy button where the clipboard works.
(function () {
  var field = document.getElementById("permalink");
  var button = document.getElementById("copy-permalink");
  field.addEventListener("focus", function () { field.select(); });
  if (!navigator.clipboard) { return; }
  button.hidden = false;
  button.addEventListener("click", function () {
    navigator.clipboard.writeText(field.value).then(function () {
      button.textContent = button.dataset.copied;
    }, function () { field.focus(); });
  });
})();
