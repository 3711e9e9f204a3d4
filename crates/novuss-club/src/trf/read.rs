//! Reading TRF text: the fixed columns of player lines, the extension
//! lines, and the checks that the players' entries agree.

use std::collections::HashMap;

use crate::results::{Bye, Entrant, Round, Score, Side};
use crate::swiss::PointSystem;

use super::model::{err, Trf, TrfError, TrfErrorKind, TrfPlayer};

/// Characters `from..to` (0-based) of a line, padded with blanks.
fn cols(chars: &[char], from: usize, to: usize) -> String {
    (from..to)
        .map(|i| chars.get(i).copied().unwrap_or(' '))
        .collect()
}

fn number(s: &str, line: usize, column: usize) -> Result<u32, TrfError> {
    s.trim()
        .parse()
        .map_err(|_| err(line, column, TrfErrorKind::NotANumber(s.trim().to_string())))
}

fn optional_number(s: &str, line: usize, column: usize) -> Result<Option<u32>, TrfError> {
    if s.trim().is_empty() {
        Ok(None)
    } else {
        number(s, line, column).map(Some)
    }
}

/// A score with one decimal (`3.5`, ` 10`), in tenths.
fn tenths(s: &str, line: usize, column: usize) -> Result<u32, TrfError> {
    let t = s.trim();
    let bad = || err(line, column, TrfErrorKind::NotANumber(t.to_string()));
    let (whole, frac) = t.split_once('.').unwrap_or((t, "0"));
    if whole.is_empty() && frac.is_empty() {
        return Err(bad());
    }
    let whole: u32 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad())?
    };
    if frac.len() != 1 {
        return Err(bad());
    }
    let frac: u32 = frac.parse().map_err(|_| bad())?;
    Ok(whole * 10 + frac)
}

/// One round entry of a player line; `at` is its 0-based first column.
fn entry(chars: &[char], at: usize, me: u32, line: usize) -> Result<Option<Round>, TrfError> {
    let opp_text = cols(chars, at, at + 4);
    let colour = chars.get(at + 5).copied().unwrap_or(' ');
    let result = chars.get(at + 7).copied().unwrap_or(' ');
    if opp_text.trim().is_empty() && colour == ' ' && result == ' ' {
        return Ok(None);
    }
    let opponent = match opp_text.trim() {
        "" | "0000" => None,
        t => {
            let n = number(t, line, at + 1)?;
            if n == 0 {
                None
            } else if n == me {
                return Err(err(line, at + 1, TrfErrorKind::OwnOpponent));
            } else {
                Some(Entrant(n))
            }
        }
    };
    let side = match colour {
        'w' | 'W' => Some(Side::First),
        'b' | 'B' => Some(Side::Second),
        '-' | ' ' => None,
        c => return Err(err(line, at + 6, TrfErrorKind::BadColour(c))),
    };
    let bad = || err(line, at + 8, TrfErrorKind::BadEntry);
    let played = |score| match (opponent, side) {
        (Some(opponent), Some(side)) => Ok(Round::Played {
            opponent,
            side,
            score,
            sets: None,
        }),
        _ => Err(bad()),
    };
    let round = match result.to_ascii_uppercase() {
        '1' | 'W' => played(Score::Win)?,
        '=' | 'D' => played(Score::Draw)?,
        '0' | 'L' => played(Score::Loss)?,
        c @ ('+' | '-') => match opponent {
            Some(opponent) => Round::Forfeit {
                opponent,
                side: side.unwrap_or(Side::First),
                won: c == '+',
            },
            None if c == '+' => Round::Bye(Bye::PairingAllocated),
            None => Round::Bye(Bye::Zero),
        },
        c @ ('H' | 'F' | 'U' | 'Z' | ' ') => {
            if opponent.is_some() || side.is_some() {
                return Err(bad());
            }
            Round::Bye(match c {
                'H' => Bye::Half,
                'F' => Bye::Full,
                'U' => Bye::PairingAllocated,
                _ => Bye::Zero,
            })
        }
        c => return Err(err(line, at + 8, TrfErrorKind::BadResult(c))),
    };
    Ok(Some(round))
}

fn player_line(chars: &[char], line: usize) -> Result<TrfPlayer, TrfError> {
    if chars.len() < 89 {
        return Err(err(line, chars.len() + 1, TrfErrorKind::TooShort));
    }
    let number_at = number(&cols(chars, 4, 8), line, 5)?;
    let rating = optional_number(&cols(chars, 48, 52), line, 49)?;
    let points = tenths(&cols(chars, 80, 84), line, 81)?;
    let rank = optional_number(&cols(chars, 85, 89), line, 86)?;
    let mut rounds = Vec::new();
    let mut at = 91;
    while at < chars.len() {
        rounds.push(entry(chars, at, number_at, line)?);
        at += 10;
    }
    while rounds.last() == Some(&None) {
        rounds.pop();
    }
    Ok(TrfPlayer {
        number: Entrant(number_at),
        name_block: cols(chars, 9, 47),
        rating,
        id_block: cols(chars, 53, 80),
        points,
        rank,
        rounds,
    })
}

