package io.tpkit.result;

import io.tpkit.config.BadInputException;

/**
 * A run measured, but its result could not be written in full (a full disk): the message names
 * what was kept and where; {@link #result()} is the run's result, for the caller to print.
 */
public final class ResultNotWrittenException extends BadInputException {
    private final transient RunResult result;

    public ResultNotWrittenException(String message, RunResult result, Throwable cause) {
        super(message, cause);
        this.result = result;
    }

    public RunResult result() {
        return result;
    }
}
