package io.tpkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The driver's deployment files (deploy/): the Kubernetes Jobs are what they claim to be, and
 * the tpkit command lines they run are accepted by tpkit's own parser (parsed, never run), so a
 * renamed option breaks this test rather than a benchmark on someone's cluster.
 */
class KubernetesJobManifestTest {
    private static final Path DEPLOY = Path.of("..", "deploy").toAbsolutePath().normalize();
    private static final String JAR = "/opt/tpkit/tpkit.jar";
    /** How a pod turns its 0-based completion index into tpkit's 1-based part number. */
    private static final Pattern PART = Pattern.compile("\\$\\(\\(\\s*JOB_COMPLETION_INDEX\\s*\\+\\s*1\\s*\\)\\)");
    private static final Pattern PARTITION = Pattern.compile("--partition\\s+" + PART.pattern() + "/(\\d+)(?=\\s|$)");

    @Test
    void theRunIsAnIndexedJobWhosePodsAllRunAtOnceAndPartitionByTheirIndex() throws IOException {
        // every part must be running for the parts to agree on one start
        JsonNode container = indexedJobPartitionedByIndex("tpcc-partitioned-job.yaml");
        String script = script(container);
        // each part writes its own folder on the shared volume
        assertThat(script).containsPattern("--out\\s+/results/\\S*" + PART.pattern());
        assertThat(script).contains("--no-load");
        assertThat(volumeMountPaths(container)).contains("/results");
    }

    @Test
    void thePasswordComesFromASecretThroughTheVariableTpkitIsTold() throws IOException {
        for (String file : List.of("tpcc-partitioned-job.yaml", "tpcc-load-job.yaml")) {
            JsonNode container = container(job(file));
            List<String> args = tpkitArguments(container, 1);
            String variable = args.get(args.indexOf("--password-env") + 1);
            JsonNode env = null;
            for (JsonNode e : container.path("env")) {
                if (e.path("name").asText().equals(variable)) {
                    env = e;
                }
            }
            assertThat(env).as(file + ": the container sets " + variable).isNotNull();
            assertThat(env.path("valueFrom").path("secretKeyRef").path("name").asText()).as(file).isNotEmpty();
            assertThat(env.has("value")).as(file + ": no password in the manifest").isFalse();
            assertThat(String.join(" ", args)).as(file).doesNotContain("--password ");
        }
    }

    /** The load is split as the run is: every pod at once, each loading the slice of its index. */
    @Test
    void theLoadIsAnIndexedJobWhosePodsAllRunAtOnceAndLoadTheSliceOfTheirIndex() throws IOException {
        // part 1 waits for every slice before it builds the keys
        indexedJobPartitionedByIndex("tpcc-load-job.yaml");
    }

    /**
     * The Job in {@code file} is Indexed, runs all its pods at once, never retries one, and each
     * pod's one --partition is its completion index + 1 of the completions; returns its container.
     */
    private static JsonNode indexedJobPartitionedByIndex(String file) throws IOException {
        JsonNode job = job(file);
        JsonNode spec = job.get("spec");
        assertThat(spec.path("completionMode").asText()).as(file).isEqualTo("Indexed");
        int parts = spec.path("completions").asInt();
        assertThat(parts).as(file).isGreaterThan(1);
        assertThat(spec.path("parallelism").asInt()).as(file).isEqualTo(parts);
        assertThat(spec.path("backoffLimit").asInt(-1)).as(file).isZero();
        JsonNode container = container(job);
        assertThat(texts(container.get("command"))).as(file).containsExactly("sh", "-c");
        String script = script(container);
        Matcher partition = PARTITION.matcher(script);
        assertThat(partition.find()).as("--partition $((JOB_COMPLETION_INDEX + 1))/N in: %s", script).isTrue();
        assertThat(Integer.parseInt(partition.group(1))).as("the N of --partition I/N").isEqualTo(parts);
        assertThat(partition.find()).as("one --partition in: %s", script).isFalse();
        return container;
    }

    @Test
    void theLoadJobsCommandLineIsAcceptedByTheParser() throws IOException {
        JsonNode job = job("tpcc-load-job.yaml");
        int parts = job.get("spec").path("completions").asInt();
        List<String> args = tpkitArguments(container(job), 1);
        assertThat(args.subList(0, 2)).containsExactly("load", "tpcc");
        assertThat(args).containsSubsequence("--partition", "2/" + parts);
        assertParses(args);
    }

