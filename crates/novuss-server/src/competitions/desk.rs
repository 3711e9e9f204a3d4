//! The organiser's desk: a competition created, loaded (rebuilt from its
//! stored changes, then held in memory) and changed. A change is checked
//! against the competition as stored now, stored as the next change, and
//! only then shown to the competition's followers: nothing acknowledged
//! is lost, and nothing refused is stored.
//!
//! Changes name what they are about (a round, a board, an entrant), so
//! they are checked against the latest state rather than against what
//! the organiser's page last saw: two pages entering results of two
//! boards at once both succeed, one after the other (a competition's
//! changes are made one at a time on each server). Two servers over one
//! PostgreSQL that race for the same next number are told apart by the
//! store, and the loser reads the competition again and checks its
//! change once more.
//!
//! A competition read is written as JSON once per change and shared by
//! every reader and follower: a page load costs a copy, not a rebuild.
//! A result, the change a competition has most of, is pushed to
//! followers as the board and the standings it makes, not as the whole
//! competition.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use novuss_club::competition::TableMatch;
use novuss_club::{Change, Competition, Setup};
use serde_json::value::RawValue;
use tokio::sync::broadcast;

use crate::error::{Code, Failure};
use crate::hub::work::{Queued, WAIT};
use crate::hub::CompetitionNews;
use crate::ids::{CompetitionId, PersonId};
use crate::store::{now, Store, StoreError};
use crate::wire::http::competitions::{Ask, CompetitionView, ListedCompetition, ResultEntered};
use crate::wire::http::tables::TableStepped;

/// Who the changes the server makes itself are stored as made by (a
/// game's result, a forfeit, the next round paired in a competition
/// played on this server): no person's id is all zeros.
pub const SERVER: &str = "00000000000000000000000000000000";

/// The id changes made by the server itself are stored under.
pub fn server() -> PersonId {
    PersonId::parse(SERVER).expect("32 hex digits")
}

/// How often a change that lost a race for its number is checked again
/// against the competition as it then stands.
const RETRIES: usize = 3;

/// Pushes waiting for a slow follower before it is told it lagged (it
/// is then sent the whole competition afresh).
const CHANNEL: usize = 64;

/// Competitions kept in memory that nobody here follows, beyond which the
/// least recently read is dropped (read again from the store when next
/// asked for). Followed ones are always kept.
const KEPT: usize = 64;

/// The most competitions listed at once.
pub const LISTED: u32 = 100;

/// A competition as it stands, held for every reader.
#[derive(Debug)]
pub struct Held {
    /// What it is.
    pub view: CompetitionView,
    /// The view as JSON, written once.
    pub json: Box<RawValue>,
}

impl Held {
    fn new(view: CompetitionView) -> Held {
        // A view is plain data: serde_json cannot fail to write it.
        let json = serde_json::value::to_raw_value(&view)
            .unwrap_or_else(|_| RawValue::from_string("null".into()).expect("JSON"));
        Held { view, json }
    }
}

/// What a competition's followers are sent, written once for all.
#[derive(Clone, Debug)]
pub enum Push {
    /// The whole competition (a [`CompetitionView`]).
    Whole(Arc<str>),
    /// One board's result and the standings after it (a
    /// [`ResultEntered`]), the change after the last they were sent.
    Result(Arc<str>),
    /// A step at a table that did not make its result stand: the board's
    /// protocol after it (a [`TableStepped`]), the change after the last
    /// they were sent.
    Table(Arc<str>),
}

/// A competition in memory: as it stands, its followers, and the lock
/// its changes on this server take one at a time.
struct Kept {
    held: Arc<Held>,
    tx: broadcast::Sender<Push>,
    changing: Arc<tokio::sync::Mutex<()>>,
    read: Instant,
}

impl Kept {
    fn new(held: Arc<Held>) -> Kept {
        Kept {
            held,
            tx: broadcast::channel(CHANNEL).0,
            changing: Arc::default(),
            read: Instant::now(),
        }
    }

    /// Holds `held` from now on, and sends it whole to the followers.
    fn hold(&mut self, held: Arc<Held>) {
        self.held = held;
        if self.tx.receiver_count() > 0 {
            let _ = self.tx.send(Push::Whole(self.held.json.get().into()));
        }
    }
}

