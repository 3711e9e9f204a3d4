//! Which column of a list says what: the header row's words, in English
//! or Latvian, as clubs head their sheets.

/// What a column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Column {
    /// The whole name.
    Name,
    /// The first name (with [`Column::Surname`], the name is both).
    First,
    /// The surname.
    Surname,
    /// The club.
    Club,
    /// The licence number.
    Licence,
    /// The category.
    Category,
    /// The birth year.
    BirthYear,
    /// A rating.
    Rating,
    /// The doubles pair a player plays in: the rows that name the same
    /// pair are its two players.
    Pair,
    /// The team a player plays for: the rows that name the same team are
    /// its roster, in the file's order.
    Team,
}

/// `text` lower-cased, the Latvian letters without their marks, the
/// spaces collapsed and trimmed: "Dzimšanas  gads" reads "dzimsanas gads".
pub fn folded(text: &str) -> String {
    let plain: String = text
        .chars()
        .flat_map(char::to_lowercase)
        .map(unmarked)
        .collect();
    plain.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A Latvian letter without its mark, in its case ('Ā' is 'A', 'ņ' is
/// 'n', the old 'ō' and 'ŗ' too); any other character as it is. What a
/// sheet's header is matched by, and what a file's ASCII name is made of.
pub fn unmarked(c: char) -> char {
    let base = match c.to_lowercase().next().unwrap_or(c) {
        'ā' => 'a',
        'č' => 'c',
        'ē' => 'e',
        'ģ' => 'g',
        'ī' => 'i',
        'ķ' => 'k',
        'ļ' => 'l',
        'ņ' => 'n',
        'š' => 's',
        'ū' => 'u',
        'ž' => 'z',
        'ō' => 'o',
        'ŗ' => 'r',
        _ => return c,
    };
    if c.is_uppercase() {
        base.to_ascii_uppercase()
    } else {
        base
    }
}

/// The column a header cell names, if it names one we read.
pub(super) fn column(header: &str) -> Option<Column> {
    let h = folded(header);
    let h = h.trim_end_matches([':', '.']);
    Some(match h {
        "name" | "player" | "full name" | "entrant" | "dalibnieks" | "speletajs"
        | "vards, uzvards" | "vards uzvards" | "uzvards, vards" => Column::Name,
        "first name" | "given name" | "vards" => Column::First,
        "surname" | "last name" | "family name" | "uzvards" => Column::Surname,
        "club" | "klubs" | "sporta klubs" => Column::Club,
        "licence" | "license" | "licence no" | "license no" | "licence number"
        | "license number" | "licence nr" | "licences nr" | "licences numurs" | "licence nr." => {
            Column::Licence
        }
        "category" | "kategorija" | "grupa" => Column::Category,
        "birth year" | "year of birth" | "born" | "dzimsanas gads" | "dz. gads" | "dz.g"
        | "dz. g" => Column::BirthYear,
        "rating" | "reitings" => Column::Rating,
        "pair" | "doubles pair" | "pair no" | "pair number" | "paris" | "para nr"
        | "para numurs" | "dubultspeles paris" => Column::Pair,
        "team" | "team name" | "komanda" | "komandas nosaukums" => Column::Team,
        _ => return None,
    })
}
