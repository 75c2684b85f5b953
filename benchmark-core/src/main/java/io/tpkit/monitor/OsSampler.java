package io.tpkit.monitor;

import io.tpkit.measurement.DriverCpu;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The machine the driver runs on, from Linux's /proc (CPU, disks, memory, paging), and the driver JVM's
 * own CPU. Without /proc (macOS, Windows) the os.* series are absent with a note; the driver's
 * CPU comes from the JVM and is there everywhere the JVM reports it. With an embedded database
 * the figures cover the database too; with a remote server they describe the driver's machine only.
 */
final class OsSampler {
    static final List<String> COLUMNS = MonitorColumns.MACHINE;

    private final Path proc;
    private final Predicate<String> wholeDisk;
    /**
     * The CPUs the shares of driver.cpu_pct and db.cpu_pct are of: those /proc/stat adds up in
     * its all-CPUs line, which os.cpu.* are shares of, so that the three can be subtracted from
     * each other (quiet-machine). Not the JVM's availableProcessors(), which a CPU quota or an
     * affinity (taskset, a container's --cpus) lowers while /proc/stat still counts every CPU.
     * That count until /proc/stat has been read, or where it cannot be.
     */
    private int cpus = Runtime.getRuntime().availableProcessors();
    private final List<String> notes = new ArrayList<>();
    private boolean cpuOn = true;
    private boolean diskOn = true;
    private boolean memOn = true;
    private boolean pagingOn = true;
    private Paging paging;
    private CpuTimes cpu;
    private DiskCounters disk;
    private long driverCpu = -1;
    private io.tpkit.spi.database.ServerCpuClock server;
    private long serverCpu = -1;
    private long nanos;

    OsSampler() {
        this(Path.of("/proc"), Path.of("/sys/block"));
    }

    /** @param sysBlock the folder listing whole disks; when it is missing, names decide */
    OsSampler(Path proc, Path sysBlock) {
        this.proc = proc;
        Set<String> disks;
        try (Stream<Path> s = Files.list(sysBlock)) {
            // /sys/block writes a '/' in a device name as '!'
            disks = s.map(p -> p.getFileName().toString().replace('!', '/')).collect(Collectors.toSet());
        } catch (IOException | RuntimeException e) {
            disks = null;
        }
        Set<String> whole = disks;
        this.wholeDisk = whole != null ? whole::contains : DiskCounters::looksWhole;
    }

    /** Also samples the database server's CPU ({@code db.cpu_pct}) when it runs on this machine. */
    OsSampler watching(io.tpkit.spi.database.ServerCpuClock server) {
        this.server = server;
        return this;
    }

    List<String> notes() {
        return List.copyOf(notes);
    }

    /** The CPUs driver.cpu_pct and db.cpu_pct are shares of (see {@link #cpus}). */
    int cpus() {
        return cpus;
    }

    /** The values since the previous call; the first call only takes the baseline. */
    Map<String, Double> sample(long nowNanos) {
        Map<String, Double> m = new LinkedHashMap<>();
        double seconds = (nowNanos - nanos) / 1e9;
        boolean first = nanos == 0;
        nanos = nowNanos;
        if (cpuOn) {
            try {
                CpuTimes now = CpuTimes.parse(read("stat"));
                if (now.cpus() > 0) {
                    cpus = now.cpus();
                }
                double[] pct = first || cpu == null ? null : now.percentSince(cpu);
                cpu = now;
                if (pct != null) {
                    String[] names = {MonitorColumns.CPU_USER, MonitorColumns.CPU_SYSTEM, MonitorColumns.CPU_IOWAIT,
                            MonitorColumns.CPU_IDLE, MonitorColumns.CPU_STEAL};
                    for (int i = 0; i < names.length; i++) {
                        m.put(names[i], pct[i]);
                    }
                }
            } catch (IOException | RuntimeException e) {
                cpuOn = false;
                notes.add("os.cpu.* absent: " + why(e, "stat"));
            }
        }
        if (diskOn) {
            try {
                DiskCounters now = DiskCounters.parse(read("diskstats"), wholeDisk);
                if (!first && disk != null && seconds > 0) {
                    m.put(MonitorColumns.DISK_READ_BYTES, (now.readBytes() - disk.readBytes()) / seconds);
                    m.put(MonitorColumns.DISK_WRITE_BYTES, (now.writtenBytes() - disk.writtenBytes()) / seconds);
                    m.put(MonitorColumns.DISK_READS, (now.reads() - disk.reads()) / seconds);
                    m.put(MonitorColumns.DISK_WRITES, (now.writes() - disk.writes()) / seconds);
                }
                disk = now;
            } catch (IOException | RuntimeException e) {
                diskOn = false;
                notes.add("os.disk.* absent: " + why(e, "diskstats"));
            }
        }
        if (memOn) {
            try {
                MemInfo mem = MemInfo.parse(read("meminfo"));
                if (!first) {
                    m.put(MonitorColumns.MEMORY_USED, (double) mem.usedBytes());
                    m.put(MonitorColumns.MEMORY_AVAILABLE, (double) mem.availableBytes());
                }
            } catch (IOException | RuntimeException e) {
                memOn = false;
                notes.add("os.mem.* absent: " + why(e, "meminfo"));
            }
        }
        if (pagingOn) {
            try {
                Paging now = Paging.parse(read("vmstat"));
                if (!first && paging != null && seconds > 0) {
                    m.put(MonitorColumns.MAJOR_FAULTS, (now.majorFaults() - paging.majorFaults()) / seconds);
                    m.put(MonitorColumns.SWAP_IN, (now.swapIns() - paging.swapIns()) / seconds);
                    m.put(MonitorColumns.SWAP_OUT, (now.swapOuts() - paging.swapOuts()) / seconds);
                }
                paging = now;
            } catch (IOException | RuntimeException e) {
                pagingOn = false;
                notes.add("os.mem.*_per_s (paging) absent: " + why(e, "vmstat"));
            }
        }
        long driverNow = DriverCpu.processNanos();
        if (driverNow < 0) {
            if (first) {
                notes.add("driver.cpu_pct absent: the JVM does not report its process CPU time");
            }
        } else {
            if (!first && driverCpu >= 0 && seconds > 0) {
                // a share of the whole machine, like os.cpu.*: 100 means every CPU busy with the driver
                m.put(MonitorColumns.DRIVER_CPU, 100 * (driverNow - driverCpu) / 1e9 / seconds / cpus);
            }
            driverCpu = driverNow;
        }
        if (server != null) {
            long serverNow = server.cpuNanos();
            if (!first && serverCpu >= 0 && serverNow >= 0 && seconds > 0) {
                m.put(MonitorColumns.SERVER_CPU, 100 * (serverNow - serverCpu) / 1e9 / seconds / cpus);
            }
            serverCpu = serverNow;
        }
        return m;
    }

    private String read(String name) throws IOException {
        return Files.readString(proc.resolve(name));
    }

    private String why(Exception e, String file) {
        return e instanceof IOException
                ? proc.resolve(file) + " cannot be read (not Linux?): " + CounterSampler.message(e)
                : proc.resolve(file) + " has an unexpected format: " + CounterSampler.message(e);
    }
}
