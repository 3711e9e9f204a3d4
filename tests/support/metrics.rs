//! An instance's metrics as the tests read them: fetched over HTTP and
//! parsed by an independent parser of Prometheus's text format
//! (`prometheus-parse`), not by the server's own code.

use prometheus_parse::{Sample, Scrape, Value as Metric};

/// `GET url`: its status, content type and body.
pub fn get(url: &str) -> (u16, String, String) {
    let mut r = ureq::get(url)
        .config()
        .http_status_as_error(false)
        .build()
        .call()
        .expect("answered");
    let kind = r
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    (
        r.status().as_u16(),
        kind,
        r.body_mut().read_to_string().unwrap_or_default(),
    )
}

/// The metrics at `url`, parsed.
pub fn scrape(url: &str) -> Scrape {
    let (status, kind, text) = get(url);
    assert_eq!(status, 200, "{text}");
    assert!(kind.starts_with("application/openmetrics-text"), "{kind}");
    assert!(text.ends_with("# EOF\n"), "the exposition is whole");
    Scrape::parse(text.lines().map(|l| Ok(l.to_owned()))).expect("Prometheus's text format")
}

/// The samples of `metric` in `s`.
pub fn samples<'a>(s: &'a Scrape, metric: &str) -> Vec<&'a Sample> {
    s.samples.iter().filter(|x| x.metric == metric).collect()
}

/// The one value of a counter or gauge `metric` with labels `labels`.
pub fn value(s: &Scrape, metric: &str, labels: &[(&str, &str)]) -> f64 {
    let found: Vec<f64> = samples(s, metric)
        .into_iter()
        .filter(|x| labels.iter().all(|(k, v)| x.labels.get(k) == Some(*v)))
        .map(|x| match &x.value {
            Metric::Counter(v) | Metric::Gauge(v) | Metric::Untyped(v) => *v,
            other => panic!("{metric} is not a number: {other:?}"),
        })
        .collect();
    assert_eq!(found.len(), 1, "{metric} {labels:?}: {found:?}");
    found[0]
}

/// How many observations histogram `metric` counted.
pub fn observed(s: &Scrape, metric: &str) -> u64 {
    let h = samples(s, metric);
    assert_eq!(h.len(), 1, "{metric}");
    match &h[0].value {
        Metric::Histogram(buckets) => buckets.last().map_or(0, |b| b.count as u64),
        other => panic!("{metric} is not a histogram: {other:?}"),
    }
}
