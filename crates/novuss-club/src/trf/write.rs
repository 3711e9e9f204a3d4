//! Writes a [`Trf`] back as TRF text: the lines it did not interpret
//! first, then the extension lines, then the players.

use crate::results::{Bye, Round, Score, Side};
use crate::swiss::PointSystem;

use super::model::Trf;

fn tenths(v: u32) -> String {
    format!("{}.{}", v / 10, v % 10)
}

fn entry(r: &Option<Round>) -> String {
    let colour = |s: Side| if s == Side::First { 'w' } else { 'b' };
    let (opp, c, res) = match *r {
        None => return "          ".to_string(),
        Some(Round::Played {
            opponent,
            side,
            score,
            ..
        }) => (
            opponent.0,
            colour(side),
            match score {
                Score::Win => '1',
                Score::Draw => '=',
                Score::Loss => '0',
            },
        ),
        Some(Round::Forfeit {
            opponent,
            side,
            won,
        }) => (opponent.0, colour(side), if won { '+' } else { '-' }),
        Some(Round::Pending { opponent, side }) => (opponent.0, colour(side), ' '),
        Some(Round::Bye(b)) => (
            0,
            '-',
            match b {
                Bye::PairingAllocated => 'U',
                Bye::Full => 'F',
                Bye::Half => 'H',
                Bye::Zero => 'Z',
            },
        ),
    };
    format!("  {opp:04} {c} {res}")
}

/// The file's text, lines ended by a line feed.
pub fn write(trf: &Trf) -> String {
    let mut out = String::new();
    for l in &trf.other {
        out.push_str(l);
        out.push('\n');
    }
    if let Some(r) = trf.rounds {
        out.push_str(&format!("XXR {r}\n"));
    }
    if let Some(c) = trf.initial {
        out.push_str(if c == Side::First {
            "XXC white1\n"
        } else {
            "XXC black1\n"
        });
    }
    if trf.points_given {
        let p: &PointSystem = &trf.points;
        for (code, v) in [
            ("BBW", p.win),
            ("BBD", p.draw),
            ("BBL", p.loss),
            ("BBZ", p.zero_bye),
            ("BBF", p.forfeit_loss),
            ("BBU", p.pairing_bye),
        ] {
            out.push_str(&format!("{code} {:>4}\n", tenths(v)));
        }
    }
    for p in &trf.players {
        let rating = p
            .rating
            .map(|r| format!("{r:>4}"))
            .unwrap_or_else(|| "    ".into());
        let rank = p
            .rank
            .map(|r| format!("{r:>4}"))
            .unwrap_or_else(|| "    ".into());
        let mut line = format!(
            "001 {:>4} {:<38} {} {:<27}{:>4} {}",
            p.number.0,
            p.name_block,
            rating,
            p.id_block,
            tenths(p.points),
            rank
        );
        for r in &p.rounds {
            line.push_str(&entry(r));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
