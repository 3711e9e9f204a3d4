//! A competition's files over real HTTP (issue 33, "Data in and out"):
//! its players imported from an Excel sheet and a CSV file made here, as
//! one change each; bad files, other people and wrong types refused with
//! nothing stored; a few rounds played; then every export read back by
//! an independent reader (calamine, the csv crate, the club crate's TRF
//! reader and `novuss club standings`) and compared with the standings
//! the server shows; and the competition's JSON imported as a new
//! competition equal to the original.

use std::process::Command;

use serde_json::{json, Value};

use crate::support::server::{data_dir, json_answer, path, Person, Running};

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into()
}

/// An answer's status, `Content-Type`, `Content-Disposition` and bytes.
struct Got {
    status: u16,
    kind: String,
    disposition: String,
    bytes: Vec<u8>,
}

impl Got {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.bytes).unwrap_or(Value::Null)
    }
}

fn got(mut r: ureq::http::Response<ureq::Body>) -> Got {
    let header = |n: &str| {
        r.headers()
            .get(n)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned()
    };
    let (kind, disposition) = (header("content-type"), header("content-disposition"));
    Got {
        status: r.status().as_u16(),
        kind,
        disposition,
        bytes: r.body_mut().read_to_vec().unwrap_or_default(),
    }
}

/// `POST path` of `bytes` as `kind`, with `person`'s cookie.
fn send(server: &Running, person: &Person, path: &str, kind: &str, bytes: &[u8]) -> Got {
    let mut request = agent()
        .post(format!("{}{}", server.url, path.trim_start_matches('/')))
        .header("content-type", kind);
    if let Some(c) = person.cookie() {
        request = request.header("cookie", c);
    }
    got(request.send(bytes).expect("answered"))
}

/// `GET path` as anyone.
fn fetch(server: &Running, path: &str) -> Got {
    got(agent()
        .get(format!("{}{}", server.url, path.trim_start_matches('/')))
        .call()
        .expect("answered"))
}

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// Six players on an Excel sheet the way a club keeps one: a title row,
/// then the header, first name and surname apart, birth year as numbers.
fn players_xlsx() -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let ws = book.add_worksheet();
    ws.write(0, 0, "Rīgas kauss 2026 — dalībnieki").unwrap();
    for (c, h) in ["Vārds", "Uzvārds", "Klubs", "Dzimšanas gads", "Reitings"]
        .iter()
        .enumerate()
    {
        ws.write(1, c as u16, *h).unwrap();
    }
    let players = [
        ("Jānis", "Bērziņš", "Madona", 1985, 1900),
        ("Anna", "Ozola", "Rīga", 1990, 1875),
        ("Pēteris", "Kalniņš", "Cēsis", 1979, 1850),
        ("Ilze", "Liepa", "Rīga", 2001, 1825),
        ("Māris", "Vītols", "Madona", 1968, 1800),
        ("Laura", "Zariņa", "Valmiera", 1995, 1775),
    ];
    for (r, (first, last, club, born, rating)) in players.iter().enumerate() {
        let r = r as u32 + 2;
        ws.write(r, 0, *first).unwrap();
        ws.write(r, 1, *last).unwrap();
        ws.write(r, 2, *club).unwrap();
        ws.write(r, 3, *born).unwrap();
        ws.write(r, 4, *rating).unwrap();
    }
    book.save_to_buffer().unwrap()
}

fn names_of(c: &Value) -> Vec<String> {
    c["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["entry"]["name"].as_str().unwrap().to_owned())
        .collect()
}

/// The page's standings as (name, points) best first.
fn standings_of(c: &Value) -> Vec<(String, u64)> {
    let names = names_of(c);
    c["standings"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let e = r["entrant"].as_u64().unwrap() as usize;
            (names[e - 1].clone(), r["points"].as_u64().unwrap())
        })
        .collect()
}

