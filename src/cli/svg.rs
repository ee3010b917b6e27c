//! Choices the still commands share: `--format png|svg|pdf` (or `-o NAME.svg`, `-o NAME.pdf`), and `--theme auto`
//! (the default theme, with the dark theme for viewers that prefer dark: SVG only).

use super::args::{ThemeArgs, UsageError, AUTO_THEME};
use anyhow::Result;
use clap::Args;
use queens::{Format, STILL_FORMATS};
use std::path::Path;

/// `--format` for stills: png, svg or pdf.
#[derive(Debug, Args, Clone, Default)]
pub struct StillFormatArgs {
    /// Output format, whatever -o's extension (default: from -o's extension, else png).
    #[arg(long, value_parser = ["png", "svg", "pdf"])]
    pub format: Option<String>,
}

impl StillFormatArgs {
    /// The format, from `--format` (it wins) and `-o` (an extension other than .png, .svg or .pdf is refused).
    pub fn still(&self, output: Option<&Path>) -> Result<Format> {
        Ok(Format::choose(self.format.as_deref().and_then(Format::from_name), output, STILL_FORMATS)?)
    }
}

/// `--theme auto` is for SVG only: refused (a usage error) for anything else.
pub fn check_auto(theme: &ThemeArgs, svg: bool) -> Result<()> {
    if theme.name() == AUTO_THEME && theme.theme_file.is_none() && !svg {
        return Err(UsageError(
            "--theme auto needs an SVG or HTML output (-o NAME.svg, -o NAME.html or --format svg|html); pick a theme for other formats".into(),
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
        let svg = |args: StillFormatArgs, path: Option<&str>| args.still(path.map(Path::new)).map(|f| f == Format::Svg);
        assert!(svg(f(None), Some("a.SVG")).unwrap());
        assert!(!svg(f(None), Some("a.png")).unwrap());
        assert!(!svg(f(None), None).unwrap());
        assert!(svg(f(Some("svg")), None).unwrap());
        assert!(svg(f(Some("svg")), Some("a.png")).unwrap(), "--format wins over the extension");
        assert!(svg(f(Some("svg")), Some("a.img")).unwrap());
        assert!(f(None).still(Some(Path::new("a.img"))).is_err(), "an extension naming no still format");
    }

    #[test]
    fn auto_is_for_svg_only() {
        let auto = ThemeArgs { theme: Some(AUTO_THEME.into()), theme_file: None };
        assert!(check_auto(&auto, true).is_ok());
        assert!(check_auto(&auto, false).is_err());
        assert!(check_auto(&ThemeArgs::default(), false).is_ok());
    }
}
