//! Markdown tables and the SVG bar chart.

use std::fmt::Write as _;

use crate::agree::{Summary, NAMES, PAIRS};
use crate::timing::Measurement;
use crate::workloads::{Impl, Workload};

/// One workload over one list, all contenders.
#[derive(Debug)]
pub struct Group {
    pub workload: Workload,
    pub list: &'static str,
    pub urls: usize,
    pub bytes: usize,
    pub measurements: Vec<Measurement>,
}

impl Group {
    fn get(&self, imp: Impl) -> Option<&Measurement> {
        self.measurements.iter().find(|m| m.imp == imp)
    }

    /// Median nanoseconds per URL.
    pub fn median(&self, imp: Impl) -> Option<f64> {
        self.get(imp).map(|m| m.median_ns() / self.urls as f64)
    }

    fn best(&self, imp: Impl) -> Option<f64> {
        self.get(imp).map(|m| m.best_ns() / self.urls as f64)
    }

    fn median_wall(&self, imp: Impl) -> Option<f64> {
        self.get(imp).map(|m| m.median_wall_ns() / self.urls as f64)
    }

    /// Megabytes of input per second, at the median time.
    fn mb_per_s(&self, imp: Impl) -> Option<f64> {
        self.get(imp)
            .map(|m| self.bytes as f64 / m.median_ns() * 1e3)
    }

    /// The reference of the ratios: ada called natively where it ran
    /// (parse, can_parse), else ada through the crate.
    fn reference(&self) -> Impl {
        if self.get(Impl::AdaNative).is_some() {
            Impl::AdaNative
        } else {
            Impl::Ada
        }
    }

    fn ratio(&self, imp: Impl) -> Option<f64> {
        Some(self.median(imp)? / self.median(self.reference())?)
    }

    fn ratio_to(&self, imp: Impl, reference: Impl) -> Option<f64> {
        Some(self.median(imp)? / self.median(reference)?)
    }
}

fn num(value: Option<f64>, decimals: usize) -> String {
    value.map_or("–".to_owned(), |v| format!("{v:.decimals$}"))
}

/// The summary: median ns/URL of the parsers and the ratios to native ada
/// (parse, can_parse) and to ada through the crate.
pub fn summary_table(groups: &[Group]) -> String {
    let mut out = String::from(
        "| workload | list | URLs | weburl | ada native | ada | url | weburl ÷ ada native | weburl ÷ ada | url ÷ ada |\n\
         |---|---|--:|--:|--:|--:|--:|--:|--:|--:|\n",
    );
    for g in groups {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            g.workload.name(),
            g.list,
            g.urls,
            num(g.median(Impl::Weburl), 1),
            num(g.median(Impl::AdaNative), 1),
            num(g.median(Impl::Ada), 1),
            num(g.median(Impl::Url), 1),
            num(g.ratio_to(Impl::Weburl, Impl::AdaNative), 2),
            num(g.ratio_to(Impl::Weburl, Impl::Ada), 2),
            num(g.ratio_to(Impl::Url, Impl::Ada), 2),
        );
    }
    out
}

/// Every contender: median and best ns/URL, MB/s and the ratio to the
/// reference (native ada where it ran, else ada; CPU time), and the median
/// wall time for comparison.
pub fn detail_table(groups: &[Group]) -> String {
    let mut out = String::from(
        "| workload | list | implementation | median ns/URL | best ns/URL | MB/s | ÷ ref | wall ns/URL |\n\
         |---|---|---|--:|--:|--:|--:|--:|\n",
    );
    for g in groups {
        for m in &g.measurements {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} | {} | {} |",
                g.workload.name(),
                g.list,
                m.imp.label(),
                num(g.median(m.imp), 1),
                num(g.best(m.imp), 1),
                num(g.mb_per_s(m.imp), 0),
                num(g.ratio(m.imp), 2),
                num(g.median_wall(m.imp), 1),
            );
        }
        // ada's time less the base parse it repeats per input: an estimate
        // of what ada would take given a parsed base.
        if let (Some(ada), Some(base)) = (g.median(Impl::Ada), g.median(Impl::AdaBaseAlone)) {
            let net = ada - base;
            let _ = writeln!(
                out,
                "| {} | {} | ada less its base parse (estimate) | {net:.1} | – | – | {:.2} | – |",
                g.workload.name(),
                g.list,
                net / ada
            );
        }
    }
    out
}

/// Disagreement counts per pair; "N (v)": N inputs differ, v of them parse
/// in one implementation and fail in the other.
pub fn disagreement_table(summaries: &[Summary]) -> String {
    let mut out = String::from("| workload | list | inputs |");
    for (a, b) in PAIRS {
        let _ = write!(out, " {} ≠ {} |", NAMES[a], NAMES[b]);
    }
    out.push_str("\n|---|---|--:|--:|--:|--:|\n");
    for s in summaries {
        let _ = write!(out, "| {} | {} | {} |", s.workload.name(), s.list, s.inputs);
        for (count, _) in &s.pairs {
            let _ = write!(out, " {} ({}) |", count.differ, count.validity);
        }
        out.push('\n');
    }
    out
}

