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
          version = String(d.version); board.innerHTML = d.html;
          if (d.title) document.title = d.title;
        }
        next();
      })
      .catch(function () { body.classList.add("stale"); setTimeout(next, 2000); });
  }
  next();
})();
