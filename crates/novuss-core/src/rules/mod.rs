//! The rules of Novuss: what the rule books say about a set, as pure
//! functions of its state.
//!
//! The layer reads the [`physics`](crate::physics) (a stroke's event log) and
//! never the play layer above it. Inside, the parts depend one way:
//!
//! * [`clause`]: references to the rule books' clauses, a leaf everything
//!   cites;
//! * [`profile`]: where the rule books differ, a named setting;
//! * [`layout`]: the line-ups a set starts from;
//! * [`zone`]: blind zones, light and dark discs, where the striker may be
//!   placed and how aimed;
//! * [`placement`]: where returned discs go;
//! * [`set`]: one set's state (who sits where, whose discs are where, who
//!   plays), the value the referee judges. It sits with the rules, not with
//!   the matches above, because the referee reads and writes it;
//! * [`referee`]: judges each stroke on a set ([`SetState::play`](set::SetState::play));
//! * [`verdict`]: what the referee says and why, each reason with its
//!   clauses, and the English sentences made from them at the edge.

pub mod clause;
pub mod layout;
pub mod placement;
pub mod profile;
pub mod referee;
pub mod set;
pub mod verdict;
pub mod zone;
