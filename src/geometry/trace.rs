//! Where an iterative algorithm puts the record of its iterations, if anywhere.
//!
//! The figures show every iteration of GJK and EPA; a physics step, a cast's inner measurements
//! or a benchmark only want the answer. Both run the same code: the algorithm is generic over a
//! [`Trace`] and hands it each iteration as a closure, which a `Vec` calls and keeps and
//! [`NoTrace`] never calls — so an untraced run neither copies a simplex nor allocates, and the
//! compiler removes the recording altogether.

/// A sink for the records of an algorithm's iterations.
pub trait Trace<T> {
    /// Whether the records are kept. Where they are not, an algorithm may leave out an
    /// iteration that would only confirm what it already knows: the answer is the same, the
    /// record of how would be one iteration short.
    const KEEPS: bool;

    /// Record one iteration; `make` builds the record and is called only if it is kept.
    fn record(&mut self, make: impl FnOnce() -> T);
}

/// Keep every record, in order.
impl<T> Trace<T> for Vec<T> {
    const KEEPS: bool = true;

    #[inline]
    fn record(&mut self, make: impl FnOnce() -> T) {
        self.push(make());
    }
}

/// Keep nothing: the answer alone.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl<T> Trace<T> for NoTrace {
    const KEEPS: bool = false;

    #[inline]
    fn record(&mut self, _make: impl FnOnce() -> T) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count_to<T: Trace<u32>>(n: u32, trace: &mut T, built: &mut u32) -> u32 {
        for i in 0..n {
            trace.record(|| {
                *built += 1;
                i
            });
        }
        n
    }

    #[test]
    fn a_vec_keeps_every_record_and_no_trace_builds_none() {
        let (mut kept, mut built) = (Vec::new(), 0);
        assert_eq!(count_to(3, &mut kept, &mut built), 3);
        assert_eq!((kept, built), (vec![0, 1, 2], 3));
        let mut built = 0;
        assert_eq!(count_to(3, &mut NoTrace, &mut built), 3);
        assert_eq!(built, 0);
    }
}
