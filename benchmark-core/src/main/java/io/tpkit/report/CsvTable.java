package io.tpkit.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A CSV file tpkit wrote itself (a header row, no quoting needed), read back for the report. */
final class CsvTable {
    final List<String> header;
    final List<String[]> rows;

    private CsvTable(List<String> header, List<String[]> rows) {
        this.header = header;
        this.rows = rows;
    }

    /** The table, or an empty one when the file does not exist (an older result, no monitor). */
    static CsvTable read(Path file) throws IOException {
        if (!Files.exists(file)) {
            return new CsvTable(List.of(), List.of());
        }
        List<String> lines = Files.readAllLines(file);
        if (lines.isEmpty()) {
            return new CsvTable(List.of(), List.of());
        }
        List<String[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (!line.isBlank()) {
                rows.add(line.split(",", -1));
            }
        }
        return new CsvTable(List.of(lines.getFirst().split(",", -1)), rows);
    }

    int column(String name) {
        return header.indexOf(name);
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    static double number(String[] row, int column) {
        if (column < 0 || column >= row.length || row[column].isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(row[column]);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
