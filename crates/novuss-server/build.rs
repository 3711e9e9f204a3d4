//! Rebuilds the server when its migrations change. `sqlx::migrate!`
//! embeds `migrations/sqlite` and `migrations/postgres` when the crate is
//! compiled, and cargo cannot see the files a macro reads: without this, a
//! new migration would be missing from the binary (and from the tests)
//! until something else in the crate changed.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
