//! Who the browser is: `GET /api/me`, `POST /api/me`, and what every
//! account route answers.

use serde::{Deserialize, Serialize};

use crate::ids::PersonId;

/// Who this browser is (`GET /api/me`, and every account route's answer).
#[derive(Debug, Serialize)]
pub struct Me {
    /// Its person; `None` until it becomes one.
    pub person: Option<PersonId>,
    /// The name the person goes by: the one they chose, else their
    /// account's user name; `None` for neither.
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
    /// The display name, or `null` for none (the person then goes by
    /// their account's user name, if they have one).
    pub name: Option<String>,
}

/// What `POST /api/me` answers: the person and the name now.
#[derive(Debug, Serialize)]
pub struct Named {
    /// The person (made for this request if the browser was none).
    pub person: PersonId,
    /// The name the person goes by now (as [`Me::name`]).
    pub name: Option<String>,
}
