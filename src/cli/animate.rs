//! `animate`, `trace` and `render`: solving runs recorded as traces and drawn as animations.

use super::args::parse_max_frames;
use super::args::{ShowArgs, SolveArgs, TimingArgs};
use super::format::{handout_defaults, sink_options, write_animation, HandoutArgs, OutArgs};
use super::io::{default_output, distinct, input_stem, one_stdout, open_text_output, open_trace, UsageError};
use super::svg::check_auto;
use anyhow::Result;
use clap::Args;
use queens::jsonl::Input;
use queens::{Animation, Format, OutputFile, Quiz, SinkOptions, Trace, ANIMATION_FORMATS};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct AnimateArgs {
    #[command(flatten)]
    pub solve: SolveArgs,
    #[command(flatten)]
    pub out: OutArgs,
    /// Also write the trace JSON here.
    #[arg(long)]
    pub trace_out: Option<PathBuf>,
    #[command(flatten)]
    pub draw: DrawArgs,
}

/// How `animate` and `render` draw a run: what frames show, their timing, the player's page.
#[derive(Debug, Args)]
pub struct DrawArgs {
    #[command(flatten)]
    pub show: ShowArgs,
    #[command(flatten)]
    pub timing: TimingArgs,
    /// An HTML player without page margins, for an <iframe> (with --format html or -o NAME.html).
    #[arg(long)]
    pub embed: bool,
    /// An HTML player that stops and asks: before dead ends ("Which column runs out of safe
    /// squares?"), before placements ("Where does the next queen go?"), or every:K (before every
    /// K-th of either); answers are checked against the run and scored. With --handout: a PDF
    /// worksheet, the same questions under the boards before them, then an answer key.
    #[arg(long, value_name = "WHICH", value_parser = str::parse::<Quiz>)]
    pub quiz: Option<Quiz>,
    #[command(flatten)]
    pub handout: HandoutArgs,
    /// Also write the run's captions, one per frame with its start time: WebVTT subtitles when
    /// PATH ends in .vtt (for a video's or the HTML player's <track>), plain text otherwise (alt
    /// text for a GIF); `-` for stdout.
    #[arg(long, value_name = "PATH")]
    pub transcript: Option<PathBuf>,
    #[command(flatten)]
    pub motion: MotionArgs,
}

/// Motion between steps (`--motion smooth`: the animations).
#[derive(Debug, Args)]
pub struct MotionArgs {
    /// none: one picture per step; smooth: a queen lands, her shading grows out along her rays,
    /// moves slide, eased, in the first 60% of each step (MP4, WebM, GIF, WebP, APNG: in-betweens,
    /// several times the pictures; HTML, SVG: the same changes fade in place, no frame added; off
    /// for viewers who prefer reduced motion).
    #[arg(long, default_value = "none", value_parser = ["none", "smooth"])]
    pub motion: String,
    /// In-betweens a second with --motion smooth [default: 60; GIF: 30, which 60 is too fast for].
    #[arg(long, value_parser = parse_fps)]
    pub fps: Option<u32>,
}

/// 30 or 60.
fn parse_fps(s: &str) -> Result<u32, String> {
    match s.trim() {
        "30" => Ok(30),
        "60" => Ok(60),
        _ => Err("the rate must be 30 or 60".to_string()),
    }
}

impl MotionArgs {
    /// The motion asked for, refused with one line for formats that do not take it.
    fn motion(&self, format: Format) -> Result<queens::Motion> {
        if self.motion != "smooth" {
            return match self.fps {
                Some(fps) => Err(UsageError(format!(
                    "--fps {fps} sets the in-betweens of --motion smooth; add --motion smooth, or drop --fps"
                ))
                .into()),
                None => Ok(queens::Motion::None),
            };
        }
        match format {
            Format::Gif => match self.fps {
                Some(fps) if fps > queens::motion::DEFAULT_GIF_FPS => Err(UsageError(format!(
                    "--fps {fps} is too fast for a GIF (its delays are whole hundredths of a second, and viewers slow \
                     those under 2/100 s): leave --fps out (a GIF moves at {} pictures a second) or write -o NAME.mp4",
                    queens::motion::DEFAULT_GIF_FPS
                ))
                .into()),
                fps => Ok(queens::Motion::Smooth { fps: fps.unwrap_or(queens::motion::DEFAULT_GIF_FPS) }),
            },
            Format::Mp4 | Format::Webm | Format::Html | Format::Svg | Format::Webp | Format::Apng => {
                Ok(queens::Motion::Smooth { fps: self.fps.unwrap_or(queens::motion::DEFAULT_FPS) })
            }
            _ => Err(UsageError(format!(
                "--motion smooth is for animations (not {format}); write -o NAME.gif, .webp, .apng, .mp4, .webm, .html or .svg"
            ))
            .into()),
        }
    }
}

