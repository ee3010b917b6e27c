// The puzzle page's script: builds the board from the JSON in #puzzle, takes clicks and keys,
// marks clashes, times the solve, shows hints. It applies no deduction rule: a hint is the first
// step of the page's chain whose result the board does not show yet, after the first queen or ×
// that disagrees with the solution (see puzzle/mod.rs). Marks: 0 empty, 1 ×, 2 queen.
"use strict";
(() => {
const $ = (id) => document.getElementById(id);
const P = JSON.parse($("puzzle").textContent);
const n = P.n, nn = n * n, regions = P.regions.length > 0, board = $("board");
const NS = $("lines").namespaceURI;
const given = new Uint8Array(nn), blocked = new Uint8Array(nn), inSol = new Uint8Array(nn);
P.givens.forEach((s) => { given[s] = 1; });
P.blocked.forEach((s) => { blocked[s] = 1; });
P.solution.forEach((s) => { inSol[s] = 1; });
const start = new Uint8Array(nn);
P.givens.forEach((s) => { start[s] = 2; });
let mark = start.slice(), history = [], at = 0, tip = null;
let begun = 0, took = 0, timer = 0, solved = false, hints = 0, lastHint = "";
const file = (c) => {
  let s = "";
  for (let k = c + 1; k > 0; k = Math.floor(k / 26)) { k--; s = String.fromCharCode(97 + k % 26) + s; }
  return s;
};
const name = (sq) => file(sq % n) + (n - Math.floor(sq / n));
const letter = (r) => String.fromCharCode(r < 26 ? 65 + r : 71 + r);
const clock = (s) => Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
// Why queens on a and b cannot both stand, or "".
const clash = (a, b) => {
  const ar = Math.floor(a / n), ac = a % n, br = Math.floor(b / n), bc = b % n;
  if (a === b) return "";
  if (ar === br) return "share rank " + (n - ar);
  if (ac === bc) return "share column " + file(ac);
  if (regions && P.regions[a] === P.regions[b]) return "share region " + letter(P.regions[a]);
  if (regions && Math.abs(ar - br) <= 1 && Math.abs(ac - bc) <= 1) return "touch";
  if (!regions && Math.abs(ar - br) === Math.abs(ac - bc)) return "share a diagonal";
  return "";
};
const cells = [];
for (let row = 0; row < n; row++) {
  const line = document.createElement("div");
  line.className = "line";
  line.setAttribute("role", "row");
  for (let col = 0; col < n; col++) {
    const sq = row * n + col, c = document.createElement("div");
    const svg = document.createElementNS(NS, "svg"), use = document.createElementNS(NS, "use");
    c.id = "s" + sq;
    c.setAttribute("role", "gridcell");
    c.style.setProperty("--f", regions ? "var(--r" + (P.regions[sq] % 12) + ")" : (row + col) % 2 ? "var(--dk)" : "var(--lt)");
    svg.setAttribute("viewBox", "0 0 60 60");
    svg.setAttribute("aria-hidden", "true");
    svg.appendChild(use);
    c.appendChild(svg);
    c.addEventListener("click", () => { board.classList.remove("kb"); focusAt(sq); board.focus(); cycle(sq); });
    line.appendChild(c);
    cells.push({ c, use });
  }
  board.appendChild(line);
}
board.classList.toggle("chess", !regions);
if (P.several) $("rules").textContent += " This puzzle has more than one solution: hints follow one of them.";
const queens = () => { const q = []; mark.forEach((m, sq) => { if (m === 2) q.push(sq); }); return q; };
// The clashing queens and the first clash in words.
const clashes = () => {
  const q = queens(), set = new Set();
  let words = "";
  for (let i = 0; i < q.length; i++) {
    for (let j = i + 1; j < q.length; j++) {
      const why = clash(q[i], q[j]);
      if (!why) continue;
      set.add(q[i]);
      set.add(q[j]);
      if (!words) words = "Clash: the queens on " + name(q[i]) + " and " + name(q[j]) + " " + why + ".";
    }
  }
  return { set, words };
};
const draw = () => {
  const k = clashes();
  for (let sq = 0; sq < nn; sq++) {
    const { c, use } = cells[sq], m = mark[sq];
    let cls = "c" + (blocked[sq] ? " B" : m === 2 ? " Q" : m === 1 ? " X" : "") + (given[sq] ? " G" : "");
    let href = m === 2 ? "#q" : m === 1 ? "#x" : "";
    if (k.set.has(sq)) cls += " k";
    if (tip && tip.used.has(sq)) cls += " u";
    if (tip && m === 0 && (tip.place === sq || tip.out.has(sq))) {
      cls += " t";
      href = tip.place === sq ? "#q" : "#x";
    }
    c.className = cls;
    if (href) use.setAttribute("href", href); else use.removeAttribute("href");
    const what = blocked[sq] ? "blocked" : m === 2 ? (given[sq] ? "given queen" : "queen") : m === 1 ? "×" : "empty";
    c.setAttribute("aria-label", name(sq) + (regions ? ", region " + letter(P.regions[sq]) : "") + ", " + what);
  }
  const placed = queens().length;
  $("count").textContent = placed + " of " + n + " queens";
  board.classList.toggle("solved", solved);
  $("hint").disabled = solved;
  $("undo").disabled = solved || !history.length;
  $("status").className = k.words && !solved ? "clash" : "";
  $("status").textContent = solved ? "Solved in " + clock(took) : k.words;
  return k;
};
const focusAt = (sq) => {
  at = sq;
  board.setAttribute("aria-activedescendant", "s" + sq);
  const cursor = $("cursor").style;
  cursor.left = (sq % n) * 100 / n + "%";
  cursor.top = Math.floor(sq / n) * 100 / n + "%";
};
const tick = () => { $("clock").textContent = clock(Math.floor((performance.now() - begun) / 1000)); };
const finish = () => {
  solved = true;
  took = Math.floor((performance.now() - begun) / 1000);
  clearInterval(timer);
  $("clock").textContent = clock(took);
  const said = hints === 0 ? "no hints" : hints === 1 ? "1 hint" : hints + " hints";
  $("result").value = "queens puzzle " + n + "x" + n + " solved in " + clock(took) + ", " + said;
  $("done").hidden = false;
  $("copy").textContent = "Copy result";
  tip = null;
  $("tip").hidden = true;
};
// After every move: is the hint done, is the puzzle solved?
const after = () => {
  if (tip && tip.done()) { tip = null; $("tip").classList.add("past"); }
  const k = clashes();
  if (queens().length === n && k.set.size === 0) finish();
  draw();
};
const set = (sq, value) => {
  if (solved) return;
  if (given[sq] || blocked[sq]) {
    $("status").className = "";
    $("status").textContent = name(sq) + (given[sq] ? " holds a given queen" : " is blocked") + ": it stays.";
    return;
  }
  if (mark[sq] === value) return;
  if (!begun) { begun = performance.now(); timer = setInterval(tick, 1000); }
  history.push(mark.slice());
  mark[sq] = value;
  if (value === 2 && $("auto").checked) {
    for (let o = 0; o < nn; o++) if (mark[o] === 0 && !blocked[o] && clash(sq, o)) mark[o] = 1;
  }
  after();
};
const cycle = (sq) => set(sq, (mark[sq] + 1) % 3);
// The first queen or × at odds with the solution, as a hint.
const wrong = () => {
  for (let sq = 0; sq < nn; sq++) {
    if (mark[sq] === 2 && !given[sq] && !inSol[sq]) {
      return { key: "q" + sq, text: "The queen on " + name(sq) + " is not in the solution: take it off.", used: [sq],
        done: () => mark[sq] !== 2 };
    }
    if (mark[sq] === 1 && inSol[sq]) {
      return { key: "x" + sq, text: name(sq) + " holds a queen in the solution, but it is marked ×.", used: [sq],
        done: () => mark[sq] !== 1 };
    }
  }
  return null;
};
const shown = (s) => (s.q !== undefined ? mark[s.q] === 2 : s.x.every((sq) => mark[sq] === 1 || blocked[sq]));
const hint = () => {
  if (solved) return;
  let h = wrong();
  if (!h) {
    const i = P.steps.findIndex((s) => !shown(s));
    if (i < 0) return;
    const s = P.steps[i];
    h = { key: "s" + i, text: s.t, more: s.m || "", used: s.u, place: s.q, out: s.x || [], done: () => shown(s) };
  }
  if (h.key !== lastHint) { hints++; lastHint = h.key; }
  tip = { used: new Set(h.used), place: h.place, out: new Set(h.out || []), done: h.done };
  $("say").textContent = h.text;
  $("more").textContent = h.more || "";
  $("tip").hidden = false;
  $("tip").classList.remove("past");
  draw();
};
const undo = () => {
  if (solved || !history.length) return;
  mark = history.pop();
  after();
};
const restart = () => {
  if (solved) {
    solved = false;
    begun = took = hints = 0;
    lastHint = "";
    history = [];
    $("done").hidden = true;
    $("clock").textContent = clock(0);
  } else {
    history.push(mark.slice());
  }
  mark = start.slice();
  tip = null;
  $("tip").hidden = true;
  draw();
};
board.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const step = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
  const marks = { " ": -1, Enter: -1, x: 1, q: 2, Delete: 0, Backspace: 0 }[e.key];
  if (step) {
    const row = Math.floor(at / n) + step[0], col = (at % n) + step[1];
    if (row >= 0 && row < n && col >= 0 && col < n) focusAt(row * n + col);
  } else if (marks !== undefined) {
    if (marks < 0) cycle(at); else set(at, marks);
  } else {
    return;
  }
  board.classList.add("kb");
  e.preventDefault();
  e.stopPropagation();
});
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" && e.target.type !== "checkbox") return;
  if ((e.ctrlKey || e.metaKey) && e.key === "z") { undo(); e.preventDefault(); return; }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const act = { h: hint, u: undo, a: () => { $("auto").checked = !$("auto").checked; } }[e.key];
  if (act) { act(); e.preventDefault(); }
});
board.addEventListener("pointerdown", () => board.classList.remove("kb"));
$("hint").addEventListener("click", hint);
$("undo").addEventListener("click", undo);
$("restart").addEventListener("click", restart);
$("copy").addEventListener("click", () => {
  const field = $("result"), button = $("copy");
  const select = () => {
    field.focus();
    field.select();
    let copied = false;
    try { copied = document.execCommand("copy"); } catch (err) { copied = false; }
    button.textContent = copied ? "Copied" : "Selected: press Ctrl+C";
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(() => { button.textContent = "Copied"; }, select);
  } else {
    select();
  }
});
focusAt(0);
draw();
})();
