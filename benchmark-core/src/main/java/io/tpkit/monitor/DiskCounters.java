package io.tpkit.monitor;

import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Completed reads and writes and bytes moved, summed over the whole physical disks of
 * /proc/diskstats. Partitions are skipped (their I/O is already in their disk's line), and so
 * are loop, ram and zram devices and the device-mapper and md layers (dm-*, md*), whose I/O
 * reaches the physical disks beneath them and would otherwise be counted twice. The kernel
 * counts sectors of 512 bytes whatever the device's own sector size.
 */
record DiskCounters(long reads, long readBytes, long writes, long writtenBytes) {
    private static final Pattern VIRTUAL = Pattern.compile("(loop|ram|zram|dm-|md)\\d.*");
    /** Partition names when /sys/block cannot tell: sda1, vdb2, xvda1, nvme0n1p1, mmcblk0p1. */
    private static final Pattern PARTITION = Pattern.compile("((s|h|v|xv)d[a-z]+\\d+)|((nvme\\d+n\\d+|mmcblk\\d+)p\\d+)");

    /**
     * @param wholeDisk says whether a device name is a whole disk (listed in /sys/block)
     */
    static DiskCounters parse(String diskstats, Predicate<String> wholeDisk) {
        long reads = 0;
        long readSectors = 0;
        long writes = 0;
        long writtenSectors = 0;
        for (String line : diskstats.split("\n")) {
            String[] f = Words.of(line);
            if (f.length < 10 || !counted(f[2], wholeDisk)) {
                continue;
            }
            reads += Long.parseLong(f[3]);
            readSectors += Long.parseLong(f[5]);
            writes += Long.parseLong(f[7]);
            writtenSectors += Long.parseLong(f[9]);
        }
        return new DiskCounters(reads, readSectors * 512, writes, writtenSectors * 512);
    }

    static boolean counted(String name, Predicate<String> wholeDisk) {
        return wholeDisk.test(name) && !VIRTUAL.matcher(name).matches();
    }

    /** Whole disks by name alone, for a system without /sys/block. */
    static boolean looksWhole(String name) {
        return !PARTITION.matcher(name).matches();
    }
}