impl DrawArgs {
    /// The animation these flags describe for `format`, refusing runs of more than `max_frames`
    /// frames.
    fn animation(&self, max_frames: usize, format: Format) -> Result<Animation> {
        let mut animation = self.show.animation()?;
        animation.timing = self.timing.timing();
        animation.max_frames = max_frames;
        animation.motion = self.motion.motion(format)?;
        Ok(animation)
    }

    /// The sink options the flags ask for in `format` (`--quiz` refused, a usage error, but for HTML
    /// and PDF handouts).
    fn layout(&self, format: Format, title: impl FnOnce() -> String) -> Result<SinkOptions> {
        let worksheet = format == Format::Pdf && self.handout.handout;
        if self.quiz.is_some() && format != Format::Html && !worksheet {
            return Err(UsageError(format!(
                "--quiz makes an HTML player that asks (or with --handout a PDF worksheet), not a .{format} \
                 file; add --format html or -o NAME.html"
            ))
            .into());
        }
        if let (Some(_), Some(every)) = (self.quiz, self.show.select.every.filter(|k| k.get() > 1)) {
            return Err(UsageError(format!(
                "--quiz asks each question on the board just before its step, which --every {every} leaves out; \
                 drop --every"
            ))
            .into());
        }
        let mut layout = sink_options(self.embed, &self.handout, format, title)?;
        layout.quiz = self.quiz;
        Ok(layout)
    }
}

#[derive(Debug, Args)]
pub struct TraceArgs {
    #[command(flatten)]
    pub solve: SolveArgs,
    /// Output path; `-` or none for stdout.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// json: one object {"n", "algorithm", "events": [...]}; jsonl: a header line {"n", "algorithm"}, then one event per line.
    #[arg(long, default_value = "json", value_parser = ["json", "jsonl"])]
    pub format: String,
}

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// Trace file, JSON or JSON Lines (told apart by content); `-` reads it from stdin, as a stream.
    pub trace: PathBuf,
    /// Refuse runs of more than this many frames; a stream stops there. Default: no limit for GIF,
    /// MP4 and WebM, which stream in flat memory; 100000 for SVG, APNG, WebP and HTML, which hold the run.
    #[arg(long, value_parser = parse_max_frames)]
    pub max_frames: Option<usize>,
    #[command(flatten)]
    pub out: OutArgs,
    #[command(flatten)]
    pub draw: DrawArgs,
}

impl AnimateArgs {
    pub fn run(self, quiet: bool) -> Result<()> {
        let transcript = self.draw.transcript.as_deref();
        one_stdout(&[
            ("-o", self.out.output.as_deref()),
            ("--trace-out", self.trace_out.as_deref()),
            ("--transcript", transcript),
        ])?;
        let options = self.solve.options()?;
        let format = self.out.choose(ANIMATION_FORMATS)?;
        let name = match &self.solve.search.puzzle {
            Some(file) => format!("{}-{}.{format}", input_stem(file, "puzzle"), options.algorithm),
            None => format!("queens-{n}x{n}-{}-{}.{format}", options.algorithm, options.until, n = options.n),
        };
        let path = self.out.path_or(|| default_output(&name));
        let theme_file = self.draw.show.look.theme.theme_file.as_deref();
        let outputs =
            [("-o", Some(path.as_path())), ("--trace-out", self.trace_out.as_deref()), ("--transcript", transcript)];
        distinct(&[("--theme-file", theme_file)], &outputs)?;
        let mut animation = self.draw.animation(self.solve.search.max_frames, format)?;
        let trace = queens::record(&options, animation.max_frames)?;
        if let Some(path) = &self.trace_out {
            write_trace(&trace, path)?;
        }
        check_auto(&self.draw.show.look.theme, format.is_vector())?;
        let title = || run_title(options.n, &options.algorithm.to_string());
        let layout = self.draw.layout(format, title)?;
        handout_defaults(&mut animation, Some(&trace), &layout, &self.draw.show);
        write_run(&trace, &animation, (path, format, &layout), transcript, quiet)
    }
}

