/* The round clock on every screen that shows it (seating/_clock.html).

   Counts the server's remaining time down between refreshes; a refreshed clock starts over.
   Every few seconds (the clock's data-follow-ms) it asks the server whether the organiser
   paused, resumed or changed the clock, so every screen follows without a reload; a paused
   clock stands still.

   The asking stops when the page goes away (pagehide: a closed tab, a browser closing its
   window, a page put in the back-forward cache; it starts again if the page comes back) and
   for good once the server no longer knows the round (404): a page left open must not keep
   calling a server that has moved on. */
(function () {
  "use strict";
  if (window.roundClockTicking) return;  /* one clock script per page, even if included twice */
  window.roundClockTicking = true;

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function show(clock, left) {
    var h = Math.floor(left / 3600), m = Math.floor(left / 60) % 60, s = left % 60;
    clock.querySelector("[data-clock-time]").textContent =
      h ? h + ":" + pad(m) + ":" + pad(s) : Math.floor(left / 60) + ":" + pad(s);
    var called = left === 0 && clock.dataset.clockState !== "paused";
    clock.classList.toggle("called", called);
    clock.querySelector("[data-clock-called]").hidden = !called;
  }

  function tick() {
    document.querySelectorAll("[data-round-clock]").forEach(function (clock) {
      if (clock.dataset.clockState === "paused") return;
      if (!clock.dataset.shownAt) clock.dataset.shownAt = String(Date.now());
      show(clock, Math.max(0, Number(clock.dataset.remaining)
        - Math.floor((Date.now() - Number(clock.dataset.shownAt)) / 1000)));
    });
  }

  function apply(clock, data) {
    if (data.state === "stopped") { clock.hidden = true; return; }
    clock.hidden = false;
    clock.dataset.clockState = data.state;
    clock.dataset.remaining = String(data.remaining);
    clock.dataset.shownAt = String(Date.now());
    clock.classList.toggle("paused", data.state === "paused");
    clock.querySelector("[data-clock-paused]").hidden = data.state !== "paused";
    show(clock, data.remaining);
  }

  function follow() {
    document.querySelectorAll("[data-round-clock][data-clock-url]").forEach(function (clock) {
      if (clock.dataset.clockGone) return;
      fetch(clock.dataset.clockUrl, {credentials: "same-origin", cache: "no-store"})
        .then(function (r) {
          if (r.status === 404) clock.dataset.clockGone = "1";  /* the round is no more */
          return r.ok ? r.json() : null;
        })
        .then(function (data) { if (data) apply(clock, data); })
        .catch(function () {});
    });
  }

  var ticking = null, following = null;

  function start() {
    if (ticking === null) ticking = setInterval(tick, 1000);
    if (following === null) {
      var first = document.querySelector("[data-round-clock]");
      var every = Number(first && first.dataset.followMs) || 4000;
      following = setInterval(follow, every);
    }
  }

  function stop() {
    clearInterval(ticking);
    clearInterval(following);
    ticking = following = null;
  }

  window.addEventListener("pagehide", stop);
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) { follow(); start(); }  /* back from the back-forward cache */
  });
  tick();  /* marks when each clock was shown, so the first second is counted too */
  start();
})();
