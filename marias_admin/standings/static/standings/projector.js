// Projector mode of the standings: show the table a screenful at a time, then reload for
// fresh results. Without JavaScript the page shows every row and refreshes by a meta tag.
(function () {
  "use strict";
  var body = document.querySelector("[data-projector]");
  if (!body) return;
  var pageMs = (Number(body.dataset.pageSeconds) || 12) * 1000;
  var refreshMs = (Number(body.dataset.refreshSeconds) || 30) * 1000;
  var rows = Array.prototype.slice.call(document.querySelectorAll(".projector-table tbody tr"));
  var indicator = document.querySelector("[data-page-indicator]");
  var head = document.querySelector(".projector-head");
  var thead = document.querySelector(".projector-table thead");
  var pages = [[]];
  var page = 0;

  function paginate() {
    rows.forEach(function (row) { row.hidden = false; });
    var room = window.innerHeight - (head ? head.offsetHeight : 0) -
      (thead ? thead.offsetHeight : 0) - 16;
    var rowHeight = rows.length ? rows[0].offsetHeight || 1 : 1;
    var perPage = Math.max(1, Math.floor(room / rowHeight));
    pages = [];
    for (var i = 0; i < rows.length; i += perPage) pages.push(rows.slice(i, i + perPage));
    if (!pages.length) pages = [[]];
  }

  function show() {
    rows.forEach(function (row) { row.hidden = true; });
    pages[page].forEach(function (row) { row.hidden = false; });
    if (indicator) indicator.textContent = pages.length > 1 ? (page + 1) + " / " + pages.length : "";
  }

  paginate();
  page = 0;
  show();
  window.addEventListener("resize", function () { paginate(); page = Math.min(page, pages.length - 1); show(); });

  if (pages.length <= 1) {
    window.setTimeout(function () { window.location.reload(); }, refreshMs);
    return;
  }
  window.setInterval(function () {
    page += 1;
    if (page >= pages.length) {
      window.location.reload();  // a full cycle shown: fetch fresh standings
      return;
    }
    show();
  }, pageMs);
})();
