//! Benchmarks weburl against ada (the `ada-url` crate, C++) and the `url`
//! crate on real URL lists. Every run first checks that the three give the
//! same answers, then times them interleaved. See BENCHMARKS.md.

mod ada_native;
mod agree;
mod data;
mod impls;
mod psl;
mod report;
mod timing;
mod workloads;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use std::{env, fs};

use data::List;
use report::Group;
use workloads::{Impl, Job, Workload};

const USAGE: &str = "\
usage: weburl-bench [--quick] [--list NAME]... [--workload NAME]... [--rounds N] [--data DIR]
       weburl-bench --psl [--quick] [--rounds N] [--data DIR]
       weburl-bench --callgrind --impl IMPL --workload NAME --list NAME

  --quick       agreement check, then 3 short rounds over the first 2000 URLs of each list
  --list        only these lists: kasztp userbait node_files isaacs_files web_links hosts relative
  --workload    only these workloads: parse can_parse relative set_search set_pathname set_host
  --rounds      timed rounds (default 15)
  --data        the URL lists (default: testdata/urls of this repository)
  --callgrind   run one loop once, for `valgrind --tool=callgrind --toggle-collect=*bench_measured_loop*`
  --impl        weburl, weburl-strbase, ada, ada-native, ada-base or url (with --callgrind)
  --psl         registrable domain per host of the vendored lists, against the psl crates";

const DEFAULT_ROUNDS: usize = 15;
const QUICK_ROUNDS: usize = 3;
const QUICK_SLICE: usize = 2000;

#[derive(Debug)]
struct Args {
    quick: bool,
    callgrind: bool,
    psl: bool,
    lists: Vec<String>,
    workloads: Vec<Workload>,
    imp: Option<Impl>,
    rounds: usize,
    data: PathBuf,
}

fn bench_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        quick: false,
        callgrind: false,
        psl: false,
        lists: Vec::new(),
        workloads: Vec::new(),
        imp: None,
        rounds: DEFAULT_ROUNDS,
        data: bench_dir().join("../testdata/urls"),
    };
    let mut it = env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--quick" => args.quick = true,
            "--callgrind" => args.callgrind = true,
            "--psl" => args.psl = true,
            "--list" => {
                let name = value()?;
                let known = data::FILES.iter().map(|(n, _)| *n).chain(data::DERIVED);
                if !known.clone().any(|n| n == name) {
                    return Err(format!("unknown list {name}"));
                }
                args.lists.push(name);
            }
            "--workload" => {
                let name = value()?;
                let w = Workload::from_name(&name).ok_or(format!("unknown workload {name}"))?;
                args.workloads.push(w);
            }
            "--impl" => {
                let name = value()?;
                args.imp = Some(Impl::from_name(&name).ok_or(format!("unknown impl {name}"))?);
            }
            "--rounds" => {
                args.rounds = value()?.parse().map_err(|e| format!("--rounds: {e}"))?;
            }
            "--data" => args.data = PathBuf::from(value()?),
            "-h" | "--help" => return Err(String::new()),
            _ => return Err(format!("unknown argument {arg}")),
        }
    }
    if args.quick {
        args.rounds = QUICK_ROUNDS;
    }
    Ok(args)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("error: {e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    // Only the lists this run needs: loading is slow under valgrind.
    let wanted = |name: &str| {
        if args.psl {
            return data::FILES.iter().any(|(file, _)| *file == name);
        }
        let workloads = if args.workloads.is_empty() {
            &Workload::ALL[..]
        } else {
            &args.workloads[..]
        };
        (args.lists.is_empty() || args.lists.iter().any(|l| l == name))
            && workloads.iter().any(|w| w.lists().contains(&name))
    };
    let lists = match data::load(&args.data, wanted) {
        Ok(lists) => lists,
        Err(e) => {
            eprintln!("error: reading {}: {e}", args.data.display());
            return ExitCode::FAILURE;
        }
    };
    let result = if args.psl {
        psl::run(&lists, &args.data, args.rounds)
    } else if args.callgrind {
        callgrind(&args, &lists)
    } else {
        eprintln!("loaded {} lists in {:.1?}", lists.len(), start.elapsed());
        benchmark(&args, &lists)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The region callgrind counts (`--toggle-collect=*bench_measured_loop*`):
/// exactly one run of one loop, nothing of the setup.
#[inline(never)]
fn bench_measured_loop(job: &mut dyn Job) -> u64 {
    black_box(job.run())
}

fn callgrind(args: &Args, lists: &[List]) -> Result<(), String> {
    let (Some(imp), [workload], [list_name]) = (args.imp, &args.workloads[..], &args.lists[..])
    else {
        return Err("--callgrind needs one --impl, one --workload and one --list".into());
    };
    if !workload.lists().contains(&list_name.as_str()) {
        return Err(format!(
            "workload {} does not run on {list_name}",
            workload.name()
        ));
    }
    let list = find(lists, list_name);
    let inputs = if workload.is_setter() {
        agree::parsed_by_all(&list.inputs)
    } else {
        list.inputs.clone()
    };
    let mut job = workloads::make_job(*workload, imp, &inputs).ok_or(format!(
        "{} has no {} workload",
        imp.name(),
        workload.name()
    ))?;
    job.reset();
    let answer = bench_measured_loop(job.as_mut());
    println!(
        "callgrind impl={} workload={} list={} urls={} answer={answer}",
        imp.name(),
        workload.name(),
        list.name,
        inputs.len()
    );
    Ok(())
}

fn find<'a>(lists: &'a [List], name: &str) -> &'a List {
    lists
        .iter()
        .find(|l| l.name == name)
        .expect("list names are checked")
}

