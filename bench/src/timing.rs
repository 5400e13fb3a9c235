//! Interleaved timing: every round times each implementation once over the
//! whole list, starting with a different one each round, so that drift in
//! the machine's speed (other processes, frequency, heat) is spread over all
//! of them instead of landing on whichever ran last.
//!
//! Each pass records both wall time and the CPU time of this thread. The
//! reports use CPU time: on a machine shared with other work, the time a
//! pass spends descheduled says nothing about the parser.

use std::time::{Duration, Instant};

use cpu_time::ThreadTime;

use crate::workloads::{Impl, Job};

/// Wall and CPU time of one stretch of work.
#[derive(Clone, Copy, Debug, Default)]
pub struct Elapsed {
    pub wall: Duration,
    pub cpu: Duration,
}

impl std::ops::AddAssign for Elapsed {
    fn add_assign(&mut self, other: Elapsed) {
        self.wall += other.wall;
        self.cpu += other.cpu;
    }
}

pub struct Stopwatch {
    wall: Instant,
    cpu: ThreadTime,
}

impl Stopwatch {
    pub fn start() -> Stopwatch {
        Stopwatch {
            cpu: ThreadTime::now(),
            wall: Instant::now(),
        }
    }

    pub fn elapsed(&self) -> Elapsed {
        let wall = self.wall.elapsed();
        Elapsed {
            wall,
            cpu: self.cpu.elapsed(),
        }
    }
}

#[derive(Debug)]
pub struct Measurement {
    pub imp: Impl,
    /// CPU time of each round's pass over the whole list, in nanoseconds.
    pub cpu_ns: Vec<f64>,
    /// Wall time of the same passes.
    pub wall_ns: Vec<f64>,
    /// The answer of every pass; passes that disagree abort the benchmark.
    pub checksum: u64,
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => sorted[n / 2],
        _ => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

impl Measurement {
    pub fn median_ns(&self) -> f64 {
        median(&self.cpu_ns)
    }

    pub fn best_ns(&self) -> f64 {
        self.cpu_ns.iter().copied().fold(f64::INFINITY, f64::min)
    }

    pub fn median_wall_ns(&self) -> f64 {
        median(&self.wall_ns)
    }
}

/// Runs `rounds` interleaved rounds after one untimed warm-up pass each.
/// Fails if any pass's checksum differs from the warm-up's.
pub fn measure(
    jobs: &mut [(Impl, Box<dyn Job + '_>)],
    rounds: usize,
) -> Result<Vec<Measurement>, String> {
    let mut out: Vec<Measurement> = jobs
        .iter_mut()
        .map(|(imp, job)| Measurement {
            imp: *imp,
            cpu_ns: Vec::with_capacity(rounds),
            wall_ns: Vec::with_capacity(rounds),
            checksum: job.timed().0,
        })
        .collect();
    let n = jobs.len();
    for round in 0..rounds {
        for k in 0..n {
            let idx = (round + k) % n;
            let (imp, job) = &mut jobs[idx];
            let (checksum, elapsed) = job.timed();
            let m = &mut out[idx];
            if checksum != m.checksum {
                return Err(format!(
                    "{}: round {round} answered {checksum}, the warm-up {}",
                    imp.name(),
                    m.checksum
                ));
            }
            m.cpu_ns.push(elapsed.cpu.as_nanos() as f64);
            m.wall_ns.push(elapsed.wall.as_nanos() as f64);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::median;

    #[test]
    fn medians() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert!(median(&[]).is_nan());
    }
}
