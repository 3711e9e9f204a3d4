//! How a name or a chat line is compared with the word list
//! (docs/moderation.md, "Word list").
//!
//! Text is normalised first: lower case, Latvian diacritics folded
//! (ā→a … ž→z, so a list entry and a line match whether or not either was
//! typed with them), the usual look-alikes read as the letters they stand
//! for (0→o, 1→i, 3→e, 4→a, 5→s, 7→t, @→a, $→s, a few Cyrillic letters
//! that look Latin), combining accents and invisible joiners dropped. It
//! is then split into words on anything that is not a letter, and an
//! entry matches a whole word only (an entry ending in `*`, the words
//! that begin with it).
//!
//! Whole words are the trade-off chosen: matching anywhere inside a word
//! would refuse "class", "Scunthorpe" or Latvian "pasaka" for a short
//! entry they happen to contain (the Scunthorpe problem). The price is
//! that a listed word glued to another ("badword") passes unless the
//! operator lists a prefix (`bad*`) or the compound itself.
//!
//! Two tricks are caught besides: letters spread with separators ("b.a.d",
//! "b a d"): a run of two or more one-letter words is also read as one
//! word; and letters stretched ("baaad"): a letter typed three or more
//! times matches it typed once or twice in the entry. A letter doubled
//! only is not read as stretched, because doubles are real spelling: with
//! "god" listed, "good" must pass (and "baad" passes "bad").

use std::collections::{HashMap, HashSet};

/// The longest entry, in letters.
pub const MAX_ENTRY: usize = 40;

/// What a character is when text is compared.
enum Folded {
    /// A letter, normalised.
    Letter(char),
    /// Something that separates words (a space, punctuation, a digit that
    /// stands for no letter).
    Separator,
    /// Something dropped without separating: a combining accent, an
    /// invisible joiner, so that "b\u{200B}ad" is "bad".
    Nothing,
}

/// `c`, already in lower case, as it is compared.
fn fold(c: char) -> Folded {
    // Latvian's long vowels and softened consonants (and the old ō and ŗ)
    // without their marks, as a competition's sheets read them.
    let letter = match novuss_club::entries::unmarked(c) {
        // Look-alikes typed to slip past a list.
        '0' => 'o',
        '1' => 'i',
        '3' => 'e',
        '4' => 'a',
        '5' => 's',
        '7' => 't',
        '@' => 'a',
        '$' => 's',
        // Cyrillic letters drawn as Latin ones.
        'а' => 'a',
        'е' => 'e',
        'о' => 'o',
        'р' => 'p',
        'с' => 'c',
        'х' => 'x',
        'у' => 'y',
        'і' => 'i',
        // Combining accents (typed apart from their letter) and the
        // invisible characters that join or split nothing visibly.
        '\u{0300}'..='\u{036F}'
        | '\u{200B}'..='\u{200D}'
        | '\u{2060}'
        | '\u{FEFF}'
        | '\u{00AD}' => return Folded::Nothing,
        c if c.is_alphabetic() => c,
        _ => return Folded::Separator,
    };
    Folded::Letter(letter)
}

/// `text` normalised and split into words, each as runs of one letter:
/// ("baaad" is `[(b,1), (a,3), (d,1)]`).
fn words(text: &str) -> Vec<Vec<(char, u32)>> {
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        match fold(c) {
            Folded::Letter(l) => current.push(l),
            Folded::Separator => {
                if !current.is_empty() {
                    words.push(std::mem::take(&mut current));
                }
            }
            Folded::Nothing => {}
        }
    }
    if !current.is_empty() {
        words.push(current);
    }
    // Letters spread one by one ("b.a.d", "b a d") are read as one word
    // too, beside the letters themselves.
    let mut spread = Vec::new();
    let mut run = String::new();
    let mut count = 0;
    for w in words.iter().chain(std::iter::once(&String::new())) {
        if w.chars().count() == 1 {
            run.push_str(w);
            count += 1;
        } else {
            if count >= 2 {
                spread.push(std::mem::take(&mut run));
            }
            run.clear();
            count = 0;
        }
    }
    words.extend(spread);
    words.iter().map(|w| runs(w)).collect()
}

/// `word` as runs of one letter.
fn runs(word: &str) -> Vec<(char, u32)> {
    let mut out: Vec<(char, u32)> = Vec::new();
    for c in word.chars() {
        match out.last_mut() {
            Some((l, n)) if *l == c => *n += 1,
            _ => out.push((c, 1)),
        }
    }
    out
}