/// Creates, reads and changes competitions; tells their followers.
pub struct Desk {
    store: Store,
    kept: Mutex<HashMap<CompetitionId, Kept>>,
}

impl Desk {
    /// Over `store`, holding no competition yet.
    pub fn new(store: Store) -> Desk {
        Desk {
            store,
            kept: Mutex::new(HashMap::new()),
        }
    }

    /// Over `store`, also telling followers of the changes that other
    /// instances sharing the database make: `news` names each competition
    /// changed with its number of changes (`None`: any may have), as the
    /// hub hears it ([`crate::hub::Hub::competition_news`]); this
    /// server's own changes are heard too, and cost nothing, since what
    /// it holds is as new. The task ends with the desk.
    pub fn start(
        store: Store,
        mut news: broadcast::Receiver<Option<CompetitionNews>>,
    ) -> Arc<Desk> {
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
                // No number of changes: the changes were written again
                // (a person forgotten), or an older server did not say.
                let (ids, rewritten): (Vec<CompetitionId>, bool) = match changed {
                    Some((id, 0)) => (vec![id], true),
                    Some((id, changes)) if desk.holds(&id, changes) => continue,
                    Some((id, _)) => (vec![id], false),
                    None => (desk.lock().keys().cloned().collect(), false),
                };
                for id in ids {
                    desk.catch_up(&id, rewritten).await;
                }
            }
        });
        desk
    }

    /// Whether competition `id` is held here with `changes` changes or
    /// more.
    fn holds(&self, id: &CompetitionId, changes: u64) -> bool {
        self.lock()
            .get(id)
            .is_some_and(|k| k.held.view.changes >= changes)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<CompetitionId, Kept>> {
        self.kept.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Reads competition `id` again if it is held here, and tells its
    /// followers if another server changed it (this server's own changes
    /// were told as they were made), or if its changes were `rewritten`.
    async fn catch_up(&self, id: &CompetitionId, rewritten: bool) {
        let Some(changing) = self.lock().get(id).map(|k| k.changing.clone()) else {
            return;
        };
        let _one_at_a_time = changing.lock().await;
        match self.load(id).await {
            Ok(held) if rewritten => self.replace(id, held),
            Ok(held) => {
                self.keep(id, held);
            }
            Err(f) => tracing::warn!(competition = %id, "cannot be read again: {}", f.detail),
        }
    }

    /// A new competition of `setup`, organised by `organiser`, who must
    /// hold an account.
    pub async fn create(&self, setup: Setup, organiser: &PersonId) -> Result<Arc<Held>, Failure> {
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
        let view = view_of(id.clone(), organiser.clone(), created, 0, competition);
        let held = Arc::new(Held::new(view));
        self.keep(&id, held.clone());
        Ok(held)
    }

    /// Competition `id` as it stands: held in memory, or read from the
    /// store and then held.
    pub async fn view(&self, id: &CompetitionId) -> Result<Arc<Held>, Failure> {
        if let Some(k) = self.lock().get_mut(id) {
            k.read = Instant::now();
            return Ok(k.held.clone());
        }
        let held = self.load(id).await?;
        Ok(self.keep(id, held))
    }

    /// Competition `id` rebuilt from the store.
    async fn load(&self, id: &CompetitionId) -> Result<Arc<Held>, Failure> {
        let row = self
            .store
            .competition(id)
            .await?
            .ok_or_else(|| unknown(id))?;
        let mut competition = Competition::new(row.setup.clone()).map_err(|r| damaged(id, &r))?;
        for c in &row.changes {
            competition.apply(&c.change).map_err(|r| damaged(id, &r))?;
        }
        let changes = row.changes.len() as u64;
        let view = view_of(row.id, row.organiser, row.created, changes, competition);
        Ok(Arc::new(Held::new(view)))
    }

    /// Competitions `ids`, whose changes were written again (a person
    /// forgotten), read again where they are held here.
    pub async fn rewritten(&self, ids: &[CompetitionId]) {
        for id in ids {
            self.catch_up(id, true).await;
        }
    }

    /// Holds `held` in place of what is held as competition `id`, as new
    /// as it is (its changes were written again), and tells its followers.
    fn replace(&self, id: &CompetitionId, held: Arc<Held>) {
        let mut kept = self.lock();
        if let Some(k) = kept.get_mut(id) {
            k.hold(held);
        }
    }

    /// Holds `held` as competition `id`, unless what is held is as new
    /// already; tells followers of what they have not been sent. Returns
    /// what is held now.
    fn keep(&self, id: &CompetitionId, held: Arc<Held>) -> Arc<Held> {
        let mut kept = self.lock();
        if !kept.contains_key(id) && kept.len() >= KEPT {
            forget_unfollowed(&mut kept);
        }
        let k = kept
            .entry(id.clone())
            .or_insert_with(|| Kept::new(held.clone()));
        k.read = Instant::now();
        if held.view.changes > k.held.view.changes {
            k.hold(held);
        }
        k.held.clone()
    }

    /// The latest competitions, newest first.
    pub async fn list(&self) -> Result<Vec<ListedCompetition>, Failure> {
        Ok(self
            .store
            .competitions(LISTED)
            .await?
            .into_iter()
            .map(ListedCompetition::from)
            .collect())
    }

    /// Makes the change `ask` to competition `id` for `who`: checked by
    /// the policy and by the competition, stored, then shown to its
    /// followers. Returns the competition as it now stands. A pairing is
    /// made on a blocking thread in `place`'s turn of the server's heavy
    /// work (none: a blocking thread of its own, as in-process callers
    /// have).
    pub async fn change(
        &self,
        id: &CompetitionId,
        who: Option<&PersonId>,
        ask: &Ask,
        place: Option<Queued>,
    ) -> Result<Arc<Held>, Failure> {
        // Anyone may ask; only the organiser and the arbiters get as far
        // as the lock.
        let held = self.view(id).await?;
        super::officials::may_change(&self.store, &held.view, who).await?;
        let Some(who) = who else {
            return Err(Failure::new(Code::NotOrganiser, "nobody may change it"));
        };
        self.make(id, who, ask, place).await
    }

    /// Makes the change `ask` to competition `id`, stored as made by
    /// `by`, whoever that is: for the callers that decided already that
    /// `by` may (a person entering themselves, the server taking a game's
    /// result: [`SERVER`]).
    pub(crate) async fn make(
        &self,
        id: &CompetitionId,
        who: &PersonId,
        ask: &Ask,
        place: Option<Queued>,
    ) -> Result<Arc<Held>, Failure> {
        let changing = self
            .lock()
            .get(id)
            .map(|k| k.changing.clone())
            .unwrap_or_default();
        let mut ticket = match place {
            Some(q) => Some(q.turn(WAIT).await?),
            None => None,
        };
        let one_at_a_time = changing.lock().await;
        for _ in 0..RETRIES {
            let held = self.view(id).await?;
            let view = &held.view;
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
                    let competition = view.competition.clone();
                    let pair = move || competition.pair_next().map_err(Failure::of_competition);
                    match ticket.take() {
                        Some(t) => t.run("pairing", pair).await?,
                        // No turn given, or a second try after another
                        // server's change: a thread of its own.
                        None => tokio::task::spawn_blocking(pair)
                            .await
                            .map_err(|e| Failure::internal("the pairing failed", &e))??,
                    }
                }
            };
            let mut competition = view.competition.clone();
            competition
                .apply(&change)
                .map_err(Failure::of_competition)?;
            let number = view.changes + 1;
            match self
                .store
                .add_competition_change(id, number, who, now(), &change)
                .await
            {
                Err(StoreError::Conflict) => {
                    // Another server stored a change first: read it.
                    let fresh = self.load(id).await?;
                    self.keep(id, fresh);
                    continue;
                }
                Err(e) => return Err(e.into()),
                Ok(()) => {}
            }
            let new = view_of(
                view.id.clone(),
                view.organiser.clone(),
                view.created,
                number,
                competition,
            );
            let new = Arc::new(Held::new(new));
            self.made(id, &new, &change);
            // The change is stored and pushed: the next may come while
            // the ratings move.
            drop(one_at_a_time);
            // A rated competition on real tables just finished (or its
            // result corrected after): the real-table pool moves.
            crate::table_ratings::after_change(&self.store, &new.view.competition).await;
            return Ok(new);
        }
        Err(Failure::new(
            Code::Busy,
            "the competition kept changing while this change was stored; try again",
        ))
    }

    /// Holds `held`, just made by `change` on this server, and pushes it
    /// to the followers: a result as itself, anything else whole.
    fn made(&self, id: &CompetitionId, held: &Arc<Held>, change: &Change) {
        let mut kept = self.lock();
        let k = kept
            .entry(id.clone())
            .or_insert_with(|| Kept::new(held.clone()));
        k.held = held.clone();
        k.read = Instant::now();
        if k.tx.receiver_count() == 0 {
            return;
        }
        let push = match *change {
            Change::Result {
                round,
                board,
                outcome,
            } => {
                let shown = ResultEntered {
                    changes: held.view.changes,
                    round,
                    board,
                    outcome,
                    finished: held.view.finished,
                    standings: &held.view.standings,
                    bracket: &held.view.bracket,
                    groups: &held.view.groups,
                };
                // Plain data: serde_json cannot fail to write it.
                Push::Result(serde_json::to_string(&shown).unwrap_or_default().into())
            }
            // A step at a table, its result not standing: its protocol.
            Change::AtTable {
                round,
                team_match,
                board,
                ..
            } => {
                let c = &held.view.competition;
                let at = TableMatch {
                    round,
                    team_match,
                    board,
                };
                match c.table_protocol(at) {
                    Some(protocol) if !protocol.stands => {
                        let shown = TableStepped {
                            changes: held.view.changes,
                            protocol,
                        };
                        Push::Table(serde_json::to_string(&shown).unwrap_or_default().into())
                    }
                    _ => Push::Whole(held.json.get().into()),
                }
            }
            _ => Push::Whole(held.json.get().into()),
        };
        let _ = k.tx.send(push);
    }

    /// Tells competition `id`'s followers here the whole competition
    /// again, unchanged: something it shows beside itself changed (a
    /// round's games were made, after its pairing was pushed).
    pub fn nudge(&self, id: &CompetitionId) {
        let kept = self.lock();
        if let Some(k) = kept.get(id) {
            if k.tx.receiver_count() > 0 {
                let _ = k.tx.send(Push::Whole(k.held.json.get().into()));
            }
        }
    }

    /// Competition `id` as it stands and a receiver of its pushes from
    /// then on (a push the view already holds may follow: its `changes`
    /// says so).
    pub async fn follow(
        &self,
        id: &CompetitionId,
    ) -> Result<(Arc<Held>, broadcast::Receiver<Push>), Failure> {
        self.view(id).await?;
        let mut kept = self.lock();
        // Dropped while this task waited: read it again next time.
        let Some(k) = kept.get_mut(id) else {
            return Err(Failure::new(
                Code::Busy,
                "the competition is being read; try again",
            ));
        };
        Ok((k.held.clone(), k.tx.subscribe()))
    }
}

/// A competition's view with its standings; standings that cannot be
/// computed are logged and left out (the competition is still shown).
fn view_of(
    id: CompetitionId,
    organiser: PersonId,
    created: i64,
    changes: u64,
    competition: Competition,
) -> CompetitionView {
    let standings = match competition.standings() {
        Ok(s) => Some(s),
        Err(e) => {
            tracing::error!(competition = %id, "its standings cannot be computed: {e}");
            None
        }
    };
    CompetitionView::new(id, organiser, created, changes, competition, standings)
}

/// Drops the least recently read competition that nobody here follows.
fn forget_unfollowed(kept: &mut HashMap<CompetitionId, Kept>) {
    let oldest = kept
        .iter()
        .filter(|(_, k)| k.tx.receiver_count() == 0)
        .min_by_key(|(_, k)| k.read)
        .map(|(id, _)| id.clone());
    if let Some(id) = oldest {
        kept.remove(&id);
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
