//! The integration tests, one binary (the crate is linked once, not once per file): one module per
//! area, named as the filter selects it (`cargo test --test it svg_stills::`), and `support`, the
//! helpers they share (the binary in a temporary folder, independent decoding and replay, outside
//! tools found and skipped in one place, SVG renderers, golden images).
//!
//! Tests that need an outside program ask `support::tools` for it: without it they print
//! `skipped: <reason>` and pass, unless `QUEENS_REQUIRE_TOOLS=1`, when they fail.

mod algorithms;
mod animate;
mod classes;
mod cli;
mod code;
mod code_look;
mod count;
mod count_shards;
mod docs_links;
mod explains;
mod formats;
mod formats_video;
mod frames;
mod gif_bytes;
mod golden;
mod handout;
mod heatmap;
mod hostile_budget;
mod hostile_in;
mod hostile_more;
mod hostile_other_user;
mod hostile_out;
mod hostile_std;
mod hostile_text;
mod html;
mod jsonl;
mod knuth;
mod labels;
mod layers;
mod legibility;
mod library;
mod look_panels;
mod look_reveal;
mod look_type;
mod messages;
mod motion;
mod motion_pace;
mod motion_pictures;
mod motion_slide;
mod motion_web;
mod output;
mod output_system;
mod pace;
mod pdf;
mod planted_links;
mod play;
mod properties;
mod puzzle_agree;
mod puzzle_book;
mod puzzle_bounds;
mod puzzle_logic;
mod puzzle_picture;
mod puzzle_play;
mod quiz;
mod race;
mod reading;
mod scene_ids;
mod seeds;
mod stills;
mod support;
mod surface;
mod svg_animate;
mod svg_stills;
mod tree;
mod why;
