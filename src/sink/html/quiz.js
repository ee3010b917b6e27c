"use strict";
// The quiz (`--quiz`): the player stops before the steps listed in #quiz-data (see quiz.rs) and
// asks; the reader types a square (c4) or a line (f, column f, row 3), or clicks the board; the
// answer is checked against the run, the verdict says what is wrong with it and why the true step
// is the answer, the true step is shown and the score kept; "Go on" (or a click on the board)
// plays on, or steps on when the reader was stepping. Nothing is fetched.
(() => {
const $ = (id) => document.getElementById(id);
const player = $("player"), data = JSON.parse($("quiz-data").textContent), svg = $("frame");
const form = $("quiz"), ask = $("ask"), answer = $("answer"), verdict = $("verdict"), score = $("score");
const check = $("check"), goOn = $("goon");
const [left, top, side, n] = data.board, questions = new Map();
let right = 0, done = 0, open = null, answered = null;
// A file's letters as the frames label it: a..z, then aa, ab, ...
const file = (col) => (col >= 26 ? file(Math.floor(col / 26) - 1) : "") + String.fromCharCode(97 + (col % 26));
const name = (s) => file(s % n) + (n - Math.floor(s / n));
// The questions (see quiz.rs; deflated, inflated by the player's own inflate): frame, kind (0: a square, 1: a line), words, the step's square, the queens.
const packed = atob(data.q), bytes = new Uint8Array(packed.length);
for (let i = 0; i < packed.length; i++) bytes[i] = packed.charCodeAt(i);
const list = JSON.parse(new TextDecoder().decode(player.inflate(bytes)));
for (let i = 0, f = 0; i < list.length; i++) {
const [df, kind, text, truth, why, sq, queens] = list[i];
f += df;
questions.set(f, { f, kind, text, truth, why, sq, queens });
}
// Whether a queen on a attacks b, and the queen drawn attacking s (nearest, leftmost, topmost).
const rc = (s) => [Math.floor(s / n), s % n];
const attacks = (a, b) => {
const [r, c] = rc(a), [r2, c2] = rc(b);
return a !== b && (r === r2 || c === c2 || Math.abs(r - r2) === Math.abs(c - c2));
};
const attacker = (queens, s) => {
const d = (q) => Math.max(Math.abs(rc(q)[0] - rc(s)[0]), Math.abs(rc(q)[1] - rc(s)[1]));
const key = (q) => d(q) * n * n + rc(q)[1] * n + rc(q)[0];
return queens.filter((q) => attacks(q, s)).sort((a, b) => key(a) - key(b))[0];
};
// A typed square ("c4") as a number, or -1.
const parseSquare = (text) => {
const m = /^([a-z]+)\s*(\d+)$/.exec(text.trim().toLowerCase());
if (!m) return -1;
let col = 0;
for (const ch of m[1]) col = col * 26 + ch.charCodeAt(0) - 96;
const row = n - Number(m[2]);
return col >= 1 && col <= n && row >= 0 && row < n ? row * n + col - 1 : -1;
};
// A typed line ("f", "column f", "3", "row 3") as its squares, or null.
const parseLine = (text) => {
const t = text.trim().toLowerCase().replace(/^(column|row)\s*/, "");
const s = /^\d+$/.test(t) ? parseSquare("a" + t) : parseSquare(t + "1");
if (s < 0) return null;
const byRow = /^\d+$/.test(t), [r, c] = rc(s);
const squares = Array.from({ length: n }, (_, i) => (byRow ? r * n + i : i * n + c));
return { name: byRow ? "row " + t : "column " + t, squares };
};

// What is wrong with `text` as the answer to q ("" when it is right), or null when it is no answer.
function wrong(q, text) {
if (q.kind === 0) {
const s = parseSquare(text);
if (s < 0) return null;
if (s === q.sq) return "";
if (q.queens.includes(s)) return "A queen already stands on " + name(s) + ".";
const by = attacker(q.queens, s);
if (by !== undefined) return name(s) + " is attacked by " + name(by) + ".";
return name(s) + " is safe, but the search takes " + q.truth + " first.";
}
const line = parseLine(text);
if (!line) return null;
if (line.name === q.truth) return "";
const queens = q.queens.concat([q.sq]);
if (line.squares.some((s) => queens.includes(s))) return line.name[0].toUpperCase() + line.name.slice(1) + " holds a queen.";
const safe = line.squares.filter((s) => attacker(queens, s) === undefined).map(name);
if (!safe.length) return line.name[0].toUpperCase() + line.name.slice(1) + " has no safe square either, but the search meets " + q.truth + " first.";
return line.name[0].toUpperCase() + line.name.slice(1) + " still has " + (safe.length > 1 ? "safe squares: " : "a safe square, ") + safe.join(", ") + ".";
}

// Asked before frame f (the player is on the frame before it; `playing`: it was playing): true
// while a question is open.
player.ask = (f, playing) => {
const q = questions.get(f);
if (!q || q.done) return false;
open = q;
q.playing = playing;
answered = null;
ask.textContent = q.text;
form.hidden = false;
goOn.hidden = true;
check.hidden = answer.disabled = false;
answer.value = verdict.textContent = "";
answer.focus();
return true;
};

form.onsubmit = (e) => {
e.preventDefault();
if (!open || !answer.value.trim()) return;
const q = open, bad = wrong(q, answer.value);
if (bad === null) {
verdict.textContent = q.kind ? "Type a column (f) or a row (3)." : "Type a square, such as c4.";
return;
}
open = null;
answered = q;
q.done = true;
done++;
if (!bad) right++;
answer.disabled = check.hidden = true;
verdict.textContent = (bad ? "Not quite: it is " + q.truth + ". " + bad : "Right: " + q.truth + ".") + " " + q.why;
score.textContent = (done === questions.size ? "Done: " : "Score: ") + right + " of " + done + " right" + (done === questions.size ? "." : ", " + (questions.size - done) + " to go.");
player.go(q.f);
goOn.hidden = false;
goOn.focus();
};

// On after an answer: the question folds away and the player plays on if it was playing, else
// steps on.
const carryOn = () => {
if (!answered) return;
const q = answered;
answered = null;
form.hidden = true;
if (q.playing) player.play();
else { player.step(); $("forward").focus(); }
};
goOn.onclick = carryOn;

// The line through (row, col) of the kind `name` names.
const q2line = (name, row, col) => (name.startsWith("row") ? "row " + (n - row) : "column " + file(col));
// A click on the board answers with the square (or its line) under the pointer, or carries on.
svg.addEventListener("click", (e) => {
if (answered) return carryOn();
if (!open) return;
const box = svg.getBoundingClientRect(), scale = box.width / svg.width.baseVal.value;
const col = Math.floor(((e.clientX - box.left) / scale - left) / side), row = Math.floor(((e.clientY - box.top) / scale - top) / side);
if (row < 0 || col < 0 || row >= n || col >= n) return;
answer.value = open.kind ? q2line(open.truth, row, col) : file(col) + (n - row);
form.requestSubmit();
});
score.textContent = questions.size + " questions on the way.";
})();
