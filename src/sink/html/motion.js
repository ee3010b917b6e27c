// Smooth motion in the player: page.rs puts this where player.js says //motion.js, so it sees that
// script's names (t, unitGroups, visible, speed, player). Every toggle of a frame has a cue, the
// ms into the frame its fade starts (-1: it switches at once): a short run's page stores them
// (the //+stored blocks), a long run's finds each fading unit's by the motion stage's rule
// (src/motion/tween.rs) from where the unit stands and when its frame's pictures start (the
// //+found blocks; see src/sink/html/motion.rs). A unit with a cue fades in (class i) or out
// (class o, shown until the next frame is drawn) as the player plays on by one frame at 1x or
// slower: from the cue for the page's fade, never past the frame's end, both slowed with the
// speed. Seeking and stepping by hand show each frame at once, and so does the style sheet for
// readers who prefer reduced motion.
const fade = Number(player.dataset.fade);
//+stored
// The cues of frame f, which the page shows: one per toggle of the frame in the table's order.
// Code 0 switches at once, 2k + 1 and 2k + 2 at the start of the step's picture k (see motion.rs).
function cues(f) {
const starts = t.plans[t.plan[f]];
return t.cue.slice(t.start[f], t.start[f + 1]).map((c) => (c ? starts[(c - 1) >> 1] : -1));
}
//-stored
//+found
// Square q is board << 24 | row << 12 | column. The Chebyshev distance between two squares
// (infinite across boards):
const row = (q) => (q >> 12) & 4095;
const apart = (a, b) => (a >>> 24 === b >>> 24 ? Math.max(Math.abs(row(a) - row(b)), Math.abs((a & 4095) - (b & 4095))) : Infinity);
// The cues of frame f, which the page shows: one per toggle of the frame in the table's order,
// ms into the frame its fade starts (-1: its unit switches at once). Unit kinds: 1 a ghost on its
// square (or a queen whose square stands only with her: a region puzzle's), 2 a square's own
// atoms, 3 those holding its queen, 5 an alarm mark (a line or outline between attacking queens,
// src/motion/alarm.rs): a new one shows when the step's queens land, an old one goes at once.
// The step's changed squares are those whose own units it toggles, its causes [square, placed]
// those whose queen it toggles.
function cues(f) {
const units = [...t.toggled.subarray(t.start[f], t.start[f + 1])], changed = new Set(), causes = [], reach = {};
//+marks
// A puzzle's marks (src/motion/marks.rs). Kind 4 is a cross: a new one shows from 0.8 (d - 1) / r,
// d its distance from the nearest square the step's rule used on its board (at least 1), r the
// farthest new cross's d there; with no used square on its board, rows sweep from the top as far
// as the frame's items on squares reach (t.sweep[f]: those rows, then the used squares). An
// undo's crosses go at its start.
const [rows, ...used] = t.sweep[f], far = {}, gap = q => Math.max(1, Math.min(...used.map(c => apart(c, q))));
//-marks
for (const u of units) {
//+marks
const q = t.square[u], b = q >> 24; if (t.kind[u] === 4) { if (visible(u)) far[b] = Math.max(far[b] | 0, gap(q)); continue; }
//-marks
if (t.kind[u] === 2 || t.kind[u] === 3) changed.add(t.square[u]);
if (t.kind[u] === 3) causes.push([t.square[u], visible(u)]);
}
// The nearest cause [distance, placed] on q's board, a placement winning a tie; its board's
// reach, the farthest a changed square lies from its nearest cause (at least 1).
const near = (q) => causes.reduce((best, [c, placed]) => {
const d = apart(c, q);
return d < best[0] || (d === best[0] && placed) ? [d, placed] : best;
}, [Infinity]);
for (const q of changed) {
const [d] = near(q), b = q >>> 24;
if (d < Infinity) reach[b] = Math.max(reach[b] || 1, d);
}
// One queen leaving and one arriving on a board is a move: the square she leaves switches at
// once, the one she reaches when she lands (SLIDE, 0.6), her old shading recedes while she
// slides and her new shading grows after (slide_time). Else switch_time (tween.rs): LAND is 0.3,
// SWEEP 0.8; the farthest ray and a removed queen at 1.
const slide = causes.length === 2 && causes[0][1] !== causes[1][1] && apart(causes[0][0], causes[1][0]) < Infinity;
const switchAt = (q) => {
const cause = slide && causes.find((c) => c[0] === q);
if (cause) return cause[1] ? 0.6 : 0;
const [d, placed] = near(q), r = reach[q >>> 24] || 1;
if (d === Infinity) return (0.8 * row(q)) / t.rows;
if (slide) return placed ? 0.6 + (0.4 * d) / r : (0.6 * (r - d)) / r;
if (placed) return d ? 0.3 + (0.7 * d) / r : 0.3;
return d ? (0.7 * (r - d)) / r : 1;
};
// A switch at eased time s shows from the first picture of the step drawn at or after it: picture
// k of n is drawn at time k / n, so k is n times the linear time s eases to (the inverse of
// motion::ease, 3x^2 - 2x^3), rounded up.
const starts = t.plans[t.plan[f]], n = starts.length;
const time = (s) => starts[Math.max(1, Math.ceil(n * (0.5 - Math.sin(Math.asin(1 - 2 * s) / 3)))) - 1];
// The step's queens land at 0.6 in a move, 0.3 in a placement, else at the start (land_time).
const land = slide ? 0.6 : causes.some((c) => c[1]) ? 0.3 : 0;
// A ghost comes with her leaving (at once if her square does not change) and goes at once, unless
// she is a placed queen's silhouette, which stays until she lands.
return units.map((u) => {
const q = t.square[u];
if (!t.kind[u]) return -1;
if (t.kind[u] === 5) return visible(u) ? time(land) : -1;
//+marks
const r = far[q >> 24]; if (t.kind[u] === 4) return visible(u) ? time(r < Infinity ? 0.8 * (gap(q) - 1) / r : 0.8 * row(q) / rows) : 0;
//-marks
return t.kind[u] === 2 || t.kind[u] === 3 || (visible(u) ? changed.has(q) : !slide && causes.some((c) => c[0] === q && c[1])) ? time(switchAt(q)) : 0;
});
}
//-found
let moved = [], drawn = -1;
// The units that moved last show as their frame says (the end of their fades).
function settle() {
for (const [g, u] of moved) if (g.classList.remove("i", "o"), !visible(u)) g.setAttribute("display", "none");
moved = [];
}
// Frame f's fading units start to fade.
// A change fades for three quarters of its step's in-betweens (the start of its last picture:
// longer in a held step), at most the page's fade.
function move(f) {
const rate = Number(speed.value), starts = t.plans[t.plan[f]], fading = Math.min(fade, (3 * starts[starts.length - 1]) >> 2);
cues(f).forEach((cue, k) => {
const u = t.toggled[t.start[f] + k];
for (const g of cue < 0 ? [] : unitGroups[u]) {
g.style.cssText = "--d:" + cue / rate + "ms;--f:" + Math.max(0, Math.min(fading, t.delays[f] - cue)) / rate + "ms";
g.removeAttribute("display");
g.classList.add(visible(u) ? "i" : "o");
moved.push([g, u]);
}
});
//+slide
slide(f, rate);
//-slide
}
//+slide
// A move (one queen leaving a square, one arriving on its board; motion::tween's rule): the
// silhouette standing on the square she reaches (t.sliders) shows from the step's start, moved
// from the square she left, eases home and hides when she lands (at eased time 0.6, motion::tween's
// SLIDE: the start of the first picture drawn at or after it); she leaves and lands at once (no
// fade). settle() hides it again: it is moved as unit -1, which visible() never shows (shown[-1]
// is undefined).
const sliders = svg.querySelectorAll(".k");
const landing = (starts) => {
const n = starts.length, k = starts.findIndex((_, k) => ((k + 1) / n) ** 2 * (3 - (2 * (k + 1)) / n) >= 0.6);
return starts[k < 0 ? n - 1 : k];
};
//+stored
// On a page that stores its cues, the frame's slide says which silhouette moves and from how far;
// the changes on her two squares switch at once (their codes are even).
function slide(f, rate) {
const m = t.slides[f], s = m && sliders[m[0]], starts = t.plans[t.plan[f]];
if (!s) return;
s.style.cssText = `--x:${m[1]}px;--y:${m[2]}px;--f:${landing(starts) / rate}ms`;
s.removeAttribute("display");
moved.push([s, -1]);
for (let i = t.start[f]; i < t.start[f + 1]; i++) if (t.cue[i] && !(t.cue[i] & 1)) for (const g of unitGroups[t.toggled[i]]) g.style.setProperty("--f", "0ms");
}
//-stored
//+found
function slide(f, rate) {
const units = t.toggled.subarray(t.start[f], t.start[f + 1]), go = [], come = [];
for (const u of units) if (t.kind[u] === 3) (visible(u) ? come : go).push(t.square[u]);
const [a] = go, [b] = come, s = sliders[t.sliders.indexOf(b)], starts = t.plans[t.plan[f]];
if (go.length !== 1 || come.length !== 1 || !s || a >>> 24 !== b >>> 24) return;
s.style.cssText = `--x:${((a & 4095) - (b & 4095)) * t.side}px;--y:${(row(a) - row(b)) * t.side}px;--f:${landing(starts) / rate}ms`;
s.removeAttribute("display");
moved.push([s, -1]);
// The two squares switch at once, as the video switches them: her queen, her ghost, their grounds.
for (const u of units) if (t.kind[u] && t.kind[u] < 5 && (t.square[u] === a || t.square[u] === b)) for (const g of unitGroups[u]) g.style.setProperty("--f", "0ms");
}
//-found
//-slide
