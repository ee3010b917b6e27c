//! What a frame shows: a frame's board state becomes a [`Scene`] (items laid out in frame
//! coordinates, no pixels, no palette), which a backend in `crate::draw` then draws.
//!
//! Contract: a frame shows the board (light/dark squares), every queen, every free square plain (or
//! ringed) and every attacked square (and queen's square) shaded, a solved board unshaded with its queens
//! on the solution paint, and — unless bare — the square just acted on highlighted (placed,
//! removed with the ghost of its queen, checked safe, checked attacked with a line from the
//! attacker), a dead end's line outlined, file and rank labels inside the edge squares or in a strip
//! outside the board (unless turned off; a queen on a labelled square gives way to its labels),
//! region letters in region puzzles, and the caption band. Solution frames get a gold ring
//! and band. Bare frames hold only squares (with their rings and shades) and queens. A
//! [`Describer`] holds what one run's frames share (layout, caption words, panels); describing
//! never draws.

pub mod annotate;
pub mod caption;
pub mod code;
pub mod color;
pub mod describe;
pub mod give_way;
pub mod identity;
pub mod items;
mod key;
mod labels;
pub mod layout;
pub mod paint;
mod puzzle_board;
pub mod puzzle_colours;
mod region_letters;
mod reveal;
pub mod theme;
mod theme_builtin;
mod tree_cells;
mod tree_legend;
pub mod tree_panel;
pub mod why;

use crate::board::facts::StepFacts;
use crate::board::tree::SearchTree;
use crate::board::{Board, BoardFrame};
use crate::font::Glyphs;
use crate::trace::Algorithm;
use annotate::Annotation;
use caption::CaptionSpec;
use items::Scene;
use layout::Layout;
use std::sync::Arc;
use theme::{Paint, Theme};

/// How frames look. Default: automatic square size, captions on, file and rank labels inside the
/// edge squares, default theme.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct RenderOptions {
    /// Pixels per square; `None` picks [`layout::default_square`]. Default: `None`.
    pub square: Option<usize>,
    /// Only squares and queens: exactly `n * square` pixels square. Default: off.
    pub bare: bool,
    /// Label files a-h and ranks 1-8 inside the board's edge squares (ranks at the bottom left of the
    /// a-file's squares, files at the bottom right of rank 1's), in the queens' ink, so the frame
    /// keeps its size and the board its place; never on bare frames. Default: on.
    pub coords: bool,
    /// With `coords`, put the labels in a strip outside the board instead (ranks left of it, files
    /// under it): the frame grows by the strip, and squares under 36 px carry labels too. Default: off.
    pub coords_outside: bool,
    /// Leave attacked squares unshaded (stills of solutions, `--no-attacks`). Default: off.
    pub no_attacks: bool,
    /// Colours. Default: [`Theme::default`].
    pub theme: Theme,
    /// A panel right of the board with the run's search tree (animations of whole tree-search
    /// runs). Default: off.
    pub tree: bool,
    /// Draw the attacks behind dead ends (`--why`): on the frame where a line runs out of safe
    /// squares, join each of its squares to a queen attacking it (the line is underlined and its
    /// dead end said in the caption anyway). Tree searches only. Default: off.
    pub why: bool,
    /// A panel right of the board with the algorithm's pseudocode, the line each frame executes
    /// highlighted, and its variables' values (runs of the algorithms with a [`code::listing`];
    /// ignored by stills). Default: off.
    pub code: bool,
    /// A second theme for viewers that prefer a dark colour scheme; only SVG output carries it
    /// (switched by `prefers-color-scheme`). Default: `None`.
    pub dark: Option<Theme>,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            square: None,
            bare: false,
            coords: true,
            coords_outside: false,
            no_attacks: false,
            theme: Theme::default(),
            tree: false,
            why: false,
            code: false,
            dark: None,
        }
    }
}

impl RenderOptions {
    /// The square size in use for an n-board.
    pub fn square_for(&self, n: usize) -> usize {
        self.square.unwrap_or_else(|| layout::default_square(n))
    }
}

/// Describes frames of one run as [`Scene`]s; holds the layout, the caption's words and the panels.
#[derive(Clone)]
pub struct Describer {
    /// Where everything goes in a frame.
    pub layout: Layout,
    /// The font, for measuring text.
    glyphs: Glyphs,
    caption: Option<CaptionSpec>,
    bare: bool,
    shade_attacks: bool,
    annotation: Annotation,
    tree: Option<Arc<tree_cells::TreeCells>>,
    tree_legend: Option<Arc<tree_legend::TreeLegend>>,
    why: bool,
    /// Outline the board (themes that print).
    outline: bool,
    /// The search tree's dead ends' fill ([`tree_legend::dead_fill`]).
    tree_dead: Paint,
    /// Ring free squares (themes whose grounds cannot differ enough in lightness).
    rings: bool,
    /// Attacked squares are hatched (themes that print).
    hatch: bool,
    /// The run's algorithm and whether it records checks (from its caption spec, kept when bare):
    /// what decides which frames are dead ends.
    run: Option<(Option<Algorithm>, bool)>,
    /// The code panel's listing and whether the run records checks (`--code`).
    code: Option<(code::Listing, bool)>,
    /// The run's caption words, kept when bare frames draw no caption (reading time, transcripts).
    words: Option<CaptionSpec>,
    /// A label's ink on a puzzle's blocked square: the queens', or the background's when that
    /// stands further from the blocked paint.
    blocked_label: Paint,
    /// Where queens stand on labelled squares (worked out once per set of labels).
    give_way: Arc<give_way::GiveWay>,
}

