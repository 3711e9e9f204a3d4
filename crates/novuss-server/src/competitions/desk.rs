//! The organiser's desk: a competition created, loaded (rebuilt from its
//! stored changes) and changed. A change is checked against the
//! competition as stored now, stored as the next change, and only then
//! shown to the competition's followers: nothing acknowledged is lost,
//! and nothing refused is stored.
//!
//! Changes name what they are about (a round, a board, an entrant), so
//! they are checked against the latest state rather than against what
//! the organiser's page last saw: two pages entering results of two
//! boards at once both succeed. Two writers that race for the same next
//! number (two instances over one PostgreSQL) are told apart by the
//! store, and the loser is rebuilt and checked again.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use novuss_club::{Competition, Setup};
use tokio::sync::broadcast;

use crate::error::{Code, Failure};
use crate::ids::{CompetitionId, PersonId};
use crate::policy;
use crate::store::{now, Store, StoreError};
use crate::wire::http::competitions::{Ask, CompetitionView, ListedCompetition};

/// How often a change that lost a race for its number is checked again
/// against the competition as it then stands.
const RETRIES: usize = 3;

/// Views waiting for a slow follower before it is told it lagged (it
/// then reads the competition afresh).
const CHANNEL: usize = 16;

/// The most competitions listed at once.
pub const LISTED: u32 = 100;

/// A followed competition: its channel of views, and the number of
/// changes of the last view sent on it.
struct Followed {
    tx: broadcast::Sender<Arc<str>>,
    told: u64,
}

/// Creates, reads and changes competitions; tells their followers.
pub struct Desk {
    store: Store,
    /// Each followed competition's channel of views.
    followed: Mutex<HashMap<CompetitionId, Followed>>,
}

impl Desk {
    /// Over `store`, followed by nobody yet.
    pub fn new(store: Store) -> Desk {
        Desk {
            store,
            followed: Mutex::new(HashMap::new()),
        }
    }

