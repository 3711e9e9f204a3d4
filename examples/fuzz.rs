//! A fuzzer for everything a user can send: the JSON input of every command,
//! and random positions, strokes and conduct actions played through the
//! library. Runs on stable Rust (cargo-fuzz needs a nightly toolchain, which
//! this project does not use): seeded, reproducible, and quick enough that
//! CI runs a short pass on every landing.
//!
//! ```sh
//! cargo run --release --example fuzz -- --cases 1000000 [--seed S] [--json]
//! ```
//!
//! A *finding* is a panic, an error message of more than one line, a stroke
//! whose outcome is truncated or not finite, or a state written by the
//! referee that its own validation refuses. The program prints the counts
//! per target and exits with status 1 if it found anything.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

use novuss::commands::{self, CommandError};
use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{Engine, Physics};
use novuss_core::play::game::Game;
use novuss_core::play::match_play::MatchConfig;
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::referee::Conduct;
use novuss_core::rules::set::{DiscId, Format, SetParts, SetState};
use novuss_core::seat::Seat;
use novuss_core::table::Table;
use novuss_core::DVec2;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

/// The message and place of the latest panic.
static LAST_PANIC: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

fn last_panic() -> String {
    LAST_PANIC.lock().map(|s| s.clone()).unwrap_or_default()
}

/// Counts of one target.
#[derive(Default, serde::Serialize)]
struct Tally {
    cases: u64,
    accepted: u64,
    refused: u64,
    findings: u64,
    /// The first few findings, to reproduce them.
    examples: Vec<String>,
}

impl Tally {
    fn finding(&mut self, what: String) {
        self.findings += 1;
        if self.examples.len() < 5 {
            self.examples.push(what);
        }
    }

    /// Runs one command on `input`: it must not panic, and an error must be
    /// one line.
    fn command(
        &mut self,
        name: &str,
        input: &str,
        run: impl FnOnce(&str) -> Result<String, CommandError>,
    ) {
        self.cases += 1;
        match catch_unwind(AssertUnwindSafe(|| run(input))) {
            Ok(Ok(_)) => self.accepted += 1,
            Ok(Err(e)) => {
                self.refused += 1;
                let e = e.to_string();
                if e.contains('\n') {
                    self.finding(format!("{name}: a multi-line error for {input}: {e}"));
                }
            }
            Err(_) => self.finding(format!("{name}: panic ({}) on {input}", last_panic())),
        }
    }
}

/// A number a hostile user might write in place of `x`.
fn hostile_number(rng: &mut ChaCha8Rng, x: f64) -> Value {
    match rng.random_range(0..10) {
        0 => json!(0.0),
        1 => json!(-x),
        2 => json!(1e308),
        3 => json!(-1e308),
        4 => json!(x * 1e6),
        5 => json!(x + rng.random_range(-1e-9..1e-9)),
        6 => json!(u64::MAX),
        7 => json!(4294967295u64),
        8 => json!(rng.random_range(-2.0..2.0)),
        _ => json!(f64::MIN_POSITIVE),
    }
}

/// Mutates one random place of `v`, a few levels deep.
fn mutate(rng: &mut ChaCha8Rng, v: &mut Value, depth: u32) {
    let descend = depth < 6 && rng.random_bool(0.8);
    match v {
        Value::Object(map) if !map.is_empty() => {
            let keys: Vec<String> = map.keys().cloned().collect();
            let key = &keys[rng.random_range(0..keys.len())];
            match rng.random_range(0..10) {
                0 => {
                    map.remove(key);
                }
                1 => {
                    map.insert("unexpected".into(), json!(1));
                }
                2 => {
                    map.insert(key.clone(), Value::Null);
                }
                _ if descend => mutate(rng, map.get_mut(key).expect("a key"), depth + 1),
                _ => {
                    map.insert(key.clone(), json!("?"));
                }
            }
        }
        Value::Array(items) if !items.is_empty() => {
            let k = rng.random_range(0..items.len());
            match rng.random_range(0..10) {
                0 => {
                    items.remove(k);
                }
                1 => {
                    let copy = items[k].clone();
                    items.push(copy);
                }
                2 => {
                    // Many copies: a body count far beyond any table.
                    let copy = items[k].clone();
                    let n = rng.random_range(10..200);
                    items.extend(std::iter::repeat_n(copy, n));
                }
                _ if descend => mutate(rng, &mut items[k], depth + 1),
                _ => items[k] = Value::Null,
            }
        }
        Value::Number(n) => {
            let x = n.as_f64().unwrap_or(1.0);
            *v = hostile_number(rng, x);
        }
        Value::String(s) => {
            *v = match rng.random_range(0..4) {
                0 => json!(""),
                1 => json!(format!("{s}{s}")),
                2 => json!("north-east"),
                _ => json!(42),
            };
        }
        Value::Bool(b) => *v = json!(!*b),
        _ => *v = json!({}),
    }
}

