//! Table links (issue 33, "The table protocol"; docs/competitions.md,
//! "At the tables"): each board of the round being played has a link,
//! printed as a QR code on the card that stands on its table and shown on
//! the organiser's page. Opening it on a phone needs no account: the link
//! is the capability, and it records that board's match and nothing else
//! (the policy: [`crate::policy::may_record_at_table`]).
//!
//! A link is `{competition}.{round}.{board}.{mac}`, or
//! `{competition}.{round}.{team match}.{board}.{mac}` for a board of a
//! team match (each board of a team match is a table of its own), where
//! `mac` is the first 128 bits of an HMAC-SHA256, under the server's
//! `table_links` key, of the board and its link's generation. Nothing of a link is
//! stored: the organiser's page and a printed card can show it again, and
//! a copy of the database holds no link (only the key that signs them,
//! which every server sharing the database needs). A link is refused when
//! its MAC is wrong (guessed, mistyped, or revoked: the organiser moves
//! the board's generation on, [`novuss_club::Change::RevokeTableLink`]),
//! and closed when its round is no longer the one played; both without
//! telling whether the competition exists.
//!
//! Steps come in through [`Desk::make`] like every change: checked
//! against the competition as it stands, stored, then pushed to its
//! followers. A step whose id was made already (the phone's answer was
//! lost and it sent again) is answered with the table as it stands and
//! not stored twice. Each link has its own rate limit, so a flood from
//! one phone slows that table alone.

use std::sync::Arc;
use std::time::Instant;

use hmac::{Hmac, Mac};
use novuss_club::competition::{Recorder, TableMatch};
use novuss_club::{Change, Refusal};
use sha2::Sha256;
use tokio::sync::OnceCell;

use super::desk::Held;
use super::Desk;
use crate::error::{Code, Failure};
use crate::ids::{CompetitionId, PersonId};
use crate::limits::{key_for, Limiter, Rate};
use crate::store::Store;
use crate::wire::http::competitions::Ask;
use crate::wire::http::tables::{TableAsk, TableCard, TableView};

/// The name of the key table links are signed with (`site_keys`).
const KEY_NAME: &str = "table_links";

/// Hex digits of a link's MAC: 128 bits, nothing to guess.
const MAC_HEX: usize = 32;

/// Steps one table link may send: a 6-set match takes about ten; a phone
/// that sends again after losing its connection a few more.
pub const TABLE_RATE: Rate = Rate {
    per_minute: 60,
    burst: 20,
};

/// A table link, read from its text (its MAC not yet checked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The competition.
    pub competition: CompetitionId,
    /// The match at the table: its round, team match and board.
    pub at: TableMatch,
    mac: String,
}

impl Link {
    /// `text` as a link, or `None` if it cannot be one.
    pub fn parse(text: &str) -> Option<Link> {
        let parts: Vec<&str> = text.split('.').collect();
        let (competition, numbers, mac) = match parts.as_slice() {
            [c, numbers @ .., mac] if (2..=3).contains(&numbers.len()) => (c, numbers, mac),
            _ => return None,
        };
        let competition = CompetitionId::parse(competition).ok()?;
        let at = match *numbers {
            [round, board] => TableMatch::board(number(round)?, number(board)?),
            [round, team_match, board] => {
                TableMatch::team(number(round)?, number(team_match)?, number(board)?)
            }
            _ => return None,
        };
        if !crate::ids::is_lower_hex(mac, MAC_HEX) {
            return None;
        }
        Some(Link {
            competition,
            at,
            mac: (*mac).to_owned(),
        })
    }
}

/// The link's text without its MAC: where it leads.
fn place(id: &CompetitionId, at: TableMatch) -> String {
    match at.team_match {
        None => format!("{id}.{}.{}", at.round, at.board),
        Some(m) => format!("{id}.{}.{m}.{}", at.round, at.board),
    }
}

/// A round's or board's number in a link: 1 to 9999, no sign, no zeros in
/// front.
fn number(text: &str) -> Option<u32> {
    let fine = (1..=4).contains(&text.len())
        && text.bytes().all(|b| b.is_ascii_digit())
        && !text.starts_with('0');
    if fine {
        text.parse().ok()
    } else {
        None
    }
}

fn unknown_table() -> Failure {
    Failure::new(
        Code::UnknownTable,
        "no table has this link: check it, or ask the organiser for the table's card",
    )
}

/// Signs and opens table links; limits each link's steps.
pub struct Tables {
    store: Store,
    key: OnceCell<[u8; 32]>,
    limiter: Limiter,
}

impl Tables {
    /// Over `store`, whose `table_links` key is read (or made) when first
    /// needed.
    pub fn new(store: Store) -> Tables {
        Tables {
            store,
            key: OnceCell::new(),
            limiter: Limiter::new(TABLE_RATE),
        }
    }

    async fn key(&self) -> Result<&[u8; 32], Failure> {
        self.key
            .get_or_try_init(|| async { self.store.site_key(KEY_NAME).await })
            .await
            .map_err(Failure::from)
    }

    fn mac(key: &[u8; 32], id: &CompetitionId, at: TableMatch, generation: u32) -> Hmac<Sha256> {
        // `new_from_slice` takes a key of any length: 32 bytes cannot fail.
        let mut mac = <Hmac<Sha256>>::new_from_slice(key).expect("an HMAC key of any length");
        let TableMatch {
            round,
            team_match,
            board,
        } = at;
        // A board of a round's pairing is signed as before team matches
        // had tables, so that its cards stay good.
        let text = match team_match {
            None => format!("novuss table link\n{id}\n{round}\n{board}\n{generation}"),
            Some(m) => {
                format!("novuss team table link\n{id}\n{round}\n{m}\n{board}\n{generation}")
            }
        };
        mac.update(text.as_bytes());
        mac
    }

