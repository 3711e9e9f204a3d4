//! A competition's standings after the results so far: its entrants'
//! histories read by the standings module with the competition's own
//! points, tie-breaks and way of pairing (FIDE C.07; docs/standings.md).

use crate::standings::{
    standings, PairingMethod, Participant, Regulations, Standings, StandingsError,
};
use crate::swiss::PointSystem;

use super::{Competition, System};

impl Competition {
    /// What each kind of result is worth, as the Dutch system and the
    /// standings read it: a forfeit loss is a loss, a full-point or
    /// pairing-allocated bye a win (C.07 16.2's defaults), an absence
    /// nothing.
    pub(super) fn point_system(&self) -> PointSystem {
        // A team competition ranks and pairs its teams on team match
        // points (`teams/pairing.rs`).
        if let Some(rules) = &self.setup.teams {
            return crate::teams::team_points(rules);
        }
        let p = self.setup.points;
        PointSystem {
            win: p.win,
            draw: p.draw,
            loss: p.loss,
            forfeit_loss: p.loss,
            zero_bye: 0,
            pairing_bye: p.win,
        }
    }

    /// The standings now: every entrant (a withdrawn one too, as FIDE
    /// lists them), best first, by match points then the set-up's
    /// tie-breaks in order; entrants still tied share a place. A round's
    /// match without a result yet counts as not played (C.07 16.1).
    ///
    /// The competition's histories are consistent by construction: an
    /// error here means the standings module checks more than the
    /// competition does, and is the caller's to log.
    pub fn standings(&self) -> Result<Standings, StandingsError> {
        let pairing = match self.setup.system {
            System::RoundRobin { .. } => PairingMethod::Predetermined,
            System::Swiss { .. } => PairingMethod::Swiss,
            // A knock-out places by how far each entrant went (FIDE's
            // tie-break regulations are for tables where everyone plays
            // every round; its many first-round byes are not a Swiss's).
            System::Knockout { .. } => return Ok(self.knockout_standings()),
            System::DoubleElimination { .. } => return Ok(self.double_standings()),
            // Places by the knock-out, then by group place; each group's
            // table is ranked by the tie-breaks (`Competition::groups`).
            System::GroupsThenKnockout { .. } => return Ok(self.groups_standings()),
        };
        let participants: Vec<Participant> = self
            .histories()
            .into_iter()
            .zip(&self.entrants)
            .map(|(history, listed)| Participant {
                entrant: listed.entrant,
                history,
                rating: listed.entry.rating,
            })
            .collect();
        let regulations = Regulations {
            points: self.point_system(),
            tiebreaks: self.setup.tiebreaks.clone(),
            pairing,
        };
        standings(&participants, &regulations)
    }
}