fn benchmark(args: &Args, lists: &[List]) -> Result<(), String> {
    let workloads: Vec<Workload> = if args.workloads.is_empty() {
        Workload::ALL.to_vec()
    } else {
        args.workloads.clone()
    };
    let selected = |name: &str| args.lists.is_empty() || args.lists.iter().any(|l| l == name);
    // (workload, list) pairs in report order.
    let plan: Vec<(Workload, &List)> = workloads
        .iter()
        .flat_map(|&w| {
            w.lists()
                .iter()
                .filter(|name| selected(name))
                .map(move |name| (w, find(lists, name)))
        })
        .collect();
    if plan.is_empty() {
        return Err("no workload runs on the selected lists".into());
    }

    // Setters run on the URLs that all three parse.
    let mut setter_inputs: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (w, list) in &plan {
        if w.is_setter() && !setter_inputs.contains_key(list.name) {
            setter_inputs.insert(list.name, agree::parsed_by_all(&list.inputs));
        }
    }
    let inputs_of = |w: Workload, list: &List| -> Vec<String> {
        let all = if w.is_setter() {
            &setter_inputs[list.name]
        } else {
            &list.inputs
        };
        all.clone()
    };

    let target = bench_dir().join("target");
    fs::create_dir_all(&target).map_err(|e| e.to_string())?;
    let (summaries, mut failed) = check_agreement(&plan, &inputs_of, &target)?;
    print!("\n{}", report::disagreement_table(&summaries));

    println!(
        "\ntiming: {} rounds{}",
        args.rounds,
        if args.quick {
            format!(", first {QUICK_SLICE} URLs of each list")
        } else {
            String::new()
        }
    );
    let mut groups = Vec::new();
    for &(workload, list) in &plan {
        let mut inputs = inputs_of(workload, list);
        if args.quick {
            inputs.truncate(QUICK_SLICE);
        }
        let mut jobs: Vec<(Impl, Box<dyn Job + '_>)> = workload
            .contenders()
            .iter()
            .filter_map(|&imp| Some((imp, workloads::make_job(workload, imp, &inputs)?)))
            .collect();
        let measurements = match timing::measure(&mut jobs, args.rounds) {
            Ok(m) => m,
            Err(e) => {
                eprintln!(
                    "error: {} / {}: answers changed: {e}",
                    workload.name(),
                    list.name
                );
                failed = true;
                continue;
            }
        };
        drop(jobs);
        let group = Group {
            workload,
            list: list.name,
            urls: inputs.len(),
            bytes: inputs.iter().map(String::len).sum(),
            measurements,
        };
        let line: Vec<String> = group
            .measurements
            .iter()
            .map(|m| {
                format!(
                    "{} {:.1}",
                    m.imp.name(),
                    group.median(m.imp).unwrap_or(f64::NAN)
                )
            })
            .collect();
        println!(
            "{:>12} {:>12} {:>7} URLs  median ns/URL: {}",
            workload.name(),
            list.name,
            group.urls,
            line.join(", ")
        );
        groups.push(group);
    }

    let summary = report::summary_table(&groups);
    let detail = report::detail_table(&groups);
    println!("\nmedian ns/URL\n\n{summary}\n{detail}");
    let mut md = String::new();
    let _ = writeln!(md, "# Benchmark results\n\n{}\n", machine_description(args));
    let _ = writeln!(
        md,
        "## Median ns/URL\n\n{summary}\n## All contenders\n\n{detail}"
    );
    let _ = writeln!(
        md,
        "## Disagreements\n\n\"N (v)\": N inputs give different results, v of them parse in one \
         implementation only.\n\n{}\n{}",
        report::disagreement_table(&summaries),
        report::disagreement_examples(&summaries)
    );
    let name = if args.quick {
        "results-quick.md"
    } else {
        "results.md"
    };
    write(&target.join(name), &md)?;
    // The chart in the repository comes from a full run over everything.
    if !args.quick && args.lists.is_empty() && args.workloads.is_empty() {
        let results = bench_dir().join("results");
        fs::create_dir_all(&results).map_err(|e| e.to_string())?;
        write(
            &results.join("ns_per_url.svg"),
            &report::svg_chart(&groups, args.rounds),
        )?;
    }
    if failed {
        Err("see the errors above".into())
    } else {
        Ok(())
    }
}

/// Runs the agreement checks of every planned (workload, list), writes
/// `disagreements-<list>.txt`, and returns the summaries and whether weburl
/// failed a self-consistency check.
fn check_agreement(
    plan: &[(Workload, &List)],
    inputs_of: &dyn Fn(Workload, &List) -> Vec<String>,
    target: &Path,
) -> Result<(Vec<agree::Summary>, bool), String> {
    let start = Instant::now();
    let mut summaries = Vec::new();
    let mut files: BTreeMap<&str, String> = BTreeMap::new();
    let mut failed = false;
    for &(workload, list) in plan {
        let inputs = inputs_of(workload, list);
        if workload == Workload::CanParse {
            // Its answers are parse's; what is left to check is that
            // can_parse agrees with parse.
            let [weburl, ada] = agree::can_parse_mismatches(&inputs);
            for (name, bad) in [("weburl", &weburl), ("ada", &ada)] {
                if !bad.is_empty() {
                    eprintln!(
                        "{name}: can_parse and parse disagree on {} inputs of {}, e.g. {:?}",
                        bad.len(),
                        list.name,
                        inputs[bad[0]]
                    );
                }
            }
            failed |= !weburl.is_empty();
            continue;
        }
        if matches!(workload, Workload::Parse | Workload::Relative) {
            // The native loops must give the crate's answers: same library.
            let bad = if workload == Workload::Parse {
                agree::native_mismatches(&inputs)
            } else {
                agree::native_join_mismatches(&inputs)
            };
            if let Some(&i) = bad.first() {
                eprintln!(
                    "ada native and ada (crate) disagree on {} inputs of {}, e.g. {:?}",
                    bad.len(),
                    list.name,
                    inputs[i]
                );
                failed = true;
            }
        }
        let agreement = agree::check(workload, list.name, &inputs);
        agreement.write_report(files.entry(list.name).or_default());
        summaries.push(agreement.summary());
    }
    for (list, text) in &files {
        write(&target.join(format!("disagreements-{list}.txt")), text)?;
    }
    eprintln!(
        "agreement checked in {:.1?}; differing inputs are in {}",
        start.elapsed(),
        target.join("disagreements-<list>.txt").display()
    );
    Ok((summaries, failed))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("writing {}: {e}", path.display()))?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// CPU, cores and library versions, for the results file.
fn machine_description(args: &Args) -> String {
    let cpu = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let lock = fs::read_to_string(bench_dir().join("Cargo.lock")).unwrap_or_default();
    let versions: Vec<String> = ["weburl", "ada-url", "url", "idna"]
        .iter()
        .map(|name| format!("{name} {}", locked_version(&lock, name).unwrap_or("?")))
        .collect();
    format!(
        "{cpu}, {cores} cores; {}; {} rounds{}.",
        versions.join(", "),
        args.rounds,
        if args.quick { " (quick)" } else { "" }
    )
}

fn locked_version<'a>(lock: &'a str, name: &str) -> Option<&'a str> {
    let entry = format!("name = \"{name}\"\n");
    let at = lock.find(&entry)? + entry.len();
    let line = lock[at..].lines().next()?;
    line.strip_prefix("version = \"")?.strip_suffix('"')
}