    /// Over `store`, also telling followers of the changes that other
    /// instances sharing the database make: `news` names each competition
    /// changed (`None`: any may have), as the hub hears it
    /// ([`crate::hub::Hub::competition_news`]). The task ends with the
    /// desk.
    pub fn start(store: Store, mut news: broadcast::Receiver<Option<CompetitionId>>) -> Arc<Desk> {
        let desk = Arc::new(Desk::new(store));
        let weak = Arc::downgrade(&desk);
        tokio::spawn(async move {
            loop {
                let changed = match news.recv().await {
                    Ok(changed) => changed,
                    Err(broadcast::error::RecvError::Lagged(_)) => None,
                    Err(broadcast::error::RecvError::Closed) => return,
                };
                let Some(desk) = weak.upgrade() else { return };
                let ids: Vec<CompetitionId> = match changed {
                    Some(id) => vec![id],
                    None => desk.lock().keys().cloned().collect(),
                };
                for id in ids {
                    desk.catch_up(&id).await;
                }
            }
        });
        desk
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<CompetitionId, Followed>> {
        self.followed.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Reads competition `id` again, if anyone follows it here, and tells
    /// them if it has changes they have not been sent (this instance's
    /// own changes were sent as they were made).
    async fn catch_up(&self, id: &CompetitionId) {
        let followed = self
            .lock()
            .get(id)
            .is_some_and(|f| f.tx.receiver_count() > 0);
        if !followed {
            return;
        }
        match self.view(id).await {
            Ok(view) => self.tell(id, &view),
            Err(f) => tracing::warn!(competition = %id, "cannot be read again: {}", f.detail),
        }
    }

    /// A new competition of `setup`, organised by `organiser`, who must
    /// hold an account.
    pub async fn create(
        &self,
        setup: Setup,
        organiser: &PersonId,
    ) -> Result<CompetitionView, Failure> {
        if self.store.account(organiser).await?.is_none() {
            return Err(Failure::new(
                Code::NotSignedIn,
                "only a person signed in to an account may organise a competition",
            ));
        }
        let competition = Competition::new(setup).map_err(Failure::of_competition)?;
        let id = CompetitionId::random();
        let created = now();
        self.store
            .add_competition(&id, organiser, created, competition.setup())
            .await?;
        Ok(CompetitionView::new(
            id,
            organiser.clone(),
            created,
            0,
            competition,
        ))
    }

    /// Competition `id` as it stands.
    pub async fn view(&self, id: &CompetitionId) -> Result<CompetitionView, Failure> {
        let row = self
            .store
            .competition(id)
            .await?
            .ok_or_else(|| unknown(id))?;
        let mut competition = Competition::new(row.setup.clone()).map_err(|r| damaged(id, &r))?;
        for c in &row.changes {
            competition.apply(&c.change).map_err(|r| damaged(id, &r))?;
        }
        Ok(CompetitionView::new(
            row.id,
            row.organiser,
            row.created,
            row.changes.len() as u64,
            competition,
        ))
    }

    /// The latest competitions, newest first.
    pub async fn list(&self) -> Result<Vec<ListedCompetition>, Failure> {
        Ok(self
            .store
            .competitions(LISTED)
            .await?
            .into_iter()
            .map(|c| ListedCompetition {
                id: c.id,
                organiser: c.organiser,
                created: c.created,
                setup: c.setup,
            })
            .collect())
    }

    /// Makes the change `ask` to competition `id` for `who`: checked by
    /// the policy and by the competition, stored, then shown to its
    /// followers. Returns the competition as it now stands.
    pub async fn change(
        &self,
        id: &CompetitionId,
        who: Option<&PersonId>,
        ask: &Ask,
    ) -> Result<CompetitionView, Failure> {
        for _ in 0..RETRIES {
            let view = self.view(id).await?;
            policy::may_change_competition(&view.organiser, who)?;
            // The policy let only a person through.
            let Some(who) = who else {
                return Err(Failure::new(Code::NotOrganiser, "nobody may change it"));
            };
            let change = match ask.change() {
                Some(c) => c,
                None => {
                    let next = view.competition.rounds().len() as u32 + 1;
                    let asked = ask.round();
                    if asked != next {
                        return Err(Failure::of_competition(novuss_club::Refusal::WrongRound {
                            asked,
                            current: next,
                        }));
                    }
                    view.competition
                        .pair_next()
                        .map_err(Failure::of_competition)?
                }
            };
            let mut competition = view.competition;
            competition
                .apply(&change)
                .map_err(Failure::of_competition)?;
            let number = view.changes + 1;
            match self
                .store
                .add_competition_change(id, number, who, now(), &change)
                .await
            {
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(e.into()),
                Ok(()) => {}
            }
            let view =
                CompetitionView::new(view.id, view.organiser, view.created, number, competition);
            self.tell(id, &view);
            return Ok(view);
        }
        Err(Failure::new(
            Code::Busy,
            "the competition kept changing while this change was stored; try again",
        ))
    }

    /// A receiver of competition `id`'s views from now on.
    pub fn follow(&self, id: &CompetitionId) -> broadcast::Receiver<Arc<str>> {
        let mut followed = self.lock();
        followed.retain(|_, f| f.tx.receiver_count() > 0);
        followed
            .entry(id.clone())
            .or_insert_with(|| Followed {
                tx: broadcast::channel(CHANNEL).0,
                told: 0,
            })
            .tx
            .subscribe()
    }

    /// Sends `view` to competition `id`'s followers, if it has any and
    /// they have not been sent it (or a later one) yet.
    fn tell(&self, id: &CompetitionId, view: &CompetitionView) {
        let mut followed = self.lock();
        let Some(f) = followed.get_mut(id) else {
            return;
        };
        if f.tx.receiver_count() == 0 || view.changes <= f.told {
            return;
        }
        f.told = view.changes;
        // A view is plain data: serde_json cannot fail to write it.
        let json: Arc<str> = serde_json::to_string(view).unwrap_or_default().into();
        let _ = f.tx.send(json);
    }
}

fn unknown(id: &CompetitionId) -> Failure {
    Failure::new(
        Code::UnknownCompetition,
        format!("no competition has the id {id}"),
    )
}

/// A stored change the competition refuses on replay: the rows are
/// damaged (or a later version checks more strictly); logged, never sent.
fn damaged(id: &CompetitionId, why: &novuss_club::Refusal) -> Failure {
    Failure::logged(
        Code::Damaged,
        &format!("competition {id} cannot be rebuilt from its changes"),
        why,
    )
}
