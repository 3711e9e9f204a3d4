//! `novuss`: the command-line entry point.
//!
//! Without a subcommand it serves the game to a browser (`novuss serve`)
//! and prints the address to open.

use std::io::Read;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use novuss::commands::{self, explain, CommandError};
use novuss::computer::{self, ComputerError};
use novuss::serve::ServeError;
use novuss_ai::arena::Start;
use novuss_ai::{Level, NoiseName};
use novuss_bench::load::LoadError;
use novuss_bench::server::BenchError;
use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{Engine, EventKind, Fate, Outcome, Physics};
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{Format, SetState};
use novuss_core::seat::Seat;
use novuss_core::table::Table;
use novuss_core::DVec2;

/// Writes one line to standard output. A reader that closed the pipe
/// (`novuss record … | head`) ends the program quietly, not with a panic.
fn emit(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(out, "{line}") {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write the output: {e}");
        std::process::exit(2);
    }
}

macro_rules! say {
    () => {
        emit("")
    };
    ($($t:tt)*) => {
        emit(&format!($($t)*))
    };
}

/// Why a command failed: the one line printed after `error: `, with exit
/// status 2.
#[derive(Debug)]
enum CliError {
    /// The input could not be read: a file, or standard input (`None`).
    Read {
        path: Option<String>,
        error: std::io::Error,
    },
    /// `simulate`, `new-set`, `stroke`, `record` or `replay`.
    Command(CommandError),
    /// `arena`, `ladder`, `solo` or `hint`.
    Computer(ComputerError),
    /// Figures that could not be written as JSON.
    Figures(serde_json::Error),
    /// `bench-server`.
    BenchServer(BenchError),
    /// `serve`.
    Serve(ServeError),
    /// `loadtest`.
    Loadtest(LoadError),
    /// `loadtest-competition`.
    Hall(novuss_bench::hall::HallError),
    /// `club`.
    Club(novuss::club::ClubError),
    /// `backup` or `restore`.
    Backup(String),
    /// `admin`.
    Admin(String),
    /// `words`.
    Words(String),
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::Read { path: None, error } => {
                write!(f, "cannot read standard input: {error}")
            }
            CliError::Read {
                path: Some(path),
                error,
            } => write!(f, "cannot read {path}: {error}"),
            CliError::Command(e) => write!(f, "{e}"),
            CliError::Computer(e) => write!(f, "{e}"),
            CliError::Figures(e) => write!(f, "{e}"),
            CliError::BenchServer(e) => write!(f, "{e}"),
            CliError::Serve(e) => write!(f, "{e}"),
            CliError::Loadtest(e) => write!(f, "{e}"),
            CliError::Hall(e) => write!(f, "{e}"),
            CliError::Club(e) => write!(f, "{e}"),
            CliError::Backup(e) | CliError::Admin(e) | CliError::Words(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for CliError {}

#[derive(Parser)]
#[command(name = "novuss", version, about = "Novuss, the Latvian table game")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Simulate one stroke: reads a position and a stroke as JSON (a file,
    /// or standard input when FILE is absent or `-`) and prints the outcome
    /// as JSON. The format is in docs/formats.md.
    Simulate {
        file: Option<String>,
        /// Print the JSON on one line.
        #[arg(long)]
        compact: bool,
    },
    /// Measure the physics engine (and rapier2d, when built with
    /// `--features rapier`) on the opening break and random strokes.
    Bench {
        /// A shorter run (under 30 s).
        #[arg(long)]
        quick: bool,
        /// Print the figures as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Print a fresh set's state as JSON, to edit into test positions.
    NewSet {
        /// singles, doubles or four_player.
        #[arg(long, default_value = "singles")]
        format: String,
        /// lnf-2017, australia-1992 or koroona.
        #[arg(long, default_value = "lnf-2017")]
        profile: String,
        /// The seat that opens: south, west, north or east.
        #[arg(long, default_value = "south")]
        first: String,
    },
    /// Judge one stroke (or recorded conduct foul): reads a game state and a
    /// stroke as JSON and prints the new state and the referee's verdict.
    Stroke {
        file: Option<String>,
        #[arg(long)]
        compact: bool,
    },
    /// Play a list of actions from a state and print the game record.
    Record {
        file: Option<String>,
        #[arg(long)]
        compact: bool,
    },
    /// Re-simulate a game record and report any divergence (exit status 1).
    Replay { file: String },
    /// Play sets between two computer levels (on every core) and report
    /// wins, the win rate with its Wilson 95% interval, strokes, fouls and
    /// decision times.
    Arena {
        /// The first level: greedy, novice, beginner, amateur, club, league,
        /// expert or master.
        #[arg(long)]
        a: Level,
        /// The second level.
        #[arg(long)]
        b: Level,
        /// How many sets.
        #[arg(long, default_value_t = 100)]
        sets: u64,
        /// The run's seed: the same seed gives the same sets.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// singles, doubles or four_player.
        #[arg(long, default_value = "singles")]
        format: Format,
        /// lnf-2017, australia-1992 or koroona.
        #[arg(long, default_value = "lnf-2017")]
        profile: ProfileId,
        /// Print the figures as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The ladder of computer levels: each rung against the one above it
    /// (and `greedy` against the two lowest), singles under LNF 2017, on
    /// every core; prints each pair's score with its Wilson 95% interval,
    /// strokes and fouls, and each level's rating on the Glicko-2 scale
    /// (the middle rung, club, at 1500) and decision times.
    Ladder {
        /// Sets each pair plays.
        #[arg(long, default_value_t = 400)]
        sets: u64,
        /// The run's seed: a pair's sets are those `arena` plays with it.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many rungs up each rung plays: 1 for the next only, 2 for
        /// the next two (more pairs, a firmer fit).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=6))]
        reach: u16,
        /// Print the figures as JSON.
        #[arg(long)]
        json: bool,
    },
    /// One computer player alone from the singles opening, stroking until
    /// its eight discs are pocketed: run-out rate, strikes per disc, pot and
    /// foul rates, decision times.
    Solo {
        /// greedy, novice, beginner, amateur, club, league, expert or master.
        #[arg(long, default_value = "master")]
        level: Level,
        /// How many runs.
        #[arg(long, default_value_t = 100)]
        sets: u64,
        /// The run's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Execution noise instead of the level's own: none, novice,
        /// beginner, amateur, club, league, expert, pro or tournament.
        #[arg(long)]
        noise: Option<NoiseName>,
        /// lnf-2017, australia-1992 or koroona.
        #[arg(long, default_value = "lnf-2017")]
        profile: ProfileId,
        /// Where each run starts: line-up (the opening), or scattered (the
        /// player's own eight spread at random, as after an ideal break).
        #[arg(long, default_value = "line-up")]
        start: Start,
        /// Print the figures as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The computer's best strokes for the player to stroke in a set state
    /// (JSON as `novuss stroke` reads it, without the stroke), with their
    /// estimated chances, as JSON.
    Hint {
        file: Option<String>,
        /// The level that searches.
        #[arg(long, default_value = "master")]
        level: Level,
        /// The search's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        compact: bool,
    },
    /// Show the table and a simulated opening break, in text.
    Demo,
    /// Measure the server: start-up, server time per stroke, strokes
    /// committed per second with SQLite, WebSocket round trip, page weight.
    BenchServer {
        /// Strokes per figure.
        #[arg(long, default_value_t = 1000)]
        strokes: usize,
        #[command(flatten)]
        modes: novuss_bench::server::Modes,
        /// Print the figures as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Drive running servers on this machine with simulated people:
    /// rooms of two players (invited, playing the geometric player's
    /// strokes) and spectators, over one server or several instances
    /// (--also-url); reports round trips, fan-out, errors and the servers'
    /// memory and CPU. With --idle N: N silent sockets, the server's
    /// memory as they grow, and new games timed while they are held.
    Loadtest(novuss_bench::load::LoadArgs),
    /// Load-test a competition day against a running server: an organiser
    /// enters the players, pairs each Swiss round and enters its results
    /// at a steady pace while spectators follow the live page; reports
    /// how soon each spectator had each change, the organiser's waits and
    /// the server's CPU and memory.
    LoadtestCompetition(novuss_bench::hall::HallArgs),
    /// Serve the game to a browser (the default): prints the address to
    /// open.
    Serve(novuss::serve::ServeArgs),
    /// Ratings: `recompute` rebuilds them from the stored results.
    #[command(subcommand)]
    Ratings(novuss::ratings::RatingsCommand),
    /// Competitions: a round robin's Berger tables.
    #[command(subcommand)]
    Club(novuss::club::ClubCommand),
    /// Name the site's administrators (docs/moderation.md).
    #[command(subcommand)]
    Admin(novuss::admin::AdminCommand),
    /// Copy a server's SQLite database while it plays (docs/backup.md).
    Backup(novuss::backup::BackupArgs),
    /// Put a copy made by `backup` in place of a stopped server's
    /// database; the one it replaces is moved aside (docs/backup.md).
    Restore(novuss::backup::RestoreArgs),
    /// The word list no name and no free chat line may contain: `add`,
    /// `remove`, `list`, while servers run (docs/moderation.md).
    #[command(subcommand)]
    Words(novuss::words::WordsCommand),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return argument_error(e),
    };
    // Without a subcommand, `serve` with its defaults and environment.
    let command = match cli.command {
        Some(c) => c,
        None => match Cli::try_parse_from(["novuss", "serve"]) {
            Ok(Cli { command: Some(c) }) => c,
            Ok(_) => Command::Serve(novuss::serve::ServeArgs::defaults()),
            Err(e) => return argument_error(e),
        },
    };
    let result = match command {
        Command::Simulate { file, compact } => read_input(file.as_deref())
            .and_then(|t| commands::simulate(&t, compact).map_err(CliError::Command)),
        Command::Bench { quick, json } => match bench(quick, json) {
            Ok(()) => return ExitCode::SUCCESS,
            Err(e) => Err(e),
        },
        Command::NewSet {
            format,
            profile,
            first,
        } => commands::new_set(&format, &profile, &first).map_err(CliError::Command),
        Command::Stroke { file, compact } => read_input(file.as_deref())
            .and_then(|t| commands::stroke(&t, compact).map_err(CliError::Command)),
        Command::Record { file, compact } => read_input(file.as_deref())
            .and_then(|t| commands::record(&t, compact).map_err(CliError::Command)),
        Command::Replay { file } => {
            match read_input(Some(&file))
                .and_then(|t| commands::replay(&t).map_err(CliError::Command))
            {
                Ok((report, same)) => {
                    say!("{report}");
                    return if same {
                        ExitCode::SUCCESS
                    } else {
                        ExitCode::from(1)
                    };
                }
                Err(e) => Err(e),
            }
        }
        Command::Arena {
            a,
            b,
            sets,
            seed,
            format,
            profile,
            json,
        } => computer::arena(&computer::ArenaOptions {
            a,
            b,
            sets,
            seed,
            format,
            profile,
        })
        .map_err(CliError::Computer)
        .and_then(|f| figures(&f, json, computer::ArenaFigures::text)),
        Command::Ladder {
            sets,
            seed,
            reach,
            json,
        } => computer::ladder(&computer::LadderOptions {
            sets,
            seed,
            reach: usize::from(reach),
        })
        .map_err(CliError::Computer)
        .and_then(|f| figures(&f, json, computer::LadderFigures::text)),
        Command::Solo {
            level,
            sets,
            seed,
            noise,
            profile,
            start,
            json,
        } => computer::solo(level, noise, sets, seed, profile, start)
            .map_err(CliError::Computer)
            .and_then(|f| figures(&f, json, computer::SoloFigures::text)),
        Command::Hint {
            file,
            level,
            seed,
            compact,
        } => read_input(file.as_deref())
            .and_then(|t| computer::hint(&t, level, seed, compact).map_err(CliError::Computer)),
        Command::Demo => {
            demo();
            return ExitCode::SUCCESS;
        }
        Command::BenchServer {
            strokes,
            modes,
            json,
        } => novuss_bench::server::measure(strokes, &modes, json).map_err(CliError::BenchServer),
        Command::Serve(args) => novuss::serve::serve(args).map_err(CliError::Serve),
        Command::Loadtest(args) => novuss_bench::load::run(&args).map_err(CliError::Loadtest),
        Command::LoadtestCompetition(args) => {
            novuss_bench::hall::run(&args).map_err(CliError::Hall)
        }
        Command::Club(c) => novuss::club::run(&c).map_err(CliError::Club),
        Command::Admin(c) => novuss::admin::run(&c).map_err(CliError::Admin),
        Command::Backup(args) => novuss::backup::backup(&args).map_err(CliError::Backup),
        Command::Restore(args) => novuss::backup::restore(&args).map_err(CliError::Backup),
        Command::Words(c) => novuss::words::run(c).map_err(CliError::Words),
        Command::Ratings(c) => match novuss::ratings::run(c) {
            Ok((report, same)) => {
                say!("{report}");
                return if same {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                };
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        },
    };
    match result {
        Ok(out) => {
            // A command that wrote its output to a file (`club pair -p
            // OUT`) prints nothing, not an empty line.
            if !out.is_empty() {
                say!("{out}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Help and version go to standard output as clap writes them; a wrong
/// argument is one `error:` line, as every other error.
fn argument_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    let text = e.kind().as_str().map(str::to_string).unwrap_or_default();
    let rendered = e.to_string();
    let first = rendered
        .lines()
        .find(|l| !l.trim().is_empty())
        .map(|l| l.trim_start_matches("error:").trim().to_string())
        .unwrap_or(text);
    eprintln!("error: {first} (novuss --help lists the commands and options)");
    ExitCode::from(2)
}

/// Figures as JSON or as text for a person.
fn figures<T: serde::Serialize>(
    f: &T,
    json: bool,
    text: fn(&T) -> String,
) -> Result<String, CliError> {
    if json {
        serde_json::to_string_pretty(f).map_err(CliError::Figures)
    } else {
        Ok(text(f))
    }
}

fn read_input(file: Option<&str>) -> Result<String, CliError> {
    match file {
        None | Some("-") => {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map_err(|error| CliError::Read { path: None, error })?;
            Ok(s)
        }
        Some(path) => std::fs::read_to_string(path).map_err(|error| CliError::Read {
            path: Some(path.to_owned()),
            error,
        }),
    }
}

fn bench(quick: bool, json: bool) -> Result<(), CliError> {
    let report = novuss_bench::run(quick, |stage| {
        if !json {
            eprintln!("… {stage}");
        }
    });
    if json {
        say!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(CliError::Figures)?
        );
        return Ok(());
    }
    let e = &report.engine;
    say!(
        "novuss physics benchmark ({}; one thread)",
        if quick { "quick" } else { "full" }
    );
    say!(
        "  engine   opening break  {:>10.0} shots/s  ({:.1} events/shot)",
        e.break_shots_per_s,
        e.break_events_per_shot
    );
    say!(
        "  engine   random strokes {:>10.0} shots/s  ({:.1} events/shot)",
        e.random_shots_per_s,
        e.random_events_per_shot
    );
    say!(
        "  engine   events         {:>10.0} events/s",
        e.events_per_s
    );
    let j = &report.referee;
    say!(
        "  referee  judged strokes {:>10.0} strokes/s  ({:.2}× the time of simulating them, {} strokes)",
        j.strokes_per_s,
        j.cost_vs_simulate,
        j.strokes
    );
    for (name, r, ratio) in [
        (
            "1/1000 s",
            &report.rapier_1000hz,
            report.ratio_vs_rapier_1000hz,
        ),
        (
            "1/240 s",
            &report.rapier_240hz,
            report.ratio_vs_rapier_240hz,
        ),
    ] {
        if let (Some(r), Some(ratio)) = (r, ratio) {
            say!(
                "  rapier2d {name:<8} {:>12.1} shots/s  final error {:.1} mm, fate differs for {:.1}% of bodies; engine is {ratio:.0}× faster",
                r.shots_per_s,
                r.mean_final_error_mm,
                r.fate_mismatch * 100.0
            );
        }
    }
    if let Some(note) = &report.note {
        say!("  note: {note}");
    }
    Ok(())
}

fn demo() {
    let state = SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South);
    let table = *state.table();
    let discs = state.positions();
    let stroke = Stroke {
        striker: DVec2::new(0.52, 0.08),
        direction: DVec2::new(-0.1, 1.0),
        speed: 5.0,
    };
    let mut engine = Engine::new(table, Physics::default());
    let judged = match state.preview(&stroke, &mut engine) {
        Ok(j) => j,
        Err(e) => {
            eprintln!("error: the demonstration stroke was refused: {e}");
            return;
        }
    };
    let outcome = judged.outcome;
    say!(
        "novuss {} — the game server is not built yet; here are the physics and the referee.",
        env!("CARGO_PKG_VERSION")
    );
    say!();
    say!("Opening break: striker at (520, 80) mm pushed at 5 m/s, a little west of north, into the row.");
    say!("Before:");
    print_table(&table, &discs, Some(stroke.striker));
    let after: Vec<DVec2> = (0..discs.len())
        .filter_map(|i| outcome.disc(i).on_table())
        .collect();
    say!(
        "After {:.2} s and {} events:",
        outcome.duration,
        outcome.events.len()
    );
    print_table(&table, &after, outcome.striker().on_table());
    summarise(&outcome);
    let verdict = judged.verdict;
    say!();
    say!("The referee ({}):", verdict.profile);
    for e in explain(&verdict) {
        let refs: Vec<String> = e
            .rules
            .iter()
            .map(|x| format!("{} {}", x.doc, x.clause))
            .collect();
        say!("  - {} [{}]", e.text, refs.join("; "));
    }
    say!();
    say!("Try `novuss simulate docs/examples/break.json`, `novuss new-set`, `novuss stroke` or `novuss bench --quick`.");
}

fn summarise(o: &Outcome) {
    for e in &o.events {
        match e.kind {
            EventKind::Pocket { body, pocket } => say!(
                "  {:>6.3} s  {body:?} falls into the {pocket:?} pocket",
                e.t
            ),
            EventKind::OffTable { body, exit, .. } => {
                say!("  {:>6.3} s  {body:?} leaves the table over {exit:?}", e.t)
            }
            _ => {}
        }
    }
    if let Fate::OnTable { at } = o.striker() {
        say!(
            "  the striker rests at ({:.0}, {:.0}) mm",
            at.x * 1e3,
            at.y * 1e3
        );
    }
}

/// A 40 × 20 character picture of the table: `o` discs, `S` the striker,
/// `@` pockets, `-` the zone lines.
fn print_table(table: &Table, discs: &[DVec2], striker: Option<DVec2>) {
    const W: usize = 40;
    const H: usize = 20;
    let mut grid = vec![vec![' '; W]; H];
    let cell = |p: DVec2| {
        let x = ((p.x / table.size) * W as f64).clamp(0.0, W as f64 - 1.0) as usize;
        let y = (((table.size - p.y) / table.size) * H as f64).clamp(0.0, H as f64 - 1.0) as usize;
        (x, y)
    };
    for k in 0..W {
        let x = (k as f64 + 0.5) / W as f64 * table.size;
        for y in [table.line_offset, table.size - table.line_offset] {
            let (cx, cy) = cell(DVec2::new(x, y));
            grid[cy][cx] = '-';
        }
    }
    for c in novuss_core::table::Corner::ALL {
        let (x, y) = cell(table.pocket_centre(c));
        grid[y][x] = '@';
    }
    for &d in discs {
        let (x, y) = cell(d);
        grid[y][x] = 'o';
    }
    if let Some(s) = striker {
        let (x, y) = cell(s);
        grid[y][x] = 'S';
    }
    say!("  +{}+", "-".repeat(W));
    for row in grid {
        say!("  |{}|", row.into_iter().collect::<String>());
    }
    say!("  +{}+", "-".repeat(W));
}
