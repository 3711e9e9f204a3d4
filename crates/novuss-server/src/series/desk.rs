//! The series' desk: a series created, read (its row from the store, its
//! stages' competitions from the competitions' desk, as they stand) and
//! its stages changed by its organiser; followers told the standings
//! again whenever a stage's competition changes.
//!
//! A series holds no state of its own beyond its set-up and its stages,
//! which are stored before anyone is told of them; its standings are
//! counted from the competitions whenever asked for, so they can never
//! disagree with them. For a followed series the desk follows each of
//! its stages' competitions (as any follower of a competition does), and
//! on each change counts the standings once for all its followers.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};

use serde_json::value::RawValue;
use tokio::sync::broadcast;
use tokio::task::AbortHandle;

use super::id::{self, SeriesId};
use super::setup::{SeriesRefusal, SeriesSetup, StageAsk};
use super::standings;
use super::view::{ListedSeries, SeriesView};
use crate::competitions::{Desk, Push};
use crate::error::{Code, Failure};
use crate::ids::{CompetitionId, PersonId};
use crate::policy;
use crate::store::{now, SeriesRow, Store, StoreError};

/// The most series listed at once.
const LISTED: u32 = 100;

/// Pushes waiting for a slow follower before it is told it lagged (it
/// is then sent the series afresh).
const CHANNEL: usize = 16;

/// A series as it stands, counted for every reader.
#[derive(Debug)]
pub struct HeldSeries {
    /// What it is.
    pub view: SeriesView,
    /// The view as JSON, written once.
    pub json: Box<RawValue>,
}

impl HeldSeries {
    fn new(view: SeriesView) -> HeldSeries {
        // A view is plain data: serde_json cannot fail to write it.
        let json = serde_json::value::to_raw_value(&view)
            .unwrap_or_else(|_| RawValue::from_string("null".into()).expect("JSON"));
        HeldSeries { view, json }
    }
}

/// A followed series: its followers' channel, and the tasks that follow
/// its stages' competitions for them.
struct Followed {
    tx: broadcast::Sender<Arc<str>>,
    /// What was last sent (or counted for a new follower): a change of
    /// a competition that moves nothing in the series (a round paired)
    /// is not sent again.
    last: Option<Arc<str>>,
    watching: Vec<CompetitionId>,
    watchers: Vec<AbortHandle>,
}

impl Drop for Followed {
    fn drop(&mut self) {
        for w in &self.watchers {
            w.abort();
        }
    }
}

/// Creates, reads and changes series; tells their followers.
pub struct SeriesDesk {
    store: Store,
    competitions: Arc<Desk>,
    followed: Mutex<HashMap<SeriesId, Followed>>,
    /// Stage changes on this server, one at a time: each is checked
    /// against the stages as stored (two servers over one database are
    /// kept apart by the stages' keys).
    changing: tokio::sync::Mutex<()>,
}