/// Moves a few numbers of `v` a little: most such inputs stay valid, so the
/// commands' deeper paths (the referee, records of other strokes) are
/// reached, not only their parsers.
fn nudge(rng: &mut ChaCha8Rng, v: &mut Value, p: f64) {
    match v {
        // Only real numbers: ids, counts and versions stay whole.
        Value::Number(n) if n.is_f64() && rng.random_bool(p) => {
            let x = n.as_f64().unwrap_or(0.0);
            *v = json!(x * (1.0 + rng.random_range(-0.05..0.05)));
        }
        Value::Array(items) => items.iter_mut().for_each(|x| nudge(rng, x, p)),
        Value::Object(map) => map.values_mut().for_each(|x| nudge(rng, x, p)),
        _ => {}
    }
}

/// Valid inputs of every command, to mutate.
struct Seeds {
    simulate: Vec<Value>,
    stroke: Vec<Value>,
    record: Vec<Value>,
    replay: Vec<Value>,
}

fn seeds() -> Seeds {
    let mut simulate = vec![];
    let mut stroke = vec![];
    let mut record = vec![];
    let mut replay = vec![];
    for format in Format::ALL {
        for profile in ProfileId::ALL {
            let state = SetState::new(profile, format, Seat::South);
            let hit = Stroke {
                striker: DVec2::new(0.47, 0.08),
                direction: DVec2::new(0.05, 1.0),
                speed: 6.0,
            };
            simulate.push(json!({"discs": state.positions(), "stroke": hit}));
            stroke.push(json!({"state": state, "stroke": hit}));
            stroke.push(
                json!({"state": state, "conduct": {"action": "dislodged_discs", "discs": [0, 9]}}),
            );
            stroke.push(json!({"state": state, "conduct": {"action": "played_out_of_turn", "seat": "north"}}));
            let actions = json!([{"stroke": hit}, {"conduct": {"action": "refused_stroke"}}]);
            let rec = json!({"state": state, "actions": actions});
            if let Ok(out) = commands::record(&rec.to_string(), true) {
                replay.push(serde_json::from_str(&out).expect("the record is JSON"));
            }
            record.push(rec);
            record
                .push(json!({"config": MatchConfig::for_set(&state, vec![]), "actions": actions}));
        }
    }
    Seeds {
        simulate,
        stroke,
        record,
        replay,
    }
}

/// A random set state: any format and profile, discs anywhere (often
/// touching or against cushions), random debts, counters at their limits,
/// random opening and turn. Most pass validation; those that do must play.
fn random_state(rng: &mut ChaCha8Rng) -> SetParts {
    let format = Format::ALL[rng.random_range(0..3)];
    let profile = ProfileId::ALL[rng.random_range(0..3)];
    let mut p = SetState::new(profile, format, Seat::ALL[rng.random_range(0..4)]).to_parts();
    let t = Table::default();
    let r = t.disc.radius;
    let keep: f64 = rng.random_range(0.0..1.0);
    let mut placed: Vec<DVec2> = vec![];
    for k in 0..p.discs.len() {
        if rng.random_bool(0.3) {
            continue; // stays in the line-up, if still free
        }
        let at = if rng.random_bool(keep) {
            let q = match rng.random_range(0..3) {
                0 if !placed.is_empty() => {
                    let a: f64 = rng.random_range(0.0..std::f64::consts::TAU);
                    placed[placed.len() - 1] + DVec2::from_angle(a) * 2.0 * r
                }
                1 => DVec2::new(rng.random_range(r..1.0 - r), r),
                _ => DVec2::new(rng.random_range(r..1.0 - r), rng.random_range(r..1.0 - r)),
            };
            Some(q)
        } else {
            None
        };
        p.discs[k].at = at;
        if let Some(q) = at {
            placed.push(q);
        }
    }
    for info in &mut p.sides {
        info.debt = match rng.random_range(0..6) {
            0 => u32::MAX,
            1 => rng.random_range(1..4),
            _ => 0,
        };
        info.blind_misses = if rng.random_bool(0.1) {
            u32::MAX
        } else {
            rng.random_range(0..4)
        };
        info.debt_seat = if rng.random_bool(0.5) {
            info.seats.first().copied()
        } else {
            None
        };
    }
    p.to_play = novuss_core::SeatIndex(rng.random_range(0..p.seats.len()));
    if rng.random_bool(0.05) {
        p.strokes = u32::MAX;
    }
    p
}

