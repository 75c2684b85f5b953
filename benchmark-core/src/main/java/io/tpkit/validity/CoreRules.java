package io.tpkit.validity;

import io.tpkit.metrics.LatencySummary;
import io.tpkit.metrics.RunMetrics;
import io.tpkit.monitor.Monitor;
import io.tpkit.spi.database.SettingsSnapshot;
import io.tpkit.spi.workload.CheckResult;
import io.tpkit.spi.workload.RuleResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The rules every workload shares; workloads add their own through the SPI. */
public final class CoreRules {
    private CoreRules() {
    }

    /**
     * @param minimumInterval the shortest measurement interval the benchmark accepts, or null
     *                        when the benchmark fixes its run shape (no interval, no warm-up)
     * @param consistency     the consistency checks run after the measurement, or null if none ran
     */
    public static List<RuleResult> evaluate(SettingsSnapshot settings, RunMetrics metrics,
                                            Duration minimumInterval, List<CheckResult> consistency) {
        List<RuleResult> rules = new ArrayList<>();
        rules.add(RuleResult.check("durability",
                "commits are durable (logging and fsync on, synchronous commit)",
                settings.durable(),
                settings.durable() ? "no durability issue in the server's " + settings.settings().size()
                        + " settings recorded (each in database.settings of result.json, and in the report)"
                        : String.join("; ", settings.durabilityIssues())));
        double seconds = metrics.measurementSeconds();
        if (minimumInterval == null) {
            String why = "the benchmark fixes its own run shape (" + metrics.measuredBy() + ")";
            rules.add(RuleResult.notApplicable("measurement-interval", "the measurement interval has a minimum length",
                    why + String.format("; measured for %.1f s", seconds)));
            rules.add(RuleResult.notApplicable("warm-up", "a warm-up phase ran before the measurement",
                    why + " and measures from its first transaction"));
        } else {
            rules.add(RuleResult.check("measurement-interval",
                    "the measurement interval lasts at least " + human(minimumInterval),
                    seconds >= minimumInterval.toMillis() / 1000.0,
                    String.format("measured for %.1f s", seconds)));
            rules.add(RuleResult.check("warm-up",
                    "a warm-up phase ran before the measurement and was not measured",
                    metrics.warmupSeconds() > 0,
                    String.format("warm-up %.1f s", metrics.warmupSeconds())));
        }
        rules.add(consistency(consistency));
        rules.add(RuleResult.check("completed-transactions",
                "the measurement interval committed at least one transaction",
                metrics.totalCommitted() > 0,
                metrics.totalCommitted() + " committed"));
        rules.add(failures(metrics));
        return rules;
    }

    /**
     * The consistency checks passed: none failed. A skipped check (not evaluated) neither fails
     * the rule nor counts among the passed ones; the detail says how many were skipped.
     */
    static RuleResult consistency(List<CheckResult> consistency) {
        String rule = "the consistency checks pass after the run";
        if (consistency == null) {
            return RuleResult.check("consistency", rule, false, "the consistency checks did not run");
        }
        long failed = consistency.stream().filter(CheckResult::failed).count();
        long skipped = consistency.stream().filter(CheckResult::skipped).count();
        long evaluated = consistency.size() - skipped;
        java.util.Optional<CheckResult> unchecked = consistency.stream().filter(CheckResult::unchecked).findFirst();
        if (unchecked.isPresent() && failed == 0) {
            // not a pass: a run whose database was not checked cannot be called consistent
            return RuleResult.check(Verdict.CONSISTENCY, rule, false, unchecked.get().detail()
                    + (evaluated == 0 ? "" : " (" + evaluated + " checks passed before)"));
        }
        return RuleResult.check(Verdict.CONSISTENCY, rule, failed == 0,
                (failed == 0 ? evaluated + " checks passed" : failed + " of " + evaluated + " checks failed")
                        + (skipped == 0 ? "" : ", " + skipped + " skipped"));
    }

    /** The id of the rule a run with {@code --network-delay} fails: what it measured includes a delay tpkit added. */
    public static final String NO_ADDED_DELAY = "no-added-delay";

    /**
     * The driver talked to the database over the network as it is: no delay added
     * ({@code --network-delay}). A run with one is allowed, to show what round trips cost over a
     * network, and labelled: its response times and rates include the delay.
     *
     * @param oneWay the delay the driver's sockets added to every message, each way
     */
    public static RuleResult noAddedDelay(Duration oneWay) {
        String rule = "no delay added to the network between the driver and the database";
        if (oneWay.isZero()) {
            return RuleResult.check(NO_ADDED_DELAY, rule, true, "none added (--network-delay not given)");
        }
        double ms = oneWay.toNanos() / 1e6;
        return RuleResult.check(NO_ADDED_DELAY, rule, false, String.format(Locale.ROOT,
                "--network-delay %s: tpkit's sockets held every message %s ms each way, %s ms per round trip; the "
                        + "response times and rates include it (an emulated network, not a measured one)",
                millis(ms), millis(ms), millis(2 * ms)));
    }