impl SeriesDesk {
    /// Over `store`, reading stages from `competitions`.
    pub fn new(store: Store, competitions: Arc<Desk>) -> Arc<SeriesDesk> {
        Arc::new(SeriesDesk {
            store,
            competitions,
            followed: Mutex::new(HashMap::new()),
            changing: tokio::sync::Mutex::new(()),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<SeriesId, Followed>> {
        self.followed.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A new series of `setup`, organised by `organiser`, who must hold
    /// an account.
    pub async fn create(
        &self,
        setup: SeriesSetup,
        organiser: &PersonId,
    ) -> Result<HeldSeries, Failure> {
        if self.store.account(organiser).await?.is_none() {
            return Err(not_signed_in());
        }
        let setup = setup.checked()?;
        let id = SeriesId::random();
        let created = now();
        // A set-up is plain data: serde_json cannot fail to write it.
        let json = serde_json::to_string(&setup).unwrap_or_default();
        self.store
            .add_series(id.as_str(), organiser, created, &json)
            .await?;
        let view = SeriesView {
            id,
            organiser: organiser.clone(),
            created,
            calendar: standings::calendar(&setup, &[]),
            standings: Some(vec![]),
            problem: None,
            setup,
        };
        Ok(HeldSeries::new(view))
    }

    /// The latest series, newest first.
    pub async fn list(&self) -> Result<Vec<ListedSeries>, Failure> {
        let rows = self.store.series_list(LISTED).await?;
        Ok(rows
            .into_iter()
            .filter_map(|(row, given)| {
                let id = SeriesId::parse(&row.id).ok()?;
                let setup = match setup_of(&row) {
                    Ok(s) => s,
                    Err(f) => {
                        tracing::error!(series = %row.id, "left out of the list: {}", f.detail);
                        return None;
                    }
                };
                Some(ListedSeries {
                    id,
                    organiser: row.organiser,
                    created: row.created,
                    setup,
                    given,
                })
            })
            .collect())
    }

    /// Series `id`'s row and set-up.
    async fn row(&self, id: &SeriesId) -> Result<(SeriesRow, SeriesSetup), Failure> {
        let row = self
            .store
            .series(id.as_str())
            .await?
            .ok_or_else(|| id::unknown(id.as_str()))?;
        let setup = setup_of(&row)?;
        Ok((row, setup))
    }

    /// Series `id` as it stands: its stages' competitions as they stand,
    /// and the standings they make.
    pub async fn view(&self, id: &SeriesId) -> Result<HeldSeries, Failure> {
        let (row, setup) = self.row(id).await?;
        let mut held = Vec::with_capacity(row.stages.len());
        for (stage, c) in &row.stages {
            held.push((*stage, self.competitions.view(c).await?));
        }
        let given: Vec<_> = held.iter().map(|(s, h)| (*s, &h.view)).collect();
        let (standings, problem) = match standings::standings(&setup, &given) {
            Ok(rows) => (Some(rows), None),
            Err(p) => (None, Some(p)),
        };
        let view = SeriesView {
            id: id.clone(),
            organiser: row.organiser,
            created: row.created,
            calendar: standings::calendar(&setup, &given),
            standings,
            problem,
            setup,
        };
        Ok(HeldSeries::new(view))
    }

    /// Whether `who` may change series `id`.
    pub async fn may_change(&self, id: &SeriesId, who: Option<&PersonId>) -> Result<bool, Failure> {
        let (row, _) = self.row(id).await?;
        Ok(policy::may_change_series(&row.organiser, who).is_ok())
    }

    /// Adds or removes a stage of series `id` for `who`: checked by the
    /// policy and against the stages as stored, stored, then shown to
    /// the series' followers. Returns the series as it now stands.
    pub async fn change_stages(
        self: &Arc<Self>,
        id: &SeriesId,
        who: Option<&PersonId>,
        ask: &StageAsk,
    ) -> Result<HeldSeries, Failure> {
        let _one_at_a_time = self.changing.lock().await;
        let (row, setup) = self.row(id).await?;
        policy::may_change_series(&row.organiser, who)?;
        let given = |stage: u32| row.stages.iter().any(|(s, _)| *s == stage);
        match ask {
            StageAsk::Add { competition, stage } => {
                let stage = match *stage {
                    Some(s) if s == 0 || s > setup.stages => {
                        return Err(SeriesRefusal::StageOutOfSeason {
                            stage: s,
                            stages: setup.stages,
                        }
                        .into())
                    }
                    Some(s) if given(s) => {
                        return Err(SeriesRefusal::StageTaken { stage: s }.into())
                    }
                    Some(s) => s,
                    None => (1..=setup.stages).find(|&s| !given(s)).ok_or(
                        SeriesRefusal::SeasonFull {
                            stages: setup.stages,
                        },
                    )?,
                };
                if let Some((s, _)) = row.stages.iter().find(|(_, c)| c == competition) {
                    return Err(SeriesRefusal::StageTwice {
                        competition: competition.clone(),
                        stage: *s,
                    }
                    .into());
                }
                let held = self.competitions.view(competition).await?;
                if held.view.organiser != row.organiser {
                    return Err(SeriesRefusal::StageNotYours {
                        competition: competition.clone(),
                    }
                    .into());
                }
                match self
                    .store
                    .add_series_stage(id.as_str(), stage, competition)
                    .await
                {
                    Err(StoreError::Conflict) => {
                        return Err(Failure::new(
                            Code::Stale,
                            "the series' stages changed meanwhile on another server; try again",
                        ))
                    }
                    other => other?,
                }
            }
            StageAsk::Remove { stage } => {
                if !self.store.remove_series_stage(id.as_str(), *stage).await? {
                    return Err(SeriesRefusal::NoStage { stage: *stage }.into());
                }
            }
        }
        let held = self.view(id).await?;
        // Its followers now follow the stages as they are (a task
        // following a stage only counts the series again: it never
        // changes what is followed).
        if self.lock().contains_key(id) {
            let stages = held
                .view
                .calendar
                .iter()
                .filter_map(|c| c.competition.clone())
                .collect();
            if let Err(f) = self.watch(id, stages).await {
                tracing::warn!(series = %id, "its stages cannot be followed: {}", f.detail);
            }
        }
        self.tell(id, &held);
        Ok(held)
    }

    /// Series `id` as it stands and a receiver of it again whenever it
    /// changes (its stages, or one of their competitions).
    pub async fn follow(
        self: &Arc<Self>,
        id: &SeriesId,
    ) -> Result<(HeldSeries, broadcast::Receiver<Arc<str>>), Failure> {
        let (row, _) = self.row(id).await?;
        // The competitions followed first, the series next, the view
        // counted last: a change at any moment is in the view or pushed.
        self.watch(id, row.stages.into_iter().map(|(_, c)| c).collect())
            .await?;
        let rx = {
            let followed = self.lock();
            match followed.get(id) {
                Some(f) => f.tx.subscribe(),
                None => {
                    return Err(Failure::new(
                        Code::Busy,
                        "the series is being read; try again",
                    ))
                }
            }
        };
        let held = self.view(id).await?;
        if let Some(f) = self.lock().get_mut(id) {
            f.last.get_or_insert_with(|| held.json.get().into());
        }
        Ok((held, rx))
    }

    /// Follows the competitions `stages` (in stage order) for series
    /// `id`'s followers, unless they are followed already.
    async fn watch(
        self: &Arc<Self>,
        id: &SeriesId,
        stages: Vec<CompetitionId>,
    ) -> Result<(), Failure> {
        if self.lock().get(id).is_some_and(|f| f.watching == stages) {
            return Ok(());
        }
        let mut receivers = Vec::with_capacity(stages.len());
        for c in &stages {
            receivers.push(self.competitions.follow(c).await?.1);
        }
        let weak = Arc::downgrade(self);
        let watchers = receivers
            .into_iter()
            .map(|rx| tokio::spawn(follow_stage(weak.clone(), id.clone(), rx)).abort_handle())
            .collect();
        let mut followed = self.lock();
        let f = followed.entry(id.clone()).or_insert_with(|| Followed {
            tx: broadcast::channel(CHANNEL).0,
            last: None,
            watching: vec![],
            watchers: vec![],
        });
        for w in f.watchers.drain(..) {
            w.abort();
        }
        f.watching = stages;
        f.watchers = watchers;
        Ok(())
    }

    /// Counts series `id` again and tells its followers; stops following
    /// its stages when nobody follows it any more. Whether it is still
    /// followed.
    async fn refresh(self: &Arc<Self>, id: &SeriesId) -> bool {
        if self
            .lock()
            .get(id)
            .is_none_or(|f| f.tx.receiver_count() == 0)
        {
            self.lock().remove(id);
            return false;
        }
        match self.view(id).await {
            Ok(held) => self.tell(id, &held),
            Err(f) => tracing::warn!(series = %id, "cannot be counted again: {}", f.detail),
        }
        true
    }

    /// Sends `held` to series `id`'s followers, unless it is what they
    /// were sent last.
    fn tell(&self, id: &SeriesId, held: &HeldSeries) {
        let mut followed = self.lock();
        let Some(f) = followed.get_mut(id) else {
            return;
        };
        if f.tx.receiver_count() == 0 {
            return;
        }
        let json: Arc<str> = held.json.get().into();
        if f.last.as_deref() != Some(&*json) {
            f.last = Some(json.clone());
            let _ = f.tx.send(json);
        }
    }
}

/// Waits for changes of one stage's competition and counts the series
/// again after each; ends when the desk is gone, the competition's
/// channel closes, or nobody follows the series any more.
async fn follow_stage(desk: Weak<SeriesDesk>, id: SeriesId, mut rx: broadcast::Receiver<Push>) {
    loop {
        match rx.recv().await {
            Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
            Err(broadcast::error::RecvError::Closed) => return,
        }
        let Some(desk) = desk.upgrade() else { return };
        if !desk.refresh(&id).await {
            return;
        }
    }
}

/// The set-up stored in `row`; anything else is damage.
fn setup_of(row: &SeriesRow) -> Result<SeriesSetup, Failure> {
    serde_json::from_str(&row.setup).map_err(|e| {
        Failure::logged(
            Code::Damaged,
            &format!("series {}'s set-up cannot be read", row.id),
            &e,
        )
    })
}

fn not_signed_in() -> Failure {
    Failure::new(
        Code::NotSignedIn,
        "only a person signed in to an account may organise a series",
    )
}
