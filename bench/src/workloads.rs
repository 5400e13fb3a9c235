//! Workloads, contenders, and the jobs that the timing loop and callgrind run.

use std::hint::black_box;

use crate::ada_native::NativeList;
use crate::impls::{
    self, Ada, Parser, RustUrl, Weburl, WeburlStrBase, NEW_HOST, NEW_PATHNAME, NEW_SEARCH,
};
use crate::timing::{Elapsed, Stopwatch};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workload {
    Parse,
    CanParse,
    Relative,
    SetSearch,
    SetPathname,
    SetHost,
}

impl Workload {
    pub const ALL: [Workload; 6] = [
        Workload::Parse,
        Workload::CanParse,
        Workload::Relative,
        Workload::SetSearch,
        Workload::SetPathname,
        Workload::SetHost,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Workload::Parse => "parse",
            Workload::CanParse => "can_parse",
            Workload::Relative => "relative",
            Workload::SetSearch => "set_search",
            Workload::SetPathname => "set_pathname",
            Workload::SetHost => "set_host",
        }
    }

    pub fn from_name(name: &str) -> Option<Workload> {
        Workload::ALL.into_iter().find(|w| w.name() == name)
    }

    /// The lists this workload runs over.
    pub fn lists(self) -> &'static [&'static str] {
        const ABSOLUTE: &[&str] = &[
            "kasztp",
            "userbait",
            "node_files",
            "isaacs_files",
            "web_links",
        ];
        const WITH_HOSTS: &[&str] = &[
            "kasztp",
            "userbait",
            "node_files",
            "isaacs_files",
            "web_links",
            "hosts",
        ];
        match self {
            Workload::Parse | Workload::CanParse => WITH_HOSTS,
            Workload::Relative => &["relative"],
            Workload::SetSearch | Workload::SetPathname | Workload::SetHost => ABSOLUTE,
        }
    }

    /// The implementations compared, ada included; the first is weburl.
    pub fn contenders(self) -> &'static [Impl] {
        match self {
            Workload::Parse => &[Impl::Weburl, Impl::AdaNative, Impl::Ada, Impl::Url],
            Workload::CanParse => &[Impl::Weburl, Impl::AdaNative, Impl::Ada],
            Workload::Relative => &[
                Impl::Weburl,
                Impl::WeburlStrBase,
                Impl::AdaNative,
                Impl::Ada,
                Impl::AdaBaseAlone,
                Impl::Url,
            ],
            _ => &[Impl::Weburl, Impl::Ada, Impl::Url],
        }
    }

    /// Setters run on URLs that all three parse, so every implementation
    /// does the same number of calls.
    pub fn is_setter(self) -> bool {
        matches!(
            self,
            Workload::SetSearch | Workload::SetPathname | Workload::SetHost
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Impl {
    Weburl,
    /// weburl with the base as a string parsed for every input, like ada.
    WeburlStrBase,
    Ada,
    /// ada called from C++, one call per pass over the list.
    AdaNative,
    /// Only the base parse that ada repeats for every input.
    AdaBaseAlone,
    Url,
}

impl Impl {
    pub const ALL: [Impl; 6] = [
        Impl::Weburl,
        Impl::WeburlStrBase,
        Impl::Ada,
        Impl::AdaNative,
        Impl::AdaBaseAlone,
        Impl::Url,
    ];

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Impl::Weburl => "weburl",
            Impl::WeburlStrBase => "weburl-strbase",
            Impl::Ada => "ada",
            Impl::AdaNative => "ada-native",
            Impl::AdaBaseAlone => "ada-base",
            Impl::Url => "url",
        }
    }

    /// The name in tables.
    pub fn label(self) -> &'static str {
        match self {
            Impl::Weburl => "weburl",
            Impl::WeburlStrBase => "weburl, base as &str",
            Impl::Ada => "ada",
            Impl::AdaNative => "ada native (C++)",
            Impl::AdaBaseAlone => "ada, base parse alone",
            Impl::Url => "url",
        }
    }

    pub fn from_name(name: &str) -> Option<Impl> {
        Impl::ALL.into_iter().find(|i| i.name() == name)
    }
}

/// One implementation's side of a workload over one list.
pub trait Job {
    /// Untimed preparation before `run`.
    fn reset(&mut self) {}
    /// The loop over the whole list; returns the answer checksum.
    fn run(&mut self) -> u64;
    /// One timed pass over the whole list: `reset`, then `run` timed.
    fn timed(&mut self) -> (u64, Elapsed) {
        self.reset();
        let watch = Stopwatch::start();
        let answer = black_box(self.run());
        (answer, watch.elapsed())
    }
}

struct ListJob<'a, F> {
    inputs: &'a [String],
    run: F,
}

impl<F: FnMut(&[String]) -> u64> Job for ListJob<'_, F> {
    fn run(&mut self) -> u64 {
        (self.run)(self.inputs)
    }
}

/// Setters change the URLs, so each pass starts from fresh copies, made
/// outside the timed region.
struct SetterJob<U, F> {
    parsed: Vec<U>,
    work: Vec<U>,
    run: F,
}

