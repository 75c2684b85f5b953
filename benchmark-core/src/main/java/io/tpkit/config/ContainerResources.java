package io.tpkit.config;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The limits a database container is started with ({@code --container-cpus},
 * {@code --container-memory}): Docker's own {@code --cpus} and {@code --memory}. A limit left
 * out is none: the container may use the whole machine, which a result then says.
 *
 * @param cpus        CPUs the container may use on average (Docker's CFS quota), or null for no limit
 * @param memoryBytes the memory the container may use, or null for no limit
 */
public record ContainerResources(Double cpus, Long memoryBytes) {
    public static final ContainerResources NONE = new ContainerResources(null, null);
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)(?:i?b)?");

    public ContainerResources {
        if (cpus != null && !(cpus > 0 && cpus <= 4096)) {
            throw new BadInputException("--container-cpus takes a number of CPUs above 0, e.g. 2 or 1.5 (got "
                    + cpus + ")");
        }
        if (memoryBytes != null && memoryBytes < 6L * 1024 * 1024) {
            throw new BadInputException("--container-memory must be at least 6m, Docker's smallest limit (got "
                    + memoryBytes + " bytes)");
        }
    }

    public boolean limited() {
        return cpus != null || memoryBytes != null;
    }

    /** "2g", "512m", "1.5GiB", "1073741824" as Docker reads them (binary multiples). */
    public static long parseSize(String text) {
        Matcher m = SIZE.matcher(text == null ? "" : text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new BadInputException("--container-memory takes a size such as 512m, 2g or 4GiB (got '" + text + "')");
        }
        int shift = switch (m.group(2)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 0;
        };
        return (long) (Double.parseDouble(m.group(1)) * (1L << shift));
    }

    /** The limits in words: "2 CPUs, 4 GiB", "no CPU or memory limit". */
    public String describe() {
        if (!limited()) {
            return "no CPU or memory limit";
        }
        String c = cpus == null ? "no CPU limit" : cpusText(cpus) + (cpus == 1 ? " CPU" : " CPUs");
        String mem = memoryBytes == null ? "no memory limit" : sizeText(memoryBytes) + " of memory";
        return c + ", " + mem;
    }

    /** For result.json: each limit, or "none". */
    public Map<String, Object> record() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cpus", cpus == null ? "none" : cpus);
        m.put("memoryBytes", memoryBytes == null ? "none" : memoryBytes);
        return m;
    }

    /** The options that give these limits, for hints that must reach the same container. */
    public String options() {
        return (cpus == null ? "" : " --container-cpus " + cpusText(cpus))
                + (memoryBytes == null ? "" : " --container-memory " + memoryBytes);
    }

    private static String cpusText(double cpus) {
        return cpus == Math.rint(cpus) ? Long.toString((long) cpus) : Double.toString(cpus);
    }

    static String sizeText(long bytes) {
        String[] units = {"bytes", "KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = 0;
        while (v >= 1024 && u < units.length - 1 && v % 1024 == 0) {
            v /= 1024;
            u++;
        }
        return (v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v)) + " " + units[u];
    }
}