    private static String millis(double ms) {
        return ms == Math.rint(ms) ? String.valueOf((long) ms) : String.valueOf(ms);
    }

    /** The share of a --rate target a run must reach to say it ran at that rate. */
    static final double RATE_REACHED = 0.98;

    /**
     * A paced run (--rate) measures latency at a given load only if it ran at that load: whether
     * the requests of the interval's slots started (at their slot or later), as a share of the
     * slots the schedule put in the interval, reached {@link #RATE_REACHED}; and how far behind
     * their slots they started (the schedule lag), as pgbench -R reports it. The slots are the
     * schedule's own count: with Poisson arrivals the number of arrivals in the interval is random
     * (at 10/s over 60 s, 600 +- 24.5), and a comparison of completions per second with the
     * nominal rate failed a database that kept up about 31 % of the time. Counting the work and
     * the schedule by the same slots takes that chance out. Results that did not count slots are
     * judged as before, by completions per second.
     */
    public static RuleResult rateReached(double targetPerSecond, RunMetrics metrics) {
        double seconds = metrics.measurementSeconds();
        double completed = seconds <= 0 ? 0 : (metrics.totalCommitted() + metrics.totalBusinessRollbacks()
                + metrics.totalFailed()) / seconds;
        io.tpkit.metrics.LatencySummary lag = metrics.scheduleLag();
        io.tpkit.metrics.RateSchedule s = metrics.schedule();
        String lagText = String.format(java.util.Locale.ROOT, "started behind their slot: p50 %.1f ms, p99 %.1f ms, "
                + "max %.1f ms", lag.p50Ms(), lag.p99Ms(), lag.maxMs());
        String rule = String.format(java.util.Locale.ROOT, "the requests of at least %.0f%% of the --rate schedule's "
                + "slots in the measurement interval started", 100 * RATE_REACHED);
        if (s == null || !s.countedBySlot()) {
            return RuleResult.check("rate-reached", rule, completed >= RATE_REACHED * targetPerSecond,
                    String.format(java.util.Locale.ROOT, "target %.1f/s, reached %.1f/s (%.1f%%; completions per "
                                    + "second, this result counted no slots); %s%s", targetPerSecond, completed,
                            100 * completed / targetPerSecond, lagText, lateDetail(s)));
        }
        if (s.scheduled() == 0) {
            return RuleResult.notApplicable("rate-reached", rule, String.format(java.util.Locale.ROOT,
                    "cannot be judged: the schedule (%.1f/s, %s) put no arrival in the interval", targetPerSecond,
                    s.interarrival()));
        }
        double share = (double) s.started() / s.scheduled();
        String detail = String.format(java.util.Locale.ROOT, "target %.1f/s, %s gaps: the schedule put %d arrivals in "
                        + "the %.1f s interval (%.1f/s), %d of them started (%.1f%%)%s; completed in the interval "
                        + "%.1f/s; %s%s%s", targetPerSecond, s.interarrival(), s.scheduled(), seconds,
                seconds <= 0 ? 0 : s.scheduled() / seconds, s.started(), 100 * share,
                s.skipped() > 0 || s.backlog() > 0 ? String.format(java.util.Locale.ROOT,
                        ", %d skipped, %d never started", s.skipped(), s.backlog()) : "",
                completed, lagText, backlogDetail(s), lateDetail(s));
        return RuleResult.check("rate-reached", rule, share >= RATE_REACHED, detail);
    }

    /** The backlog's lateness at the interval's end: lower bounds of response times never measured. */
    static String backlogDetail(io.tpkit.metrics.RateSchedule s) {
        if (s.backlog() <= 0 || s.backlogLateness() == null || s.backlogLateness().count() == 0) {
            return "";
        }
        io.tpkit.metrics.LatencySummary b = s.backlogLateness();
        io.tpkit.metrics.LatencySummary all = s.responseWithBacklog();
        return String.format(java.util.Locale.ROOT, "; the %d arrivals never started had waited %.1f ms at the "
                        + "median and %.1f ms at the most when the interval ended (censored: their response times are "
                        + "at least that), and with them what was due in the interval responded in p99 >= %.1f ms, "
                        + "max >= %.1f ms", b.count(), b.p50Ms(), b.maxMs(), all.p99Ms(), all.maxMs());
    }

