//! The name a person goes by, as the statements select it: the one they
//! chose, else their account's user name (issue 31, "Names";
//! docs/protocol.md "Who is who"). One rule, written once: every statement
//! that names people joins `people p` and takes these two pieces, which
//! are macros so that they join the statements' text at compile time.

/// The person's name, from `people p` and the `a` of `account_of_p!`.
macro_rules! shown_name {
    () => {
        "COALESCE(p.name, a.username)"
    };
}

/// The account, if any, of the person `p`.
macro_rules! account_of_p {
    () => {
        "LEFT JOIN accounts a ON a.person_id = p.id"
    };
}