impl Describer {
    /// A describer for frames of an n-board; `caption` is `None` for stills without a caption band.
    pub fn new(n: usize, options: &RenderOptions, caption: Option<CaptionSpec>) -> Self {
        let glyphs = Glyphs::new();
        let square = options.square_for(n);
        let caption = caption.map(|spec| CaptionSpec { why: options.why && !options.bare, ..spec });
        let run = caption.as_ref().map(|spec| (spec.kind, spec.has_checks));
        let layout = if options.bare {
            Layout::bare(n, square)
        } else {
            let coords = match (options.coords, options.coords_outside) {
                (false, _) => layout::Coords::Off,
                (true, false) => layout::Coords::Inside,
                (true, true) => layout::Coords::Outside,
            };
            Layout::framed(n, square, coords, caption.as_ref(), &glyphs)
        };
        let code = run.filter(|_| options.code).and_then(|(kind, checks)| Some((code::listing(kind?)?, checks)));
        let layout = match (&code, &caption) {
            (Some((listing, _)), Some(spec)) => {
                let digits = spec
                    .total_events
                    .map_or(caption::UNKNOWN_TOTAL_DIGITS, |total| spec.max_value.max(total as u64).to_string().len());
                layout.with_code_panel(listing, &listing.widest_values(n, digits), &glyphs)
            }
            _ => layout,
        };
        let words = caption.clone();
        let caption = if options.bare { None } else { caption };
        let annotation = caption.as_ref().map_or(Annotation::None, |c| Annotation::for_algorithm(c.kind));
        let why = caption.as_ref().is_some_and(|c| c.why);
        Describer {
            blocked_label: blocked_label_ink(&options.theme),
            give_way: Arc::new(give_way::GiveWay::new(square)),
            layout,
            glyphs,
            caption,
            bare: options.bare,
            shade_attacks: !options.no_attacks,
            annotation,
            tree: None,
            tree_legend: None,
            why,
            outline: options.theme.outline,
            tree_dead: tree_legend::dead_fill(&options.theme),
            // An SVG with a dark half draws the rings when either theme has them (the style sheet
            // hides them in the other).
            rings: options.theme.rings || options.dark.as_ref().is_some_and(|dark| dark.rings),
            hatch: options.theme.hatch,
            run,
            code,
            words,
        }
    }

    /// Whether frames carry the caption band (not bare, not a still).
    pub fn draws_caption(&self) -> bool {
        self.caption.is_some()
    }

    /// The caption `frame` says in words (also when bare frames do not draw it); `None` for stills.
    pub fn caption_text(&self, frame: &BoardFrame) -> Option<caption::CaptionText> {
        self.caption_of(frame, &self.facts(frame))
    }

    /// The caption of `frame`, whose step's facts are `facts` (see [`Describer::facts`]).
    pub fn caption_of(&self, frame: &BoardFrame, facts: &StepFacts) -> Option<caption::CaptionText> {
        self.words.as_ref().map(|spec| caption::caption_of(frame, facts, spec))
    }

    /// The facts of `frame`'s step: plain ones for stills and runs of unknown algorithms.
    pub fn facts(&self, frame: &BoardFrame) -> StepFacts {
        match self.run {
            Some((kind, checks)) => StepFacts::of(kind, frame, checks),
            None => StepFacts::plain(frame.event.as_ref()),
        }
    }

    /// This describer with a search tree panel right of the board, showing `tree` as the run goes.
    pub fn with_tree(mut self, tree: SearchTree) -> Self {
        let size = self.label_size();
        let legend = tree_legend::TreeLegend::new(
            &tree,
            size,
            self.layout.tree_panel_width(),
            (self.outline, self.tree_dead),
            &self.glyphs,
        );
        self.layout = self.layout.with_tree_panel(legend.height);
        let panel = self.layout.tree.expect("the layout has a tree panel now");
        self.tree_legend = Some(Arc::new(legend.placed(self.layout.tree_legend.expect("and a legend"))));
        self.tree = Some(Arc::new(tree_cells::TreeCells::new(tree, panel)));
        self
    }

    /// Text size of labels on sheets and panels (capitals at least 0.18 x square).
    pub fn label_size(&self) -> u32 {
        layout::label_text_size(self.layout.square, &self.glyphs)
    }

    /// Height of a capital (and a digit) at `size` pixels.
    pub fn cap_height(&self, size: u32) -> f32 {
        self.glyphs.cap_height(size)
    }

    /// Width of `text` at `size` pixels, and the font's ascent at that size.
    pub fn measure(&self, text: &str, size: u32) -> (f32, f32) {
        (self.glyphs.text_width(text, size), self.glyphs.ascent(size))
    }

    /// What a board with no event shows (stills): squares, queens, conflicts, labels.
    pub fn describe_board(&self, board: &Board) -> Scene {
        let frame = BoardFrame { index: 0, total: 0, event: None, board: board.clone(), counters: Default::default() };
        self.describe(&frame)
    }
}

/// A label's ink on a puzzle's blocked square (dark in light themes): the queens', or the
/// background's when that stands further from the blocked paint.
fn blocked_label_ink(theme: &Theme) -> Paint {
    let against = |paint| color::contrast(theme.color(paint), theme.color(Paint::Blocked));
    if against(Paint::Background) > against(Paint::Queen) {
        Paint::Background
    } else {
        Paint::Queen
    }
}