/// Reads a TRF file.
pub fn parse(text: &str) -> Result<Trf, TrfError> {
    let mut trf = Trf {
        players: Vec::new(),
        rounds: None,
        initial: None,
        points: PointSystem::default(),
        points_given: false,
        other: Vec::new(),
    };
    let mut pab_given = false;
    let mut player_lines = Vec::new();
    for (i, raw) in text.split(['\r', '\n']).enumerate() {
        let line = i + 1;
        let chars: Vec<char> = raw.chars().collect();
        if chars.iter().all(|c| c.is_whitespace()) {
            continue;
        }
        let code = cols(&chars, 0, 3);
        let value = cols(&chars, 3, chars.len().max(3));
        let point = |trf_value: &str| tenths(trf_value, line, 5);
        match code.as_str() {
            "001" => {
                let p = player_line(&chars, line)?;
                if trf.players.iter().any(|q: &TrfPlayer| q.number == p.number) {
                    return Err(err(line, 5, TrfErrorKind::Repeated(p.number.0)));
                }
                trf.players.push(p);
                player_lines.push(line);
            }
            "XXR" | "142" => trf.rounds = Some(number(&value, line, 5)?),
            "XXC" => {
                for word in value.split_whitespace() {
                    match word {
                        "white1" => trf.initial = Some(Side::First),
                        "black1" => trf.initial = Some(Side::Second),
                        _ => {}
                    }
                }
            }
            "152" => match value.trim() {
                "W" => trf.initial = Some(Side::First),
                "B" => trf.initial = Some(Side::Second),
                v => {
                    return Err(err(
                        line,
                        5,
                        TrfErrorKind::BadColour(v.chars().next().unwrap_or(' ')),
                    ))
                }
            },
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let v = point(&value)?;
                trf.points_given = true;
                match code.as_str() {
                    "BBW" => {
                        trf.points.win = v;
                        if !pab_given {
                            trf.points.pairing_bye = v;
                        }
                    }
                    "BBD" => trf.points.draw = v,
                    "BBL" => trf.points.loss = v,
                    "BBZ" => trf.points.zero_bye = v,
                    "BBF" => trf.points.forfeit_loss = v,
                    _ => {
                        trf.points.pairing_bye = v;
                        pab_given = true;
                    }
                }
            }
            _ => trf.other.push(raw.trim_end().to_string()),
        }
    }
    if trf.players.is_empty() {
        return Err(err(0, 0, TrfErrorKind::NoPlayers));
    }
    check(&trf, &player_lines)?;
    Ok(trf)
}

/// Each game told the same way by both players, and each player's points
/// what their results add up to.
fn check(trf: &Trf, lines: &[usize]) -> Result<(), TrfError> {
    let by: HashMap<Entrant, usize> = trf
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.number, i))
        .collect();
    for (i, p) in trf.players.iter().enumerate() {
        let line = lines[i];
        for (r, round) in p.rounds.iter().enumerate() {
            let column = 92 + 10 * r;
            let Some(round) = round else { continue };
            let Some(o) = round.opponent() else { continue };
            let Some(&oi) = by.get(&o) else {
                return Err(err(line, column, TrfErrorKind::UnknownOpponent(o.0)));
            };
            let theirs = trf.players[oi].rounds.get(r).copied().flatten();
            let agrees = match (*round, theirs) {
                (
                    Round::Played { side, score, .. },
                    Some(Round::Played {
                        opponent,
                        side: s2,
                        score: sc2,
                        ..
                    }),
                ) => opponent == p.number && side != s2 && score.other() == sc2,
                (
                    Round::Forfeit { won, .. },
                    Some(Round::Forfeit {
                        opponent, won: w2, ..
                    }),
                ) => opponent == p.number && !(won && w2),
                _ => false,
            };
            if !agrees {
                return Err(err(line, column, TrfErrorKind::Disagrees(o.0)));
            }
        }
        let counted: u32 = p
            .rounds
            .iter()
            .map(|r| {
                r.map(|r| crate::swiss::round_points(&r, &trf.points))
                    .unwrap_or(0)
            })
            .sum();
        if counted != p.points {
            return Err(err(
                line,
                81,
                TrfErrorKind::Points {
                    written: p.points,
                    counted,
                },
            ));
        }
    }
    Ok(())
}
