/* The table page without a network (issue 25).

   Online, nothing changes: the page posts each hand and the server settles it (with its live
   preview); only the page first asks the server (an empty queue) whether it is there, since a
   POST into a network that has gone would lose the hand on the browser's error page. When the network is gone (the browser says so, or the server stopped answering the
   page's heartbeat), or while anything is still queued (order!), a hand, a correction or a
   deletion goes into a queue in IndexedDB instead: a reload or a closed browser keeps it. The
   queue is sent to the sync endpoint when the server answers again; each write carries its
   idempotency key and the sheet version it was made on, so the server applies it exactly once,
   in order, however often it is sent. What the server refuses comes back: a rule error into the
   form, at its field; a conflict beside the server's version, to enter again or drop; a write
   the server cannot read (400, or "unreadable" in the answer) with the server's words, kept
   until the scorekeeper enters it again or drops it (never sent for ever, never lost). A
   finished tournament or an ended link (403, 404, 409) stops the sending: the queue stays on
   the phone, with the server's reason. */
(function () {
  "use strict";
  var root = document.getElementById("offline");
  if (!root || !window.indexedDB) return;
  var words = JSON.parse(document.getElementById("offline-words").textContent);
  var cfg = root.dataset;
  var TABLE = cfg.sync;
  var HEARTBEAT_MS = 20000;
  var PROBE_MS = 5000;  // a hand's save waits this long for the server before it is queued
  var stateLine = root.querySelector(".offline-state");
  var list = root.querySelector(".offline-queue");
  var csrfInput = document.querySelector("input[name=csrfmiddlewaretoken]");
  var csrf = csrfInput ? csrfInput.value : "";
  var queue = [];  // this table's writes, in order (a copy of the database's)
  var saved = [];  // what the server stored, shown until the page is the server's again
  var reachable = true, sending = false, ended = false;
  var dbPromise = null;

  // -- storage ------------------------------------------------------------------------------
  function db() {
    if (!dbPromise) {
      dbPromise = new Promise(function (resolve, reject) {
        var open = indexedDB.open("marias-table-queue", 1);
        open.onupgradeneeded = function () {
          open.result.createObjectStore("writes", { keyPath: "key" });
          open.result.createObjectStore("meta", { keyPath: "name" });
        };
        open.onsuccess = function () { resolve(open.result); };
        open.onerror = function () { reject(open.error); };
      });
    }
    return dbPromise;
  }
  function tx(store, mode, work) {
    return db().then(function (d) {
      return new Promise(function (resolve, reject) {
        var t = d.transaction(store, mode), result;
        t.oncomplete = function () { resolve(result); };
        t.onerror = function () { reject(t.error); };
        work(t.objectStore(store), function (value) { result = value; });
      });
    });
  }
  function load() {
    return tx("writes", "readonly", function (s, done) {
      var r = s.getAll();
      r.onsuccess = function () { done(r.result); };
    }).then(function (all) {
      queue = all.filter(function (w) { return w.table === TABLE; })
        .sort(function (a, b) { return a.seq - b.seq; });
      return queue;
    });
  }
  function save(items) {
    return tx("writes", "readwrite", function (s) { items.forEach(function (w) { s.put(w); }); });
  }
  function remove(keys) {
    return tx("writes", "readwrite", function (s) { keys.forEach(function (k) { s.delete(k); }); });
  }
  function meta(name, value) {
    if (value === undefined) {
      return tx("meta", "readonly", function (s, done) {
        var r = s.get(name);
        r.onsuccess = function () { done(r.result ? r.result.value : null); };
      });
    }
    return tx("meta", "readwrite", function (s) { s.put({ name: name, value: value }); });
  }
  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = crypto.getRandomValues(new Uint8Array(16));  // plain-HTTP halls have no randomUUID
    b[6] = (b[6] & 15) | 64; b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); });
    return h.slice(0, 4).join("") + "-" + h.slice(4, 6).join("") + "-" + h.slice(6, 8).join("") +
      "-" + h.slice(8, 10).join("") + "-" + h.slice(10).join("");
  }

  // -- the sheet version the phone writes on ---------------------------------------------------
  var base = { version: +cfg.version, seen: cfg.seen, next: +cfg.next };
  function client() {
    return meta("client").then(function (id) {
      if (id) return id;
      id = uuid();
      return meta("client", id).then(function () { return id; });
    });
  }
  function knownBase() {
    return meta("base:" + TABLE).then(function (stored) {
      if (stored && stored.version > base.version) base = stored;
      return base;
    });
  }
  function waiting() { return queue.filter(function (w) { return w.state === "waiting"; }); }
  function problems() { return queue.filter(function (w) { return w.state !== "waiting"; }); }
  function nextNumber() {
    var adds = queue.filter(function (w) { return w.op === "add"; });
    return adds.length ? adds[adds.length - 1].number + 1 : base.next;
  }
  function offline() { return !navigator.onLine || !reachable; }

  // -- the state line and the queue's list ----------------------------------------------------
  function plural(forms, n) {
    var form = n === 1 ? forms.one : (n >= 2 && n <= 4 ? forms.few : forms.many);
    return form.replace("{n}", n);
  }
  function showState() {
    var n = waiting().length, text, state;
    if (ended) { text = words.ended; state = "ended"; }
    else if (problems().length) { text = words.attention; state = "attention"; }
    else if (sending) { text = words.sending; state = "sending"; }
    else if (offline()) { text = n ? plural(words.offline_waiting, n) : words.offline; state = "offline"; }
    else { text = n ? plural(words.waiting, n) : words.saved; state = n ? "waiting" : "saved"; }
    stateLine.textContent = text;
    root.dataset.state = state;  // for the tests and the style, whatever the language
    root.className = "offline-bar" + (offline() ? " is-offline" : "") +
      (problems().length || ended ? " needs-attention" : "");
    var title = document.getElementById("entry-title");
    if (title && queue.length) title.textContent = words.hand.replace("{n}", nextNumber());
  }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function button(label, action, key) {
    var b = el("button", "button small secondary", label);
    b.type = "button";
    b.dataset.action = action;
    b.dataset.key = key;
    return b;
  }
  function field(fields, suffix) {
    var found = fields.filter(function (p) { return p[0].slice(-suffix.length) === suffix; });
    return found.length ? found[0][1] : "";
  }
  function describe(w) {
    if (w.op === "drop") return words.dropping;
    var typed = field(w.fields, "notation") || words.by_form;
    if (w.op === "add") return typed;
    if (w.op === "edit") return words.correction + " " + typed + " (" + field(w.fields, "reason") + ")";
    return words.deletion + " (" + field(w.fields, "reason") + ")";
  }
  function render() {
    list.textContent = "";
    queue.forEach(function (w) {
      var item = el("li", "queued state-" + w.state);
      item.dataset.key = w.key;
      item.dataset.op = w.op;
      item.dataset.number = w.number || "";
      item.appendChild(el("span", "hand-no", (w.number || "") + ". "));
      item.appendChild(el("code", "", describe(w)));
      var note = ended && w.state === "waiting" ? words.not_sent :
        { waiting: words.checked_later, conflict: words.conflict, refused: words.refused,
          unreadable: words.unreadable }[w.state] || "";
      item.appendChild(el("span", "muted", " " + note));
      var answer = w.answer || {};
      if (w.state !== "waiting") {
        item.appendChild(el("p", "warn-text", answer.message || ""));
        var theirs = el("ul", "server-side");
        (answer.server || []).forEach(function (line) { theirs.appendChild(el("li", "", line)); });
        Object.keys(answer.errors || {}).forEach(function (name) {
          answer.errors[name].forEach(function (m) { theirs.appendChild(el("li", "", m)); });
        });
        if (theirs.childNodes.length) {
          item.appendChild(el("p", "small", words.server_has));
          item.appendChild(theirs);
        }
        var acts = el("p", "form-actions");
        acts.appendChild(button(words.enter_again, "again", w.key));
        acts.appendChild(button(words.drop, "drop", w.key));
        item.appendChild(acts);
      } else if (w.op === "add") {
        var mine = el("p", "form-actions");
        mine.appendChild(button(words.correct, "correct", w.key));
        mine.appendChild(button(words.delete, "delete", w.key));
        item.appendChild(mine);
      }
      list.appendChild(item);
    });
    saved.forEach(function (r) {
      var line = el("li", "saved-line");
      line.appendChild(el("span", "hand-no", r.number + ". "));
      line.appendChild(el("span", "", r.description + " · " + (r.money || []).join(" / ") + " "));
      line.appendChild(el("span", "muted", words.saved));
      list.appendChild(line);
    });
    list.hidden = !queue.length && !saved.length;
    showState();
  }

  // -- queueing the page's forms ----------------------------------------------------------------
  function opOf(form) {
    var action = form.getAttribute("action") || "";
    if (/\/hands\/$/.test(action)) return "add";
    if (/\/hands\/\d+\/edit\/$/.test(action)) return "edit";
    if (/\/hands\/\d+\/delete\/$/.test(action)) return "delete";
    return null;
  }
  function pairs(form) {
    var out = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && typeof value === "string") out.push([name, value]);
    });
    return out;
  }
  function enqueue(op, number, fields, replaces) {
    var old = replaces && queue.filter(function (w) { return w.key === replaces; })[0];
    var seq = old ? old.seq : (queue.length ? queue[queue.length - 1].seq + 1 : Date.now());
    var w = { key: uuid(), table: TABLE, seq: seq, op: op, state: "waiting", fields: fields,
              number: op === "add" && !old ? nextNumber() : (old ? old.number : number),
              base: base.version, seen: base.seen };
    return (old ? remove([old.key]) : Promise.resolve()).then(function () {
      return save([w]);
    }).then(load).then(function () { render(); kick(); });
  }
  function previewBox(form) { return form.querySelector(".preview"); }
  document.addEventListener("submit", function (event) {
    var form = event.target, op = opOf(form);
    if (!op && offline() && (form.getAttribute("method") || "").toLowerCase() === "post") {
      // Submitting, confirming, totals need the server: kept in the form, said so.
      event.preventDefault();
      stateLine.textContent = words.needs_network;
      return;
    }
    if (!op) return;
    if (form.dataset.probing) { event.preventDefault(); return; }  // a second tap meanwhile
    if (!(offline() || queue.length || form.dataset.replaces)) {
      var submitter = event.submitter;
      if (form.dataset.answered || (submitter && submitter.name === "preview")) {
        delete form.dataset.answered;  // the server is there: the page posts as always
        return;
      }
      // Is the server there? A plain POST to a server that has gone shows the browser's error
      // page and the hand is lost, and the heartbeat may not have noticed yet (or the phone
      // still says it is online: it fell back to mobile data, which cannot reach the hall's
      // laptop). Asked first, a missing server puts the hand in the queue instead.
      event.preventDefault();
      form.dataset.probing = "1";
      probe().then(function (there) {
        delete form.dataset.probing;
        if (there) form.dataset.answered = "1";
        else { reachable = false; showState(); }
        if (form.requestSubmit) form.requestSubmit(submitter || undefined);
        else if (there) form.submit();
      });
      return;
    }
    event.preventDefault();
    var box = previewBox(form);
    if (event.submitter && event.submitter.name === "preview") {
      if (box) box.textContent = words.checked_later;
      return;
    }
    var match = (form.getAttribute("action") || "").match(/\/hands\/(\d+)\//);
    enqueue(op, match ? +match[1] : null, pairs(form), form.dataset.replaces).then(function () {
      delete form.dataset.replaces;
      form.querySelectorAll(".offline-error").forEach(function (e) { e.remove(); });
      form.reset();
      if (box) box.textContent = words.queued;
    });
  });
  document.addEventListener("htmx:sendError", function (event) {
    var target = event.detail && event.detail.target;
    if (target) target.textContent = words.checked_later;
    reachable = false;
    showState();
  });

  // Correcting or deleting a queued hand: a small form in its line.
  function inlineForm(w, kind) {
    var item = list.querySelector("li[data-key='" + w.key + "']");
    if (!item || item.querySelector("form")) return;
    var form = el("form", "form inline-form");
    if (kind === "correct") {
      var typed = el("input"); typed.name = "notation"; typed.value = field(w.fields, "notation");
      typed.setAttribute("aria-label", words.hand_label);
      form.appendChild(typed);
    }
    var reason = el("input"); reason.name = "reason"; reason.required = true;
    reason.placeholder = words.reason; reason.setAttribute("aria-label", words.reason);
    form.appendChild(reason);
    var ok = el("button", "button small", kind === "correct" ? words.save : words.delete);
    ok.type = "submit";
    form.appendChild(ok);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (!reason.value.trim()) return;
      var fields;
      if (kind === "correct") {
        var p = "edit-text-";
        fields = [["entry", "edit-text"], ["hand", String(w.number)], [p + "version", String(base.version)],
                  [p + "notation", form.elements.notation.value], [p + "reason", reason.value]];
        ["-dealer", "-declarer"].forEach(function (name) {  // a server hand's: the server's
          var value = field(w.fields, name);
          if (value) fields.push([p + name.slice(1), value]);
        });
      } else {
        fields = [["delete-version", String(base.version)], ["delete-reason", reason.value]];
      }
      enqueue(kind === "correct" ? "edit" : "delete", w.number, fields);
    });
    item.appendChild(form);
    (form.elements.notation || reason).focus();
  }

  // -- resolving what the server refused ---------------------------------------------------------
  function rebase(from) {
    // The scorekeeper has seen the server's state: what is still queued is made on it now, and
    // queued hands take the numbers the server will give them (corrections follow them).
    var number = base.next, moved = {};
    queue.slice(from).forEach(function (w) {
      w.base = base.version; w.seen = base.seen;
      if (w.op === "add") {
        if (w.number !== number) moved[w.number] = number;
        w.number = number++;
      } else if (moved[w.number]) {
        w.number = moved[w.number];
        w.fields.forEach(function (p) { if (p[0] === "hand") p[1] = String(w.number); });
      }
    });
  }
  function resolve(key, action) {
    var at = queue.findIndex(function (w) { return w.key === key; });
    if (at < 0) return;
    var w = queue[at];
    var gone = [w.key];
    if (action === "drop") {
      if (w.state === "conflict") {
        queue.splice(at, 1, { key: uuid(), table: TABLE, seq: w.seq, op: "drop", drops: w.key,
                              state: "waiting", fields: [], number: w.number, base: base.version,
                              seen: base.seen });
      } else {
        queue.splice(at, 1);
      }
      rebase(at + (w.state === "conflict" ? 1 : 0));
    } else {
      queue[at] = Object.assign({}, w, { key: uuid(), state: "waiting", answer: null });
      rebase(at);
    }
    releaseForm(key);
    remove(gone).then(function () { return save(queue); }).then(load).then(function () {
      render(); kick();
    });
  }
  function releaseForm(key) {
    // The write was entered again or dropped from its line: the entry form that held it for
    // correcting no longer replaces it (saved from there it would be a second hand).
    var form = document.querySelector("#entry form.entry-form");
    if (!form || form.dataset.replaces !== key) return;
    delete form.dataset.replaces;
    form.querySelectorAll(".offline-error").forEach(function (e) { e.remove(); });
    form.reset();
  }
  function backToForm(w) {
    // A rule error (or a hand the server could not read): the hand goes back into the entry
    // form, the server's words at its fields; saved from there it replaces the queued one.
    var form = document.querySelector("#entry form.entry-form");
    if (!form || w.op !== "add") return;
    var names = w.fields.map(function (p) { return p[0]; });
    if (!names.every(function (n) { return n === "entry" || form.elements[n]; })) return;
    w.fields.forEach(function (p) {
      var input = form.elements[p[0]];
      if (!input || p[0].slice(-7) === "version") return;
      if (input instanceof RadioNodeList || (input.type === "radio")) {
        form.querySelectorAll("[name='" + p[0] + "']").forEach(function (r) {
          r.checked = r.value === p[1];
        });
      } else if (input.type === "checkbox") input.checked = true;
      else input.value = p[1];
    });
    form.querySelectorAll(".offline-error").forEach(function (e) { e.remove(); });
    var errors = (w.answer && w.answer.errors) || {};
    Object.keys(errors).forEach(function (name) {
      var at = form.elements[name], ul = el("ul", "errorlist offline-error");
      errors[name].forEach(function (m) { ul.appendChild(el("li", "", m)); });
      var node = at && (at.length && !at.tagName ? at[0] : at);
      var box = node && node.closest ? node.closest(".field, fieldset") : null;
      (box || form).appendChild(ul);
    });
    form.dataset.replaces = w.key;
    if (form.scrollIntoView) form.scrollIntoView();
  }

  // A hand the phone had from the server, corrected or deleted offline: its number in the
  // running account opens the same small forms (the server keeps who dealt and declared).
  var serverHands = {};
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("#account a.hand-no");
    if (!link || !offline()) return;
    var found = (link.getAttribute("href") || "").match(/hand=(\d+)/);
    if (!found) return;
    event.preventDefault();
    var w = { key: "server-" + found[1], number: +found[1], op: "server", fields: [] };
    serverHands[w.key] = w;
    var old = list.querySelector("li[data-key='" + w.key + "']");
    if (old) old.remove();
    var item = el("li", "server-hand");
    item.dataset.key = w.key;
    item.dataset.op = "server";
    item.dataset.number = w.number;
    item.appendChild(el("span", "hand-no", w.number + ". "));
    var acts = el("p", "form-actions");
    acts.appendChild(button(words.correct, "correct", w.key));
    acts.appendChild(button(words.delete, "delete", w.key));
    item.appendChild(acts);
    list.appendChild(item);
    list.hidden = false;
    if (item.scrollIntoView) item.scrollIntoView();
  });

  list.addEventListener("click", function (event) {
    var b = event.target.closest && event.target.closest("button[data-action]");
    if (!b) return;
    var w = queue.filter(function (x) { return x.key === b.dataset.key; })[0] ||
      serverHands[b.dataset.key];
    if (!w) return;
    if (b.dataset.action === "correct" || b.dataset.action === "delete") inlineForm(w, b.dataset.action);
    else resolve(w.key, b.dataset.action);
  });

  // -- sending -------------------------------------------------------------------------------
  function post(writes, signal) {
    return client().then(function (id) {
      return fetch(cfg.sync, {
        method: "POST", credentials: "same-origin", signal: signal,
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
        body: JSON.stringify({ client: id, writes: writes.map(function (w) {
          return { key: w.key, op: w.op, number: w.number, base: w.base, seen: w.seen,
                   fields: w.fields, drops: w.drops || null };
        }) }),
      });
    });
  }
  function probe() {
    // An empty queue (the heartbeat): true when the server answers at all (a refusal too: the
    // page's own POST then shows it), false when it cannot be reached within PROBE_MS.
    var control = window.AbortController ? new AbortController() : null;
    var timer = control ? setTimeout(function () { control.abort(); }, PROBE_MS) : null;
    return post([], control ? control.signal : undefined).then(function () { return true; },
      function () { return false; }).then(function (ok) { clearTimeout(timer); return ok; });
  }
  function answered(results, answer) {
    base = { version: answer.version, seen: answer.seen, next: answer.next_number };
    var byKey = {};
    results.forEach(function (r) { byKey[r.key] = r; });
    var done = [], kept = [];
    queue.forEach(function (w) {
      var r = byKey[w.key];
      if (!r || r.status === "held") return;
      if (r.status === "applied" || r.status === "dropped") {
        done.push(w.key);
        if (r.status === "applied") saved.push(r);
      }
      else { w.state = r.status; w.answer = r; kept.push(w); }
    });
    return meta("base:" + TABLE, base).then(function () { return remove(done); })
      .then(function () { return save(kept); }).then(load).then(function () {
        kept.forEach(function (w) { if (w.state !== "conflict") backToForm(w); });
        return done.length;
      });
  }
  function unreadable(writes, body) {
    // A 400: the server names the write it could not read (else the first one sent is shown:
    // nothing after it is sent before the scorekeeper has seen it).
    var w = writes.filter(function (x) { return x.key === body.key; })[0] || writes[0];
    if (!w) return Promise.resolve(null);
    w.state = "unreadable";
    w.answer = { message: body.error || "" };
    return save([w]).then(load).then(function () { backToForm(w); return null; });
  }
  function typing() {
    return Array.prototype.some.call(
      document.querySelectorAll("#entry input[type=text], #entry input:not([type]), #hand input[type=text]"),
      function (input) { return input.value !== input.defaultValue; });
  }
  function kick() {
    if (sending || ended || !navigator.onLine) { showState(); return Promise.resolve(); }
    if (problems().length) { showState(); return Promise.resolve(); }
    var writes = waiting();
    sending = writes.length > 0;
    showState();
    return post(writes).then(function (response) {
      reachable = true;
      if ([403, 404, 409].indexOf(response.status) >= 0) {
        ended = true;  // the link ended, the round or tournament closed: the queue stays here
        return response.json().then(function (body) {
          if (body && body.error) words.ended = body.error + " " + words.keep_queue;
          return null;
        }, function () { return null; });
      }
      if (response.status === 400) {
        return response.json().then(function (body) { return body || {}; },
          function () { return {}; }).then(function (body) { return unreadable(writes, body); });
      }
      if (!response.ok) return null;  // the server's trouble (500, 502 …): sent again later
      return response.json().then(function (answer) { return answered(answer.results, answer); });
    }).catch(function () {
      reachable = false;
      return null;
    }).then(function (applied) {
      sending = false;
      render();
      if (applied && waiting().length && !problems().length) {
        setTimeout(kick, 0);  // queued while this batch was on its way
      } else if (applied && !queue.length) {
        // The server's own page, but not over a hand being typed: its save (a plain POST
        // now) brings the page anyway; until then the stored hands are listed as saved.
        if (!typing()) window.location.reload();
      }
    });
  }

  window.addEventListener("online", function () { reachable = true; kick(); });
  window.addEventListener("offline", showState);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") kick();  // a phone unlocked: heard at once
  });
  setInterval(kick, HEARTBEAT_MS);
  knownBase().then(load).then(function () {
    render();
    problems().forEach(function (w) { if (w.state !== "conflict") backToForm(w); });
    kick();
  });
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(cfg.worker, { scope: cfg.scope }).catch(function () {});
  }
})();
