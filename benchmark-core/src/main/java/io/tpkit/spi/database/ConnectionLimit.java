package io.tpkit.spi.database;

/**
 * How many more connections the server accepts from the current user, as the server says.
 *
 * @param available connections tpkit may still open (the server's limit minus those in use and
 *                  those reserved for others)
 * @param how       how it was obtained, in words: "max_connections 300, 3 reserved for
 *                  superusers (not for this superuser), 4 in use"
 */
public record ConnectionLimit(int available, String how) {
}
