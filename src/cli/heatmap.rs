//! `heatmap`: how often each square holds a queen over all solutions, as one PNG, SVG or PDF.

use super::args::ThemeArgs;
use super::io::{default_output, open_output, render_options, summary};
use super::svg::{check_auto, StillFormatArgs};
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct HeatmapArgs {
    /// Board size N.
    #[arg(value_parser = clap::value_parser!(u32).range(1..=16))]
    pub n: u32,
    /// Count over one board per symmetry class instead of every solution.
    #[arg(long)]
    pub unique: bool,
    /// Pixels per square (default 60; smaller above 12x12).
    #[arg(long, value_parser = clap::value_parser!(u32).range(4..=512))]
    pub square: Option<u32>,
    /// Output path, .png, .svg or .pdf (default: output/queens-<N>x<N>-heatmap.png, -unique.png with --unique).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub theme: ThemeArgs,
    #[command(flatten)]
    pub format: StillFormatArgs,
}

impl HeatmapArgs {
    pub fn run(self) -> Result<()> {
        let look = super::args::LookArgs {
            square: self.square,
            bare: false,
            coords: None,
            no_coords: true,
            theme: self.theme.clone(),
        };
        let options = render_options(&look)?;
        let format = self.format.still(self.output.as_deref())?;
        check_auto(&self.theme, format == queens::Format::Svg)?;
        let suffix = if self.unique { "-unique" } else { "" };
        let name = format!("queens-{n}x{n}-heatmap{suffix}.{format}", n = self.n);
        let path = self.output.unwrap_or_else(|| default_output(&name));
        let mut file = open_output(&path)?;
        let (n, unique) = (self.n as usize, self.unique);
        let (width, height) = queens::write_heatmap(n, unique, &options, format, &mut file)?;
        let bytes = file.commit()?;
        summary(&path, &format!("{width}x{height} px, {bytes} bytes"))
    }
}
