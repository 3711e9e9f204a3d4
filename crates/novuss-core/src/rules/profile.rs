//! Rule profiles: where the rule books differ, a named setting.
//!
//! * `lnf-2017` (default): the Latvian Novuss Federation's rules (`001`),
//!   filled in where they are silent by the detailed procedures of `002`,
//!   then `000`.
//! * `australia-1992`: "Novuss: A guide to playing the game" (`000`).
//! * `koroona`: the French adaptation (`003`); where it is silent it
//!   follows `lnf-2017`, whose federation text it cites as a source.
//!
//! Every setting cites the clauses it comes from; `docs/rules.md` lists them
//! per profile.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::name::UnknownName;
use crate::rules::placement::PenaltyLayout;

/// The named profiles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ProfileId {
    /// The Latvian Novuss Federation's rules of 2017 (`001`), filled in by
    /// `002` and `000`: the default.
    #[default]
    #[serde(rename = "lnf-2017")]
    Lnf2017,
    /// The US Latvian Novuss Association's rules as amended in Australia
    /// 1988–1992 (`000`).
    #[serde(rename = "australia-1992")]
    Australia1992,
    /// The French adaptation (`003`).
    #[serde(rename = "koroona")]
    Koroona,
}

impl ProfileId {
    /// Every profile.
    pub const ALL: [ProfileId; 3] = [
        ProfileId::Lnf2017,
        ProfileId::Australia1992,
        ProfileId::Koroona,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            ProfileId::Lnf2017 => "lnf-2017",
            ProfileId::Australia1992 => "australia-1992",
            ProfileId::Koroona => "koroona",
        }
    }

    /// The settings of this profile.
    pub fn profile(self) -> Profile {
        match self {
            ProfileId::Lnf2017 => Profile {
                id: self,
                both_last_discs: BothLast::Replay,
                restore_after_illegal_stroke: Restore::AllMoved,
                blind_drive_is_foul: true,
                blind_drive_needs_direct_or_light: false,
                doubles_blind_drive_restores: false,
                opponent_out_of_blind_is_foul: false,
                opponent_off_table_is_foul: false,
                several_restored_forfeits: false,
                striker_return_ends_turn: true,
                rebound_touching_nothing_is_foul: true,
                blind_miss_replay: true,
                last_disc_with_foul_loses: false,
                penalty_layout: PenaltyLayout::OnTheLine,
                first_turn_clear_replay_swaps: true,
                dark_rebound_needs_opposite_cushion: true,
            },
            ProfileId::Australia1992 => Profile {
                id: self,
                both_last_discs: BothLast::Draw,
                restore_after_illegal_stroke: Restore::PerClause,
                blind_drive_is_foul: true,
                blind_drive_needs_direct_or_light: true,
                doubles_blind_drive_restores: true,
                opponent_out_of_blind_is_foul: true,
                opponent_off_table_is_foul: true,
                several_restored_forfeits: true,
                striker_return_ends_turn: false,
                rebound_touching_nothing_is_foul: false,
                blind_miss_replay: true,
                last_disc_with_foul_loses: true,
                penalty_layout: PenaltyLayout::Symmetric,
                first_turn_clear_replay_swaps: false,
                dark_rebound_needs_opposite_cushion: false,
            },
            ProfileId::Koroona => Profile {
                id: self,
                restore_after_illegal_stroke: Restore::PerClause,
                rebound_touching_nothing_is_foul: false,
                ..ProfileId::Lnf2017.profile()
            },
        }
    }
}

impl fmt::Display for ProfileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ProfileId {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        ProfileId::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or(UnknownName::Profile)
    }
}

/// What happens when one legal stroke pockets the last disc of both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BothLast {
    /// The set is drawn (`000` 1.27, 4.5).
    Draw,
    /// The set is annulled and played again (`002` 7.2).
    Replay,
}

/// Which discs an illegal stroke's moves are undone for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Restore {
    /// Every disc moved by a stroke against the rules goes back (`001`
    /// "Penalty disc", last item: "moves one of his/her or the opponent's
    /// game discs with a stroke against the rules, the position of the moved
    /// game disc is restored").
    AllMoved,
    /// Only the discs each clause names: an own dark disc struck directly
    /// (`000` 3.6.3), an opponent's disc driven into a blind zone (3.6.4,
    /// 3.6.11) or, by a direct stroke, off the table (3.6.7); the rest stay
    /// (3.6.5, 3.6.8; `003` "Pion de pénalité").
    PerClause,
}

