package io.tpkit.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The examples at the end of a command's help, laid out so that each printed line can be copied
 * into a shell: a command that does not fit in the 80 columns of the help is broken between its
 * options with a shell continuation ({@code \}), never by picocli in the middle of a word or URL.
 */
final class Examples {
    /** The longest example line: picocli wraps a footer line of 80 columns or more. */
    static final int WIDTH = 78;
    private static final String INDENT = "  ";
    private static final String CONTINUED = INDENT + "    ";

    private Examples() {
    }

    /** The footer lines for {@code commands}: a heading, then each command as it prints. */
    static String[] footer(String... commands) {
        List<String> lines = new ArrayList<>();
        lines.add(commands.length == 1 ? "%nExample:" : "%nExamples:");
        for (String command : commands) {
            lines.addAll(lines(command));
        }
        return lines.toArray(String[]::new);
    }

    /**
     * One command as printed: on one line when it fits, else broken before an option (an option
     * stays with its value) and after {@code &&}, with " \" at the end of every line but the
     * last. A line with a comment ({@code # ...}) is never broken.
     */
    static List<String> lines(String command) {
        String escaped = command.strip().replace("%", "%%"); // picocli formats footer lines
        if ((INDENT + escaped).length() <= WIDTH) {
            return List.of(INDENT + escaped);
        }
        if (escaped.contains("#")) {
            throw new IllegalArgumentException("an example with a comment must fit in " + WIDTH + " columns: "
                    + command);
        }
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(INDENT);
        boolean breakHere = false;
        for (String unit : units(escaped)) {
            boolean first = line.length() == INDENT.length();
            if (!first && (breakHere || line.length() + 1 + unit.length() + 2 > WIDTH)) {
                lines.add(line.append(" \\").toString());
                line = new StringBuilder(CONTINUED);
                first = true;
            }
            if (!first) {
                line.append(' ');
            }
            line.append(unit);
            breakHere = unit.endsWith("&&"); // the next command starts a line of its own
            if (line.length() > WIDTH) {
                throw new IllegalArgumentException("an example's word does not fit in " + WIDTH + " columns: "
                        + unit);
            }
        }
        lines.add(line.toString());
        return lines;
    }

    /** The words of a command, an option joined to its value and "&&" to what precedes it. */
    private static List<String> units(String command) {
        List<String> units = new ArrayList<>();
        String[] words = command.split(" +");
        for (int i = 0; i < words.length; i++) {
            String unit = words[i];
            boolean option = unit.startsWith("-");
            if (option && i + 1 < words.length && !words[i + 1].startsWith("-") && !words[i + 1].equals("&&")) {
                unit += " " + words[++i];
            }
            if (i + 1 < words.length && words[i + 1].equals("&&")) {
                unit += " " + words[++i];
            }
            units.add(unit);
        }
        return units;
    }
}
