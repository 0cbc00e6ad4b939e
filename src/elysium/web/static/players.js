(function () {
  var body = document.body, board = document.getElementById("board");
  var lang = body.dataset.lang, version = body.dataset.version;
  var key = encodeURIComponent(body.dataset.key || "");
  function next() {
    fetch("/board?after=" + version + "&lang=" + lang + "&key=" + key, {cache: "no-store"})
      .then(function (r) { if (!r.ok) throw r; return r.json(); })
      .then(function (d) {
        body.classList.remove("stale");
        if (d.version !== Number(version)) {
          version = String(d.version);
          var open = Array.prototype.map.call(  // a sheet open stays open as the board changes
            board.querySelectorAll("details[open]"), function (x) { return x.dataset.sheet; });
          board.innerHTML = d.html;
          board.querySelectorAll("details").forEach(function (x) {
            if (open.indexOf(x.dataset.sheet) >= 0) x.open = true;
          });
          if (d.title) document.title = d.title;
        }
        next();
      })
      .catch(function () { body.classList.add("stale"); setTimeout(next, 2000); });
  }
  next();
})();