/// A random stroke for the player to stroke: usually legal-looking, at
/// times hostile (NaN, infinite, zero, huge).
fn random_stroke(rng: &mut ChaCha8Rng, s: &SetState) -> Stroke {
    let seat = s.seat_to_play();
    let frame = novuss_core::rules::zone::SeatFrame::new(s.table(), seat);
    let striker = frame.world(rng.random_range(0.1..0.9), rng.random_range(0.0..0.15));
    let direction = frame.inward() * rng.random_range(0.05..1.0)
        + frame.rightward() * rng.random_range(-1.0..1.0);
    let mut st = Stroke {
        striker,
        direction,
        speed: rng.random_range(0.01..8.0),
    };
    match rng.random_range(0..40) {
        0 => st.speed = f64::NAN,
        1 => st.speed = f64::INFINITY,
        2 => st.speed = 1e300,
        3 => st.direction = DVec2::ZERO,
        4 => st.direction = DVec2::new(f64::NAN, 1.0),
        5 => st.striker = DVec2::new(f64::INFINITY, 0.0),
        6 => st.direction *= 1e300,
        7 => st.speed = 8.0,
        _ => {}
    }
    st
}

fn random_conduct(rng: &mut ChaCha8Rng) -> Conduct {
    let discs: Vec<DiscId> = (0..rng.random_range(0..4))
        .map(|_| DiscId(rng.random_range(0..40)))
        .collect();
    let seat = Seat::ALL[rng.random_range(0..4)];
    match rng.random_range(0..8) {
        0 => Conduct::TouchedMovingStriker,
        1 => Conduct::DislodgedDiscs { discs },
        2 => Conduct::RefusedStroke,
        3 => Conduct::DoubleStroke { discs },
        4 => Conduct::PlayedOutOfTurn { seat },
        5 => Conduct::Interference {
            discs_disturbed: rng.random_bool(0.5),
        },
        6 => Conduct::Warning { note: "x".into() },
        _ => Conduct::Forfeit {
            seat,
            note: "y".into(),
        },
    }
}

/// Plays up to a few actions from a random state through the library.
fn play_random(rng: &mut ChaCha8Rng, engine: &mut Engine, tally: &mut Tally) {
    tally.cases += 1;
    let parts = random_state(rng);
    let Ok(mut state) = SetState::from_parts(parts) else {
        tally.refused += 1;
        return;
    };
    tally.accepted += 1;
    for _ in 0..rng.random_range(1..6) {
        let before = state.clone();
        if rng.random_bool(0.1) {
            let action = random_conduct(rng);
            match catch_unwind(AssertUnwindSafe(|| {
                state.clone().conduct(&action).map(|_| ())
            })) {
                Err(_) => {
                    return tally.finding(format!(
                        "panic ({}) on conduct {action:?} in {before:?}",
                        last_panic()
                    ))
                }
                Ok(Err(_)) => continue,
                Ok(Ok(())) => {
                    let _ = state.conduct(&action);
                }
            }
        } else {
            let stroke = random_stroke(rng, &state);
            let result = catch_unwind(AssertUnwindSafe(|| state.preview(&stroke, engine)));
            match result {
                Err(_) => {
                    return tally.finding(format!(
                        "panic ({}) on {stroke:?} in {before:?}",
                        last_panic()
                    ))
                }
                Ok(Err(_)) => {
                    if state != before {
                        return tally.finding("a refused stroke changed the state".into());
                    }
                    continue;
                }
                Ok(Ok(j)) => {
                    if j.outcome.truncated {
                        tally.finding(format!("truncated outcome of {stroke:?} in {before:?}"));
                    }
                    if let Err(e) = SetState::from_parts(j.next.to_parts()) {
                        return tally.finding(format!(
                            "the referee wrote a state it refuses ({e}) after {stroke:?} in {before:?}"
                        ));
                    }
                    state = j.next;
                }
            }
        }
        if state.is_over() {
            break;
        }
    }
}

