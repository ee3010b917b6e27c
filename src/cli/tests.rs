//! Flag parsing: defaults, ranges and usage errors (exit code 2).
use super::animate::{AnimateArgs, DrawArgs, RenderArgs, TraceArgs};
use super::args::ShowArgs;
use super::count::SolveCommandArgs;
use super::format::OutArgs;
use super::stills::{BoardArgs, SheetArgs};
use crate::command::*;
use clap::{CommandFactory, Parser};
use queens::{Detail, Until};
use std::path::PathBuf;

fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
    Cli::try_parse_from(std::iter::once("queens").chain(args.iter().copied()))
}

#[test]
fn cli_definition_is_consistent() {
    Cli::command().debug_assert();
}

#[test]
fn animate_defaults() {
    let Command::Animate(AnimateArgs {
        solve,
        out: OutArgs { output, .. },
        draw: DrawArgs { show: ShowArgs { look, .. }, timing, .. },
        ..
    }) = parse(&["animate", "6"]).unwrap().command
    else {
        panic!("animate expected")
    };
    assert_eq!(
        (solve.n, solve.search.until, solve.search.detail, solve.search.algorithm),
        (Some(6), Until::First, Detail::Placements, None)
    );
    assert_eq!(output, None);
    assert!(!look.bare && look.coords.is_none() && look.square.is_none());
    assert_eq!(
        (timing.delay, timing.hold, timing.end_hold, timing.start_hold, timing.deadend_hold),
        (250, 1500, 3000, 1000, 500)
    );
    assert_eq!((timing.loop_count, timing.no_loop), (None, false));
    assert!(timing.reading.reading_time, "reading time on by default");
    assert_eq!(timing.reading.pace, queens::Pace::Blog, "the blog pace by default");
}

#[test]
fn reading_time_is_on_or_off() {
    for (args, on) in [(&["animate", "6"][..], true), (&["animate", "6", "--reading-time", "off"], false)] {
        let Command::Animate(AnimateArgs { draw: DrawArgs { timing, .. }, .. }) = parse(args).unwrap().command else {
            panic!("animate expected")
        };
        assert_eq!(timing.timing().reading_time, on, "{args:?}");
    }
    assert!(parse(&["animate", "6", "--reading-time", "maybe"]).is_err());
    let Command::Animate(AnimateArgs { draw: DrawArgs { timing, .. }, .. }) =
        parse(&["animate", "6", "--pace", "lecture"]).unwrap().command
    else {
        panic!("animate expected")
    };
    assert_eq!(timing.timing().pace, queens::Pace::Lecture);
    assert!(parse(&["animate", "6", "--pace", "slow"]).is_err());
}

#[test]
fn animate_flags() {
    let cli = parse(&["animate", "8", "--until", "all", "--detail", "checks", "--square", "30", "--bare", "--no-loop"]);
    let Command::Animate(AnimateArgs { solve, draw: DrawArgs { show: ShowArgs { look, .. }, timing, .. }, .. }) =
        cli.unwrap().command
    else {
        panic!("animate expected")
    };
    assert_eq!((solve.search.until, solve.search.detail), (Until::All, Detail::Checks));
    assert_eq!((look.square, look.bare, timing.no_loop), (Some(30), true, true));
    let Command::Animate(AnimateArgs { solve, .. }) = parse(&["animate", "8", "--until", "3"]).unwrap().command else {
        panic!()
    };
    assert_eq!(solve.search.until, Until::Solutions(3));
}

#[test]
fn bad_arguments_are_usage_errors() {
    for args in [
        &["animate", "0"][..],
        &["animate", "-3"],
        &["animate", "six"],
        &["animate", "6", "--until", "0"],
        &["animate", "6", "--detail", "everything"],
        &["animate", "6", "--algorithm", "magic"],
        &["animate", "6", "--square", "0"],
        &["animate", "6", "--delay", "5"],
        &["animate", "6", "--loop-count", "2", "--no-loop"],
        &["render"],
    ] {
        let err = parse(args).expect_err(&format!("{args:?} should be refused"));
        assert_eq!(err.exit_code(), 2, "{args:?}");
    }
}

#[test]
fn still_commands_parse() {
    let Command::Sheet(SheetArgs { batch, columns, .. }) =
        parse(&["sheet", "8", "--unique", "--columns", "4"]).unwrap().command
    else {
        panic!()
    };
    assert_eq!((batch.n, batch.unique, columns, batch.max_boards), (8, true, Some(4), 1000));
    let Command::Board(BoardArgs { n, queens, .. }) = parse(&["board", "8", "1,5,8,6,3,7,2,4"]).unwrap().command else {
        panic!()
    };
    assert_eq!((n, queens.as_str()), (8, "1,5,8,6,3,7,2,4"));
    let Command::Solve(SolveCommandArgs { all, format, .. }) =
        parse(&["solve", "6", "--all", "--format", "json"]).unwrap().command
    else {
        panic!()
    };
    assert!(all && format == "json");
    assert!(parse(&["solve", "6", "--format", "xml"]).is_err());
    assert!(parse(&["count", "33"]).is_err());
    assert!(parse(&["count", "10", "--method", "dp"]).is_ok());
    assert!(parse(&["sheet", "8", "--theme", "print"]).is_ok());
    assert_eq!(parse(&["sheet", "8", "--theme", "neon"]).unwrap_err().exit_code(), 2);
    assert!(parse(&["animate", "6", "--theme", "dark", "--theme-file", "t.json"]).is_err());
}

#[test]
fn trace_and_render_parse() {
    let Command::Trace(TraceArgs { output, .. }) = parse(&["trace", "5", "-o", "-"]).unwrap().command else { panic!() };
    assert_eq!(output, Some(PathBuf::from("-")));
    let Command::Render(RenderArgs { trace, .. }) = parse(&["render", "run.json", "--coords"]).unwrap().command else {
        panic!()
    };
    assert_eq!(trace, PathBuf::from("run.json"));
}