    /** With a latency limit: what was skipped and what came late, as pgbench -R --latency-limit says it. */
    static String lateDetail(io.tpkit.metrics.RateSchedule late) {
        if (late == null) {
            return "";
        }
        String behind = late.behindAtEndSeconds() > 0 ? String.format(java.util.Locale.ROOT,
                "; at the interval's end the schedule was %.1f s behind (about %.0f arrivals due and not started)",
                late.behindAtEndSeconds(), late.behindAtEndSeconds() * late.targetPerSecond()) : "";
        if (late.limitMs() <= 0) {
            return behind;
        }
        long due = late.executed() + late.skipped();
        return String.format(java.util.Locale.ROOT, "; %d skipped (%.1f%% of %d due; already later than the %.0f ms "
                        + "limit when due), %d executed ones completed later than it", late.skipped(),
                due == 0 ? 0 : 100.0 * late.skipped() / due, due, late.limitMs(), late.aboveLimit()) + behind;
    }

    /** The most failed transactions (and unknown outcomes) a run may have, as a share of its attempts. */
    static final double MAX_FAILED_PCT = 1.0;

    /**
     * Failed transactions and transactions lost during their commit, over every type of the
     * measurement interval (deferred parts included): a run whose transactions fail does not
     * measure the work it claims, however fast the rest went.
     */
    static RuleResult failures(RunMetrics metrics) {
        long failed = 0;
        long unknown = 0;
        long done = 0;
        for (io.tpkit.metrics.TypeSummary t : metrics.types()) {
            failed += t.failedTotal();
            unknown += t.outcomeUnknown();
            done += t.committed() + t.businessRollbacks() + t.failedTotal() + t.outcomeUnknown();
        }
        double pct = done == 0 ? 0 : 100.0 * (failed + unknown) / done;
        return RuleResult.check("failed-transactions",
                "at most " + MAX_FAILED_PCT + "% of the interval's transactions failed or were lost during their commit",
                pct <= MAX_FAILED_PCT, String.format(java.util.Locale.ROOT,
                        "%d failed and %d with an unknown outcome of %d (%.2f%%)", failed, unknown, done, pct));
    }

    /**
     * Steady state: no outage (seconds without a completed transaction, with failures) inside
     * the measurement interval. Stalls are not judged here: see the four-argument form.
     *
     * @param from the interval's start and end, in seconds since the run started, as the outages
     */
    public static RuleResult steadyState(List<io.tpkit.metrics.Outage> outages, Double from, Double to) {
        return steadyState(outages, null, from, to);
    }

    private static final String NO_OUTAGE = "no-outage";

    /**
     * Steady state: the database answered throughout the measurement interval. Neither an outage
     * (seconds in which nothing completed and failures were reported) nor a stall (a whole
     * sampled second, or more, in which requests were outstanding and nothing completed at all,
     * not even a failure: a lock held, a stalled disk) lies inside it. A stall is found from the
     * one-second samples, so one shorter than a whole sampled second is not seen here (its
     * transactions' response times show it), and a 2.5 s one shows as one or two seconds.
     *
     * @param stalls the run's stalls, or null when the samples did not say what was in flight
     *               (the rule then claims no more than the outages it checks)
     * @param from   the interval's start and end, in seconds since the run started, as the outages
     */
    public static RuleResult steadyState(List<io.tpkit.metrics.Outage> outages, io.tpkit.metrics.Stalls stalls,
                                         Double from, Double to) {
        String rule = stalls == null
                ? "no outage inside the measurement interval (seconds in which nothing completed and failures were "
                + "reported; stalls without failures not judged: in-flight requests were not counted)"
                : "no outage or stall inside the measurement interval: in every whole second with requests "
                + "outstanding something completed (an outage: failures and nothing completed; a stall: nothing "
                + "completed, not even a failure)";
        if (from == null) {
            return RuleResult.notApplicable(NO_OUTAGE, rule, "the measurement interval never started");
        }
        double end = to == null ? Double.MAX_VALUE : to;
        List<io.tpkit.metrics.Outage> inside = outages.stream().filter(o -> o.to() > from && o.from() < end).toList();
        double seconds = inside.stream().mapToDouble(o -> Math.min(o.to(), end) - Math.max(o.from(), from)).sum();
        List<String> found = new ArrayList<>();
        if (!inside.isEmpty()) {
            found.add(String.format(java.util.Locale.ROOT, "%d outage(s), %.1f s in all, the first from %.1f s",
                    inside.size(), seconds, inside.getFirst().from()));
        }
        List<io.tpkit.metrics.Stalls.Stall> stalled = stalls == null ? List.of()
                : stalls.stretches().stream().filter(st -> st.to() > from && st.from() < end).toList();
        if (!stalled.isEmpty()) {
            double stalledSeconds = stalled.stream().mapToDouble(st -> Math.min(st.to(), end) - Math.max(st.from(), from))
                    .sum();
            io.tpkit.metrics.Stalls.Stall first = stalled.getFirst();
            found.add(String.format(java.util.Locale.ROOT, "%d stall(s) without failures, %.1f s in all (whole "
                            + "sampled seconds), the first from %.1f s with %d request(s) outstanding", stalled.size(),
                    stalledSeconds, first.from(), first.inFlight()));
        }
        return RuleResult.check(NO_OUTAGE, rule, found.isEmpty(), found.isEmpty() ? "none" : String.join("; ", found));
    }

