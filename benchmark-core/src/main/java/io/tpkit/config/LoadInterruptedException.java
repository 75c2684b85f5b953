package io.tpkit.config;

/**
 * The load was stopped (Ctrl-C) before it finished. The data is incomplete, and the next
 * command says so instead of running on it.
 */
public final class LoadInterruptedException extends RuntimeException {
    public LoadInterruptedException(String message, Throwable cause) {
        super(message, cause);
    }
}
