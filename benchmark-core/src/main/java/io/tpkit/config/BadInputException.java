package io.tpkit.config;

/**
 * A problem with what the user asked for (an option, a URL, a scale, an unreachable database,
 * an unwritable folder). The message is one line that names the problem and the fix; the CLI
 * prints it without a stack trace and exits with code 2.
 */
public class BadInputException extends RuntimeException {
    public BadInputException(String message) {
        super(message);
    }

    public BadInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
