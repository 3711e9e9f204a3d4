//! What the account routes read (docs/protocol.md, "Accounts"); each
//! answers [`super::people::Me`].

use serde::Deserialize;

/// A password as received: never printed, never logged.
#[derive(Deserialize)]
#[serde(transparent)]
pub struct Password(pub String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(…)")
    }
}

/// What `POST /api/account/register` and `…/signin` take.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The user name.
    pub username: String,
    /// The password.
    pub password: Password,
}

/// What `POST /api/account/password` takes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    /// The password now.
    pub old: Password,
    /// The password from now on.
    pub new: Password,
}

/// What `POST /api/me/forget` takes: to delete an account, its password
/// (asked again, so that a browser left signed in cannot delete it); an
/// anonymous person, whom their cookie alone holds, sends none.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForgetMe {
    /// The account's password.
    #[serde(default)]
    pub password: Option<Password>,
}