impl TraceArgs {
    pub fn run(self) -> Result<()> {
        let trace = queens::record(&self.solve.options()?, self.solve.search.max_frames)?;
        let write = |out: &mut dyn Write| match self.format.as_str() {
            "jsonl" => queens::jsonl::write(&trace, out),
            _ => trace.write_json(out),
        };
        match &self.output {
            Some(path) if path != Path::new("-") => {
                let mut file = OutputFile::create(path)?;
                write(&mut file)?;
                file.commit()?;
                Ok(())
            }
            _ => Ok(write(&mut std::io::stdout().lock())?),
        }
    }
}

impl RenderArgs {
    pub fn run(self, quiet: bool) -> Result<()> {
        // Before the format: `-o t.json` naming the trace is refused as that, not as an extension.
        let inputs = [
            ("the trace", Some(self.trace.as_path())),
            ("--theme-file", self.draw.show.look.theme.theme_file.as_deref()),
        ];
        let transcript = self.draw.transcript.as_deref();
        one_stdout(&[("-o", self.out.output.as_deref()), ("--transcript", transcript)])?;
        distinct(&inputs, &[("-o", self.out.output.as_deref()), ("--transcript", transcript)])?;
        let format = self.out.choose(ANIMATION_FORMATS)?;
        // A format holding the run until its end is capped unless told otherwise, so an endless
        // stream cannot grow it without bound.
        let cap = if format.streams() { usize::MAX } else { queens::DEFAULT_MAX_FRAMES };
        let mut animation = self.draw.animation(self.max_frames.unwrap_or(cap), format)?;
        let stem = input_stem(&self.trace, "trace");
        check_auto(&self.draw.show.look.theme, format.is_vector())?;
        // The handout's header names the run once the trace is open; refused formats fail first.
        self.draw.layout(format, String::new)?;
        let layout = |n: usize, algorithm: &str| self.draw.layout(format, || run_title(n, algorithm));
        let path = || self.out.path_or(|| default_output(&format!("{stem}.{format}")));
        distinct(&inputs, &[("-o", Some(&path())), ("--transcript", transcript)])?;
        if self.trace == Path::new("-") {
            queens::output::register_input(&self.trace, "the trace");
            let mut stdin = BufReader::new(std::io::stdin());
            stdin.fill_buf()?;
            let layout = layout(0, "")?;
            handout_defaults(&mut animation, None, &layout, &self.draw.show);
            return write_animation((&path(), format, &layout), (None, transcript), quiet, |sink, bar| {
                queens::render_reader(stdin, None, &animation, sink, bar)
            });
        }
        match queens::jsonl::open(open_trace(&self.trace)?)? {
            Input::Whole(trace) => {
                let layout = layout(trace.n, &trace.algorithm)?;
                handout_defaults(&mut animation, Some(&trace), &layout, &self.draw.show);
                write_run(&trace, &animation, (path(), format, &layout), transcript, quiet)
            }
            Input::Lines(events) => {
                let info = events.scan()?;
                let frames = info.total_events.map(|events| events + 1);
                let file = open_trace(&self.trace)?;
                let path = path();
                let layout = layout(info.n, &info.algorithm)?;
                handout_defaults(&mut animation, None, &layout, &self.draw.show);
                write_animation((&path, format, &layout), (frames, transcript), quiet, |sink, bar| {
                    queens::render_reader(file, Some(&info), &animation, sink, bar)
                })
            }
        }
    }
}

/// "6×6 · backtrack": a handout's header (the board size alone when the run is not known yet).
pub fn run_title(n: usize, algorithm: &str) -> String {
    match (n, queens::echo::clipped(algorithm, 40)) {
        (0, _) => "queens".to_string(),
        (n, name) if name.is_empty() => format!("{n}×{n}"),
        (n, name) => format!("{n}×{n} · {name}"),
    }
}

/// Write a whole trace's animation to `path` in `format`.
fn write_run(
    trace: &Trace,
    animation: &Animation,
    (path, format, options): (PathBuf, Format, &SinkOptions),
    transcript: Option<&Path>,
    quiet: bool,
) -> Result<()> {
    let frames = (Some(trace.frame_count()), transcript);
    write_animation((&path, format, options), frames, quiet, |sink, bar| queens::render(trace, animation, sink, bar))
}

fn write_trace(trace: &Trace, path: &Path) -> Result<()> {
    let mut file = open_text_output(path)?;
    trace.write_json(&mut file)?;
    file.flush()?;
    file.commit()?;
    Ok(())
}
