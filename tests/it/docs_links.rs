//! The documentation's links hold: every relative link in README.md, DEVELOPERS.md and docs/**.md
//! names a file that exists, and every `#anchor` names a heading of the page it points to (GitHub's
//! slugs: lower case, punctuation dropped, spaces as `-`). Code blocks are not read.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn markdown_files() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md"), root().join("DEVELOPERS.md")];
    let mut folders = vec![root().join("docs")];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).expect("docs/ is readable") {
            let path = entry.expect("a docs entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The text outside fenced code blocks.
fn prose(text: &str) -> String {
    let mut inside = false;
    let mut kept = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            inside = !inside;
        } else if !inside {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    kept
}

fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == ' ' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(page: &Path) -> BTreeSet<String> {
    let text = fs::read_to_string(page).expect("a linked page is readable");
    prose(&text)
        .lines()
        .filter_map(|line| line.trim_start_matches('#').strip_prefix(' ').filter(|_| line.starts_with('#')))
        .map(slug)
        .collect()
}

/// Every `](target)` of a page's prose.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        match after.find(')') {
            Some(end) if !after[..end].contains(char::is_whitespace) => {
                targets.push(after[..end].to_string());
                rest = &after[end..];
            }
            _ => rest = after,
        }
    }
    targets
}

#[test]
fn every_relative_link_and_anchor_of_the_docs_resolves() {
    let mut broken = Vec::new();
    for page in markdown_files() {
        let text = prose(&fs::read_to_string(&page).expect("a doc page is readable"));
        for target in link_targets(&text) {
            if target.starts_with("http://") || target.starts_with("https://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let linked = if path.is_empty() { page.clone() } else { page.parent().expect("a folder").join(path) };
            if !linked.exists() {
                broken.push(format!("{}: {target} (no such file)", page.display()));
            } else if !anchor.is_empty()
                && linked.extension().is_some_and(|e| e == "md")
                && !anchors(&linked).contains(anchor)
            {
                broken.push(format!("{}: {target} (no such heading)", page.display()));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn slugs_and_link_targets_are_read_as_github_reads_them() {
    assert_eq!(slug("Formats: GIF, WebP, APNG"), "formats-gif-webp-apng");
    assert_eq!(link_targets("see [a](b.md#c) and [d](e f)"), vec!["b.md#c".to_string()]);
}

#[test]
fn the_readme_is_a_landing_page() {
    let readme = fs::read_to_string(root().join("README.md")).expect("README.md");
    assert!(
        readme.lines().count() <= 250,
        "README.md has {} lines; the guide lives in docs/guide/",
        readme.lines().count()
    );
    let first_picture = readme.lines().find(|l| l.starts_with("![")).expect("the README leads with a picture");
    assert!(first_picture.contains("docs/"), "{first_picture}");
    assert!(readme.contains("cargo run --release -- animate 6") && readme.contains("cargo test"));
}

/// The source files under `src/`, as DEVELOPERS.md names them (`board/replay.rs`), test files aside.
fn source_files() -> BTreeSet<String> {
    let src = root().join("src");
    let mut files = BTreeSet::new();
    let mut folders = vec![src.clone()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).expect("src/ is readable") {
            let path = entry.expect("a src entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") && !path.to_string_lossy().ends_with("tests.rs") {
                let name = path.strip_prefix(&src).expect("under src").to_string_lossy().replace('\\', "/");
                files.insert(name);
            }
        }
    }
    files
}

#[test]
fn the_developers_map_names_every_source_file_and_no_other() {
    let map = fs::read_to_string(root().join("DEVELOPERS.md")).expect("DEVELOPERS.md");
    let listed: BTreeSet<String> = map
        .lines()
        .filter_map(|line| line.split_whitespace().next().filter(|w| w.ends_with(".rs") && line.len() > w.len()))
        .map(str::to_string)
        .collect();
    let files = source_files();
    let unlisted: Vec<_> = files.difference(&listed).collect();
    // Lines of the map only: a name whose folder is under src/ (other code blocks name tests/ files).
    let gone: Vec<_> = listed
        .iter()
        .filter(|f| !files.contains(*f) && root().join("src").join(f).parent().is_some_and(Path::exists))
        .collect();
    assert!(unlisted.is_empty(), "add these to DEVELOPERS.md's map, with their //! line: {unlisted:?}");
    assert!(gone.is_empty(), "DEVELOPERS.md's map names files that are gone: {gone:?}");
}
