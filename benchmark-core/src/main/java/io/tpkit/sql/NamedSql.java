package io.tpkit.sql;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A workload's SQL by name, in one dialect: the blocks of {@code FOLDER/default.sql}, each
 * replaced by the block of the same name in {@code FOLDER/DIALECT.sql} where that file has one.
 * What every dialect writes alike is written once, in the default; a dialect's file holds only
 * what it writes differently, and a dialect without a file of its own runs the default. The
 * dialect is the database plugin's ({@link io.tpkit.spi.database.DatabasePlugin#dialect()}).
 *
 * <p>The format, one file per dialect:
 * <pre>
 * -- name: stock-level
 * -- comments explain the statement; they are not sent
 * SELECT count(DISTINCT s.s_i_id) FROM ...
 *
 * -- name: schema
 * DROP TABLE IF EXISTS t;
 * CREATE TABLE t (a INT NOT NULL, b ${timestamp}) ${table-options};
 *
 * -- name: timestamp
 * TIMESTAMP
 * </pre>
 * A line {@code -- name: NAME} starts a block, which runs to the next one; the text before the
 * first is the file's introduction. A block holds one statement, several separated by
 * semicolons (a script, or statements sent together), or a fragment of one. Inside a block:
 * <ul>
 *   <li>{@code ${name}} is the block {@code name} (the dialect's, or else the default's), or a
 *       value the caller passes under that name (a column suffix, another block it chose);</li>
 *   <li>{@code ${name*}} is the block {@code name} as many times as the caller's count for
 *       {@code name}, separated by commas (a list of placeholders); {@code ${name*UNION ALL}}
 *       separates them by {@code UNION ALL} instead, and {@code ${first|name*SEP}} writes the
 *       first of them with the block {@code first}.</li>
 * </ul>
 * Comments are dropped and every statement is sent on one line ({@link SqlScript#compact}), so
 * a file can lay a statement out for its reader.
 *
 * <p>Stored routines are inherently per dialect: {@code FOLDER/procedures/DIALECT.sql}, with no
 * default ({@link #procedures()}).
 */
public final class NamedSql {
    /** The dialect every other falls back to, and the name of its file. */
    public static final String DEFAULT = "default";
    private static final Pattern NAME_LINE = Pattern.compile("^--\\s*name:\\s*(\\S*)\\s*$");
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]*");
    private static final Pattern DIALECT = Pattern.compile("[a-z0-9][a-z0-9_-]*");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}*]*)(\\*[^}]*)?}");

    private record Block(String file, String text) {
    }

    private final String dialect;
    private final String defaultFile;
    private final String dialectFile;
    private final boolean dialectFileExists;
    private final Map<String, Block> blocks;
    private final String proceduresFile;
    private final String procedures;
    private final Map<String, List<String>> plain = new ConcurrentHashMap<>();

    private NamedSql(String dialect, String defaultFile, String dialectFile, boolean dialectFileExists,
                     Map<String, Block> blocks, String proceduresFile, String procedures) {
        this.dialect = dialect;
        this.defaultFile = defaultFile;
        this.dialectFile = dialectFile;
        this.dialectFileExists = dialectFileExists;
        this.blocks = blocks;
        this.proceduresFile = proceduresFile;
        this.procedures = procedures;
    }

    /**
     * Reads {@code folder/default.sql} (which must exist) and, when there is one,
     * {@code folder/DIALECT.sql}, from the class path.
     *
     * @param owner   the class whose loader finds the files
     * @param folder  an absolute resource folder, e.g. {@code /io/tpkit/tpcc/sql}
     * @param dialect the database plugin's dialect, e.g. {@code postgresql}
     * @throws IllegalArgumentException when the dialect is not a plain lower-case name
     * @throws IllegalStateException    when a file repeats a name or a block has no valid name
     */
    public static NamedSql load(Class<?> owner, String folder, String dialect) {
        if (dialect == null || !DIALECT.matcher(dialect).matches()) {
            throw new IllegalArgumentException("not a dialect name: '" + dialect
                    + "' (lower-case letters, digits, '-' and '_')");
        }
        String base = folder.endsWith("/") ? folder : folder + "/";
        String defaultPath = base + DEFAULT + ".sql";
        Map<String, Block> blocks = new LinkedHashMap<>(parse(file(defaultPath), SqlScript.read(owner, defaultPath)));
        String dialectPath = base + dialect + ".sql";
        boolean exists = !dialect.equals(DEFAULT) && owner.getResource(dialectPath) != null;
        if (exists) {
            blocks.putAll(parse(file(dialectPath), SqlScript.read(owner, dialectPath)));
        }
        String proceduresPath = base + "procedures/" + dialect + ".sql";
        String procedures = owner.getResource(proceduresPath) == null ? null : SqlScript.read(owner, proceduresPath);
        return new NamedSql(dialect, file(defaultPath), file(dialectPath), exists, blocks, file(proceduresPath),
                procedures);
    }

    private static String file(String path) {
        return path.startsWith("/") ? path.substring(1) : path;
    }

    /** The blocks of one file by name, in the file's order. */
    static Map<String, Block> parse(String file, String text) {
        Map<String, Block> blocks = new LinkedHashMap<>();
        String name = null;
        StringBuilder body = new StringBuilder();
        int lineNumber = 0;
        for (String line : text.split("\n", -1)) {
            lineNumber++;
            Matcher m = NAME_LINE.matcher(line.strip());
            if (!m.matches()) {
                if (name != null) {
                    body.append(line).append('\n');
                }
                continue;
            }
            if (name != null) {
                blocks.put(name, new Block(file, body.toString()));
            }
            name = m.group(1);
            if (!NAME.matcher(name).matches()) {
                throw new IllegalStateException(file + " line " + lineNumber + ": '" + name
                        + "' is not a block name (lower-case letters, digits, '.', '-' and '_')");
            }
            if (blocks.containsKey(name)) {
                throw new IllegalStateException(file + " line " + lineNumber + ": a second block '-- name: "
                        + name + "'");
            }
            body.setLength(0);
        }
        if (name != null) {
            blocks.put(name, new Block(file, body.toString()));
        }
        return blocks;
    }

    /** The dialect these statements are written in. */
    public String dialect() {
        return dialect;
    }

    /** Whether the dialect's file or the default has a block {@code name}. */
    public boolean has(String name) {
        return blocks.containsKey(name);
    }

    /** Those of {@code names} that neither the dialect's file nor the default has, in order. */
    public List<String> missing(String... names) {
        List<String> missing = new ArrayList<>();
        for (String name : names) {
            if (!has(name)) {
                missing.add(name);
            }
        }
        return missing;
    }

    /** The file the block {@code name} comes from, e.g. {@code io/tpkit/tp1/sql/postgresql.sql}. */
    public String fileOf(String name) {
        return block(name, null).file();
    }

    /** Where a dialect's own blocks go, e.g. {@code io/tpkit/tp1/sql/mysql.sql} (whether or not it exists). */
    public String dialectFile() {
        return dialectFile;
    }

    /** The default file, e.g. {@code io/tpkit/tp1/sql/default.sql}. */
    public String defaultFile() {
        return defaultFile;
    }

    /** The statements of block {@code name}, each on one line, without the caller's values or counts. */
    public List<String> statements(String name) {
        List<String> cached = plain.get(name);
        if (cached == null) {
            cached = List.copyOf(resolve(name, Map.of(), new ArrayDeque<>()));
            plain.put(name, cached);
        }
        return cached;
    }

    /**
     * The statements of block {@code name}, each on one line.
     *
     * @param arguments for {@code ${x}}: the text to write (its {@code toString()}); for
     *                  {@code ${x*}}: how many times (an Integer)
     */
    public List<String> statements(String name, Map<String, ?> arguments) {
        return arguments.isEmpty() ? statements(name) : resolve(name, arguments, new ArrayDeque<>());
    }

    /** The statements of block {@code name} as one text to prepare, separated by semicolons. */
    public String sql(String name) {
        return String.join("; ", statements(name));
    }

    /** {@link #sql(String)} with the caller's values and counts (see {@link #statements(String, Map)}). */
    public String sql(String name, Map<String, ?> arguments) {
        return String.join("; ", statements(name, arguments));
    }

    /** The dialect's stored routines ({@code FOLDER/procedures/DIALECT.sql}), when it has them. */
    public Optional<String> procedures() {
        return Optional.ofNullable(procedures);
    }

    /** Where the dialect's stored routines are (whether or not it exists). */
    public String proceduresFile() {
        return proceduresFile;
    }

    @Override
    public String toString() {
        return dialect + " (" + (dialectFileExists ? dialectFile + " over " : "") + defaultFile + ")";
    }

    private Block block(String name, Deque<String> usedBy) {
        Block b = blocks.get(name);
        if (b != null) {
            return b;
        }
        String where = dialectFileExists
                ? "neither " + dialectFile + " nor " + defaultFile + " has a block '-- name: " + name + "'"
                : defaultFile + " has no block '-- name: " + name + "' (and there is no " + dialectFile + ")";
        String user = usedBy == null || usedBy.isEmpty() ? ""
                : " (used in '" + usedBy.peek() + "' of " + blocks.get(usedBy.peek()).file() + ")";
        throw new IllegalStateException("no statement '" + name + "' for the " + dialect + " dialect: " + where + user);
    }

    private List<String> resolve(String name, Map<String, ?> arguments, Deque<String> stack) {
        Block b = block(name, stack);
        if (stack.contains(name)) {
            throw new IllegalStateException(b.file() + ": block '" + name + "' includes itself (through "
                    + String.join(" <- ", stack) + ")");
        }
        stack.push(name);
        List<String> out = new ArrayList<>();
        for (String statement : SqlScript.split(b.text())) {
            for (String s : SqlScript.split(expand(statement, b, arguments, stack))) {
                out.add(SqlScript.compact(s));
            }
        }
        stack.pop();
        return out;
    }

    private String expand(String statement, Block in, Map<String, ?> arguments, Deque<String> stack) {
        Matcher m = PLACEHOLDER.matcher(statement);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String names = m.group(1).strip();
            String replacement;
            if (m.group(2) == null) {
                check(names, m.group(), in, stack);
                replacement = arguments.containsKey(names) ? String.valueOf(arguments.get(names))
                        : fragment(names, arguments, stack);
            } else {
                String[] parts = names.split("\\|", -1);
                if (parts.length > 2) {
                    throw badPlaceholder(m.group(), in, stack);
                }
                String item = parts[parts.length - 1].strip();
                String first = parts[0].strip();
                check(item, m.group(), in, stack);
                check(first, m.group(), in, stack);
                Object count = arguments.get(item);
                if (!(count instanceof Integer n) || n < 0) {
                    throw new IllegalArgumentException(in.file() + ", block '" + stack.peek() + "': " + m.group()
                            + " needs a count for '" + item + "', and the caller gave " + count);
                }
                String separator = m.group(2).substring(1).strip();
                separator = separator.isEmpty() || separator.equals(",") ? ", " : " " + separator + " ";
                StringBuilder list = new StringBuilder();
                String rest = n > 1 ? fragment(item, arguments, stack) : null;
                for (int i = 0; i < n; i++) {
                    if (i > 0) {
                        list.append(separator).append(rest);
                    } else {
                        list.append(fragment(first, arguments, stack));
                    }
                }
                replacement = list.toString();
            }
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    private String fragment(String name, Map<String, ?> arguments, Deque<String> stack) {
        return String.join("; ", resolve(name, arguments, stack));
    }

    private static void check(String name, String placeholder, Block in, Deque<String> stack) {
        if (!NAME.matcher(name).matches()) {
            throw badPlaceholder(placeholder, in, stack);
        }
    }

    private static IllegalStateException badPlaceholder(String placeholder, Block in, Deque<String> stack) {
        return new IllegalStateException(in.file() + ", block '" + stack.peek() + "': " + placeholder
                + " is not a placeholder (${name}, ${name*}, ${name*SEPARATOR} or ${first|name*SEPARATOR})");
    }
}
