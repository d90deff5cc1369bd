/* The table page's service worker (issue 25), served from the table's own path so that its
   scope is this table's page only. Pages under the scope: the network first, a kept copy when
   there is none (so a reload with no Wi-Fi still opens the page and its queue). Static files:
   the kept copy first. Everything else (POSTs, the sync) goes to the network untouched. */
"use strict";
var SCOPE = {{ scope_json|safe }};
var CACHE = {{ cache_json|safe }};
var ASSETS = {{ assets_json|safe }};

self.addEventListener("install", function (event) {
  // One by one: a file that cannot be fetched must not keep the worker from installing.
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(ASSETS.concat([SCOPE]).map(function (url) {
      return cache.add(url).catch(function () { return null; });
    }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      return key !== CACHE && key.indexOf("table-") === 0;
    }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

function keep(request, response) {
  if (response && response.ok && response.type === "basic" && !response.redirected) {
    var copy = response.clone();
    caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
  }
  return response;
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === SCOPE) {
    event.respondWith(fetch(request).then(function (response) {
      return keep(request, response);
    }).catch(function () {
      return caches.match(request).then(function (found) {
        return found || caches.match(SCOPE);
      });
    }));
  } else if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then(function (found) {
      return found || fetch(request).then(function (response) { return keep(request, response); });
    }));
  }
});
