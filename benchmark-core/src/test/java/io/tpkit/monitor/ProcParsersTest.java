package io.tpkit.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcParsersTest {
    @TempDir
    Path temp;

    static String resource(String name) throws IOException {
        try (InputStream in = ProcParsersTest.class.getResourceAsStream("/proc/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void cpuPercentagesComeFromTheAllCpusLineDifferences() throws IOException {
        CpuTimes before = CpuTimes.parse(resource("stat-before"));
        CpuTimes after = CpuTimes.parse(resource("stat-after"));
        assertThat(before).isEqualTo(new CpuTimes(1000, 0, 500, 8000, 300, 0, 100, 100, 2)); // two cpuN lines
        // 400 ticks passed: user 150 + nice 50, system 60 + softirq 20, iowait 20, idle 100; guest is inside user
        assertThat(after.percentSince(before)).containsExactly(new double[] {50, 20, 5, 25, 0}, within(1e-9));
        assertThat(after.percentSince(after)).isNull();
    }

    @Test
    void diskCountersSumWholePhysicalDisksOnly() throws IOException {
        // what /sys/block lists on such a machine: disks and virtual devices, never partitions
        Set<String> sysBlock = Set.of("loop0", "ram0", "sda", "nvme0n1", "dm-0", "zram0");
        DiskCounters d = DiskCounters.parse(resource("diskstats"), sysBlock::contains);
        // sda and nvme0n1: partitions, loop, ram, zram and dm-0 (on top of nvme0n1) are left out
        assertThat(d).isEqualTo(new DiskCounters(1000 + 3000, (20000 + 40000) * 512L, 500 + 1500, (8000 + 16000) * 512L));
        // without /sys/block the names decide; the virtual devices still go
        assertThat(DiskCounters.parse(resource("diskstats"), DiskCounters::looksWhole)).isEqualTo(d);
        assertThat(DiskCounters.looksWhole("sda1")).isFalse();
        assertThat(DiskCounters.looksWhole("nvme0n1p2")).isFalse();
        assertThat(DiskCounters.looksWhole("mmcblk0p1")).isFalse();
        assertThat(DiskCounters.looksWhole("nvme0n1")).isTrue();
        assertThat(DiskCounters.looksWhole("xvda")).isTrue();
    }

    @Test
    void diskCountersOfAVirtualMachineWithLoopAndZram() throws IOException {
        Set<String> sysBlock = Set.of("loop0", "loop1", "loop2", "loop3", "loop4", "loop5", "loop6", "loop7", "vda",
                "zram0");
        DiskCounters d = DiskCounters.parse(resource("diskstats-vm"), sysBlock::contains);
        assertThat(d).isEqualTo(new DiskCounters(455941, 15571722L * 512, 1469949, 99067816L * 512));
    }

    @Test
    void memoryUsedIsTotalMinusAvailable() throws IOException {
        MemInfo m = MemInfo.parse(resource("meminfo"));
        assertThat(m.totalBytes()).isEqualTo(24684096L * 1024);
        assertThat(m.availableBytes()).isEqualTo(23581500L * 1024);
        assertThat(m.usedBytes()).isEqualTo((24684096L - 23581500L) * 1024);
    }

    @Test
    void theOsSamplerTurnsTwoReadingsIntoRates() throws IOException {
        Path proc = Files.createDirectories(temp.resolve("proc"));
        Files.writeString(proc.resolve("stat"), resource("stat-before"));
        Files.writeString(proc.resolve("diskstats"), resource("diskstats"));
        Files.writeString(proc.resolve("meminfo"), resource("meminfo"));
        Files.writeString(proc.resolve("vmstat"), "nr_free_pages 123\npgpgout 999\npswpin 10\npswpout 20\npgmajfault 300\n");
        Path sysBlock = Files.createDirectories(temp.resolve("block"));
        Files.createDirectories(sysBlock.resolve("sda"));
        OsSampler os = new OsSampler(proc, sysBlock);

        assertThat(os.sample(1_000_000_000L)).containsOnlyKeys(); // the baseline
        Files.writeString(proc.resolve("stat"), resource("stat-after"));
        Files.writeString(proc.resolve("diskstats"), resource("diskstats").replace(
                "sda 1000 50 20000 900 500 20 8000", "sda 1100 50 22000 900 520 20 9000"));
        Files.writeString(proc.resolve("vmstat"), "nr_free_pages 99\npgpgout 5000\npswpin 10\npswpout 1520\npgmajfault 340\n");
        Map<String, Double> m = os.sample(3_000_000_000L); // two seconds later

        assertThat(m.get("os.cpu.user_pct")).isCloseTo(50, within(1e-9));
        assertThat(m.get("os.cpu.idle_pct")).isCloseTo(25, within(1e-9));
        assertThat(m.get("os.disk.reads_per_s")).isCloseTo(50, within(1e-9));
        assertThat(m.get("os.disk.read_bytes_per_s")).isCloseTo(2000 * 512 / 2.0, within(1e-9));
        assertThat(m.get("os.disk.writes_per_s")).isCloseTo(10, within(1e-9));
        assertThat(m.get("os.disk.write_bytes_per_s")).isCloseTo(1000 * 512 / 2.0, within(1e-9));
        assertThat(m.get("os.mem.used_bytes")).isEqualTo((24684096L - 23581500L) * 1024.0);
        // paging: major faults and swapping, not pgpgout (every block written, files too)
        assertThat(m.get("os.mem.major_faults_per_s")).isCloseTo(20, within(1e-9));
        assertThat(m.get("os.mem.swap_in_pages_per_s")).isCloseTo(0, within(1e-9));
        assertThat(m.get("os.mem.swap_out_pages_per_s")).isCloseTo(750, within(1e-9));
        assertThat(m).containsKey("driver.cpu_pct");
        assertThat(os.notes()).isEmpty();
    }

    /**
     * The driver's share is of the CPUs /proc/stat adds up, as os.cpu.* are, not of the ones this
     * JVM may use (fewer under a CPU quota or an affinity): here a machine of 32 CPUs.
     */
    @Test
    void theDriversShareIsOfTheCpusProcStatCounts() throws IOException {
        Path proc = Files.createDirectories(temp.resolve("proc32"));
        StringBuilder stat = new StringBuilder("cpu  1000 0 500 8000 300 0 100 100 40 0\n");
        for (int i = 0; i < 32; i++) {
            stat.append("cpu").append(i).append(" 30 0 15 250 9 0 3 3 1 0\n");
        }
        Files.writeString(proc.resolve("stat"), stat.toString());
        OsSampler os = new OsSampler(proc, temp.resolve("no-sys"));
        long before = io.tpkit.measurement.DriverCpu.processNanos();
        long t0 = System.nanoTime();
        os.sample(t0);
        long innerFrom = io.tpkit.measurement.DriverCpu.processNanos();
        long until = System.nanoTime() + 300_000_000L;
        double sink = 0;
        while (System.nanoTime() < until) { // CPU the driver spends between the two samples
            sink += Math.sqrt(sink + 1);
        }
        long innerTo = io.tpkit.measurement.DriverCpu.processNanos();
        long t1 = System.nanoTime();
        Map<String, Double> m = os.sample(t1);
        long after = io.tpkit.measurement.DriverCpu.processNanos();
        assertThat(sink).isPositive();

        assertThat(os.cpus()).isEqualTo(32);
        double implied = m.get("driver.cpu_pct") / 100 * 32 * (t1 - t0);
        assertThat(implied).isBetween((innerTo - innerFrom) * (1 - 1e-9), (after - before) * (1 + 1e-9));
    }

    @Test
    void withoutProcTheOsSeriesAreAbsentWithANote() {
        OsSampler os = new OsSampler(temp.resolve("no-proc"), temp.resolve("no-sys"));
        os.sample(1_000_000_000L);
        Map<String, Double> m = os.sample(2_000_000_000L);
        assertThat(m.keySet()).noneMatch(k -> k.startsWith("os."));
        assertThat(m).containsKey("driver.cpu_pct");
        assertThat(os.notes()).hasSize(4).allMatch(n -> n.contains("absent") && n.contains("cannot be read"));
    }
}
