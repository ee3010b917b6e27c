//! The public surface at the crate's root, kept as a snapshot (`tests/it/surface.txt`) so that an
//! accidental removal or rename fails here instead of in a user's build.
//!
//! Contract: reads `src/lib.rs` and lists every name it makes public at the root (`pub use` leaves,
//! their `as` names, and top-level `pub fn/mod/type/struct/enum/trait/const/static`), one a line,
//! sorted, with ` [image]` after names that only exist with the `image` feature; the doc-hidden
//! `internals` module counts as one name, not its contents. A name added or removed on purpose is
//! recorded with `QUEENS_UPDATE_SURFACE=1 cargo test --test it surface` (then review the diff of
//! `tests/it/surface.txt` and commit it with the change).
//! Also checks that every variant of the error enums (whose fields `missing_docs` does not see) has
//! a doc sentence.

use std::collections::BTreeSet;
use std::path::Path;

const SNAPSHOT: &str = "tests/it/surface.txt";

/// The root's public names, as `name` or `name [image]`.
fn public_names(lib: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let lines: Vec<&str> = lib.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let gated = i > 0 && lines[i - 1].trim() == "#[cfg(feature = \"image\")]";
        let tag = |name: &str| if gated { format!("{name} [image]") } else { name.to_string() };
        if let Some(rest) = line.strip_prefix("pub use ") {
            let mut statement = rest.to_string();
            while !statement.trim_end().ends_with(';') && i + 1 < lines.len() {
                i += 1;
                statement.push_str(lines[i]);
            }
            names.extend(use_leaves(&statement).iter().map(|name| tag(name)));
        } else if let Some(rest) = line.strip_prefix("pub ") {
            let mut words = rest.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty());
            let kind = words.next().unwrap_or("");
            if ["fn", "mod", "type", "struct", "enum", "trait", "const", "static"].contains(&kind) {
                names.extend(words.next().map(tag));
            }
        }
        i += 1;
    }
    names
}

/// The names a `use` tree (after `pub use `) brings in: each path's last segment, or its `as` name.
fn use_leaves(tree: &str) -> Vec<String> {
    tree.split(['{', '}', ',', ';'])
        .map(str::trim)
        .filter(|piece| !piece.is_empty() && !piece.ends_with("::"))
        .map(|piece| match piece.split_once(" as ") {
            Some((_, alias)) => alias.trim().to_string(),
            None => piece.rsplit("::").next().unwrap_or(piece).to_string(),
        })
        .collect()
}

#[test]
fn the_public_root_matches_the_snapshot() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).unwrap();
    let names = public_names(&lib);
    assert!(names.contains("render") && names.contains("Error") && names.contains("frames [image]"), "{names:?}");
    let listed: String = names.iter().map(|name| format!("{name}\n")).collect();
    let path = root.join(SNAPSHOT);
    if std::env::var_os("QUEENS_UPDATE_SURFACE").is_some() {
        std::fs::write(&path, &listed).unwrap();
        return;
    }
    let snapshot = std::fs::read_to_string(&path).unwrap_or_default();
    let recorded: BTreeSet<String> = snapshot.lines().map(str::to_string).collect();
    let gone: Vec<&String> = recorded.difference(&names).collect();
    let new: Vec<&String> = names.difference(&recorded).collect();
    assert!(
        gone.is_empty() && new.is_empty(),
        "the public root changed: removed {gone:?}, added {new:?}; if that is meant, run \
         QUEENS_UPDATE_SURFACE=1 cargo test --test it surface and commit {SNAPSHOT}"
    );
}

#[test]
fn use_trees_name_their_leaves() {
    let leaves = use_leaves("a::{b, c::{D, e as F}}, g::h;");
    assert_eq!(leaves, ["b", "D", "F", "h"]);
    let lib = "pub use x::{A, b};\n#[cfg(feature = \"image\")]\npub use {\n    y::z,\n};\npub fn run() {}\n    pub fn inner() {}\npub(crate) fn hidden() {}\n";
    let names: Vec<String> = public_names(lib).into_iter().collect();
    assert_eq!(names, ["A", "b", "run", "z [image]"]);
}

#[test]
fn every_error_variant_has_a_sentence() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = ["src/error/mod.rs", "src/error/faults.rs"]
        .map(|file| std::fs::read_to_string(root.join(file)).unwrap())
        .join("\n");
    let mut undocumented = Vec::new();
    let (mut inside, mut documented) = (false, false);
    for line in source.lines() {
        if line.starts_with("pub enum ") {
            (inside, documented) = (true, false);
        } else if line == "}" {
            inside = false;
        } else if inside && line.starts_with("    ///") {
            documented = true;
        } else if inside && line.starts_with("    ") && line.chars().nth(4).is_some_and(|c| c.is_ascii_uppercase()) {
            if !documented {
                undocumented.push(line.trim().to_string());
            }
            documented = false;
        }
    }
    assert!(undocumented.is_empty(), "error variants without a /// sentence: {undocumented:?}");
}
