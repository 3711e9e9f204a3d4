use novuss_core::{layout, physics::*, stroke::Stroke, table::Table, DVec2};
fn main() {
    let t = Table::default();
    let p = Physics::default();
    let discs = layout::singles_opening(&t);
    let mut e = Engine::new(t, p);
    for (sx, speed) in [(0.5, 5.0), (0.47, 5.0), (0.52, 7.0), (0.4, 3.0)] {
        let st = Stroke { striker: DVec2::new(sx, 0.08), direction: DVec2::new(0.0, 1.0), speed };
        let o = e.simulate(&discs, &st).unwrap();
        let contacts = o.events.iter().filter(|e| matches!(e.kind, EventKind::Contact{..})).count();
        println!("x={sx} v={speed}: events {} contacts {} dur {:.3} trunc {} pocketed {} off {}", o.events.len(), contacts, o.duration, o.truncated,
          o.fates.iter().filter(|f| matches!(f, Fate::Pocketed{..})).count(), o.fates.iter().filter(|f| matches!(f, Fate::OffTable{..})).count());
        for ev in o.events.iter().take(12) { println!("   {:?}", ev); }
        let n = 20000; let t0 = std::time::Instant::now(); let mut out = Outcome::default();
        for _ in 0..n { e.simulate_into(&discs, &st, &mut out).unwrap(); }
        let el = t0.elapsed().as_secs_f64(); println!("   {:.0} shots/s  {:.0} events/s", n as f64/el, (n*out.events.len()) as f64/el);
    }
}
