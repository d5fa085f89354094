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