/// URLs per timed stretch of a setter pass: small enough that the copies
/// stay in the L2 cache and the allocator reuses the same memory, as for
/// the other workloads, large enough that reading the clocks costs well
/// under 1 ns per URL.
const SETTER_CHUNK: usize = 2048;

impl<U: Clone, F: FnMut(&mut [U]) -> u64> Job for SetterJob<U, F> {
    fn reset(&mut self) {
        self.work.clone_from(&self.parsed);
    }
    fn run(&mut self) -> u64 {
        (self.run)(&mut self.work)
    }
    /// Copies a chunk (untimed), then times the setters on it. Copying the
    /// whole list at once would time cold caches and a growing heap
    /// instead of the setters.
    fn timed(&mut self) -> (u64, Elapsed) {
        let mut answer = 0;
        let mut total = Elapsed::default();
        for chunk in self.parsed.chunks(SETTER_CHUNK) {
            self.work.clear();
            self.work.extend_from_slice(chunk);
            let watch = Stopwatch::start();
            answer += black_box((self.run)(&mut self.work));
            total += watch.elapsed();
        }
        (answer, total)
    }
}

/// The C++ loops take the list as pointers and lengths, made untimed.
struct NativeJob<'a> {
    list: NativeList<'a>,
    workload: Workload,
}

impl Job for NativeJob<'_> {
    fn run(&mut self) -> u64 {
        match self.workload {
            Workload::CanParse => self.list.can_parse(),
            Workload::Relative => self.list.join_href(impls::BASE),
            _ => self.list.parse_href(),
        }
    }
}

fn list_job<'a>(inputs: &'a [String], run: impl FnMut(&[String]) -> u64 + 'a) -> Box<dyn Job + 'a> {
    Box::new(ListJob { inputs, run })
}

fn setter_job<P: Parser + 'static>(workload: Workload, inputs: &[String]) -> Box<dyn Job> {
    let parsed: Vec<P::Url> = inputs.iter().filter_map(|s| P::parse(s)).collect();
    let work = parsed.clone();
    let value = match workload {
        Workload::SetSearch => NEW_SEARCH,
        Workload::SetPathname => NEW_PATHNAME,
        _ => NEW_HOST,
    };
    // One monomorphized loop per setter, so the call can be inlined.
    match workload {
        Workload::SetSearch => Box::new(SetterJob {
            parsed,
            work,
            run: move |urls: &mut [P::Url]| {
                impls::apply_setter::<P>(urls, |u| P::set_search(u, value))
            },
        }),
        Workload::SetPathname => Box::new(SetterJob {
            parsed,
            work,
            run: move |urls: &mut [P::Url]| {
                impls::apply_setter::<P>(urls, |u| P::set_pathname(u, value))
            },
        }),
        _ => Box::new(SetterJob {
            parsed,
            work,
            run: move |urls: &mut [P::Url]| {
                impls::apply_setter::<P>(urls, |u| P::set_host(u, value))
            },
        }),
    }
}

/// The job for `imp` doing `workload` over `inputs`, or `None` when that
/// implementation has no such operation.
pub fn make_job(workload: Workload, imp: Impl, inputs: &[String]) -> Option<Box<dyn Job + '_>> {
    use impls::{can_parse_count, join_href, parse_href, Resolve};
    let job = match (workload, imp) {
        (Workload::Parse, Impl::Weburl) => list_job(inputs, parse_href::<Weburl>),
        (Workload::Parse, Impl::Ada) => list_job(inputs, parse_href::<Ada>),
        (Workload::Parse | Workload::CanParse | Workload::Relative, Impl::AdaNative) => {
            Box::new(NativeJob {
                list: NativeList::new(inputs),
                workload,
            })
        }
        (Workload::Parse, Impl::Url) => list_job(inputs, parse_href::<RustUrl>),
        (Workload::CanParse, Impl::Weburl) => list_job(inputs, can_parse_count::<Weburl>),
        (Workload::CanParse, Impl::Ada) => list_job(inputs, can_parse_count::<Ada>),
        (Workload::Relative, Impl::Weburl) => {
            let base = Weburl::base(impls::BASE);
            list_job(inputs, move |xs| join_href::<Weburl>(&base, xs))
        }
        (Workload::Relative, Impl::WeburlStrBase) => {
            let base = WeburlStrBase::base(impls::BASE);
            list_job(inputs, move |xs| join_href::<WeburlStrBase>(&base, xs))
        }
        (Workload::Relative, Impl::Ada) => {
            let base = Ada::base(impls::BASE);
            list_job(inputs, move |xs| join_href::<Ada>(&base, xs))
        }
        (Workload::Relative, Impl::AdaBaseAlone) => list_job(inputs, impls::ada_base_alone),
        (Workload::Relative, Impl::Url) => {
            let base = RustUrl::base(impls::BASE);
            list_job(inputs, move |xs| join_href::<RustUrl>(&base, xs))
        }
        (w, Impl::Weburl) if w.is_setter() => setter_job::<Weburl>(w, inputs),
        (w, Impl::Ada) if w.is_setter() => setter_job::<Ada>(w, inputs),
        (w, Impl::Url) if w.is_setter() => setter_job::<RustUrl>(w, inputs),
        _ => return None,
    };
    Some(job)
}