/// Pairs the next round and enters every result: wins both ways, draws
/// and a forfeit.
fn play_round(person: &Person, id: &str, round: u64) -> Value {
    let c = person.change(id, json!({"change": "pair_next", "round": round}));
    let boards = c["rounds"][(round - 1) as usize]["boards"]
        .as_array()
        .unwrap()
        .clone();
    let mut c = c;
    for (k, _) in boards.iter().enumerate() {
        let outcome = match (k as u64 + round) % 4 {
            0 => json!({"kind": "sets", "first": 4, "second": 2}),
            1 => json!({"kind": "sets", "first": 1, "second": 4}),
            2 => json!({"kind": "sets", "first": 3, "second": 3}),
            _ => json!({"kind": "forfeit", "winner": "first"}),
        };
        c = person.change(
            id,
            json!({"change": "result", "round": round, "board": k + 1, "outcome": outcome}),
        );
    }
    c
}

#[test]
fn players_come_in_from_files_and_every_export_reads_back() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let organiser = server.person();
    let other = server.person();
    let stranger = server.person();
    organiser.register("organiser_files", "a long password");
    other.register("importer", "a long password");

    let setup = json!({
        "name": "Rīgas kauss 2026",
        "venue": "Rīga",
        "tables": 4,
        "system": {"kind": "swiss", "rounds": 5},
        "format": {"kind": "sets", "sets": 6},
        "tiebreaks": ["bh_c1", "bh", "sb", "win"],
    });
    let (status, c) = json_answer(organiser.post("/api/competitions", &setup.to_string()));
    assert_eq!(status, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_owned();
    let entries = format!("/api/competitions/{id}/entries");

    // Nobody but the organiser enters a list; a body of another type is
    // refused before it is read.
    let refused = send(&server, &other, &entries, XLSX, &players_xlsx());
    assert_eq!(
        (refused.status, refused.json()["code"].clone()),
        (403, json!("not_organiser"))
    );
    let refused = send(&server, &stranger, &entries, "text/csv", b"Name\nX\n");
    assert_eq!(refused.status, 403, "{}", refused.json());
    let refused = send(&server, &organiser, &entries, "text/plain", b"Name\nX\n");
    assert_eq!(
        (refused.status, refused.json()["code"].clone()),
        (415, json!("bad_content_type"))
    );

    // The sheet: six players, one change.
    let imported = send(&server, &organiser, &entries, XLSX, &players_xlsx());
    assert_eq!(imported.status, 200, "{}", imported.json());
    let answer = imported.json();
    assert_eq!(answer["entered"], 6);
    assert_eq!(answer["competition"]["changes"], 1);
    assert_eq!(names_of(&answer["competition"])[0], "Jānis Bērziņš");
    assert_eq!(
        answer["competition"]["entrants"][3]["entry"]["birth_year"],
        2001
    );

    // A CSV with a player entered already: refused at its row and
    // column, nothing stored.
    let csv_bad = "Vārds, uzvārds;Klubs;Licence\nDace Kalna;Tukums;\nanna  ozola;Rīga;\n";
    let refused = send(
        &server,
        &organiser,
        &entries,
        "text/csv",
        csv_bad.as_bytes(),
    );
    let why = refused.json();
    assert_eq!(refused.status, 400, "{why}");
    assert_eq!(why["code"], "competition_refused");
    assert_eq!(
        why["refusal"],
        json!({"code": "entry_file", "row": 3, "column": "Vārds, uzvārds",
               "problem": {"problem": "entered", "entrant": 2}})
    );
    // A file the reader refuses: a birth year that is none, Windows'
    // label for a CSV.
    let refused = send(
        &server,
        &organiser,
        &entries,
        "application/vnd.ms-excel",
        "Name,Birth year\nDace Kalna,19x0\n".as_bytes(),
    );
    assert_eq!(refused.json()["refusal"]["row"], 2, "{}", refused.json());
    assert_eq!(refused.json()["refusal"]["column"], "Birth year");
    assert_eq!(
        refused.json()["refusal"]["problem"]["problem"],
        "birth_year"
    );
    let (_, page) = json_answer(stranger.get(&format!("/api/competitions/{id}")));
    assert_eq!(
        page["competition"]["changes"], 1,
        "a refused file stored something"
    );
    assert_eq!(page["competition"]["entrants"].as_array().unwrap().len(), 6);

    // The CSV as Excel in Latvia saves it: semicolons, a byte order mark.
    let csv_good = "\u{feff}Vārds, uzvārds;Klubs;Reitings\nDace Kalna;Tukums;1750\nEdgars Krūmiņš;Cēsis;1725\nGints Ābols;;1700\n";
    let imported = send(
        &server,
        &organiser,
        &entries,
        "text/csv",
        csv_good.as_bytes(),
    );
    assert_eq!(imported.status, 200, "{}", imported.json());
    assert_eq!(imported.json()["entered"], 3);
    assert_eq!(imported.json()["competition"]["changes"], 2);

    let mut c = Value::Null;
    for round in 1..=3 {
        c = play_round(&organiser, &id, round);
    }
    let shown = standings_of(&c);
    assert_eq!(shown.len(), 9);

    // Standings as CSV: place, name, club, points, the tie-breaks.
    let got = fetch(&server, &format!("/api/competitions/{id}/standings.csv"));
    assert_eq!(got.status, 200);
    assert_eq!(got.kind, "text/csv; charset=utf-8");
    assert!(
        got.disposition.starts_with("attachment; filename=\"Rigas-kauss-2026-standings.csv\"; filename*=UTF-8''R%C4%ABgas%20kauss%202026%20standings.csv"),
        "{}",
        got.disposition
    );
    let mut reader = csv::Reader::from_reader(&got.bytes[3..]);
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        header,
        ["Place", "Name", "Club", "Points", "BH-C1", "BH", "SB", "WIN"]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let from_csv: Vec<(String, u64)> = rows
        .iter()
        .map(|r| (r[1].to_owned(), r[3].parse().unwrap()))
        .collect();
    assert_eq!(from_csv, shown);
    for (r, page_row) in rows.iter().zip(c["standings"]["rows"].as_array().unwrap()) {
        let values: Vec<u64> = page_row["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                v.as_object()
                    .unwrap()
                    .values()
                    .next()
                    .unwrap()
                    .as_u64()
                    .unwrap()
            })
            .collect();
        let from_csv: Vec<u64> = (4..8).map(|k| r[k].parse().unwrap()).collect();
        assert_eq!(from_csv, values);
    }

    // Standings as Excel, read by calamine: the same rows, numbers as
    // numbers.
    let got = fetch(&server, &format!("/api/competitions/{id}/standings.xlsx"));
    assert_eq!((got.status, got.kind.as_str()), (200, XLSX));
    assert!(
        got.disposition.contains("standings.xlsx"),
        "{}",
        got.disposition
    );
    use calamine::Reader;
    let mut book = calamine::open_workbook_auto_from_rs(std::io::Cursor::new(got.bytes)).unwrap();
    let range = book.worksheet_range("Standings").unwrap();
    let cells: Vec<Vec<calamine::Data>> = range.rows().map(|r| r.to_vec()).collect();
    assert_eq!(cells[0][1], calamine::Data::String("Name".into()));
    let from_xlsx: Vec<(String, u64)> = cells[1..]
        .iter()
        .map(|r| {
            let calamine::Data::Float(points) = r[3] else {
                panic!("points are not a number: {:?}", r[3])
            };
            (r[1].to_string(), points as u64)
        })
        .collect();
    assert_eq!(from_xlsx, shown);
    // A club is text; a player without one leaves the cell empty.
    let club_of = |name: &str| {
        c["entrants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["entry"]["name"] == name)
            .and_then(|l| l["entry"]["club"].as_str())
            .map(String::from)
    };
    for r in &cells[1..] {
        let club = match &r[2] {
            calamine::Data::String(s) => Some(s.clone()),
            calamine::Data::Empty => None,
            other => panic!("a club that is not text: {other:?}"),
        };
        assert_eq!(club, club_of(&r[1].to_string()));
    }

    // Results: a row per board and per rest, the result as the page has it.
    let got = fetch(&server, &format!("/api/competitions/{id}/results.csv"));
    assert_eq!(got.status, 200);
    let mut reader = csv::Reader::from_reader(&got.bytes[3..]);
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        ["Round", "Board", "Table", "First", "Second", "Result"]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let names = names_of(&c);
    let mut expected = Vec::new();
    for r in c["rounds"].as_array().unwrap() {
        for (k, b) in r["boards"].as_array().unwrap().iter().enumerate() {
            let o = &b["outcome"];
            let result = match o["kind"].as_str().unwrap() {
                "sets" => format!("{}:{}", o["first"], o["second"]),
                "forfeit" if o["winner"] == "first" => "+:-".into(),
                "forfeit" => "-:+".into(),
                _ => "-:-".into(),
            };
            let name = |e: &Value| names[e.as_u64().unwrap() as usize - 1].clone();
            expected.push(vec![
                r["number"].to_string(),
                (k + 1).to_string(),
                b["table"].to_string(),
                name(&b["first"]),
                name(&b["second"]),
                result,
            ]);
        }
        for rest in r["rests"].as_array().unwrap() {
            expected.push(vec![
                r["number"].to_string(),
                String::new(),
                String::new(),
                names[rest["entrant"].as_u64().unwrap() as usize - 1].clone(),
                String::new(),
                "bye".into(),
            ]);
        }
    }
    let from_csv: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.iter().map(String::from).collect())
        .collect();
    assert_eq!(from_csv, expected);

    // The crosstable of a Swiss, round by round: each row in the
    // standings' order, each round's cell the opponent's pairing number
    // and the result as the row's player played it.
    let got = fetch(&server, &format!("/api/competitions/{id}/crosstable.csv"));
    assert_eq!(got.status, 200);
    assert!(
        got.disposition.contains("crosstable.csv"),
        "{}",
        got.disposition
    );
    let mut reader = csv::Reader::from_reader(&got.bytes[3..]);
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        ["Place", "No.", "Name", "Club", "Points", "Round 1", "Round 2", "Round 3"]
    );
    let cross: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let ranking: Vec<u64> = c["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_u64().unwrap())
        .collect();
    let number_of = |e: u64| ranking.iter().position(|&r| r == e).unwrap() + 1;
    let order: Vec<String> = cross.iter().map(|r| r[2].to_owned()).collect();
    let by_standings: Vec<String> = shown.iter().map(|(n, _)| n.clone()).collect();
    assert_eq!(order, by_standings);
    for row in &cross {
        let me = names.iter().position(|n| *n == row[2]).unwrap() as u64 + 1;
        for (k, r) in c["rounds"].as_array().unwrap().iter().enumerate() {
            let board = r["boards"]
                .as_array()
                .unwrap()
                .iter()
                .find(|b| b["first"] == me || b["second"] == me);
            let want = match board {
                Some(b) => {
                    let first = b["first"] == me;
                    let other = if first { &b["second"] } else { &b["first"] };
                    let o = &b["outcome"];
                    let result = match o["kind"].as_str().unwrap() {
                        "sets" if first => format!("{}:{}", o["first"], o["second"]),
                        "sets" => format!("{}:{}", o["second"], o["first"]),
                        "forfeit" if (o["winner"] == "first") == first => "+".into(),
                        _ => "-".into(),
                    };
                    format!("{} {result}", number_of(other.as_u64().unwrap()))
                }
                None => "bye".into(),
            };
            assert_eq!(row[5 + k], want, "round {} of {}", k + 1, &row[2]);
        }
    }

    // One workbook of all three, read by calamine: its sheets' cells are
    // the CSVs'.
    let got = fetch(&server, &format!("/api/competitions/{id}/competition.xlsx"));
    assert_eq!((got.status, got.kind.as_str()), (200, XLSX));
    let mut book = calamine::open_workbook_auto_from_rs(std::io::Cursor::new(got.bytes)).unwrap();
    assert_eq!(book.sheet_names(), ["Standings", "Results", "Crosstable"]);
    let text = |d: &calamine::Data| match d {
        calamine::Data::Empty => String::new(),
        other => other.to_string(),
    };
    let sheet = |book: &mut calamine::Sheets<_>, name: &str| -> Vec<Vec<String>> {
        book.worksheet_range(name)
            .unwrap()
            .rows()
            .map(|r| r.iter().map(text).collect())
            .collect()
    };
    let results_sheet = sheet(&mut book, "Results");
    assert_eq!(results_sheet.len(), expected.len() + 1);
    // A board's table, its result and the names are the CSV's.
    for (xlsx, csv_row) in results_sheet[1..].iter().zip(&expected) {
        assert_eq!(xlsx[3..], csv_row[3..]);
    }
    let cross_sheet = sheet(&mut book, "Crosstable");
    let cross_csv: Vec<Vec<String>> = cross
        .iter()
        .map(|r| r.iter().map(String::from).collect())
        .collect();
    assert_eq!(cross_sheet[1..], cross_csv[..]);
    let standings_sheet = sheet(&mut book, "Standings");
    let names_in_order: Vec<String> = standings_sheet[1..].iter().map(|r| r[1].clone()).collect();
    assert_eq!(names_in_order, by_standings);

    // TRF-16: read by the club crate's reader, and ranked the same by
    // `novuss club standings`.
    let got = fetch(&server, &format!("/api/competitions/{id}/competition.trf"));
    assert_eq!(
        (got.status, got.kind.as_str()),
        (200, "text/plain; charset=utf-8")
    );
    let text = String::from_utf8(got.bytes).unwrap();
    let file = novuss_club::trf::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(file.players.len(), 9);
    assert_eq!(file.paired_rounds(), 3);
    let trf_path = dir.path().join("competition.trf");
    std::fs::write(&trf_path, &text).unwrap();
    let out = Command::new(crate::support::novuss())
        .args([
            "club",
            "standings",
            "--tiebreaks",
            "bh_c1,bh,sb,win",
            "--json",
        ])
        .arg(&trf_path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cli: Value = serde_json::from_slice(&out.stdout).unwrap();
    let from_cli: Vec<(String, u64)> = cli["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_owned(),
                r["points"].as_u64().unwrap() / 10,
            )
        })
        .collect();
    assert_eq!(from_cli, shown, "{text}");
    let trf_text = text.clone();

    // The competition's JSON, imported by someone else: a new
    // competition, theirs, equal to the original.
    let got = fetch(&server, &format!("/api/competitions/{id}/competition.json"));
    assert_eq!((got.status, got.kind.as_str()), (200, "application/json"));
    let exported = got.json();
    assert_eq!(exported["format"], "novuss-competition");
    assert_eq!(exported["version"], 1);
    assert_eq!(exported["changes"][0]["change"]["change"], "enter_list");
    let text = serde_json::to_string(&exported).unwrap();
    let (status, refused) = json_answer(stranger.post("/api/competitions/import", &text));
    assert_eq!(
        (status, refused["code"].as_str()),
        (401, Some("not_signed_in"))
    );
    let listed = |p: &Person| {
        json_answer(p.get("/api/competitions"))
            .1
            .as_array()
            .unwrap()
            .len()
    };
    let before = listed(&stranger);

    // A file whose fifth change no longer fits is refused with its
    // number, and nothing is stored.
    let mut bad = exported.clone();
    let k = bad["changes"]
        .as_array()
        .unwrap()
        .iter()
        .position(|ch| ch["change"]["change"] == "result")
        .unwrap();
    bad["changes"][k]["change"]["outcome"] = json!({"kind": "sets", "first": 9, "second": 0});
    let (status, refused) = json_answer(other.post("/api/competitions/import", &bad.to_string()));
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["refusal"]["code"], "replay");
    assert_eq!(refused["refusal"]["change"], k + 1);
    assert_eq!(refused["refusal"]["refusal"]["code"], "score");
    let (status, refused) =
        json_answer(other.post("/api/competitions/import", r#"{"format":"x"}"#));
    assert_eq!(
        (status, refused["code"].as_str()),
        (400, Some("bad_message"))
    );
    assert_eq!(
        listed(&stranger),
        before,
        "a refused import stored a competition"
    );

    let (status, copy) = json_answer(other.post("/api/competitions/import", &text));
    assert_eq!(status, 201, "{copy}");
    assert_ne!(copy["id"], c["id"]);
    assert_ne!(copy["organiser"], c["organiser"]);
    for field in [
        "setup",
        "entrants",
        "rounds",
        "standings",
        "ranking",
        "changes",
        "round_count",
    ] {
        assert_eq!(copy[field], c[field], "{field}");
    }
    let copy_id = copy["id"].as_str().unwrap();
    let (_, page) = json_answer(other.get(&format!("/api/competitions/{copy_id}")));
    assert_eq!(page["may_change"], true);
    assert_eq!(listed(&stranger), before + 1);

    // The TRF, imported as Swiss-Manager's would be: a new competition with
    // the same players, rounds and points; its results without sets.
    let trf_import = |person: &Person, trf: &str, format: Value| {
        json_answer(person.post(
            "/api/competitions/import/trf",
            &json!({"trf": trf, "format": format}).to_string(),
        ))
    };
    let six = json!({"kind": "sets", "sets": 6});
    let (status, refused) = trf_import(&stranger, &trf_text, six.clone());
    assert_eq!(
        (status, refused["code"].as_str()),
        (401, Some("not_signed_in"))
    );
    // Not a TRF: refused at its line and column, nothing stored.
    let (status, refused) = trf_import(&other, "001    1 m    Anna\n", six.clone());
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["refusal"]["code"], "trf_file");
    assert_eq!(refused["refusal"]["line"], 1);
    // Its draws cannot be played best of five: refused with the change.
    let (status, refused) = trf_import(&other, &trf_text, json!({"kind": "best_of", "sets": 5}));
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["refusal"]["code"], "replay");
    assert_eq!(refused["refusal"]["refusal"]["code"], "cannot_draw");
    assert_eq!(
        listed(&stranger),
        before + 1,
        "a refused TRF stored something"
    );
    let (status, moved) = trf_import(&other, &trf_text, six);
    assert_eq!(status, 201, "{moved}");
    assert_eq!(moved["setup"]["name"], "Rīgas kauss 2026");
    assert_eq!(moved["rounds"].as_array().unwrap().len(), 3);
    let mut names_here = names_of(&c);
    let mut names_moved = names_of(&moved);
    names_here.sort();
    names_moved.sort();
    assert_eq!(names_moved, names_here);
    let points = |c: &Value| {
        let names = names_of(c);
        let mut v: Vec<(String, u64)> = c["standings"]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    names[r["entrant"].as_u64().unwrap() as usize - 1].clone(),
                    r["points"].as_u64().unwrap(),
                )
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(points(&moved), points(&c));
    let kinds: Vec<&str> = moved["rounds"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["outcome"]["kind"].as_str().unwrap())
        .collect();
    assert!(
        kinds
            .iter()
            .all(|k| ["decided", "forfeit", "both_absent"].contains(k)),
        "{kinds:?}"
    );
    assert_eq!(listed(&stranger), before + 2);
}