    // ---- long enough: the database's steady state ----------------------------------------

    static final String CHECKPOINTS = "db.checkpoints";
    static final String AUTOVACUUMS = "db.autovacuums";
    static final String AUTOANALYZES = "db.autoanalyzes";
    /**
     * How much of the interval the monitor's rows may leave uncovered with the interval still
     * counted as watched: up to half a second at each edge (a second counts when its middle is
     * inside), and a tick skipped after a slow sample.
     */
    static final double WATCH_SLACK_SECONDS = 2.0;
    private static final String LONG_ENOUGH = "long-enough";
    private static final String LONG_ENOUGH_RULE = "the measurement interval is long enough for the database's "
            + "steady state: it covers at least one checkpoint and, on PostgreSQL, autovacuum work on the tables";

    /** The share of the machine's CPUs other processes may take before the figures measure them too. */
    public static final double OTHER_CPU_MAX_PCT = 10;
    public static final String QUIET_MACHINE = "quiet-machine";
    static final String QUIET_MACHINE_RULE = "the machine was the benchmark's: other processes than the database "
            + "and the driver took at most " + (int) OTHER_CPU_MAX_PCT + "% of its CPUs over the measurement interval";

    /**
     * On a shared machine the other work takes CPU from the database and the driver, and the
     * figures measure it too: a run in which other processes took more than
     * {@link #OTHER_CPU_MAX_PCT} of the CPUs on average over the interval is labelled. Judged
     * from the monitor's seconds inside the interval, only when the database's processes are
     * measured on this machine (otherwise its CPU cannot be told from the others').
     */
    public static RuleResult quietMachine(List<Monitor.Row> rows, Double from, Double to) {
        if (from == null || to == null) {
            return RuleResult.notApplicable(QUIET_MACHINE, QUIET_MACHINE_RULE, "no measurement interval");
        }
        List<Monitor.Row> inside = rows.stream().filter(r -> r.middleIn(from, to)).toList();
        Double mean = io.tpkit.monitor.IterationConditions.meanOfRows(inside, Monitor.Row::otherCpuPct);
        if (mean == null) {
            return RuleResult.notApplicable(QUIET_MACHINE, QUIET_MACHINE_RULE, "cannot be judged: the CPU of the "
                    + "database's processes is measured only when the database runs on the driver's machine (and for "
                    + "a whole second of the interval)");
        }
        double most = inside.stream().mapToDouble(Monitor.Row::otherCpuPct).filter(v -> !Double.isNaN(v)).max()
                .orElse(mean);
        String figures = String.format(Locale.ROOT, "other processes took %.1f%% of the CPUs on average over the "
                + "interval's %d monitored seconds, %.1f%% in the busiest", mean, inside.size(), most);
        return mean <= OTHER_CPU_MAX_PCT ? RuleResult.check(QUIET_MACHINE, QUIET_MACHINE_RULE, true, figures)
                : RuleResult.check(QUIET_MACHINE, QUIET_MACHINE_RULE, false, figures + ": they ran beside the "
                + "benchmark and took from it; run on a machine nothing else uses, or repeat and compare");
    }

