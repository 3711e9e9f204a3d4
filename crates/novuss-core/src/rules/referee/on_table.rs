//! Which of a set's discs the engine simulated: the map from a physics
//! disc to the set's disc, shared by the fouls and the outcome of a stroke
//! (a leaf, so neither depends on the other for it).

use arrayvec::ArrayVec;

use crate::physics::MAX_DISCS;
use crate::rules::set::SetState;

/// For each physics disc index (the discs on the table, in order), the
/// index of that disc in the set's list. On the stack: the referee judges
/// thousands of strokes per decision of a computer player, and the engine
/// simulates at most [`MAX_DISCS`] discs (the judgement runs only after it
/// has).
#[derive(Clone, Debug, Default)]
pub(crate) struct OnTable(ArrayVec<u16, MAX_DISCS>);

impl OnTable {
    /// The discs of `state` on the table (the first [`MAX_DISCS`]).
    pub fn of(state: &SetState) -> OnTable {
        let mut on = ArrayVec::new();
        let on_table = (0..state.discs.len()).filter(|&i| state.discs[i].at.is_some());
        for i in on_table.take(MAX_DISCS) {
            // A set never holds 65,536 discs (its format fixes the count).
            on.push(i.min(usize::from(u16::MAX)) as u16);
        }
        OnTable(on)
    }

    /// The set's index of physics disc `k`.
    pub fn get(&self, k: usize) -> usize {
        usize::from(self.0[k])
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The set's indices in physics order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().map(|&i| usize::from(i))
    }
}
