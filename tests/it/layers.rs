//! The library's stages import only downwards, and no two files import each other in a ring.
//!
//! Contract: reads every `.rs` file under `src/` (not its test code: files named `tests.rs` or
//! `*_tests.rs`, and the inline `#[cfg(test)] mod` blocks), resolves each `crate::`, `super::` and
//! `self::` path to the file of the longest module it names, and checks:
//! - the library (everything but `src/cli/`): nothing imports the crate root (`lib.rs` is the top:
//!   `crate::error::Error`, never `crate::Error`); a file imports only files of an earlier stage in
//!   [`STAGES`], or files of its own folder; `pipeline` and `stills` stand side by side and do not
//!   import each other; the backends under `draw/` (raster, svg, pdf, text) do not import each
//!   other; `motion` (in-betweens of two scenes) imports only error, trace, board and scene;
//! - the library and the binary (`src/cli/`, its own crate): no import cycle between files (a
//!   folder's `mod.rs`, its front door, may use the folder's own files: that is not counted);
//! - `src/cli/args.rs`, the floor of the command line, imports no other file of it;
//! - the command line (tests included) names nothing under `queens::internals`: it is a library
//!   user like any other, so the curated root must be enough to build it.
//!
//! A failure lists every offending import as `FILE imports FILE (why)`, and every cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The library's stages, bottom first: a file may import files of an earlier entry.
const STAGES: &[&[&str]] = &[
    &["error"],
    &["pixels"],
    &["font"],
    &["encode"],
    &["output"],
    &["trace"],
    &["count"],
    &["solve"],
    &["board"],
    &["scene"],
    // In-betweens of two scenes (the motion issue fills it): it may import only scene, board and
    // trace, and nothing below draw imports it.
    &["motion"],
    &["draw"],
    &["sink"],
    &["pipeline", "stills"],
    &[""],
];

/// Files of one stage that must not import each other: the backends draw the same scene, each on
/// its own.
const SIBLINGS: &[&[&str]] = &[&["draw/raster", "draw/svg", "draw/pdf", "draw/text"]];

/// Stages that may import only some of the stages below them: motion works on scenes alone.
const ONLY: &[(&str, &[&str])] = &[("motion", &["error", "trace", "board", "scene"])];

/// One crate's files: module path -> file.
type Modules = BTreeMap<Vec<String>, PathBuf>;

#[test]
fn library_stages_import_only_downwards() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = modules(&src, &src.join("lib.rs"), &[src.join("cli")]);
    let edges = edges(&modules);
    let mut faults = cycles(&edges);
    for (from, tos) in &edges {
        for to in tos {
            if let Some(why) = stage_fault(&modules, from, to).or_else(|| sibling_fault(from, to)) {
                faults.push(format!("{} imports {} ({why})", show(&modules[from]), show(&modules[to])));
            }
        }
    }
    assert!(faults.is_empty(), "import rules broken:\n{}", faults.join("\n"));
}

#[test]
fn command_line_has_no_cycles_and_a_floor() {
    let cli = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    let modules = modules(&cli, &cli.join("main.rs"), &[]);
    let edges = edges(&modules);
    let mut faults = cycles(&edges);
    let floor = vec!["args".to_string()];
    for to in edges.get(&floor).into_iter().flatten() {
        faults.push(format!("the floor src/cli/args.rs imports {}", show(&modules[to])));
    }
    for path in modules.values() {
        let code = std::fs::read_to_string(path).unwrap();
        if tokens(&code).windows(3).any(|w| w[0] == "queens" && w[1] == "::" && w[2] == "internals") {
            faults.push(format!("{} uses queens::internals", show(path)));
        }
    }
    assert!(faults.is_empty(), "command line import rules broken:\n{}", faults.join("\n"));
}

/// Every module file below `dir` with its module path (`root` is the crate root, `[]`).
fn modules(dir: &Path, root: &Path, skip: &[PathBuf]) -> Modules {
    let mut found = Modules::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if skip.contains(&path) {
                continue;
            }
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let name = path.file_stem().unwrap().to_string_lossy().to_string();
                if name == "tests" || name.ends_with("_tests") {
                    continue;
                }
                let mut module: Vec<String> = path
                    .parent()
                    .unwrap()
                    .strip_prefix(dir)
                    .unwrap()
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().to_string())
                    .collect();
                if path != root && name != "mod" {
                    module.push(name);
                }
                found.insert(module, path);
            }
        }
    }
    found
}

/// Which module files each module file imports (itself left out).
fn edges(modules: &Modules) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut edges = BTreeMap::new();
    for (module, path) in modules {
        let code = without_tests(&std::fs::read_to_string(path).unwrap());
        let mut targets = BTreeSet::new();
        for segments in paths(&code) {
            let (base, rest) = match segments[0].as_str() {
                "crate" => (Vec::new(), &segments[1..]),
                "self" => (module.clone(), &segments[1..]),
                "super" => {
                    let mut base = module.clone();
                    let supers = segments.iter().take_while(|s| *s == "super").count();
                    // `super` in a/b.rs (module a::b) is `a`; in a/mod.rs (module a), the root.
                    base.truncate(base.len().saturating_sub(supers));
                    (base, &segments[supers..])
                }
                _ => continue,
            };
            let mut best = None;
            for k in 0..=rest.len() {
                let candidate: Vec<String> = base.iter().chain(&rest[..k]).cloned().collect();
                if modules.contains_key(&candidate) {
                    best = Some(candidate);
                }
            }
            // A folder's front door (its mod.rs) declares and re-exports its own files: not a dependency.
            let own_file = |t: &Vec<String>| t.len() > module.len() && t.starts_with(module);
            if let Some(target) = best.filter(|t| t != module && !own_file(t)) {
                targets.insert(target);
            }
        }
        edges.insert(module.clone(), targets);
    }
    edges
}