    /**
     * Long enough for the database's steady state (seed 002: "Run long enough to cover checkpoints
     * and autovacuum"; TPC-A/B and TPC-C want the periodic checkpoints inside the interval): at
     * least one checkpoint counted in a second of the measurement interval, and where the server
     * counts them (PostgreSQL) at least one autovacuum or autoanalyze of the database's tables
     * finished in it, unless autovacuum is off. A second belongs to the interval when its middle
     * does, as in the monitor's summary. Without a checkpoint counter (InnoDB) the rule cannot
     * be judged and says so.
     *
     * @param unwanted why the benchmark wants no checkpoint in its run (HPSS), or null
     * @param from     the interval's start in the elapsed seconds of the monitor's rows, or null
     *                 when it never started
     * @param to       its end
     * @param rows     the monitor's one-second rows of the whole run
     */
    public static RuleResult longEnough(String unwanted, Double from, Double to, List<Monitor.Row> rows,
                                        SettingsSnapshot settings) {
        if (unwanted != null) {
            return RuleResult.notApplicable(LONG_ENOUGH, LONG_ENOUGH_RULE, unwanted);
        }
        if (from == null || to == null) {
            return RuleResult.notApplicable(LONG_ENOUGH, LONG_ENOUGH_RULE, "the measurement interval never started");
        }
        if (rows.stream().noneMatch(r -> r.values().containsKey(CHECKPOINTS))) {
            return RuleResult.notApplicable(LONG_ENOUGH, LONG_ENOUGH_RULE, "cannot be judged: "
                    + noCheckpointCounter(settings.product()));
        }
        double length = to - from;
        List<Monitor.Row> inside = rows.stream().filter(r -> r.middleIn(from, to)).toList();
        Watched checkpoints = Watched.of(inside, CHECKPOINTS);
        String interval = String.format(Locale.ROOT, "the %.1f s interval", length);
        String unread = unread(inside, CHECKPOINTS);
        if (checkpoints.seconds < length - WATCH_SLACK_SECONDS && checkpoints.count == 0) {
            return RuleResult.notApplicable(LONG_ENOUGH, LONG_ENOUGH_RULE, String.format(Locale.ROOT,
                    "cannot be judged: the checkpoint counter was read for %.0f s of %s%s", checkpoints.seconds,
                    interval, unread.isEmpty() ? " (see the monitor's notes)" : unread));
        }
        List<String> detail = new ArrayList<>();
        boolean passed = checkpoints.count > 0;
        boolean judged = true;
        if (passed) {
            detail.add(String.format(Locale.ROOT, "%d checkpoint%s inside %s%s", checkpoints.count,
                    checkpoints.count == 1 ? "" : "s", interval, unread.isEmpty() ? ""
                            : String.format(Locale.ROOT, " (read for %.0f s of it%s)", checkpoints.seconds, unread)));
        } else {
            detail.add("no checkpoint inside " + interval + checkpointAdvice(settings.settings(), inside)
                    + (unread.isEmpty() ? "" : String.format(Locale.ROOT, " (the checkpoint counter was read for "
                    + "%.0f s of it%s)", checkpoints.seconds, unread)));
        }
        Watched vacuums = Watched.of(inside, AUTOVACUUMS);
        Watched analyzes = Watched.of(inside, AUTOANALYZES);
        boolean counted = rows.stream().anyMatch(r -> r.values().containsKey(AUTOVACUUMS));
        String autovacuum = settings.settings().get("autovacuum");
        if ("off".equals(autovacuum)) {
            detail.add("autovacuum is off, so none was required");
        } else if (counted) {
            long runs = vacuums.count + analyzes.count;
            if (runs > 0) {
                detail.add(String.format(Locale.ROOT, "%d autovacuum%s and %d autoanalyze%s of this database's tables "
                                + "finished inside it", vacuums.count, vacuums.count == 1 ? "" : "s", analyzes.count,
                        analyzes.count == 1 ? "" : "s"));
            } else if (vacuums.seconds < length - WATCH_SLACK_SECONDS) {
                judged = false;
                detail.add(String.format(Locale.ROOT, "the autovacuum counters were read for %.0f s of the interval%s",
                        vacuums.seconds, unread(inside, AUTOVACUUMS)));
            } else {
                passed = false;
                String naptime = settings.settings().get("autovacuum_naptime");
                detail.add("no autovacuum or autoanalyze of this database's tables finished inside it"
                        + (naptime == null ? "" : " (autovacuum visits each database every autovacuum_naptime, "
                        + naptime + ", once enough rows changed)"));
            }
        } else if (settings.product().equals("PostgreSQL")) {
            detail.add("autovacuum not judged: pg_stat_user_tables was not read (see the monitor's notes)");
        }
        String text = String.join("; ", detail);
        if (checkpoints.count > 0 && !judged) {
            return RuleResult.notApplicable(LONG_ENOUGH, LONG_ENOUGH_RULE, "cannot be judged: " + text);
        }
        return RuleResult.check(LONG_ENOUGH, LONG_ENOUGH_RULE, passed && judged, text);
    }

    /**
     * The stretches of the interval's seconds in which a counter was not read (the monitor had
     * lost its connection, or the server refused the query), said as "; not read from A s to
     * B s, ...", or "" when none.
     */
    static String unread(List<Monitor.Row> inside, String column) {
        List<String> stretches = new ArrayList<>();
        Double from = null;
        double to = 0;
        for (Monitor.Row r : inside) {
            if (r.values().containsKey(column)) {
                if (from != null) {
                    stretches.add(String.format(Locale.ROOT, "%.1f s to %.1f s", from, to));
                    from = null;
                }
            } else {
                if (from == null) {
                    from = r.elapsedSeconds() - r.seconds();
                }
                to = r.elapsedSeconds();
            }
        }
        if (from != null) {
            stretches.add(String.format(Locale.ROOT, "%.1f s to %.1f s", from, to));
        }
        return stretches.isEmpty() ? "" : "; not read from " + String.join(", ", stretches)
                + " of the run (why: monitor.gaps and monitor.notes in result.json)";
    }

    /** A counter's sum over the rows that have it, and the seconds those rows cover. */
    private record Watched(long count, double seconds) {
        static Watched of(List<Monitor.Row> rows, String column) {
            double sum = 0;
            double seconds = 0;
            for (Monitor.Row r : rows) {
                Double v = r.values().get(column);
                if (v != null) {
                    sum += v;
                    seconds += r.seconds();
                }
            }
            return new Watched(Math.round(sum), seconds);
        }
    }

