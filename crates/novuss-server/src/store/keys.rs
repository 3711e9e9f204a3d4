//! Keys the server makes once and keeps (`site_keys`): each named, 256
//! random bits, made by the first server to ask for it and read by every
//! other sharing the database.

use super::error::StoreError;
use super::handle::Store;

impl Store {
    /// The key named `name`, made now if there is none yet: 32 random
    /// bytes. Two servers asking at once both get the one stored first.
    pub async fn site_key(&self, name: &str) -> Result<[u8; 32], StoreError> {
        let made: [u8; 32] = rand::random();
        let mut conn = self.write().await?;
        let result = async {
            sqlx::query("INSERT INTO site_keys (name, key) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                .bind(name)
                .bind(hex::encode(made))
                .execute(&mut *conn)
                .await?;
            let row: (String,) = sqlx::query_as("SELECT key FROM site_keys WHERE name = $1")
                .bind(name)
                .fetch_one(&mut *conn)
                .await?;
            Ok(row.0)
        }
        .await;
        let text = self.settle(conn, result).await?;
        let mut key = [0u8; 32];
        hex::decode_to_slice(text.trim(), &mut key).map_err(|_| StoreError::Damaged {
            game: format!("site key {name:?}"),
            what: "not 64 hex digits".into(),
        })?;
        Ok(key)
    }
}