    /// The link of the table of `at` in `held`, as it now stands.
    pub async fn link(&self, held: &Held, at: TableMatch) -> Result<String, Failure> {
        let key = self.key().await?;
        let id = &held.view.id;
        let generation = held.view.competition.table_link(at);
        let tag = Self::mac(key, id, at, generation).finalize().into_bytes();
        Ok(format!(
            "{}.{}",
            place(id, at),
            hex::encode(&tag[..MAC_HEX / 2])
        ))
    }

    /// The competition `text` is a link of, and the link, once its MAC is
    /// right; its round may be closed.
    pub async fn open(&self, desk: &Desk, text: &str) -> Result<(Arc<Held>, Link), Failure> {
        let link = Link::parse(text).ok_or_else(unknown_table)?;
        // A competition that does not exist answers as a wrong MAC does.
        let held = match desk.view(&link.competition).await {
            Ok(held) => held,
            Err(f) if f.code == Code::UnknownCompetition => return Err(unknown_table()),
            Err(f) => return Err(f),
        };
        let c = &held.view.competition;
        if c.at_table(link.at).is_err() {
            return Err(unknown_table());
        }
        let key = self.key().await?;
        let generation = c.table_link(link.at);
        let mut wanted = [0u8; MAC_HEX / 2];
        hex::decode_to_slice(&link.mac, &mut wanted).map_err(|_| unknown_table())?;
        Self::mac(key, &link.competition, link.at, generation)
            .verify_truncated_left(&wanted)
            .map_err(|_| unknown_table())?;
        Ok((held, link))
    }

    /// What the phone of link `text` shows: its table as it stands.
    pub async fn view(&self, desk: &Desk, text: &str) -> Result<TableView, Failure> {
        let (held, link) = self.open(desk, text).await?;
        TableView::of(&held, link.at).ok_or_else(unknown_table)
    }

    /// Link `text` opened for a step recorded as `by`: the policy asked,
    /// the link's rate taken, its round still played. What the route
    /// checks before it makes the phone a person.
    pub async fn admit(&self, desk: &Desk, text: &str, by: Recorder) -> Result<Link, Failure> {
        let (held, link) = self.open(desk, text).await?;
        crate::policy::may_record_at_table(by)?;
        let key = key_for(&format!("table\n{}", place(&link.competition, link.at)));
        if let Err(wait) = self.limiter.take(key, Instant::now()) {
            crate::metrics::rate_limited("table");
            return Err(Failure::new(
                Code::RateLimited,
                format!(
                    "this table sends too fast; try again in {} s",
                    wait.as_secs().max(1)
                ),
            ));
        }
        held.view
            .competition
            .check_table_round(link.at)
            .map_err(Failure::of_competition)?;
        Ok(link)
    }

    /// Takes the step `ask` at the table of `link` (admitted), recorded as
    /// made by `who` (the phone's person); the table as it then stands.
    pub async fn step(
        &self,
        desk: &Desk,
        link: &Link,
        who: &PersonId,
        ask: TableAsk,
    ) -> Result<TableView, Failure> {
        let change = Ask::Made(table_change(link, ask));
        match desk.make(&link.competition, who, &change, None).await {
            Ok(held) => TableView::of(&held, link.at).ok_or_else(unknown_table),
            // Made already (the answer was lost, and the phone sent it
            // again): the table as it stands is the answer.
            Err(f) if f.refusal == Some(Refusal::StepSeen) => {
                let held = desk.view(&link.competition).await?;
                TableView::of(&held, link.at).ok_or_else(unknown_table)
            }
            Err(f) => Err(f),
        }
    }

    /// The cards of the tables of competition `held`'s round being
    /// played: each board's link and its QR code (each board of each
    /// team match, in a team competition, whose line-ups fill it), `base`
    /// the address the players' phones reach the server at.
    pub async fn cards(&self, held: &Held, base: &str) -> Result<Vec<TableCard>, Failure> {
        let c = &held.view.competition;
        let Some(round) = c.rounds().last() else {
            return Ok(Vec::new());
        };
        let mut places = Vec::new();
        for m in 1..=round.boards.len() as u32 {
            match c.setup().teams {
                Some(rules) => {
                    places.extend((1..=rules.boards).map(|b| TableMatch::team(round.number, m, b)))
                }
                None => places.push(TableMatch::board(round.number, m)),
            }
        }
        let mut cards = Vec::with_capacity(places.len());
        for at in places {
            let Ok(sides) = c.check_table_round(at) else {
                continue;
            };
            let link = self.link(held, at).await?;
            let address = format!("{base}/table.html#{link}");
            cards.push(TableCard {
                round: at.round,
                team_match: at.team_match,
                board: at.board,
                table: sides.table,
                qr: qr_svg(&address)?,
                address,
                link,
            });
        }
        Ok(cards)
    }
}

/// The change a phone's step makes.
fn table_change(link: &Link, ask: TableAsk) -> Change {
    Change::AtTable {
        round: link.at.round,
        team_match: link.at.team_match,
        board: link.at.board,
        by: ask.by,
        entry: ask.entry,
        step: ask.step,
    }
}

/// `address` as a QR code, an SVG drawing of black modules on white with
/// the quiet zone the standard asks for; medium error correction, which a
/// phone reads off a printed card in a hall's light.
pub(crate) fn qr_svg(address: &str) -> Result<String, Failure> {
    let code = qrcode::QrCode::with_error_correction_level(address, qrcode::EcLevel::M)
        .map_err(|e| Failure::internal("a table's QR code cannot be drawn", &e))?;
    Ok(code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(160, 160)
        .quiet_zone(true)
        .build())
}
