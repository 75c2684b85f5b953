package io.tpkit.tpcc;

/**
 * Exact tails of a binomial(n, p), for judging small samples where the normal approximation is
 * wrong (its tail beyond a 1 % share is far too thin). Sums probabilities in log space, term by
 * term, so it costs O(k) or O(n - k): meant for the samples below a judgement's "enough draws"
 * threshold (a few hundred thousand at most), not for millions.
 */
final class Binomial {
    private Binomial() {
    }

    /** P(X <= k). */
    static double atMost(long n, double p, long k) {
        if (k < 0) {
            return 0;
        }
        if (k >= n) {
            return 1;
        }
        double logTerm = n * Math.log1p(-p); // P(X = 0)
        double logSum = logTerm;
        for (long i = 0; i < k; i++) {
            logTerm = next(logTerm, n, p, i);
            logSum = logAdd(logSum, logTerm);
        }
        return Math.min(1, Math.exp(logSum));
    }

    /** P(X >= k). */
    static double atLeast(long n, double p, long k) {
        if (k <= 0) {
            return 1;
        }
        if (k > n) {
            return 0;
        }
        double logTerm = n * Math.log1p(-p);
        for (long i = 0; i < k; i++) {
            logTerm = next(logTerm, n, p, i);
        }
        double logSum = logTerm;
        for (long i = k; i < n; i++) {
            logTerm = next(logTerm, n, p, i);
            logSum = logAdd(logSum, logTerm);
            if (logTerm < logSum - 40) { // past the mode the terms shrink geometrically: the rest is < e^-40
                break;
            }
        }
        return Math.min(1, Math.exp(logSum));
    }

    /** log P(X = i + 1) from log P(X = i). */
    private static double next(double logTerm, long n, double p, long i) {
        return logTerm + Math.log((double) (n - i) / (i + 1)) + Math.log(p / (1 - p));
    }

    private static double logAdd(double a, double b) {
        double max = Math.max(a, b);
        return max + Math.log(Math.exp(a - max) + Math.exp(b - max));
    }
}