/// The settings in which the rule books differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    /// Which profile this is.
    pub id: ProfileId,
    /// Both last discs in one legal stroke: `000` 1.27/4.5 vs `002` 7.2.
    pub both_last_discs: BothLast,
    /// `001` "Penalty disc" vs `000` 3.6.3–3.6.11 and `003`.
    pub restore_after_illegal_stroke: Restore,
    /// Driving an opponent's disc into their blind zone is a foul (`000`
    /// 3.6.4, 3.6.11; `002` 4.5). `001` does not list it; `002` fills it in.
    pub blind_drive_is_foul: bool,
    /// That foul needs a direct stroke (`000` 3.6.4) or a rebound "while
    /// there are discs for direct shot" (`000` 3.6.11): a rebound by a
    /// player with only dark discs may drive an opponent's disc into a blind
    /// zone. `002` 4.5 forbids it for every stroke.
    pub blind_drive_needs_direct_or_light: bool,
    /// In doubles that disc is also restored; `002` 8.2 makes it "only a
    /// penalty disc", `000` §5 keeps the singles rule.
    pub doubles_blind_drive_restores: bool,
    /// A direct stroke driving an opponent's disc out of their blind zone is
    /// a foul (`000` 3.6.6); `002` 4.4 lets it stay without penalty.
    pub opponent_out_of_blind_is_foul: bool,
    /// Driving an opponent's disc off the table is a foul (`000` 3.6.7,
    /// 3.6.10); in `001`/`002` it only ends the turn (`001` "Losing the
    /// rights to stroke", `002` 6.1.3).
    pub opponent_off_table_is_foul: bool,
    /// Several discs to be restored after one foul forfeit the set (`000`
    /// 3.6.3, 3.6.4, 3.6.7, 3.6.11, 3.6.14, 3.6.16, §6).
    pub several_restored_forfeits: bool,
    /// The striker sliding back over the player's own zone line ends the
    /// turn when the player has no dark disc (`001` "Losing the rights to
    /// stroke", `002` 3.7, `003`); `000` has no such rule.
    pub striker_return_ends_turn: bool,
    /// A rebound stroke that touches no disc while the player has light
    /// discs is a foul (`002` 2.4.4); `000` 3.6.1 and `003` penalise only
    /// the direct stroke that touches nothing.
    pub rebound_touching_nothing_is_foul: bool,
    /// Both players left with blind discs only, each missing three times:
    /// the set is replayed (`000` 4.4). On in every profile: `001`, `002`
    /// and `003` are silent on a stalemate, and without this rule it would
    /// never end, so the more detailed book fills the gap (README of
    /// `shared/seeds`: "the more detailed documents fill in what it leaves
    /// open").
    pub blind_miss_replay: bool,
    /// Pocketing one's own last disc with a foul loses the set (`000` 1.26,
    /// 4.5). Off for `lnf-2017` and `koroona`: `001` and `003` do not make
    /// it a loss but give their ordinary penalty, which brings a pocketed
    /// disc back into play (`001` "Penalty disc"; `003` "Pion de
    /// pénalité"), so the set goes on. `002` 7.2 makes a foul lose only in
    /// the stroke that pockets both sides' last discs, and there the
    /// opponent has cleared and wins anyway.
    pub last_disc_with_foul_loses: bool,
    /// Where several penalty discs placed at once go: the first on the
    /// middle line and the next beside it (`002` 5.2), or symmetrically
    /// either side of the middle line (`000` 3.1).
    pub penalty_layout: PenaltyLayout,
    /// After two first-turn clears the replayed set swaps ends and the right
    /// to start (`002` 7.1); `000` 4.6 keeps them.
    pub first_turn_clear_replay_swaps: bool,
    /// A rebound may reach an own dark disc in the edge zone only after the
    /// opposite cushion (`001` "Direct strokes"; `002` 4.3.1; `003`); a disc
    /// in the circle after any cushion (`002` 4.3.5; `003`). `000` 2.5.1
    /// accepts any cushion for every dark disc.
    pub dark_rebound_needs_opposite_cushion: bool,
}

impl Default for Profile {
    fn default() -> Self {
        ProfileId::default().profile()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_errors() {
        for id in ProfileId::ALL {
            assert_eq!(id.name().parse::<ProfileId>().unwrap(), id);
            assert_eq!(id.profile().id, id);
        }
        assert_eq!("lnf".parse::<ProfileId>(), Err(UnknownName::Profile));
        assert!(UnknownName::Profile.to_string().contains("lnf-2017"));
    }

    #[test]
    fn the_profiles_differ_where_the_books_do() {
        let (l, a, k) = (
            ProfileId::Lnf2017.profile(),
            ProfileId::Australia1992.profile(),
            ProfileId::Koroona.profile(),
        );
        assert_eq!(l.both_last_discs, BothLast::Replay);
        assert_eq!(a.both_last_discs, BothLast::Draw);
        assert!(
            l.striker_return_ends_turn && k.striker_return_ends_turn && !a.striker_return_ends_turn
        );
        assert_eq!(k.restore_after_illegal_stroke, Restore::PerClause);
        assert!(a.several_restored_forfeits && !l.several_restored_forfeits);
    }
}
