//! A solver written outside the crate: it sends its steps to a `queens::Recorder`, and the recorded
//! run is rendered to an animated WebP like any built-in algorithm's.
//!
//! `cargo run --example own_solver -- 6 /tmp/middle-out.webp`. The solver is column-by-column
//! backtracking that tries each column's rows from the middle outwards.

use queens::{Event, Full, Recorder, VecRecorder};

/// Places a queen in each column from the left, middle rows first; backtracks on a dead end.
/// Stops early, with `Err(Full)`, when the recorder refuses an event.
fn middle_out<R: Recorder>(n: usize, recorder: &mut R) -> Result<Option<Vec<usize>>, Full> {
    let order: Vec<usize> =
        (0..n).map(|i| if i % 2 == 0 { (n - 1) / 2 - i / 2 } else { (n - 1) / 2 + i.div_ceil(2) }).collect();
    let mut queens: Vec<usize> = Vec::with_capacity(n);
    let mut next = vec![0usize; n + 1]; // per column: position in `order` to try next
    while queens.len() < n {
        let col = queens.len();
        let safe = |row: usize| queens.iter().enumerate().all(|(c, &r)| r != row && r.abs_diff(row) != col - c);
        match order[next[col]..].iter().position(|&row| safe(row)) {
            Some(skip) => {
                let row = order[next[col] + skip];
                next[col] += skip + 1;
                recorder.record(Event::Place { row, col })?;
                queens.push(row);
            }
            None if col == 0 => return Ok(None),
            None => {
                next[col] = 0;
                let row = queens.pop().expect("a queen in the column before");
                recorder.record(Event::Remove { row, col: col - 1 })?;
            }
        }
    }
    recorder.record(Event::Solution { queens: queens.clone() })?;
    Ok(Some(queens))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().unwrap_or_else(|| "6".into()).parse()?;
    let path = std::path::PathBuf::from(args.next().unwrap_or_else(|| "output/middle-out.webp".into()));
    let animation = queens::Animation::new();
    let mut recorder = VecRecorder::with_limit(animation.max_frames - 1);
    if middle_out(n, &mut recorder).is_err() {
        return Err(format!("the run needs more than {} frames; try a smaller N", animation.max_frames).into());
    }
    let trace = queens::Trace::new(n, "middle-out", recorder.events);
    let mut file = queens::OutputFile::create(&path)?;
    let summary = queens::render(&trace, &animation, &mut queens::WebpSink::new(&mut file), &queens::NoProgress)?;
    let bytes = file.commit()?;
    println!("{}: {} frames, {} bytes", path.display(), summary.frames, bytes);
    Ok(())
}