    private static String noCheckpointCounter(String product) {
        if (product.equals("PostgreSQL")) {
            return "the monitor could not read PostgreSQL's checkpoint counter (see the monitor's notes)";
        }
        if (product.equals("MariaDB") || product.equals("MySQL")) {
            return product + " counts no checkpoints: InnoDB checkpoints continuously, a little at a time (fuzzy "
                    + "checkpointing), and its status says where the last checkpoint is in the redo log, not how many "
                    + "there were; so there is no discrete checkpoint to look for (whether the checkpoint age reached "
                    + "its steady level is not judged)";
        }
        return product + " has no checkpoint counter that the monitor reads";
    }

    /** Why no checkpoint came, from PostgreSQL's settings, and how to get one. */
    private static String checkpointAdvice(Map<String, String> settings, List<Monitor.Row> inside) {
        StringBuilder b = new StringBuilder();
        String timeout = settings.get("checkpoint_timeout");
        long seconds = timeout == null ? -1 : postgresSeconds(timeout);
        if (seconds > 0) {
            b.append(String.format(Locale.ROOT, ": checkpoint_timeout is %s, so the next timed checkpoint can be up "
                    + "to %d s away; measure at least %d s (--duration %s) or lower checkpoint_timeout (30 s at the "
                    + "least)", timeout, seconds, seconds, seconds % 60 == 0 ? seconds / 60 + "m" : seconds + "s"));
        }
        double wal = 0;
        boolean walSeen = false;
        for (Monitor.Row r : inside) {
            Double v = r.values().get("db.wal_bytes_per_s");
            if (v != null) {
                wal += v * r.seconds();
                walSeen = true;
            }
        }
        String maxWal = settings.get("max_wal_size");
        if (walSeen && maxWal != null) {
            b.append(String.format(Locale.ROOT, "%sthe interval wrote %.1f MB of WAL against max_wal_size %s",
                    b.isEmpty() ? ": " : "; ", wal / 1e6, maxWal));
        }
        return b.toString();
    }

