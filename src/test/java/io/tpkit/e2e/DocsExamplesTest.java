package io.tpkit.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Java page (docs/java-api.md) shows every file of examples/junit-example verbatim (under its
 * path), so that a user's project copied from the page alone is the project {@link JunitExampleIT}
 * builds; the example uses the versions tpkit itself is built and tested with; and the IDE example
 * on the page is the loop {@code ConnectionCountsExampleIT} runs.
 */
class DocsExamplesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path EXAMPLE = ROOT.resolve("examples/junit-example");
    private static final Path PAGE = ROOT.resolve("docs/java-api.md");

    @Test
    void thePageShowsEveryFileOfTheJunitExampleVerbatim() throws IOException {
        String readme = Files.readString(PAGE);
        List<Path> files;
        try (Stream<Path> s = Files.walk(EXAMPLE)) {
            files = s.filter(Files::isRegularFile).filter(f -> !EXAMPLE.relativize(f).startsWith("target"))
                    .sorted().toList();
        }
        assertThat(files).extracting(f -> EXAMPLE.relativize(f).toString().replace('\\', '/'))
                .contains("pom.xml", "src/test/java/com/example/OurDatabaseTest.java");
        for (Path file : files) {
            String name = ROOT.relativize(file).toString().replace('\\', '/');
            assertThat(shownUnder(readme, name)).as("the page's block under `%s`", name)
                    .isEqualTo(Files.readString(file));
        }
    }

    /**
     * examples/regression-gate: its test shown verbatim; its pom.xml and logging settings are
     * junit-example's, as the page says, apart from the artifactId.
     */
    @Test
    void thePageShowsTheRegressionGateExampleAndWhatItSharesWithTheJunitExample() throws IOException {
        String readme = Files.readString(PAGE);
        Path gate = ROOT.resolve("examples/regression-gate");
        List<Path> files;
        try (Stream<Path> s = Files.walk(gate)) {
            files = s.filter(Files::isRegularFile).filter(f -> !gate.relativize(f).startsWith("target"))
                    .filter(f -> !gate.relativize(f).startsWith("baseline")).sorted().toList();
        }
        assertThat(files).extracting(f -> gate.relativize(f).toString().replace('\\', '/')).containsExactly(
                "pom.xml", "src/test/java/com/example/NotSlowerThanBaselineTest.java",
                "src/test/resources/simplelogger.properties");
        String test = "examples/regression-gate/src/test/java/com/example/NotSlowerThanBaselineTest.java";
        assertThat(shownUnder(readme, test)).isEqualTo(Files.readString(ROOT.resolve(test)));
        assertThat(Files.readString(gate.resolve("pom.xml"))).isEqualTo(Files.readString(EXAMPLE.resolve("pom.xml"))
                .replace("<artifactId>junit-example</artifactId>", "<artifactId>regression-gate</artifactId>"));
        assertThat(Files.readString(gate.resolve("src/test/resources/simplelogger.properties")))
                .isEqualTo(Files.readString(EXAMPLE.resolve("src/test/resources/simplelogger.properties")));
    }

    @Test
    void theExampleUsesTheVersionsTpkitIsBuiltWith() throws IOException {
        String parent = Files.readString(ROOT.resolve("pom.xml"));
        String example = Files.readString(EXAMPLE.resolve("pom.xml"));
        assertThat(version(example, "benchmark-tp1")).isEqualTo(version(parent, "tpkit-parent"));
        String[][] pairs = {{"junit-jupiter", "junit.version"}, {"assertj-core", "assertj.version"},
            {"slf4j-simple", "slf4j.version"}, {"maven-resources-plugin", "resources-plugin.version"},
            {"maven-compiler-plugin", "compiler-plugin.version"}, {"maven-surefire-plugin", "surefire.version"}};
        for (String[] pair : pairs) {
            assertThat(version(example, pair[0])).as(pair[0]).isEqualTo(property(parent, pair[1]));
        }
    }

    /**
     * The IDE example's imports and loop, as the page shows them, are in the test the build runs,
     * line for line (the test's own lines indented one level deeper, and its assertions after the
     * print): every import the page shows is one of the test's, and the loop follows them.
     */
    @Test
    void thePagesIdeExampleIsTheLoopConnectionCountsExampleItRuns() throws IOException {
        String path = "src/test/java/io/tpkit/examples/ConnectionCountsExampleIT.java";
        List<String> page = shownUnder(Files.readString(PAGE), path).strip().lines().map(String::strip).toList();
        List<String> test = Files.readString(ROOT.resolve(path)).lines().map(String::strip).toList();
        List<String> imports = page.stream().takeWhile(l -> l.startsWith("import ") || l.isEmpty())
                .filter(l -> !l.isEmpty()).toList();
        assertThat(imports).isNotEmpty();
        assertThat(test).containsAll(imports);
        List<String> shown = page.subList(page.indexOf(imports.getLast()) + 1, page.size()).stream()
                .dropWhile(String::isEmpty).toList();
        assertThat(shown).hasSizeGreaterThan(5).first().asString().startsWith("for (");
        int from = test.indexOf(shown.getFirst());
        assertThat(from).as("the test holds the page's first line %s", shown.getFirst()).isNotNegative();
        // the page's loop ends where the test goes on to assert: the closing brace stands for that
        assertThat(test.subList(from, from + shown.size() - 1)).isEqualTo(shown.subList(0, shown.size() - 1));
        assertThat(shown.getLast()).isEqualTo("}");
    }

    /** The fenced block that follows the first mention of {@code `name`} in the page. */
    private static String shownUnder(String readme, String name) {
        int at = readme.indexOf("`" + name + "`");
        assertThat(at).as("the page names `%s`", name).isNotNegative();
        int fence = readme.indexOf("\n```", at);
        int start = readme.indexOf('\n', fence + 1) + 1;
        int end = readme.indexOf("\n```\n", start - 1);
        assertThat(fence).isPositive();
        assertThat(end).isGreaterThanOrEqualTo(start - 1);
        return readme.substring(start, end + 1);
    }

    private static String version(String pom, String artifactId) {
        Matcher m = Pattern.compile("<artifactId>" + Pattern.quote(artifactId)
                + "</artifactId>\\s*(?:<!--.*?-->\\s*)?<version>([^<]+)</version>").matcher(pom);
        assertThat(m.find()).as("a version for %s", artifactId).isTrue();
        return m.group(1);
    }

    private static String property(String pom, String name) {
        Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(pom);
        assertThat(m.find()).as("property %s", name).isTrue();
        return m.group(1);
    }
}