/// A whole game through [`Game`], as a server would drive it.
fn play_game(rng: &mut ChaCha8Rng, tally: &mut Tally) {
    tally.cases += 1;
    let format = Format::ALL[rng.random_range(0..3)];
    let state = SetState::new(ProfileId::ALL[rng.random_range(0..3)], format, Seat::South);
    let mut config = MatchConfig::for_set(&state, vec![]);
    config.sets = [1, 3, 5][rng.random_range(0..3)];
    let Ok(mut game) = Game::new(config, Physics::default()) else {
        return tally.finding("a valid config refused".into());
    };
    let run = catch_unwind(AssertUnwindSafe(|| {
        for _ in 0..20 {
            if game.between_sets() {
                game.next_set().expect("between sets");
            }
            if game.is_over() {
                break;
            }
            let stroke = random_stroke(rng, game.set());
            let seat = game.set().seat_to_play();
            let _ = game.play(seat, &stroke);
        }
        Game::from_record(game.record().clone()).map(|g| g.set() == game.set())
    }));
    match run {
        Err(_) => tally.finding(format!("panic ({}) while playing a game", last_panic())),
        Ok(Ok(true)) => tally.accepted += 1,
        Ok(Ok(false)) => tally.finding("a game rebuilt from its record differs".into()),
        Ok(Err(e)) => tally.finding(format!("a game's own record does not replay: {e}")),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|k| args.get(k + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let cases = value("--cases").unwrap_or(20_000);
    let seed = value("--seed").unwrap_or(1);
    let as_json = args.iter().any(|a| a == "--json");
    // Panics are counted, not printed: a finding is reported with its input
    // and the panic's message and place.
    std::panic::set_hook(Box::new(|info| {
        let place = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        *LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()) = format!("{msg} at {place}");
    }));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let seeds = seeds();
    let mut engine = Engine::new(Table::default(), Physics::default());
    let mut t: std::collections::BTreeMap<&str, Tally> = Default::default();
    let start = Instant::now();
    for k in 0..cases {
        let pick = |rng: &mut ChaCha8Rng, list: &[Value]| {
            let mut v = list[rng.random_range(0..list.len())].clone();
            if rng.random_bool(0.5) {
                nudge(rng, &mut v, 0.05);
            } else {
                for _ in 0..rng.random_range(1..4) {
                    mutate(rng, &mut v, 0);
                }
            }
            v.to_string()
        };
        match k % 10 {
            0 | 1 => {
                let input = pick(&mut rng, &seeds.simulate);
                t.entry("simulate")
                    .or_default()
                    .command("simulate", &input, |i| commands::simulate(i, true));
            }
            2 | 3 => {
                let input = pick(&mut rng, &seeds.stroke);
                t.entry("stroke")
                    .or_default()
                    .command("stroke", &input, |i| commands::stroke(i, true));
            }
            4 => {
                let input = pick(&mut rng, &seeds.record);
                t.entry("record")
                    .or_default()
                    .command("record", &input, |i| commands::record(i, true));
            }
            5 => {
                let input = pick(&mut rng, &seeds.replay);
                t.entry("replay")
                    .or_default()
                    .command("replay", &input, |i| commands::replay(i).map(|r| r.0));
            }
            6 => {
                let words = [
                    "singles",
                    "doubles",
                    "four_player",
                    "lnf-2017",
                    "koroona",
                    "south",
                    "east",
                    "",
                    "x",
                ];
                let a: Vec<&str> = (0..3)
                    .map(|_| words[rng.random_range(0..words.len())])
                    .collect();
                t.entry("new-set")
                    .or_default()
                    .command("new-set", "", |_| commands::new_set(a[0], a[1], a[2]));
            }
            7 if k % 50 == 7 => play_game(&mut rng, t.entry("game").or_default()),
            _ => play_random(&mut rng, &mut engine, t.entry("positions").or_default()),
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let findings: u64 = t.values().map(|x| x.findings).sum();
    if as_json {
        let report = json!({"cases": cases, "seed": seed, "seconds": seconds, "findings": findings, "targets": t});
        println!("{}", serde_json::to_string_pretty(&report).expect("JSON"));
    } else {
        println!("fuzz: {cases} cases, seed {seed}, {seconds:.1} s, {findings} finding(s)");
        for (name, x) in &t {
            println!(
                "  {name:<10} {:>9} cases  {:>9} accepted  {:>9} refused  {:>4} findings",
                x.cases, x.accepted, x.refused, x.findings
            );
            for e in &x.examples {
                let short: String = e.chars().take(600).collect();
                println!("    finding: {short}");
            }
        }
    }
    if findings > 0 {
        std::process::exit(1);
    }
}