    /**
     * A PostgreSQL time setting as current_setting() shows it ({@code 5min}, {@code 30s},
     * {@code 1h}; a bare number is in seconds) in whole seconds, or -1.
     */
    static long postgresSeconds(String setting) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\s*(\\d+)\\s*(ms|s|min|h|d)?\\s*")
                .matcher(setting);
        if (!m.matches()) {
            return -1;
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> n / 1000;
            case "min" -> n * 60;
            case "h" -> n * 3600;
            case "d" -> n * 86400;
            default -> n;
        };
    }

    // ---- driver saturation ---------------------------------------------------------------

    /** The driver's largest share of the machine's CPU when the database runs on the same machine. */
    static final double DRIVER_CPU_MAX_PCT_SHARED = 50;
    /** ... and when the database runs elsewhere (or its processes are not visible here). */
    static final double DRIVER_CPU_MAX_PCT_ALONE = 90;
    /** The latest a due request may start, at the 99th percentile, while a server is free for it. */
    static final double DRIVER_LAG_P99_MAX_MS = 10;
    /** Fewer requests make the 99th percentile the maximum: one late wake-up would decide. */
    static final int DRIVER_LAG_MIN_COUNT = 100;
    private static final String SATURATION = "driver-saturation";
    private static final String SATURATION_RULE = String.format(Locale.ROOT, "the driver was not a bottleneck: it used "
            + "at most %.0f%% of the machine's CPU (%.0f%% when the database runs elsewhere) and its terminals "
            + "started at most %.0f ms late at the 99th percentile", DRIVER_CPU_MAX_PCT_SHARED,
            DRIVER_CPU_MAX_PCT_ALONE, DRIVER_LAG_P99_MAX_MS);

    /**
     * Whether the driver (this JVM) may have limited the run instead of the database: its CPU
     * time over the measurement interval as a share of the whole machine, and how late its
     * terminals' requests started while a server was free for them (the schedule lag).
     *
     * @param seconds         the measurement interval's length
     * @param driverCpuNanos  the driver JVM's CPU time over the interval, or -1 when unknown
     * @param cpus            the machine's CPUs
     * @param databaseHere    whether the database's processes run on this machine
     * @param lag             the schedule lag of the interval, or null when it does not measure
     *                        the driver (then {@code lagNotJudged} says why)
     */
    public static RuleResult driverSaturation(double seconds, long driverCpuNanos, int cpus, boolean databaseHere,
                                              LatencySummary lag, String lagNotJudged) {
        return driverSaturation(seconds, driverCpuNanos, -1, cpus, databaseHere, lag, lagNotJudged);
    }

    /**
     * @param jitNanos the JIT compiler's share of {@code driverCpuNanos} (-1 unknown): left out of
     *                 the judgement, because compiling is start-up work that a short interval
     *                 (HPSS has no warm-up) would otherwise report as a saturated driver, while the
     *                 warm-up rules judge the start-up
     */
    public static RuleResult driverSaturation(double seconds, long driverCpuNanos, long jitNanos, int cpus,
                                              boolean databaseHere, LatencySummary lag, String lagNotJudged) {
        return driverSaturation(seconds, driverCpuNanos, jitNanos, cpus, databaseHere, "schedule lag", lag,
                lagNotJudged);
    }

    /**
     * @param lagName what {@code lag} measures: "schedule lag" (closed terminals: a due request
     *                waiting while a server was free) or "wake-up lag" (open and paced runs: an
     *                idle server waking up after its slot, the backlog left out)
     */
    public static RuleResult driverSaturation(double seconds, long driverCpuNanos, long jitNanos, int cpus,
                                              boolean databaseHere, String lagName, LatencySummary lag,
                                              String lagNotJudged) {
        if (seconds <= 0) {
            return RuleResult.notApplicable(SATURATION, SATURATION_RULE, "nothing was measured");
        }
        List<String> detail = new ArrayList<>();
        boolean judged = false;
        boolean saturated = false;
        if (driverCpuNanos >= 0 && cpus > 0) {
            judged = true;
            boolean withoutJit = jitNanos >= 0 && jitNanos <= driverCpuNanos;
            double pct = 100.0 * (withoutJit ? driverCpuNanos - jitNanos : driverCpuNanos) / 1e9 / seconds / cpus;
            double limit = databaseHere ? DRIVER_CPU_MAX_PCT_SHARED : DRIVER_CPU_MAX_PCT_ALONE;
            saturated = pct > limit;
            detail.add(String.format(Locale.ROOT, "driver CPU %.1f%% of the machine's %d CPUs%s (limit %.0f%%: %s)",
                    pct, cpus, withoutJit ? String.format(Locale.ROOT, " without the JIT compiler's %.1f%%",
                            100.0 * jitNanos / 1e9 / seconds / cpus) : "", limit,
                    databaseHere ? "the database runs on this machine and needs the rest"
                            : "the database's processes are not on this machine, or not visible from it"));
        } else {
            detail.add("driver CPU unknown: the JVM does not report its process CPU time");
        }
        if (lag == null) {
            detail.add("schedule lag not judged: " + lagNotJudged);
        } else if (lag.count() < DRIVER_LAG_MIN_COUNT) {
            detail.add(String.format(Locale.ROOT, "%s not judged: %d requests fell due in the interval, "
                    + "fewer than the %d a 99th percentile needs", lagName, lag.count(), DRIVER_LAG_MIN_COUNT));
        } else {
            judged = true;
            boolean late = lag.p99Ms() > DRIVER_LAG_P99_MAX_MS;
            saturated |= late;
            detail.add(String.format(Locale.ROOT, "%s p99 %.3f ms, max %.3f ms (limit %.0f ms at the p99)",
                    lagName, lag.p99Ms(), lag.maxMs(), DRIVER_LAG_P99_MAX_MS));
        }
        if (saturated) {
            detail.add("the database was not the only bottleneck: the rates and response times include the driver's "
                    + "own limits");
        }
        String text = String.join("; ", detail);
        return judged ? RuleResult.check(SATURATION, SATURATION_RULE, !saturated, text)
                : RuleResult.notApplicable(SATURATION, SATURATION_RULE, "cannot be judged: " + text);
    }

    // ---- the JIT compiler settled -----------------------------------------------------------

    /** The most of the machine's CPU the driver's JIT compiler may take over the interval. */
    public static final double JIT_MAX_PCT = 2;
    private static final String JIT_SETTLED = "jit-settled";
    private static final String JIT_SETTLED_RULE = String.format(Locale.ROOT, "the driver's JIT compilation had "
            + "settled: its compiler threads took at most %.0f%% of the machine's CPU over the measurement interval",
            JIT_MAX_PCT);

    /**
     * Whether the driver was still compiling its code in the interval. The JIT compiler's CPU is
     * part of the driver's cost per transaction while it lasts, and CPU the database cannot use on
     * a shared machine (in a 60 s TPC-C run on 2 CPUs after the default warm-up it was about 45 %
     * of the driver's CPU per transaction); {@code driver-saturation} leaves it out, so this rule
     * judges it. It reads the compiler's CPU in the interval only, so it does not depend on how the
     * warm-up ended (a time, a count, a rehearsal).
     *
     * @param jitNanos       the JIT compiler threads' CPU over the interval, -1 when unknown
     * @param driverCpuNanos the driver JVM's CPU over the interval, -1 when unknown
     * @param machineCpus    the machine's CPUs (those /proc/stat counts, as quiet-machine's)
     */
    public static RuleResult jitSettled(double seconds, long jitNanos, long driverCpuNanos, int machineCpus) {
        if (seconds <= 0) {
            return RuleResult.notApplicable(JIT_SETTLED, JIT_SETTLED_RULE, "nothing was measured");
        }
        if (jitNanos < 0 || machineCpus <= 0) {
            return RuleResult.notApplicable(JIT_SETTLED, JIT_SETTLED_RULE, "cannot be judged: the JIT compiler's "
                    + "threads are read from /proc/self/task, which this system does not have");
        }
        double pct = 100.0 * jitNanos / 1e9 / seconds / machineCpus;
        String ofDriver = driverCpuNanos > 0 ? String.format(Locale.ROOT, ", %.1f%% of the driver's CPU",
                100.0 * jitNanos / driverCpuNanos) : "";
        String detail = String.format(Locale.ROOT, "the JIT compiler took %.3f s of CPU in the %.1f s interval: %.1f%% "
                + "of the machine's %d CPUs%s", jitNanos / 1e9, seconds, pct, machineCpus, ofDriver);
        boolean settled = pct <= JIT_MAX_PCT;
        if (!settled) {
            detail += "; the warm-up did not let compilation settle: the driver's CPU per transaction includes it, and "
                    + "on a shared machine the database lost that CPU; a longer --warmup (or interval) lets it settle";
        }
        return RuleResult.check(JIT_SETTLED, JIT_SETTLED_RULE, settled, detail);
    }

    // ---- warm-up covers a mean cycle ----------------------------------------------------------

    private static final String WARMUP_CYCLE = "warm-up-cycle";
    private static final String WARMUP_CYCLE_RULE = "the warm-up lasts at least one mean cycle of a terminal (keying "
            + "+ response + think), so that every terminal is past its first transaction when the measurement starts";

    /**
     * Whether the warm-up covered one mean cycle of a terminal: every terminal's first
     * transaction has no think time before it (closed terminals start staggered over one think
     * time), so an interval that starts inside the first cycle measures the start-up, not the
     * steady state. For think-free workloads the cycle is the response time itself.
     *
     * @param notJudged          why the rule does not apply (a benchmark that fixes its run shape), or null
     * @param warmupSeconds      the warm-up that ran
     * @param keyingThinkSeconds a terminal's mean keying + think time per transaction as run (scaled by
     *                           the think factor; 0 for streams and think-free terminals)
     * @param meanResponseMs     the mean response time of the interval's terminal transactions, NaN when none
     */
    public static RuleResult warmupCycle(String notJudged, double warmupSeconds, double keyingThinkSeconds,
                                         double meanResponseMs) {
        if (notJudged != null) {
            return RuleResult.notApplicable(WARMUP_CYCLE, WARMUP_CYCLE_RULE, notJudged);
        }
        if (warmupSeconds <= 0) {
            return RuleResult.notApplicable(WARMUP_CYCLE, WARMUP_CYCLE_RULE, "no warm-up ran (see the warm-up rule)");
        }
        double response = Double.isNaN(meanResponseMs) ? 0 : meanResponseMs / 1000;
        double cycle = keyingThinkSeconds + response;
        String parts = keyingThinkSeconds > 0
                ? String.format(Locale.ROOT, "keying and think %.2f s + response %s", keyingThinkSeconds,
                        responseText(meanResponseMs))
                : "the response time: no keying or think time";
        boolean covered = warmupSeconds >= cycle;
        String detail = String.format(Locale.ROOT, "warm-up %.1f s; mean cycle %s (%s)", warmupSeconds,
                cycle >= 1 ? String.format(Locale.ROOT, "%.2f s", cycle) : String.format(Locale.ROOT, "%.1f ms", cycle * 1000),
                parts);
        if (!covered) {
            detail += String.format(Locale.ROOT, ": the measurement started while terminals were in their first "
                    + "cycle; --warmup %ds or more", (long) Math.ceil(cycle));
        }
        return RuleResult.check(WARMUP_CYCLE, WARMUP_CYCLE_RULE, covered, detail);
    }

    private static String responseText(double meanResponseMs) {
        return Double.isNaN(meanResponseMs) ? "unknown (nothing measured)"
                : String.format(Locale.ROOT, "%.1f ms", meanResponseMs);
    }

    /**
     * The mean response time of the measurement interval over the transactions terminals wait
     * for (deferred parts, which no terminal waits for, left out), in ms; NaN when none.
     */
    public static double meanResponseMs(RunMetrics metrics) {
        double sum = 0;
        long n = 0;
        for (io.tpkit.metrics.TypeSummary t : metrics.types()) {
            if (t.name().endsWith(io.tpkit.measurement.MetricsCollector.DEFERRED_SUFFIX)) {
                continue;
            }
            sum += t.response().meanMs() * t.response().count();
            n += t.response().count();
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    static String human(Duration d) {
        long s = d.toSeconds();
        return s % 60 == 0 ? (s / 60) + " min" : s + " s";
    }
}
