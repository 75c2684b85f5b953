package io.tpkit.measurement;

import io.tpkit.metrics.Phase;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The run's HdrHistogram log (histograms.hlog): every interval the collector takes, tagged by
 * phase, kind and type ({@link #tag}), which a merge of split runs reads back and adds up.
 */
public final class HlogFile implements IntervalLog, Closeable {
    private final PrintStream out;
    private final HistogramLogWriter writer;

    /** Writes the log's header to {@code out}; the intervals follow as the collector takes them. */
    public HlogFile(OutputStream out) {
        this.out = out instanceof PrintStream p ? p : new PrintStream(out);
        this.writer = new HistogramLogWriter(this.out);
        writer.outputLogFormatVersion();
        writer.outputComment("microseconds per interval: TYPE response, queue:TYPE and service:TYPE times of the "
                + "measurement; warmup: and drain: for the other phases");
        writer.outputLegend();
    }

    /** Creates (or replaces) the log at {@code file}. */
    public static HlogFile create(Path file) throws IOException {
        return new HlogFile(new PrintStream(Files.newOutputStream(file)));
    }

    /**
     * The hlog tag of one interval: the type's name for the measurement's response times (what a
     * merge of split runs adds up), prefixed by "queue:" or "service:" for the other two, and by
     * the phase ("warmup:", "drain:") outside the measurement. HdrHistogram's log reader stops at
     * a tag with a space, so a name is written with runs of other characters as one '-'
     * ("delivery (deferred)" as "delivery-deferred").
     *
     * @param kind {@link IntervalLog#RESPONSE}, {@link IntervalLog#QUEUE} or {@link IntervalLog#SERVICE}
     */
    public static String tag(Phase p, String kind, String type) {
        String name = type.replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^-|-$", "");
        return (p == Phase.MEASUREMENT ? "" : p.name().toLowerCase(Locale.ROOT) + ":") + kind + name;
    }

    @Override
    public void write(Histogram interval, Phase phase, String kind, String type) {
        interval.setTag(tag(phase, kind, type));
        synchronized (writer) {
            writer.outputIntervalHistogram(interval);
        }
    }

    @Override
    public void close() {
        out.close();
    }
}
