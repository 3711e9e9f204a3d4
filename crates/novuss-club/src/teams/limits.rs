//! How large a team competition may be: far beyond the federation's,
//! and bounds that keep what a caller asks for small.

/// The most boards a team match is played on (the federation's teams
/// play four or so).
pub const MAX_BOARDS: u32 = 20;

/// The longest roster: the boards and reserves for a season.
pub const MAX_ROSTER: usize = 50;

/// The most teams in one competition.
pub const MAX_TEAMS: u32 = 500;
