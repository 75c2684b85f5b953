package io.tpkit.analysis;

/**
 * Student's t distribution: its distribution function through the regularized incomplete beta
 * function, and its quantiles by bisection. Accurate to about 1e-9, far more than a confidence
 * interval over a handful of runs needs.
 */
public final class StudentT {
    private StudentT() {
    }

    /** P(T <= t) for T with {@code df} degrees of freedom. */
    public static double cdf(double t, double df) {
        if (df <= 0 || Double.isNaN(t)) {
            throw new IllegalArgumentException("degrees of freedom must be > 0 (got " + df + ")");
        }
        double x = df / (df + t * t);
        double tail = 0.5 * regularizedBeta(x, df / 2, 0.5);
        return t >= 0 ? 1 - tail : tail;
    }

    /** The t with P(T <= t) = p, for 0 < p < 1. */
    public static double quantile(double p, double df) {
        if (!(p > 0 && p < 1)) {
            throw new IllegalArgumentException("probability must be inside (0, 1) (got " + p + ")");
        }
        if (p < 0.5) {
            return -quantile(1 - p, df);
        }
        double lo = 0;
        double hi = 1;
        while (cdf(hi, df) < p) {
            hi *= 2;
        }
        for (int i = 0; i < 200 && hi - lo > 1e-12 * Math.max(1, hi); i++) {
            double mid = (lo + hi) / 2;
            if (cdf(mid, df) < p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** The two-sided critical value: t with P(|T| <= t) = level, e.g. level 0.95. */
    public static double twoSided(double level, double df) {
        return quantile(0.5 + level / 2, df);
    }

    /** I_x(a, b), the regularized incomplete beta function (continued fraction, Lentz's method). */
    static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
        if (x < (a + 1) / (a + b + 2)) {
            return front * betaFraction(x, a, b) / a;
        }
        return 1 - front * betaFraction(1 - x, b, a) / b;
    }

    private static double betaFraction(double x, double a, double b) {
        final double tiny = 1e-300;
        double c = 1;
        double d = 1 - (a + b) * x / (a + 1);
        d = Math.abs(d) < tiny ? tiny : d;
        d = 1 / d;
        double h = d;
        for (int m = 1; m <= 500; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
            d = 1 + aa * d;
            d = Math.abs(d) < tiny ? tiny : d;
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            d = 1 / d;
            h *= d * c;
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
            d = 1 + aa * d;
            d = Math.abs(d) < tiny ? tiny : d;
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            d = 1 / d;
            double delta = d * c;
            h *= delta;
            if (Math.abs(delta - 1) < 1e-15) {
                break;
            }
        }
        return h;
    }

    /** ln Gamma(x) for x > 0 (Lanczos, g = 7, n = 9). */
    static double logGamma(double x) {
        final double[] g = {0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
                -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
                1.5056327351493116e-7};
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
        }
        x -= 1;
        double a = g[0];
        double t = x + 7.5;
        for (int i = 1; i < 9; i++) {
            a += g[i] / (x + i);
        }
        return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
    }
}
