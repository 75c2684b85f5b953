package io.tpkit.monitor;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The columns of monitor.csv, named once: the machine's ({@code os.*}, from {@link OsSampler}),
 * the CPU of the driver and of the server, and the server's counters ({@code db.*}) that the
 * database plugins' samplers read under these names; and how a report draws each one (its chart,
 * its label, its scale). A plugin may read more counters than are named here: a report draws
 * them by their unit ({@link #meter}).
 */
public final class MonitorColumns {
    public static final String CPU_USER = "os.cpu.user_pct";
    public static final String CPU_SYSTEM = "os.cpu.system_pct";
    public static final String CPU_IOWAIT = "os.cpu.iowait_pct";
    public static final String CPU_IDLE = "os.cpu.idle_pct";
    public static final String CPU_STEAL = "os.cpu.steal_pct";
    public static final String DISK_READ_BYTES = "os.disk.read_bytes_per_s";
    public static final String DISK_WRITE_BYTES = "os.disk.write_bytes_per_s";
    public static final String DISK_READS = "os.disk.reads_per_s";
    public static final String DISK_WRITES = "os.disk.writes_per_s";
    public static final String MEMORY_USED = "os.mem.used_bytes";
    public static final String MEMORY_AVAILABLE = "os.mem.available_bytes";
    public static final String MAJOR_FAULTS = "os.mem.major_faults_per_s";
    public static final String SWAP_IN = "os.mem.swap_in_pages_per_s";
    public static final String SWAP_OUT = "os.mem.swap_out_pages_per_s";
    /** The driver's process, % of all CPUs. */
    public static final String DRIVER_CPU = "driver.cpu_pct";
    /** The database server's processes on this machine, % of all CPUs. */
    public static final String SERVER_CPU = "db.cpu_pct";

    /** What the server's counters' names start with. */
    public static final String SERVER_PREFIX = "db.";
    public static final String COMMITS = "db.commits_per_s";
    public static final String ROLLBACKS = "db.rollbacks_per_s";
    public static final String BLOCK_HITS = "db.blks_hit_per_s";
    /** Blocks read from outside the server's cache (the OS's cache or the disk). */
    public static final String BLOCK_READS = "db.blks_read_per_s";
    public static final String DEADLOCKS = "db.deadlocks";
    public static final String ROW_LOCK_WAITS = "db.row_lock_waits_per_s";
    /** Bytes written to the WAL (PostgreSQL) or the redo log (InnoDB). */
    public static final String WAL_BYTES = "db.wal_bytes_per_s";
    public static final String DATA_WRITTEN_BYTES = "db.data_written_bytes_per_s";
    public static final String TEMP_BYTES = "db.temp_bytes_per_s";
    /** Checkpoints finished so far: a count, not a rate. */
    public static final String CHECKPOINTS = "db.checkpoints";
    public static final String CHECKPOINT_WRITE_MS = "db.checkpoint_write_ms_per_s";
    public static final String CHECKPOINT_SYNC_MS = "db.checkpoint_sync_ms_per_s";
    /** Autovacuum runs finished on the database's tables so far: a count. */
    public static final String AUTOVACUUMS = "db.autovacuums";
    /** Autoanalyze runs finished on the database's tables so far: a count. */
    public static final String AUTOANALYZES = "db.autoanalyzes";

    /** The machine's columns, in monitor.csv's order. */
    static final List<String> MACHINE = List.of(CPU_USER, CPU_SYSTEM, CPU_IOWAIT, CPU_IDLE, CPU_STEAL, DISK_READ_BYTES,
            DISK_WRITE_BYTES, DISK_READS, DISK_WRITES, MEMORY_USED, MEMORY_AVAILABLE, MAJOR_FAULTS, SWAP_IN, SWAP_OUT,
            DRIVER_CPU, SERVER_CPU);

    /**
     * How a report draws a column.
     *
     * @param chart the chart's key in {@link #CHARTS}
     * @param scale what the column's values are multiplied by on the chart (bytes to MB: 1e-6)
     */
    public record Meter(String chart, String label, double scale) {
    }

    /** The monitor's charts, by key: title and y axis (with its unit), in the page's order. */
    public static final Map<String, String[]> CHARTS;
    private static final Map<String, Meter> METERS;

    static {
        Map<String, String[]> charts = new LinkedHashMap<>();
        charts.put("cpu", new String[] {"CPU", "CPU, % of all cores"});
        charts.put("disk", new String[] {"Disk throughput", "MB per second"});
        charts.put("disk-ops", new String[] {"Disk requests", "requests per second"});
        charts.put("db-transactions", new String[] {"Database: transactions", "transactions per second"});
        charts.put("db-blocks", new String[] {"Database: buffer cache", "blocks per second"});
        charts.put("db-waits", new String[] {"Database: lock waits", "waits per second"});
        charts.put("db-bytes", new String[] {"Database: bytes written", "MB per second"});
        charts.put("db-checkpoint", new String[] {"Database: checkpoint work", "ms of checkpoint work per second"});
        charts.put("db-other", new String[] {"Database: other counters", "per second"});
        CHARTS = java.util.Collections.unmodifiableMap(charts);
        Map<String, Meter> meters = new LinkedHashMap<>();
        meters.put(CPU_USER, new Meter("cpu", "user (all processes)", 1));
        meters.put(CPU_SYSTEM, new Meter("cpu", "system (all processes)", 1));
        meters.put(CPU_IOWAIT, new Meter("cpu", "waiting for I/O", 1));
        meters.put(DRIVER_CPU, new Meter("cpu", "tpkit driver", 1));
        meters.put(SERVER_CPU, new Meter("cpu", "database server", 1));
        meters.put(DISK_READ_BYTES, new Meter("disk", "read", 1e-6));
        meters.put(DISK_WRITE_BYTES, new Meter("disk", "written", 1e-6));
        meters.put(DISK_READS, new Meter("disk-ops", "reads", 1));
        meters.put(DISK_WRITES, new Meter("disk-ops", "writes", 1));
        meters.put(COMMITS, new Meter("db-transactions", "commits", 1));
        meters.put(ROLLBACKS, new Meter("db-transactions", "rollbacks", 1));
        meters.put(BLOCK_HITS, new Meter("db-blocks", "hits (found in the cache)", 1));
        meters.put(BLOCK_READS, new Meter("db-blocks", "reads (not in the cache: from the OS or disk)", 1));
        meters.put(ROW_LOCK_WAITS, new Meter("db-waits", "row lock waits", 1));
        meters.put(WAL_BYTES, new Meter("db-bytes", "WAL / redo log", 1e-6));
        meters.put(DATA_WRITTEN_BYTES, new Meter("db-bytes", "data files", 1e-6));
        meters.put(TEMP_BYTES, new Meter("db-bytes", "temporary files", 1e-6));
        meters.put(CHECKPOINT_WRITE_MS, new Meter("db-checkpoint", "writing pages", 1));
        meters.put(CHECKPOINT_SYNC_MS, new Meter("db-checkpoint", "syncing files", 1));
        METERS = java.util.Collections.unmodifiableMap(meters);
    }

    private MonitorColumns() {
    }

    /** Whether the catalogue names the column (and a report draws it however it is named). */
    public static boolean named(String column) {
        return METERS.containsKey(column);
    }

    /** How a report draws the column: as named here, or, for a column this version has no name for, its key in words, on a chart by its unit. */
    public static Meter meter(String column) {
        Meter known = METERS.get(column);
        if (known != null) {
            return known;
        }
        String words = column.replaceFirst("^(db|os|driver)\\.", "").replaceFirst("_per_s$", "")
                .replace("blks", "blocks").replace("xact", "transactions").replace('_', ' ').replace('.', ' ');
        if (column.contains("bytes")) {
            return new Meter(column.startsWith(SERVER_PREFIX) ? "db-bytes" : "disk", words.replace(" bytes", ""), 1e-6);
        }
        if (column.contains("_ms_per_s")) {
            return new Meter("db-checkpoint", words.replace(" ms", ""), 1);
        }
        return new Meter("db-other", words, 1);
    }
}
