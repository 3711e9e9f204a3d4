//! A team competition's teams read from the organiser's list (issue 32,
//! "Teams", with "imported from CSV or an Excel sheet"): a "Team" column
//! puts each player on a team, the rows' order is the roster's (board
//! order), the teams are entered at once or not at all, and a refusal
//! names the file's row.

use novuss_club::competition::{FileProblem, Refusal};
use novuss_club::entries::read_csv_rows;
use novuss_club::{Change, Competition, Entrant, System, TeamRules};
use novuss_core::MatchFormat;

use crate::support::setup;

/// A Swiss of teams of two boards.
fn teams() -> Competition {
    let mut s = setup(
        "Komandu čempionāts",
        System::Swiss { rounds: 3 },
        MatchFormat::Sets(6),
        8,
    );
    s.teams = Some(TeamRules {
        boards: 2,
        ..TeamRules::default()
    });
    Competition::new(s).unwrap()
}

#[test]
fn the_team_column_makes_the_teams_in_the_files_order() {
    let csv = "Komanda;Vārds;Uzvārds;Klubs;Licence\n\
               Madona I;Jānis;Bērziņš;Madona;LV-11\n\
               Rīga;Anna;Ozola;Rīgas NK;LV-21\n\
               madona i;Pēteris;Kalniņš;Madona;\n\
               Rīga;Ilze;Kalna;Rīgas NK;\n\
               Madona I;Dace;Liepa;Madona;\n\
               Rīga;Līga;Zariņa;Jelgava;\n";
    let sheet = read_csv_rows(csv).unwrap();
    let c = teams();
    let change = c.enter_sheet(&sheet).unwrap();
    let Change::EnterTeams { teams } = &change else {
        panic!("teams are entered as teams: {change:?}")
    };
    let shown: Vec<(&str, Option<&str>, Vec<&str>)> = teams
        .iter()
        .map(|t| {
            (
                t.name.as_str(),
                t.club.as_deref(),
                t.roster.iter().map(|p| p.name.as_str()).collect(),
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            // Every player of Madona I plays for Madona: the team's club.
            (
                "Madona I",
                Some("Madona"),
                vec!["Jānis Bērziņš", "Pēteris Kalniņš", "Dace Liepa"]
            ),
            // One of Rīga's plays for Jelgava: no one club.
            (
                "Rīga",
                None,
                vec!["Anna Ozola", "Ilze Kalna", "Līga Zariņa"]
            ),
        ]
    );
    assert_eq!(teams[0].roster[0].licence.as_deref(), Some("LV-11"));
    let mut c = c;
    c.apply(&change).unwrap();
    let names: Vec<&str> = c.entrants().iter().map(|l| l.entry.name.as_str()).collect();
    assert_eq!(names, ["Madona I", "Rīga"]);
    // The teams play: round 1 pairs them as a team match.
    let pairing = c.pair_next().unwrap();
    c.apply(&pairing).unwrap();
    assert_eq!(c.rounds()[0].boards.len(), 1);
}

#[test]
fn a_list_of_teams_is_refused_whole_at_the_row_that_breaks_it() {
    let c = teams();
    let refused = |csv: &str| c.enter_sheet(&read_csv_rows(csv).unwrap()).unwrap_err();
    assert_eq!(
        refused("Name\nAnna Ozola\nIlze Kalna\n"),
        Refusal::EntryFile {
            row: None,
            column: None,
            problem: Box::new(FileProblem::NoTeamColumn),
        }
    );
    assert_eq!(
        refused("Name,Team\nAnna Ozola,Rīga\nIlze Kalna,\nDace Liepa,Rīga\n"),
        Refusal::EntryFile {
            row: Some(3),
            column: Some("Team".into()),
            problem: Box::new(FileProblem::NoTeam),
        }
    );
    // Cēsis has one player for two boards: refused at its first row, and
    // Rīga, which could play, is not entered either.
    assert_eq!(
        refused("Name,Team\nAnna Ozola,Rīga\nIlze Kalna,Rīga\nDace Liepa,Cēsis\n"),
        Refusal::EntryFile {
            row: Some(4),
            column: None,
            problem: Box::new(FileProblem::Refused {
                refusal: Box::new(Refusal::TeamTooSmall {
                    players: 1,
                    boards: 2
                })
            }),
        }
    );
    // A team of a name entered already.
    let mut c = c.clone();
    c.apply(
        &c.enter_sheet(&read_csv_rows("Name,Team\nAnna Ozola,Rīga\nIlze Kalna,Rīga\n").unwrap())
            .unwrap(),
    )
    .unwrap();
    let before = c.clone();
    let sheet = read_csv_rows(
        "Name,Team\nJānis Bērziņš,Madona\nDace Liepa,Madona\nRūta Ozola,RĪGA\nMāra Liepa,rīga\n",
    )
    .unwrap();
    assert_eq!(
        c.enter_sheet(&sheet).unwrap_err(),
        Refusal::EntryFile {
            row: Some(4),
            column: None,
            problem: Box::new(FileProblem::Refused {
                refusal: Box::new(Refusal::TeamNameTaken {
                    entrant: Entrant(1)
                })
            }),
        }
    );
    // Applied anyway (a desk that skipped the check): nothing is entered.
    let Change::EnterTeams { teams } = Competition::new(before.setup().clone())
        .unwrap()
        .enter_sheet(&sheet)
        .unwrap()
    else {
        panic!("teams")
    };
    assert!(c.apply(&Change::EnterTeams { teams }).is_err());
    assert_eq!(c, before);
}

#[test]
fn a_competition_of_players_reads_a_team_column_as_nothing_and_takes_no_teams() {
    let s = setup("Open", System::Swiss { rounds: 3 }, MatchFormat::Sets(6), 4);
    let c = Competition::new(s).unwrap();
    let sheet = read_csv_rows("Name,Team\nAnna Ozola,Rīga\nIlze Kalna,Rīga\n").unwrap();
    let Change::EnterList { entries } = c.enter_sheet(&sheet).unwrap() else {
        panic!("players")
    };
    assert_eq!(entries.len(), 2);
    let Change::EnterTeams { teams } = teams().enter_sheet(&sheet).unwrap() else {
        panic!("teams")
    };
    assert_eq!(
        c.clone().apply(&Change::EnterTeams { teams }),
        Err(Refusal::OnlyForTeams)
    );
}
