"use strict";
// The quiz (`--quiz`): the player stops before the steps listed in #quiz-data (see quiz.rs) and
// asks; the reader types a square (c4) or a line (f, column f, row 3), or clicks the board; the
// answer is checked against the run, the true step shown, and the score kept. Nothing is fetched.
(() => {
const $ = (id) => document.getElementById(id);
const player = $("player"), data = JSON.parse($("quiz-data").textContent), svg = $("frame");
const form = $("quiz"), ask = $("ask"), answer = $("answer"), verdict = $("verdict"), score = $("score");
const [left, top, side, n] = data.board, questions = new Map();
let right = 0, done = 0, open = null;
// A file's letters as the frames label it: a..z, then aa, ab, ...
const file = (col) => (col >= 26 ? file(Math.floor(col / 26) - 1) : "") + String.fromCharCode(97 + (col % 26));
const square = (s) => (s < n * n ? file(s % n) + (n - Math.floor(s / n)) : "");
// The questions (see quiz.rs): [frame, kind (0 placement, 1 dead end), answer, the step's square].
for (let i = 0, f = 0; i < data.q.length; i += 2) {
const c = data.q[i + 1], m = -1 - c, line = Math.floor(m / (n * n + 1));
f += data.q[i];
questions.set(f, c >= 0 ? [f, 0, square(c)] : [f, 1, line < n ? "column " + file(line) : "row " + (2 * n - line), square(m % (n * n + 1))]);
}
const plain = (text) => text.trim().toLowerCase().replace(/^(column|row)\s*/, "");

// Asked before frame f (the player is on the frame before it): true while a question is open.
player.ask = (f) => {
const q = questions.get(f);
if (!q || q.done) return false;
open = q;
const line = q[2].split(" ")[0];
ask.textContent = q[1] ? (q[3] ? "Next: a queen on " + q[3] + ". " : "") + "Which " + line + " runs out of safe squares?" : "Where does the next queen go?";
form.hidden = false;
answer.disabled = false;
answer.value = verdict.textContent = "";
answer.focus();
return true;
};

form.onsubmit = (e) => {
e.preventDefault();
if (!open || !answer.value.trim()) return;
const q = open, ok = plain(answer.value) === plain(q[2]);
open = null;
q.done = true;
done++;
if (ok) right++;
answer.disabled = true;
verdict.textContent = (ok ? "Right: " : "Not quite: it is ") + q[2] + ".";
score.textContent = (done === questions.size ? "Done: " : "Score: ") + right + " of " + done + " right" + (done === questions.size ? "." : ", " + (questions.size - done) + " to go.");
player.go(q[0]);
$("play").focus();
};

// The line through (row, col) of the kind `name` names.
const q2line = (name, row, col) => (name.startsWith("row") ? "row " + (n - row) : "column " + file(col));
// A click on the board answers with the square (or its line) under the pointer.
svg.addEventListener("click", (e) => {
if (!open) return;
const box = svg.getBoundingClientRect(), scale = box.width / svg.width.baseVal.value;
const col = Math.floor(((e.clientX - box.left) / scale - left) / side), row = Math.floor(((e.clientY - box.top) / scale - top) / side);
if (row < 0 || col < 0 || row >= n || col >= n) return;
const line = q2line(open[2], row, col);
answer.value = open[1] ? line : file(col) + (n - row);
form.requestSubmit();
});
score.textContent = questions.size + " questions on the way.";
})();
