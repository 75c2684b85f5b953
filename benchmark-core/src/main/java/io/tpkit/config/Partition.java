package io.tpkit.config;

/**
 * One driver process's share of a run split across several ({@code --partition I/N}): part
 * {@code index} of {@code count}, 1-based as people count. Each part takes a disjoint,
 * contiguous slice of the workload's units (warehouses, branches, threads); the parts meet in
 * the database under one {@code name} and start together.
 */
public record Partition(int index, int count, String name) {
    public Partition {
        if (count < 1 || index < 1 || index > count) {
            throw new BadInputException("--partition " + index + "/" + count + " is not a part: give I/N with "
                    + "1 <= I <= N (e.g. --partition 1/2 and --partition 2/2)");
        }
        if (name == null || !name.matches("[A-Za-z0-9._-]{1,64}")) {
            throw new BadInputException("--run-name '" + name + "' is not a run name: use 1 to 64 letters, digits, "
                    + "'.', '_' or '-'");
        }
    }

    /** Parses {@code I/N}. */
    public static Partition parse(String text, String name) {
        String[] p = text.trim().split("/");
        try {
            if (p.length == 2) {
                return new Partition(Integer.parseInt(p[0].trim()), Integer.parseInt(p[1].trim()), name);
            }
        } catch (NumberFormatException e) {
            // the message below says what was expected
        }
        throw new BadInputException("--partition '" + text + "' is not I/N: give the part and the number of parts, "
                + "e.g. --partition 1/2");
    }

    /** The first of this part's units, 0-based, of {@code units} split as evenly as they go. */
    public int firstUnit(int units) {
        return (int) ((long) (index - 1) * units / count);
    }

    /** One past the last of this part's units, 0-based. */
    public int endUnit(int units) {
        return (int) ((long) index * units / count);
    }

    /**
     * This part's slice of {@code units} named in the benchmark's words, 1-based as people count:
     * "warehouses 3-4 of 4", "branch 2 of 2", or "no branches of 2" when there are more parts than units.
     *
     * @param unitName the plural ("warehouses", "branches")
     */
    public String slice(int units, String unitName) {
        int first = firstUnit(units) + 1;
        int last = endUnit(units);
        if (last < first) {
            return "no " + unitName + " of " + units;
        }
        String name = first != last ? unitName
                : unitName.endsWith("ches") ? unitName.substring(0, unitName.length() - 2)
                : unitName.endsWith("s") ? unitName.substring(0, unitName.length() - 1) : unitName;
        return name + " " + (first == last ? first : first + "-" + last) + " of " + units;
    }

    /** Whether this part gets at least one of {@code units}. */
    public boolean hasUnits(int units) {
        return endUnit(units) > firstUnit(units);
    }

    /**
     * Refuses a target each process would start for itself (an embedded server, a container):
     * the parts must share one server.
     *
     * @param command "load" or "run"
     */
    public void requireSharedTarget(String command, String target) {
        if (!target.startsWith("jdbc:")) {
            throw new BadInputException("--partition " + label() + " splits a " + command + " among processes that "
                    + "share one database server, and each process starts its own --db " + target + ": give every "
                    + "part the JDBC URL of a server they all reach, or " + command + " from one process without "
                    + "--partition");
        }
    }

    public String label() {
        return index + "/" + count;
    }
}
