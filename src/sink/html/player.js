"use strict";
// The queens HTML player. The drawing is the Rust SVG backend's, packed with its table
// (src/sink/html/pack.rs): this script places it in #stage as the <svg> #frame, shows and hides its
// units (the <g> children of #frame) as the table says, and reads each frame's caption off the
// glyphs it shows. It marks solutions and dead ends on the timeline. It draws nothing itself, fetches nothing
// and evaluates no code. Comment lines and indentation are left out of the page.
(() => {
const $ = (id) => document.getElementById(id);
const player = $("player"), scrub = $("scrub"), from = $("from"), to = $("to");
const speed = $("speed"), loopBox = $("loop"), at = $("at"), span = $("span"), caption = $("caption");
const help = $("help"), keysButton = $("keys"), playButton = $("play"), playIcon = playButton.innerHTML;
const pauseIcon = '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M3 2h4v12H3zM9 2h4v12H9z"/></svg>';
// Frames between stored states: a seek replays at most this many frames' toggles.
const EVERY = 64;

// Raw DEFLATE (RFC 1951), synchronously, so the page is ready as soon as its script has run.
function inflate(src) {
let out = new Uint8Array(src.length * 4), len = 0, pos = 0, buf = 0, have = 0;
// The next n bits (n <= 13), least significant first; whole bytes may be read ahead.
const bits = (n) => {
for (; have < n; have += 8) buf |= src[pos++] << have;
const v = buf & ((1 << n) - 1);
buf >>>= n;
have -= n;
return v;
};
const put = (b) => {
if (len === out.length) { const grown = new Uint8Array(out.length * 2); grown.set(out); out = grown; }
out[len++] = b;
};
// A canonical Huffman code from code lengths: counts per length, symbols in code order, and a
// table of (symbol << 4 | length) for every 9 next bits that start with a code of up to 9 bits.
const code = (lengths) => {
const count = new Uint16Array(16), symbols = new Uint16Array(lengths.length), offs = new Uint16Array(16);
for (const l of lengths) count[l]++;
count[0] = 0;
for (let i = 1; i < 16; i++) offs[i] = offs[i - 1] + count[i - 1];
lengths.forEach((l, s) => { if (l) symbols[offs[l]++] = s; });
const fast = new Int32Array(512).fill(-1);
for (let l = 1, c = 0, i = 0; l <= 9; l++, c <<= 1) {
for (let k = 0; k < count[l]; k++, c++, i++) {
let reversed = 0;
for (let b = 0; b < l; b++) reversed |= ((c >> b) & 1) << (l - 1 - b);
for (let j = reversed; j < 512; j += 1 << l) fast[j] = (symbols[i] << 4) | l;
}
}
return { count, symbols, fast };
};
const decode = (h) => {
for (; have < 16; have += 8) buf |= src[pos++] << have;
const e = h.fast[buf & 511];
if (e >= 0) {
buf >>>= e & 15;
have -= e & 15;
return e >> 4;
}
let c = 0, first = 0, index = 0;
for (let l = 1; l < 16; l++) {
if (!have) { buf = src[pos++]; have = 8; }
c |= buf & 1;
buf >>>= 1;
have--;
const n = h.count[l];
if (c - first < n) return h.symbols[index + c - first];
index += n; first = (first + n) << 1; c <<= 1;
}
throw new Error("bad table");
};
const LBASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LEXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DBASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
let last;
do {
last = bits(1);
const type = bits(2);
if (type === 0) {
// Stored: the rest of the byte is skipped (whole bytes read ahead are given back), then LEN,
// NLEN and LEN bytes.
pos -= have >> 3;
const n = src[pos] | (src[pos + 1] << 8);
for (let i = 0; i < n; i++) put(src[pos + 4 + i]);
pos += 4 + n;
buf = have = 0;
continue;
}
let lit, dist;
if (type === 1) {
const l = new Uint8Array(288).fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280);
lit = code(l); dist = code(new Uint8Array(30).fill(5));
} else {
const nlit = bits(5) + 257, ndist = bits(5) + 1, nlen = bits(4) + 4, cl = new Uint8Array(19);
for (let i = 0; i < nlen; i++) cl[ORDER[i]] = bits(3);
const lenCode = code(cl), l = new Uint8Array(nlit + ndist);
for (let i = 0; i < nlit + ndist;) {
const s = decode(lenCode);
if (s < 16) { l[i++] = s; continue; }
const [v, n] = s === 16 ? [l[i - 1], 3 + bits(2)] : s === 17 ? [0, 3 + bits(3)] : [0, 11 + bits(7)];
l.fill(v, i, i + n); i += n;
}
lit = code(l.subarray(0, nlit)); dist = code(l.subarray(nlit));
}
for (;;) {
const s = decode(lit);
if (s < 256) { put(s); continue; }
if (s === 256) break;
const n = LBASE[s - 257] + bits(LEXTRA[s - 257]), d = decode(dist);
const back = DBASE[d] + bits(d < 4 ? 0 : (d >> 1) - 1);
for (let i = 0; i < n; i++) put(out[len - back]);
}
} while (!last);
return out.subarray(0, len);
}

// The table (see pack.rs): LEB128 numbers, read in order.
function parse(bytes) {
let p = 0;
const uint = () => {
let v = 0, scale = 1, b;
do { b = bytes[p++]; v += (b & 127) * scale; scale *= 128; } while (b & 128);
return v;
};
const int = () => { const v = uint(); return v % 2 ? -(v + 1) / 2 : v / 2; };
const list = (n, out = new Uint32Array(n), start = 0) => {
for (let i = 0, next = 0; i < n; i++) next = out[start + i] = next + uint() + (i ? 1 : 0);
return out;
};
if (uint() !== 2) throw new Error("this page was written by another version of queens");
const t = { frames: uint(), units: uint() };
const elements = uint(), glyphs = uint();
t.elementUnit = new Uint32Array(elements);
for (let i = 0, u = 0; i < elements; i++) t.elementUnit[i] = u += int();
t.initial = list(uint());
t.start = new Uint32Array(t.frames + 1);
for (let f = 0; f < t.frames; f++) t.start[f + 1] = t.start[f] + uint();
t.toggled = new Uint32Array(t.start[t.frames]);
for (let f = 0; f < t.frames; f++) list(t.start[f + 1] - t.start[f], t.toggled, t.start[f]);
t.steps = list(t.frames);
t.delays = Array.from({ length: t.frames }, () => uint() * 10);
t.marks = Array.from({ length: t.frames }, uint);
const column = (read) => Array.from({ length: glyphs }, read);
t.glyphs = { unit: column(uint), ch: column(() => String.fromCodePoint(uint())) };
for (const key of ["x", "y", "advance", "half"]) t.glyphs[key] = column(int);
//+motion
// Smooth motion's columns (pack.rs, read in motion.js): the pictures' starts (ms) of each
// distinct step, then each frame's; then a page's stored cues (every toggle's code) or, on a page
// whose script finds them, the boards' rows, each unit's kind and square.
const read = (n) => Array.from({ length: n }, uint);
t.plans = Array.from({ length: uint() }, () => read(uint())); t.plan = read(t.frames);
//+stored
t.cue = read(t.toggled.length);
//+slide
// A run whose queens slide: each frame's silhouette (+ 1, 0: none), then where each comes from.
t.slides = read(t.frames).map((k) => k && [k - 1, int(), int()]);
//-slide
//-stored
//+found
let q = 0;
t.rows = uint(); t.kind = read(t.units); t.square = t.kind.map((k) => (k ? (q += int()) : 0));
//+marks
// A puzzle's crosses: per frame the rows its items on squares reach, then the squares its rule used.
t.sweep = read(t.frames).map(read);
//-marks
//+slide
// A run whose queens slide: the squares of their silhouettes (zigzag differences), a square's side.
q = 0;
t.sliders = Array.from({ length: uint() }, () => (q += int())); t.side = uint();
//-slide
//-found
//-motion
t.markup = new TextDecoder().decode(bytes.subarray(p));
return t;
}

const text = atob($("table").textContent.trim()), packed = new Uint8Array(text.length);
for (let i = 0; i < text.length; i++) packed[i] = text.charCodeAt(i);
const t = parse(inflate(packed));
const stage = $("stage");
stage.innerHTML = t.markup;
stage.style.height = "";
const svg = $("frame"), last = t.frames - 1, words = (t.units + 31) >> 5;
const groups = Array.from(svg.children).filter((e) => e.tagName === "g");
if (groups.length !== t.elementUnit.length) throw new Error("the drawing and its table disagree");
const unitGroups = Array.from({ length: t.units }, () => []);
groups.forEach((g, i) => unitGroups[t.elementUnit[i]].push(g));
const apply = (bitset, f) => {
for (let i = t.start[f]; i < t.start[f + 1]; i++) bitset[t.toggled[i] >> 5] ^= 1 << (t.toggled[i] & 31);
};
// The units shown on every EVERY-th frame, then what the page shows now.
const stored = new Uint32Array(Math.ceil(t.frames / EVERY) * words), shown = new Uint32Array(words);
for (const u of t.initial) shown[u >> 5] |= 1 << (u & 31);
for (let f = 0; f < t.frames; f++) {
apply(shown, f);
if (f % EVERY === 0) stored.set(shown, (f / EVERY) * words);
}
shown.set(stored.subarray(0, words));
const want = new Uint32Array(words), visible = (u) => (shown[u >> 5] >>> (u & 31)) & 1;
//+motion
//motion.js
//-motion

// The units of frame f shown, the others hidden: only those that differ are touched.
function draw(f) {
//+motion
settle();
//-motion
const base = Math.floor(f / EVERY);
want.set(stored.subarray(base * words, base * words + words));
for (let g = base * EVERY + 1; g <= f; g++) apply(want, g);
for (let w = 0; w < words; w++) {
for (let diff = want[w] ^ shown[w]; diff; diff &= diff - 1) {
const u = w * 32 + 31 - Math.clz32(diff & -diff);
for (const g of unitGroups[u]) {
if ((want[w] >>> (u & 31)) & 1) g.removeAttribute("display");
else g.setAttribute("display", "none");
}
}
}
shown.set(want);
//+motion
if (playing && f === drawn + 1 && Number(speed.value) <= 1) move(f);
drawn = f;
//-motion
}

// The caption as the drawing shows it: glyphs by baseline then pen, " · " between lines and where
// the pen jumps three spaces or more on one line (the title, then the action), a space
// where the pen jumps at least half a space (as words() in src/render/svg/atoms.rs reads a scene).
function words_shown() {
const g = t.glyphs;
let text = "", y = null, end = 0;
for (let i = 0; i < g.ch.length; i++) {
if (g.unit[i] && !visible(g.unit[i] - 1)) continue;
if (y !== null && g.y[i] !== y) text += " · ";
else if (y !== null && g.x[i] * 100 - end >= 6 * g.half[i] && !text.endsWith("· ")) text += " · ";
else if (y !== null && g.x[i] * 100 - end >= g.half[i]) text += " ";
text += g.ch[i];
y = g.y[i];
end = g.x[i] * 100 + g.advance[i];
}
return text || player.dataset.words;
}

let frame = 0, playing = false, timer = 0, linkTimer = 0, due = 0, typed = "";
let loopsLeft = Number(player.dataset.loop) < 0 ? Infinity : Number(player.dataset.loop);
loopBox.checked = loopsLeft > 0;
for (const input of [scrub, from, to]) input.max = last;
to.value = last;

// The held frame for frame number k: k itself, else the last one before it (or the first).
function index(k) {
let lo = 0, hi = last;
while (lo < hi) {
const mid = (lo + hi + 1) >> 1;
if (t.steps[mid] <= k) lo = mid; else hi = mid - 1;
}
return lo;
}

// The position, unless the frame's caption already says its step ("step 4 of 57").
function status() {
const stepSaid = caption.textContent.includes("step " + t.steps[frame] + " of " + t.steps[last]);
at.textContent = typed ? "go to step " + typed + "⏎" : stepSaid ? "" : t.steps[frame] + " / " + t.steps[last];
}

// Frame f on screen; paused, the address bar follows (#frame=K), so a reader can link the step.
function show(f) {
frame = Math.max(0, Math.min(last, f));
draw(frame);
scrub.value = frame;
scrub.style.setProperty("--p", (last ? (frame / last) * 100 : 0) + "%");
caption.textContent = words_shown();
status();
clearTimeout(linkTimer);
// Browsers refuse more than about 200 address changes in 10 s: held keys write the last one only.
if (!playing) linkTimer = setTimeout(link, 200);
}

function link() {
try {
history.replaceState(null, "", "#frame=" + t.steps[frame]);
} catch (e) {
// A sandboxed frame may refuse: the frame still shows.
}
}

function setPlaying(on) {
playing = on && t.frames > 1;
clearTimeout(timer);
playButton.innerHTML = playing ? pauseIcon : playIcon;
const label = playing ? "Pause (space)" : "Play (space)";
playButton.setAttribute("aria-label", label);
caption.setAttribute("aria-live", playing ? "off" : "polite");
}

// Each frame shows for its delay (divided by the speed), then the next; at the loop's end, its
// start again while loops are left.
function schedule() {
due += t.delays[frame] / Number(speed.value);
timer = setTimeout(advance, Math.max(0, due - performance.now()));
}

function advance() {
const a = Number(from.value), b = Number(to.value);
if (frame < a || frame > b) show(a);
else if (frame < b) { if (asks(frame + 1)) return setPlaying(false); show(frame + 1); }
else if (loopsLeft > 0) { loopsLeft--; show(a); }
else return go(frame);
schedule();
}

function play() {
const loop = Number(player.dataset.loop);
loopsLeft = loopBox.checked ? (loop > 0 ? loop : Infinity) : 0;
setPlaying(true);
if (frame >= Number(to.value) || frame < Number(from.value)) show(Number(from.value));
else show(frame);
due = performance.now();
if (playing) schedule();
}

const toggle = () => (playing ? pause() : play());
const go = (f) => { setPlaying(false); show(f); };
const pause = () => go(frame);
// A quiz (quiz.js) may stop the player before a step: it sets player.ask.
const asks = (f) => player.ask && player.ask(f, playing);
const step = () => asks(frame + 1) ? setPlaying(false) : go(frame + 1);
const faster = (by) => {
speed.selectedIndex = Math.max(0, Math.min(speed.options.length - 1, speed.selectedIndex + by));
};

// The next frame after this one (by > 0), or the one before it (by < 0), with mark m.
function seek(m, by) {
for (let f = frame + by; f >= 0 && f <= last; f += by) if (t.marks[f] === m) return go(f);
}

function showHelp(on) {
help.hidden = !on;
keysButton.setAttribute("aria-expanded", on);
}

function range() {
if (Number(from.value) > Number(to.value)) [from.value, to.value] = [to.value, from.value];
span.textContent = "frames " + t.steps[from.value] + "–" + t.steps[to.value];
}

playButton.onclick = toggle;
$("first").onclick = () => go(0);
$("last").onclick = () => go(last);
$("back").onclick = () => go(frame - 1);
$("forward").onclick = () => step();
scrub.oninput = () => go(Number(scrub.value));
from.oninput = to.oninput = range;
keysButton.onclick = () => showHelp(help.hidden);
help.onclick = () => showHelp(false);
loopBox.onchange = () => { loopsLeft = loopBox.checked ? Infinity : 0; };
speed.onchange = () => { if (playing) { clearTimeout(timer); due = performance.now(); schedule(); } };

// Keys as in `queens play`: space, left/right or h/l, g/G, +/-, a number then Enter; s/S and d/D
// for the next/previous solution and dead end, ? for the list of keys.
document.addEventListener("keydown", (e) => {
const target = e.target, key = e.key;
if (e.ctrlKey || e.metaKey || e.altKey || target instanceof HTMLSelectElement || target.type === "text") return;
if (target.type === "range" && /^(Arrow|Home|End|Page)/.test(key)) return;
if ((target instanceof HTMLButtonElement || target.type === "checkbox") && (key === " " || key === "Enter")) return;
if (/^[0-9]$/.test(key)) typed += key;
else if (key === "Backspace") typed = typed.slice(0, -1);
else if (key === "Escape") { typed = ""; showHelp(false); }
else if (key === "?") showHelp(help.hidden);
else if (key === "Enter" && typed) { const k = Number(typed); typed = ""; go(index(k)); }
else if (key === " ") toggle();
else if (key === "ArrowRight" || key === "l") step();
else if (key === "ArrowLeft" || key === "h") go(frame - 1);
else if (key === "g" || key === "Home") go(0);
else if (key === "G" || key === "End") go(last);
else if (key === "s" || key === "S") seek(1, key === "s" ? 1 : -1);
else if (key === "d" || key === "D") seek(2, key === "d" ? 1 : -1);
else if (key === "+" || key === "=") faster(1);
else if (key === "-" || key === "_") faster(-1);
else return;
e.preventDefault();
status();
});

// #frame=K opens paused at frame K; #frame=K&play plays from there.
function follow() {
const link = /^#frame=(\d+)(&play)?$/.exec(location.hash);
if (!link) return false;
go(index(Number(link[1])));
if (link[2]) play();
return true;
}
window.addEventListener("hashchange", follow);
// The marks, over the timeline where their frames are; the controls line up with the board (the
// caption's left edge).
// (numbers only: class a for solutions, b for dead ends).
$("marks").innerHTML = t.marks.map((m, f) => (m && last ? "<i class=" + " ab"[m] + " style=left:" + f / last * 100 + "%></i>" : "")).join("");
// (As a share of the frame's width, which scales with the window.)
const left = t.glyphs.x.length ? Math.min(48, ...t.glyphs.x) : 0, share = (left / svg.width.baseVal.value) * 100;
if (left > 8) $("controls").style.padding = "0 " + share + "% " + share / 2 + "%";
range();
if (!follow()) {
if (matchMedia("(prefers-reduced-motion: reduce)").matches) go(0);
else play();
}
player.go = go;
player.play = play;
player.step = step;
player.inflate = inflate;
player.dataset.ready = "";
})();