/// Round 1 of six as Swiss-Manager lists it, "Surname, First", one
/// entrant renamed by `rename`.
fn swiss_manager_list(rename: (&str, &str)) -> String {
    "Rīgas kauss;;;;;;;;;\n\
     Bo.;No.;Name;Rtg;Pts.;Result;Pts.;Name;Rtg;No.\n\
     1;1;Bērziņš, Jānis;1900;0;;0;Kalna, Ilze;1840;4\n\
     2;5;Liepa, Dace;1820;0;;0;Ozola, Anna;1880;2\n\
     3;3;Kalniņš, Pēteris;1860;0;;0;Zariņš, Kārlis;1800;6\n"
        .replace(rename.0, rename.1)
}

/// Issue 33, "Data in and out": a round's pairing from Swiss-Manager's
/// list, as CSV and on a workbook's "EKSPORT" sheet; a list with an
/// unknown player refused at its row with nothing paired; a stranger
/// refused.
#[test]
fn a_rounds_pairing_comes_in_from_swiss_managers_list() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let organiser = server.person();
    organiser.register("pairing_organiser", "a long password");
    let (status, created) = json_answer(
        organiser.post(
            "/api/competitions",
            &json!({"name": "Rīgas kauss", "tables": 3, "system": {"kind": "swiss", "rounds": 3},
                "format": {"kind": "sets", "sets": 6}})
            .to_string(),
        ),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    for (k, name) in [
        "Jānis Bērziņš",
        "Anna Ozola",
        "Pēteris Kalniņš",
        "Ilze Kalna",
        "Dace Liepa",
        "Kārlis Zariņš",
    ]
    .iter()
    .enumerate()
    {
        organiser.change(
            &id,
            json!({"change": "enter", "entry": {"name": name, "rating": 1900 - 20 * k as u32}}),
        );
    }
    let pairing = format!("/api/competitions/{id}/pairing");
    // A stranger may not.
    let stranger = server.person();
    let (status, _) = stranger.upload(
        &pairing,
        "text/csv",
        swiss_manager_list(("", "")).as_bytes(),
    );
    assert_eq!(status, 403);
    // An unknown player: refused at the row, nothing paired.
    let wrong = swiss_manager_list(("Zariņš, Kārlis", "Zariņa, Kārla"));
    let (status, refused) = json_answer(organiser.upload(&pairing, "text/csv", wrong.as_bytes()));
    assert_eq!(status, 400, "{refused}");
    assert_eq!(
        refused["refusal"],
        json!({"code": "entry_file", "row": 5, "column": "Name",
               "problem": {"problem": "unknown_player", "name": "Zariņa, Kārla"}})
    );
    // As CSV: the round as the list gives it, at its boards' tables.
    let (status, c) = json_answer(organiser.upload(
        &pairing,
        "text/csv",
        swiss_manager_list(("", "")).as_bytes(),
    ));
    assert_eq!(status, 200, "{c}");
    let boards: Vec<(u64, u64, u64)> = c["rounds"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["first"].as_u64().unwrap(),
                b["second"].as_u64().unwrap(),
                b["table"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(boards, [(1, 4, 1), (5, 2, 2), (3, 6, 3)]);
    // Round 2 cannot come from a file before round 1's results are in.
    let (status, refused) = json_answer(organiser.upload(
        &pairing,
        "text/csv",
        swiss_manager_list(("", "")).as_bytes(),
    ));
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["refusal"]["code"], "round_open");
    // On a workbook's "EKSPORT" sheet (a protocol sheet before it), once
    // round 1 is played.
    for (board, outcome) in [
        json!({"kind": "sets", "first": 4, "second": 1}),
        json!({"kind": "sets", "first": 3, "second": 3}),
        json!({"kind": "forfeit", "winner": "second"}),
    ]
    .iter()
    .enumerate()
    {
        organiser.change(
            &id,
            json!({"change": "result", "round": 1, "board": board + 1, "outcome": outcome}),
        );
    }
    let mut book = rust_xlsxwriter::Workbook::new();
    book.add_worksheet()
        .set_name("Protokols")
        .unwrap()
        .write(0, 0, "Galds")
        .unwrap();
    let sheet = book.add_worksheet().set_name("EKSPORT").unwrap();
    let round2 = "Bo.;No.;Name;Result;Name;No.\n1;2;Ozola, Anna;;Bērziņš, Jānis;1\n2;4;Kalna, Ilze;;Kalniņš, Pēteris;3\n3;6;Zariņš, Kārlis;;Liepa, Dace;5\n";
    for (r, line) in round2.lines().enumerate() {
        for (k, cell) in line.split(';').enumerate() {
            sheet.write(r as u32, k as u16, cell).unwrap();
        }
    }
    let bytes = book.save_to_buffer().unwrap();
    let (status, c) = json_answer(organiser.upload(&pairing, XLSX, &bytes));
    assert_eq!(status, 200, "{c}");
    assert_eq!(c["rounds"][1]["boards"][0]["first"], 2);
    assert_eq!(c["rounds"][1]["boards"][0]["second"], 1);
}
