package io.tpkit.provisioning.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tpkit.spi.database.ServerCpuClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding a container's control group from its first process, as the kernel lays it out under
 * cgroup v1 (Debian's dockerd with cgroupfs) and v2 (systemd machines), and reading its CPU time.
 */
class ContainerCpuTest {
    private static final String ID = "3cf52f0728f0693c3965dccc7d163c8638721ff7fdc2abd94c214fc95d420ffe";

    @TempDir
    Path dir;

    @Test
    void cgroupV1ReadsTheContainersCpuacctUsage() throws Exception {
        Path proc = proc("9:name=systemd:/docker/" + ID + "\n2:cpuacct:/docker/" + ID + "\n1:cpu:/docker/" + ID
                + "\n0::/docker/" + ID + "\n", """
                31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
                32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
                33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct
                """);
        write("sys/fs/cgroup/cpuacct/docker/" + ID + "/cpuacct.usage", "27341359\n");

        ContainerCpu cpu = ContainerCpu.of(proc, dir, 9077, ID);
        assertThat(cpu.cpuNanos()).isEqualTo(27_341_359L);
        assertThat(cpu.onThisMachine()).isTrue();
        assertThat(cpu.describe()).contains("3cf52f0728f0", "cpuacct.usage");

        write("sys/fs/cgroup/cpuacct/docker/" + ID + "/cpuacct.usage", "30000000\n");
        assertThat(cpu.cpuNanos()).isEqualTo(30_000_000L);
    }

    @Test
    void cgroupV2ReadsUsageUsecOfCpuStat() throws Exception {
        Path proc = proc("0::/system.slice/docker-" + ID + ".scope\n",
                "25 1 0:22 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n");
        write("sys/fs/cgroup/system.slice/docker-" + ID + ".scope/cpu.stat",
                "usage_usec 1234567\nuser_usec 1000000\nsystem_usec 234567\n");

        assertThat(ContainerCpu.of(proc, dir, 4242, ID).cpuNanos()).isEqualTo(1_234_567_000L);
    }

    @Test
    void aProcessOutsideTheContainersGroupIsRefused() throws Exception {
        // the engine runs in a VM (Docker Desktop): the same number is some other process here
        Path proc = proc("0::/user.slice/session-2.scope\n",
                "25 1 0:22 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n");
        assertThatThrownBy(() -> ContainerCpu.of(proc, dir, 4242, ID))
                .isInstanceOf(ServerCpuClock.Unavailable.class).hasMessageContaining("not in the container's");
        assertThatThrownBy(() -> ContainerCpu.of(proc, dir, 777, ID))
                .isInstanceOf(ServerCpuClock.Unavailable.class).hasMessageContaining("not visible");
    }

    @Test
    void aBindMountOfASubtreeIsNotTakenForTheHierarchysRoot() {
        List<String> mountinfo = List.of(
                "40 31 0:33 /docker/abc /sys/fs/cgroup/cpuacct rw - cgroup cgroup rw,cpuacct",
                "41 31 0:33 / /host/cgroup/cpuacct rw - cgroup cgroup rw,cpu,cpuacct");
        assertThat(ContainerCpu.mountOf(mountinfo, "cgroup", "cpuacct")).isEqualTo(Path.of("/host/cgroup/cpuacct"));
        assertThat(ContainerCpu.mountOf(mountinfo, "cgroup2", null)).isNull();
    }

    private Path proc(String cgroup, String mountinfo) throws Exception {
        Path proc = dir.resolve("proc");
        write("proc/9077/cgroup", cgroup);
        write("proc/4242/cgroup", cgroup);
        write("proc/self/mountinfo", mountinfo);
        return proc;
    }

    private void write(String relative, String text) throws Exception {
        Path f = dir.resolve(relative);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }
}