    /**
     * Pod 2 of N runs --partition 2/N. Needs the CLI's --partition: on a tpkit without it this
     * test fails with "Unknown options: '--partition'" and for no other reason.
     */
    @Test
    void theRunJobsCommandLineIsAcceptedByTheParser() throws IOException {
        JsonNode job = job("tpcc-partitioned-job.yaml");
        int parts = job.get("spec").path("completions").asInt();
        List<String> args = tpkitArguments(container(job), 1);
        assertThat(args.subList(0, 2)).containsExactly("run", "tpcc");
        assertThat(args).containsSubsequence("--partition", "2/" + parts);
        assertThat(args).containsSubsequence("--out", "/results/part-2");
        assertParses(args);
    }

    @Test
    void theImageRunsTheJarThatTheJobsCall() throws IOException {
        String dockerfile = Files.readString(DEPLOY.resolve("Dockerfile"));
        // the runtime by default; --build-arg BASE_IMAGE=tpkit/jre:21 where no registry is reachable
        assertThat(dockerfile).containsPattern("(?m)^ARG BASE_IMAGE=eclipse-temurin:(2[1-9]|[3-9]\\d)-jre$")
                .containsPattern("(?m)^FROM \\$\\{BASE_IMAGE}$")
                .containsPattern("(?m)^COPY run/target/tpkit\\.jar " + Pattern.quote(JAR) + "$")
                .containsPattern("(?m)^ENTRYPOINT \\[\"java\", \"-jar\", \"" + Pattern.quote(JAR) + "\"\\]$");
        JsonNode load = container(job("tpcc-load-job.yaml"));
        assertThat(load.path("image").asText()).isEqualTo(container(job("tpcc-partitioned-job.yaml")).path("image").asText());
    }

    /** Parses (never runs) a command line with tpkit's own picocli model; fails with picocli's message. */
    private static void assertParses(List<String> args) {
        CommandLine root = Main.commandLine(new Console(new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter()), false));
        String error = null;
        try {
            CommandLine.ParseResult parsed = root.parseArgs(args.toArray(String[]::new));
            assertThat(parsed.subcommand().commandSpec().name()).isEqualTo(args.get(0));
            assertThat(parsed.subcommand().subcommand().commandSpec().name()).isEqualTo(args.get(1));
        } catch (CommandLine.ParameterException e) {
            error = e.getMessage();
        }
        assertThat(error).as("tpkit's parser on: tpkit %s", String.join(" ", args)).isNull();
    }

    /**
     * tpkit's arguments as the container passes them: the Job's args after the entrypoint, or the
     * shell script's words after "java -jar JAR", with the part number that the pod of that
     * 0-based index computes.
     */
    private static List<String> tpkitArguments(JsonNode container, int index) {
        if (!container.has("command")) {
            return texts(container.get("args"));
        }
        String script = PART.matcher(script(container)).replaceAll(Integer.toString(index + 1));
        assertThat(script).as("no shell expansion left but the part number").doesNotContain("$").doesNotContain("\"")
                .doesNotContain("'");
        List<String> words = new ArrayList<>(Arrays.asList(script.strip().split("\\s+")));
        List<String> launcher = List.of("exec", "java", "-jar", JAR);
        assertThat(words.subList(0, launcher.size())).isEqualTo(launcher);
        return words.subList(launcher.size(), words.size());
    }

    private static String script(JsonNode container) {
        List<String> args = texts(container.get("args"));
        assertThat(args).as("sh -c takes one script").hasSize(1);
        return args.getFirst();
    }

    private static JsonNode job(String file) throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        List<JsonNode> jobs = new ArrayList<>();
        try (var documents = yaml.readerFor(JsonNode.class).readValues(DEPLOY.resolve("kubernetes").resolve(file).toFile())) {
            while (documents.hasNext()) {
                JsonNode document = (JsonNode) documents.next();
                if (document != null && "Job".equals(document.path("kind").asText())) {
                    assertThat(document.path("apiVersion").asText()).isEqualTo("batch/v1");
                    jobs.add(document);
                }
            }
        }
        assertThat(jobs).as(file).hasSize(1);
        return jobs.getFirst();
    }

    private static JsonNode container(JsonNode job) {
        JsonNode pod = job.path("spec").path("template").path("spec");
        assertThat(pod.path("restartPolicy").asText()).isEqualTo("Never");
        JsonNode containers = pod.path("containers");
        assertThat(containers.size()).isEqualTo(1);
        return containers.get(0);
    }

    private static List<String> volumeMountPaths(JsonNode container) {
        List<String> paths = new ArrayList<>();
        container.path("volumeMounts").forEach(m -> paths.add(m.path("mountPath").asText()));
        return paths;
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        if (array != null) {
            array.forEach(n -> texts.add(n.asText()));
        }
        return texts;
    }
}
