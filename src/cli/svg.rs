//! SVG choices the still commands share: `--format png|svg` (or `-o NAME.svg`), and `--theme auto`
//! (the default theme, with the dark theme for viewers that prefer dark: SVG only).

use super::args::ThemeArgs;
use super::io::UsageError;
use anyhow::Result;
use clap::Args;
use std::path::Path;

/// The theme name that asks for both the default and the dark theme in one SVG.
pub const AUTO_THEME: &str = "auto";

/// `--format` for stills.
#[derive(Debug, Args, Clone, Default)]
pub struct StillFormatArgs {
    /// Output format (default: from -o's extension, else png).
    #[arg(long, value_parser = ["png", "svg"])]
    pub format: Option<String>,
}

/// Whether `path` ends in `.svg` (any case).
pub fn is_svg_path(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("svg"))
}

impl StillFormatArgs {
    /// SVG or not, from `--format` and `-o`; they must agree when both name a format.
    pub fn svg(&self, output: Option<&Path>) -> Result<bool> {
        let named = output.and_then(|p| p.extension()).and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        match (self.format.as_deref(), named.as_deref()) {
            (Some(flag), Some(ext @ ("png" | "svg"))) if flag != ext => Err(UsageError(format!(
                "--format {flag} does not match the output file's extension .{ext}; change one of them"
            ))
            .into()),
            (Some(flag), _) => Ok(flag == "svg"),
            (None, ext) => Ok(ext == Some("svg")),
        }
    }
}

/// `--theme auto` is for SVG only: refused (a usage error) for anything else.
pub fn check_auto(theme: &ThemeArgs, svg: bool) -> Result<()> {
    if theme.theme == AUTO_THEME && theme.theme_file.is_none() && !svg {
        return Err(UsageError(
            "--theme auto needs an SVG output (-o NAME.svg or --format svg); pick a theme for other formats".into(),
        )
        .into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extension_or_flag_picks_svg() {
        let f = |flag: Option<&str>| StillFormatArgs { format: flag.map(String::from) };
        assert!(f(None).svg(Some(Path::new("a.SVG"))).unwrap());
        assert!(!f(None).svg(Some(Path::new("a.png"))).unwrap());
        assert!(!f(None).svg(None).unwrap());
        assert!(f(Some("svg")).svg(None).unwrap());
        assert!(f(Some("svg")).svg(Some(Path::new("a.png"))).is_err());
        assert!(f(Some("svg")).svg(Some(Path::new("a.img"))).unwrap());
    }

    #[test]
    fn auto_is_for_svg_only() {
        let auto = ThemeArgs { theme: AUTO_THEME.into(), theme_file: None };
        assert!(check_auto(&auto, true).is_ok());
        assert!(check_auto(&auto, false).is_err());
        assert!(check_auto(&ThemeArgs::default(), false).is_ok());
    }
}