/// The first examples of each pair's disagreements, per list.
pub fn disagreement_examples(summaries: &[Summary]) -> String {
    let mut out = String::new();
    for s in summaries {
        for ((a, b), (count, examples)) in PAIRS.iter().zip(&s.pairs) {
            if count.differ == 0 {
                continue;
            }
            let _ = writeln!(
                out,
                "{} / {}: {} ≠ {} on {} inputs, e.g.\n\n```text",
                s.workload.name(),
                s.list,
                NAMES[*a],
                NAMES[*b],
                count.differ
            );
            out.push_str(&examples.join("\n"));
            out.push_str("```\n\n");
        }
    }
    out
}

const BAR_IMPLS: [(Impl, &str); 4] = [
    (Impl::Weburl, "#1b9e77"),
    (Impl::AdaNative, "#e7298a"),
    (Impl::Ada, "#7570b3"),
    (Impl::Url, "#d95f02"),
];

/// A horizontal grouped bar chart of median ns/URL: one group per list of
/// the parse workload (and the relative list), one bar per parser.
pub fn svg_chart(groups: &[Group], rounds: usize) -> String {
    let groups: Vec<&Group> = groups
        .iter()
        .filter(|g| matches!(g.workload, Workload::Parse | Workload::Relative))
        .collect();
    let (left, plot_w, bar_h, gap, top) = (190.0, 560.0, 15.0, 16.0, 78.0);
    let group_h = bar_h * BAR_IMPLS.len() as f64 + gap;
    let height = top + group_h * groups.len() as f64 + 60.0;
    let width = left + plot_w + 70.0;
    let max = groups
        .iter()
        .flat_map(|g| BAR_IMPLS.iter().filter_map(|(imp, _)| g.median(*imp)))
        .fold(0.0, f64::max);
    let step = nice_step(max / 5.0);
    let axis_max = (max / step).ceil().max(1.0) * step;
    let x = |v: f64| left + v / axis_max * plot_w;
    let unit = if rounds == 1 { "round" } else { "rounds" };

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(
        s,
        r#"<rect width="100%" height="100%" fill="white"/>
<text x="{left}" y="22" font-size="15" font-weight="bold">Median CPU ns per URL over {rounds} {unit}, lower is better</text>"#
    );
    for (i, (imp, color)) in BAR_IMPLS.iter().enumerate() {
        let lx = left + i as f64 * 110.0;
        let _ = writeln!(
            s,
            r#"<rect x="{lx}" y="36" width="12" height="12" fill="{color}"/><text x="{}" y="46">{}</text>"#,
            lx + 17.0,
            imp.label()
        );
    }
    let mut tick = 0.0;
    while tick <= axis_max + step / 2.0 {
        let tx = x(tick);
        let _ = writeln!(
            s,
            r##"<line x1="{tx:.1}" y1="{}" x2="{tx:.1}" y2="{}" stroke="#ddd"/><text x="{tx:.1}" y="{}" text-anchor="middle" fill="#444">{tick}</text>"##,
            top - 8.0,
            height - 54.0,
            height - 40.0
        );
        tick += step;
    }
    for (gi, g) in groups.iter().enumerate() {
        let gy = top + gi as f64 * group_h;
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{:.1}" text-anchor="end">{}: {}</text>"#,
            left - 8.0,
            gy + group_h / 2.0 - gap / 2.0 + 4.0,
            g.workload.name(),
            g.list
        );
        for (bi, (imp, color)) in BAR_IMPLS.iter().enumerate() {
            let Some(v) = g.median(*imp) else { continue };
            let by = gy + bi as f64 * bar_h;
            let _ = writeln!(
                s,
                r#"<rect x="{left}" y="{by:.1}" width="{:.1}" height="{:.1}" fill="{color}"/><text x="{:.1}" y="{:.1}" font-size="11">{v:.0}</text>"#,
                x(v) - left,
                bar_h - 2.0,
                x(v) + 4.0,
                by + bar_h - 4.0
            );
        }
    }
    let _ = writeln!(
        s,
        r#"<line x1="{left}" y1="{}" x2="{left}" y2="{}" stroke="black"/>
<text x="{}" y="{}" text-anchor="middle">ns/URL</text>"#,
        top - 8.0,
        height - 54.0,
        left + plot_w / 2.0,
        height - 24.0
    );
    if groups.iter().any(|g| g.workload == Workload::Relative) {
        let _ = writeln!(
            s,
            r##"<text x="10" y="{}" font-size="11" fill="#444">relative: ada's API takes the base as a string and parses it for every input; see BENCHMARKS.md for the fair comparison.</text>"##,
            height - 4.0
        );
    }
    s.push_str("</svg>\n");
    s
}

/// 1, 2 or 5 times a power of ten, at least `raw`.
fn nice_step(raw: f64) -> f64 {
    if raw <= 0.0 || !raw.is_finite() {
        return 1.0;
    }
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&step| step >= raw)
        .unwrap_or(10.0 * power)
}

#[cfg(test)]
mod tests {
    use super::nice_step;

    #[test]
    fn steps_are_round() {
        assert_eq!(nice_step(37.0), 50.0);
        assert_eq!(nice_step(100.0), 100.0);
        assert_eq!(nice_step(101.0), 200.0);
        assert_eq!(nice_step(0.0), 1.0);
    }
}
