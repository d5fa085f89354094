// Progressive enhancement of the move form: show only the fields the chosen kind uses.
// Without JavaScript every field stays visible and the server ignores the unused ones.
(function () {
  "use strict";
  var FIELDS = {
    army: ["die", "origin", "to", "nation", "regular", "elite", "leaders", "nazgul", "characters"],
    attack: ["die", "origin", "to", "nation", "regular", "elite", "leaders", "nazgul", "characters"],
    muster: ["die", "to", "nation", "regular", "elite", "leaders", "nazgul", "characters"],
    politics: ["die", "nation"],
    character: ["die", "to", "characters"],
    nazgul: ["die", "origin", "to", "count", "characters"],
    fellowship: ["die"],
    hide: ["die"],
    declare: ["to", "path", "enter_mordor"],
    reveal: ["to", "path"],
    separate: ["die", "to", "characters", "guide"],
    guide: ["guide"],
    rejoin: ["characters"],
    faction: ["die", "origin", "to", "count", "faction", "action"],
    faction_hand: ["cards", "team_game"]
  };
  var kind = document.getElementById("id_move-kind");
  if (!kind) { return; }
  function update() {
    var wanted = FIELDS[kind.value] || [];
    document.querySelectorAll(".move-form .field").forEach(function (box) {
      var name = (box.className.match(/field-([a-z_]+)/) || [])[1];
      if (!name || name === "kind") { return; }
      box.hidden = wanted.indexOf(name) < 0;
    });
  }
  kind.addEventListener("change", update);
  update();
}());

// The table editor by thumb: a − and a + (44 px) on each side of its number fields, as the
// checker forms have; typing a number still works, and without JavaScript the field is as it was.
(function () {
  "use strict";
  function stepper(input, sign, name) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "secondary step";
    button.textContent = sign > 0 ? "+" : "−";
    button.setAttribute("aria-label", name + (sign > 0 ? " +1" : " −1"));
    button.addEventListener("click", function () {
      var value = (parseInt(input.value, 10) || 0) + sign;
      var low = input.min === "" ? -Infinity : Number(input.min);
      var high = input.max === "" ? Infinity : Number(input.max);
      input.value = String(Math.min(high, Math.max(low, value)));
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    return button;
  }
  document.querySelectorAll("#moves-form input[type=number]").forEach(function (input) {
    var name = input.labels && input.labels.length ? input.labels[0].textContent.replace(/:\s*$/, "") : input.name;
    var box = document.createElement("span");
    box.className = "stepper";
    input.replaceWith(box);
    box.append(stepper(input, -1, name), input, stepper(input, 1, name));
  });
}());