/// The letters of `runs`, each run once: the key entries are found by.
fn skeleton(runs: &[(char, u32)]) -> String {
    runs.iter().map(|(c, _)| *c).collect()
}

/// Whether a word's run of `typed` letters stands for an entry's run of
/// `listed`: the same, or stretched to three or more.
fn same_run(typed: u32, listed: u32) -> bool {
    typed == listed || typed >= 3
}

/// Why a word cannot be an entry of the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryError {
    /// Nothing left once normalised.
    Empty,
    /// A space, punctuation or other separator inside: one word an entry.
    NotOneWord,
    /// Fewer than two letters, or more than 40 (`MAX_ENTRY`).
    Length,
    /// A prefix (`…*`) of fewer than three letters would refuse too many
    /// words.
    ShortPrefix,
}

impl std::fmt::Display for EntryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EntryError::Empty => f.write_str("an entry has letters"),
            EntryError::NotOneWord => f.write_str(
                "an entry is one word of letters (look-alikes such as 0 or @ count as letters), \
                 optionally ending in * for the words that begin with it",
            ),
            EntryError::Length => write!(f, "an entry has 2 to {MAX_ENTRY} letters"),
            EntryError::ShortPrefix => {
                f.write_str("an entry ending in * has at least 3 letters before it")
            }
        }
    }
}

impl std::error::Error for EntryError {}

/// `raw` as the list keeps it: normalised as text is (so what is listed
/// is what is matched), with its `*` if it is a prefix.
pub fn entry(raw: &str) -> Result<String, EntryError> {
    let raw = raw.trim();
    let (body, prefix) = match raw.strip_suffix('*') {
        Some(b) => (b, true),
        None => (raw, false),
    };
    let mut word = String::new();
    for c in body.chars().flat_map(char::to_lowercase) {
        match fold(c) {
            Folded::Letter(l) => word.push(l),
            Folded::Separator => return Err(EntryError::NotOneWord),
            Folded::Nothing => {}
        }
    }
    let letters = word.chars().count();
    if letters == 0 {
        return Err(EntryError::Empty);
    }
    if !(2..=MAX_ENTRY).contains(&letters) {
        return Err(EntryError::Length);
    }
    if prefix && letters < 3 {
        return Err(EntryError::ShortPrefix);
    }
    if prefix {
        word.push('*');
    }
    Ok(word)
}

/// The list, ready to match: entries found by their letters with each
/// run once, then their runs compared.
#[derive(Debug, Default)]
pub struct Matcher {
    /// Whole-word entries by skeleton.
    whole: HashMap<String, Vec<Vec<(char, u32)>>>,
    /// Prefix entries by skeleton.
    prefixes: HashMap<String, Vec<Vec<(char, u32)>>>,
    /// The skeletons' lengths among prefixes, to try only those.
    prefix_lengths: HashSet<usize>,
}

