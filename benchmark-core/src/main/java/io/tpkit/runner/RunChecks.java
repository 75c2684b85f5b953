package io.tpkit.runner;

import io.tpkit.spi.workload.CheckResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The consistency checks after a run: the workload's own, and, where the workload can read the
 * database's count of its transactions, that the database recorded what the driver counted.
 */
final class RunChecks {
    private RunChecks() {
    }

    /**
     * The checks, each wait bounded by {@code limit} ({@link CheckSession}): a check that cannot
     * complete (a statement cancelled, the server gone or frozen) is recorded as "could not be
     * checked" with the reason, after those that completed; nothing here throws, so the
     * measurement is never lost to its checks.
     */
    static List<CheckResult> afterRun(WorkloadOnTarget db, BeforeRun before, Measurement.Measured measured,
                                      java.time.Duration limit) {
        List<CheckResult> done = java.util.Collections.synchronizedList(new ArrayList<>());
        String[] step = {"driver-count-matches-database"};
        CheckSession.Outcome<Void> outcome = CheckSession.run(db, limit, c -> {
            long after = db.bound.databaseTransactionCount(c);
            if (before.transactionCount() >= 0 && after >= 0) {
                int type = db.bound.crossCheckedType();
                done.add(driverCountMatchesDatabase(after - before.transactionCount(), measured.crossChecked(),
                        measured.crossUnknown(), type < 0 ? "" : db.bound.transactionTypes().get(type) + " "));
            }
            step[0] = "consistency";
            done.addAll(db.bound.checkConsistency(c));
            return null;
        });
        List<CheckResult> checks;
        synchronized (done) {
            checks = new ArrayList<>(done);
        }
        if (!outcome.completed()) {
            checks.add(CheckResult.couldNotCheck(step[0], outcome.failure()));
        }
        return checks;
    }

    /**
     * A transaction lost during its commit may have committed: the database decides, so the
     * count it recorded may exceed the driver's by at most those.
     *
     * @param type the transaction type counted, with a trailing space, or "" for all
     */
    static CheckResult driverCountMatchesDatabase(long recorded, long expected, long unknown, String type) {
        return CheckResult.of("driver-count-matches-database", recorded >= expected && recorded <= expected + unknown,
                "the database recorded " + recorded + " committed " + type + "transactions during the whole run "
                        + "(warm-up, measurement and drain, not only the measurement interval's); the driver counted "
                        + expected + " over the same span" + (unknown == 0 ? "" : " committed and " + unknown
                        + " with an unknown outcome (lost with the connection during the commit), of which "
                        + (recorded - expected) + " did commit"));
    }
}
