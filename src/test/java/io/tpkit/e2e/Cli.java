package io.tpkit.e2e;

import io.tpkit.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the CLI in-process, as a user would from the shell, and keeps what it printed. */
record Cli(int exitCode, String out, String err) {
    static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(code, out.toString(), err.toString());
    }

    /** The non-empty lines on standard error. */
    java.util.List<String> errLines() {
        return err.lines().filter(l -> !l.isBlank()).toList();
    }
}