/// The file's code without comments and without its inline test modules.
fn without_tests(code: &str) -> String {
    let mut kept = String::new();
    let mut lines = code.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") && lines.peek().is_some_and(|next| next.trim_start().starts_with("mod "))
        {
            if lines.peek().is_some_and(|next| next.trim_end().ends_with('{')) {
                break; // an inline test module: the rest of the file is test code
            }
            lines.next();
            continue;
        }
        let code_part = match trimmed.find("//") {
            Some(at) if !trimmed[..at].contains('"') => &trimmed[..at],
            _ => trimmed,
        };
        kept.push_str(code_part);
        kept.push('\n');
    }
    kept
}

/// Every path starting with `crate`, `self` or `super`, with `use` trees expanded.
fn paths(code: &str) -> Vec<Vec<String>> {
    let tokens = tokens(code);
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let starts_path = matches!(tokens[i].as_str(), "crate" | "self" | "super")
            && tokens.get(i + 1).is_some_and(|t| t == "::")
            && (i == 0 || tokens[i - 1] != "::");
        if starts_path {
            i = use_tree(&tokens, i, Vec::new(), &mut found);
        } else {
            i += 1;
        }
    }
    found
}

/// Reads a path or use tree starting at `i` below `prefix`; returns the index after it.
fn use_tree(tokens: &[String], mut i: usize, mut prefix: Vec<String>, found: &mut Vec<Vec<String>>) -> usize {
    while i < tokens.len() {
        let token = &tokens[i];
        if token == "{" {
            i += 1;
            while i < tokens.len() && tokens[i] != "}" {
                i = use_tree(tokens, i, prefix.clone(), found);
                if tokens.get(i).is_some_and(|t| t == ",") {
                    i += 1;
                }
            }
            return i + 1;
        }
        if token.chars().all(|c| c.is_alphanumeric() || c == '_') || token == "*" {
            prefix.push(token.clone());
            i += 1;
            if tokens.get(i).is_some_and(|t| t == "::") {
                i += 1;
                continue;
            }
        }
        break;
    }
    if !prefix.is_empty() {
        found.push(prefix);
    }
    i
}

/// Identifiers, `::` and single punctuation characters, with string literals dropped.
fn tokens(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            tokens.push("::".into());
            i += 2;
        } else {
            if !c.is_whitespace() {
                tokens.push(c.to_string());
            }
            i += 1;
        }
    }
    tokens
}

/// Why an import from `from` to `to` breaks the stage order, if it does.
fn stage_fault(modules: &Modules, from: &[String], to: &[String]) -> Option<String> {
    let top = |m: &[String]| m.first().cloned().unwrap_or_default();
    let stage = |m: &[String]| {
        let name = top(m);
        STAGES
            .iter()
            .position(|s| s.contains(&name.as_str()))
            .unwrap_or_else(|| panic!("{} is in no stage: add its folder to STAGES", show(&modules[m])))
    };
    let (a, b) = (stage(from), stage(to));
    if let Some((_, allowed)) = ONLY.iter().find(|(name, _)| *name == top(from)) {
        if top(from) != top(to) && !allowed.contains(&top(to).as_str()) {
            return Some(format!("{} may import only {}", top(from), allowed.join(", ")));
        }
    }
    if top(from) == top(to) || b < a {
        None
    } else if a == b {
        Some(format!("{} and {} stand side by side", top(from), top(to)))
    } else {
        Some(format!("{} is a later stage than {}", top(to), top(from)))
    }
}

/// Why an import between two sibling backends is refused, if it is one.
fn sibling_fault(from: &[String], to: &[String]) -> Option<String> {
    let (from, to) = (from.join("/"), to.join("/"));
    let group =
        |m: &str| SIBLINGS.iter().flat_map(|g| g.iter()).find(|s| m == **s || m.starts_with(&format!("{s}/"))).copied();
    match (group(&from), group(&to)) {
        (Some(a), Some(b)) if a != b => Some(format!("{a} and {b} are sibling backends")),
        _ => None,
    }
}

/// Every import cycle (strongly connected component of more than one file), named by its files.
fn cycles(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<String> {
    let nodes: Vec<&Vec<String>> = edges.keys().collect();
    let reach = |start: &Vec<String>| {
        let mut seen = BTreeSet::new();
        let mut pending = vec![start.clone()];
        while let Some(m) = pending.pop() {
            for next in edges.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    pending.push(next.clone());
                }
            }
        }
        seen
    };
    let reachable: BTreeMap<&Vec<String>, BTreeSet<Vec<String>>> = nodes.iter().map(|m| (*m, reach(m))).collect();
    let mut done = BTreeSet::new();
    let mut found = Vec::new();
    for m in &nodes {
        if done.contains(*m) || !reachable[m].contains(*m) {
            continue;
        }
        let ring: Vec<&Vec<String>> =
            nodes.iter().copied().filter(|o| reachable[m].contains(*o) && reachable[o].contains(*m)).collect();
        done.extend(ring.iter().map(|o| (*o).clone()));
        let names: Vec<String> =
            ring.iter().map(|o| if o.is_empty() { "(root)".into() } else { o.join("/") }).collect();
        found.push(format!("import cycle: {}", names.join(" <-> ")));
    }
    found
}

fn show(path: &Path) -> String {
    let text = path.to_string_lossy();
    text.find("src/").map_or(text.to_string(), |at| text[at..].to_string())
}
