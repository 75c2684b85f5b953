package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tpkit.result.ResultWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** tpkit bound tp1: the four runs on the embedded PostgreSQL, the table, and its files. */
class BoundEndToEndIT {
    @TempDir
    Path temp;

    @Test
    void theTableAndItsFilesAgree() throws Exception {
        Cli cli = Cli.run("bound", "tp1", "--accounts-per-branch", "2000", "--connections", "2", "--duration", "2s",
                "--warmup", "0s", "--out", temp.toString());

        assertThat(cli.exitCode()).as(cli.err()).isZero();
        assertThat(cli.err()).contains("bound 1 of 4: t1", "bound 2 of 4: t1-conflict", "bound 3 of 4: t2",
                "bound 4 of 4: tp1", "loading tp1");
        // loaded once: the later runs use the same data
        assertThat(cli.err().split("loading tp1", -1)).hasSize(2);
        assertThat(cli.out()).contains("TP1 upper bound (seed 000, section 3) on PostgreSQL",
                "server: durable commits in every run", "100 operations per transaction", "seed 000: 2/T2 + 3/T1", "How the figures are obtained:");
        Matcher m = Pattern.compile("Runs: (\\S+)").matcher(cli.out());
        assertThat(m.find()).isTrue();
        Path folder = Path.of(m.group(1));
        JsonNode json = ResultWriter.json().readTree(folder.resolve("bound.json").toFile());
        assertThat(json.at("/runs")).hasSize(4);
        assertThat(json.at("/complete").asBoolean()).isTrue();
        double t1 = json.at("/peaks/t1/perSecond").asDouble();
        double t2 = json.at("/peaks/t2/perSecond").asDouble();
        double tp1 = json.at("/peaks/tp1/perSecond").asDouble();
        double bound = 1 / (2 / t2 + 3 / t1);
        // TP1 pays more for its operations than T1 and T2 are charged: the bound bounds it
        assertThat(tp1).isLessThanOrEqualTo(bound);
        assertThat(json.at("/bound/tps").asDouble()).isCloseTo(bound, org.assertj.core.api.Assertions.within(1e-9 * bound));
        // what the console printed is what the files hold
        assertThat(cli.out()).contains(String.format(Locale.ROOT, "%.1f TPS", bound),
                String.format(Locale.ROOT, "%.0f", 100 * tp1 / bound));
        assertThat(Files.readString(folder.resolve("bound.txt"))).isEqualTo(
                cli.out().substring(cli.out().indexOf("TP1 upper bound (seed 000")));
        for (JsonNode run : json.at("/runs")) {
            assertThat(Path.of(run.at("/resultDir").asText()).resolve("result.json")).exists();
            assertThat(run.at("/consistent").asBoolean()).isTrue();
        }
        assertThat(Files.readAllLines(folder.resolve("bound.csv"))).hasSize(1 + 4 + 4 + 3 + 3 + 2);
    }

    @Test
    void optionsThatWouldChangeWhatIsMeasuredAreNotOffered() {
        Cli help = Cli.run("bound", "tp1", "--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("--connections=N[,N...]", "--duration", "--accounts-per-branch", "Examples")
                .doesNotContain("--sub-transaction", "--order", "--terminals", "--logic", "--rate", "--interarrival",
                        "--repeat=", "--confidence=");
        Cli bad = Cli.run("bound", "tp1", "--connections", "1,x", "--out", temp.toString());
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("--connections takes counts separated by commas");
        assertThat(Cli.run("bound", "tp1", "--connections", "0", "--out", temp.toString()).err())
                .contains("at least 1");
        assertThat(Cli.run("bound", "tp1", "--sub-transaction", "t1").exitCode()).isEqualTo(2);
        assertThat(Cli.run("bound", "tpcc").err()).contains("unknown workload 'tpcc'", "tp1");
    }
}