impl Matcher {
    /// A matcher of `entries` as [`entry`] makes them; one that is not
    /// (a row damaged by hand) is normalised again, or skipped.
    pub fn new<'a>(entries: impl IntoIterator<Item = &'a str>) -> Matcher {
        let mut m = Matcher::default();
        for raw in entries {
            let Ok(e) = entry(raw) else {
                tracing::warn!(
                    entry = raw,
                    "a word-list entry that cannot be one is skipped"
                );
                continue;
            };
            let (body, prefix) = match e.strip_suffix('*') {
                Some(b) => (b, true),
                None => (e.as_str(), false),
            };
            let r = runs(body);
            let key = skeleton(&r);
            if prefix {
                m.prefix_lengths.insert(key.chars().count());
                m.prefixes.entry(key).or_default().push(r);
            } else {
                m.whole.entry(key).or_default().push(r);
            }
        }
        m
    }

    /// Whether the list is empty.
    pub fn is_empty(&self) -> bool {
        self.whole.is_empty() && self.prefixes.is_empty()
    }

    /// Whether `text` holds a listed word.
    pub fn matches(&self, text: &str) -> bool {
        if self.is_empty() {
            return false;
        }
        words(text).iter().any(|w| self.word(w))
    }

    /// Whether one word (as runs) is listed.
    fn word(&self, w: &[(char, u32)]) -> bool {
        let key = skeleton(w);
        if let Some(entries) = self.whole.get(&key) {
            let same = |e: &Vec<(char, u32)>| {
                e.len() == w.len() && e.iter().zip(w).all(|(e, t)| same_run(t.1, e.1))
            };
            if entries.iter().any(same) {
                return true;
            }
        }
        for &n in &self.prefix_lengths {
            if n > w.len() {
                continue;
            }
            let key: String = w[..n].iter().map(|(c, _)| *c).collect();
            let Some(entries) = self.prefixes.get(&key) else {
                continue;
            };
            // The last run may go on into the rest of the word ("as*"
            // begins "ass"), so it needs only to be as long.
            let begins = |e: &Vec<(char, u32)>| {
                e.iter().zip(w).enumerate().all(|(k, (e, t))| {
                    if k + 1 == n {
                        t.1 >= e.1
                    } else {
                        same_run(t.1, e.1)
                    }
                })
            };
            if entries.iter().any(begins) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(entries: &[&str]) -> Matcher {
        let normalised: Vec<String> = entries.iter().map(|e| entry(e).unwrap()).collect();
        Matcher::new(normalised.iter().map(String::as_str))
    }

    #[test]
    fn entries_are_normalised_as_text_is() {
        assert_eq!(entry("  Sūds ").unwrap(), "suds");
        assert_eq!(entry("B4D").unwrap(), "bad");
        assert_eq!(entry("Mērgl*").unwrap(), "mergl*");
        assert_eq!(entry("bad word"), Err(EntryError::NotOneWord));
        assert_eq!(entry("bad-word"), Err(EntryError::NotOneWord));
        assert_eq!(entry("*"), Err(EntryError::Empty));
        assert_eq!(entry("x"), Err(EntryError::Length));
        assert_eq!(entry(&"a".repeat(41)), Err(EntryError::Length));
        assert_eq!(entry("ab*"), Err(EntryError::ShortPrefix));
    }

    #[test]
    fn an_english_word_is_found_however_it_is_typed() {
        let m = list(&["idiot"]);
        for text in [
            "you idiot",
            "IDIOT!",
            "what an Idiot, really",
            "1d10t",
            "id!ot? no: id-iot is two words",
            "i.d.i.o.t",
            "i d i o t",
            "idiooooot",
            "іdіot", // Cyrillic і
        ] {
            let expect = !text.starts_with("id!ot");
            assert_eq!(m.matches(text), expect, "{text}");
        }
    }

    #[test]
    fn a_latvian_word_is_found_with_or_without_diacritics() {
        let m = list(&["muļķis"]);
        for text in [
            "Tu esi muļķis!",
            "MUĻĶIS",
            "mulkis",
            "muļķ1s",
            "m u ļ ķ i s",
        ] {
            assert!(m.matches(text), "{text}");
        }
        // Typed with combining accents instead of precomposed letters.
        assert!(m.matches("mul\u{0327}k\u{0327}is"));
        assert!(!m.matches("Labs gājiens, paldies!"));
    }

    #[test]
    fn whole_words_avoid_the_scunthorpe_problem() {
        let m = list(&["ass", "god", "pis"]);
        // English words that contain a listed one, or a doubled letter.
        for text in [
            "a classic pass",
            "assistant",
            "good game",
            "embassy",
            "Cassandra",
        ] {
            assert!(!m.matches(text), "{text}");
        }
        // Latvian: "pis" inside "pilsēta", "pīslis"…
        for text in ["Rīga ir pilsēta", "piespēle", "apsis"] {
            assert!(!m.matches(text), "{text}");
        }
        assert!(m.matches("you ass"));
        assert!(m.matches("a$$"));
        assert!(m.matches("oh my god"));
        // Stretched three times and more is stretching; twice is spelling.
        assert!(m.matches("gooood"));
        assert!(!m.matches("good"));
    }

    #[test]
    fn a_prefix_entry_matches_the_words_beginning_with_it() {
        let m = list(&["stulb*"]);
        assert!(m.matches("stulbenis"));
        assert!(m.matches("Tu esi STULBS"));
        assert!(m.matches("stuuulbs"));
        assert!(!m.matches("stulpi un galds"));
        assert!(m.matches("ne-stulbais"), "a word after a hyphen is a word");
    }

    #[test]
    fn spread_letters_are_read_together_but_ordinary_words_are_not() {
        let m = list(&["bad"]);
        assert!(m.matches("b.a.d"));
        assert!(m.matches("b a d"));
        assert!(m.matches("b_a_d move"));
        // Only one-letter words are read together: "badly" beside them
        // stays a word of its own.
        assert!(!m.matches("I a m badly placed"));
        assert!(
            !m.matches("ba d"),
            "a run split unevenly is not read together"
        );
    }

    #[test]
    fn an_empty_list_passes_everything() {
        let m = Matcher::new([]);
        assert!(m.is_empty());
        assert!(!m.matches("anything at all"));
    }
}
