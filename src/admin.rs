//! `novuss admin`: names the site's administrators (docs/moderation.md).
//! Only from here, never through the site: whoever runs the binary against
//! the database runs the site already, and a site that could make
//! administrators could be talked into making one.

use crate::database::Where;

/// `novuss admin`'s commands.
#[derive(clap::Subcommand, Debug)]
pub enum AdminCommand {
    /// Makes the account NAME a site administrator.
    Grant {
        /// The account's user name.
        name: String,
        #[command(flatten)]
        database: Where,
    },
    /// Takes administration from the account NAME.
    Revoke {
        /// The account's user name.
        name: String,
        #[command(flatten)]
        database: Where,
    },
    /// Lists the administrators.
    List {
        #[command(flatten)]
        database: Where,
    },
}

/// Runs `command`: what to print.
pub fn run(command: &AdminCommand) -> Result<String, String> {
    let database = match command {
        AdminCommand::Grant { database, .. }
        | AdminCommand::Revoke { database, .. }
        | AdminCommand::List { database } => database.database(false)?,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async {
        let store = database
            .open()
            .await
            .map_err(|e| format!("cannot open the database {database}: {e}"))?;
        let failed = |e: novuss_server::StoreError| format!("the database failed: {e}");
        let done = match command {
            AdminCommand::Grant { name, .. } => {
                let key = novuss_server::username_key(name).map_err(|f| f.detail)?;
                match store
                    .grant_admin(&key, novuss_server::now())
                    .await
                    .map_err(failed)?
                {
                    Some(_) => Ok(format!("{name} is a site administrator")),
                    None => Err(format!("no account has the user name {name}")),
                }
            }
            AdminCommand::Revoke { name, .. } => {
                let key = novuss_server::username_key(name).map_err(|f| f.detail)?;
                match store.revoke_admin(&key).await.map_err(failed)? {
                    true => Ok(format!("{name} is no longer a site administrator")),
                    false => Err(format!("{name} is not a site administrator")),
                }
            }
            AdminCommand::List { .. } => {
                let admins = store.admins().await.map_err(failed)?;
                Ok(match admins.is_empty() {
                    true => "no site administrators".to_owned(),
                    false => admins
                        .iter()
                        .map(|(name, _)| name.as_str())
                        .collect::<Vec<_>>()
                        .join("\n"),
                })
            }
        };
        store.close().await;
        done
    })
}
