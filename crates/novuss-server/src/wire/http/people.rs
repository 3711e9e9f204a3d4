//! Who the browser is: `GET /api/me`, `POST /api/me`, and what every
//! account route answers.

use serde::{Deserialize, Serialize};

use crate::ids::PersonId;

/// Who this browser is (`GET /api/me`, and every account route's answer).
#[derive(Debug, Serialize)]
pub struct Me {
    /// Its person; `None` until it becomes one.
    pub person: Option<PersonId>,
    /// The display name the person chose.
    pub name: Option<String>,
    /// The person's account, if they made one.
    pub account: Option<Account>,
}

/// An account, as its owner is shown it.
#[derive(Debug, Serialize)]
pub struct Account {
    /// The user name, as first written.
    pub username: String,
}

/// What `POST /api/me` takes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeRequest {
    /// The display name, or `null` for none.
    pub name: Option<String>,
}

/// What `POST /api/me` answers: the person and the name now.
#[derive(Debug, Serialize)]
pub struct Named {
    /// The person (made for this request if the browser was none).
    pub person: PersonId,
    /// The display name.
    pub name: Option<String>,
}
