package io.tpkit.measurement;

import io.tpkit.metrics.Connections;
import io.tpkit.spi.database.ConnectionRefusal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Counts what happens to a run's connections while it runs: the connections lost (the server
 * ended the session, the network dropped it), the attempts to open one that failed (by class),
 * and, for the connections the run asked for, when fewer worked. Says each second's events in one
 * line (at most one a second), for the console; the details of each are the driver's log's.
 */
public final class ConnectionHealth {
    private final long startNanos;
    private Consumer<String> say = line -> { };
    private String whereDetails = "";

    private long lost;
    private final Map<ConnectionRefusal, Long> refused = new LinkedHashMap<>();
    private final Map<ConnectionRefusal, String> firstRefusal = new LinkedHashMap<>();
    /** Asked-for connections lost and not yet replaced, and when that number changed. */
    private int down;
    private final List<long[]> changes = new ArrayList<>(); // {nanoTime, down after the change}

    /** Not yet said: lost, replaced, and refused by class, with a message of each. */
    private long lostUnsaid;
    private String lostMessage;
    private long restoredUnsaid;
    private final Map<ConnectionRefusal, Long> refusedUnsaid = new LinkedHashMap<>();
    private final Map<ConnectionRefusal, String> refusedMessage = new LinkedHashMap<>();
    private int asked;

    public ConnectionHealth(long startNanos) {
        this.startNanos = startNanos;
    }

    /**
     * Where the events go, a line each second that had any (the console).
     *
     * @param details where the details are, said after each line ("" for nowhere)
     */
    public synchronized void sayTo(Consumer<String> lines, int askedConnections, String details) {
        this.say = lines;
        this.asked = askedConnections;
        this.whereDetails = details;
    }

    /**
     * A connection was lost.
     *
     * @param asked whether it was one of the connections the run asked for (a server), which
     *              does not work until it is replaced
     */
    public synchronized void lost(boolean asked, String sqlState, String message) {
        lost++;
        lostUnsaid++;
        if (lostMessage == null) {
            lostMessage = firstLine(message) + (sqlState == null ? "" : ", SQLState " + sqlState);
        }
        if (asked) {
            change(+1);
        }
    }

    /** One of the asked-for connections lost earlier works again (or is no longer wanted: the run ended). */
    public synchronized void replaced(boolean opened) {
        if (down > 0) {
            change(-1);
            if (opened) {
                restoredUnsaid++;
            }
        }
    }

    /** An attempt to open a connection failed. */
    public synchronized void refused(ConnectionRefusal why, String message) {
        refused.merge(why, 1L, Long::sum);
        firstRefusal.putIfAbsent(why, firstLine(message));
        refusedUnsaid.merge(why, 1L, Long::sum);
        refusedMessage.putIfAbsent(why, firstLine(message));
    }

    private void change(int by) {
        down += by;
        changes.add(new long[] {System.nanoTime(), down});
    }

    /** Says what happened since the last call, in one line, if anything did. */
    public void sayWhatHappened(long now) {
        String line;
        synchronized (this) {
            if (lostUnsaid == 0 && restoredUnsaid == 0 && refusedUnsaid.isEmpty()) {
                return;
            }
            List<String> parts = new ArrayList<>();
            if (lostUnsaid > 0) {
                parts.add(lostUnsaid + " lost (" + lostMessage + ")");
            }
            refusedUnsaid.forEach((why, n) -> parts.add(n + (n == 1 ? " attempt" : " attempts") + " to connect refused: "
                    + why.label() + " (" + refusedMessage.get(why) + ")"));
            if (restoredUnsaid > 0) {
                parts.add(restoredUnsaid + " reconnected");
            }
            line = String.format(Locale.ROOT, "connections at %.1f s: %s; %d of %d working%s", (now - startNanos) / 1e9,
                    String.join("; ", parts), Math.max(0, asked - down), asked, whereDetails);
            lostUnsaid = 0;
            lostMessage = null;
            restoredUnsaid = 0;
            refusedUnsaid.clear();
            refusedMessage.clear();
        }
        say.accept(line);
    }

    /**
     * The run's figures.
     *
     * @param from the measurement interval's start (nanoTime), 0 when it never started
     * @param to   its end, 0 when it did not end (then {@code end})
     * @param end  the run's end
     */
    public synchronized Connections summary(int askedConnections, long from, long to, long end) {
        long intervalEnd = to != 0 ? to : end;
        Map<String, Long> byClass = new LinkedHashMap<>();
        refused.forEach((k, v) -> byClass.put(k.id(), v));
        Map<String, String> first = new LinkedHashMap<>();
        firstRefusal.forEach((k, v) -> first.put(k.id(), v));
        int most = 0;
        long prev = startNanos;
        int level = 0;
        long belowInterval = 0;
        long belowRun = 0;
        for (long[] c : changes) {
            belowInterval += level > 0 && from != 0 ? overlap(prev, c[0], from, intervalEnd) : 0;
            belowRun += level > 0 ? c[0] - prev : 0;
            if (from != 0 && c[0] >= from && c[0] <= intervalEnd) {
                most = Math.max(most, (int) c[1]);
            }
            prev = c[0];
            level = (int) c[1];
        }
        if (from != 0 && level > 0 && prev <= intervalEnd) {
            most = Math.max(most, level);
        }
        // the level in force when the interval began
        if (from != 0) {
            int atStart = 0;
            for (long[] c : changes) {
                if (c[0] > from) {
                    break;
                }
                atStart = (int) c[1];
            }
            most = Math.max(most, atStart);
        }
        belowInterval += level > 0 && from != 0 ? overlap(prev, end, from, intervalEnd) : 0;
        belowRun += level > 0 ? end - prev : 0;
        return new Connections(askedConnections, lost, byClass, first, belowInterval / 1e9,
                Math.max(0, askedConnections - most), belowRun / 1e9);
    }

    private static long overlap(long a, long b, long from, long to) {
        return Math.max(0, Math.min(b, to) - Math.max(a, from));
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no message";
        }
        String line = message.lines().findFirst().orElse(message).strip();
        return line.length() > 160 ? line.substring(0, 157) + "..." : line;
    }
}
